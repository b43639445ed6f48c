//! PI-corrals: areas the player cannot reach whose fence pushes can all
//! be made now; only those pushes are searched.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use crate::board::Board;
use crate::moves::Marks;

/// What the PI-corral analysis allows.
pub(super) enum Verdict {
    /// Search every push.
    All,
    /// The position is dead.
    Deadlock,
    /// Search only the pushes of the fence boxes of the area with this id
    /// (read it with [`Corrals::area_of`]).
    Restrict(u32),
}

/// The corral analysis's working state.
pub(super) struct Corrals {
    /// Area id per cell (0: none), for the cells in `touched`.
    area: Vec<u32>,
    /// Cells labelled in `area`, to clear them.
    touched: Vec<usize>,
    /// Flood-fill stack.
    stack: Vec<usize>,
}

impl Corrals {
    /// Working state for a board of `n` cells.
    pub fn new(n: usize) -> Corrals {
        Corrals {
            area: vec![0; n],
            touched: Vec::with_capacity(n),
            stack: Vec::with_capacity(n),
        }
    }

    /// The area id of cell `c` from the last analysis (0: none).
    pub fn area_of(&self, c: usize) -> u32 {
        self.area[c]
    }

    /// Forget the last analysis's labels.
    pub fn clear(&mut self) {
        for &x in &self.touched {
            self.area[x] = 0;
        }
        self.touched.clear();
    }

    /// PI-corral analysis of the position `occupied` (boxes at `boxes`) with
    /// the player's region in `region` (Sokoban rules only). Labels areas
    /// (call [`Corrals::clear`] when done with them).
    ///
    /// An area is a connected set of non-wall cells outside the region,
    /// boxes included; its boundary toward the region is made of its "fence"
    /// boxes. If every push of a fence box that is possible now or later
    /// goes into the area, and the player can make each of them now, then
    /// any solution's first push that touches the area is one of these, and
    /// moving it to the front keeps the solution valid with as many pushes.
    /// So when the area still needs work (a goal in it is empty, or a box in
    /// it is off goal when boxes and goals are equal in number) only its
    /// pushes are searched; if it has none, the position is dead.
    pub fn analyse(
        &mut self,
        b: &Board,
        boxes: &[u16],
        occupied: &[bool],
        region: &Marks,
    ) -> Verdict {
        self.clear();
        let mut best: Option<(usize, u32)> = None;
        let mut next_id = 0u32;
        for &start in boxes {
            let start = start as usize;
            if self.area[start] != 0 {
                continue;
            }
            next_id += 1;
            let id = next_id;
            let first_cell = self.touched.len();
            self.area[start] = id;
            self.touched.push(start);
            self.stack.clear();
            self.stack.push(start);
            while let Some(x) = self.stack.pop() {
                for d in 0..4 {
                    let y = b.step(x, d);
                    if !b.wall[y] && !region.get(y) && self.area[y] == 0 {
                        self.area[y] = id;
                        self.touched.push(y);
                        self.stack.push(y);
                    }
                }
            }
            let cells = &self.touched[first_cell..];
            let needs_work = cells
                .iter()
                .any(|&x| (b.goal[x] && !occupied[x]) || (b.prune && occupied[x] && !b.goal[x]));
            if !needs_work {
                continue;
            }
            let mut ok = true;
            let mut count = 0usize;
            'fence: for &x in cells {
                if !occupied[x] || !(0..4).any(|d| region.get(b.step(x, d))) {
                    continue;
                }
                for d in 0..4 {
                    let s = b.step(x, (d + 2) % 4);
                    let t = b.step(x, d);
                    if b.wall[s] || b.wall[t] || self.area[s] == id {
                        continue;
                    }
                    if self.area[t] != id || (!occupied[t] && !region.get(s)) {
                        ok = false;
                        break 'fence;
                    }
                    if !occupied[t] {
                        count += 1;
                    }
                }
            }
            if !ok {
                continue;
            }
            if count == 0 {
                return Verdict::Deadlock;
            }
            if best.is_none_or(|(c, _)| count < c) {
                best = Some((count, id));
            }
        }
        match best {
            Some((_, id)) => Verdict::Restrict(id),
            None => Verdict::All,
        }
    }
}
