//! Goal rooms and goal macros (fast mode's greedy search only).
//!
//! A goal room is a 4-connected set of goal cells; its entrances are the
//! floor cells next to it. Its packing order comes from a retrograde
//! analysis: fill every goal of the room, then take the boxes back out one
//! at a time (each time the one that needs the fewest pulls to reach an
//! entrance, with the others in place); the box taken out last is packed
//! first. A goal macro: when a push leaves a box on a room's cell or
//! entrance, the box goes on, in the same step, to the first empty goal of
//! the packing order, along the fewest pushes within the room and its
//! entrances (other boxes stay put).
//!
//! A macro replaces the push's child, so the search that uses macros is
//! not complete: it may miss a solution, and its running out of states
//! proves nothing (the portfolio then leaves the proof to the complete
//! search beside it). Every solution it finds is a sequence of legal
//! pushes, replayed through the sim like any other.

#![expect(
    clippy::indexing_slicing,
    reason = "cell indices are made by the board and stay below its cell count; the state index is cell * 4 + side"
)]

use crate::board::Board;
use crate::moves::Marks;

/// One push of a macro: the box's cell before it, and the direction.
pub(super) type MacroPush = (u16, u8);

/// The goal rooms of a board, their packing orders, and the box-path
/// search's working state.
pub(super) struct GoalRooms {
    /// Room index + 1 for a room's goals and entrances (0: none).
    room_of: Vec<u16>,
    /// Per room: its goals, first packed first.
    order: Vec<Vec<u16>>,
    /// Box-path states seen (cell * 4 + side of the player).
    seen: Marks,
    /// Per state: the state it was reached from.
    parent: Vec<u32>,
    /// BFS queue of states.
    states: Vec<u32>,
    /// The player's flood: marks and queue.
    flood: Marks,
    queue: Vec<u16>,
}

impl GoalRooms {
    /// Find the rooms of `b` with a packing order (rooms of one goal, and
    /// rooms no retrograde order empties, get none).
    pub fn new(b: &Board) -> GoalRooms {
        let n = b.n;
        let mut rooms = GoalRooms {
            room_of: vec![0; n],
            order: Vec::new(),
            seen: Marks::new(n * 4),
            parent: vec![0; n * 4],
            states: Vec::new(),
            flood: Marks::new(n),
            queue: Vec::with_capacity(n),
        };
        let mut label = vec![false; n];
        for &g0 in &b.goals {
            let g0 = g0 as usize;
            if label[g0] {
                continue;
            }
            let mut goals = vec![g0];
            label[g0] = true;
            let mut head = 0;
            while let Some(&x) = goals.get(head) {
                head += 1;
                for d in 0..4 {
                    let y = b.step(x, d);
                    if b.goal[y] && !b.wall[y] && !label[y] {
                        label[y] = true;
                        goals.push(y);
                    }
                }
            }
            // Room ids are u16 (a board has under 65,000 cells, so fewer
            // rooms of two goals than that; the check only guards the cast).
            if goals.len() < 2 || rooms.order.len() >= usize::from(u16::MAX - 1) {
                continue;
            }
            goals.sort_unstable();
            let Some(order) = rooms.packing_order(b, &goals) else {
                continue;
            };
            let id = rooms.order.len() as u16 + 1;
            for &g in &goals {
                rooms.room_of[g] = id;
                for d in 0..4 {
                    let y = b.step(g, d);
                    if !b.wall[y] && !b.goal[y] && rooms.room_of[y] == 0 {
                        rooms.room_of[y] = id;
                    }
                }
            }
            rooms.order.push(order);
        }
        rooms
    }

    /// Whether the board has a room with a packing order.
    pub fn any(&self) -> bool {
        !self.order.is_empty()
    }

