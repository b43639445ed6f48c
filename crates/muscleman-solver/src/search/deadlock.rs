//! Freeze deadlocks: a box blocked on both axes for good, off goal.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use crate::board::Board;

/// Recursion steps one freeze test may take before it gives up (unproved).
const FREEZE_BUDGET: u32 = 200;

/// The freeze test's working state.
pub(super) struct Freeze {
    /// Boxes assumed frozen on the current proof path (they block the
    /// axis test of their neighbours, which breaks cycles).
    on_path: Vec<bool>,
    /// The boxes the last successful test proved frozen.
    pub set: Vec<u16>,
    /// Steps left in the current test.
    budget: u32,
}

impl Freeze {
    /// Working state for a board of `n` cells.
    pub fn new(n: usize) -> Freeze {
        Freeze {
            on_path: vec![false; n],
            set: Vec::new(),
            budget: 0,
        }
    }

    /// Whether the box just pushed to `c` is frozen (`Some`), and if so
    /// whether some box frozen with it is off a goal (`Some(true)`: a
    /// freeze deadlock). `occupied` is the position. The frozen boxes are
    /// left in [`Freeze::set`].
    pub fn test(&mut self, b: &Board, occupied: &[bool], c: usize) -> Option<bool> {
        self.budget = FREEZE_BUDGET;
        self.set.clear();
        self.frozen(b, occupied, c)
    }

    /// Return `Some(off_goal)` if the box at `c` can never move (given the
    /// boxes on the current proof path stay), `off_goal` telling whether a
    /// box in the proof is off its goal; `None` if not proved.
    fn frozen(&mut self, b: &Board, occupied: &[bool], c: usize) -> Option<bool> {
        if self.budget == 0 {
            return None;
        }
        self.budget -= 1;
        let mark = self.set.len();
        let boxes_block = b.max_chain == 1;
        self.on_path[c] = true;
        let mut off_goal = !b.goal[c];
        let mut ok = true;
        for (d1, d2) in [(1usize, 3usize), (0, 2)] {
            let x = b.step(c, d1);
            let y = b.step(c, d2);
            if b.wall[x] || b.wall[y] || self.on_path[x] || self.on_path[y] {
                continue;
            }
            if b.dead[x] && b.dead[y] {
                continue;
            }
            let mut blocked = false;
            if boxes_block {
                for z in [x, y] {
                    if occupied[z]
                        && let Some(og) = self.frozen(b, occupied, z)
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
        self.on_path[c] = false;
        if ok {
            self.set.push(c as u16);
            Some(off_goal)
        } else {
            self.set.truncate(mark);
            None
        }
    }
}
