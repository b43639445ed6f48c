//! Expansion: every push the player can reach from a state, tunnel runs,
//! and the child states they make.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::*;

impl Search<'_> {
    pub(super) fn goals_done(b: &Board, boxes: &[u16]) -> usize {
        boxes.iter().filter(|c| b.goal[**c as usize]).count()
    }

    /// Expand node `idx`. In fast mode, return a generated goal node at once.
    pub(super) fn expand(&mut self, idx: usize, node: Node) -> Result<Option<usize>, GiveUpReason> {
        let b = self.board;
        let box_count = self.box_count;
        let moves_mode = self.opts.optimize == Optimize::Moves;
        let fast = self.strategy != Strategy::AStar;
        self.current.clear();
        self.current
            .extend_from_slice(&self.arena[idx * box_count..(idx + 1) * box_count]);
        for &c in &self.current {
            self.occupied[c as usize] = true;
        }
        moves::reach(
            b,
            &self.occupied,
            node.player as usize,
            &mut self.marks,
            &mut self.region,
            &mut self.dist,
        );
        let mut pushes = std::mem::take(&mut self.pushes);
        pushes.clear();
        moves::for_each_push(b, &self.occupied, &self.region, |c, d, first, e| {
            pushes.push((c as u16, d as u8, first as u16, e as u16));
        });
        if self.use_corrals {
            match self.pi_corral() {
                Corral::None => {}
                Corral::Deadlock => pushes.clear(),
                Corral::Restrict(id) => pushes.retain(|p| self.area[p.2 as usize] == id),
            }
            for &x in &self.touched {
                self.area[x] = 0;
            }
        }
        let goals_here = Self::goals_done(b, &self.current);
        self.prepare_incremental(idx, node.dt);
        let ng = b.goals.len();
        let mut result = Ok(None);
        for &(c, d, first, e) in &pushes {
            let (c, first, e) = (c as usize, first as usize, e as usize);
            if b.prune && b.dead[e] {
                continue;
            }
            self.stats.generated += 1;
            self.occupied[first] = false;
            self.occupied[e] = true;
            // A tunnel run pushes the box on while the rule allows; the
            // player ends behind it at `behind`.
            let (mut behind, mut end, mut run) = (first, e, 1u16);
            if self.use_tunnels {
                while let Some(next) = self.tunnel_next(end, d as usize) {
                    self.occupied[end] = false;
                    self.occupied[next] = true;
                    (behind, end, run) = (end, next, run + 1);
                }
            }
            let push = Step {
                c,
                d,
                first,
                behind,
                e: end,
                run,
            };
            let outcome = if b.prune && b.dead[end] {
                Ok(None)
            } else {
                self.child_of(idx, &node, &push, goals_here, ng, moves_mode)
            };
            self.occupied[first] = true;
            self.occupied[end] = false;
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
        for &c in &self.current {
            self.occupied[c as usize] = false;
        }
        self.pushes = pushes;
        result
    }

    /// The cell a tunnel run pushes the box at `e` on to, in direction `d`,
    /// if the tunnel rule applies (see the crate docs): the box is off goal,
    /// walls flank it and the next cell across the push, and the next cell
    /// is free.
    pub(super) fn tunnel_next(&self, e: usize, d: usize) -> Option<usize> {
        let b = self.board;
        let flanked = |x: usize| b.wall[b.step(x, (d + 1) % 4)] && b.wall[b.step(x, (d + 3) % 4)];
        if b.goal[e] || !flanked(e) {
            return None;
        }
        let next = b.step(e, d);
        (!b.wall[next] && !self.occupied[next] && flanked(next)).then_some(next)
    }

    /// Make, bound and store the child of `push` (`self.occupied` already shows
    /// the child). Return its index if it is solved.
    pub(super) fn child_of(
        &mut self,
        idx: usize,
        node: &Node,
        push: &Step,
        goals_here: usize,
        ng: usize,
        moves_mode: bool,
    ) -> Result<Option<usize>, GiveUpReason> {
        let b = self.board;
        let Step {
            c,
            d,
            first,
            behind,
            e,
            run,
        } = *push;
        // Child boxes, sorted: replace `first` by `e`.
        self.child.clear();
        let (first16, e16) = (first as u16, e as u16);
        let mut placed = false;
        for &x in &self.current {
            if x == first16 {
                continue;
            }
            if !placed && e16 < x {
                self.child.push(e16);
                placed = true;
            }
            self.child.push(x);
        }
        if !placed {
            self.child.push(e16);
        }
        let player = if moves_mode {
            behind
        } else {
            moves::normalize(
                b,
                &self.occupied,
                behind,
                &mut self.second_marks,
                &mut self.queue,
            )
        } as u16;
        let step_cost = if moves_mode {
            self.dist[c] + u32::from(run)
        } else {
            u32::from(run)
        };
        let g = node.g + step_cost;
        // Look the child up before bounding it: a duplicate that does not
        // improve its cost needs no deadlock test and no bound (the bound
        // is the costliest part of a child), and is dropped as before.
        let hash = self.hash_of(&self.child, player);
        let known = self.lookup(&self.child, player, hash).ok();
        if let Some(old) = known
            && (self.strategy != Strategy::AStar || g >= self.nodes[old].g)
        {
            return Ok(None);
        }
        let mut dt = node.dt;
        if b.prune {
            match self.freeze_deadlock(e) {
                Some(true) => return Ok(None),
                Some(false) => dt = self.table_for(node.dt),
                None => {}
            }
        }
        let mut moved_col = None;
        let bound = if self.incremental_ready && dt == node.dt {
            match self.current.binary_search(&first16) {
                Ok(col) => {
                    moved_col = Some(col);
                    self.bound_incremental(col, e, dt)
                }
                Err(_) => self.bound(dt),
            }
        } else {
            self.bound(dt)
        };
        let Some(h) = bound else {
            return Ok(None);
        };
        let child = Node {
            parent: idx as u32,
            player,
            first: first16,
            dir: d,
            run,
            h,
            g,
            pushes: node.pushes + u32::from(run),
            dt,
        };
        if let Some(old) = known {
            // A* reached a stored state more cheaply: reopen it.
            self.nodes[old] = child;
            if !self.ensure_room() {
                return Err(GiveUpReason::Memory);
            }
            let entry = self.priority(&child, old as u32);
            self.heap.push(entry);
            return Ok(None);
        }
        if !self.ensure_room() {
            return Err(GiveUpReason::Memory);
        }
        // The table may have grown: find the slot again.
        let slot = match self.lookup(&self.child, player, hash) {
            Ok(_) => return Ok(None),
            Err(s) => s,
        };
        let new = self.push_node(child, hash);
        self.table[slot] = new + 1;
        if let Some(col) = moved_col
            && let Ok(to) = self.child.binary_search(&e16)
        {
            // Keep the child's solved matching, its columns in the child's
            // order, in case the child is expanded next.
            let mut h = self.spare.pop().unwrap_or_default();
            h.copy_from(&self.matching);
            h.move_column(col, to);
            self.kept.push((new, dt, h));
        }
        let entry = self.priority(&child, new);
        self.heap.push(entry);
        let goals = goals_here + usize::from(b.goal[e]) - usize::from(b.goal[first]);
        Ok((goals == ng).then_some(new as usize))
    }
}
