//! How far the general search got: the best position's goals filled, the
//! prunings that applied and how many positions they dropped, so that a
//! search that gives up still says something (`muscleman solve` prints it).

/// Declares [`Prunings`]: one line per pruning (its doc, constant and
/// name), its bit given by its place, so adding one is one line here; past
/// the set's capacity the build fails.
macro_rules! prunings {
    ($(#[doc = $sdoc:expr])* pub struct Prunings;
     $($(#[doc = $doc:expr])* $name:ident = $words:literal,)*) => {
        /// The prunings' places, in declaration order (their bits).
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Place { $($name,)* }

        $(#[doc = $sdoc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct Prunings(u32);

        impl Prunings {
            $($(#[doc = $doc])* pub const $name: Prunings = Prunings(1 << Place::$name as u32);)*

            /// Each pruning and its name, in declaration order.
            const NAMES: [(Prunings, &'static str); [$($words),*].len()] =
                [$((Prunings::$name, $words)),*];
        }

        const _: () = assert!(
            Prunings::NAMES.len() <= u32::BITS as usize,
            "more prunings than the set has bits: widen Prunings"
        );
    };
}

prunings! {
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
    pub struct Prunings;

    /// Inputs the rules make no-ops are not stepped (grab, drop, swings
    /// without hands; grab holding, drop empty-handed).
    NO_OPS = "no-op inputs",
    /// A position with fewer boxes than goals is dropped (no rule makes a box).
    BOX_COUNT = "fewer boxes than goals",
    /// A box on a cell from which no pushes (with hands: no pushes, pulls,
    /// carries or swings) reach a goal or the edge is dropped, where the
    /// registry says nothing else moves a box.
    DEAD_CELLS = "dead cells",
    /// Positions that differ only in the player's Facing are one: always
    /// without hands, while the hands are empty with them where nothing
    /// moves by itself (a grab is then tried every way, turned by free
    /// swings; a duck would walk on while the player turns).
    FACING = "facing",
    /// Push-optimal, where no rule answers the player's steps beyond a cell,
    /// with no hands or empty ones: positions that differ only in where the player stands in
    /// its free region are one.
    REGIONS = "free regions",
    /// A position with more boxes frozen off goal (boxes that can never
    /// move again) than boxes to spare is dropped, under the rules and on
    /// the levels where the general search's freeze rule is sound.
    FROZEN = "frozen boxes",
    /// The optimal modes search by cost plus a lower bound of the cost
    /// left (A*) instead of by cost alone, and drop a position where some
    /// goal can be reached by no box.
    LOWER_BOUND = "lower bound",
    /// Fast mode without hands, one box per push, where as many boxes as
    /// goals must all be moved: a box pushed into a corridor between
    /// strong walls is pushed on along it in the same edge, and only the
    /// run's end is stored.
    TUNNELS = "tunnel runs",
}

impl Prunings {
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

#[cfg(test)]
mod tests {
    use super::Prunings;

    #[test]
    fn every_pruning_has_its_own_bit_and_name() {
        let all = Prunings::NAMES
            .iter()
            .fold(Prunings::default(), |set, (p, _)| set.with(*p));
        assert_eq!(all.names().count(), Prunings::NAMES.len());
        for (i, (p, name)) in Prunings::NAMES.iter().enumerate() {
            assert_eq!(p.0.count_ones(), 1, "{name} is one bit");
            assert!(
                Prunings::NAMES[..i]
                    .iter()
                    .all(|(q, other)| q != p && other != name),
                "{name} is declared once"
            );
        }
    }
}
