//! What a path costs in the general search, compared in order: the count
//! the mode optimizes, then the ties a player expects broken
//! (`--optimal moves`: moves, then pushes, then inputs; `--optimal
//! pushes`: pushes, then moves, then inputs; any solution: inputs).

use std::ops::Add;

/// A path's (or a step's) cost: `first`, then `second`, then `third`
/// decide, lexicographically. Each part is a count of steps, so every
/// step adds nothing less than zero to each, and a path's cost only grows
/// along it: the order of costs is one Dijkstra's and A*'s proofs hold for
/// (a bound on `first` alone, with the other parts 0, stays admissible and
/// consistent in this order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Cost {
    /// What the mode optimizes: inputs (any solution), moves or pushes.
    pub(crate) first: u32,
    /// The first tie: pushes among the fewest moves, moves among the
    /// fewest pushes (0 in fast mode).
    pub(crate) second: u32,
    /// The last tie: inputs (0 in fast mode).
    pub(crate) third: u32,
}

impl Cost {
    /// A cost of `first` alone.
    pub(crate) const fn of(first: u32) -> Cost {
        Cost {
            first,
            second: 0,
            third: 0,
        }
    }

    /// Whether the step is free in every part (a 0-1 queue puts it first).
    pub(crate) fn is_zero(self) -> bool {
        self == Cost::default()
    }
}

impl Add for Cost {
    type Output = Cost;

    fn add(self, other: Cost) -> Cost {
        Cost {
            first: self.first.saturating_add(other.first),
            second: self.second.saturating_add(other.second),
            third: self.third.saturating_add(other.third),
        }
    }
}
