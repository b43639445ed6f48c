//! Options in, outcomes out.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use muscleman_core::{EntitySpec, GridPos};
use muscleman_sim::{Rules, recipe_decl};

/// What the search minimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Optimize {
    /// Any solution, found as fast as possible (greedy best-first and
    /// weighted A* on the lower bound; not optimal).
    #[default]
    Fast,
    /// Fewest pushes (A* on an admissible bound; proved optimal). A push is
    /// one player step that moves boxes, whatever the chain's length.
    Pushes,
    /// Fewest player steps, pushes included (A* over exact player positions;
    /// proved optimal).
    Moves,
}

/// How to search.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The rules (`max_chain`); [`Rules::SOKOBAN`] for classic Sokoban.
    pub rules: Rules,
    /// What to minimise.
    pub optimize: Optimize,
    /// Give up after this long (`None`: no limit).
    pub timeout: Option<Duration>,
    /// Give up when the search's tables would pass this many MiB.
    pub memory_mb: u64,
    /// Threads: 1 runs fast mode's two searches in turns (deterministic);
    /// 2 or more runs them side by side. Optimal modes use one thread.
    pub threads: usize,
    /// Set to `true` from elsewhere to stop the search (it then gives up with
    /// [`GiveUpReason::Cancelled`]).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            rules: Rules::MUSCLEMAN,
            optimize: Optimize::Fast,
            timeout: None,
            memory_mb: 1024,
            threads: 1,
            cancel: None,
        }
    }
}

/// Counters of one search.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    /// States taken off the open list and expanded.
    pub expanded: u64,
    /// Successor states generated (before duplicate detection).
    pub generated: u64,
    /// Distinct states stored in the transposition table.
    pub stored: u64,
    /// Deepest expanded state: pushes from the start in the push search;
    /// inputs (fast mode) or cost (moves or pushes) in the general search.
    pub depth: u32,
    /// Best lower bound of the start position (pushes).
    pub initial_bound: u32,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Bytes the search's tables used at the end.
    pub memory_bytes: u64,
    /// How far the general search got (its default when it did not run).
    pub reach: crate::reach::Reach,
}

impl Stats {
    /// Expanded states per second.
    pub fn states_per_sec(&self) -> f64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            self.expanded as f64 / s
        } else {
            0.0
        }
    }
}

/// A snapshot of a running search, for progress display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// The counters so far.
    pub stats: Stats,
    /// The open list's current best priority (the f bound in optimal modes).
    pub bound: u32,
}

/// Why the search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GiveUpReason {
    /// The time limit passed.
    Timeout,
    /// The memory limit would have been passed.
    Memory,
    /// The cancel flag was set.
    Cancelled,
    /// The search ran out of positions on an open level, which proves nothing.
    ///
    /// On an open level ([`crate::Boundary::Open`]) the sim has floor beyond
    /// the edge, which the search, staying inside the rectangle, never tried:
    /// the level may well be solvable in the sim.
    OpenLevel {
        /// The first edge cell the player or a box may reach ([`crate::Boundary::Open`]).
        edge: GridPos,
    },
    /// The level is open: the general search, bounded to the level's
    /// rectangle plus `margin` cells on every side (the sim has floor
    /// beyond the edge), ran out of positions after cutting a step that
    /// went past that bound, so it proves nothing.
    Bounded {
        /// The first cell past the bound that a step reached.
        at: GridPos,
        /// The cells past the rectangle the search allowed, on every side.
        margin: u32,
    },
    /// The level holds something this push search does not model; it is
    /// never searched (its answer could be wrong either way).
    Unmodelled {
        /// What the search does not model.
        what: Unmodelled,
        /// The first cell, in reading order, that holds it.
        at: GridPos,
    },
    /// The search ran out of pushes under rules that also let the player
    /// grab, pull and swing boxes ([`pushes_are_complete`] is false), so an
    /// exhausted push search proves nothing.
    PushesOnly,
}

