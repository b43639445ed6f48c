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
    /// The player's cell in the tested position.
    player: usize,
}

impl Freeze {
    /// Working state for a board of `n` cells.
    pub fn new(n: usize) -> Freeze {
        Freeze {
            on_path: vec![false; n],
            set: Vec::new(),
            budget: 0,
            player: 0,
        }
    }

    /// Whether the box just pushed to `c` is frozen (`Some`), and if so
    /// whether some box frozen with it is off a goal (`Some(true)`: a
    /// freeze deadlock). `occupied` is the position. The frozen boxes are
    /// left in [`Freeze::set`].
    pub fn test(&mut self, b: &Board, occupied: &[bool], player: usize, c: usize) -> Option<bool> {
        self.budget = FREEZE_BUDGET;
        self.set.clear();
        self.player = player;
        self.frozen(b, occupied, c)
    }

    /// Return `Some(off_goal)` if the free cell `z` next to the box at `c`
    /// can never hold the player: it is not the player's cell and each of
    /// its other neighbours is a wall, a box on the proof path, or a box
    /// proved frozen (`off_goal` as in [`Freeze::frozen`]); `None` if not
    /// proved.
    fn pocket(&mut self, b: &Board, occupied: &[bool], z: usize, c: usize) -> Option<bool> {
        if occupied[z] || z == self.player {
            return None;
        }
        let mut off_goal = false;
        for d in 0..4 {
            let w = b.step(z, d);
            if w == c || b.wall[w] || self.on_path[w] {
                continue;
            }
            if !occupied[w] {
                return None;
            }
            off_goal |= self.frozen(b, occupied, w)?;
        }
        Some(off_goal)
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
            // A dead cell on one side that the player can never enter
            // (a pocket): the box may not go there, and cannot be pushed
            // the other way without the player standing there.
            if !blocked && boxes_block {
                for (z, w) in [(x, y), (y, x)] {
                    if !b.dead[z] || b.wall[w] {
                        continue;
                    }
                    let mark_z = self.set.len();
                    if let Some(og) = self.pocket(b, occupied, z, c) {
                        off_goal |= og;
                        blocked = true;
                        break;
                    }
                    self.set.truncate(mark_z);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use muscleman_sim::Rules;

    /// The box right of the top-left corner, and the one below it, shut the
    /// corner off: neither can be pushed out of the way (the player would
    /// have to stand in the corner) nor into it (a dead square). Both are
    /// off goal: a deadlock, unless the player is in the corner.
    #[test]
    fn a_dead_pocket_the_player_cannot_enter_freezes_its_boxes() {
        let text = "######\n# $ .#\n#$$ .#\n#   .#\n#  @ #\n######";
        let p = Problem::from_xsb(text).expect("level");
        let b = Board::new(&p, &Rules::SOKOBAN).expect("board");
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
        }
        let top = b.boxes0[0] as usize;
        let corner = b.step(top, 3);
        assert!(b.dead[corner]);
        let mut f = Freeze::new(b.n);
        assert_eq!(f.test(&b, &occupied, b.player0 as usize, top), Some(true));
        assert_eq!(f.set.len(), 2);
        assert_eq!(f.test(&b, &occupied, corner, top), None);
    }
}
