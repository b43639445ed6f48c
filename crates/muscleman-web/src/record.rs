//! A solve recorded in the progress the page keeps, as it happens, and a
//! record as the page reads it.

use muscleman_play::progress::{LevelRecord, Progress};
use muscleman_play::solution::moves_of;
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
