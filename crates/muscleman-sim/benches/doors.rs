//! Door bench: a step that opens a door costs the same whatever the level's
//! size and its number of plates (rules.md §4: the environment looks at the
//! cells that changed, not at every entity).
//!
//! Run with `cargo bench -p muscleman-sim --bench doors`. Group
//! `door_step/{small,large}`: the player steps onto the last unpressed red
//! plate, which opens the red door (`DoorOpened`), then steps off it, which
//! closes the door again (`DoorClosed`). One iteration is one step, so the
//! figure is the mean of an opening and a closing step.
//!
//! - `small`: a 10×10 level with one plate and one door.
//! - `large`: a 1000×1000 level with 10,000 red plates, 9,999 of them held
//!   down by boxes, and one door.
//!
//! The two should be within 30% of each other.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_core::{
    DoorClosed, DoorOpened, EntityId, EntityRecipe as R, EventBatch, GridDir, GridPos, Input,
};
use muscleman_level::Level;
use muscleman_sim::{Rules, World, step_into, world_from_level};

/// A level of `size`×`size` with the player at (1, 1), the free plate at
/// (2, 1), the door at (1, 3) and `held` more plates under boxes, row by row
/// from (0, 5).
fn level(size: usize, held: usize) -> Level {
    let mut level = Level::new(size, size).expect("the level fits");
    let mut add = |x: usize, y: usize, specs: &[R]| {
        let pos = GridPos::new(
            i32::try_from(x).expect("x fits"),
            i32::try_from(y).expect("y fits"),
        );
        level
            .set_cell(pos, specs.iter().copied())
            .expect("a valid cell");
    };
    add(1, 1, &[R::Player]);
    add(2, 1, &[R::PressurePlateRed]);
    add(1, 3, &[R::DoorRed]);
    for i in 0..held {
        add(i % size, 5 + i / size, &[R::Box, R::PressurePlateRed]);
    }
    level
}

/// The world of a level, its player, and a reusable event batch.
struct Rig {
    world: World,
    player: EntityId,
    events: EventBatch,
    tick: u64,
}

impl Rig {
    fn new(level: &Level) -> Rig {
        let (world, player) = world_from_level(level).expect("the level loads");
        Rig {
            world,
            player,
            events: EventBatch::new(),
            tick: 0,
        }
    }

    /// Step onto the plate (even ticks) or off it (odd ticks).
    fn step(&mut self) {
        let dir = if self.tick & 1 == 0 {
            GridDir::Right
        } else {
            GridDir::Left
        };
        self.tick += 1;
        step_into(
            &mut self.world,
            self.player,
            black_box(Input::Move(dir)),
            &Rules::MUSCLEMAN,
            &mut self.events,
        )
        .expect("the step runs");
        black_box(&self.events);
    }

    /// Check that the two steps open and close the door.
    fn check(&mut self) {
        self.step();
        assert_eq!(self.events.of::<DoorOpened>().count(), 1, "the door opens");
        self.step();
        assert_eq!(self.events.of::<DoorClosed>().count(), 1, "the door closes");
    }
}

fn door_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("door_step");
    for (name, size, held) in [("small", 10, 0), ("large", 1000, 9_999)] {
        let mut rig = Rig::new(&level(size, held));
        rig.check();
        group.bench_function(BenchmarkId::from_parameter(name), |b| b.iter(|| rig.step()));
    }
    group.finish();
}

criterion_group!(benches, door_step);
criterion_main!(benches);
