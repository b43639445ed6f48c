//! Proofs by counting: what a designer sees at a glance, proved before
//! any search (`solve`) and warned about (`check`). Each reads the level
//! and the sim's declarations only (what opens a door, what presses a
//! plate, what a rule makes, what leads between floors, what moves by
//! itself, what counts on a goal), never a recipe's name.
//!
//! The lemma and the proofs are in [`counting_proof`]'s docs.

use std::collections::BTreeSet;

use muscleman_core::{EntityRecipe, EntitySpec, GridPos, KeyColor};
use muscleman_level::Level;
use muscleman_sim::{
    Motion, OpenedBy, PressedBy, TagKind, TagSet, counts_on_goal, recipe_decl, spec_tags,
};

use crate::general::strong_wall;

mod reach;

use crate::counted::{Cell, Counted, Shut, ShutDoor};
use reach::Cells;

/// Return why `level` can never be solved, by one of the counting proofs
/// below, or `None` where none of them applies (the search decides).
///
/// # Where anything can ever happen
/// Call a door *shut for good* when it starts closed and, by its own
/// declaration ([`OpenedBy`]), nothing the level holds or can make opens
/// it: a coloured door with no key of its colour in the level (loose or
/// inside anything), none that any rule can make (the registry's
/// [`Assume::makes`](muscleman_sim::Assume), of every recipe the level
/// holds or can make), and no plate of its colour; a secret door with no
/// heavy plate, or with more heavy plates than things that may ever press
/// one (a plate [`PressedBy::Heavy`] is pressed only by a thing that
/// blocks movement and is heavy, one thing a plate, and no rule makes
/// one).
///
/// Let `R` be the cells reached from the player's cell by steps to a
/// neighbour on the same floor, or to the same cell on the floor above or
/// below where a recipe that leads between floors stands (the registry's
/// `leads_between_floors`: the stairs), never onto a strong wall
/// (`walls::strong_wall`: never changed, never destroyed, blocking) or a
/// door shut for good; every other cell counts as open, whatever stands
/// there (a box, water, a weak wall, a closed door that may open). Each
/// floor is read with a ring of one cell round its grid: past the grid
/// there is only floor, joined to the ring.
///
/// **Lemma 1 (nothing happens outside `R`).** Where every recipe that
/// moves by itself moves nothing else and never counts on a goal (the
/// registry's `Assume`), and every way the sim moves things is a walk, a
/// carry, a swing, the stairs or an actor's own step (`muscleman_sim::
/// motions`, matched exhaustively below), then in every position reached
/// from the start: the player stands in `R`; every thing moved by the
/// player's action moved between two cells of `R`; every entity made
/// (spilled contents, a brew, a bong's keys) appeared in `R`; every entity
/// destroyed (smashed, spent, sunk, released) stood in `R` or was a thing
/// moving by itself; so everything that counts on a goal and stands outside
/// `R` stands where it started. *Proof*, by induction on the steps
/// (rules.md §4). The player walks to a neighbour that does not block
/// (a strong wall and a closed door block), or climbs by stairs to a cell
/// linked in `R`. A push chain is a run of neighbours that each hold a
/// pushable, from the cell the player enters, ending before a cell with
/// no blocker; so each of its cells holds no strong wall and no closed
/// door and joins the player's cell through such cells: all in `R`, and
/// the cell beyond too. A carry or a pull moves what is held between the
/// player's neighbours (`F`, `P`, `P - f`) and the lanes of a sideways
/// move, which are chains as above. A swing moves the held item from `F`
/// to `T`, both neighbours of `P`, and shoves chains that start at `V` (a
/// neighbour of `F`) or `T`, one cell along: the scan blocks at a strong
/// wall or closed door, so every cell it moves or passes is open and next
/// to one in `R`. A hammer strikes `V` or `T`, which hold a smashable or a
/// weak wall (no strong wall, no door): in `R`; its contents appear in its
/// cell, and a bong's second key in a neighbour that blocks nothing. A key
/// spent at a door or in a cauldron stood at a chain's far end, in `R`; a
/// brew's product appears in the cauldron's cell, next to it. A heavy box
/// sinks where it was pushed. A held item goes up or down the stairs
/// with the player, to `F` of the linked cell, a neighbour of it. A thing
/// that moves by itself moves only itself, never counts on a goal, and
/// moves nothing else. A door shut for good never opens, so no step ever
/// enters its cell, and a strong wall never changes. ∎
///
/// # The proofs
/// Each holds under every rule set (Sokoban rules only take inputs away)
/// and is reported as [`Counted`].
///
/// - **A goal out of reach**: a goal outside `R` that holds nothing that
///   counts at the start. By lemma 1 nothing that counts ever reaches it.
/// - **Too few boxes in reach**: fewer things that count on a goal in `R`
///   at the start (contents that count included) than goals in `R`. By
///   lemma 1 a thing that counts outside `R` never moves, so never onto a
///   goal of `R`; no rule makes a thing that counts (checked: every
///   recipe the level holds or can make, its contents included); so a
///   solved position would need as many distinct things that count in `R`
///   as goals there.
/// - **The key inside a box**: a coloured door `D`, closed at the start,
///   with no plate of its colour in the level, every key of its colour in
///   the level inside a thing that counts on a goal and whose contents do
///   not change while it stands (the registry's `contents_change`: they
///   come out only when it is destroyed), and no rule that makes a key of
///   its colour; a goal of `R` that is empty at the start and outside
///   `R_D` (`R` with `D` shut too); and no more things that count in `R`
///   than goals in `R`. By lemma 1 for the steps before `D` opens (with
///   `D` shut, every cell outside `R_D` is as it was), that goal is empty
///   until `D` opens. `D` opens only by a key of its colour pushed in (no
///   plate of its colour exists), and the first key of its colour that is
///   not inside anything came out of a thing that counts, which was then
///   destroyed, in `R` (lemma 1; a bong a cauldron makes holds only the
///   keys put in, already out). From then on `R` holds fewer things that
///   count than goals, and none is ever made: never solved.
///
/// What is not proved here is left to the search, whose exhaustion is
/// the proof it always was.
///
/// # Example
/// ```
/// use muscleman_level::Level;
/// use muscleman_solver::{Counted, counting_proof};
///
/// // A blue door, no blue key and no blue plate: the goal is behind it.
/// let level = Level::parse("legend: B = DoorBlue\n######\n#@$ B.#\n######")?;
/// assert!(matches!(counting_proof(&level), Some(Counted::GoalOutOfReach { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn counting_proof(level: &Level) -> Option<Counted> {
    let player = (level.player_floor()?, level.player()?);
    let things = Things::of(level)?;
    let mut cells = Cells::new(level);
    for (f, at, spec) in level.all_entities() {
        if strong_wall(spec.recipe) {
            cells.block(f, at);
        }
        if recipe_decl(spec.recipe).is_some_and(|d| d.assume.leads_between_floors) {
            cells.link(f, at);
        }
    }
    let floors = level.floor_count();
    let cell = |floor: usize, at: GridPos| Cell { floor, at, floors };
    let mut shut = Vec::new();
    for (f, at, spec) in level.all_entities() {
        if let Some(why) = things.shut_for_good(&spec) {
            cells.block(f, at);
            shut.push(ShutDoor {
                cell: cell(f, at),
                recipe: spec.recipe,
                why,
            });
        }
    }
    let reach = cells.flood(player, None);
    // What counts on a goal at the start, where it stands.
    let counting: Vec<(usize, GridPos, usize)> = level
        .all_entities()
        .map(|(f, at, spec)| (f, at, things.counting_in(&spec)))
        .filter(|(_, _, n)| *n > 0)
        .collect();
    let held: BTreeSet<(usize, i32, i32)> = level
        .all_entities()
        .filter(|(_, _, s)| spec_tags(s).is_some_and(counts_on_goal))
        .map(|(f, at, _)| (f, at.x, at.y))
        .collect();
    let filled = |f: usize, at: GridPos| held.contains(&(f, at.x, at.y));
    let goals: Vec<(usize, GridPos)> = level
        .all_entities()
        .filter(|(_, _, s)| s.recipe == EntityRecipe::Goal)
        .map(|(f, at, _)| (f, at))
        .collect();
    for &(f, at) in &goals {
        if !cells.has(&reach, f, at) && !filled(f, at) {
            let door = shut
                .iter()
                .find(|d| cells.behind(&reach, d.cell.floor, d.cell.at, (f, at)))
                .copied();
            return Some(Counted::GoalOutOfReach {
                goal: cell(f, at),
                door,
            });
        }
    }
    let boxes: usize = counting
        .iter()
        .filter(|(f, at, _)| cells.has(&reach, *f, *at))
        .map(|(_, _, n)| n)
        .sum();
    let in_reach: Vec<(usize, GridPos)> = goals
        .iter()
        .copied()
        .filter(|(f, at)| cells.has(&reach, *f, *at))
        .collect();
    if boxes < in_reach.len() {
        return Some(Counted::TooFewBoxesInReach {
            boxes,
            goals: in_reach.len(),
        });
    }
    if boxes > in_reach.len() {
        return None;
    }
    for (f, at, spec) in level.all_entities() {
        if !things.key_only_in_boxes(&spec) {
            continue;
        }
        let behind = cells.flood(player, Some((f, at)));
        let needed = in_reach
            .iter()
            .any(|&(g, p)| !cells.has(&behind, g, p) && !filled(g, p));
        if needed {
            return Some(Counted::KeyInsideABox {
                door: cell(f, at),
                recipe: spec.recipe,
                boxes,
                goals: in_reach.len(),
            });
        }
    }
    None
}

