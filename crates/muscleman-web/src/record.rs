//! What a step leaves beside the board: a solve recorded in the progress
//! the page keeps, as it happens (and a record as the page reads it), and
//! the sounds its events ask for, by the one table the Godot adapter
//! plays too ([`muscleman_play::sound`]).

use muscleman_play::progress::{LevelRecord, Progress};
use muscleman_play::solution::moves_of;
use muscleman_play::sound::{RATE, Sound, sound_for};
use muscleman_sim::Game;
use serde_json::{Value, json};

/// Record the solve of `game` (solved now) in the progress: answer
/// `{"first_solve", "moves", "pushes"}`, what improved, with the counts
/// (`"count_moves"`, `"count_pushes"`) and the solution kept.
pub fn record_solve(progress: &mut Option<Progress>, game: &Game) -> Value {
    let progress = progress.get_or_insert_with(Progress::in_memory);
    let stats = game.stats();
    let solution = moves_of(game);
    let rules = game.rules();
    // In memory (no file): recording never fails to write.
    let improved = progress
        .record_solution(
            game.level(),
            rules,
            stats.moves,
            stats.pushes,
            Some(&solution),
        )
        .unwrap_or_default();
    json!({
        "first_solve": improved.first_solve,
        "moves": improved.moves,
        "pushes": improved.pushes,
        "count_moves": stats.moves,
        "count_pushes": stats.pushes,
        "solution": solution,
    })
}

/// A record as JSON.
pub fn record(r: LevelRecord) -> Value {
    json!({ "solved": r.solved, "best_moves": r.best_moves, "best_pushes": r.best_pushes })
}

/// Return the names of the sounds a step's events (as JSON) ask for, each
/// once, in the order first asked for: an event carries a name when any of
/// its fields is that word (a move's `cause`, a sound hint's `kind`).
pub fn sounds_of(events: &[Value]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for e in events {
        let Some(name) = e.get("event").and_then(Value::as_str) else {
            continue;
        };
        let carries = |word: &str| {
            e.as_object()
                .is_some_and(|m| m.values().any(|v| v.as_str() == Some(word)))
        };
        if let Some(sound) = sound_for(name, carries)
            && !out.contains(&sound.name())
        {
            out.push(sound.name());
        }
    }
    out
}

/// Answer with every sound's samples: `{"rate", "sounds": {NAME:
/// [SAMPLE, ...]}}`, mono 16-bit, as the Godot adapter plays them.
pub fn sounds() -> Value {
    let sounds: serde_json::Map<String, Value> = Sound::ALL
        .iter()
        .map(|s| (s.name().to_owned(), json!(s.samples())))
        .collect();
    json!({ "rate": RATE, "sounds": sounds })
}
