//! Options that change the rules of a step.

use crate::component::{TagKind, TagSet};
use crate::world::World;

/// The version of the rule book (`rules.md`) this build plays: 4 (ghosts
/// and books; 3 brought floors, ducks and the actors phase, cauldrons,
/// bongs, sound hints).
///
/// Saves and the progress file record it, so that one written under other
/// rules is migrated or refused, never replayed into a different game.
pub const RULES_VERSION: u32 = 4;

/// Rule options for a step.
///
/// # Example
/// ```
/// use muscleman_sim::Rules;
///
/// assert_eq!(Rules::default(), Rules::MUSCLEMAN);
/// assert_eq!(Rules::SOKOBAN.max_chain, Some(1));
/// assert!(!Rules::SOKOBAN.hands);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Longest push chain the player can move; `None` is unlimited.
    /// `Some(1)` is classic Sokoban, where a box cannot push a box;
    /// `Some(0)` makes every push fail.
    pub max_chain: Option<u32>,
    /// Whether the player may grab, drop and swing (rules.md §4). Without
    /// hands, as in classic Sokoban, those inputs change nothing.
    pub hands: bool,
}

impl Rules {
    /// Muscleman: the player pushes whole lines of boxes, grabs and swings.
    pub const MUSCLEMAN: Rules = Rules {
        max_chain: None,
        hands: true,
    };
    /// Classic Sokoban: one box at a time, no pulling.
    pub const SOKOBAN: Rules = Rules {
        max_chain: Some(1),
        hands: false,
    };

    /// Return these rules with a longest push chain of `max_chain`.
    ///
    /// # Example
    /// ```
    /// use muscleman_sim::Rules;
    ///
    /// assert_eq!(Rules::MUSCLEMAN.with_max_chain(Some(1)).max_chain, Some(1));
    /// ```
    #[must_use]
    pub const fn with_max_chain(self, max_chain: Option<u32>) -> Rules {
        Rules { max_chain, ..self }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::MUSCLEMAN
    }
}

/// Return whether an entity with `tags` fills a goal: a box (the one
/// thing that opens: smashable bongs do not count), or a heavy box still
/// pushable (one that sank lost `Pushable`). The one definition: the
/// solver reads it too.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
/// use muscleman_sim::{counts_on_goal, recipe_tags};
///
/// assert!(recipe_tags(EntityRecipe::HeavyBox).is_some_and(counts_on_goal));
/// assert!(!recipe_tags(EntityRecipe::KeyRed).is_some_and(counts_on_goal));
/// ```
pub const fn counts_on_goal(tags: TagSet) -> bool {
    tags.contains(TagKind::Pushable)
        && (tags.contains(TagKind::Openable) || tags.contains(TagKind::Heavy))
}

/// Return whether the level is solved: it has at least one goal, and every
/// goal cell holds a box or a heavy box that has not sunk (rules.md §4,
/// Solved). A key or a hammer on a goal does not count.
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
/// let key = spawn(&mut world, EntityRecipe::KeyRed, GridPos::new(1, 0)).unwrap();
/// assert!(!is_solved(&world), "a key is no box");
/// world.destroy(key).unwrap();
/// spawn(&mut world, EntityRecipe::HeavyBox, GridPos::new(1, 0)).unwrap();
/// assert!(is_solved(&world));
/// ```
pub fn is_solved(world: &World) -> bool {
    let mut goals = 0usize;
    for (_, ids) in world.index().cells() {
        if ids.kinds().contains(TagKind::Goal) {
            if !ids.tagged().any(|(_, tags)| counts_on_goal(tags)) {
                return false;
            }
            goals += 1;
        }
    }
    goals > 0
}
