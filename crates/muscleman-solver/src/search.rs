//! One search: A* (optimal modes), greedy best-first or weighted A* (fast
//! mode's portfolio) over push-level states, with a bounded transposition
//! table, run in slices so several searches can take turns.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::board::{Board, INF, PUSH, WALK};
use crate::hungarian::{BIG, Hungarian};
use crate::moves::{self, Marks};
use crate::options::{GiveUpReason, Optimize, SolveOptions, Stats};

/// One stored state.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Parent node (`u32::MAX` for the root).
    parent: u32,
    /// Player key: normalized region cell, or the exact cell in moves mode.
    player: u16,
    /// Cell of the pushed chain's nearest box before the push (where the
    /// player stands after it).
    first: u16,
    /// Direction of the push (0..4).
    dir: u8,
    /// Pushes this step makes in direction `dir` (more than 1 for a tunnel
    /// run).
    run: u16,
    /// Lower bound from here.
    h: u32,
    /// Cost so far (pushes, or moves in moves mode).
    g: u32,
    /// Pushes so far.
    pushes: u32,
    /// Distance table (frozen boxes on goals as walls) used for the bound.
    dt: u32,
}

/// One generated step: the player at `c` pushes direction `d`; the
/// chain's nearest box leaves `first`; after the step (`run` pushes, more
/// than one for a tunnel run) the player is at `behind` and the box that
/// moved last is at `e`.
#[derive(Clone, Copy, Debug)]
struct Step {
    c: usize,
    d: u8,
    first: usize,
    behind: usize,
    e: usize,
    run: u16,
}

/// Heap entry: (primary, secondary, tie-break, node).
type Entry = Reverse<(u32, u32, u32, u32)>;

/// Open-list order of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// Smallest bound first, newest first among equals (not optimal).
    Greedy,
    /// Smallest `g + w·h` first (not optimal for `w > 1`).
    Weighted(u32),
    /// Smallest `g + h` first, deeper first among equals (optimal).
    AStar,
}

/// The distance table `dt` (0: the board's own).
fn table_of<'t>(tables: &'t [Vec<u16>], board: &'t Board, dt: u32) -> Option<&'t [u16]> {
    match dt {
        0 => Some(&board.dist),
        _ => tables.get(dt as usize).map(Vec::as_slice),
    }
}

/// What the PI-corral analysis allows.
enum Corral {
    /// Search every push.
    None,
    /// The position is dead.
    Deadlock,
    /// Search only the pushes of this area's fence boxes.
    Restrict(u32),
}

/// How a search ended.
pub(crate) enum SearchEnd {
    /// The goal node's moves (LURD).
    Found { moves: String, optimal: bool },
    /// Every state searched, none solved.
    Exhausted,
    /// A limit stopped it.
    GaveUp(GiveUpReason),
}

/// The search's working state.
pub(crate) struct Search<'a> {
    board: &'a Board,
    opts: &'a SolveOptions,
    nb: usize,
    nodes: Vec<Node>,
    arena: Vec<u16>,
    hashes: Vec<u64>,
    table: Vec<u32>,
    heap: BinaryHeap<Entry>,
    occ: Vec<bool>,
    marks: Marks,
    marks2: Marks,
    region: Vec<u16>,
    queue: Vec<u16>,
    dist: Vec<u32>,
    cur: Vec<u16>,
    child: Vec<u16>,
    cost: Vec<i32>,
    hung: Hungarian,
    hung_base: Hungarian,
    /// Matching states of the last expansion's children: node index,
    /// distance table, and the solved matching (columns in the child's
    /// sorted box order).
    kept: Vec<(u32, u32, Hungarian)>,
    /// Spare matching states, to reuse their buffers.
    spare: Vec<Hungarian>,
    base_cost: Vec<i32>,
    saved_col: Vec<i32>,
    inc_ok: bool,
    frz_tmp: Vec<bool>,
    area: Vec<u32>,
    tables: Vec<Vec<u16>>,
    table_sets: Vec<Vec<u16>>,
    table_index: BTreeMap<Vec<u16>, u32>,
    frz_set: Vec<u16>,
    union: Vec<u16>,
    touched: Vec<usize>,
    stack: Vec<usize>,
    pushes: Vec<(u16, u8, u16, u16)>,
    use_corrals: bool,
    use_tunnels: bool,
    strategy: Strategy,
    halt: Option<&'a AtomicBool>,
    last_p1: u32,
    frz_budget: u32,
    limit_bytes: u64,
    pub stats: Stats,
    start: Instant,
}