/// Something a level may hold that the push search does not model, by the
/// name its recipe's declaration in the sim gives it
/// ([`Assume::push_search`](muscleman_sim::Assume::push_search): `"water"`,
/// `"keys"`, `"doors"`, ...). A recipe the sim declares
/// tomorrow is refused by the push search the day it is declared, unless
/// it says the push search models it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Unmodelled(&'static str);

impl Unmodelled {
    /// Water, filled or not: the player cannot swim and heavy boxes sink.
    pub const WATER: Unmodelled = Unmodelled("water");

    /// Return what a level's entity is to the push search: `None` for what
    /// it models (walls, boxes, goals, the player), and `None` too for
    /// recipes the sim itself refuses. A sunk heavy box stands in water,
    /// which is not modelled either.
    ///
    /// A box's contents do not count: only a hammer opens a box, and a level
    /// with a hammer is not searched, so a box with contents is a box.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, EntitySpec};
    /// use muscleman_solver::Unmodelled;
    ///
    /// assert_eq!(Unmodelled::of(&EntitySpec::new(EntityRecipe::WaterCell)), Some(Unmodelled::WATER));
    /// assert_eq!(Unmodelled::of(&EntitySpec::new(EntityRecipe::KeyRed)).map(|u| u.name()), Some("keys"));
    /// assert_eq!(Unmodelled::of(&EntitySpec::new(EntityRecipe::HeavyBox)), None);
    /// ```
    pub fn of(spec: &EntitySpec) -> Option<Unmodelled> {
        recipe_decl(spec.recipe)?.assume.push_search.map(Unmodelled)
    }

    /// Return its name in messages (`"water"`, `"keys"`, ...).
    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Unmodelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Return whether moves and pushes are every way the player can move a box
/// under `rules`, so that an exhausted push search is a proof.
///
/// Rules without hands ([`Rules::SOKOBAN`]) refuse grab, drop and the
/// swings (rules.md §4); with hands the player may grab and pull a box,
/// swing it or shove boxes with a swing, which this search does not model.
pub fn pushes_are_complete(rules: &Rules) -> bool {
    // Without hands nothing moves a box but a push.
    !rules.hands
}

/// Why a level has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnsolvableReason {
    /// The level has no goal, and a level without goals is never solved.
    NoGoals,
    /// Fewer boxes than goals: some goal always stays empty.
    TooFewBoxes {
        /// Boxes in the level.
        boxes: usize,
        /// Goals in the level.
        goals: usize,
    },
    /// Every reachable position of an enclosed level was searched.
    ///
    /// Deadlock pruning is sound, and on an enclosed level the search covers
    /// every move of the sim.
    Exhausted,
}

/// A solution, already replayed through the sim.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// LURD moves, pushes in upper case.
    pub moves: String,
    /// Number of pushes (upper-case letters).
    pub pushes: u32,
    /// Number of moves (all letters).
    pub move_count: u32,
    /// Whether the search proved the count it optimised minimal.
    pub optimal: bool,
    /// Search counters.
    pub stats: Stats,
}

/// The answer of [`crate::solve`].
#[derive(Clone, Debug, PartialEq)]
pub enum SolveOutcome {
    /// A solution, checked in the sim.
    Solved(Solution),
    /// Proved to have no solution.
    Unsolvable {
        /// Why.
        reason: UnsolvableReason,
        /// Search counters.
        stats: Stats,
    },
    /// Stopped by a limit, or an exhausted search of an open level: nothing is known.
    GaveUp {
        /// Which limit, or why the search proves nothing.
        reason: GiveUpReason,
        /// Search counters.
        stats: Stats,
    },
}

impl SolveOutcome {
    /// Return the search counters, whatever the outcome.
    pub fn stats(&self) -> &Stats {
        match self {
            SolveOutcome::Solved(s) => &s.stats,
            SolveOutcome::Unsolvable { stats, .. } | SolveOutcome::GaveUp { stats, .. } => stats,
        }
    }

    /// Return the solution, if there is one.
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            SolveOutcome::Solved(s) => Some(s),
            _ => None,
        }
    }
}
