//! How a hammer breaks what it smashes (rules.md §4, Swing step 2): plain
//! data a recipe's declaration answers and the swing reads.

use muscleman_core::{GlobalCounter, GridPos};

/// How a smashed entity breaks: where its contents spawn, and the counter
/// its breaking raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breaking {
    /// Where the contents after the first spawn (the first takes the
    /// entity's own cell): its own cell for a box, a free neighbour for a
    /// bong's second key.
    pub spill: GridPos,
    /// The counter it raises by one, after `Smashed` (a bong: BongsBroken).
    pub counter: Option<GlobalCounter>,
}
