//! The hint: the solver from the game's position, on one thread and with
//! no clock (a browser's WebAssembly has none), limited by a budget of
//! positions the page chooses.

use muscleman_sim::Game;
use muscleman_solver::{GiveUpReason, SolveOptions, SolveOutcome, solve_game};
use serde_json::{Value, json};

use crate::error::WebError;

/// Search from `game`'s position, expanding at most `positions`
/// positions; answer with `{"answer": "solution", "moves", "optimal"}`,
/// `{"answer": "unsolvable"}` (proved), or `{"answer": "none", "why"}`,
/// each with `"positions"`, how many it expanded.
pub fn hint(game: &Game, positions: u64) -> Result<Value, WebError> {
    let options = SolveOptions {
        clock: None,
        max_positions: Some(positions),
        threads: 1,
        ..SolveOptions::default()
    };
    let outcome =
        solve_game(game, &options).map_err(|e| WebError::new(format!("the solver failed: {e}")))?;
    let expanded = outcome.stats().expanded;
    Ok(match outcome {
        SolveOutcome::Solved(s) => json!({
            "answer": "solution", "moves": s.moves, "optimal": s.optimal, "positions": expanded,
        }),
        SolveOutcome::Unsolvable { .. } => json!({ "answer": "unsolvable", "positions": expanded }),
        SolveOutcome::GaveUp { reason, .. } => json!({
            "answer": "none", "why": why(reason), "positions": expanded,
        }),
    })
}

/// Say why the search found nothing.
fn why(reason: GiveUpReason) -> String {
    match reason {
        GiveUpReason::Budget => "the search spent its positions".to_owned(),
        GiveUpReason::Memory => "the search ran out of memory".to_owned(),
        GiveUpReason::Timeout | GiveUpReason::Cancelled => "the search was stopped".to_owned(),
        GiveUpReason::OpenLevel { .. } | GiveUpReason::Bounded { .. } => {
            "the level is open: the search proves nothing".to_owned()
        }
        GiveUpReason::PushesOnly => "pushes only: boxes can be pulled too".to_owned(),
        GiveUpReason::Unmodelled { what, .. } => format!("the solver does not model {what}"),
    }
}
