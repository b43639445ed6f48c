//! The general search: breadth-first over the real sim's positions, with
//! every input the rules allow.
//!
//! It covers what the fast push search does not: grabs, pulls and swings,
//! water, keys, doors, plates, collectibles and hammers, and the floor
//! beyond an open level's edge. Positions are the sim's own, kept in a
//! [`Trail`] (a world whose steps are taken back through their journal), so
//! the rules are the sim's by construction; [`key::KeyWriter`] writes each
//! position's exact key, and [`table::Table`] finds duplicates by comparing
//! whole keys, never hashes alone.
//!
//! - **Inputs**: the four moves, grab, drop, the two swings and wait, in
//!   that order. With pruning on, only inputs the rules make no-ops are
//!   skipped: grab, drop and the swings without hands, grab with full hands
//!   and drop with empty ones (rules.md §4). A step that changes nothing
//!   makes no new position.
//! - **Order**: [`Optimize::Fast`] is breadth-first in inputs (the first
//!   solved position generated ends the search). [`Optimize::Moves`] and
//!   [`Optimize::Pushes`] cost a step 1 when the player walked (a push
//!   included), or when something moved by the player's action, and 0
//!   otherwise, and search with a double-ended queue (0-1 breadth-first):
//!   positions leave it in order of cost, so the first solved one taken
//!   off is optimal.
//! - **Dead positions** (pruning on): fewer boxes than goals (no rule makes
//!   a box), and, without hands, a box on a cell from which no run of
//!   pushes past strong walls reaches a goal or the level's edge, when
//!   there are no spare boxes ([`key::DeadCells::unreachable`]: the fast
//!   search's dead squares, with everything but strong walls as floor).
//!   With hands no cell is dead (a box can be grabbed and pulled out of
//!   any corner), so none is pruned.
//! - **Facing** (pruning on, no hands): nothing but grab, carry and swing
//!   reads the player's Facing, so without hands the key leaves it out and
//!   a turn into a wall makes no new position.
//! - **Free region** (pruning on, no hands, push-optimal, no plates or
//!   collectibles in the level or inside a box): the key holds the
//!   smallest cell by (y, x) of the player's free region instead of its
//!   cell ([`region::Regions::canonical`]), so positions that differ only in
//!   where the player stands within one region are filed as one, as the
//!   fast push search does. A cell is free when the player can walk onto it
//!   and no rule answers: no blocker, no pushable, no water nothing fills,
//!   no door (a door shuts on an empty doorway), no plate, no collectible,
//!   inside the bound. A walk from a free cell onto a free cell then
//!   changes only the player's cell and Facing, and Facing is read only
//!   with hands, so two positions with equal keys reach each other by
//!   walks (which push nothing, so cost nothing) and have the same
//!   futures. The fill
//!   and the tour stay inside the bound; a walk past it is tried as an
//!   input from the region's edge and cut as below. Expanding such a node
//!   tours its region: the trail walks depth-first onto every free cell of
//!   it, checking each walk's only event is the player's move (anything
//!   else is reported as a solver bug, never merged), and tries every other
//!   input from every cell; a child remembers the cell its input was taken
//!   from, and replaying a node walks the shortest way there first. Plates
//!   and collectibles are left out on the safe side: under today's rules a
//!   plate follows what stands on it and a coin counts on no goal, but
//!   both change the world under the player's own steps. With hands,
//!   Facing and the player's cell decide what a grab or a swing does;
//!   move-optimal search needs the exact cell (a walk is a move); so
//!   neither is normalized. Fast mode would be sound too, but is left
//!   exact on measurement (BENCHMARKS.md, issue 15): breadth-first in
//!   inputs, it finds solutions short in moves early, while over regions
//!   it goes breadth-first in pushes, each position costing a tour of its
//!   region (about ten times a plain position's expansion), so on an open
//!   level whose solution is short in moves it was 58 times slower. The
//!   property tests of `tests/general.rs` hold
//!   the stored positions of goal-less levels equal to the reference's walk
//!   classes and every verdict equal to the reference's.
//! - **Not done**: freeze or corral deadlocks, or a lower bound.
//! - **Bound**: nothing may step past the level's rectangle plus
//!   [`MARGIN`] cells (the sim's grid is unbounded, with floor beyond an
//!   open edge). A step that would is cut, and a search that runs out after
//!   cutting one proves nothing; one that never cut anything covered every
//!   position the sim can reach, which is a proof.

pub(crate) mod key;
pub(crate) mod region;
pub(crate) mod table;

