//! The lower bound: goal-to-box matchings (Hungarian method) on push
//! distances, solved incrementally per push, with distance tables that
//! treat boxes frozen on goals as walls.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use std::collections::BTreeMap;

use crate::board::{Board, INF};
use crate::hungarian::{BIG, Hungarian};

/// Most distance tables one search builds (past it, states keep their
/// parent's table: a weaker bound, never a wrong one).
const MAX_TABLES: usize = 4096;

/// Goal-distance tables for sets of boxes frozen on goals. Table 0 is the
/// board's own ([`Board::dist`]); table `t` treats the sorted cells
/// `sets[t]` as walls. A node names its table by index.
pub(super) struct DistTables {
    tables: Vec<Vec<u16>>,
    sets: Vec<Vec<u16>>,
    index: BTreeMap<Vec<u16>, u32>,
    /// Scratch: the set being looked up.
    union: Vec<u16>,
}

impl DistTables {
    pub fn new() -> DistTables {
        DistTables {
            tables: vec![Vec::new()],
            sets: vec![Vec::new()],
            index: BTreeMap::new(),
            union: Vec::new(),
        }
    }

    /// Bytes held by the built tables.
    pub fn memory(&self, b: &Board) -> u64 {
        (self.tables.len() * b.dist.len() * 2) as u64
    }

    /// Table `dt` (0: the board's own).
    pub fn get<'t>(&'t self, b: &'t Board, dt: u32) -> Option<&'t [u16]> {
        match dt {
            0 => Some(&b.dist),
            _ => self.tables.get(dt as usize).map(Vec::as_slice),
        }
    }

    /// The table for the frozen set of table `parent` plus the boxes
    /// `frozen`, building it if needed and if `room` bytes allow; `parent`
    /// itself if nothing is new or it may not be built.
    pub fn table_for(&mut self, b: &Board, parent: u32, frozen: &[u16], room: u64) -> u32 {
        let Some(base) = self.sets.get(parent as usize) else {
            return parent;
        };
        self.union.clear();
        self.union.extend_from_slice(base);
        let before = self.union.len();
        for &c in frozen {
            if base.binary_search(&c).is_err() {
                self.union.push(c);
            }
        }
        if self.union.len() == before {
            return parent;
        }
        self.union.sort_unstable();
        if let Some(&t) = self.index.get(&self.union) {
            return t;
        }
        let bytes = (b.dist.len() * 2 + self.union.len() * 8) as u64;
        if self.tables.len() >= MAX_TABLES || bytes > room {
            return parent;
        }
        let t = self.tables.len() as u32;
        self.tables.push(b.distances_with(&self.union));
        self.sets.push(self.union.clone());
        self.index.insert(self.union.clone(), t);
        t
    }
}

/// The matchings' working state.
#[derive(Default)]
pub(super) struct Bound {
    /// Cost matrix of a full solve (goals × boxes).
    cost: Vec<i32>,
    /// Solver of the child being bounded.
    matching: Hungarian,
    /// Cost matrix of the expanded position (square), one column changed
    /// at a time by [`Bound::incremental`].
    base_cost: Vec<i32>,
    /// The expanded position's solved matching.
    base_matching: Hungarian,
    /// Whether `base_matching` holds a solution for this expansion.
    ready: bool,
    /// Side of the square `base_cost` (the box count).
    side: usize,
    /// The sorted boxes and distance table `base_matching` was last solved
    /// for (empty before the first), to warm-start the next expansion.
    last_boxes: Vec<u16>,
    last_dt: u32,
    /// Scratch of the warm start: new column to old column, and the
    /// columns whose box is new.
    perm: Vec<usize>,
    changed: Vec<usize>,
    /// Column saved while a child's is in `base_cost`.
    saved_column: Vec<i32>,
    /// Matching states of the last expansion's children: node index,
    /// distance table, and the solved matching (columns in the child's
    /// sorted box order).
    kept: Vec<(u32, u32, Hungarian)>,
    /// Spare matching states, to reuse their buffers.
    spare: Vec<Hungarian>,
}

impl Bound {
    /// Matching cost of `boxes` on `table`, or `None` on a deadlock (some
    /// goal can get no box). With `chain` (the longest push chain, when
    /// it is over 1 and the bound must stay admissible) the matching is
    /// scaled down: a chain push moves up to `chain` boxes one cell each.
    pub fn full(&mut self, b: &Board, table: &[u16], boxes: &[u16], chain: u32) -> Option<u32> {
        let n = b.n;
        let ng = b.goals.len();
        self.cost.clear();
        let mut max_min = 0u32;
        for gi in 0..ng {
            let mut best = INF;
            for &c in boxes {
                let d = table[gi * n + c as usize];
                best = best.min(d);
                self.cost.push(if d == INF { BIG } else { i32::from(d) });
            }
            if best == INF {
                return None;
            }
            max_min = max_min.max(u32::from(best));
        }
        let m = self.matching.solve(ng, boxes.len(), &self.cost)?;
        if chain <= 1 {
            Some(m)
        } else {
            Some(m.div_ceil(chain).max(max_min))
        }
    }

