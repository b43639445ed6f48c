//! A scratch mechanic, compiled for unit tests only: the cost of a new rule.
//!
//! Rule: a player with a [`Glow`] glows one step brighter each time a box
//! it moved this step comes to rest on a goal.
//!
//! Adding it took three lines outside this file, and no `match` anywhere:
//! - `components!` in `component.rs`: `Glow = "glow" (u32)`, so the journal
//!   (undo), the state hash, saves and `World::validate` know it;
//! - `SCHEDULE` in `schedule.rs`: `reacting(Phase::Environment, "glow",
//!   glow::run)`, so every step runs it after the player's action;
//! - `mod glow;` in `systems/mod.rs`.
//!
//! It reads only the step's change list, never the level, so its cost
//! follows what moved, not the size of the world.

use crate::component::{Glow, TagKind};
use crate::context::{StepChange, StepContext};
use crate::registry::Mechanic;
use crate::schedule::{Phase, reacting};
use crate::world::WorldError;

/// The glow: no recipe, one system.
pub(crate) const MECHANIC: Mechanic =
    Mechanic::new("glow", &[], &[reacting(Phase::Environment, "glow", run)]);

/// Brighten the player's glow once for each box that entered a goal cell
/// this step.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let Ok(Glow(before)) = ctx.world().get::<Glow>(ctx.player) else {
        return Ok(());
    };
    let index = ctx.world().index();
    let arrivals = ctx
        .changes()
        .iter()
        .filter(|c| matches!(c, StepChange::Moved { .. }))
        .filter(|c| {
            index
                .locate(c.entity())
                .is_some_and(|(_, tags)| tags.contains(TagKind::Pushable))
                && index.has_kind_at(TagKind::Goal, c.cell())
        })
        .count();
    if arrivals == 0 {
        return Ok(());
    }
    let after = before.saturating_add(u32::try_from(arrivals).unwrap_or(u32::MAX));
    ctx.set(ctx.player, Glow(after))
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridDir, Input};
    use muscleman_level::Level;

    use super::*;
    use crate::game::Game;
    use crate::rules::Rules;

    /// A game where the player glows, with a box two cells from a goal.
    fn glowing() -> Game {
        let level = Level::parse("#######\n#@$ . #\n#######\n").unwrap_or_else(|e| panic!("{e}"));
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"));
        let player = game.player();
        game.world_mut_for_tests()
            .set(player, Glow(0))
            .unwrap_or_else(|e| panic!("{e}"));
        game
    }

    fn glow(game: &Game) -> u32 {
        game.world()
            .get::<Glow>(game.player())
            .map_or(u32::MAX, |g| g.0)
    }

    #[test]
    fn a_box_pushed_onto_a_goal_brightens_the_glow() {
        let mut game = glowing();
        let right = Input::Move(GridDir::Right);
        game.step(right).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(glow(&game), 0, "the box is not on the goal yet");
        game.step(right).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(glow(&game), 1);
        game.step(right).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(glow(&game), 1, "the box left the goal");
    }

    #[test]
    fn undo_hash_save_and_validate_know_the_new_component() {
        let mut game = glowing();
        let right = Input::Move(GridDir::Right);
        game.step(right).unwrap_or_else(|e| panic!("{e}"));
        let before = game.state_hash();
        game.step(right).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(game.state_hash(), before, "the hash sees the glow");
        assert!(game.save().contains("\"glow\":1"), "{}", game.save());
        game.undo().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (glow(&game), game.state_hash()),
            (0, before),
            "undo restores it"
        );
        game.world().validate().unwrap_or_else(|e| panic!("{e}"));
    }
}
