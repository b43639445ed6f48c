//! The environment on random rooms: water, heavy boxes, plates of two
//! colours and heavy plates, doors, secret doors, keys and collectibles,
//! walked through at random. After every step the invariants of rules.md §5
//! hold (water, doors and plates included, see `World::validate_environment`),
//! nothing is created or destroyed without its event, and undo, redo,
//! restart and a save give back the exact states.

mod common;

use common::{
    assert_invariants, checked_step, dump, dump_without_facing, inputs, level_from_ascii,
    world_from_ascii,
};
use std::collections::BTreeMap;

use muscleman_core::{DoorClosed, DoorOpened, EntityId, PlatePressed, PlateReleased};
use muscleman_sim::{Command, Game, Rules, TagKind, TagSet};
use proptest::prelude::*;

/// What a room's cells may hold, one thing each (floor more often).
const THINGS: &[char] = &[
    ' ', ' ', ' ', ' ', ' ', '#', '$', '$', '&', '&', '~', '~', 'f', '.', 'p', 'p', 'q', 'P', 'R',
    'B', 'S', 'r', 'b', 'o', 'a', 'i', 'j',
];

/// A room of `width`×`height` cells inside a ring of walls, its cells drawn
/// from [`THINGS`], with the player on the first free cell (or one added).
fn room() -> impl Strategy<Value = String> {
    (3usize..8, 2usize..6)
        .prop_flat_map(|(w, h)| {
            prop::collection::vec(prop::sample::select(THINGS), w * h)
                .prop_map(move |cells| (w, cells))
        })
        .prop_map(|(w, mut cells)| {
            let has_player = cells.contains(&'j');
            if !has_player {
                match cells.iter().position(|c| *c == ' ') {
                    Some(i) => cells[i] = '@',
                    None => cells[0] = '@',
                }
            } else {
                // One player: the first `j` stays, the others become plates.
                let first = cells.iter().position(|c| *c == 'j');
                for (i, c) in cells.iter_mut().enumerate() {
                    if *c == 'j' && Some(i) != first {
                        *c = 'p';
                    }
                }
            }
            let wall = "#".repeat(w + 2);
            let mut text = format!("{wall}\n");
            for row in cells.chunks(w) {
                text.push('#');
                text.extend(row.iter().map(|c| if *c == ' ' { '-' } else { *c }));
                text.push_str("#\n");
            }
            text.push_str(&wall);
            text.push('\n');
            text
        })
}

/// Random move letters, with waits.
fn moves(len: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&['u', 'd', 'l', 'r', 'w'][..]), len)
        .prop_map(|v| v.into_iter().collect())
}

/// Random commands: moves, waits, undo, redo and restart.
fn commands(len: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(&['u', 'd', 'l', 'r', 'u', 'd', 'l', 'r', 'w', 'z', 'y', '!'][..]),
        len,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every step keeps the invariants, and a door or plate event is
    /// emitted exactly when its state changed.
    #[test]
    fn random_walks_keep_the_invariants(grid in room(), letters in moves(0..60)) {
        let (mut world, player) = world_from_ascii(&grid);
        assert_invariants(&world);
        for input in inputs(&letters) {
            let before: BTreeMap<EntityId, TagSet> = world
                .entities()
                .into_iter()
                .map(|id| (id, world.tags(id).unwrap()))
                .collect();
            let events = checked_step(&mut world, player, input, &Rules::MUSCLEMAN);
            let had = |id: EntityId, tag| before.get(&id).is_some_and(|t| t.contains(tag));
            let has = |id: EntityId, tag| world.tags(id).is_ok_and(|t| t.contains(tag));
            for e in events.of::<DoorOpened>() {
                prop_assert!(!had(e.door, TagKind::DoorOpen) && has(e.door, TagKind::DoorOpen));
            }
            for e in events.of::<DoorClosed>() {
                prop_assert!(had(e.door, TagKind::DoorOpen) && !has(e.door, TagKind::DoorOpen));
            }
            for e in events.of::<PlatePressed>() {
                prop_assert!(!had(e.plate, TagKind::Pressed) && has(e.plate, TagKind::Pressed));
            }
            for e in events.of::<PlateReleased>() {
                prop_assert!(had(e.plate, TagKind::Pressed) && !has(e.plate, TagKind::Pressed));
            }
            // And the other way round: no door or plate changed silently.
            for (id, tags) in &before {
                for (tag, opened, closed) in [
                    (TagKind::DoorOpen, events.of::<DoorOpened>().any(|e| e.door == *id), events.of::<DoorClosed>().any(|e| e.door == *id)),
                    (TagKind::Pressed, events.of::<PlatePressed>().any(|e| e.plate == *id), events.of::<PlateReleased>().any(|e| e.plate == *id)),
                ] {
                    if tags.contains(tag) != has(*id, tag) && world.is_alive(*id) {
                        prop_assert!(opened || closed, "{} changed {} silently", id, tag);
                    }
                }
            }
        }
    }

    /// A save loads back to the same game; undoing everything gives the
    /// start back (facing aside: a turn with no undo step before it cannot
    /// be undone), redoing everything the end (when nothing was left
    /// undone), and a restart the start exactly.
    #[test]
    fn history_gives_back_exact_states(grid in room(), letters in commands(0..60)) {
        let level = level_from_ascii(&grid);
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        let state = |g: &Game| (g.state_hash(), dump(g.world()), g.world().counters().collect::<Vec<_>>());
        let board = |g: &Game| (dump_without_facing(g.world()), g.world().counters().collect::<Vec<_>>());
        let start = (state(&game), board(&game));
        for c in letters.chars() {
            game.apply(Command::from_letter(c).unwrap()).unwrap();
            assert_invariants(game.world());
        }
        let end = (state(&game), board(&game));
        // Redoing everything comes back here only if nothing was left undone.
        let at_the_tip = game.redo_depth() == 0;
        let loaded = Game::load(&game.save()).unwrap();
        prop_assert_eq!(state(&loaded), end.0.clone());
        while game.undo_depth() > 0 {
            game.undo().unwrap();
            assert_invariants(game.world());
        }
        prop_assert_eq!(board(&game), start.1.clone());
        while game.redo_depth() > 0 {
            game.redo().unwrap();
            assert_invariants(game.world());
        }
        if at_the_tip {
            prop_assert_eq!(board(&game), end.1);
        }
        game.restart().unwrap();
        assert_invariants(game.world());
        prop_assert_eq!(state(&game), start.0);
    }
}