use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use muscleman_core::{
    EntityRecipe, GridDir, GridPos, Input, MoveCause, Moved, RecipeState, SimEvent,
};
use muscleman_level::Level;
use muscleman_sim::{Game, TagKind, Trail};

use crate::error::SolveError;
use crate::options::{GiveUpReason, Optimize, Progress, SolveOptions, Stats};
use key::{Census, DeadCells, KeyWriter, counts_on_goal};
use region::Regions;
use table::{EXPANDED, Insert, NONE, ON_TRAIL, SOLVED, Table};

/// Cells past the level's rectangle, on every side, that the search lets
/// the player and what it moves reach.
pub const MARGIN: i32 = 2;

/// Every input the rules have, in the order the search tries them.
pub(crate) const INPUTS: [Input; 9] = Input::ALL;

/// How a general search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Explored {
    /// A solution, not yet replayed.
    Found {
        /// The inputs, in order.
        inputs: Vec<Input>,
        /// Whether the search proved its cost minimal.
        optimal: bool,
    },
    /// Every reachable position was searched: no solution exists.
    Exhausted,
    /// Every position inside the bound was searched, but something stepped
    /// past it (first at `at`): nothing is known.
    Bounded {
        /// The first cell past the bound a step reached.
        at: GridPos,
    },
    /// A limit stopped it.
    GaveUp(GiveUpReason),
}

/// What the general search needs to know of a level besides its world.
#[derive(Clone, Debug)]
struct Facts {
    goals: Vec<GridPos>,
    /// The smallest and largest cell any step may reach.
    min: GridPos,
    max: GridPos,
}

impl Facts {
    fn of(level: &Level) -> Facts {
        let w = i32::try_from(level.width()).unwrap_or(i32::MAX);
        let h = i32::try_from(level.height()).unwrap_or(i32::MAX);
        Facts {
            goals: level.positions_of(EntityRecipe::Goal).collect(),
            min: GridPos::new(-MARGIN, -MARGIN),
            max: GridPos::new(
                w.saturating_sub(1).saturating_add(MARGIN),
                h.saturating_sub(1).saturating_add(MARGIN),
            ),
        }
    }

    fn inside(&self, at: GridPos) -> bool {
        (self.min.x..=self.max.x).contains(&at.x) && (self.min.y..=self.max.y).contains(&at.y)
    }
}

/// Return how many goals and how many boxes (boxes and heavy boxes not
/// sunk) `level` starts with.
pub(crate) fn goals_and_boxes(level: &Level) -> (usize, usize) {
    let mut goals = 0;
    let mut boxes = 0;
    for (_, spec) in level.entities() {
        match spec.recipe {
            EntityRecipe::Goal => goals += 1,
            EntityRecipe::Box => boxes += 1,
            EntityRecipe::HeavyBox if spec.state != Some(RecipeState::Sunk) => boxes += 1,
            _ => {}
        }
    }
    (goals, boxes)
}

/// The search's working state.
struct Search<'a> {
    options: &'a SolveOptions,
    prune: bool,
    /// Whether keys hold the player's region instead of its cell (see the
    /// module docs, "Free region").
    normalize: bool,
    facts: Facts,
    trail: Trail,
    writer: KeyWriter,
    table: Table,
    regions: Regions,
    /// Per node, when normalizing: the player's cell just before the input
    /// that reached it (a walk over the parent's region leads there first).
    from: Vec<GridPos>,
    /// The inputs of the trail's steps, the first first.
    inputs: Vec<Input>,
    /// A walk's directions (scratch).
    walk: Vec<GridDir>,
    /// A tour's cells, each with the next direction to try (scratch).
    tour: Vec<(GridPos, u8)>,
    /// The nodes along the trail's path, the start first, each with the
    /// number of trail steps that reached it from the one before.
    path: Vec<(u32, u32)>,
    /// Nodes to expand, each with the cost it was queued at.
    queue: VecDeque<(u32, u32)>,
    key: Vec<u32>,
    chain: Vec<u32>,
    stats: Stats,
    started: Instant,
    deadline: Option<Instant>,
    /// The first cell past the bound a step reached, if any.
    cut: Option<GridPos>,
}

