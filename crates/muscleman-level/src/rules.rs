//! The load rules of a cell (rules.md §6), shared by the reader and
//! [`Level::add`](crate::Level::add).
//!
//! The rules come in three kinds, checked in this order:
//!
//! - rules of one spec alone ([`check_spec`]): the recipe has rules, its
//!   state applies to it, its contents are a box's and are things a box
//!   holds;
//! - rules of two specs in one cell ([`conflict`]): no duplicate, one
//!   blocker, nothing dry on water, a closed door alone, an open
//!   door with only what stands in a doorway, stairs with only one thing
//!   that moves. Adding more to a cell never mends these;
//! - rules of the whole cell ([`check_whole`]): a heavy box on water needs
//!   the water filled by a sunk one, and a sunk heavy box needs water. These
//!   are mended by adding the missing thing, so they are checked last.
//!
//! One player per level and the legend limit are the level's, not the cell's.

use muscleman_core::{CellClass as C, EntityRecipe as R, EntitySpec, Holds, RecipeState};

/// A rule broken in a cell; the culprit is where the error is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Broken {
    /// The recipe's rules come in a later rule book (it is not
    /// [`in_levels`](R::in_levels)).
    NoRules(R),
    /// The state does not apply to the recipe.
    BadState(R, RecipeState),
    /// Contents on something that holds nothing.
    ContentsNotInBox(R),
    /// A box holds something that is not a key, a hammer or a collectible.
    NotContent(R),
    /// What holds keys only (the first, a cauldron or a bong) holds this.
    NotAKey(R, R),
    /// What holds keys (a cauldron, a bong) holds this many, fewer or more
    /// than it may.
    KeyCount(R, usize),
    /// A box holds two blockers.
    ContentsTwoBlockers(R, R),
    /// The same spec twice.
    Duplicate(EntitySpec),
    /// Two sunk heavy boxes in one water cell.
    SecondSunk,
    /// Two blockers: the one present, the one added.
    TwoBlockers(EntitySpec, EntitySpec),
    /// Water with something that stays dry (this one).
    WaterShared(EntitySpec),
    /// A closed door with something else.
    ClosedDoorShared(EntitySpec, EntitySpec),
    /// An open door with something that cannot stand in a doorway.
    NotInDoorway(EntitySpec, EntitySpec),
    /// Stairs with something that is not one thing that moves and fits a
    /// doorway ([`ON_STAIRS`]).
    NotOnStairs(EntitySpec, EntitySpec),
    /// A heavy box on unfilled water.
    HeavyBoxOnWater,
    /// A sunk heavy box with no water under it.
    SunkWithoutWater,
}

/// Return whether the spec blocks movement (rules.md §3): its class says.
pub(crate) fn blocks(spec: &EntitySpec) -> bool {
    spec.class().contains(C::BLOCKER)
}

fn is_sunk(spec: &EntitySpec) -> bool {
    spec.class().contains(C::FILLS)
}

/// Which part of a spec breaks a rule of [`check_spec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    /// The recipe name.
    Recipe,
    /// The state after the colon.
    State,
    /// The contents as a whole (their parenthesis).
    Contents,
    /// The contents item at this index.
    Item(usize),
}

/// Check one spec alone: its recipe has rules, its state applies, and its
/// contents are what it holds: a box's things a box holds (repeats
/// allowed), with at most one blocker; a cauldron's or a bong's keys, as
/// many as it holds.
pub(crate) fn check_spec(spec: &EntitySpec) -> Result<(), (Broken, Part)> {
    if !spec.recipe.in_levels() {
        return Err((Broken::NoRules(spec.recipe), Part::Recipe));
    }
    if let Some(state) = spec.state
        && !state.applies_to(spec.recipe)
    {
        return Err((Broken::BadState(spec.recipe, state), Part::State));
    }
    let items = spec.contents.as_slice();
    let holds = spec.recipe.info().holds;
    if !items.is_empty() && holds == Holds::Nothing {
        return Err((Broken::ContentsNotInBox(spec.recipe), Part::Contents));
    }
    if let Holds::Keys { least, most } = holds {
        return check_keys(spec.recipe, items, usize::from(least), usize::from(most));
    }
    let mut blocker: Option<R> = None;
    for (i, &item) in items.iter().enumerate() {
        if !item.in_levels() {
            return Err((Broken::NoRules(item), Part::Item(i)));
        }
        if !item.info().class.contains(C::CONTENT) {
            return Err((Broken::NotContent(item), Part::Item(i)));
        }
        if blocks(&EntitySpec::new(item)) {
            if let Some(first) = blocker {
                return Err((Broken::ContentsTwoBlockers(first, item), Part::Item(i)));
            }
            blocker = Some(item);
        }
    }
    Ok(())
}

