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
    /// Take hold of the liftable thing in front (rules.md §4, "Grab").
    Grab,
    /// Let go of what is held (rules.md §4, "Drop").
    Drop,
    /// Swing what is held a quarter turn counter-clockwise (rules.md §4, "Swing").
    SwingLeft,
    /// Swing what is held a quarter turn clockwise (rules.md §4, "Swing").
    SwingRight,
    /// Do nothing for one step.
    Wait,
}

impl Input {
    /// Every input, in a fixed order: the four moves (up, right, down,
    /// left), grab, drop, the two swings, wait.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::Input;
    ///
    /// assert_eq!(Input::ALL.len(), 9);
    /// assert_eq!(Input::ALL[8], Input::Wait);
    /// ```
    pub const ALL: [Input; 9] = [
        Input::Move(GridDir::Up),
        Input::Move(GridDir::Right),
        Input::Move(GridDir::Down),
        Input::Move(GridDir::Left),
        Input::Grab,
        Input::Drop,
        Input::SwingLeft,
        Input::SwingRight,
        Input::Wait,
    ];
}
