//! How a general search ended: a path found, every position searched,
//! the bound cut a step, or a limit.

use muscleman_core::{GridPos, Input};

use crate::options::GiveUpReason;

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
