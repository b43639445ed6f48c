//! What the solver may assume of each recipe ([`Assume`](crate::Assume)),
//! checked at compile time against the recipe's own tags and its level
//! part, so that a declaration that contradicts what the rules do to the
//! recipe fails the build instead of letting a search prove too much; and
//! the mechanics' motions, gathered.

use muscleman_core::Holds;

use super::decls::nth_decl;
use crate::component::{TagKind, TagSet};
use crate::decl::{Moves, OpenedBy, PressedBy, RecipeDecl, Spawns};
use crate::mechanics::MECHANICS;
use crate::motion::Motion;

/// Return whether some set of tags `decl`'s entities may have meets
/// `tags`.
const fn some_tag_set_meets(decl: &RecipeDecl, tags: TagSet) -> bool {
    let own = decl.all_tags();
    if own.intersects(tags) {
        return true;
    }
    let mut rest = decl.states;
    while let [state, tail @ ..] = rest {
        if own.minus(state.lose).union(state.gain).intersects(tags) {
            return true;
        }
        rest = tail;
    }
    false
}

/// What the player's actions move: the player, what is pushed, what is
/// lifted.
const MOVED: TagSet = TagSet::of(&[TagKind::Player, TagKind::Pushable, TagKind::Liftable]);

// Each recipe's assumptions agree with its tags and its level part:
// - what never changes never moves, keeps its contents and spawns nothing;
// - what never moves is never the player, pushed or lifted, in any state,
//   and what moves only when moved is one of them;
// - what moves only when moved, or never, moves nothing else;
// - only what holds things has contents that change or spills them;
// - what holds things and may be destroyed declares what that spawns.
const _: () = {
    let mut nth = 0;
    while let Some((_, decl)) = nth_decl(nth) {
        let a = decl.assume;
        let never_moves = matches!(a.moves, Moves::Never);
        let spawns_nothing = matches!(a.spawns, Spawns::Nothing);
        let holds = !matches!(decl.recipe.info().holds, Holds::Nothing);
        if a.never_changes {
            assert!(never_moves, "a recipe never changes but moves");
            assert!(
                !a.contents_change,
                "a recipe never changes but its contents do"
            );
            assert!(spawns_nothing, "a recipe never changes but spawns");
        }
        let moved = some_tag_set_meets(decl, MOVED);
        assert!(
            !(never_moves && moved),
            "a recipe never moves but is the player, pushed or lifted"
        );
        assert!(
            moved || !matches!(a.moves, Moves::WhenMoved),
            "a recipe moves only when moved but is neither the player, pushed nor lifted"
        );
        if !a.moves_by_itself() {
            assert!(a.never_moves_others, "only an actor may move others");
        }
        if a.contents_change || matches!(a.spawns, Spawns::ItsContents) {
            assert!(holds, "a recipe that holds nothing has contents");
        }
        if holds && !a.never_destroyed {
            assert!(
                !spawns_nothing,
                "a recipe holds things and may be destroyed, but spills nothing"
            );
        }
        // What a proof that a door stays shut reads: what makes things,
        // doors, plates and stairs, each declared by its own mechanic.
        assert!(
            a.makes.is_empty() != matches!(a.spawns, Spawns::Others),
            "a recipe makes others exactly when it declares what it makes"
        );
        let door = decl.all_tags().intersects(TagSet::of(&[TagKind::Door]));
        assert!(
            door != matches!(a.opened_by, OpenedBy::NotADoor),
            "a door declares what opens it, and only a door does"
        );
        let plate = decl
            .all_tags()
            .intersects(TagSet::of(&[TagKind::PressurePlate]));
        assert!(
            plate != matches!(a.pressed_by, PressedBy::NotAPlate),
            "a plate declares what presses it, and only a plate does"
        );
        let stairs = decl
            .all_tags()
            .intersects(TagSet::of(&[TagKind::StairsUp, TagKind::StairsDown]));
        assert!(
            stairs == a.leads_between_floors,
            "stairs lead between floors, and nothing else does"
        );
        if door || plate || stairs {
            assert!(
                never_moves && a.never_destroyed,
                "a door, a plate or stairs stays where it is for good"
            );
        }
        // What the search's guide reads: what breaks, is broken, sinks,
        // is bridged and brews, each declared by its own mechanic.
        assert!(
            a.breaks == decl.all_tags().intersects(TagSet::of(&[TagKind::Hammer])),
            "a hammer breaks things, and nothing else does"
        );
        if a.broken_by_swing {
            assert!(
                some_tag_set_meets(decl, TagSet::of(&[TagKind::Smashable, TagKind::WallWeak]))
                    && !a.never_destroyed,
                "what a swing breaks is smashable or a weak wall, and destroyable"
            );
        }
        assert!(
            a.sinks == some_tag_set_meets(decl, TagSet::of(&[TagKind::Sinkable])),
            "what sinks is sinkable, and only that"
        );
        assert!(
            a.bridged_by_sinking
                == decl
                    .all_tags()
                    .intersects(TagSet::of(&[TagKind::WaterCell])),
            "water is bridged by what sinks, and nothing else is"
        );
        let mut brews = a.brews;
        while let [brew, more @ ..] = brews {
            assert!(
                brew.container as u32 == decl.recipe as u32,
                "a recipe declares only its own brews"
            );
            let mut found = false;
            let mut makes = a.makes;
            while let [made, rest @ ..] = makes {
                found |= *made as u32 == brew.makes as u32;
                makes = rest;
            }
            assert!(found, "what a recipe brews is among what it makes");
            brews = more;
        }
        let coloured = decl.recipe.color().is_some();
        if matches!(a.opened_by, OpenedBy::KeyOrPlatesOfItsColour)
            || matches!(a.pressed_by, PressedBy::WhatBlocks)
        {
            assert!(coloured, "a coloured door or plate has a colour");
        }
        nth += 1;
    }
};

/// The bits of every motion some mechanic declares.
const MOTIONS: u8 = {
    let mut bits = 0;
    let mut mechanics = MECHANICS;
    while let [mechanic, more @ ..] = mechanics {
        bits |= Motion::bits(mechanic.motions);
        mechanics = more;
    }
    bits
};

/// Iterate over every way the mechanics move things, each once (the
/// declarations every move of a step is checked against in a debug build).
///
/// # Example
/// ```
/// use muscleman_sim::{Motion, motions};
///
/// assert!(motions().any(|m| m == Motion::Walk));
/// ```
pub fn motions() -> impl Iterator<Item = Motion> {
    Motion::ALL.into_iter().filter(|m| MOTIONS & m.bit() != 0)
}
