//! Replay a LURD solution through the real sim.

use muscleman_core::{GridDir, Input, MoveCause, Moved};
use muscleman_sim::{Rules, TagKind, step_with};

use crate::error::SolveError;
use crate::problem::Problem;

/// What a replay in the sim showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Steps in which some box moved.
    pub pushes: u32,
    /// Steps in which the player moved.
    pub moves: u32,
    /// Whether every goal holds a box at the end (and there is a goal).
    pub solved: bool,
}

/// Apply `moves` (`udlr`, either case) to `problem` in the sim under `rules`,
/// and report pushes, moves and whether the level ends solved. Upper-case
/// letters must be exactly the steps that push.
pub fn replay(problem: &Problem, rules: &Rules, moves: &str) -> Result<Replay, SolveError> {
    let (mut world, player) = problem.to_world()?;
    let mut report = Replay {
        pushes: 0,
        moves: 0,
        solved: false,
    };
    for (index, ch) in moves.chars().enumerate() {
        let dir = match ch.to_ascii_lowercase() {
            'u' => GridDir::Up,
            'r' => GridDir::Right,
            'd' => GridDir::Down,
            'l' => GridDir::Left,
            _ => return Err(SolveError::BadMove { index, input: ch }),
        };
        let events = step_with(&mut world, player, Input::Move(dir), rules).map_err(|e| {
            SolveError::ReplayStep {
                index,
                input: ch,
                message: e.to_string(),
            }
        })?;
        let mut walked = false;
        let mut pushed = false;
        for m in events.of::<Moved>() {
            match m.cause {
                MoveCause::Player => walked = true,
                MoveCause::Push => pushed = true,
                _ => {}
            }
        }
        if !walked {
            return Err(SolveError::ReplayStep {
                index,
                input: ch,
                message: "the player did not move".into(),
            });
        }
        if pushed != ch.is_ascii_uppercase() {
            return Err(SolveError::ReplayMismatch {
                detail: format!(
                    "move {index} ({ch:?}) {} a box",
                    if pushed { "pushed" } else { "did not push" }
                ),
            });
        }
        report.moves += 1;
        report.pushes += u32::from(pushed);
    }
    report.solved = !problem.goals.is_empty()
        && problem
            .goals
            .iter()
            .all(|g| world.index().has_kind_at(TagKind::Pushable, *g));
    Ok(report)
}