/// Search `level` under `options` with every input of the rules; `prune`
/// turns on the sound prunings of the module docs (off: a plain search,
/// the reference of the property test). `budget` is the time left.
pub(crate) fn explore(
    level: &Level,
    options: &SolveOptions,
    prune: bool,
    budget: Option<Duration>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Explored, Stats), SolveError> {
    let trail = Trail::new(level, options.rules).map_err(|e| SolveError::Level {
        message: e.to_string(),
    })?;
    let dead = if prune && !options.rules.hands {
        DeadCells::unreachable(level)
    } else {
        DeadCells::default()
    };
    // Without hands nothing reads Facing: the pruned search files positions
    // that differ only in it as one (see `KeyWriter::new`).
    let facing = !prune || options.rules.hands;
    let writer = KeyWriter::new(level, trail.world(), trail.player(), dead, facing);
    // Push-optimal only: see the module docs, "Free region".
    let normalize = prune
        && !options.rules.hands
        && options.optimize == Optimize::Pushes
        && region::walks_change_nothing(level);
    let facts = Facts::of(level);
    // Its cell masks are allocated only where they are used.
    let regions = if normalize {
        Regions::new(level, facts.min, facts.max)
    } else {
        Regions::unused()
    };
    let started = Instant::now();
    let mut search = Search {
        options,
        prune,
        normalize,
        facts,
        trail,
        writer,
        table: Table::default(),
        regions,
        from: Vec::new(),
        inputs: Vec::new(),
        walk: Vec::new(),
        tour: Vec::new(),
        path: Vec::new(),
        queue: VecDeque::new(),
        key: Vec::new(),
        chain: Vec::new(),
        stats: Stats::default(),
        started,
        deadline: budget.map(|b| started + b),
        cut: None,
    };
    let end = search.run(progress)?;
    search.stats.elapsed = search.started.elapsed();
    search.stats.memory_bytes = search.bytes();
    search.stats.stored = search.table.len() as u64;
    Ok((end, search.stats))
}

