//! A world a search walks: a step forward, and the exact step back.
//!
//! [`Trail`] is the state store of the solver's general search: it keeps
//! the world at one position, steps it with the real step function and
//! takes steps back by reverting the changes each step recorded in the
//! world's journal, so that walking from one searched position to the next
//! costs the steps between them, never a copy of the world. Unlike
//! [`Game`](crate::Game) it keeps no undo history of its own, no command
//! log and no move counters (a step is the journal's length before it),
//! and a step that changes only the player's Facing is a step of its own
//! (the search tells such positions apart).

use muscleman_core::{EntityId, EventBatch, Input, MoveCause};
use muscleman_level::Level;

use crate::level::{LevelLoadError, world_from_level};
use crate::rules::Rules;
use crate::step::{StepError, step_into};
use crate::world::World;

/// A world with a stack of steps that can each be taken back exactly.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, Input};
/// use muscleman_level::Level;
/// use muscleman_sim::{Rules, Trail, state_hash};
///
/// let level = Level::parse("#####\n#@$.#\n#####\n")?;
/// let mut trail = Trail::new(&level, Rules::MUSCLEMAN)?;
/// let start = state_hash(trail.world());
/// assert!(trail.step(Input::Move(GridDir::Right))?);
/// assert_eq!(trail.depth(), 1);
/// trail.back()?;
/// assert_eq!(state_hash(trail.world()), start);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Trail {
    world: World,
    player: EntityId,
    rules: Rules,
    /// Where each step taken and not taken back starts in the world's
    /// journal, oldest first.
    steps: Vec<usize>,
    /// The events of the last step.
    events: EventBatch,
    /// The events of a step back, which nobody reads.
    ignored: EventBatch,
}

impl Trail {
    /// Load `level` to be walked under `rules`.
    pub fn new(level: &Level, rules: Rules) -> Result<Trail, LevelLoadError> {
        let (world, player) = world_from_level(level)?;
        Ok(Trail::from_world(world, player, rules))
    }

    /// Walk `world` (a position copied from a game, say:
    /// [`World::copy_position`]) with `player` under `rules`: the search
    /// starts from the position as it is, the player's Facing and what it
    /// holds included. Steps already in its journal are not the trail's:
    /// it starts with none.
    pub fn from_world(world: World, player: EntityId, rules: Rules) -> Trail {
        Trail {
            world,
            player,
            rules,
            steps: Vec::new(),
            events: EventBatch::new(),
            ignored: EventBatch::new(),
        }
    }

    /// Return the world at the current position.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Return the player.
    pub fn player(&self) -> EntityId {
        self.player
    }

    /// Return the rules the trail steps under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Return how many steps have been taken and not taken back.
    pub fn depth(&self) -> usize {
        self.steps.len()
    }

    /// Return the events of the last step (empty after a step back).
    pub fn events(&self) -> &EventBatch {
        &self.events
    }

    /// Resolve one input and keep it on the stack, and return whether it
    /// changed the state (Facing included). A step that changed nothing is
    /// kept too, so each step is taken back by one [`Trail::back`]. A step
    /// that fails leaves the world as it was and is not kept.
    pub fn step(&mut self, input: Input) -> Result<bool, StepError> {
        let from = self.world.journal_len();
        self.world.start_recording();
        let result = step_into(
            &mut self.world,
            self.player,
            input,
            &self.rules,
            &mut self.events,
        );
        self.world.stop_recording();
        if let Err(e) = result {
            self.world
                .revert_journal(from, MoveCause::Undo, &mut self.ignored)?;
            self.ignored.clear();
            self.events.clear();
            return Err(e);
        }
        self.steps.push(from);
        Ok(self.world.journal_len() > from)
    }

