//! The lower bound: goal-to-box matchings (Hungarian method) on push
//! distances, solved incrementally per push, with distance tables that
//! treat boxes frozen on goals as walls.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::*;

impl Search<'_> {
    /// Return the distance table for the frozen set of table `parent` plus
    /// the boxes in `self.frozen_set`, building it if needed and allowed.
    pub(super) fn table_for(&mut self, parent: u32) -> u32 {
        let Some(base) = self.table_sets.get(parent as usize) else {
            return parent;
        };
        self.union.clear();
        self.union.extend_from_slice(base);
        let before = self.union.len();
        for &c in &self.frozen_set {
            if base.binary_search(&c).is_err() {
                self.union.push(c);
            }
        }
        if self.union.len() == before {
            return parent;
        }
        self.union.sort_unstable();
        if let Some(&t) = self.table_index.get(&self.union) {
            return t;
        }
        let bytes = (self.board.dist.len() * 2 + self.union.len() * 8) as u64;
        if self.tables.len() >= 4096 || self.memory() + bytes > self.limit_bytes {
            return parent;
        }
        let t = self.tables.len() as u32;
        self.tables.push(self.board.distances_with(&self.union));
        self.table_sets.push(self.union.clone());
        self.table_index.insert(self.union.clone(), t);
        t
    }

    /// Lower bound of the boxes in `self.child`, or `None` on a deadlock (some
    /// goal can get no box).
    pub(super) fn bound(&mut self, dt: u32) -> Option<u32> {
        let b = self.board;
        let n = b.n;
        let table = table_of(&self.tables, b, dt).unwrap_or(&b.dist);
        let ng = b.goals.len();
        let box_count = self.box_count;
        self.cost.clear();
        let mut max_min = 0u32;
        for gi in 0..ng {
            let mut best = INF;
            for &c in &self.child {
                let d = table[gi * n + c as usize];
                best = best.min(d);
                self.cost.push(if d == INF { BIG } else { i32::from(d) });
            }
            if best == INF {
                return None;
            }
            max_min = max_min.max(u32::from(best));
        }
        let m = self.matching.solve(ng, box_count, &self.cost)?;
        if b.max_chain == 1 || self.opts.optimize == Optimize::Fast {
            Some(m)
        } else {
            // A chain push moves up to `longest` boxes one cell each, so the
            // matching sum may drop by that much in one push: scale it down.
            let longest = (b.max_chain as usize).min(box_count).max(1) as u32;
            Some(m.div_ceil(longest).max(max_min))
        }
    }

    /// Solve the matching of the expanded position (`self.current`, table `dt`)
    /// once, so each child's bound is one re-augmentation away.
    pub(super) fn prepare_incremental(&mut self, idx: usize, dt: u32) {
        let b = self.board;
        let box_count = self.box_count;
        self.incremental_ready = false;
        if b.goals.len() != box_count || (b.max_chain != 1 && self.strategy == Strategy::AStar) {
            return;
        }
        let Some(table) = table_of(&self.tables, b, dt) else {
            return;
        };
        let n = b.n;
        self.base_cost.clear();
        for gi in 0..box_count {
            for &c in &self.current {
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
        self.incremental_ready = match at {
            Some(k) => {
                self.base_matching.copy_from(&self.kept[k].2);
                true
            }
            None => self
                .base_matching
                .solve(box_count, box_count, &self.base_cost)
                .is_some(),
        };
        // This expansion's children replace the last one's.
        let (kept, spare) = (&mut self.kept, &mut self.spare);
        spare.extend(kept.drain(..).map(|(_, _, h)| h));
    }

    /// The bound of the child whose box in column `col` of `self.current` moved
    /// to `e`, by re-solving only that column (square problems, Sokoban
    /// rules or non-optimal search, where the bound is the plain matching).
    pub(super) fn bound_incremental(&mut self, col: usize, e: usize, dt: u32) -> Option<u32> {
        let b = self.board;
        let box_count = self.box_count;
        let n = b.n;
        let table = table_of(&self.tables, b, dt)?;
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
}
