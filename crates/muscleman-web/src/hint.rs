//! The hint: the terminal's own ([`muscleman_play::hint`]: the solver
//! from the game's position, in `solve --optimal moves`'s order where a
//! quarter of the budget finds it, its answer replayed on a copy of the game
//! before it is shown, put in the same words), on one thread and with no
//! clock (a browser's WebAssembly has none), limited by a budget of
//! positions the page chooses. The page runs it in a Web Worker, so the
//! page never waits on it.

use muscleman_play::hint::{HintAnswer, HintKeys, answer_of, checked, solve_hint};
use muscleman_sim::Game;
use muscleman_solver::SolveOptions;
use serde_json::{Value, json};

use crate::error::WebError;

/// The page's keys a hint's words name: the terminal's.
pub const KEYS: HintKeys = HintKeys {
    swing_left: "[",
    swing_right: "]",
    undo: "z",
};

/// Search from `game`'s position, expanding at most `positions`
/// positions; answer with `{"answer": "solution", "moves"}` (checked by
/// replaying it on a copy of the game), `{"answer": "unsolvable"}` (the
/// solver proved it), or `{"answer": "none"}`, each with `"message"`, the
/// terminal's words for it, and `"positions"`, how many it expanded.
pub fn hint(game: &Game, positions: u64) -> Result<Value, WebError> {
    let copy = Game::load(&game.save())
        .map_err(|e| WebError::new(format!("no hint: this position cannot be searched ({e})")))?;
    let held = game.view().holding().is_some();
    let options = SolveOptions {
        clock: None,
        max_positions: Some(positions),
        threads: 1,
        rules: game.rules(),
        ..SolveOptions::default()
    };
    let outcome = solve_hint(&copy, &options);
    let expanded = outcome.as_ref().map_or(0, |o| o.stats().expanded);
    let answer = checked(answer_of(outcome, held), &copy);
    let message = answer.message(&KEYS);
    Ok(match answer {
        HintAnswer::Moves { letters, .. } => json!({
            "answer": "solution", "moves": letters, "message": message, "positions": expanded,
        }),
        HintAnswer::Unsolvable => {
            json!({ "answer": "unsolvable", "message": message, "positions": expanded })
        }
        HintAnswer::NotFound(_) => {
            json!({ "answer": "none", "message": message, "positions": expanded })
        }
    })
}
