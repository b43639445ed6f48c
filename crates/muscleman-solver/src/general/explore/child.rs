//! Filing a child: the position the trail stands on after an input from
//! a node (dropped if past the bound, dead or frozen; else found or known
//! in the table, and queued when new or, in the optimal modes, cheaper).

use muscleman_core::GridPos;

use super::Search;
use crate::error::SolveError;
use crate::general::cost::Cost;
use crate::general::ended::Explored;
use crate::general::table::{EXPANDED, Insert, SOLVED};
use crate::options::GiveUpReason;

impl Search<'_> {
    /// File the position the trail stands on, reached from `n` by input `i`
    /// taken with the player on `from`, in `1 + extra` steps (a tunnel
    /// run's moves after the first, fast mode only, or the turns before a
    /// turned grab, which only turn the player: in the optimal modes they
    /// count as inputs, the last tie, and nothing else).
    pub(super) fn child(
        &mut self,
        n: u32,
        cost: Cost,
        i: u8,
        from: GridPos,
        extra: u32,
    ) -> Result<Option<Explored>, SolveError> {
        self.stats.generated += 1;
        if let Some(at) = self.past_bound() {
            self.cut.get_or_insert(at);
            return Ok(None);
        }
        let census = self.write_key();
        if self.dead(census) {
            self.reach.dead += 1;
            return Ok(None);
        }
        if self.frozen(census, false) {
            self.reach.dead += 1;
            self.reach.frozen += 1;
            return Ok(None);
        }
        let w = self.step_cost(extra);
        let c = cost + w;
        match self.table.insert(&self.key, n, i, c) {
            Insert::Full => return Ok(Some(Explored::GaveUp(GiveUpReason::Memory))),
            Insert::New(m) => {
                let rank = self.rank(c);
                if self.normalize {
                    self.from.push(from);
                }
                if self.solved() {
                    if !self.optimal() {
                        return Ok(Some(Explored::Found {
                            inputs: self.inputs.clone(),
                            optimal: false,
                        }));
                    }
                    self.flags(m, SOLVED, 0);
                }
                match rank {
                    Some(rank) => self.open.push(m, c, w, rank),
                    None => self.reach.dead += 1,
                }
            }
            // Best-first looks for any solution: a position is expanded
            // once, however it was reached.
            Insert::Known(_) if self.guided => {}
            Insert::Known(m) => {
                // With the region in the key the ties are the kept path's
                // (see `Search::rank`): only the pushes re-open a position.
                let normalize = self.normalize;
                let improves = self.table.node(m).is_some_and(|node| {
                    if normalize {
                        c.first < node.cost.first
                    } else {
                        c < node.cost
                    }
                });
                if improves {
                    if let Some(node) = self.table.node_mut(m) {
                        node.cost = c;
                        node.parent = n;
                        node.input = i;
                        node.flags &= !EXPANDED;
                    }
                    if let Some(f) = self.from.get_mut(m as usize) {
                        *f = from;
                    }
                    if let Some(rank) = self.rank(c) {
                        self.open.push(m, c, w, rank);
                    }
                }
            }
        }
        Ok(None)
    }
}
