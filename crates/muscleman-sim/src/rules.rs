//! Options that change the rules of a step.

/// Rule options for a step.
///
/// # Example
/// ```
/// use muscleman_sim::Rules;
///
/// assert_eq!(Rules::default(), Rules::MUSCLEMAN);
/// assert_eq!(Rules::SOKOBAN.max_chain, Some(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Longest push chain the player can move; `None` is unlimited.
    /// `Some(1)` is classic Sokoban, where a box cannot push a box;
    /// `Some(0)` makes every push fail.
    pub max_chain: Option<u32>,
}

impl Rules {
    /// Muscleman: the player pushes whole lines of boxes.
    pub const MUSCLEMAN: Rules = Rules { max_chain: None };
    /// Classic Sokoban: one box at a time.
    pub const SOKOBAN: Rules = Rules { max_chain: Some(1) };
}

impl Default for Rules {
    fn default() -> Self {
        Rules::MUSCLEMAN
    }
}
