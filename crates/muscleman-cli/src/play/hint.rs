//! The hint key: the solver, with a time limit, on a background thread,
//! from the position on the board.
//!
//! "No solution from here" is said only when the solver proves it
//! ([`SolveOutcome::Unsolvable`]: a complete search of an enclosed level
//! under rules it covers whole, or no goals, or too few boxes). Every other
//! way the search ends without a solution (time, memory, an open level, a
//! push-only search under Muscleman rules, something it does not model) is
//! "no hint found".

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use muscleman_sim::Game;
use muscleman_solver::{GiveUpReason, Optimize, Problem, SolveOptions, SolveOutcome, solve};

/// How long the hint search may take.
pub const HINT_TIME: Duration = Duration::from_secs(10);
/// How much memory the hint search may take, in MiB.
const HINT_MEMORY_MB: u64 = 256;
/// Most moves a hint shows.
const HINT_MOVES: usize = 10;

/// What the hint search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintAnswer {
    /// A solution from here: its moves, LURD with pushes in upper case.
    Moves(String),
    /// Proved: no solution from here.
    Unsolvable,
    /// No solution found, and no proof there is none: why.
    NotFound(String),
}

impl HintAnswer {
    /// Return what the status line says.
    pub fn message(&self) -> String {
        match self {
            HintAnswer::Moves(moves) => {
                // Up to and with the first push, at most HINT_MOVES moves.
                let mut shown = String::new();
                let mut count = 0;
                for c in moves.chars() {
                    shown.push_str(arrow(c));
                    count += 1;
                    if c.is_ascii_uppercase() || count >= HINT_MOVES {
                        break;
                    }
                }
                let total = moves.chars().count();
                let pushes = moves.chars().filter(char::is_ascii_uppercase).count();
                format!("Hint: {shown}  (⇒ pushes; {total} moves, {pushes} pushes to go)")
            }
            HintAnswer::Unsolvable => {
                "No solution from here (the solver proved it): z undoes".to_owned()
            }
            HintAnswer::NotFound(why) => format!("No hint found {why}"),
        }
    }
}

/// Return the cells a hint's moves take the player through, up to and with
/// its first push (at most `HINT_MOVES`, 10), from where the player stands.
pub fn cells(game: &Game, moves: &str) -> Vec<muscleman_core::GridPos> {
    let view = game.view();
    let Some(mut at) = view
        .sprites()
        .iter()
        .find(|s| s.appearance == muscleman_sim::Appearance::Player)
        .map(|s| s.at)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for c in moves.chars().take(HINT_MOVES) {
        let dir = match c.to_ascii_lowercase() {
            'u' => muscleman_core::GridDir::Up,
            'r' => muscleman_core::GridDir::Right,
            'd' => muscleman_core::GridDir::Down,
            'l' => muscleman_core::GridDir::Left,
            _ => break,
        };
        at = at.step(dir);
        out.push(at);
        if c.is_ascii_uppercase() {
            break;
        }
    }
    out
}

/// Return the arrow of a LURD letter: a double arrow for a push.
fn arrow(c: char) -> &'static str {
    match c {
        'u' => "↑",
        'r' => "→",
        'd' => "↓",
        'l' => "←",
        'U' => "⇑",
        'R' => "⇒",
        'D' => "⇓",
        'L' => "⇐",
        _ => "?",
    }
}

/// Start a hint search from the game's position; return where the answer
/// comes and the flag that cancels the search.
#[expect(
    clippy::field_reassign_with_default,
    reason = "options set one by one over the defaults, so an option the solver adds keeps its default here"
)]
pub fn start(game: &Game) -> Result<(Receiver<HintAnswer>, Arc<AtomicBool>), String> {
    let level = game
        .current_level()
        .map_err(|e| format!("No hint: this position cannot be searched ({e})"))?;
    if game.view().holding().is_some() {
        return Err("No hint while holding something: drop it first (p)".to_owned());
    }
    let problem = Problem::from_level(&level)
        .map_err(|e| format!("No hint: the solver cannot search this level ({e})"))?;
    let cancel = Arc::new(AtomicBool::new(false));
    // Field by field over the defaults: a new solver option keeps its default.
    let mut options = SolveOptions::default();
    options.rules = game.rules();
    options.optimize = Optimize::Fast;
    options.timeout = Some(HINT_TIME);
    options.memory_mb = HINT_MEMORY_MB;
    options.threads = 1;
    options.cancel = Some(Arc::clone(&cancel));
    let (send, answer) = mpsc::channel();
    std::thread::Builder::new()
        .name("hint".to_owned())
        .spawn(move || {
            let _ = send.send(answer_of(solve(&problem, &options)));
        })
        .map_err(|e| format!("No hint: cannot start the search ({e})"))?;
    Ok((answer, cancel))
}

/// Turn the solver's outcome into an answer.
fn answer_of(outcome: Result<SolveOutcome, muscleman_solver::SolveError>) -> HintAnswer {
    match outcome {
        Ok(SolveOutcome::Solved(s)) => HintAnswer::Moves(s.moves),
        Ok(SolveOutcome::Unsolvable { .. }) => HintAnswer::Unsolvable,
        Ok(SolveOutcome::GaveUp { reason, .. }) => HintAnswer::NotFound(match reason {
            GiveUpReason::Timeout | GiveUpReason::Memory | GiveUpReason::Cancelled => {
                format!("in time ({} s)", HINT_TIME.as_secs())
            }
            GiveUpReason::OpenLevel { .. } => "(open level: the search proves nothing)".to_owned(),
            GiveUpReason::PushesOnly => "(pushes only; boxes can be pulled too)".to_owned(),
            GiveUpReason::Unmodelled { what, .. } => {
                format!("(the solver does not model {what})")
            }
        }),
        Err(e) => HintAnswer::NotFound(format!("(the solver failed: {e})")),
    }
}