    /// The retrograde packing order of the room `goals` (sorted), or `None`.
    fn packing_order(&mut self, b: &Board, goals: &[usize]) -> Option<Vec<u16>> {
        let n = b.n;
        let mut filled = vec![false; n];
        for &g in goals {
            filled[g] = true;
        }
        let outside = |c: usize| -> bool {
            !b.wall[c] && !b.goal[c] && (0..4).any(|d| goals.contains(&b.step(c, d)))
        };
        let mut out = Vec::with_capacity(goals.len());
        let mut left: Vec<usize> = goals.to_vec();
        while !left.is_empty() {
            let mut best: Option<(u32, usize)> = None;
            for (k, &g) in left.iter().enumerate() {
                if let Some(p) = self.pull_out(b, &filled, g, &outside)
                    && best.is_none_or(|(q, _)| p < q)
                {
                    best = Some((p, k));
                }
            }
            let (_, k) = best?;
            let g = left.remove(k);
            filled[g] = false;
            out.push(g as u16);
        }
        out.reverse();
        Some(out)
    }

    /// Fewest pulls that take the box on goal `g` to a cell where
    /// `outside` holds, the boxes in `filled` staying put and the player
    /// coming from any such cell; `None` if it cannot get out.
    fn pull_out(
        &mut self,
        b: &Board,
        filled: &[bool],
        g: usize,
        outside: &dyn Fn(usize) -> bool,
    ) -> Option<u32> {
        let n = b.n;
        // Where the player can stand: flood from every outside cell.
        let mut reach = Marks::new(n);
        reach.clear();
        let mut queue: Vec<usize> = (0..n)
            .filter(|&c| outside(c) && !filled[c] && reach.set(c))
            .collect();
        let mut head = 0;
        while let Some(&c) = queue.get(head) {
            head += 1;
            for d in 0..4 {
                let y = b.step(c, d);
                if !b.wall[y] && !filled[y] && reach.set(y) {
                    queue.push(y);
                }
            }
        }
        self.seen.clear();
        self.states.clear();
        let mut pulls = vec![0u32; 0];
        for d in 0..4 {
            let p = b.step(g, d);
            if reach.get(p) && self.seen.set(g * 4 + d) {
                self.states.push((g * 4 + d) as u32);
                pulls.push(0);
            }
        }
        let mut head = 0;
        while let Some(&s) = self.states.get(head) {
            let k = pulls[head];
            head += 1;
            let (x, side) = (s as usize / 4, s as usize % 4);
            if outside(x) {
                return Some(k);
            }
            // The player walks round the box at x (the others in place).
            let p = b.step(x, side);
            self.flood_from(b, filled, x, g, p);
            for d in 0..4 {
                let q = b.step(x, d);
                if !self.flood.get(q) {
                    continue;
                }
                // Pull: the player at q steps on to q + d, the box to q.
                let to = b.step(q, d);
                if b.wall[to] || (filled[to] && to != g) {
                    continue;
                }
                let next = q * 4 + d;
                if self.seen.set(next) {
                    self.states.push(next as u32);
                    pulls.push(k + 1);
                }
            }
        }
        None
    }

    /// Flood the player's cells from `p` in `self.flood`: walls, the
    /// boxes of `occupied` (but the cell `skip`, where the moving box was)
    /// and the moving box at `x` block.
    ///
    /// Only the cells next to `x` are read from it, so the flood stops
    /// once it has reached all of them that are free.
    fn flood_from(&mut self, b: &Board, occupied: &[bool], x: usize, skip: usize, p: usize) {
        let blocked = |y: usize| b.wall[y] || y == x || (occupied[y] && y != skip);
        let beside = |y: usize| (0..4).any(|d| b.step(x, d) == y);
        let mut want = (0..4).filter(|&d| !blocked(b.step(x, d))).count();
        self.flood.clear();
        self.queue.clear();
        self.flood.set(p);
        self.queue.push(p as u16);
        want -= usize::from(beside(p) && want > 0);
        let mut head = 0;
        while let Some(&c) = self.queue.get(head) {
            if want == 0 {
                break;
            }
            head += 1;
            for d in 0..4 {
                let y = b.step(c as usize, d);
                if !blocked(y) && self.flood.set(y) {
                    self.queue.push(y as u16);
                    want -= usize::from(beside(y) && want > 0);
                }
            }
        }
    }

