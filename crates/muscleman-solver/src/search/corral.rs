//! PI-corrals: areas the player cannot reach whose fence pushes can all
//! be made now; only those pushes are searched.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::*;

impl Search<'_> {
    /// PI-corral analysis of the position in `self.occupied` with the player's
    /// region in `self.marks` (Sokoban rules only). Labels areas in
    /// `self.area` (the caller resets the cells listed in `self.touched`).
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
    pub(super) fn pi_corral(&mut self) -> Corral {
        let b = self.board;
        self.touched.clear();
        let mut best: Option<(usize, u32)> = None;
        let mut next_id = 0u32;
        for bi in 0..self.current.len() {
            let start = self.current[bi] as usize;
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
                    if !b.wall[y] && !self.marks.get(y) && self.area[y] == 0 {
                        self.area[y] = id;
                        self.touched.push(y);
                        self.stack.push(y);
                    }
                }
            }
            let cells = &self.touched[first_cell..];
            let needs_work = cells.iter().any(|&x| {
                (b.goal[x] && !self.occupied[x]) || (b.prune && self.occupied[x] && !b.goal[x])
            });
            if !needs_work {
                continue;
            }
            let mut ok = true;
            let mut count = 0usize;
            'fence: for &x in cells {
                if !self.occupied[x] || !(0..4).any(|d| self.marks.get(b.step(x, d))) {
                    continue;
                }
                for d in 0..4 {
                    let s = b.step(x, (d + 2) % 4);
                    let t = b.step(x, d);
                    if b.wall[s] || b.wall[t] || self.area[s] == id {
                        continue;
                    }
                    if self.area[t] != id || (!self.occupied[t] && !self.marks.get(s)) {
                        ok = false;
                        break 'fence;
                    }
                    if !self.occupied[t] {
                        count += 1;
                    }
                }
            }
            if !ok {
                continue;
            }
            if count == 0 {
                return Corral::Deadlock;
            }
            if best.is_none_or(|(c, _)| count < c) {
                best = Some((count, id));
            }
        }
        match best {
            Some((_, id)) => Corral::Restrict(id),
            None => Corral::None,
        }
    }
}
