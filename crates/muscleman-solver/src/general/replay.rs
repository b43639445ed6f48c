//! A path the general search found, replayed through a [`Game`]: its
//! MOVES letters and counts, checked to end solved.

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::Game;

use crate::error::SolveError;
use crate::options::SolveOptions;

/// A solution replayed through a [`Game`]: its letters (`u d l r`, upper
/// case for a push, `g p [ ] w`), moves and pushes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Replayed {
    pub letters: String,
    pub moves: u32,
    pub pushes: u32,
}

/// Replay `inputs` on `level` in a [`Game`] under `options.rules`, and
/// return its letters and counts if it ends solved.
pub(crate) fn replay_inputs(
    level: &Level,
    options: &SolveOptions,
    inputs: &[Input],
) -> Result<Replayed, SolveError> {
    let game = Game::new(level, options.rules).map_err(|e| SolveError::Level {
        message: e.to_string(),
    })?;
    replay_in(game, inputs)
}

/// Replay `inputs` in `game` from its position, and return their letters
/// and the moves and pushes they add if they leave it solved.
pub(crate) fn replay_in(mut game: Game, inputs: &[Input]) -> Result<Replayed, SolveError> {
    let start = game.stats();
    let mut letters = String::with_capacity(inputs.len());
    for (index, input) in inputs.iter().enumerate() {
        let before = game.stats().pushes;
        game.step(*input).map_err(|e| SolveError::ReplayStep {
            index,
            input: letter(*input, false),
            message: e.to_string(),
        })?;
        letters.push(letter(*input, game.stats().pushes > before));
    }
    if !game.is_solved() {
        return Err(SolveError::ReplayMismatch {
            detail: format!("after {} inputs the level is not solved", inputs.len()),
        });
    }
    Ok(Replayed {
        letters,
        moves: game.stats().moves.saturating_sub(start.moves),
        pushes: game.stats().pushes.saturating_sub(start.pushes),
    })
}

/// Return the MOVES letter of an input (rules.md §7), upper case for a push.
pub(crate) fn letter(input: Input, pushed: bool) -> char {
    let c = match input {
        Input::Move(GridDir::Up) => 'u',
        Input::Move(GridDir::Right) => 'r',
        Input::Move(GridDir::Down) => 'd',
        Input::Move(GridDir::Left) => 'l',
        Input::Grab => 'g',
        Input::Drop => 'p',
        Input::SwingLeft => '[',
        Input::SwingRight => ']',
        Input::Wait => 'w',
    };
    if pushed { c.to_ascii_uppercase() } else { c }
}
