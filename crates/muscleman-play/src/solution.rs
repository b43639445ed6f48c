//! A game's moves as a solution: the path from the start to the current
//! position, without the undos, redos and restarts that led there, in LURD
//! (pushes in upper case).

use muscleman_core::Input;
use muscleman_sim::{Command, Game};

/// Return the moves from the level's start to the game's current position,
/// as MOVES letters: LURD with pushes in upper case, `g p [ ]` for the hands.
///
/// Undone steps, redos and restarts are taken out (a restart keeps only what
/// came after it). The path is replayed on a fresh game and checked to reach
/// the same state; when it does not (which would be a bug), the game's whole
/// command log is returned instead, undos included, which `replay` reads
/// the same way.
///
/// # Example
/// ```
/// use muscleman_play::solution::moves_of;
/// use muscleman_level::Level;
/// use muscleman_sim::{Game, Rules};
///
/// let level = Level::parse("#######\n#@ $ .#\n#######\n")?;
/// let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
/// for c in muscleman_play::moves::parse("rrlzr").unwrap_or_default() {
///     game.apply(c)?;
/// }
/// assert_eq!(moves_of(&game), "rRR");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn moves_of(game: &Game) -> String {
    let path = clean_path(game);
    match lurd(game, &path) {
        Some(text) => text,
        None => game.commands().iter().map(|c| c.letter()).collect(),
    }
}

/// The inputs from the start to the current position (see [`moves_of`]).
fn clean_path(game: &Game) -> Vec<Input> {
    // `None` marks a restart: the path starts again after it.
    let mut path: Vec<Option<Input>> = Vec::new();
    // Where each undo step starts in `path`.
    let mut marks: Vec<usize> = Vec::new();
    let mut redo: Vec<Vec<Option<Input>>> = Vec::new();
    // Where the actions that changed nothing begin while there is no undo
    // step to file them under: they join the next undo step (as the sim
    // files them), so undoing that step takes them back too.
    let mut loose: Option<usize> = None;
    let Ok(mut replay) = Game::new(game.level(), game.rules()) else {
        return Vec::new();
    };
    for &command in game.commands() {
        let before = replay.undo_depth();
        if replay.apply(command).is_err() {
            break;
        }
        let after = replay.undo_depth();
        match command {
            Command::Step(input) => {
                if after > before {
                    marks.push(loose.take().unwrap_or(path.len()));
                    redo.clear();
                } else if after == 0 && loose.is_none() {
                    loose = Some(path.len());
                }
                path.push(Some(input));
            }
            Command::Restart => {
                if after > before {
                    marks.push(loose.take().unwrap_or(path.len()));
                    redo.clear();
                    path.push(None);
                }
            }
            Command::Undo => {
                if after < before
                    && let Some(cut) = marks.pop()
                {
                    redo.push(path.split_off(cut.min(path.len())));
                }
            }
            Command::Redo => {
                if after > before
                    && let Some(segment) = redo.pop()
                {
                    marks.push(path.len());
                    path.extend(segment);
                }
            }
        }
    }
    let start = path.iter().rposition(Option::is_none).map_or(0, |i| i + 1);
    path.into_iter().skip(start).flatten().collect()
}

/// Replay `path` on a fresh game; return its letters, pushes in upper case,
/// if it ends in the game's state.
fn lurd(game: &Game, path: &[Input]) -> Option<String> {
    let mut fresh = Game::new(game.level(), game.rules()).ok()?;
    let mut out = String::with_capacity(path.len());
    for &input in path {
        let pushes = fresh.stats().pushes;
        fresh.apply(Command::Step(input)).ok()?;
        let letter = Command::Step(input).letter();
        if fresh.stats().pushes > pushes {
            out.push(letter.to_ascii_uppercase());
        } else {
            out.push(letter);
        }
    }
    (fresh.state_hash() == game.state_hash()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use muscleman_level::Level;
    use muscleman_sim::Rules;

    fn game_after(level: &str, moves: &str) -> Game {
        let level = Level::parse(level).unwrap_or_else(|e| panic!("{e:?}"));
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap_or_else(|e| panic!("{e}"));
        for c in crate::moves::parse(moves).unwrap_or_default() {
            game.apply(c).unwrap_or_else(|e| panic!("{e}"));
        }
        game
    }

    const CORRIDOR: &str = "########\n#@ $  .#\n########\n";

    #[test]
    fn undo_and_redo_leave_the_path() {
        assert_eq!(moves_of(&game_after(CORRIDOR, "rrzzrry")), "rR");
        assert_eq!(moves_of(&game_after(CORRIDOR, "rrzzyy")), "rR");
        assert_eq!(moves_of(&game_after(CORRIDOR, "rrzl")), "rl");
    }

    #[test]
    fn a_restart_keeps_what_came_after_it() {
        assert_eq!(moves_of(&game_after(CORRIDOR, "rr!r")), "r");
        assert_eq!(moves_of(&game_after(CORRIDOR, "rr!rzz")), "rR");
    }

    #[test]
    fn turns_before_the_first_step_go_with_its_undo() {
        // The bump turns the player up; it joins the first undo step, as
        // in the sim, so undoing that step takes the turn back too.
        assert_eq!(moves_of(&game_after(CORRIDOR, "urz")), "");
        assert_eq!(moves_of(&game_after(CORRIDOR, "urzr")), "r");
        assert_eq!(moves_of(&game_after(CORRIDOR, "urzy")), "ur");
    }

    #[test]
    fn random_sessions_give_a_clean_path_to_the_same_state() {
        // Every built-in level, 300 commands each from a fixed generator:
        // the path never needs the fallback (no z, y or ! in it), and
        // `moves_of` checked it reaches the game's state.
        let levels = muscleman_level::Collection::parse(crate::builtin::LEVELS)
            .map(|c| c.levels)
            .unwrap_or_default();
        assert!(!levels.is_empty());
        let letters: Vec<char> = "udlrudlrudlrzzyy!gp[]w".chars().collect();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for level in &levels {
            for rules in [Rules::MUSCLEMAN, Rules::SOKOBAN] {
                let mut game = Game::new(level, rules).unwrap_or_else(|e| panic!("{e}"));
                for _ in 0..300 {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let i = usize::try_from(seed >> 33).unwrap_or(0) % letters.len();
                    let c = letters.get(i).copied().unwrap_or('w');
                    if let Some(command) = Command::from_letter(c) {
                        game.apply(command).unwrap_or_else(|e| panic!("{e}"));
                    }
                }
                let moves = moves_of(&game);
                assert!(
                    !moves.contains(['z', 'y', '!']),
                    "fell back on {:?}: {moves}",
                    level.title()
                );
            }
        }
    }

    #[test]
    fn bumps_stay_in_the_path() {
        // A bump into the wall turns the player and moves nothing.
        assert_eq!(moves_of(&game_after(CORRIDOR, "urrr")), "urRR");
    }
}