impl Search<'_> {
    fn bytes(&self) -> u64 {
        self.table.bytes()
            + (self.queue.capacity() * std::mem::size_of::<(u32, u32)>()) as u64
            + (self.path.capacity() * std::mem::size_of::<(u32, u32)>()) as u64
            + (self.from.capacity() * std::mem::size_of::<GridPos>()) as u64
            + self.regions.bytes()
    }

    /// Take one step on the trail, keeping its input.
    fn step(&mut self, input: Input) -> Result<bool, SolveError> {
        let changed = self.trail.step(input).map_err(sim_error)?;
        self.inputs.push(input);
        Ok(changed)
    }

    /// Take the trail's last step back.
    fn back(&mut self) -> Result<(), SolveError> {
        self.trail.back().map_err(sim_error)?;
        self.inputs.pop();
        Ok(())
    }

    /// Walk the player from `from` one cell in `dir`, onto a free cell of
    /// its region, and check that the step changed nothing but the
    /// player's cell (and Facing): its only event is the player's move
    /// there. A step that did more is a solver bug, never a merged
    /// position.
    fn walk_step(&mut self, from: GridPos, dir: GridDir) -> Result<(), SolveError> {
        self.step(Input::Move(dir))?;
        let player = self.trail.player();
        let expected = Moved {
            entity: player,
            from,
            to: from.step(dir),
            cause: MoveCause::Player,
        };
        match self.trail.events().events() {
            [SimEvent::Moved(m)] if *m == expected => Ok(()),
            other => Err(SolveError::Level {
                message: format!(
                    "a walk of the general search from {from:?} {dir} did more than move the \
                     player: {other:?} (a solver bug)"
                ),
            }),
        }
    }

    /// Return the cell the key writes for the player of the trail's
    /// position: its region's when normalizing, else its own.
    fn player_key_cell(&mut self) -> Option<GridPos> {
        if self.normalize {
            self.regions
                .canonical(self.trail.world(), self.trail.player())
        } else {
            None
        }
    }

    /// Return the player's cell.
    fn player_at(&self) -> Option<GridPos> {
        self.trail.world().position(self.trail.player()).ok()
    }

    fn optimal(&self) -> bool {
        self.options.optimize != Optimize::Fast
    }

    fn solved(&self) -> bool {
        let index = self.trail.world().index();
        !self.facts.goals.is_empty()
            && self
                .facts
                .goals
                .iter()
                .all(|g| index.tagged_at(*g).any(|(_, tags)| counts_on_goal(tags)))
    }

    fn dead(&self, census: Census) -> bool {
        let goals = self.facts.goals.len() as u64;
        let boxes = u64::from(census.boxes);
        self.prune && (boxes < goals || (census.dead && boxes <= goals))
    }

    /// Return whether the rules make `input` a no-op in the current position.
    fn no_op(&self, input: Input) -> bool {
        let carrying = self
            .trail
            .world()
            .tags(self.trail.player())
            .is_ok_and(|t| t.contains(TagKind::Carrying));
        match input {
            Input::Grab => !self.options.rules.hands || carrying,
            Input::Drop => !self.options.rules.hands || !carrying,
            Input::SwingLeft | Input::SwingRight => !self.options.rules.hands,
            Input::Move(_) | Input::Wait => false,
        }
    }

    /// Return the cost of the step just taken.
    fn step_cost(&self) -> u32 {
        let player = self.trail.player();
        let events = self.trail.events();
        let hit = |f: &dyn Fn(&Moved) -> bool| events.of::<Moved>().any(f);
        match self.options.optimize {
            Optimize::Fast => 1,
            Optimize::Moves => {
                u32::from(hit(&|m| m.entity == player && m.cause == MoveCause::Player))
            }
            Optimize::Pushes => u32::from(hit(&|m| {
                matches!(m.cause, MoveCause::Push | MoveCause::Swing)
            })),
        }
    }

    /// Return the first cell past the bound that the last step reached.
    fn past_bound(&self) -> Option<GridPos> {
        self.trail
            .events()
            .of::<Moved>()
            .map(|m| m.to)
            .find(|to| !self.facts.inside(*to))
    }

    fn flags(&mut self, n: u32, set: u8, clear: u8) {
        if let Some(node) = self.table.node_mut(n) {
            node.flags = (node.flags | set) & !clear;
        }
    }

    /// Walk the trail to node `target`: back to the nearest node of its
    /// ancestry on the trail's path, then forward along its ancestry.
    fn go_to(&mut self, target: u32) -> Result<(), SolveError> {
        self.chain.clear();
        let mut a = target;
        loop {
            let node = self.table.node(a).copied().ok_or_else(|| lost(a))?;
            if node.flags & ON_TRAIL != 0 {
                break;
            }
            self.chain.push(a);
            if self.chain.len() > self.table.len() {
                return Err(lost(target));
            }
            a = node.parent;
        }
        while let Some(&(top, steps)) = self.path.last() {
            if top == a {
                break;
            }
            for _ in 0..steps {
                self.back()?;
            }
            self.flags(top, 0, ON_TRAIL);
            self.path.pop();
        }
        for i in (0..self.chain.len()).rev() {
            let n = self.chain.get(i).copied().unwrap_or(NONE);
            let node = self.table.node(n).copied().ok_or_else(|| lost(n))?;
            let input = INPUTS
                .get(usize::from(node.input))
                .copied()
                .ok_or_else(|| lost(n))?;
            let mut steps = 1;
            if self.normalize {
                // Walk over the parent's region to where the input was taken.
                let from = self.from.get(n as usize).copied().ok_or_else(|| lost(n))?;
                let mut walk = std::mem::take(&mut self.walk);
                let found =
                    self.regions
                        .walk_to(self.trail.world(), self.trail.player(), from, &mut walk);
                let mut at = self.player_at().ok_or_else(|| lost(n))?;
                let result = if found {
                    walk.iter().try_for_each(|d| {
                        self.walk_step(at, *d)?;
                        at = at.step(*d);
                        Ok(())
                    })
                } else {
                    Err(lost(n))
                };
                steps += walk.len() as u32;
                self.walk = walk;
                result?;
            }
            self.step(input)?;
            self.flags(n, ON_TRAIL, 0);
            self.path.push((n, steps));
        }
        Ok(())
    }

    fn limit(&self) -> Option<GiveUpReason> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(GiveUpReason::Timeout);
        }
        if self
            .options
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Some(GiveUpReason::Cancelled);
        }
        if self.bytes() > self.options.memory_mb.saturating_mul(1 << 20) {
            return Some(GiveUpReason::Memory);
        }
        None
    }

    fn run(&mut self, progress: &mut dyn FnMut(&Progress)) -> Result<Explored, SolveError> {
        let player_at = self.player_key_cell();
        let census = self
            .writer
            .write(self.trail.world(), player_at, &mut self.key);
        let Insert::New(root) = self.table.insert(&self.key, NONE, 0, 0) else {
            return Ok(Explored::GaveUp(GiveUpReason::Memory));
        };
        if self.normalize {
            let at = self.player_at().ok_or_else(|| lost(root))?;
            self.from.push(at);
        }
        self.flags(root, ON_TRAIL, 0);
        self.path.push((root, 0));
        if self.solved() {
            return Ok(Explored::Found {
                inputs: Vec::new(),
                optimal: true,
            });
        }
        if self.dead(census) {
            return Ok(Explored::Exhausted);
        }
        self.queue.push_back((root, 0));
        let mut last_report = Instant::now();
        while let Some((n, cost)) = self.queue.pop_front() {
            let node = self.table.node(n).copied().ok_or_else(|| lost(n))?;
            if node.cost < cost || node.flags & EXPANDED != 0 {
                continue;
            }
            if node.flags & SOLVED != 0 {
                self.go_to(n)?;
                return Ok(Explored::Found {
                    inputs: self.inputs.clone(),
                    optimal: true,
                });
            }
            if self.stats.expanded.is_multiple_of(256) {
                if let Some(reason) = self.limit() {
                    return Ok(Explored::GaveUp(reason));
                }
                if last_report.elapsed() >= Duration::from_millis(500) {
                    last_report = Instant::now();
                    self.stats.elapsed = self.started.elapsed();
                    self.stats.stored = self.table.len() as u64;
                    self.stats.memory_bytes = self.bytes();
                    progress(&Progress {
                        stats: self.stats,
                        bound: cost,
                    });
                }
            }
            self.go_to(n)?;
            self.flags(n, EXPANDED, 0);
            self.stats.expanded += 1;
            self.stats.depth = self.stats.depth.max(cost);
            if let Some(found) = self.expand(n, cost)? {
                return Ok(found);
            }
        }
        Ok(match self.cut {
            Some(at) => Explored::Bounded { at },
            None => Explored::Exhausted,
        })
    }

    /// Try every input from node `n` (the trail stands on it), and queue
    /// the new or cheaper positions. When normalizing and the player stands
    /// on a free cell, that is every input from every cell of its region:
    /// the trail tours the region depth-first (each step a walk onto a free
    /// cell not toured yet, taken back when its cell's neighbours are
    /// done), and from each cell tries every input but a walk onto a free
    /// cell (it stays in the region: the same key).
    fn expand(&mut self, n: u32, cost: u32) -> Result<Option<Explored>, SolveError> {
        let start = self.player_at().ok_or_else(|| lost(n))?;
        let (world, player) = (self.trail.world(), self.trail.player());
        if !self.normalize || !self.regions.free(world, player, start) {
            return self.expand_at(n, cost, start, false);
        }
        let mut tour = std::mem::take(&mut self.tour);
        let found = self.tour_region(n, cost, start, &mut tour);
        self.tour = tour;
        found
    }

    /// Tour the region from `start` for [`Search::expand`], with `tour` as
    /// its stack; the trail ends where it began unless a solution is found.
    fn tour_region(
        &mut self,
        n: u32,
        cost: u32,
        start: GridPos,
        tour: &mut Vec<(GridPos, u8)>,
    ) -> Result<Option<Explored>, SolveError> {
        tour.clear();
        self.regions.start_tour();
        self.regions.tour(start);
        if let Some(found) = self.expand_at(n, cost, start, true)? {
            return Ok(Some(found));
        }
        tour.push((start, 0));
        while let Some(top) = tour.last_mut() {
            let (cell, next) = *top;
            let Some(d) = GridDir::ALL.get(usize::from(next)).copied() else {
                tour.pop();
                if !tour.is_empty() {
                    self.back()?;
                }
                continue;
            };
            top.1 += 1;
            let to = cell.step(d);
            if !self
                .regions
                .free(self.trail.world(), self.trail.player(), to)
                || !self.regions.tour(to)
            {
                continue;
            }
            self.walk_step(cell, d)?;
            tour.push((to, 0));
            if let Some(found) = self.expand_at(n, cost, to, true)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }

    /// Try every input from node `n` with the player on `at`, but, if
    /// `in_region`, a walk onto a free cell (it stays in the region) and a
    /// move the walk rule refuses without pushing (it only turns the
    /// player, which without hands the key leaves out); queue the new or
    /// cheaper positions.
    fn expand_at(
        &mut self,
        n: u32,
        cost: u32,
        at: GridPos,
        in_region: bool,
    ) -> Result<Option<Explored>, SolveError> {
        for (i, input) in INPUTS.iter().enumerate() {
            if self.prune && self.no_op(*input) {
                continue;
            }
            if in_region
                && let Input::Move(d) = input
                && !self.regions.may_leave_region(
                    self.trail.world(),
                    self.trail.player(),
                    at.step(*d),
                )
            {
                continue;
            }
            let changed = self.step(*input)?;
            let found = if changed {
                self.child(n, cost, i as u8, at)?
            } else {
                None
            };
            self.back()?;
            if found.is_some() {
                return Ok(found);
            }
        }
        Ok(None)
    }

    /// File the position the trail stands on, reached from `n` by input `i`
    /// taken with the player on `from`.
    fn child(
        &mut self,
        n: u32,
        cost: u32,
        i: u8,
        from: GridPos,
    ) -> Result<Option<Explored>, SolveError> {
        self.stats.generated += 1;
        if let Some(at) = self.past_bound() {
            self.cut.get_or_insert(at);
            return Ok(None);
        }
        let player_at = self.player_key_cell();
        let census = self
            .writer
            .write(self.trail.world(), player_at, &mut self.key);
        if self.dead(census) {
            return Ok(None);
        }
        let w = self.step_cost();
        let c = cost.saturating_add(w);
        match self.table.insert(&self.key, n, i, c) {
            Insert::Full => return Ok(Some(Explored::GaveUp(GiveUpReason::Memory))),
            Insert::New(m) => {
                if self.normalize {
                    self.from.push(from);
                }
                if self.solved() {
                    if !self.optimal() {
                        return Ok(Some(Explored::Found {
                            inputs: self.inputs.clone(),
                            optimal: false,
                        }));
                    }
                    self.flags(m, SOLVED, 0);
                }
                self.enqueue(m, c, w);
            }
            Insert::Known(m) => {
                let improves = self.table.node(m).is_some_and(|node| c < node.cost);
                if improves {
                    if let Some(node) = self.table.node_mut(m) {
                        node.cost = c;
                        node.parent = n;
                        node.input = i;
                        node.flags &= !EXPANDED;
                    }
                    if let Some(f) = self.from.get_mut(m as usize) {
                        *f = from;
                    }
                    self.enqueue(m, c, w);
                }
            }
        }
        Ok(None)
    }

    fn enqueue(&mut self, m: u32, c: u32, w: u32) {
        if w == 0 {
            self.queue.push_front((m, c));
        } else {
            self.queue.push_back((m, c));
        }
    }
}

