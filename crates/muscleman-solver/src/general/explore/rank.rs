//! Where a position goes in the open list: best-first on the guide's
//! estimate (any solution), or A* on the lower bound (the optimal modes,
//! where it is on); see the module docs of `general`, "Order".

use super::Search;
use crate::general::cost::Cost;
use crate::general::guide::Estimate;

impl Search<'_> {
    /// Return the priority of the position whose key was just written
    /// (its box cells in `self.boxes`), reached at `cost`, and note its
    /// goals filled: weighted A* on the estimate when guided, `cost` plus
    /// the lower bound (on `first`) when that is on (`None`: the bound
    /// finds the position dead), else the cost itself (Dijkstra's order in
    /// the optimal modes; the plain search's queue reads no priority).
    pub(super) fn rank(&mut self, cost: Cost) -> Option<Cost> {
        let estimate = if self.guided {
            self.guide.estimate(self.trail.world(), &self.boxes)
        } else {
            Estimate {
                on_goal: self.guide.on_goal(&self.boxes),
                distance: 0,
            }
        };
        self.reach.best_on_goal = self.reach.best_on_goal.max(estimate.on_goal);
        if self.guided {
            return Some(Cost::of(priority(cost.first, estimate)));
        }
        // Where the key holds the player's region, not its cell, the moves
        // after the pushes are the kept path's, not proved fewest: the
        // queue orders by the pushes alone, as before the ties (ordering
        // by a tie it cannot prove costs positions for nothing).
        let ties = if self.normalize {
            Cost::of(cost.first)
        } else {
            cost
        };
        // The first tie's bound (the pushes left in move-optimal search,
        // the moves in push-optimal): a lower bound on that count for any
        // way on, so on the count of the cheapest way on in the mode's
        // order, and the sum stays admissible in that order. Only orders:
        // a position it finds dead is left to the mode's own bound. Where
        // the key holds the player's region, only the pushes are ordered.
        let tie = if self.normalize || !self.tie_bound.on() {
            0
        } else {
            self.tie_bound
                .lower(self.trail.world(), self.trail.player(), &self.boxes)
                .unwrap_or(0)
        };
        // Every move and every push is an input: the inputs left are at
        // least either bound (the last tie's).
        let h = if self.bound.on() {
            self.bound
                .lower(self.trail.world(), self.trail.player(), &self.boxes)?
        } else {
            0
        };
        let bound = Cost {
            first: h,
            second: tie,
            third: if self.normalize { 0 } else { h.max(tie) },
        };
        Some(ties + bound)
    }
}

/// The best-first priority of a position reached at `cost` (inputs) with
/// `estimate`: weighted A*, [`GREED`] times the estimate plus the cost.
fn priority(cost: u32, estimate: Estimate) -> u32 {
    estimate.distance.saturating_mul(GREED).saturating_add(cost)
}

/// The weight of the estimate against the inputs taken (see [`priority`]).
const GREED: u32 = 5;
