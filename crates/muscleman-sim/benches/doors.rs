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

mod rig;

use rig::Rig;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use muscleman_core::{DoorClosed, DoorOpened, EntityRecipe as R, GridPos};
use muscleman_level::Level;

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

/// Check that a step onto the plate opens the door and one off it closes
/// it.
fn check(rig: &mut Rig) {
    rig.shuttle();
    assert_eq!(rig.events.of::<DoorOpened>().count(), 1, "the door opens");
    rig.shuttle();
    assert_eq!(rig.events.of::<DoorClosed>().count(), 1, "the door closes");
}

fn door_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("door_step");
    for (name, size, held) in [("small", 10, 0), ("large", 1000, 9_999)] {
        let mut rig = Rig::new(&level(size, held));
        check(&mut rig);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| rig.shuttle())
        });
    }
    group.finish();
}

criterion_group!(benches, door_step);
criterion_main!(benches);