/// What the level holds and can ever make, as its recipes' declarations
/// say.
struct Things {
    /// Every spec the level holds, its contents apart, each with what
    /// holds it (`None`: it stands in the level).
    specs: Vec<(EntitySpec, Option<EntitySpec>)>,
    /// Every recipe some rule may make, from what the level holds and
    /// what that makes in turn.
    made: Vec<EntityRecipe>,
}

impl Things {
    /// Read `level`; `None` where a proof would need more than the
    /// declarations promise: a recipe without one, a thing that moves by
    /// itself and moves others or counts on a goal, a rule that makes a
    /// thing that counts, or a way of moving things lemma 1 does not know.
    fn of(level: &Level) -> Option<Things> {
        // A motion the sim gains fails this match's build until lemma 1
        // is checked against it.
        let known = muscleman_sim::motions().all(|m| match m {
            Motion::Walk | Motion::Carry | Motion::Swing | Motion::Floors | Motion::Actor => true,
        });
        if !known {
            return None;
        }
        let mut specs = Vec::new();
        for (_, _, spec) in level.all_entities() {
            for r in spec.contents.as_slice() {
                specs.push((EntitySpec::new(*r), Some(spec)));
            }
            specs.push((spec, None));
        }
        let mut made: Vec<EntityRecipe> = Vec::new();
        let mut next = 0;
        let mut seen: Vec<EntityRecipe> = specs.iter().map(|(s, _)| s.recipe).collect();
        while let Some(r) = seen.get(next).copied() {
            next += 1;
            for m in recipe_decl(r)?.assume.makes {
                if !seen.contains(m) {
                    seen.push(*m);
                    made.push(*m);
                }
            }
        }
        for r in &seen {
            let d = recipe_decl(*r)?;
            if d.assume.moves_by_itself()
                && (!d.assume.never_moves_others || d.tag_sets().any(counts_on_goal))
            {
                return None;
            }
        }
        if made
            .iter()
            .any(|r| recipe_decl(*r).is_none_or(|d| d.tag_sets().any(counts_on_goal)))
        {
            return None;
        }
        Some(Things { specs, made })
    }

