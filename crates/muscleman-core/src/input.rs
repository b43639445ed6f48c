//! Player inputs: one per step.

use crate::GridDir;

/// One player intent, resolved by one step of the simulation.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, Input};
///
/// let inputs = [Input::Move(GridDir::Right), Input::Wait];
/// assert_eq!(inputs[0], Input::Move(GridDir::Right));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// Face `dir` and walk (or push) one cell that way.
    Move(GridDir),
    /// Take hold of the liftable thing in front (rules not written yet).
    Grab,
    /// Let go of what is held (rules not written yet).
    Drop,
    /// Swing what is held a quarter turn counter-clockwise (rules not written yet).
    SwingLeft,
    /// Swing what is held a quarter turn clockwise (rules not written yet).
    SwingRight,
    /// Do nothing for one step.
    Wait,
}