fn lost(n: u32) -> SolveError {
    SolveError::Level {
        message: format!("the search lost node {n} (a solver bug)"),
    }
}

fn sim_error(e: impl std::fmt::Display) -> SolveError {
    SolveError::Level {
        message: format!("the sim failed a step: {e}"),
    }
}

/// A solution replayed through a [`Game`]: its letters (`u d l r`, upper
/// case for a push, `g p [ ] w`), moves and pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Replayed {
    pub letters: String,
    pub moves: u32,
    pub pushes: u32,
}

/// Replay `inputs` on `level` in a [`Game`] under `options.rules`, and
/// return its letters and counts if it ends solved.
pub(crate) fn replay_inputs(
    level: &Level,
    options: &SolveOptions,
    inputs: &[Input],
) -> Result<Replayed, SolveError> {
    let mut game = Game::new(level, options.rules).map_err(|e| SolveError::Level {
        message: e.to_string(),
    })?;
    let mut letters = String::with_capacity(inputs.len());
    for (index, input) in inputs.iter().enumerate() {
        let before = game.stats().pushes;
        game.step(*input).map_err(|e| SolveError::ReplayStep {
            index,
            input: letter(*input, false),
            message: e.to_string(),
        })?;
        letters.push(letter(*input, game.stats().pushes > before));
    }
    if !game.is_solved() {
        return Err(SolveError::ReplayMismatch {
            detail: format!("after {} inputs the level is not solved", inputs.len()),
        });
    }
    Ok(Replayed {
        letters,
        moves: game.stats().moves,
        pushes: game.stats().pushes,
    })
}

/// Return the MOVES letter of an input (rules.md §7), upper case for a push.
pub(crate) fn letter(input: Input, pushed: bool) -> char {
    let c = match input {
        Input::Move(GridDir::Up) => 'u',
        Input::Move(GridDir::Right) => 'r',
        Input::Move(GridDir::Down) => 'd',
        Input::Move(GridDir::Left) => 'l',
        Input::Grab => 'g',
        Input::Drop => 'p',
        Input::SwingLeft => '[',
        Input::SwingRight => ']',
        Input::Wait => 'w',
    };
    if pushed { c.to_ascii_uppercase() } else { c }
}
