//! The actors, gathered: which recipes act by themselves in the actors
//! phase and how (`RecipeDecl::act`), found from an entity's tags, with the
//! compile-time checks that make that lookup exact.

use muscleman_core::{EntityId, GridPos};

use crate::component::{Facing, TagKind, TagSet};
use crate::context::Act;
use crate::decl::RecipeDecl;
use crate::mechanics::MECHANICS;
use crate::recipe::level_tags;
use crate::world::{InvariantError, World};

/// How many recipes act.
const ACTOR_COUNT: usize = {
    let mut n = 0;
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let recipes = MECHANICS[m].recipes;
        let mut r = 0;
        while r < recipes.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            if recipes[r].act.is_some() {
                n += 1;
            }
            r += 1;
        }
        m += 1;
    }
    n
};

/// Every recipe that acts, in registration order.
const ACTORS: [Option<&RecipeDecl>; ACTOR_COUNT] = {
    let mut table = [None; ACTOR_COUNT];
    let mut n = 0;
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let recipes = MECHANICS[m].recipes;
        let mut r = 0;
        while r < recipes.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            if recipes[r].act.is_some() {
                table[n] = Some(&recipes[r]);
                n += 1;
            }
            r += 1;
        }
        m += 1;
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
    let mut m = 0;
    while m < MECHANICS.len() {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        let recipes = MECHANICS[m].recipes;
        let mut r = 0;
        while r < recipes.len() {
            #[expect(
                clippy::indexing_slicing,
                reason = "evaluated at compile time, below the lengths"
            )]
            let decl = &recipes[r];
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
            r += 1;
        }
        m += 1;
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

/// How many sets of tags an actor may have, counted once each: every
/// acting recipe's own state and each of its states.
const ACTOR_SET_COUNT: usize = {
    let mut n = 0;
    let mut a = 0;
    while a < ACTOR_COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        if let Some(decl) = ACTORS[a] {
            n += 1 + decl.states.len();
        }
        a += 1;
    }
    n
};

/// Every set of tags an actor may have, with its recipe's declaration, in
/// registration order (a duck's four facings share one set: the first
/// match is the one looked at).
const ACTOR_SETS: [(TagSet, Option<&RecipeDecl>); ACTOR_SET_COUNT] = {
    let mut table = [(TagSet::EMPTY, None); ACTOR_SET_COUNT];
    let mut n = 0;
    let mut a = 0;
    while a < ACTOR_COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the lengths"
        )]
        if let Some(decl) = ACTORS[a] {
            table[n] = (decl.all_tags(), Some(decl));
            n += 1;
            let mut rest = decl.states;
            while let [state, tail @ ..] = rest {
                table[n] = (
                    decl.all_tags().minus(state.lose).union(state.gain),
                    Some(decl),
                );
                n += 1;
                rest = tail;
            }
        }
        a += 1;
    }
    table
};

/// Return the declaration of the acting recipe whose entities may have
/// `tags` (a spatial index's tags: what a step adds beside a level's,
/// `Pressed` and `Carrying`, aside), if any.
#[inline]
pub(crate) fn actor_decl(tags: TagSet) -> Option<&'static RecipeDecl> {
    let tags = level_tags(tags);
    ACTOR_SETS
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
