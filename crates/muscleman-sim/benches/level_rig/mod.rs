//! The rig of the benches that step one level in place (doors, floors,
//! ducks): its world, its player and one event batch reused by every step.

#![allow(dead_code, reason = "each bench uses the part it needs")]

use std::hint::black_box;

use muscleman_core::{EntityId, EventBatch, GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Rules, World, step_into, world_from_level};

/// The world of a level, its player, and a reusable event batch.
pub struct LevelRig {
    /// The world being stepped.
    pub world: World,
    /// Its player.
    pub player: EntityId,
    /// The last step's events.
    pub events: EventBatch,
    tick: u64,
}

impl LevelRig {
    /// Load `level` (a bench level: it loads, or the bench is wrong).
    pub fn new(level: &Level) -> LevelRig {
        let (world, player) = world_from_level(level).expect("the level loads");
        LevelRig {
            world,
            player,
            events: EventBatch::new(),
            tick: 0,
        }
    }

    /// Step `input` under Muscleman's rules into the reused batch.
    pub fn step(&mut self, input: Input) {
        step_into(
            &mut self.world,
            self.player,
            black_box(input),
            &Rules::MUSCLEMAN,
            &mut self.events,
        )
        .expect("the step runs");
        black_box(&self.events);
    }

    /// Step right on even calls and left on odd ones, so the state cycles.
    pub fn back_and_forth(&mut self) {
        let dir = if self.tick & 1 == 0 {
            GridDir::Right
        } else {
            GridDir::Left
        };
        self.tick += 1;
        self.step(Input::Move(dir));
    }
}
