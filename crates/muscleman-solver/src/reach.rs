//! How far the general search got: the best position's goals filled, the
//! prunings that applied and how many positions they dropped, so that a
//! search that gives up still says something (`muscleman solve` prints it).

/// The prunings of the general search that applied to a level, as a set.
///
/// Each is on only under the rules where it is sound (the module docs of
/// the general search say why): the no-op inputs and the box count always,
/// dead cells, frozen boxes and the lower bound only where nothing moves
/// by itself, Facing left out of the key without hands (with hands, while
/// they are empty, where nothing moves by itself), the player's free
/// region in
/// push-optimal search where no rule answers the player's steps beyond a
/// cell (with hands, while they are empty), tunnel runs in fast mode
/// without hands where every box must move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prunings(u8);

impl Prunings {
    /// Inputs the rules make no-ops are not stepped (grab, drop, swings
    /// without hands; grab holding, drop empty-handed).
    pub const NO_OPS: Prunings = Prunings(1);
    /// A position with fewer boxes than goals is dropped (no rule makes a box).
    pub const BOX_COUNT: Prunings = Prunings(2);
    /// A box on a cell from which no pushes (with hands: no pushes, pulls,
    /// carries or swings) reach a goal or the edge is dropped, where the
    /// registry says nothing else moves a box.
    pub const DEAD_CELLS: Prunings = Prunings(4);
    /// Positions that differ only in the player's Facing are one: always
    /// without hands, while the hands are empty with them where nothing
    /// moves by itself (a grab is then tried every way, turned by free
    /// swings; a duck would walk on while the player turns).
    pub const FACING: Prunings = Prunings(8);
    /// Push-optimal, where no rule answers the player's steps beyond a cell,
    /// with no hands or empty ones: positions that differ only in where the player stands in
    /// its free region are one.
    pub const REGIONS: Prunings = Prunings(16);
    /// A position with more boxes frozen off goal (boxes that can never
    /// move again) than boxes to spare is dropped, under the rules and on
    /// the levels where the general search's freeze rule is sound.
    pub const FROZEN: Prunings = Prunings(32);
    /// The optimal modes search by cost plus a lower bound of the cost
    /// left (A*) instead of by cost alone, and drop a position where some
    /// goal can be reached by no box.
    pub const LOWER_BOUND: Prunings = Prunings(64);
    /// Fast mode without hands, one box per push, where as many boxes as
    /// goals must all be moved: a box pushed into a corridor between
    /// strong walls is pushed on along it in the same edge, and only the
    /// run's end is stored.
    pub const TUNNELS: Prunings = Prunings(128);

    const NAMES: [(Prunings, &'static str); 8] = [
        (Prunings::NO_OPS, "no-op inputs"),
        (Prunings::BOX_COUNT, "fewer boxes than goals"),
        (Prunings::DEAD_CELLS, "dead cells"),
        (Prunings::FACING, "facing"),
        (Prunings::REGIONS, "free regions"),
        (Prunings::FROZEN, "frozen boxes"),
        (Prunings::LOWER_BOUND, "lower bound"),
        (Prunings::TUNNELS, "tunnel runs"),
    ];

    /// Return the set with `other` added.
    #[must_use]
    pub const fn with(self, other: Prunings) -> Prunings {
        Prunings(self.0 | other.0)
    }

    /// Return whether every pruning of `other` is in the set.
    pub const fn contains(self, other: Prunings) -> bool {
        self.0 & other.0 == other.0
    }

    /// Return the names of the prunings in the set, in a fixed order.
    ///
    /// # Example
    /// ```
    /// use muscleman_solver::Prunings;
    ///
    /// let p = Prunings::NO_OPS.with(Prunings::FACING);
    /// assert_eq!(p.names().collect::<Vec<_>>(), ["no-op inputs", "facing"]);
    /// ```
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Prunings::NAMES
            .into_iter()
            .filter(move |(p, _)| self.contains(*p))
            .map(|(_, name)| name)
    }
}

/// How far the general search got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reach {
    /// The level's goals (0 when no general search ran).
    pub goals: u32,
    /// The most goals filled in any position the search stored.
    pub best_on_goal: u32,
    /// The prunings that applied.
    pub prunings: Prunings,
    /// Positions the prunings dropped as dead (too few boxes, a box on a
    /// dead cell, frozen boxes).
    pub dead: u64,
    /// Of those, the positions dropped for their frozen boxes.
    pub frozen: u64,
    /// Moves taken inside tunnel runs after the move that started each
    /// (positions passed through and never stored).
    pub run_moves: u64,
    /// Whether the search was best-first (on its estimate for any
    /// solution, or A* on the cost and the lower bound in the optimal
    /// modes) rather than breadth-first in cost.
    pub guided: bool,
}

impl Reach {
    /// Return the one of two that says more: one from a search that ran
    /// (not the default), then the one with more goals, then more filled.
    #[must_use]
    pub fn max(self, other: Reach) -> Reach {
        let key = |r: &Reach| (*r != Reach::default(), r.goals, r.best_on_goal);
        if key(&other) > key(&self) {
            other
        } else {
            self
        }
    }
}
