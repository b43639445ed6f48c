//! Strong walls: the one cell no box and no player ever enters, as the
//! sim's registry declares it, for every pruning of the general search.

use muscleman_core::{EntityRecipe, GridPos};
use muscleman_level::Level;
use muscleman_sim::{TagKind, TagSet, recipe_decl};

use super::frame::Frame;

/// The tags of a strong wall: it blocks the player and every push.
const WALL: TagSet = TagSet::of(&[TagKind::BlocksMovement, TagKind::BlocksPush]);

/// Return whether `recipe` is a strong wall as the sim's registry declares
/// it: it never changes, no rule destroys it, and it blocks movement and
/// pushes. What every pruning of the general search takes as a cell no box
/// or player ever enters (the dead cells, the free region, the guide, the
/// frozen-box check and the lower bound); everything else may open or
/// close (a weak wall is smashed, a door opens).
pub(crate) fn strong_wall(recipe: EntityRecipe) -> bool {
    recipe_decl(recipe).is_some_and(|d| {
        d.assume.never_changes && d.assume.never_destroyed && d.tags.contains_all(WALL)
    })
}

/// Per slot of a [`Frame`]: whether a strong wall stands there, the grid
/// the general search's prunings read instead of the spatial index.
#[derive(Clone, Debug, Default)]
pub(crate) struct WallMap {
    walls: Vec<bool>,
}

impl WallMap {
    /// Mark the strong walls of `level`'s first floor inside `frame`.
    pub(crate) fn new(level: &Level, frame: &Frame) -> WallMap {
        WallMap::on_floor(level, 1, frame)
    }

    /// Mark the strong walls of floor `floor` (from 1) of `level` inside
    /// `frame`, at their cells on that floor.
    pub(crate) fn on_floor(level: &Level, floor: usize, frame: &Frame) -> WallMap {
        let mut walls = vec![false; frame.cells()];
        let on = level
            .entities_on(floor)
            .filter(|(_, spec)| strong_wall(spec.recipe))
            .map(|(at, _)| at);
        for at in on {
            if let Some(w) = frame.slot(at).and_then(|i| walls.get_mut(i)) {
                *w = true;
            }
        }
        WallMap { walls }
    }

    /// Return whether slot `i` holds a strong wall (`None` past the frame).
    pub(crate) fn get(&self, i: usize) -> Option<bool> {
        self.walls.get(i).copied()
    }

    /// Return whether a strong wall stands on `at`, a cell of `frame` (the
    /// frame it was marked in); `false` outside it.
    pub(crate) fn at(&self, frame: &Frame, at: GridPos) -> bool {
        frame.get(&self.walls, at).copied().unwrap_or(false)
    }

    /// Return the bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.walls.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wall is one; nothing that opens, goes, moves or lets the player
    /// through is (a `demo-glow` build's lantern, fixed scenery that
    /// blocks, may be one too).
    #[test]
    fn the_wall_is_a_strong_wall_and_what_may_open_or_move_is_not() {
        use EntityRecipe as R;
        assert!(strong_wall(R::WallStrong));
        for r in [
            R::WallWeak,
            R::Box,
            R::HeavyBox,
            R::DoorRed,
            R::DoorBlue,
            R::SecretDoor,
            R::WaterCell,
            R::Goal,
            R::Duck,
            R::Cauldron,
            R::Bong,
            R::KeyRed,
            R::Player,
        ] {
            assert!(!strong_wall(r), "{r:?}");
        }
    }
}
