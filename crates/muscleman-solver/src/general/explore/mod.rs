//! The search itself: its working state ([`Search`]), the loop that takes
//! positions off the open list (best first, or in order of cost), expands
//! each (every input the rules allow, or a tour of the player's free
//! region) and files its children, and how it ended ([`Explored`]). The
//! module docs of `general` say what it prunes and why that is sound.

use std::sync::atomic::Ordering;
use std::time::Duration;

use muscleman_core::{GridDir, GridPos, Input, MoveCause, Moved};
use muscleman_level::Level;
use muscleman_sim::{TagKind, Trail};

use super::bound::Bound;
use super::corridors::Corridors;
use super::cost::Cost;
use super::ended::Explored;
use super::facts::Facts;
use super::freeze::{Freeze, FreezeRule};
use super::guide::Guide;
use super::key::{Census, DeadCells, FacingKey, KeyWriter, counts_on_goal, moves_by_itself};
use super::open::Open;
use super::region::{self, Regions};
use super::table::{EXPANDED, Insert, NONE, ON_TRAIL, SOLVED, Table};
use crate::error::SolveError;
use crate::options::{GiveUpReason, Optimize, Progress, SolveOptions, Stats};
use crate::reach::{Prunings, Reach};

mod child;
mod dead;
mod rank;
mod tunnel;
mod turns;
mod walks;

/// Every input the rules have, in the order the search tries them.
pub(crate) const INPUTS: [Input; 9] = Input::ALL;

/// The search's working state.
struct Search<'a> {
    options: &'a SolveOptions,
    prune: bool,
    /// Whether keys leave Facing out while the hands are empty, so that a
    /// grab is tried every way from such a position (see the module docs,
    /// "Facing").
    turn_grabs: bool,
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
    open: Open,
    /// Whether the search is best-first on the guide's estimate (see the
    /// module docs, "Order").
    guided: bool,
    guide: Guide,
    /// Finds frozen boxes (its rule off where unsound or pruning is off).
    freeze: Freeze,
    /// The optimal modes' lower bound on the tie's count (the pushes in
    /// move-optimal search, the moves in push-optimal; off as `bound` is).
    tie_bound: Bound,
    /// The optimal modes' lower bound (off in fast mode, where unsound and
    /// when pruning is off).
    bound: Bound,
    /// The cells tunnel runs read (off but in fast mode, where unsound
    /// and when pruning is off).
    corridors: Corridors,
    /// The cells of the current position's boxes (scratch).
    boxes: Vec<GridPos>,
    /// How far the search got.
    reach: Reach,
    key: Vec<u32>,
    chain: Vec<u32>,
    stats: Stats,
    /// When the search started, on the options' clock.
    started: Duration,
    /// When it gives up, on the same clock.
    deadline: Option<Duration>,
    /// The first cell past the bound a step reached, if any.
    cut: Option<GridPos>,
}

/// Search `level` under `options` with every input of the rules; `prune`
/// turns on the sound prunings of the module docs (off: a plain search,
/// the reference of the property test). `budget` is the time left.
///
/// The search starts from `start` if given (a game's position as it is,
/// Facing and what the player holds included), else from the level's
/// start. `level` must be the level that position was played from: the
/// search reads from it only what no step changes (its rectangle, goals and
/// strong walls) and which recipes it may ever hold (its own and its boxes'
/// contents), so a later position of the same level is searched
/// soundly.
pub(crate) fn explore(
    level: &Level,
    start: Option<Trail>,
    options: &SolveOptions,
    prune: bool,
    budget: Option<Duration>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Explored, Stats), SolveError> {
    explore_runs(level, start, options, prune, prune, budget, progress)
}