/// Check the contents of `holder`, which holds from `least` to `most`
/// keys only: the first item that is no key, else the first one too many,
/// else too few (blamed on the contents, or on the recipe without any).
fn check_keys(holder: R, items: &[R], least: usize, most: usize) -> Result<(), (Broken, Part)> {
    if let Some(i) = items.iter().position(|r| !r.is_key()) {
        let item = items.get(i).copied().unwrap_or(holder);
        return Err((Broken::NotAKey(holder, item), Part::Item(i)));
    }
    if items.len() > most {
        return Err((Broken::KeyCount(holder, items.len()), Part::Item(most)));
    }
    if items.len() < least {
        let part = if items.is_empty() {
            Part::Recipe
        } else {
            Part::Contents
        };
        return Err((Broken::KeyCount(holder, items.len()), part));
    }
    Ok(())
}

/// Return the rule `added` breaks by joining a cell that holds `present`.
pub(crate) fn conflict(present: &EntitySpec, added: &EntitySpec) -> Option<Broken> {
    if present == added {
        return Some(if is_sunk(added) {
            Broken::SecondSunk
        } else {
            Broken::Duplicate(*added)
        });
    }
    let (p, a) = (present.class(), added.class());
    // A closed door with what an open one could hold: the door's own rule
    // names the cause (and its open state) before the two blockers'.
    for (x, xc, y, yc) in [(present, p, added, a), (added, a, present, p)] {
        if xc.contains(C::ALONE) && yc.contains(C::FITS_DOORWAY) {
            return Some(Broken::ClosedDoorShared(*x, *y));
        }
    }
    if blocks(present) && blocks(added) {
        return Some(Broken::TwoBlockers(*present, *added));
    }
    for (x, y, yc) in [(p, added, a), (a, present, p)] {
        if x.contains(C::WATER) && yc.contains(C::DRY) {
            return Some(Broken::WaterShared(*y));
        }
    }
    for (x, xc, y) in [(present, p, added), (added, a, present)] {
        if xc.contains(C::ALONE) {
            return Some(Broken::ClosedDoorShared(*x, *y));
        }
    }
    for (x, xc, y, yc) in [(present, p, added, a), (added, a, present, p)] {
        if xc.contains(C::DOORWAY) && !yc.contains(C::FITS_DOORWAY) {
            return Some(Broken::NotInDoorway(*x, *y));
        }
    }
    for (x, xc, y, yc) in [(present, p, added, a), (added, a, present, p)] {
        if xc.contains(C::STAIRS) && !yc.contains(ON_STAIRS) {
            return Some(Broken::NotOnStairs(*x, *y));
        }
    }
    None
}

/// What may stand on stairs: one thing that moves, a blocker that fits a
/// doorway (the player, a box, a heavy box, a hammer, a key); nothing else
/// does: walls, water, goals, other stairs, whatever lies or is set in the
/// floor (rules.md §6, "More cell rules").
pub(crate) const ON_STAIRS: C = C::BLOCKER.and(C::FITS_DOORWAY);

/// Check the rules of a whole cell (canonical or not) that pass
/// [`check_spec`] and [`conflict`]: return the rule broken and the index of
/// the spec to blame.
pub(crate) fn check_whole(cell: &[EntitySpec]) -> Result<(), (Broken, usize)> {
    let water = cell.iter().any(|s| s.class().contains(C::WATER));
    let sunk = cell.iter().position(is_sunk);
    if let Some(i) = sunk
        && !water
    {
        return Err((Broken::SunkWithoutWater, i));
    }
    if water
        && sunk.is_none()
        && let Some(i) = cell.iter().position(|s| s.class().contains(C::SINKS))
    {
        return Err((Broken::HeavyBoxOnWater, i));
    }
    Ok(())
}

