//! Freeze deadlocks: a box blocked on both axes for good, off goal.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::*;

impl Search<'_> {
    /// Whether the box just pushed to `c` is frozen with some frozen box off
    /// a goal (a freeze deadlock). Uses `self.occupied` (the child position).
    pub(super) fn freeze_deadlock(&mut self, c: usize) -> Option<bool> {
        self.freeze_budget = 200;
        self.frozen_set.clear();
        self.frozen(c)
    }

    /// Return `Some(off_goal)` if the box at `c` can never move (given the
    /// boxes on the current proof path stay), `off_goal` telling whether a
    /// box in the proof is off its goal; `None` if not proved.
    pub(super) fn frozen(&mut self, c: usize) -> Option<bool> {
        if self.freeze_budget == 0 {
            return None;
        }
        self.freeze_budget -= 1;
        let b = self.board;
        let mark = self.frozen_set.len();
        let boxes_block = b.max_chain == 1;
        self.frozen_scratch[c] = true;
        let mut off_goal = !b.goal[c];
        let mut ok = true;
        for (d1, d2) in [(1usize, 3usize), (0, 2)] {
            let x = b.step(c, d1);
            let y = b.step(c, d2);
            if b.wall[x] || b.wall[y] || self.frozen_scratch[x] || self.frozen_scratch[y] {
                continue;
            }
            if b.dead[x] && b.dead[y] {
                continue;
            }
            let mut blocked = false;
            if boxes_block {
                for z in [x, y] {
                    if self.occupied[z]
                        && let Some(og) = self.frozen(z)
                    {
                        off_goal |= og;
                        blocked = true;
                        break;
                    }
                }
            }
            if !blocked {
                ok = false;
                break;
            }
        }
        self.frozen_scratch[c] = false;
        if ok {
            self.frozen_set.push(c as u16);
            Some(off_goal)
        } else {
            self.frozen_set.truncate(mark);
            None
        }
    }
}