/// [`explore`], with tunnel runs only if `runs` as well as `prune` (a test
/// measures what they save).
fn explore_runs(
    level: &Level,
    start: Option<Trail>,
    options: &SolveOptions,
    prune: bool,
    runs: bool,
    budget: Option<Duration>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Explored, Stats), SolveError> {
    let trail = match start {
        Some(trail) => trail,
        None => Trail::new(level, options.rules).map_err(|e| SolveError::Level {
            message: e.to_string(),
        })?,
    };
    // The dead cells and the free regions are worked out on one grid: a
    // level with floors is searched without them.
    let one_floor = level.floor_count() == 1;
    // Whether the world stands still while the player does: nothing in
    // the level moves by itself (the registry's `Assume::moves`;
    // a duck walks every step). Every pruning that assumes it is off where
    // it does not hold (see the module docs).
    let still = !moves_by_itself(level);
    // Dead cells, by pushes alone or with hands, where the registry says
    // nothing else moves a box (`DeadCells::sound`: a duck moves only
    // itself, so they stay on with ducks; so does the freeze rule, while
    // the bound is off where something moves by itself).
    let dead_cells = prune && one_floor && DeadCells::sound(level, options.rules.hands);
    let dead = if dead_cells {
        DeadCells::unreachable(level, options.rules.hands)
    } else {
        DeadCells::default()
    };
    // Without hands nothing reads the player's Facing, and with empty
    // hands only a grab: the pruned search files positions that differ
    // only in it as one (see `KeyWriter::new`) and tries a grab every way
    // (`Search::turn_grabs`), turning by swings it takes for free. Where
    // something moves by itself (a duck), a swing also lets the world
    // move on, so turning is no longer free: Facing stays in the key while
    // there are hands (see the module docs, "Facing").
    let facing = match (prune, options.rules.hands) {
        (false, _) => FacingKey::Always,
        (true, false) => FacingKey::Never,
        (true, true) if still => FacingKey::Holding,
        (true, true) => FacingKey::Always,
    };
    let turn_grabs = facing == FacingKey::Holding;
    let writer = KeyWriter::new(level, trail.world(), trail.player(), dead, facing);
    // Push-optimal only, with hands only while they are empty (Facing is
    // then out of the key): see the module docs, "Free region".
    // A walk lets every duck walk too: never where something moves by
    // itself (`walks_change_nothing` says so as well).
    let normalize = prune
        && still
        && one_floor
        && (!options.rules.hands || turn_grabs)
        && options.optimize == Optimize::Pushes
        && region::walks_change_nothing(level);
    let facts = Facts::of(level);
    // Its cell masks are allocated only where they are used.
    let regions = if normalize {
        Regions::new(level, facts.min, facts.max)
    } else {
        Regions::unused()
    };
    // Any solution: best-first on the guide's estimate; optimal modes and
    // the plain search stay breadth-first in cost.
    let guided = prune && options.optimize == Optimize::Fast;
    let guide = Guide::new(level, facts.min, facts.max, options.rules.hands);
    let freeze_rule = if prune {
        FreezeRule::of(level, &options.rules)
    } else {
        FreezeRule::Off
    };
    let freeze = Freeze::new(level, freeze_rule, facts.min, facts.max);
    // Optimal modes: A* on the lower bound where it is sound, else
    // breadth-first in cost.
    let bound = if prune {
        Bound::new(
            level,
            &options.rules,
            options.optimize,
            facts.min,
            facts.max,
        )
    } else {
        Bound::default()
    };
    // The first tie's bound: it orders each layer of the mode's count by
    // A* as well (see `Search::rank`).
    let tie = match options.optimize {
        Optimize::Moves => Optimize::Pushes,
        Optimize::Pushes | Optimize::Fast => Optimize::Moves,
    };
    let tie_bound = if prune && options.optimize != Optimize::Fast {
        Bound::new(level, &options.rules, tie, facts.min, facts.max)
    } else {
        Bound::default()
    };
    // Fast mode without hands: see the module docs, "Tunnel runs".
    let corridors = Corridors::new(
        level,
        trail.world(),
        options,
        prune && runs,
        facts.min,
        facts.max,
    );
    let mut prunings = Prunings::default();
    if prune {
        prunings = prunings.with(Prunings::NO_OPS).with(Prunings::BOX_COUNT);
        if facing != FacingKey::Always {
            prunings = prunings.with(Prunings::FACING);
        }
        if dead_cells {
            prunings = prunings.with(Prunings::DEAD_CELLS);
        }
        if normalize {
            prunings = prunings.with(Prunings::REGIONS);
        }
        if freeze_rule != FreezeRule::Off {
            prunings = prunings.with(Prunings::FROZEN);
        }
        if bound.on() {
            prunings = prunings.with(Prunings::LOWER_BOUND);
        }
        if corridors.on() {
            prunings = prunings.with(Prunings::TUNNELS);
        }
    }
    let reach = Reach {
        goals: u32::try_from(facts.goals.len()).unwrap_or(u32::MAX),
        prunings,
        // Best-first: on the estimate, or A* on the cost and the bound.
        guided: guided || bound.on(),
        ..Reach::default()
    };
    let started = options.now();
    let mut search = Search {
        options,
        prune,
        turn_grabs,
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
        open: if guided {
            Open::Best(std::collections::BinaryHeap::new())
        } else if bound.on() || options.optimize != Optimize::Fast {
            Open::Deepest(std::collections::BinaryHeap::new())
        } else {
            Open::Layers(std::collections::VecDeque::new())
        },
        guided,
        guide,
        freeze,
        bound,
        tie_bound,
        corridors,
        boxes: Vec::new(),
        reach,
        key: Vec::new(),
        chain: Vec::new(),
        stats: Stats::default(),
        started,
        deadline: budget.map(|b| started.saturating_add(b)),
        cut: None,
    };
    let end = search.run(progress)?;
    search.stats.elapsed = options.since(search.started);
    search.stats.memory_bytes = search.bytes();
    search.stats.stored = search.table.len() as u64;
    search.stats.reach = search.reach;
    Ok((end, search.stats))
}

