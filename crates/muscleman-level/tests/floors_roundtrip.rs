//! Property: print then read gives the same level, for random levels of
//! several floors with paired stairs, named and unnamed floors, and cells
//! of every kind (what breaks a rule is left out).

use muscleman_core::{EntityRecipe as R, GridPos, RecipeState};
use muscleman_level::{Collection, Level};
use proptest::prelude::*;

/// The recipes a random cell is made of.
const PIECES: [R; 12] = [
    R::WallStrong,
    R::WallWeak,
    R::Box,
    R::HeavyBox,
    R::Goal,
    R::WaterCell,
    R::Coin,
    R::KeyRed,
    R::DoorRed,
    R::PressurePlateRed,
    R::StairsUp,
    R::Hammer,
];

/// One floor's shape, name and cells (indices into [`PIECES`], 12 = floor).
type FloorPlan = ((usize, usize), Option<String>, Vec<Vec<usize>>);

fn floor() -> impl Strategy<Value = FloorPlan> {
    (1usize..7, 1usize..5).prop_flat_map(|(w, h)| {
        (
            Just((w, h)),
            prop::option::of("[A-Za-z][ -~]{0,8}"),
            prop::collection::vec(prop::collection::vec(0usize..16, 0..3), w * h),
        )
    })
}

fn level() -> impl Strategy<Value = Level> {
    (
        prop::collection::vec(floor(), 1..5),
        prop::collection::vec((0usize..4, 0i32..7, 0i32..5), 0..6),
        (any::<prop::sample::Index>(), 0i32..7, 0i32..5),
        prop::option::of("[A-Za-z][ -~]{0,8}"),
    )
        .prop_map(|(floors, stairs, (pf, px, py), title)| {
            let ((w, h), _, _) = &floors[0];
            let mut level = Level::new(*w, *h).unwrap();
            for ((w, h), _, _) in floors.iter().skip(1) {
                level.add_floor(*w, *h).unwrap();
            }
            for (i, (_, name, _)) in floors.iter().enumerate() {
                if let Some(name) = name {
                    level.set_floor_name(i + 1, name).unwrap();
                }
            }
            // The player on some floor, clamped into it.
            let pf = pf.index(floors.len()) + 1;
            let f = level.floor(pf).unwrap();
            let at = GridPos::new(px % f.width() as i32, py % f.height() as i32);
            level.add_on(pf, at, R::Player).unwrap();
            // Stairs in pairs: both ends, or neither.
            for (k, x, y) in stairs {
                let below = k % floors.len() + 1;
                let at = GridPos::new(x, y);
                if below == floors.len() || level.add_on(below, at, R::StairsUp).is_err() {
                    continue;
                }
                if level.add_on(below + 1, at, R::StairsDown).is_err() {
                    level.remove_on(below, at, R::StairsUp).unwrap();
                }
            }
            for (i, (_, _, cells)) in floors.iter().enumerate() {
                let width = level.floor(i + 1).unwrap().width();
                for (c, pieces) in cells.iter().enumerate() {
                    let at = GridPos::new((c % width) as i32, (c / width) as i32);
                    for &piece in pieces {
                        let Some(&recipe) = PIECES.get(piece) else {
                            continue;
                        };
                        if recipe == R::StairsUp {
                            continue; // Unpaired: the reader would refuse it.
                        }
                        let _ = level.add_on(i + 1, at, recipe);
                        if recipe == R::DoorRed {
                            let open = muscleman_core::EntitySpec::new(R::DoorRed)
                                .with_state(RecipeState::Open);
                            let _ = level.add_on(i + 1, at, open);
                        }
                    }
                }
            }
            if let Some(t) = title {
                level.set_title(&t).unwrap();
            }
            level
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn print_then_read_gives_the_same_level_of_floors(level in level()) {
        prop_assert!(level.unpaired_stairs().is_empty());
        let text = level.to_text();
        let again = Level::parse(&text);
        prop_assert_eq!(again.as_ref(), Ok(&level), "{}", text);
        // Every floor prints from its own (0, 0): the cells, and so the stairs, stay put.
        if let Ok(again) = again {
            for floor in level.floors() {
                let other = again.floor(floor.number()).unwrap();
                prop_assert_eq!((floor.width(), floor.height()), (other.width(), other.height()));
                prop_assert!(floor.iter().eq(other.iter()));
                for (pos, _) in other.iter() {
                    prop_assert!(other.source_position(pos).is_some());
                }
            }
        }
    }

    #[test]
    fn print_then_read_gives_the_same_collection_of_floors(levels in prop::collection::vec(level(), 1..4)) {
        let mut c = Collection::new();
        c.levels = levels;
        let text = c.to_text();
        prop_assert_eq!(Collection::parse(&text), Ok(c), "{}", text);
    }
}