    /// Return how many things that count on a goal `spec` is at the start,
    /// its contents included.
    fn counting_in(&self, spec: &EntitySpec) -> usize {
        let own = usize::from(spec_tags(spec).is_some_and(counts_on_goal));
        let inside = spec
            .contents
            .as_slice()
            .iter()
            .filter(|r| recipe_decl(**r).is_some_and(|d| d.tag_sets().any(counts_on_goal)))
            .count();
        own + inside
    }

    /// Return whether some key of colour `c` is in the level (anywhere) or
    /// can be made.
    fn key_of(&self, c: KeyColor) -> bool {
        let key = |r: EntityRecipe| r.color() == Some(c) && is_key(r);
        self.specs.iter().any(|(s, _)| key(s.recipe)) || self.made.iter().any(|r| key(*r))
    }

    /// Return how many plates the level holds that `by` presses, of
    /// colour `c` (`None`: the heavy plates, which have none); `None`
    /// where a rule may make one.
    fn plates(&self, by: PressedBy, c: Option<KeyColor>) -> Option<usize> {
        let plate = |r: EntityRecipe| {
            recipe_decl(r).is_some_and(|d| d.assume.pressed_by == by) && r.color() == c
        };
        if self.made.iter().any(|r| plate(*r)) {
            return None;
        }
        Some(self.specs.iter().filter(|(s, _)| plate(s.recipe)).count())
    }

