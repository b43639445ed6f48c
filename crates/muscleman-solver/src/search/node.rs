//! A stored state of the push search, as the table keeps it and the
//! expansion makes it; a leaf that both read.

use crate::board::Board;

/// One stored state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Parent node (`u32::MAX` for the root).
    pub(super) parent: u32,
    /// Player key: normalized region cell, or the exact cell in moves mode.
    pub(super) player: u16,
    /// Cell of the pushed chain's nearest box before the push (where the
    /// player stands after it).
    pub(super) first: u16,
    /// Direction of the push (0..4), or [`MACRO`] for a goal macro.
    pub(super) dir: u8,
    /// Pushes this step makes in direction `dir` (more than 1 for a tunnel
    /// run), or the goal macro's push count.
    pub(super) run: u16,
    /// A goal macro's first push in [`Search::macro_pushes`](super::Search).
    pub(super) at: u32,
    /// Lower bound from here.
    pub(super) h: u32,
    /// Cost so far (pushes, or moves in moves mode).
    pub(super) g: u32,
    /// Pushes so far.
    pub(super) pushes: u32,
    /// Distance table (frozen boxes on goals as walls) used for the bound.
    pub(super) dt: u32,
}

/// [`Node::dir`] of a goal macro: its pushes are in [`Search::macro_pushes`](super::Search).
pub(super) const MACRO: u8 = 4;

/// Boxes of `boxes` on goals.
pub(super) fn goals_done(b: &Board, boxes: &[u16]) -> usize {
    boxes.iter().filter(|c| b.goal[**c as usize]).count()
}
