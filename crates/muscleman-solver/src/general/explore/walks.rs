//! The trail's walks: to a node of the table (back along the trail's
//! path, then forward along the node's ancestry), and, when normalizing,
//! over the player's free region, whose every cell a node's expansion
//! tries its inputs from.

use muscleman_core::{GridDir, GridPos, Input, MoveCause, Moved, SimEvent};

use super::tunnel::run_of;
use super::turns::turned_grab;
use super::{INPUTS, Search, lost};
use crate::error::SolveError;
use crate::general::cost::Cost;
use crate::general::ended::Explored;
use crate::general::table::{NONE, ON_TRAIL};

impl Search<'_> {
    /// Walk the player from `from` one cell in `dir`, onto a free cell of
    /// its region, and check that the step changed nothing but the
    /// player's cell (and Facing): its only event is the player's move
    /// there. A step that did more is a solver bug, never a merged
    /// position.
    fn walk_step(&mut self, from: GridPos, dir: GridDir) -> Result<(), SolveError> {
        self.step(Input::Move(dir))?;
        let player = self.trail.player();
        let expected = Moved {
            entity: player,
            from,
            to: from.step(dir),
            cause: MoveCause::Player,
        };
        match self.trail.events().events() {
            [SimEvent::Moved(m)] if *m == expected => Ok(()),
            other => Err(SolveError::Level {
                message: format!(
                    "a walk of the general search from {from:?} {dir} did more than move the \
                     player: {other:?} (a solver bug)"
                ),
            }),
        }
    }

    /// Walk the trail to node `target`: back to the nearest node of its
    /// ancestry on the trail's path, then forward along its ancestry.
    pub(super) fn go_to(&mut self, target: u32) -> Result<(), SolveError> {
        self.chain.clear();
        let mut a = target;
        loop {
            let node = self.table.node(a).copied().ok_or_else(|| lost(a))?;
            if node.flags & ON_TRAIL != 0 {
                break;
            }
            self.chain.push(a);
            if self.chain.len() > self.table.len() {
                return Err(lost(target));
            }
            a = node.parent;
        }
        while let Some(&(top, steps)) = self.path.last() {
            if top == a {
                break;
            }
            for _ in 0..steps {
                self.back()?;
            }
            self.flags(top, 0, ON_TRAIL);
            self.path.pop();
        }
        for i in (0..self.chain.len()).rev() {
            let n = self.chain.get(i).copied().unwrap_or(NONE);
            let node = self.table.node(n).copied().ok_or_else(|| lost(n))?;
            let turned = turned_grab(node.input);
            // A tunnel run: its moves, one by one.
            let (input, moves) = match (turned, run_of(node.input)) {
                (Some(_), _) => (Input::Grab, 1),
                (None, Some((d, moves))) => (Input::Move(d), moves),
                (None, None) => {
                    let input = INPUTS.get(usize::from(node.input)).copied();
                    (input.ok_or_else(|| lost(n))?, 1)
                }
            };
            let mut steps = moves;
            if self.normalize {
                // Walk over the parent's region to where the input was taken.
                let from = self.from.get(n as usize).copied().ok_or_else(|| lost(n))?;
                let mut walk = std::mem::take(&mut self.walk);
                let found =
                    self.regions
                        .walk_to(self.trail.world(), self.trail.player(), from, &mut walk);
                let mut at = self.player_at().ok_or_else(|| lost(n))?;
                let result = if found {
                    walk.iter().try_for_each(|d| {
                        self.walk_step(at, *d)?;
                        at = at.step(*d);
                        Ok(())
                    })
                } else {
                    Err(lost(n))
                };
                steps += walk.len() as u32;
                self.walk = walk;
                result?;
            }
            if let Some(d) = turned {
                // A grab another way: turn first.
                steps += self.turn_to(d)?;
            }
            for _ in 0..moves {
                self.step(input)?;
            }
            self.flags(n, ON_TRAIL, 0);
            self.path.push((n, steps));
        }
        Ok(())
    }

    /// Try every input from node `n` (the trail stands on it), and queue
    /// the new or cheaper positions. When normalizing and the player stands
    /// on a free cell, that is every input from every cell of its region:
    /// the trail tours the region depth-first (each step a walk onto a free
    /// cell not toured yet, taken back when its cell's neighbours are
    /// done), and from each cell tries every input but a walk onto a free
    /// cell (it stays in the region: the same key).
    pub(super) fn expand(&mut self, n: u32, cost: Cost) -> Result<Option<Explored>, SolveError> {
        let start = self.player_at().ok_or_else(|| lost(n))?;
        let (world, player) = (self.trail.world(), self.trail.player());
        if !self.normalize || self.holding() || !self.regions.free(world, player, start) {
            return self.expand_at(n, cost, start, false);
        }
        let mut tour = std::mem::take(&mut self.tour);
        let found = self.tour_region(n, cost, start, &mut tour);
        self.tour = tour;
        found
    }

    /// Tour the region from `start` for [`Search::expand`], with `tour` as
    /// its stack; the trail ends where it began unless a solution is found.
    fn tour_region(
        &mut self,
        n: u32,
        cost: Cost,
        start: GridPos,
        tour: &mut Vec<(GridPos, u8)>,
    ) -> Result<Option<Explored>, SolveError> {
        tour.clear();
        self.regions.start_tour();
        self.regions.tour(start);
        if let Some(found) = self.expand_at(n, cost, start, true)? {
            return Ok(Some(found));
        }
        tour.push((start, 0));
        while let Some(top) = tour.last_mut() {
            let (cell, next) = *top;
            let Some(d) = GridDir::ALL.get(usize::from(next)).copied() else {
                tour.pop();
                if !tour.is_empty() {
                    self.back()?;
                }
                continue;
            };
            top.1 += 1;
            let to = cell.step(d);
            if !self
                .regions
                .free(self.trail.world(), self.trail.player(), to)
                || !self.regions.tour(to)
            {
                continue;
            }
            self.walk_step(cell, d)?;
            tour.push((to, 0));
            if let Some(found) = self.expand_at(n, cost, to, true)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}
