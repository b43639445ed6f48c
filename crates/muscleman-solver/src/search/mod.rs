//! One search: A* (optimal modes), greedy best-first or weighted A* (fast
//! mode's portfolio) over push-level states, with a bounded transposition
//! table, run in slices so several searches can take turns.
//!
//! By concern: [`table`] stores the states, [`bound`] computes the lower
//! bound, [`deadlock`] finds frozen boxes, [`corral`] restricts the pushes
//! to a PI-corral's, and [`expansion`] makes a state's children.

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

mod bound;
mod corral;
mod deadlock;
mod expansion;
mod table;

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
    box_count: usize,
    nodes: Vec<Node>,
    arena: Vec<u16>,
    hashes: Vec<u64>,
    table: Vec<u32>,
    heap: BinaryHeap<Entry>,
    occupied: Vec<bool>,
    marks: Marks,
    second_marks: Marks,
    region: Vec<u16>,
    queue: Vec<u16>,
    dist: Vec<u32>,
    current: Vec<u16>,
    child: Vec<u16>,
    cost: Vec<i32>,
    matching: Hungarian,
    base_matching: Hungarian,
    /// Matching states of the last expansion's children: node index,
    /// distance table, and the solved matching (columns in the child's
    /// sorted box order).
    kept: Vec<(u32, u32, Hungarian)>,
    /// Spare matching states, to reuse their buffers.
    spare: Vec<Hungarian>,
    base_cost: Vec<i32>,
    saved_column: Vec<i32>,
    incremental_ready: bool,
    frozen_scratch: Vec<bool>,
    area: Vec<u32>,
    tables: Vec<Vec<u16>>,
    table_sets: Vec<Vec<u16>>,
    table_index: BTreeMap<Vec<u16>, u32>,
    frozen_set: Vec<u16>,
    union: Vec<u16>,
    touched: Vec<usize>,
    stack: Vec<usize>,
    pushes: Vec<(u16, u8, u16, u16)>,
    use_corrals: bool,
    use_tunnels: bool,
    strategy: Strategy,
    halt: Option<&'a AtomicBool>,
    last_priority: u32,
    freeze_budget: u32,
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
            box_count: board.boxes0.len(),
            nodes: Vec::new(),
            arena: Vec::new(),
            hashes: Vec::new(),
            table: vec![0; 1 << 12],
            heap: BinaryHeap::new(),
            occupied: vec![false; n],
            marks: Marks::new(n),
            second_marks: Marks::new(n),
            region: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
            dist: vec![0; n],
            current: Vec::new(),
            child: Vec::new(),
            cost: Vec::new(),
            matching: Hungarian::default(),
            base_matching: Hungarian::default(),
            kept: Vec::new(),
            spare: Vec::new(),
            base_cost: Vec::new(),
            saved_column: Vec::new(),
            incremental_ready: false,
            frozen_scratch: vec![false; n],
            area: vec![0; n],
            // Table 0 is the board's own; the others add frozen boxes.
            tables: vec![Vec::new()],
            table_sets: vec![Vec::new()],
            table_index: BTreeMap::new(),
            frozen_set: Vec::new(),
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
            last_priority: 0,
            freeze_budget: 0,
            limit_bytes,
            stats: Stats::default(),
            start,
        }
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
        self.last_priority
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
            self.occupied[c as usize] = true;
        }
        let root_player = if moves_mode {
            b.player0 as usize
        } else {
            moves::normalize(
                b,
                &self.occupied,
                b.player0 as usize,
                &mut self.second_marks,
                &mut self.queue,
            )
        };
        let mut root_dt = 0;
        if b.prune {
            let mut all = Vec::new();
            for &c in &b.boxes0 {
                if b.goal[c as usize] && self.freeze_deadlock(c as usize) == Some(false) {
                    all.extend_from_slice(&self.frozen_set);
                }
            }
            self.frozen_set = all;
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
            self.occupied[c as usize] = false;
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
            self.last_priority = p1;
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
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
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
                &occupied,
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
                match moves::step(b, &mut occupied, player, d) {
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
