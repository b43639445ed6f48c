//! Expansion: every push the player can reach from a state, tunnel runs,
//! and the child states they make.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::corral::Verdict;
use super::node::{MACRO, Node, goals_done};
use super::table::Table;
use super::{Scratch, Search, Step, Strategy};
use crate::board::Board;
use crate::moves;
use crate::options::{GiveUpReason, Optimize};

impl Search<'_> {
    /// Expand node `idx`. In fast mode, return a generated goal node at once.
    pub(super) fn expand(&mut self, idx: usize, node: Node) -> Result<Option<usize>, GiveUpReason> {
        let b = self.cfg.board;
        let mode = self.cfg.opts.optimize;
        let fast = self.cfg.strategy != Strategy::AStar;
        let sc = &mut self.scratch;
        sc.current.clear();
        sc.current.extend_from_slice(self.table.boxes(idx));
        for &c in &sc.current {
            sc.occupied[c as usize] = true;
        }
        let min = moves::reach(
            b,
            &sc.occupied,
            node.player as usize,
            &mut sc.region_marks,
            &mut sc.region,
            &mut sc.dist,
        );
        let second = sc
            .region
            .iter()
            .map(|&x| usize::from(x))
            .filter(|&x| x != min)
            .min();
        sc.region_min = (min, second.unwrap_or(usize::MAX));
        let mut pushes = std::mem::take(&mut sc.pushes);
        pushes.clear();
        moves::for_each_push(b, &sc.occupied, &sc.region, |c, d, first, e| {
            pushes.push((c as u16, d as u8, first as u16, e as u16));
        });
        if self.cfg.use_corrals {
            match self
                .corrals
                .analyse(b, &sc.current, &sc.occupied, &sc.region_marks)
            {
                Verdict::All => {}
                Verdict::Deadlock => pushes.clear(),
                Verdict::Restrict(id) => {
                    pushes.retain(|p| self.corrals.area_of(p.2 as usize) == id)
                }
            }
            self.corrals.clear();
        }
        let goals_here = goals_done(b, &sc.current);
        let square = b.goals.len() == self.cfg.box_count
            && (b.max_chain == 1 || self.cfg.strategy != Strategy::AStar);
        match self.dist_tables.get(b, node.dt) {
            Some(table) if square => self.bound.prepare(b, table, node.dt, idx, &sc.current),
            _ => self.bound.unprepare(),
        }
        let mut result = Ok(None);
        for &(c, d, first, e) in &pushes {
            let (c, first, e) = (c as usize, first as usize, e as usize);
            if b.prune && b.dead[e] {
                continue;
            }
            self.stats.generated += 1;
            let occupied = &mut self.scratch.occupied;
            occupied[first] = false;
            occupied[e] = true;
            // A tunnel run pushes the box on while the rule allows; the
            // player ends behind it at `behind`.
            let (mut behind, mut end, mut run) = (first, e, 1u16);
            if self.cfg.use_tunnels {
                while let Some(next) = tunnel_next(b, occupied, end, d as usize) {
                    occupied[end] = false;
                    occupied[next] = true;
                    (behind, end, run) = (end, next, run + 1);
                    self.ran_tunnel = true;
                }
            }
            // A goal macro takes the box on to its room's next goal.
            let mut at = None;
            if let Some(rooms) = &mut self.rooms {
                let start = self.macro_pushes.len();
                self.macro_pushes.push((first as u16, d));
                let mut x = e;
                while x != end {
                    self.macro_pushes.push((x as u16, d));
                    x = b.step(x, d as usize);
                }
                // A macro whose push count or place does not fit its node's
                // fields is not taken (the plain push is, a weaker step).
                let found = rooms.macro_for(b, occupied, end, behind, &mut self.macro_pushes);
                let count = u16::try_from(self.macro_pushes.len() - start);
                match (found, count, u32::try_from(start)) {
                    (Some((t, player)), Ok(count), Ok(start)) => {
                        occupied[end] = false;
                        occupied[t] = true;
                        (behind, end) = (player, t);
                        run = count;
                        at = Some(start);
                    }
                    _ => self.macro_pushes.truncate(start),
                }
            }
            let push = Step {
                c,
                d,
                first,
                behind,
                e: end,
                run,
                at,
            };
            let stored = self.table.nodes.len();
            let outcome = if b.prune && b.dead[end] {
                Ok(None)
            } else {
                self.child_of(idx, &node, &push, goals_here, mode)
            };
            if let Some(start) = at
                && self.table.nodes.len() == stored
            {
                // The macro's child was not stored: drop its pushes.
                self.macro_pushes.truncate(start as usize);
            }
            // In this order: a goal macro may end where the box started.
            self.scratch.occupied[end] = false;
            self.scratch.occupied[first] = true;
            match outcome {
                Ok(Some(goal)) if fast => {
                    result = Ok(Some(goal));
                    break;
                }
                Ok(_) => {}
                Err(r) => {
                    result = Err(r);
                    break;
                }
            }
        }
        for &c in &self.scratch.current {
            self.scratch.occupied[c as usize] = false;
        }
        self.scratch.pushes = pushes;
        result
    }

    /// Make, bound and store the child of `push` (`self.scratch.occupied`
    /// already shows the child). Return its index if it is solved.
    fn child_of(
        &mut self,
        idx: usize,
        node: &Node,
        push: &Step,
        goals_here: usize,
        mode: Optimize,
    ) -> Result<Option<usize>, GiveUpReason> {
        let moves_mode = mode == Optimize::Moves;
        let b = self.cfg.board;
        let Step {
            c,
            d,
            first,
            behind,
            e,
            run,
            at,
        } = *push;
        let sc = &mut self.scratch;
        // Child boxes, sorted: replace `first` by `e`.
        sc.child.clear();
        let (first16, e16) = (first as u16, e as u16);
        let mut placed = false;
        for &x in &sc.current {
            if x == first16 {
                continue;
            }
            if !placed && e16 < x {
                sc.child.push(e16);
                placed = true;
            }
            sc.child.push(x);
        }
        if !placed {
            sc.child.push(e16);
        }
        let player = if moves_mode {
            behind
        } else if let Some(p) = (run == 1 && at.is_none())
            .then(|| quick_normalize(b, sc, first, e, d as usize))
            .flatten()
        {
            debug_assert_eq!(
                p,
                moves::normalize(b, &sc.occupied, behind, &mut sc.marks, &mut sc.queue)
            );
            p
        } else {
            moves::normalize(b, &sc.occupied, behind, &mut sc.marks, &mut sc.queue)
        } as u16;
        let step_cost = if moves_mode {
            sc.dist[c] + u32::from(run)
        } else {
            u32::from(run)
        };
        let g = node.g + step_cost;
        let pushes = node.pushes + u32::from(run);
        // In moves mode, among the fewest moves the fewest pushes: the cost
        // is `(moves, pushes)`, compared in that order.
        let tie = if moves_mode { pushes } else { 0 };
        // Look the child up before bounding it: a duplicate that does not
        // improve its cost needs no deadlock test and no bound (the bound
        // is the costliest part of a child), and is dropped as before.
        let hash = Table::hash_of(b, &sc.child, player);
        let known = self.table.lookup(&sc.child, player, hash).ok();
        if let Some(old) = known
            && (self.cfg.strategy != Strategy::AStar || {
                let old = &self.table.nodes[old];
                (g, tie) >= (old.g, self.tie(old))
            })
        {
            return Ok(None);
        }
        let mut dt = node.dt;
        if b.prune {
            match self.freeze.test(b, &self.scratch.occupied, behind, e) {
                Some(true) => return Ok(None),
                Some(false) => dt = self.table_for(node.dt),
                None => {}
            }
        }
        let mut moved_col = None;
        let bound = match self.scratch.current.binary_search(&first16) {
            Ok(col) if self.bound.ready() && dt == node.dt => {
                moved_col = Some(col);
                match self.dist_tables.get(b, dt) {
                    Some(table) => self.bound.incremental(b, table, col, e),
                    None => None,
                }
            }
            _ => self.full_bound(dt),
        };
        let Some(h) = bound else {
            return Ok(None);
        };
        let child = Node {
            parent: idx as u32,
            player,
            first: first16,
            dir: if at.is_some() { MACRO } else { d },
            run,
            at: at.unwrap_or(0),
            h,
            g,
            pushes,
            dt,
        };
        if !self.ensure_room() {
            return Err(GiveUpReason::Memory);
        }
        if let Some(old) = known {
            // A* reached a stored state more cheaply: reopen it.
            self.table.nodes[old] = child;
            let entry = self.priority(&child, old as u32);
            self.heap.push(entry);
            return Ok(None);
        }
        // The table may have grown: find the slot again.
        let Err(slot) = self.table.lookup(&self.scratch.child, player, hash) else {
            return Ok(None);
        };
        let new = self.table.insert(slot, child, &self.scratch.child, hash);
        if let Some(col) = moved_col
            && let Ok(to) = self.scratch.child.binary_search(&e16)
        {
            // Keep the child's solved matching, its columns in the child's
            // order, in case the child is expanded next.
            self.bound.keep_child(new, dt, col, to);
        }
        let entry = self.priority(&child, new);
        self.heap.push(entry);
        let goals = goals_here + usize::from(b.goal[e]) - usize::from(b.goal[first]);
        Ok((goals == b.goals.len()).then_some(new as usize))
    }
}