impl Search<'_> {
    fn bytes(&self) -> u64 {
        self.table.bytes()
            + self.open.bytes()
            + (self.path.capacity() * std::mem::size_of::<(u32, u32)>()) as u64
            + (self.from.capacity() * std::mem::size_of::<GridPos>()) as u64
            + self.regions.bytes()
            + self.freeze.bytes()
            + self.bound.bytes()
            + self.tie_bound.bytes()
            + self.corridors.bytes()
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

    /// Return the cell the key writes for the player of the trail's
    /// position: its region's when normalizing, else its own.
    fn player_key_cell(&mut self) -> Option<GridPos> {
        if self.normalize && !self.holding() {
            self.regions
                .canonical(self.trail.world(), self.trail.player())
        } else {
            None
        }
    }

    /// Write the key of the trail's position (the player's region's cell
    /// when normalizing) and the cells of its boxes; return its census.
    fn write_key(&mut self) -> Census {
        let player_at = self.player_key_cell();
        self.writer.write(
            self.trail.world(),
            player_at,
            &mut self.key,
            &mut self.boxes,
        )
    }

    /// Return whether the player holds something.
    fn holding(&self) -> bool {
        self.trail
            .world()
            .tags(self.trail.player())
            .is_ok_and(|t| t.contains(TagKind::Carrying))
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
            // With empty hands a swing only turns, and when the key leaves
            // Facing out that is the same position.
            Input::SwingLeft | Input::SwingRight => {
                !self.options.rules.hands || (self.turn_grabs && !carrying)
            }
            Input::Move(_) | Input::Wait => false,
        }
    }

    /// Return the cost of the step just taken, `1 + extra` inputs (see
    /// [`Search::child`]): in fast mode the inputs; in the optimal modes
    /// whether the player walked (a move) and whether anything was pushed
    /// or swung (a push), as the sim's game counts them, the mode's count
    /// first and the other second, then the inputs.
    fn step_cost(&self, extra: u32) -> Cost {
        let player = self.trail.player();
        let events = self.trail.events();
        let hit = |f: &dyn Fn(&Moved) -> bool| events.of::<Moved>().any(f);
        let inputs = extra.saturating_add(1);
        let walked = || u32::from(hit(&|m| m.entity == player && m.cause == MoveCause::Player));
        let pushed = || {
            u32::from(hit(&|m| {
                matches!(m.cause, MoveCause::Push | MoveCause::Swing)
            }))
        };
        match self.options.optimize {
            Optimize::Fast => Cost::of(inputs),
            Optimize::Moves => Cost {
                first: walked(),
                second: pushed(),
                third: inputs,
            },
            Optimize::Pushes => Cost {
                first: pushed(),
                second: walked(),
                third: inputs,
            },
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

    fn limit(&self) -> Option<GiveUpReason> {
        if self.deadline.is_some_and(|d| self.options.now() >= d) {
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
        let census = self.write_key();
        let rank = self.rank(Cost::default());
        let Insert::New(root) = self.table.insert(&self.key, NONE, 0, Cost::default()) else {
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
        let Some(rank) = rank else {
            return Ok(Explored::Exhausted);
        };
        if self.dead(census) || self.frozen(census, true) {
            return Ok(Explored::Exhausted);
        }
        self.open.push(root, Cost::default(), Cost::of(1), rank);
        let mut last_report = self.options.now();
        while let Some((n, cost)) = self.open.pop() {
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
            if self
                .options
                .max_positions
                .is_some_and(|m| self.stats.expanded >= m)
            {
                return Ok(Explored::GaveUp(GiveUpReason::Budget));
            }
            if self.stats.expanded.is_multiple_of(256) {
                if let Some(reason) = self.limit() {
                    return Ok(Explored::GaveUp(reason));
                }
                if self.options.since(last_report) >= Duration::from_millis(500) {
                    last_report = self.options.now();
                    self.stats.elapsed = self.options.since(self.started);
                    self.stats.stored = self.table.len() as u64;
                    self.stats.memory_bytes = self.bytes();
                    progress(&Progress {
                        stats: self.stats,
                        bound: cost.first,
                    });
                }
            }
            self.go_to(n)?;
            self.flags(n, EXPANDED, 0);
            self.stats.expanded += 1;
            self.stats.depth = self.stats.depth.max(cost.first);
            // The cost the table holds: a queue that orders by the mode's
            // count alone (`Search::rank`) gives back that count only.
            if let Some(found) = self.expand(n, node.cost)? {
                return Ok(found);
            }
        }
        Ok(match self.cut {
            Some(at) => Explored::Bounded { at },
            None => Explored::Exhausted,
        })
    }

    /// Try every input from node `n` with the player on `at`, but, if
    /// `in_region`, a walk onto a free cell (it stays in the region) and a
    /// move the walk rule refuses without pushing (it only turns the
    /// player, which without hands the key leaves out); queue the new or
    /// cheaper positions.
    fn expand_at(
        &mut self,
        n: u32,
        cost: Cost,
        at: GridPos,
        in_region: bool,
    ) -> Result<Option<Explored>, SolveError> {
        for (i, input) in INPUTS.iter().enumerate() {
            if self.prune && self.no_op(*input) {
                continue;
            }
            // On a tour of a free region the player's Facing is the tour's
            // (a replay walks there another way), so a grab is tried only
            // turned to each way first (`grab_every_way`), never as it is.
            if in_region && self.turn_grabs && *input == Input::Grab {
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
            let found = self.step_child(n, cost, i, *input, at)?;
            if found.is_some() {
                return Ok(found);
            }
        }
        if self.turn_grabs {
            return self.grab_every_way(n, cost, at, in_region);
        }
        Ok(None)
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
