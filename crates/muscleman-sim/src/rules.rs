//! Options that change the rules of a step.

/// The version of the rule book (`rules.md`) this build plays.
///
/// Saves and the progress file record it, so that one written under other
/// rules is migrated or refused, never replayed into a different game.
pub const RULES_VERSION: u32 = 2;

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

/// Return whether the level is solved: it has at least one goal, and every
/// goal cell holds a box (a `Pushable`, so a heavy box counts).
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridPos};
/// use muscleman_sim::{is_solved, spawn, World};
///
/// let mut world = World::new();
/// assert!(!is_solved(&world), "a level without goals is never solved");
/// spawn(&mut world, EntityRecipe::Goal, GridPos::new(1, 0)).unwrap();
/// assert!(!is_solved(&world));
/// spawn(&mut world, EntityRecipe::Box, GridPos::new(1, 0)).unwrap();
/// assert!(is_solved(&world));
/// ```
pub fn is_solved(world: &crate::World) -> bool {
    let mut goals = 0usize;
    for (_, ids) in world.index().cells() {
        let kinds = ids.kinds();
        if kinds.contains(crate::TagKind::Goal) {
            if !kinds.contains(crate::TagKind::Pushable) {
                return false;
            }
            goals += 1;
        }
    }
    goals > 0
}
