//! A path the general search found, replayed through a [`Game`]: its
//! MOVES letters and counts, checked to end solved.

use muscleman_core::{GridDir, Input, MoveCause, Moved};
use muscleman_level::Level;
use muscleman_sim::{Game, Trail, is_solved};

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

/// The most trail steps [`prefer_waits`] takes over one path; past it the
/// rest of the path is kept as found (so a very long path costs at most
/// this many steps more).
const WAIT_BUDGET: usize = 1 << 20;

/// Where something moves by itself, write as a wait (`w`) each step of
/// `inputs` (a path from `trail`'s position to solved) in which the player
/// neither moved nor moved anything by its action (a refused move, an
/// empty-handed swing, a grab of nothing), when the path with that wait
/// still ends solved and every step of it still walks and pushes as
/// before: such a step only let the world move on (and may have turned the
/// player), which is what a wait says, and the counts (moves, pushes,
/// inputs) are unchanged, so an optimal path stays optimal. The search
/// files a refused move and a wait as different positions where the
/// player's Facing is keyed, and takes whichever it found first; this only
/// makes the printed solution say what the player does. Each candidate is
/// checked by stepping the rest of the path, exactly, within
/// [`WAIT_BUDGET`] steps in all.
pub(crate) fn prefer_waits(mut trail: Trail, inputs: &mut [Input]) -> Result<(), SolveError> {
    let n = inputs.len();
    let step = |trail: &mut Trail, input: Input| -> Result<(bool, bool), SolveError> {
        trail.step(input).map_err(|e| SolveError::Level {
            message: format!("the sim failed a step of a found path: {e}"),
        })?;
        let player = trail.player();
        let events = trail.events();
        let walked = events
            .of::<Moved>()
            .any(|m| m.entity == player && m.cause == MoveCause::Player);
        let pushed = events
            .of::<Moved>()
            .any(|m| matches!(m.cause, MoveCause::Push | MoveCause::Swing));
        Ok((walked, pushed))
    };
    let back = |trail: &mut Trail, steps: usize| -> Result<(), SolveError> {
        for _ in 0..steps {
            trail.back().map_err(|e| SolveError::Level {
                message: format!("the sim failed to take a step back: {e}"),
            })?;
        }
        Ok(())
    };
    let mut flags = Vec::with_capacity(n);
    for input in inputs.iter() {
        flags.push(step(&mut trail, *input)?);
    }
    back(&mut trail, n)?;
    let mut budget = WAIT_BUDGET;
    for i in 0..n {
        let (Some(input), Some(flag)) = (inputs.get(i).copied(), flags.get(i).copied()) else {
            break;
        };
        let rest = n - i;
        if input != Input::Wait && flag == (false, false) && budget >= rest {
            budget -= rest;
            let mut same = true;
            let mut taken = 0;
            let tail = inputs.get(i + 1..).unwrap_or_default();
            for (k, next) in std::iter::once(&Input::Wait).chain(tail).enumerate() {
                let got = step(&mut trail, *next)?;
                taken += 1;
                if Some(&got) != flags.get(i + k) {
                    same = false;
                    break;
                }
            }
            let solved = same && taken == rest && is_solved(trail.world());
            back(&mut trail, taken)?;
            if solved && let Some(slot) = inputs.get_mut(i) {
                *slot = Input::Wait;
            }
        }
        let now = inputs.get(i).copied().unwrap_or(input);
        step(&mut trail, now)?;
    }
    Ok(())
}