impl<'a> Search<'a> {
    /// Set up a search of `board`.
    pub fn new(
        board: &'a Board,
        opts: &'a SolveOptions,
        strategy: Strategy,
        limit_bytes: u64,
        halt: Option<&'a AtomicBool>,
        start: Instant,
    ) -> Search<'a> {
        let n = board.n;
        Search {
            board,
            opts,
            nb: board.boxes0.len(),
            nodes: Vec::new(),
            arena: Vec::new(),
            hashes: Vec::new(),
            table: vec![0; 1 << 12],
            heap: BinaryHeap::new(),
            occ: vec![false; n],
            marks: Marks::new(n),
            marks2: Marks::new(n),
            region: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
            dist: vec![0; n],
            cur: Vec::new(),
            child: Vec::new(),
            cost: Vec::new(),
            hung: Hungarian::default(),
            hung_base: Hungarian::default(),
            kept: Vec::new(),
            spare: Vec::new(),
            base_cost: Vec::new(),
            saved_col: Vec::new(),
            inc_ok: false,
            frz_tmp: vec![false; n],
            area: vec![0; n],
            // Table 0 is the board's own; the others add frozen boxes.
            tables: vec![Vec::new()],
            table_sets: vec![Vec::new()],
            table_index: BTreeMap::new(),
            frz_set: Vec::new(),
            union: Vec::new(),
            touched: Vec::with_capacity(n),
            stack: Vec::with_capacity(n),
            pushes: Vec::with_capacity(64),
            // PI-corral pruning keeps push-optimality but not move-optimality,
            // and its reasoning is for one box per push.
            use_corrals: board.max_chain == 1 && opts.optimize != Optimize::Moves,
            // Tunnel runs keep solvability, not push counts, and their
            // reasoning is for one box per push and every box on a goal.
            use_tunnels: board.max_chain == 1 && board.prune && opts.optimize == Optimize::Fast,
            strategy,
            halt,
            last_p1: 0,
            frz_budget: 0,
            limit_bytes,
            stats: Stats::default(),
            start,
        }
    }

    fn memory(&self) -> u64 {
        (self.nodes.capacity() * size_of::<Node>()
            + self.arena.capacity() * 2
            + self.hashes.capacity() * 8
            + self.table.len() * 4
            + self.heap.capacity() * size_of::<Entry>()
            + self.tables.len() * self.board.dist.len() * 2) as u64
    }

    /// Return the distance table for the frozen set of table `parent` plus
    /// the boxes in `self.frz_set`, building it if needed and allowed.
    fn table_for(&mut self, parent: u32) -> u32 {
        let Some(base) = self.table_sets.get(parent as usize) else {
            return parent;
        };
        self.union.clear();
        self.union.extend_from_slice(base);
        let before = self.union.len();
        for &c in &self.frz_set {
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

    /// Make room for one more node and one more heap entry, within the
    /// memory limit; `false` if the limit forbids it.
    fn ensure_room(&mut self) -> bool {
        let mut extra: u64 = 0;
        let grow = |len: usize, cap: usize, elem: usize| -> u64 {
            if len < cap {
                0
            } else {
                (cap.max(1024) * elem) as u64
            }
        };
        let node_grow = self.nodes.len() >= self.nodes.capacity();
        extra += grow(self.nodes.len(), self.nodes.capacity(), size_of::<Node>());
        extra += grow(self.hashes.len(), self.hashes.capacity(), 8);
        extra += grow(self.arena.len() + self.nb, self.arena.capacity(), 2).max(if node_grow {
            (self.nodes.capacity().max(1024) * self.nb * 2) as u64
        } else {
            0
        });
        extra += grow(self.heap.len(), self.heap.capacity(), size_of::<Entry>());
        let table_grow = (self.nodes.len() + 1) * 2 > self.table.len();
        if table_grow {
            extra += (self.table.len() * 4) as u64;
        }
        if self.memory() + extra > self.limit_bytes {
            return false;
        }
        if node_grow {
            let add = self.nodes.capacity().max(1024);
            self.nodes.reserve_exact(add);
            self.hashes.reserve_exact(add);
            self.arena.reserve_exact(add * self.nb);
        }
        if self.arena.len() + self.nb > self.arena.capacity() {
            self.arena
                .reserve_exact(self.arena.capacity().max(1024 * self.nb.max(1)));
        }
        if self.heap.len() >= self.heap.capacity() {
            self.heap.reserve_exact(self.heap.capacity().max(1024));
        }
        if table_grow {
            self.grow_table();
        }
        true
    }

    fn grow_table(&mut self) {
        let size = self.table.len() * 2;
        let mut table = vec![0u32; size];
        let mask = size - 1;
        for (i, &h) in self.hashes.iter().enumerate() {
            let mut slot = (h as usize) & mask;
            while table[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            table[slot] = i as u32 + 1;
        }
        self.table = table;
    }

    /// Find the node with these boxes, player key and hash.
    fn lookup(&self, boxes: &[u16], player: u16, hash: u64) -> Result<usize, usize> {
        let mask = self.table.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            let v = self.table[slot];
            if v == 0 {
                return Err(slot);
            }
            let i = (v - 1) as usize;
            if self.hashes[i] == hash
                && self.nodes[i].player == player
                && &self.arena[i * self.nb..(i + 1) * self.nb] == boxes
            {
                return Ok(i);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn hash_of(&self, boxes: &[u16], player: u16) -> u64 {
        boxes
            .iter()
            .fold(self.board.zplayer[player as usize], |h, &b| {
                h ^ self.board.zbox[b as usize]
            })
    }

    /// Lower bound of the boxes in `self.child`, or `None` on a deadlock (some
    /// goal can get no box).
    fn bound(&mut self, dt: u32) -> Option<u32> {
        let b = self.board;
        let n = b.n;
        let table = table_of(&self.tables, b, dt).unwrap_or(&b.dist);
        let ng = b.goals.len();
        let nb = self.nb;
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
        let m = self.hung.solve(ng, nb, &self.cost)?;
        if b.max_chain == 1 || self.opts.optimize == Optimize::Fast {
            Some(m)
        } else {
            // A chain push moves up to `longest` boxes one cell each, so the
            // matching sum may drop by that much in one push: scale it down.
            let longest = (b.max_chain as usize).min(nb).max(1) as u32;
            Some(m.div_ceil(longest).max(max_min))
        }
    }

    /// Solve the matching of the expanded position (`self.cur`, table `dt`)
    /// once, so each child's bound is one re-augmentation away.
    fn prepare_incremental(&mut self, idx: usize, dt: u32) {
        let b = self.board;
        let nb = self.nb;
        self.inc_ok = false;
        if b.goals.len() != nb || (b.max_chain != 1 && self.strategy == Strategy::AStar) {
            return;
        }
        let Some(table) = table_of(&self.tables, b, dt) else {
            return;
        };
        let n = b.n;
        self.base_cost.clear();
        for gi in 0..nb {
            for &c in &self.cur {
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
        self.inc_ok = match at {
            Some(k) => {
                self.hung_base.copy_from(&self.kept[k].2);
                true
            }
            None => self.hung_base.solve(nb, nb, &self.base_cost).is_some(),
        };
        // This expansion's children replace the last one's.
        let (kept, spare) = (&mut self.kept, &mut self.spare);
        spare.extend(kept.drain(..).map(|(_, _, h)| h));
    }

    /// The bound of the child whose box in column `col` of `self.cur` moved
    /// to `e`, by re-solving only that column (square problems, Sokoban
    /// rules or non-optimal search, where the bound is the plain matching).
    fn bound_incremental(&mut self, col: usize, e: usize, dt: u32) -> Option<u32> {
        let b = self.board;
        let nb = self.nb;
        let n = b.n;
        let table = table_of(&self.tables, b, dt)?;
        self.saved_col.clear();
        for gi in 0..nb {
            let slot = gi * nb + col;
            self.saved_col.push(self.base_cost[slot]);
            let d = table[gi * n + e];
            self.base_cost[slot] = if d == INF { BIG } else { i32::from(d) };
        }
        self.hung.copy_from(&self.hung_base);
        let r = self.hung.resolve_column(nb, col, &self.base_cost);
        for gi in 0..nb {
            self.base_cost[gi * nb + col] = self.saved_col[gi];
        }
        r
    }

    /// Whether the box just pushed to `c` is frozen with some frozen box off
    /// a goal (a freeze deadlock). Uses `self.occ` (the child position).
    fn freeze_deadlock(&mut self, c: usize) -> Option<bool> {
        self.frz_budget = 200;
        self.frz_set.clear();
        self.frozen(c)
    }

    /// Return `Some(off_goal)` if the box at `c` can never move (given the
    /// boxes on the current proof path stay), `off_goal` telling whether a
    /// box in the proof is off its goal; `None` if not proved.
    fn frozen(&mut self, c: usize) -> Option<bool> {
        if self.frz_budget == 0 {
            return None;
        }
        self.frz_budget -= 1;
        let b = self.board;
        let mark = self.frz_set.len();
        let boxes_block = b.max_chain == 1;
        self.frz_tmp[c] = true;
        let mut off_goal = !b.goal[c];
        let mut ok = true;
        for (d1, d2) in [(1usize, 3usize), (0, 2)] {
            let x = b.step(c, d1);
            let y = b.step(c, d2);
            if b.wall[x] || b.wall[y] || self.frz_tmp[x] || self.frz_tmp[y] {
                continue;
            }
            if b.dead[x] && b.dead[y] {
                continue;
            }
            let mut blocked = false;
            if boxes_block {
                for z in [x, y] {
                    if self.occ[z]
                        && let Some(og) = self.frozen(z)
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
        self.frz_tmp[c] = false;
        if ok {
            self.frz_set.push(c as u16);
            Some(off_goal)
        } else {
            self.frz_set.truncate(mark);
            None
        }
    }

    /// Store `node` with the boxes in `self.child`; return its index.
    fn push_node(&mut self, node: Node, hash: u64) -> u32 {
        let idx = self.nodes.len() as u32;
        self.nodes.push(node);
        self.arena.extend_from_slice(&self.child);
        self.hashes.push(hash);
        idx
    }

    fn priority(&self, node: &Node, idx: u32) -> Entry {
        let newest = u32::MAX - idx;
        match self.strategy {
            Strategy::Greedy => Reverse((node.h, 0, newest, idx)),
            Strategy::Weighted(w) => Reverse((node.g + w * node.h, node.h, newest, idx)),
            Strategy::AStar => Reverse((node.g + node.h, node.h, newest, idx)),
        }
    }

    fn gave_up(&self) -> Option<GiveUpReason> {
        if let Some(t) = self.opts.timeout
            && self.start.elapsed() >= t
        {
            return Some(GiveUpReason::Timeout);
        }
        if let Some(c) = &self.opts.cancel
            && c.load(Ordering::Relaxed)
        {
            return Some(GiveUpReason::Cancelled);
        }
        if self.halt.is_some_and(|h| h.load(Ordering::Relaxed)) {
            return Some(GiveUpReason::Cancelled);
        }
        None
    }

    /// Refresh the counters that are read off the tables.
    pub fn refresh_stats(&mut self) {
        self.stats.elapsed = self.start.elapsed();
        self.stats.stored = self.nodes.len() as u64;
        self.stats.memory_bytes = self.memory();
    }

    /// The open list's last popped priority (the f bound in A*).
    pub fn bound_now(&self) -> u32 {
        self.last_p1
    }

    /// Store the root; return an end if the search is over already.
    pub fn start(&mut self) -> Option<SearchEnd> {
        let end = self.start_inner();
        self.refresh_stats();
        end
    }

    fn start_inner(&mut self) -> Option<SearchEnd> {
        let b = self.board;
        let moves_mode = self.opts.optimize == Optimize::Moves;
        let optimal = self.opts.optimize != Optimize::Fast;
        // Root.
        self.child.clear();
        self.child.extend_from_slice(&b.boxes0);
        for &c in &b.boxes0 {
            self.occ[c as usize] = true;
        }
        let root_player = if moves_mode {
            b.player0 as usize
        } else {
            moves::normalize(
                b,
                &self.occ,
                b.player0 as usize,
                &mut self.marks2,
                &mut self.queue,
            )
        };
        let mut root_dt = 0;
        if b.prune {
            let mut all = Vec::new();
            for &c in &b.boxes0 {
                if b.goal[c as usize] && self.freeze_deadlock(c as usize) == Some(false) {
                    all.extend_from_slice(&self.frz_set);
                }
            }
            self.frz_set = all;
            root_dt = self.table_for(0);
        }
        let Some(h0) = self.bound(root_dt) else {
            return Some(SearchEnd::Exhausted);
        };
        self.stats.initial_bound = h0;
        let root = Node {
            parent: u32::MAX,
            player: root_player as u16,
            first: 0,
            dir: 0,
            run: 0,
            h: h0,
            g: 0,
            pushes: 0,
            dt: root_dt,
        };
        for &c in &b.boxes0 {
            self.occ[c as usize] = false;
        }
        if !self.ensure_room() {
            return Some(SearchEnd::GaveUp(GiveUpReason::Memory));
        }
        let hash = self.hash_of(&b.boxes0, root.player);
        let slot = match self.lookup(&b.boxes0, root.player, hash) {
            Ok(_) => 0,
            Err(s) => s,
        };
        let idx = self.push_node(root, hash);
        self.table[slot] = idx + 1;
        let entry = self.priority(&root, idx);
        self.heap.push(entry);
        let ng = b.goals.len();
        if Self::goals_done(b, &b.boxes0) == ng {
            return Some(SearchEnd::Found {
                moves: String::new(),
                optimal,
            });
        }
        None
    }

    /// Expand up to `budget` states; return an end if the search is over.
    pub fn advance(&mut self, budget: u64) -> Option<SearchEnd> {
        let end = self.advance_inner(budget);
        self.refresh_stats();
        end
    }

    fn advance_inner(&mut self, budget: u64) -> Option<SearchEnd> {
        let optimal = self.opts.optimize != Optimize::Fast;
        let reopen = self.strategy == Strategy::AStar;
        let stop_at = self.stats.expanded + budget;
        while self.stats.expanded < stop_at {
            let Some(Reverse((p1, _, _, idx))) = self.heap.pop() else {
                return Some(SearchEnd::Exhausted);
            };
            let node = self.nodes[idx as usize];
            if reopen && node.g + node.h != p1 {
                continue; // stale entry: reached again more cheaply
            }
            self.last_p1 = p1;
            self.stats.expanded += 1;
            self.stats.depth = self.stats.depth.max(node.pushes);
            if self.stats.expanded & 255 == 1
                && let Some(r) = self.gave_up()
            {
                return Some(SearchEnd::GaveUp(r));
            }
            if reopen && node.h == 0 {
                return Some(SearchEnd::Found {
                    moves: self.moves_to(idx as usize),
                    optimal,
                });
            }
            match self.expand(idx as usize, node) {
                Ok(Some(goal)) => {
                    return Some(SearchEnd::Found {
                        moves: self.moves_to(goal),
                        optimal,
                    });
                }
                Ok(None) => {}
                Err(r) => return Some(SearchEnd::GaveUp(r)),
            }
        }
        None
    }

    fn goals_done(b: &Board, boxes: &[u16]) -> usize {
        boxes.iter().filter(|c| b.goal[**c as usize]).count()
    }

    /// Expand node `idx`. In fast mode, return a generated goal node at once.
    fn expand(&mut self, idx: usize, node: Node) -> Result<Option<usize>, GiveUpReason> {
        let b = self.board;
        let nb = self.nb;
        let moves_mode = self.opts.optimize == Optimize::Moves;
        let fast = self.strategy != Strategy::AStar;
        self.cur.clear();
        self.cur
            .extend_from_slice(&self.arena[idx * nb..(idx + 1) * nb]);
        for &c in &self.cur {
            self.occ[c as usize] = true;
        }
        moves::reach(
            b,
            &self.occ,
            node.player as usize,
            &mut self.marks,
            &mut self.region,
            &mut self.dist,
        );
        let mut pushes = std::mem::take(&mut self.pushes);
        pushes.clear();
        moves::for_each_push(b, &self.occ, &self.region, |c, d, first, e| {
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
        let goals_here = Self::goals_done(b, &self.cur);
        self.prepare_incremental(idx, node.dt);
        let ng = b.goals.len();
        let mut result = Ok(None);
        for &(c, d, first, e) in &pushes {
            let (c, first, e) = (c as usize, first as usize, e as usize);
            if b.prune && b.dead[e] {
                continue;
            }
            self.stats.generated += 1;
            self.occ[first] = false;
            self.occ[e] = true;
            // A tunnel run pushes the box on while the rule allows; the
            // player ends behind it at `behind`.
            let (mut behind, mut end, mut run) = (first, e, 1u16);
            if self.use_tunnels {
                while let Some(next) = self.tunnel_next(end, d as usize) {
                    self.occ[end] = false;
                    self.occ[next] = true;
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
            self.occ[first] = true;
            self.occ[end] = false;
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
        for &c in &self.cur {
            self.occ[c as usize] = false;
        }
        self.pushes = pushes;
        result
    }

    /// PI-corral analysis of the position in `self.occ` with the player's
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
    fn pi_corral(&mut self) -> Corral {
        let b = self.board;
        self.touched.clear();
        let mut best: Option<(usize, u32)> = None;
        let mut next_id = 0u32;
        for bi in 0..self.cur.len() {
            let start = self.cur[bi] as usize;
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
            let needs_work = cells
                .iter()
                .any(|&x| (b.goal[x] && !self.occ[x]) || (b.prune && self.occ[x] && !b.goal[x]));
            if !needs_work {
                continue;
            }
            let mut ok = true;
            let mut count = 0usize;
            'fence: for &x in cells {
                if !self.occ[x] || !(0..4).any(|d| self.marks.get(b.step(x, d))) {
                    continue;
                }
                for d in 0..4 {
                    let s = b.step(x, (d + 2) % 4);
                    let t = b.step(x, d);
                    if b.wall[s] || b.wall[t] || self.area[s] == id {
                        continue;
                    }
                    if self.area[t] != id || (!self.occ[t] && !self.marks.get(s)) {
                        ok = false;
                        break 'fence;
                    }
                    if !self.occ[t] {
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

    /// The cell a tunnel run pushes the box at `e` on to, in direction `d`,
    /// if the tunnel rule applies (see the crate docs): the box is off goal,
    /// walls flank it and the next cell across the push, and the next cell
    /// is free.
    fn tunnel_next(&self, e: usize, d: usize) -> Option<usize> {
        let b = self.board;
        let flanked = |x: usize| b.wall[b.step(x, (d + 1) % 4)] && b.wall[b.step(x, (d + 3) % 4)];
        if b.goal[e] || !flanked(e) {
            return None;
        }
        let next = b.step(e, d);
        (!b.wall[next] && !self.occ[next] && flanked(next)).then_some(next)
    }

    /// Make, bound and store the child of `push` (`self.occ` already shows
    /// the child). Return its index if it is solved.
    fn child_of(
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
        for &x in &self.cur {
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
            moves::normalize(b, &self.occ, behind, &mut self.marks2, &mut self.queue)
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
        let bound = if self.inc_ok && dt == node.dt {
            match self.cur.binary_search(&first16) {
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
            h.copy_from(&self.hung);
            h.move_column(col, to);
            self.kept.push((new, dt, h));
        }
        let entry = self.priority(&child, new);
        self.heap.push(entry);
        let goals = goals_here + usize::from(b.goal[e]) - usize::from(b.goal[first]);
        Ok((goals == ng).then_some(new as usize))
    }

    /// Rebuild the LURD moves from the root to node `goal`.
    fn moves_to(&mut self, goal: usize) -> String {
        let b = self.board;
        let mut path = Vec::new();
        let mut i = goal;
        while self.nodes[i].parent != u32::MAX {
            path.push(i);
            i = self.nodes[i].parent as usize;
        }
        path.reverse();
        let mut occ = vec![false; b.n];
        for &c in &b.boxes0 {
            occ[c as usize] = true;
        }
        let mut came = vec![0u8; b.n];
        let mut player = b.player0 as usize;
        let mut out = String::new();
        for i in path {
            let node = self.nodes[i];
            let d = node.dir as usize;
            let first = node.first as usize;
            let stand = b.step(first, (d + 2) % 4);
            let Some(walk) = moves::walk_path(
                b,
                &occ,
                player,
                stand,
                &mut self.marks,
                &mut self.queue,
                &mut came,
            ) else {
                // Cannot happen for a stored path; the replay check reports it.
                break;
            };
            out.extend(walk.iter().map(|w| WALK[*w as usize]));
            player = stand;
            for _ in 0..node.run {
                match moves::step(b, &mut occ, player, d) {
                    moves::StepResult::Pushed { first: f, .. } => {
                        out.push(PUSH[d]);
                        player = f;
                    }
                    // Cannot happen for a stored path; the replay check reports it.
                    _ => break,
                }
            }
        }
        out
    }
}