    /// The goal macro of a box just pushed to `e` with the player at
    /// `behind` (`occupied` shows the position, the box at `e`
    /// included): if `e` is a room's cell or entrance and the room's first
    /// empty goal in packing order is not `e`, the fewest pushes that take
    /// the box there within the room, appended to `out`; return the
    /// target and where the player ends.
    pub fn macro_for(
        &mut self,
        b: &Board,
        occupied: &[bool],
        e: usize,
        behind: usize,
        out: &mut Vec<MacroPush>,
    ) -> Option<(usize, usize)> {
        let room = self.room_of[e];
        if room == 0 {
            return None;
        }
        let order = self.order.get(usize::from(room) - 1)?;
        let &t = order.iter().find(|&&g| !occupied[g as usize])?;
        let t = t as usize;
        if t == e {
            return None;
        }
        // Breadth-first over (box cell, player side), the box kept to the
        // room's cells and entrances.
        let side0 = (0..4).find(|&d| b.step(e, d) == behind)?;
        self.seen.clear();
        self.states.clear();
        self.seen.set(e * 4 + side0);
        self.states.push((e * 4 + side0) as u32);
        let mut head = 0;
        let mut found = None;
        while let Some(&s) = self.states.get(head) {
            head += 1;
            let (x, side) = (s as usize / 4, s as usize % 4);
            if x == t {
                found = Some(s);
                break;
            }
            self.flood_from(b, occupied, x, e, b.step(x, side));
            // The box on x with the player on any side the flood reached is
            // this same state: do not flood for it again.
            for d in 0..4 {
                if self.flood.get(b.step(x, d)) {
                    self.seen.set(x * 4 + d);
                }
            }
            for d in 0..4 {
                let stand = b.step(x, (d + 2) % 4);
                let to = b.step(x, d);
                if !self.flood.get(stand)
                    || b.wall[to]
                    || (occupied[to] && to != e)
                    || b.dead[to]
                    || self.room_of[to] != room
                {
                    continue;
                }
                let next = to * 4 + (d + 2) % 4;
                if self.seen.set(next) {
                    self.parent[next] = s;
                    self.states.push(next as u32);
                }
            }
        }
        let mut s = found? as usize;
        let start = out.len();
        let end_player = b.step(t, s % 4);
        while s / 4 != e || s % 4 != side0 {
            let p = self.parent[s] as usize;
            // The box went from p / 4 to s / 4: direction toward s / 4.
            let from = p / 4;
            let d = (s % 4 + 2) % 4;
            out.push((from as u16, d as u8));
            s = p;
        }
        out[start..].reverse();
        Some((t, end_player))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use muscleman_sim::Rules;

    fn board(text: &str) -> Board {
        let p = Problem::from_xsb(text).expect("level");
        Board::new(&p, &Rules::SOKOBAN).expect("board")
    }

    #[test]
    fn a_dead_end_room_is_packed_from_the_back() {
        // Goals at x = 4, 5, 6 of a corridor closed on the right: the
        // deepest goal is packed first.
        let b = board("#########\n#@$$$...#\n#########");
        let rooms = GoalRooms::new(&b);
        let cells: Vec<usize> = rooms.order[0]
            .iter()
            .map(|&g| b.pos(g as usize).x as usize)
            .collect();
        assert_eq!(cells, vec![7, 6, 5]);
    }

    #[test]
    fn a_macro_takes_the_box_to_the_next_goal_in_order() {
        let b = board("#########\n#@ $ ...#\n#########");
        let mut rooms = GoalRooms::new(&b);
        let mut occupied = vec![false; b.n];
        // The box was pushed onto the room's entrance (x = 4), the player
        // behind it.
        let e = b.step(b.boxes0[0] as usize, 1);
        occupied[e] = true;
        let behind = b.step(e, 3);
        let mut out = Vec::new();
        let (t, player) = rooms
            .macro_for(&b, &occupied, e, behind, &mut out)
            .expect("macro");
        assert_eq!(b.pos(t).x, 7);
        assert_eq!(b.step(t, 3), player);
        assert_eq!(out.len(), 3);
        assert!(out.iter().all(|&(_, d)| d == 1));
    }

    #[test]
    fn a_room_no_box_can_leave_has_no_order() {
        // The two goals form a room, but no box on them can be pulled out
        // (behind every cell the player could pull from is a wall): no order.
        let b = board("#####\n#..@#\n#$$ #\n#####");
        let rooms = GoalRooms::new(&b);
        assert!(!rooms.any());
    }
}