    /// Solve the matching of the expanded node `idx` (boxes `boxes`, square
    /// problem, table `table` numbered `dt`) once, so each child's bound is
    /// one re-augmentation away.
    pub fn prepare(&mut self, b: &Board, table: &[u16], dt: u32, idx: usize, boxes: &[u16]) {
        let n = b.n;
        let box_count = boxes.len();
        self.side = box_count;
        self.base_cost.clear();
        for gi in 0..box_count {
            for &c in boxes {
                let d = table[gi * n + c as usize];
                self.base_cost
                    .push(if d == INF { BIG } else { i32::from(d) });
            }
        }
        // The matching of a child of the last expansion was solved when it
        // was bounded: start from it rather than solve again.
        let at = self
            .kept
            .iter()
            .position(|(i, t, _)| *i as usize == idx && *t == dt);
        self.ready = match at {
            Some(k) => {
                self.base_matching.copy_from(&self.kept[k].2);
                true
            }
            None if self.warm_start(boxes, dt) => self
                .base_matching
                .resolve_columns(box_count, &self.changed, &self.base_cost)
                .is_some(),
            None => self
                .base_matching
                .solve(box_count, box_count, &self.base_cost)
                .is_some(),
        };
        self.last_boxes.clear();
        self.last_boxes.extend_from_slice(boxes);
        self.last_dt = dt;
        self.forget_children();
    }

    /// Whether the last expansion's matching (same table, at most half the
    /// boxes elsewhere) can start this one's: if so, reorder its columns
    /// to `boxes` (a box that stayed keeps its column, a new box takes a
    /// gone one's) and list the new boxes' columns in `self.changed`.
    fn warm_start(&mut self, boxes: &[u16], dt: u32) -> bool {
        let last = &self.last_boxes;
        if last.len() != boxes.len() || dt != self.last_dt {
            return false;
        }
        // Old columns whose box is gone, in order.
        let mut gone = last
            .iter()
            .enumerate()
            .filter(|(_, c)| boxes.binary_search(c).is_err())
            .map(|(k, _)| k);
        self.perm.clear();
        self.changed.clear();
        for (j, c) in boxes.iter().enumerate() {
            match last.binary_search(c) {
                Ok(k) => self.perm.push(k),
                Err(_) => {
                    let Some(k) = gone.next() else {
                        return false;
                    };
                    self.perm.push(k);
                    self.changed.push(j);
                }
            }
        }
        if self.changed.len() * 2 > boxes.len() {
            return false;
        }
        self.base_matching.permute_columns(&self.perm);
        true
    }

    /// Drop the kept children (this expansion's children replace them).
    pub fn forget_children(&mut self) {
        let (kept, spare) = (&mut self.kept, &mut self.spare);
        spare.extend(kept.drain(..).map(|(_, _, h)| h));
    }

    /// Mark the expanded position's matching as not prepared.
    pub fn unprepare(&mut self) {
        self.ready = false;
    }

    /// Whether [`Bound::prepare`] solved this expansion's matching.
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// The bound of the child whose box in column `col` of the expanded
    /// position moved to `e`, by re-solving only that column (square
    /// problems with the plain matching as bound).
    pub fn incremental(&mut self, b: &Board, table: &[u16], col: usize, e: usize) -> Option<u32> {
        let box_count = self.side;
        let n = b.n;
        self.saved_column.clear();
        for gi in 0..box_count {
            let slot = gi * box_count + col;
            self.saved_column.push(self.base_cost[slot]);
            let d = table[gi * n + e];
            self.base_cost[slot] = if d == INF { BIG } else { i32::from(d) };
        }
        self.matching.copy_from(&self.base_matching);
        let r = self
            .matching
            .resolve_column(box_count, col, &self.base_cost);
        for gi in 0..box_count {
            self.base_cost[gi * box_count + col] = self.saved_column[gi];
        }
        r
    }

    /// Keep the last child's solved matching (from [`Bound::incremental`]),
    /// its column `col` moved to `to` (the child's sorted order), as the
    /// start of node `node`'s expansion on table `dt`.
    pub fn keep_child(&mut self, node: u32, dt: u32, col: usize, to: usize) {
        let mut h = self.spare.pop().unwrap_or_default();
        h.copy_from(&self.matching);
        h.move_column(col, to);
        self.kept.push((node, dt, h));
    }
}
