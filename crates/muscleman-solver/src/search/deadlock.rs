//! Freeze deadlocks: a box blocked on both axes for good, off goal.
//!
//! Under Sokoban rules a box is blocked on an axis by a wall, a frozen
//! box or a dead pocket on either side; under chain rules (a push moves a
//! whole line of boxes) by a wall on either side, or a line of frozen
//! boxes up to a wall ([`Freeze::line_to_wall`]); under both by dead
//! squares on both sides.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use crate::board::Board;

/// Recursion steps one freeze test may take before it gives up (unproved).
const FREEZE_BUDGET: u32 = 200;

/// Largest pocket (free cells the player can never enter) a freeze test
/// looks at; past it the pocket is not proved (a weaker test, never a
/// wrong one).
const POCKET_CELLS: usize = 12;

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
    /// can never hold the player: the free cells joined to it (at most
    /// [`POCKET_CELLS`]) do not hold the player, and every box beside them
    /// is on the proof path or proved frozen (`off_goal` as in
    /// [`Freeze::frozen`]), so while the frozen group stays, nothing opens
    /// the pocket; `None` if not proved.
    fn pocket(&mut self, b: &Board, occupied: &[bool], z: usize, c: usize) -> Option<bool> {
        let mut cells = [0usize; POCKET_CELLS];
        let mut len = 0;
        let free = |x: usize| !b.wall[x] && !occupied[x];
        if !free(z) {
            return None;
        }
        cells[0] = z;
        len += 1;
        let mut head = 0;
        let mut off_goal = false;
        while head < len {
            let x = cells[head];
            head += 1;
            if x == self.player {
                return None;
            }
            for d in 0..4 {
                let w = b.step(x, d);
                if b.wall[w] || w == c || self.on_path[w] {
                    continue;
                }
                if occupied[w] {
                    // A box this test proved frozen already stays.
                    off_goal |= if self.set.contains(&(w as u16)) {
                        !b.goal[w]
                    } else {
                        self.frozen(b, occupied, w)?
                    };
                } else if !cells[..len].contains(&w) {
                    if len == POCKET_CELLS {
                        return None;
                    }
                    cells[len] = w;
                    len += 1;
                }
            }
        }
        Some(off_goal)
    }

    /// Under chain rules (a push moves the whole line of boxes in front of
    /// the player), return `Some(off_goal)` if the cells from the box at
    /// `c` in direction `d` are boxes each on the proof path or proved
    /// frozen, up to a wall; `None` if not proved.
    ///
    /// Such a line blocks the box's axis both ways while the frozen group
    /// stays. Take the first push that moves a box of the group, and a box
    /// `x` of it that it moves, with the line of frozen boxes from `x` to
    /// a wall in `d` (all still in place). A push along `d` moves every
    /// box up to the first free cell in front, so the line's last box
    /// into the wall: refused. A push against `d` needs its pusher (the
    /// player, or the line of boxes it pushes) behind `x` in `d`, past
    /// every box there: on the wall. So no box of the group is ever the
    /// first to move, and none moves. Under Sokoban rules a frozen box on
    /// either side is enough (`Freeze::frozen`), and this is weaker.
    fn line_to_wall(&mut self, b: &Board, occupied: &[bool], c: usize, d: usize) -> Option<bool> {
        let mut off_goal = false;
        let mut z = b.step(c, d);
        loop {
            if b.wall[z] {
                return Some(off_goal);
            }
            if !occupied[z] {
                return None;
            }
            if self.on_path[z] {
                // Assumed frozen; its own test counts its goal.
            } else if self.set.contains(&(z as u16)) {
                off_goal |= !b.goal[z];
            } else {
                off_goal |= self.frozen(b, occupied, z)?;
            }
            z = b.step(z, d);
        }
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
            if b.wall[x] || b.wall[y] {
                continue;
            }
            // One push moves one box (Sokoban rules): a neighbour assumed
            // frozen stands like a wall.
            if boxes_block && (self.on_path[x] || self.on_path[y]) {
                continue;
            }
            if b.dead[x] && b.dead[y] {
                continue;
            }
            let mut blocked = false;
            if boxes_block {
                for z in [x, y] {
                    if !occupied[z] {
                        continue;
                    }
                    // A box this test proved frozen already stays.
                    let proved = if self.set.contains(&(z as u16)) {
                        Some(!b.goal[z])
                    } else {
                        self.frozen(b, occupied, z)
                    };
                    if let Some(og) = proved {
                        off_goal |= og;
                        blocked = true;
                        break;
                    }
                }
            }
            // Chain rules: a line of frozen boxes that ends at a wall on
            // one side (see `Freeze::line_to_wall`).
            if !blocked && !boxes_block {
                for d in [d1, d2] {
                    let mark_d = self.set.len();
                    if let Some(og) = self.line_to_wall(b, occupied, c, d) {
                        off_goal |= og;
                        blocked = true;
                        break;
                    }
                    self.set.truncate(mark_d);
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

    /// Under chain rules a box beside a frozen one is not blocked by it
    /// (the two may move as one), but a line of frozen boxes up to a wall
    /// blocks: the player can neither push the line into the wall nor
    /// stand behind it.
    #[test]
    fn under_chain_rules_a_line_of_frozen_boxes_to_a_wall_blocks() {
        let text = "######\n#$$..#\n#    #\n#  @ #\n######";
        let p = Problem::from_xsb(text).expect("level");
        let b = Board::new(&p, &Rules::MUSCLEMAN).expect("board");
        assert!(b.max_chain > 1);
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
        }
        let right = b.boxes0[1] as usize;
        let mut f = Freeze::new(b.n);
        assert_eq!(f.test(&b, &occupied, b.player0 as usize, right), Some(true));
        assert_eq!(f.set.len(), 2);
        // One cell from the wall, the line can be pushed back along the
        // top: nothing is frozen.
        let text = "#######\n# $$ .#\n#    .#\n#  @  #\n#######";
        let p = Problem::from_xsb(text).expect("level");
        let b = Board::new(&p, &Rules::MUSCLEMAN).expect("board");
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
        }
        let mut f = Freeze::new(b.n);
        for &c in &b.boxes0 {
            assert_eq!(f.test(&b, &occupied, b.player0 as usize, c as usize), None);
        }
    }

    /// The same with a pocket of two cells down the left wall: the three
    /// boxes around it are frozen, and with the player in either cell none is.
    #[test]
    fn a_pocket_of_two_cells_freezes_the_boxes_around_it() {
        let text = "#######\n# $   #\n# $  .#\n#$   .#\n#  @ .#\n#######";
        let p = Problem::from_xsb(text).expect("level");
        let b = Board::new(&p, &Rules::SOKOBAN).expect("board");
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
        }
        // Boxes in cell order: (2, 1), (2, 2), (1, 3).
        let c = b.boxes0[1] as usize;
        let pocket = [b.step(c, 3), b.step(b.step(c, 3), 0)];
        assert!(pocket.iter().all(|&z| !occupied[z] && !b.wall[z]));
        let mut f = Freeze::new(b.n);
        assert_eq!(f.test(&b, &occupied, b.player0 as usize, c), Some(true));
        assert_eq!(f.set.len(), 3);
        for z in pocket {
            assert_eq!(f.test(&b, &occupied, z, c), None);
        }
    }
}
