//! One search: A* (optimal modes), greedy best-first or weighted A* (fast
//! mode's portfolio) over push-level states, with a bounded transposition
//! table, run in slices so several searches can take turns.
//!
//! By concern: [`table`] stores the states, [`bound`] computes the lower
//! bound, [`deadlock`] finds frozen boxes, [`corral`] restricts the pushes
//! to a PI-corral's, [`goal_room`] finds goal rooms and makes goal macros,
//! and [`expansion`] makes a state's children. [`Search`] holds one part
//! per concern.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::board::{Board, PUSH, WALK};
use crate::moves::{self, Marks};
use crate::options::{GiveUpReason, Optimize, SolveOptions, Stats};

mod bound;
mod corral;
mod deadlock;
mod expansion;
mod goal_room;
mod node;
mod table;

use node::{MACRO, Node};

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
    /// A goal macro: its first push in [`Search::macro_pushes`].
    at: Option<u32>,
}

/// Heap entry: (primary, tie, secondary, tie-break, node). The tie is the
/// pushes in move-optimal A* (among the fewest moves, the fewest pushes:
/// the cost is `(moves, pushes)` in that order), else 0.
type Entry = Reverse<(u32, u32, u32, u32, u32)>;

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

/// How a search ended.
pub(crate) enum SearchEnd {
    /// The goal node's moves (LURD).
    Found { moves: String, optimal: bool },
    /// Every state searched, none solved.
    Exhausted,
    /// A limit stopped it.
    GaveUp(GiveUpReason),
}

/// What a search was asked to do, fixed for its whole run.
struct Config<'a> {
    board: &'a Board,
    opts: &'a SolveOptions,
    /// Boxes per state.
    box_count: usize,
    /// Open-list order.
    strategy: Strategy,
    /// PI-corral pruning (Sokoban rules, not move-optimal).
    use_corrals: bool,
    /// Tunnel runs (asked for with the macros, Sokoban rules, as many
    /// boxes as goals, fast mode): a search that took one is not complete.
    use_tunnels: bool,
    /// Goal macros (asked for, not A*, Sokoban rules, as many boxes as
    /// goals, some goal room with a packing order): not complete.
    use_macros: bool,
    /// Set by another search of the portfolio when it has finished.
    halt: Option<&'a AtomicBool>,
    /// When the solve started on the options' clock (the timeout counts
    /// from here).
    start: Duration,
    /// The most positions this search may expand.
    max_positions: Option<u64>,
    /// Bytes the table, open list and distance tables may hold.
    limit_bytes: u64,
}

/// Per-expansion buffers: the position being expanded and the child being
/// made, both as sorted box cells and as an occupancy grid.
struct Scratch {
    /// Box per cell: the expanded position, changed in place to each child
    /// while it is made.
    occupied: Vec<bool>,
    /// The expanded position's player region (cells reachable without a push).
    region_marks: Marks,
    /// The same region in BFS order, and the walking distance to each cell.
    region: Vec<u16>,
    dist: Vec<u32>,
    /// The region's smallest and second smallest cells (`usize::MAX`: none).
    region_min: (usize, usize),
    /// Marks and queue of the child's normalization flood and of path rebuilding.
    marks: Marks,
    queue: Vec<u16>,
    /// The expanded position's sorted boxes.
    current: Vec<u16>,
    /// The child's sorted boxes.
    child: Vec<u16>,
    /// The expanded position's pushes: (player cell, direction, first box
    /// cell, cell the chain's far end moves into).
    pushes: Vec<(u16, u8, u16, u16)>,
}

/// What one search may use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Bytes the table, open list and distance tables may hold.
    pub bytes: u64,
    /// Positions it may expand (`None`: no limit).
    pub positions: Option<u64>,
}

