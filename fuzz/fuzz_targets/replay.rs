//! A level and a moves string into a game.
//!
//! The input is the level text, a NUL byte, then the moves: `u d l r` in
//! either case, `w` wait, `g` grab, `p` drop, `[` and `]` the swings, `z`
//! undo, `y` redo, `!` restart; other bytes are skipped. A first move byte
//! `S` plays under Sokoban rules, a digit under that chain limit.
//!
//! No command fails or panics, the world's invariants hold after each, the
//! current level prints and reads back, and a save loads back to the same
//! state.

#![no_main]

use libfuzzer_sys::fuzz_target;
use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};

fn command(b: u8) -> Option<Command> {
    Some(match b.to_ascii_lowercase() {
        b'u' => Command::Step(Input::Move(GridDir::Up)),
        b'd' => Command::Step(Input::Move(GridDir::Down)),
        b'l' => Command::Step(Input::Move(GridDir::Left)),
        b'r' => Command::Step(Input::Move(GridDir::Right)),
        b'w' => Command::Step(Input::Wait),
        b'g' => Command::Step(Input::Grab),
        b'p' => Command::Step(Input::Drop),
        b'[' => Command::Step(Input::SwingLeft),
        b']' => Command::Step(Input::SwingRight),
        b'z' => Command::Undo,
        b'y' => Command::Redo,
        b'!' => Command::Restart,
        _ => return None,
    })
}

fuzz_target!(|data: &[u8]| {
    let (level_bytes, moves) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(level) = Level::parse_bytes(level_bytes) else {
        return;
    };
    let rules = match moves.first() {
        Some(b'S') => Rules::SOKOBAN,
        Some(d @ b'0'..=b'9') => Rules {
            max_chain: Some(u32::from(d - b'0')),
        },
        _ => Rules::MUSCLEMAN,
    };
    let mut game = match Game::new(&level, rules) {
        Ok(g) => g,
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
    }
    let _ = game.is_solved();
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
