//! Options in, outcomes out.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

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

/// The clock a search reads its time from: the time since a fixed start of
/// the clock's own, supplied by the caller.
///
/// [`Clock::system`] reads the machine's monotonic clock. Where there is
/// none (WebAssembly in a browser, where `Instant::now` panics), a caller
/// passes its own ([`Clock::new`], say over `performance.now()`) or no
/// clock at all ([`SolveOptions::clock`] `None`), and limits the search by
/// positions ([`SolveOptions::max_positions`]) instead.
///
/// # Example
/// ```
/// use std::time::Duration;
/// use muscleman_solver::Clock;
///
/// let fixed = Clock::new(|| Duration::from_millis(1500));
/// assert_eq!(fixed.now(), Duration::from_millis(1500));
/// ```
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> Duration + Send + Sync>);

impl Clock {
    /// A clock that reads `now`.
    pub fn new(now: impl Fn() -> Duration + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// The machine's monotonic clock (`std::time::Instant`), counted from
    /// the first time any system clock is read: making one reads nothing.
    pub fn system() -> Clock {
        static START: OnceLock<Instant> = OnceLock::new();
        Clock::new(|| START.get_or_init(Instant::now).elapsed())
    }

    /// Return the time since the clock's start.
    pub fn now(&self) -> Duration {
        (self.0)()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Clock")
    }
}

/// How to search.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The rules (`max_chain`); [`Rules::SOKOBAN`] for classic Sokoban.
    pub rules: Rules,
    /// What to minimise.
    pub optimize: Optimize,
    /// Give up with [`GiveUpReason::Timeout`] once this long has passed on
    /// [`SolveOptions::clock`] (`None`: no limit). A timeout without a
    /// clock is refused (`SolveError::NoClock`).
    pub timeout: Option<Duration>,
    /// The clock that times the search: the timeout, [`Stats::elapsed`]
    /// and how often progress is reported ([`Clock::system`] by default).
    /// `None` reads no clock at all: `elapsed` stays zero and progress is
    /// never reported, and the search is the same, step for step.
    pub clock: Option<Clock>,
    /// Give up with [`GiveUpReason::Budget`] once the solve has expanded
    /// this many positions, all its searches together (`None`: no limit).
    /// With two threads or more each of the two fast searches has half.
    pub max_positions: Option<u64>,
    /// Give up when the search's tables would pass this many MiB.
    pub memory_mb: u64,
    /// Threads: 1 runs fast mode's two searches in turns (deterministic);
    /// 2 or more runs them side by side. Optimal modes use one thread.
    pub threads: usize,
    /// Set to `true` from elsewhere to stop the search (it then gives up with
    /// [`GiveUpReason::Cancelled`]).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl SolveOptions {
    /// Return the time on the clock, zero without one.
    pub(crate) fn now(&self) -> Duration {
        self.clock.as_ref().map_or(Duration::ZERO, Clock::now)
    }

    /// Return the time on the clock since `start` (read from [`Self::now`]).
    pub(crate) fn since(&self, start: Duration) -> Duration {
        self.now().saturating_sub(start)
    }

    /// Return the positions left of the budget after `spent` (`None`: no
    /// limit).
    pub(crate) fn positions_left(&self, spent: u64) -> Option<u64> {
        self.max_positions.map(|m| m.saturating_sub(spent))
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            rules: Rules::MUSCLEMAN,
            optimize: Optimize::Fast,
            timeout: None,
            clock: Some(Clock::system()),
            max_positions: None,
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
    /// Time the search took on [`SolveOptions::clock`] (zero without one).
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
    /// The budget of positions ([`SolveOptions::max_positions`]) was spent.
    Budget,
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
    /// A proof by counting, before any search: a goal out of reach, too
    /// few boxes where the player can go, a key only inside a needed box
    /// (the crate docs, "Counting proofs").
    Counted(crate::counted::Counted),
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
