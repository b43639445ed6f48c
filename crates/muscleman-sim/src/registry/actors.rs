//! The actors, gathered: which recipes act by themselves in the actors
//! phase and how (`RecipeDecl::act`), found from an entity's tags, with the
//! compile-time checks that make that lookup exact.

use muscleman_core::{EntityId, GridPos};

use super::decls::nth_decl;
use crate::component::{Facing, TagKind, TagSet, level_tags};
use crate::context::Act;
use crate::decl::RecipeDecl;
use crate::world::{InvariantError, World};

/// How many recipes act.
const ACTOR_COUNT: usize = {
    let mut n = 0;
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        if decl.act.is_some() {
            n += 1;
        }
        nth += 1;
    }
    n
};

/// Every recipe that acts, in registration order.
const ACTORS: [Option<&RecipeDecl>; ACTOR_COUNT] = {
    let mut table = [None; ACTOR_COUNT];
    let mut n = 0;
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        if decl.act.is_some() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below ACTOR_COUNT"
            )]
            {
                table[n] = Some(decl);
            }
            n += 1;
        }
        nth += 1;
    }
    table
};

/// Return whether `tags` are one of the sets of tags `decl`'s entities may
/// have (its own state's or a state's), as a level writes them.
const fn has_tag_set(decl: &RecipeDecl, tags: TagSet) -> bool {
    let own = decl.all_tags();
    if own.bits() == tags.bits() {
        return true;
    }
    let mut rest = decl.states;
    while let [state, tail @ ..] = rest {
        if own.minus(state.lose).union(state.gain).bits() == tags.bits() {
            return true;
        }
        rest = tail;
    }
    false
}

/// Return whether some set of tags `decl`'s entities may have contains
/// `tag`, and whether every one does.
const fn tag_in_sets(decl: &RecipeDecl, tag: TagKind) -> (bool, bool) {
    let own = decl.all_tags().contains(tag);
    let (mut some, mut every) = (own, own);
    let mut rest = decl.states;
    while let [state, tail @ ..] = rest {
        let has = decl
            .all_tags()
            .minus(state.lose)
            .union(state.gain)
            .contains(tag);
        some |= has;
        every &= has;
        rest = tail;
    }
    (some, every)
}

// A recipe acts exactly when it has a brain, in every state, and moves by
// itself; no two acting recipes share a set of tags, so an actor's turn is
// found from its tags: compile-time checks, so an actor cannot be left out
// of the phase, nor a recipe that moves by itself go undeclared.
const _: () = {
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        let (some, every) = tag_in_sets(decl, TagKind::Brain);
        if decl.act.is_some() {
            assert!(every, "a recipe acts without a brain in some state");
            assert!(
                decl.assume.moves_by_itself(),
                "a recipe acts but does not declare it moves by itself"
            );
        } else {
            assert!(!some, "a recipe has a brain but declares no act");
            assert!(
                !decl.assume.moves_by_itself(),
                "a recipe moves by itself but declares no act"
            );
        }
        nth += 1;
    }
    let mut a = 0;
    while a < ACTOR_COUNT {
        let mut b = a + 1;
        while b < ACTOR_COUNT {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the length"
            )]
            if let (Some(x), Some(y)) = (ACTORS[a], ACTORS[b]) {
                assert!(
                    !has_tag_set(y, x.all_tags()),
                    "two acting recipes share a set of tags"
                );
                let mut rest = x.states;
                while let [state, tail @ ..] = rest {
                    let tags = x.all_tags().minus(state.lose).union(state.gain);
                    assert!(
                        !has_tag_set(y, tags),
                        "two acting recipes share a set of tags"
                    );
                    rest = tail;
                }
            }
            b += 1;
        }
        a += 1;
    }
};

/// Return the sets of tags an actor may have, each once (a duck's four
/// facings share one set), with their recipes' declarations, in
/// registration order, and how many there are (the rest of the array is
/// unused).
const fn actor_sets() -> (
    [(TagSet, Option<&'static RecipeDecl>); MAX_ACTOR_SETS],
    usize,
) {
    let mut table = [(TagSet::EMPTY, None); MAX_ACTOR_SETS];
    let mut n = 0;
    let mut a = 0;
    while a < ACTOR_COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        if let Some(decl) = ACTORS[a] {
            let mut s = 0;
            while s <= decl.states.len() {
                let tags = if s == 0 {
                    decl.all_tags()
                } else {
                    #[expect(
                        clippy::indexing_slicing,
                        reason = "evaluated at compile time, below the length"
                    )]
                    let state = &decl.states[s - 1];
                    decl.all_tags().minus(state.lose).union(state.gain)
                };
                let mut seen = false;
                let mut i = 0;
                while i < n {
                    #[expect(
                        clippy::indexing_slicing,
                        reason = "evaluated at compile time, below the length"
                    )]
                    if table[i].0.bits() == tags.bits() {
                        seen = true;
                    }
                    i += 1;
                }
                if !seen {
                    assert!(
                        n < MAX_ACTOR_SETS,
                        "more actor tag sets than MAX_ACTOR_SETS"
                    );
                    #[expect(
                        clippy::indexing_slicing,
                        reason = "evaluated at compile time, checked just above"
                    )]
                    {
                        table[n] = (tags, Some(decl));
                    }
                    n += 1;
                }
                s += 1;
            }
        }
        a += 1;
    }
    (table, n)
}

/// The most distinct sets of tags actors may have: past it, the build
/// fails (raise it then).
const MAX_ACTOR_SETS: usize = 16;

/// Every distinct set of tags an actor may have, with its recipe's
/// declaration.
const ACTOR_SETS: ([(TagSet, Option<&RecipeDecl>); MAX_ACTOR_SETS], usize) = actor_sets();

/// Return the declaration of the acting recipe whose entities may have
/// `tags` (a spatial index's tags: what a step adds beside a level's,
/// `Pressed` and `Carrying`, aside), if any.
#[inline]
pub(crate) fn actor_decl(tags: TagSet) -> Option<&'static RecipeDecl> {
    let tags = level_tags(tags);
    let (sets, n) = &ACTOR_SETS;
    sets.get(..*n)?
        .iter()
        .find(|(set, _)| *set == tags)
        .and_then(|(_, decl)| *decl)
}

/// Return how an entity with `tags` acts, if it is an actor: what the
/// actors phase calls (the step's wiring).
#[inline]
pub(crate) fn act_of(tags: TagSet) -> Option<Act> {
    actor_decl(tags).and_then(|d| d.act)
}

/// Check the actors in one cell: every entity with a brain is of a recipe
/// that acts, and faces some way if that recipe spawns facing (what its
/// turn reads).
pub(crate) fn check(world: &World, at: GridPos, _: Option<EntityId>) -> Result<(), InvariantError> {
    for (id, tags) in world.index().tagged_at(at) {
        if !tags.contains(TagKind::Brain) {
            continue;
        }
        let Some(decl) = actor_decl(tags) else {
            return Err(InvariantError::Broken {
                rule: "an entity with a brain is of no recipe that acts",
                at,
                entity: Some(id),
            });
        };
        if decl.facing().is_some() && world.get::<Facing>(id).is_err() {
            return Err(InvariantError::Broken {
                rule: "an actor faces no way",
                at,
                entity: Some(id),
            });
        }
    }
    Ok(())
}