/// The cell a tunnel run pushes the box at `e` on to, in direction `d`,
/// if the tunnel rule applies (see the crate docs): the box is off goal,
/// walls flank it and the next cell across the push, and the next cell
/// is free.
fn tunnel_next(b: &Board, occupied: &[bool], e: usize, d: usize) -> Option<usize> {
    let flanked = |x: usize| b.wall[b.step(x, (d + 1) % 4)] && b.wall[b.step(x, (d + 3) % 4)];
    if b.goal[e] || !flanked(e) {
        return None;
    }
    let next = b.step(e, d);
    (!b.wall[next] && !occupied[next] && flanked(next)).then_some(next)
}

/// The child's normalized player cell without a flood, where a local look
/// settles it: one push moved a box from `first` to `e` (direction `d`),
/// the player now on `first`; `sc` holds the parent's region and its two
/// smallest cells, and the child's occupancy. Holds when no unreachable
/// area opens through `first` (its free side cells were in the region)
/// and filling `e` cannot split the region (its free neighbours stay
/// linked around it, a "simple point"): the child's region is then the
/// parent's without `e` and with `first`.
fn quick_normalize(b: &Board, sc: &Scratch, first: usize, e: usize, d: usize) -> Option<usize> {
    let free = |x: usize| !b.wall[x] && !sc.occupied[x];
    for side in [(d + 1) % 4, (d + 3) % 4] {
        let x = b.step(first, side);
        if free(x) && !sc.region_marks.get(x) {
            return None;
        }
    }
    let (min, second) = sc.region_min;
    let rest = if sc.region_marks.get(e) {
        // The ring of 8 cells around e, in order: N, NE, E, SE, S, SW, W, NW.
        let n = b.step(e, 0);
        let s = b.step(e, 2);
        let ring = [
            n,
            b.step(n, 1),
            b.step(e, 1),
            b.step(s, 1),
            s,
            b.step(s, 3),
            b.step(e, 3),
            b.step(n, 3),
        ];
        // Count the runs of free ring cells that hold a side neighbour.
        let mut groups = 0;
        for k in 0..8 {
            let prev = ring[(k + 7) % 8];
            if free(ring[k]) && !free(prev) {
                // A run starts at k: does it hold a side (even) cell?
                let mut j = k;
                let mut side = false;
                while free(ring[j % 8]) && j < k + 8 {
                    side |= j % 2 == 0;
                    j += 1;
                }
                groups += usize::from(side);
            }
        }
        if groups == 0 && (0..8).all(|k| free(ring[k])) {
            groups = 1;
        }
        if groups > 1 {
            return None;
        }
        if e == min { second } else { min }
    } else {
        min
    };
    Some(rest.min(first))
}