/// Check every rule of a cell: each spec, each pair (the later one to
/// blame), then the whole. Return the rule broken and the index of the spec
/// to blame.
pub(crate) fn check_cell(cell: &[EntitySpec]) -> Result<(), (Broken, usize)> {
    for (i, spec) in cell.iter().enumerate() {
        check_spec(spec).map_err(|(b, _)| (b, i))?;
        for present in cell.iter().take(i) {
            if let Some(b) = conflict(present, spec) {
                return Err((b, i));
            }
        }
    }
    check_whole(cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(r: R) -> EntitySpec {
        EntitySpec::new(r)
    }

    #[test]
    fn blockers_follow_the_recipes_and_states() {
        assert!(blocks(&s(R::HeavyBox)));
        assert!(!blocks(&s(R::HeavyBox).with_state(RecipeState::Sunk)));
        assert!(blocks(&s(R::DoorRed)));
        assert!(!blocks(&s(R::DoorRed).with_state(RecipeState::Open)));
        assert!(!blocks(&s(R::SecretDoor).with_state(RecipeState::Open)));
        assert!(blocks(&s(R::KeyGreen)));
        assert!(!blocks(&s(R::Coin)));
        assert!(!blocks(&s(R::Goal)));
        assert!(!blocks(&s(R::StairsUp)));
    }

    #[test]
    fn stairs_hold_one_thing_that_moves() {
        let up = s(R::StairsUp);
        for ok in [
            R::Player,
            R::Box,
            R::HeavyBox,
            R::Hammer,
            R::KeyRed,
            R::Duck,
        ] {
            assert_eq!(check_cell(&[up, s(ok)]), Ok(()), "{ok}");
        }
        for bad in [
            R::WallStrong,
            R::WallWeak,
            R::WaterCell,
            R::Goal,
            R::StairsDown,
            R::PressurePlateRed,
            R::Coin,
        ] {
            assert_eq!(
                check_cell(&[up, s(bad)]),
                Err((Broken::NotOnStairs(up, s(bad)), 1)),
                "{bad}"
            );
        }
        let bong = s(R::Bong).with_contents(
            muscleman_core::Contents::from_slice(&[R::KeyRed, R::KeyRed]).unwrap_or_default(),
        );
        assert_eq!(check_cell(&[up, bong]), Ok(()));
        assert_eq!(
            check_cell(&[up, s(R::Cauldron)]),
            Err((Broken::NotOnStairs(up, s(R::Cauldron)), 1))
        );
        assert!(check_cell(&[up, s(R::DoorRed)]).is_err());
        assert!(check_cell(&[up, s(R::DoorRed).with_state(RecipeState::Open)]).is_err());
        assert!(check_cell(&[up, s(R::Box), s(R::Player)]).is_err());
    }

    #[test]
    fn a_whole_cell_is_checked_whatever_its_order() {
        let sunk = s(R::HeavyBox).with_state(RecipeState::Sunk);
        assert_eq!(check_cell(&[sunk, s(R::WaterCell)]), Ok(()));
        assert_eq!(check_cell(&[s(R::HeavyBox), s(R::WaterCell), sunk]), Ok(()));
        assert_eq!(
            check_cell(&[s(R::WaterCell), s(R::HeavyBox)]),
            Err((Broken::HeavyBoxOnWater, 1))
        );
        assert_eq!(
            check_cell(&[s(R::Goal), sunk]),
            Err((Broken::SunkWithoutWater, 1))
        );
    }

    #[test]
    fn cauldrons_and_bongs_hold_keys_only_as_many_as_they_may() {
        let with = |r: R, items: &[R]| {
            s(r).with_contents(muscleman_core::Contents::from_slice(items).unwrap_or_default())
        };
        assert_eq!(check_spec(&s(R::Cauldron)), Ok(()));
        assert_eq!(check_spec(&with(R::Cauldron, &[R::KeyBlue])), Ok(()));
        assert_eq!(
            check_spec(&with(R::Cauldron, &[R::KeyBlue, R::KeyRed])),
            Err((Broken::KeyCount(R::Cauldron, 2), Part::Item(1)))
        );
        assert_eq!(
            check_spec(&with(R::Cauldron, &[R::Apple])),
            Err((Broken::NotAKey(R::Cauldron, R::Apple), Part::Item(0)))
        );
        assert_eq!(check_spec(&with(R::Bong, &[R::KeyRed, R::KeyRed])), Ok(()));
        assert_eq!(
            check_spec(&s(R::Bong)),
            Err((Broken::KeyCount(R::Bong, 0), Part::Recipe))
        );
        assert_eq!(
            check_spec(&with(R::Bong, &[R::KeyRed])),
            Err((Broken::KeyCount(R::Bong, 1), Part::Contents))
        );
        assert_eq!(
            check_spec(&with(R::Bong, &[R::KeyRed, R::KeyBlue, R::KeyGreen])),
            Err((Broken::KeyCount(R::Bong, 3), Part::Item(2)))
        );
        assert_eq!(
            check_spec(&with(R::Bong, &[R::KeyRed, R::Hammer])),
            Err((Broken::NotAKey(R::Bong, R::Hammer), Part::Item(1)))
        );
        assert_eq!(
            check_spec(&with(R::Duck, &[R::KeyRed])),
            Err((Broken::ContentsNotInBox(R::Duck), Part::Contents))
        );
    }

    #[test]
    fn a_cauldron_stays_dry_and_a_duck_shares_no_blocker() {
        assert_eq!(
            check_cell(&[s(R::WaterCell), s(R::Cauldron)]),
            Err((Broken::WaterShared(s(R::Cauldron)), 1))
        );
        assert_eq!(check_cell(&[s(R::WaterCell), s(R::Duck)]), Ok(()));
        assert_eq!(
            check_cell(&[s(R::Box), s(R::Duck)]),
            Err((Broken::TwoBlockers(s(R::Box), s(R::Duck)), 1))
        );
        assert_eq!(
            check_cell(&[s(R::PressurePlateRed), s(R::Cauldron)]),
            Ok(())
        );
    }
}