    /// Take the last step back, restoring the exact state before it (ids
    /// included). Does nothing at the start.
    pub fn back(&mut self) -> Result<(), StepError> {
        self.events.clear();
        if let Some(from) = self.steps.pop() {
            self.world
                .revert_journal(from, MoveCause::Undo, &mut self.ignored)?;
            self.ignored.clear();
        }
        Ok(())
    }
}
#[cfg(test)]
mod tests {
    use muscleman_core::GridDir;

    use super::*;
    use crate::hash::state_hash;

    #[test]
    fn a_copied_position_steps_as_the_game_does() -> Result<(), Box<dyn std::error::Error>> {
        // Holding a box, facing it: the copy keeps both, and every step
        // after gives the same state (ids included) as the game's own.
        let level = Level::parse("#######\n#@$  .#\n#     #\n#######\n")?;
        let mut game = crate::Game::new(&level, Rules::MUSCLEMAN)?;
        for input in [Input::Move(GridDir::Right), Input::Grab] {
            game.step(input)?;
        }
        let mut trail =
            Trail::from_world(game.world().copy_position()?, game.player(), game.rules());
        assert_eq!(state_hash(trail.world()), game.state_hash());
        for input in [
            Input::Move(GridDir::Down),
            Input::SwingLeft,
            Input::Drop,
            Input::Move(GridDir::Right),
        ] {
            game.step(input)?;
            trail.step(input)?;
            assert_eq!(state_hash(trail.world()), game.state_hash(), "{input:?}");
        }
        trail.back()?;
        trail.back()?;
        game.undo()?;
        game.undo()?;
        assert_eq!(state_hash(trail.world()), game.state_hash());
        Ok(())
    }

    #[test]
    fn a_copied_position_keeps_the_floors() -> Result<(), Box<dyn std::error::Error>> {
        // The copy climbs the stairs as the game does: it knows the floors
        // (a copy with one floor would find the stairs lead nowhere, and a
        // search from it would prove a solvable level unsolvable).
        let level = Level::parse(
            "legend: u = StairsUp\nlegend: d = StairsDown\n#####\n#@u #\n#####\nfloor:\n#####\n# d$.#\n#####\n",
        )?;
        let game = crate::Game::new(&level, Rules::MUSCLEMAN)?;
        let copy = game.world().copy_position()?;
        assert_eq!(copy.floors(), game.world().floors());
        assert_eq!(copy.floor_count(), 2);
        let mut game = game;
        let mut trail = Trail::from_world(copy, game.player(), game.rules());
        for input in [Input::Move(GridDir::Right), Input::Move(GridDir::Right)] {
            game.step(input)?;
            trail.step(input)?;
            assert_eq!(state_hash(trail.world()), game.state_hash(), "{input:?}");
        }
        assert!(game.is_solved());
        Ok(())
    }

    #[test]
    fn back_restores_every_step_facing_only_ones_included() -> Result<(), Box<dyn std::error::Error>>
    {
        // A turn into the wall changes only Facing: it is a step of its own.
        let level = Level::parse("######\n#@$ .#\n######\n")?;
        let mut trail = Trail::new(&level, Rules::MUSCLEMAN)?;
        let mut hashes = vec![state_hash(trail.world())];
        for input in [
            Input::Move(GridDir::Right),
            Input::Move(GridDir::Up),
            Input::Move(GridDir::Up),
            Input::Grab,
            Input::Move(GridDir::Right),
        ] {
            trail.step(input)?;
            hashes.push(state_hash(trail.world()));
        }
        assert_eq!(trail.depth(), 5);
        assert_ne!(hashes[1], hashes[0], "moved right");
        assert_ne!(hashes[2], hashes[1], "the turn up changed Facing");
        assert_eq!(hashes[3], hashes[2], "a second bump changes nothing");
        while let Some(expected) = hashes.pop() {
            assert_eq!(state_hash(trail.world()), expected);
            trail.back()?;
        }
        assert_eq!(trail.depth(), 0);
        assert!(trail.world.journal().is_empty(), "every change taken back");
        Ok(())
    }
}
