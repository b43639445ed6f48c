//! A level and a moves string into a game.
//!
//! The input is the level text, a NUL byte, then the moves: the MOVES
//! letters in either case (`u d l r w z y ! g p [ ]`, read from the sim's
//! command table, so grab, drop and the swings are played too); other bytes
//! are skipped. A first move byte `S` plays under Sokoban rules, a digit
//! under that chain limit. Every recipe the sim plays loads and is played,
//! floors and stairs, ducks, cauldrons, bongs, books and ghosts included
//! (since rule book 4 that is every recipe of the plan: the reader's names
//! come from core's recipe table); a level the sim refuses all the same is
//! skipped.
//!
//! No command fails or panics, the world's invariants hold after each (the
//! environment's too: water, doors, plates, a cauldron's one key at most, a
//! bong's two), the current level prints and reads back, and a save loads
//! back to the same state.

#![no_main]

use libfuzzer_sys::fuzz_target;
use muscleman_level::Level;
use muscleman_sim::{Command, Game, LevelLoadError, Rules};

/// The command a byte names, from the sim's one table (either case).
fn command(b: u8) -> Option<Command> {
    Command::from_letter(char::from(b))
}

/// The letters of grab, drop and the swings, which the table must hold.
const HANDS: &[u8] = b"gGpP[]";

fuzz_target!(|data: &[u8]| {
    assert!(
        HANDS.iter().all(|&b| command(b).is_some()),
        "grab, drop and the swings are not all in the command table"
    );
    let (level_bytes, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(level) = Level::parse_bytes(level_bytes) else {
        return;
    };
    let rules = match moves.first() {
        Some(b'S') => Rules::SOKOBAN,
        // A digit: that longest chain, with hands on even digits.
        Some(d @ b'0'..=b'9') => Rules {
            max_chain: Some(u32::from(d - b'0')),
            hands: d % 2 == 0,
        },
        _ => Rules::MUSCLEMAN,
    };
    let mut game = match Game::new(&level, rules) {
        Ok(g) => g,
        // Recipes whose rules are not built yet: refused, with their cell.
        Err(LevelLoadError::NotSupported { .. }) => return,
        Err(e) => panic!("a level the reader accepts cannot be played: {e}"),
    };
    for &b in moves {
        let Some(c) = command(b) else { continue };
        if let Err(e) = game.apply(c) {
            panic!("{c:?} failed: {e}");
        }
        if let Err(e) = game.world().validate() {
            panic!("invariant broken after {c:?}: {e}");
        }
        if let Err(e) = game.world().validate_environment() {
            panic!("invariant broken after {c:?}: {e}");
        }
        // Every position can be drawn, on every floor, the player's among them.
        let view = game.view();
        assert_eq!(
            view.all_sprites().len(),
            game.world().len(),
            "the view lost an entity"
        );
        assert!(view.player_floor() >= 1 && view.player_floor() <= view.floor_count());
    }
    let _ = game.is_solved();
    // The sink rule has landed: a heavy box pushed onto water sinks, so
    // every state the sim reaches prints as a level.
    let now = match game.current_level() {
        Ok(l) => l,
        Err(e) => panic!("the current state is not a level: {e}"),
    };
    match Level::parse(&now.to_text()) {
        Ok(l) => assert_eq!(l, now, "the current level does not read back"),
        Err(e) => panic!("the current level does not read back: {e}"),
    }
    let text = game.save();
    let loaded = match Game::load(&text) {
        Ok(g) => g,
        Err(e) => panic!("a save does not load: {e}\n{text}"),
    };
    assert_eq!(
        loaded.state_hash(),
        game.state_hash(),
        "save then load changed the state"
    );
    assert_eq!(loaded.save(), text, "save, load, save changed the text");
});
