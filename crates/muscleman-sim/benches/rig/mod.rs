//! A bench's rig: the world of a level, its player and a reusable event
//! batch, stepped one input at a time (what the doors, floors and ducks
//! benches time).

#![allow(dead_code, reason = "each bench uses its part")]

use std::hint::black_box;

use muscleman_core::{EntityId, EventBatch, GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Rules, World, step_into, world_from_level};

/// The world of a level, its player, and a reusable event batch.
pub struct Rig {
    world: World,
    player: EntityId,
    /// The last step's events.
    pub events: EventBatch,
    tick: u64,
}

impl Rig {
    /// Load `level`.
    pub fn new(level: &Level) -> Rig {
        let (world, player) = world_from_level(level).expect("the level loads");
        Rig {
            world,
            player,
            events: EventBatch::new(),
            tick: 0,
        }
    }

    /// One step of `input` under Muscleman rules, its events in `events`.
    pub fn step_with(&mut self, input: Input) {
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

    /// Step right (even ticks) or left (odd ticks): the state cycles every
    /// two steps.
    pub fn shuttle(&mut self) {
        let dir = if self.tick & 1 == 0 {
            GridDir::Right
        } else {
            GridDir::Left
        };
        self.tick += 1;
        self.step_with(Input::Move(dir));
    }
}