    /// Return how many things may ever press a heavy plate: every thing in
    /// the level (contents included) that is heavy and blocks movement in
    /// some state; `None` where a rule may make one.
    fn heavy(&self) -> Option<usize> {
        let heavy = |r: EntityRecipe| {
            recipe_decl(r).is_some_and(|d| {
                d.tag_sets()
                    .any(|t| t.contains_all(TagSet::of(&[TagKind::Heavy, TagKind::BlocksMovement])))
            })
        };
        if self.made.iter().any(|r| heavy(*r)) {
            return None;
        }
        Some(self.specs.iter().filter(|(s, _)| heavy(s.recipe)).count())
    }

    /// Return why the door `spec` is shut for good (see [`counting_proof`]), if it is.
    fn shut_for_good(&self, spec: &EntitySpec) -> Option<Shut> {
        let d = recipe_decl(spec.recipe)?;
        if !closed(spec) {
            return None;
        }
        match d.assume.opened_by {
            OpenedBy::NotADoor => None,
            OpenedBy::KeyOrPlatesOfItsColour => {
                let c = spec.recipe.color()?;
                let plates = self.plates(PressedBy::WhatBlocks, Some(c))?;
                (plates == 0 && !self.key_of(c)).then_some(Shut::NoOpener)
            }
            OpenedBy::HeavyPlates => {
                let plates = self.plates(PressedBy::Heavy, None)?;
                let heavy = self.heavy()?;
                if plates == 0 {
                    Some(Shut::NoOpener)
                } else {
                    (heavy < plates).then_some(Shut::TooFewHeavy { heavy, plates })
                }
            }
        }
    }

    /// Return whether `spec` is a coloured door, closed at the start, no
    /// plate of its colour in the level, no rule that makes a key of its
    /// colour, and every key of its colour (at least one) inside a thing
    /// that counts on a goal and whose contents come out only when it is
    /// destroyed (the third proof of [`counting_proof`]).
    fn key_only_in_boxes(&self, spec: &EntitySpec) -> bool {
        let Some(d) = recipe_decl(spec.recipe) else {
            return false;
        };
        let Some(c) = spec.recipe.color() else {
            return false;
        };
        if d.assume.opened_by != OpenedBy::KeyOrPlatesOfItsColour || !closed(spec) {
            return false;
        }
        let key = |r: EntityRecipe| r.color() == Some(c) && is_key(r);
        if self.plates(PressedBy::WhatBlocks, Some(c)) != Some(0)
            || self.made.iter().any(|r| key(*r))
        {
            return false;
        }
        // The holder counts at the start, and its contents come out only
        // when it is destroyed.
        let boxed = |holder: &Option<EntitySpec>| {
            holder.as_ref().is_some_and(|h| {
                spec_tags(h).is_some_and(counts_on_goal)
                    && recipe_decl(h.recipe).is_some_and(|d| !d.assume.contents_change)
            })
        };
        let mut keys = self.specs.iter().filter(|(s, _)| key(s.recipe)).peekable();
        keys.peek().is_some() && keys.all(|(_, holder)| boxed(holder))
    }
}

/// Return whether `recipe` is a key, as its declaration says.
fn is_key(recipe: EntityRecipe) -> bool {
    recipe_decl(recipe).is_some_and(|d| d.tags.contains(TagKind::Key))
}

/// Return whether `spec` blocks movement as the level gives it (a door
/// closed at the start).
fn closed(spec: &EntitySpec) -> bool {
    spec_tags(spec).is_some_and(|t| t.contains(TagKind::BlocksMovement))
}

#[cfg(test)]
mod tests;