/// The search's working state, by concern.
pub(crate) struct Search<'a> {
    /// What the search was asked to do.
    cfg: Config<'a>,
    /// Every state stored (see [`table`]).
    table: table::Table,
    /// The open list.
    heap: BinaryHeap<Entry>,
    /// Distance tables with frozen boxes as walls (see [`bound`]).
    dist_tables: bound::DistTables,
    /// The matchings (see [`bound`]).
    bound: bound::Bound,
    /// The freeze test (see [`deadlock`]).
    freeze: deadlock::Freeze,
    /// The PI-corral analysis (see [`corral`]).
    corrals: corral::Corrals,
    /// Goal rooms and their packing orders (see [`goal_room`]).
    rooms: Option<goal_room::GoalRooms>,
    /// The pushes of every stored goal macro, one after another.
    macro_pushes: Vec<goal_room::MacroPush>,
    /// Buffers of the expansion under way.
    scratch: Scratch,
    /// Whether a tunnel run was taken (see [`Search::complete`]).
    ran_tunnel: bool,
    /// The open list's last popped priority.
    last_priority: u32,
    /// The counters reported to the caller.
    pub stats: Stats,
}

impl<'a> Search<'a> {
    /// Set up a search of `board`.
    pub fn new(
        board: &'a Board,
        opts: &'a SolveOptions,
        strategy: Strategy,
        macros: bool,
        limits: Limits,
        halt: Option<&'a AtomicBool>,
        start: Duration,
    ) -> Search<'a> {
        let Limits {
            bytes: limit_bytes,
            positions: max_positions,
        } = limits;
        let n = board.n;
        let box_count = board.boxes0.len();
        let rooms = (macros
            && strategy != Strategy::AStar
            && board.max_chain == 1
            && board.prune
            && opts.optimize == Optimize::Fast)
            .then(|| goal_room::GoalRooms::new(board))
            .filter(goal_room::GoalRooms::any);
        Search {
            cfg: Config {
                board,
                opts,
                box_count,
                strategy,
                // PI-corral pruning keeps push-optimality but not
                // move-optimality, and its reasoning is for one box per push.
                use_corrals: board.max_chain == 1 && opts.optimize != Optimize::Moves,
                // Tunnel runs keep solvability, not push counts, and their
                // reasoning is for one box per push and every box on a goal
                // (`board.prune`: as many boxes as goals); with the corrals,
                // their exhaustion proves nothing (see the crate docs), so
                // they come and go with the goal macros.
                use_tunnels: macros
                    && board.max_chain == 1
                    && board.prune
                    && opts.optimize == Optimize::Fast,
                use_macros: rooms.is_some(),
                halt,
                start,
                max_positions,
                limit_bytes,
            },
            table: table::Table::new(box_count),
            heap: BinaryHeap::new(),
            dist_tables: bound::DistTables::new(),
            bound: bound::Bound::default(),
            freeze: deadlock::Freeze::new(n),
            corrals: corral::Corrals::new(n),
            rooms,
            macro_pushes: Vec::new(),
            scratch: Scratch {
                occupied: vec![false; n],
                region_marks: Marks::new(n),
                region: Vec::with_capacity(n),
                dist: vec![0; n],
                region_min: (0, usize::MAX),
                marks: Marks::new(n),
                queue: Vec::with_capacity(n),
                current: Vec::new(),
                child: Vec::new(),
                pushes: Vec::with_capacity(64),
            },
            last_priority: 0,
            ran_tunnel: false,
            stats: Stats::default(),
        }
    }

    fn priority(&self, node: &Node, idx: u32) -> Entry {
        let newest = u32::MAX - idx;
        match self.cfg.strategy {
            Strategy::Greedy => Reverse((node.h, 0, 0, newest, idx)),
            Strategy::Weighted(w) => Reverse((node.g + w * node.h, 0, node.h, newest, idx)),
            Strategy::AStar => Reverse((node.g + node.h, self.tie(node), node.h, newest, idx)),
        }
    }

    /// The tie of a node's cost after its `g`: its pushes in moves mode
    /// (see [`Entry`]), else 0.
    fn tie(&self, node: &Node) -> u32 {
        if self.cfg.opts.optimize == Optimize::Moves {
            node.pushes
        } else {
            0
        }
    }

    fn gave_up(&self) -> Option<GiveUpReason> {
        if let Some(t) = self.cfg.opts.timeout
            && self.cfg.opts.since(self.cfg.start) >= t
        {
            return Some(GiveUpReason::Timeout);
        }
        if let Some(c) = &self.cfg.opts.cancel
            && c.load(Ordering::Relaxed)
        {
            return Some(GiveUpReason::Cancelled);
        }
        if self.cfg.halt.is_some_and(|h| h.load(Ordering::Relaxed)) {
            return Some(GiveUpReason::Cancelled);
        }
        None
    }

    /// Bytes counted against the memory limit: the table, the open list
    /// and the distance tables.
    fn memory(&self) -> u64 {
        self.table.memory()
            + (self.heap.capacity() * size_of::<Entry>()) as u64
            + self.dist_tables.memory(self.cfg.board)
            + (self.macro_pushes.capacity() * size_of::<goal_room::MacroPush>()) as u64
    }

    /// Whether running out of states proves the level unsolvable: goal
    /// macros make a search incomplete, and so does a tunnel run taken
    /// (one that never ran searched the graph without them).
    pub fn complete(&self) -> bool {
        !self.cfg.use_macros && !self.ran_tunnel
    }

    /// The search's open-list order.
    pub fn strategy(&self) -> Strategy {
        self.cfg.strategy
    }

    /// Make room for one more node and one more heap entry, within the
    /// memory limit; `false` if the limit forbids it.
    fn ensure_room(&mut self) -> bool {
        let heap_grow = if self.heap.len() < self.heap.capacity() {
            0
        } else {
            (self.heap.capacity().max(1024) * size_of::<Entry>()) as u64
        };
        if self.memory() + self.table.growth() + heap_grow > self.cfg.limit_bytes {
            return false;
        }
        self.table.reserve_one();
        if self.heap.len() >= self.heap.capacity() {
            self.heap.reserve_exact(self.heap.capacity().max(1024));
        }
        true
    }

    /// The distance table for table `parent`'s frozen set plus the boxes the
    /// last freeze test proved frozen (on goals).
    fn table_for(&mut self, parent: u32) -> u32 {
        let room = self.cfg.limit_bytes.saturating_sub(self.memory());
        self.dist_tables
            .table_for(self.cfg.board, parent, &self.freeze.set, room)
    }

    /// The bound of the boxes in `self.scratch.child` on table `dt`, or
    /// `None` on a deadlock.
    fn full_bound(&mut self, dt: u32) -> Option<u32> {
        let b = self.cfg.board;
        let table = self.dist_tables.get(b, dt).unwrap_or(&b.dist);
        // A chain push moves up to `longest` boxes one cell each, so the
        // matching sum may drop by that much in one push: optimal modes
        // scale it down.
        let chain = if b.max_chain == 1 || self.cfg.opts.optimize == Optimize::Fast {
            1
        } else {
            (b.max_chain as usize).min(self.cfg.box_count).max(1) as u32
        };
        self.bound.full(b, table, &self.scratch.child, chain)
    }

    /// Refresh the counters that are read off the tables.
    pub fn refresh_stats(&mut self) {
        self.stats.elapsed = self.cfg.opts.since(self.cfg.start);
        self.stats.stored = self.table.nodes.len() as u64;
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
        let b = self.cfg.board;
        let optimal = self.cfg.opts.optimize != Optimize::Fast;
        let sc = &mut self.scratch;
        sc.child.clear();
        sc.child.extend_from_slice(&b.boxes0);
        for &c in &b.boxes0 {
            sc.occupied[c as usize] = true;
        }
        let root_player = if self.cfg.opts.optimize == Optimize::Moves {
            b.player0 as usize
        } else {
            moves::normalize(
                b,
                &sc.occupied,
                b.player0 as usize,
                &mut sc.marks,
                &mut sc.queue,
            )
        };
        let mut root_dt = 0;
        if b.prune {
            let mut all = Vec::new();
            for &c in &b.boxes0 {
                if b.goal[c as usize]
                    && self
                        .freeze
                        .test(b, &self.scratch.occupied, b.player0 as usize, c as usize)
                        == Some(false)
                {
                    all.extend_from_slice(&self.freeze.set);
                }
            }
            self.freeze.set = all;
            root_dt = self.table_for(0);
        }
        for &c in &b.boxes0 {
            self.scratch.occupied[c as usize] = false;
        }
        let Some(h0) = self.full_bound(root_dt) else {
            return Some(SearchEnd::Exhausted);
        };
        self.stats.initial_bound = h0;
        let root = Node {
            parent: u32::MAX,
            player: root_player as u16,
            first: 0,
            dir: 0,
            run: 0,
            at: 0,
            h: h0,
            g: 0,
            pushes: 0,
            dt: root_dt,
        };
        if !self.ensure_room() {
            return Some(SearchEnd::GaveUp(GiveUpReason::Memory));
        }
        let hash = table::Table::hash_of(b, &b.boxes0, root.player);
        let Err(slot) = self.table.lookup(&b.boxes0, root.player, hash) else {
            return None; // cannot happen: the table is empty
        };
        let idx = self.table.insert(slot, root, &b.boxes0, hash);
        let entry = self.priority(&root, idx);
        self.heap.push(entry);
        if node::goals_done(b, &b.boxes0) == b.goals.len() {
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
        let optimal = self.cfg.opts.optimize != Optimize::Fast;
        let reopen = self.cfg.strategy == Strategy::AStar;
        let stop_at = self.stats.expanded + budget;
        while self.stats.expanded < stop_at {
            let Some(Reverse((p1, p2, _, _, idx))) = self.heap.pop() else {
                return Some(SearchEnd::Exhausted);
            };
            let node = self.table.nodes[idx as usize];
            if reopen && (node.g + node.h != p1 || self.tie(&node) != p2) {
                continue; // stale entry: reached again more cheaply
            }
            if self
                .cfg
                .max_positions
                .is_some_and(|m| self.stats.expanded >= m)
            {
                return Some(SearchEnd::GaveUp(GiveUpReason::Budget));
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
        let b = self.cfg.board;
        let nodes = &self.table.nodes;
        let mut path = Vec::new();
        let mut i = goal;
        while nodes[i].parent != u32::MAX {
            path.push(i);
            i = nodes[i].parent as usize;
        }
        path.reverse();
        let mut occupied = vec![false; b.n];
        for &c in &b.boxes0 {
            occupied[c as usize] = true;
        }
        let mut came = vec![0u8; b.n];
        let mut player = b.player0 as usize;
        let mut out = String::new();
        // Each step as (box cell, direction, pushes in a row).
        let mut steps = Vec::new();
        for i in path {
            let node = nodes[i];
            if node.dir == MACRO {
                let at = node.at as usize;
                let pushes = self.macro_pushes.get(at..at + usize::from(node.run));
                for &(c, d) in pushes.unwrap_or_default() {
                    steps.push((c as usize, d as usize, 1));
                }
            } else {
                steps.push((node.first as usize, node.dir as usize, node.run));
            }
        }
        for (first, d, run) in steps {
            let stand = b.step(first, (d + 2) % 4);
            let Some(walk) = moves::walk_path(
                b,
                &occupied,
                player,
                stand,
                &mut self.scratch.marks,
                &mut self.scratch.queue,
                &mut came,
            ) else {
                // Cannot happen for a stored path; the replay check reports it.
                break;
            };
            out.extend(walk.iter().map(|w| WALK[*w as usize]));
            player = stand;
            for _ in 0..run {
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
