//! Grabs every way: with hands, while they are empty, the pruned search's
//! keys leave Facing out (only a grab reads it, and a swing with empty
//! hands only turns), so from such a position a grab is tried facing each
//! way, the player turned there by swings first. Such a child's input is
//! [`TURNED_GRAB`] plus the direction; the trail replays it as the turn
//! and the grab.

use muscleman_core::{GridDir, GridPos, Input};
use muscleman_sim::{Facing, TagKind};

use super::{Search, lost, sim_error};
use crate::error::SolveError;
use crate::general::cost::Cost;
use crate::general::ended::Explored;

/// The first input index of a turn and a grab (after the rules' inputs):
/// `TURNED_GRAB + d.index()` faces `d`, then grabs.
pub(super) const TURNED_GRAB: u8 = 9;

/// Return the direction of a turn and a grab, if input index `i` is one.
pub(super) fn turned_grab(i: u8) -> Option<GridDir> {
    let k = i.checked_sub(TURNED_GRAB)?;
    GridDir::ALL.get(usize::from(k)).copied()
}

impl Search<'_> {
    /// Return the player's Facing.
    fn facing(&self) -> Result<GridDir, SolveError> {
        self.trail
            .world()
            .get::<Facing>(self.trail.player())
            .map(|f| f.0)
            .map_err(sim_error)
    }

    /// Turn the player, whose hands are empty, to face `d` by swings (at
    /// most two), checking that each changed nothing but Facing (no event);
    /// return the steps taken. A swing that did more is a solver bug.
    pub(super) fn turn_to(&mut self, d: GridDir) -> Result<u32, SolveError> {
        let mut steps = 0;
        while self.facing()? != d {
            let swing = if self.facing()?.rotate_left() == d {
                Input::SwingLeft
            } else {
                Input::SwingRight
            };
            self.step(swing)?;
            steps += 1;
            let events = self.trail.events().events();
            if !events.is_empty() || steps > 2 {
                return Err(SolveError::Level {
                    message: format!(
                        "an empty-handed swing of the general search did more than turn the \
                         player: {events:?} (a solver bug)"
                    ),
                });
            }
        }
        Ok(steps)
    }

    /// From node `n` (the trail stands on it, the player on `at`), when the
    /// hands are empty: for each way with something liftable in front (the
    /// grab rule: nothing liftable, nothing happens), turn there, grab and
    /// file the position; the way faced only if `faced` (else the plain
    /// grab input took it). On a tour of a free region the way faced is the
    /// tour's, which a replay (walking there the shortest way) need not
    /// face, so there every way is taken turned, the faced one with no turn
    /// but still filed as a turned grab, which a replay turns first.
    pub(super) fn grab_every_way(
        &mut self,
        n: u32,
        cost: Cost,
        at: GridPos,
        faced: bool,
    ) -> Result<Option<Explored>, SolveError> {
        let player = self.trail.player();
        let holding = self
            .trail
            .world()
            .tags(player)
            .is_ok_and(|t| t.contains(TagKind::Carrying));
        if holding {
            return Ok(None);
        }
        let facing = self.facing()?;
        for (k, d) in GridDir::ALL.into_iter().enumerate() {
            let liftable = self
                .trail
                .world()
                .index()
                .tagged_at(at.step(d))
                .any(|(_, tags)| tags.contains(TagKind::Liftable));
            if (d == facing && !faced) || !liftable {
                continue;
            }
            let turns = self.turn_to(d)?;
            let changed = self.step(Input::Grab)?;
            let i = TURNED_GRAB + u8::try_from(k).map_err(|_| lost(n))?;
            // The turns are inputs, the optimal modes' last tie; any
            // solution counts the edge as one step, as before.
            let extra = if self.optimal() { turns } else { 0 };
            let found = if changed {
                self.child(n, cost, i, at, extra)?
            } else {
                None
            };
            for _ in 0..=turns {
                self.back()?;
            }
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }
}
