//! The game's state by concern, as the terminal game keeps it: the set of
//! levels, the game being played, and what is kept between runs.

use muscleman_level::Level;
use muscleman_sim::{Game, Rules};

use crate::progress::{Improvement, Progress, level_key, set_key};
use crate::saves::Saves;
use crate::solution::moves_of;

/// What the banner says about the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveNote {
    /// What the solve improved in the level's record.
    pub improvement: Improvement,
}

/// The set of levels being played: its levels, the name shown for it,
/// the key its progress is kept under and the levels' pars.
#[derive(Debug)]
pub(crate) struct LevelSet {
    /// The levels, in order.
    pub(crate) levels: Vec<Level>,
    /// The name shown (a built-in collection's, or the file's name).
    pub(crate) name: String,
    /// The set's key in the progress file ([`set_key`]).
    pub(crate) key: String,
    /// Each level's par (moves, under Muscleman rules), where the set
    /// gives one; empty for a set without pars.
    pub(crate) pars: Vec<Option<u32>>,
}

impl LevelSet {
    /// The set of `levels`, shown as `name`, without pars.
    pub(crate) fn new(levels: Vec<Level>, name: String) -> LevelSet {
        LevelSet {
            key: set_key(&levels),
            levels,
            name,
            pars: Vec::new(),
        }
    }

    /// Return the par of level `index` (0-based), if the set gives one.
    pub(crate) fn par(&self, index: usize) -> Option<u32> {
        self.pars.get(index).copied().flatten()
    }

    /// Return whether any level of the set has a par.
    pub(crate) fn has_pars(&self) -> bool {
        self.pars.iter().any(Option::is_some)
    }

    /// Return the index of the level whose progress key is `key`.
    pub(crate) fn position(&self, key: &str) -> Option<usize> {
        self.levels.iter().position(|l| level_key(l) == key)
    }

    /// Return the index of the level before `index`, the last before the first.
    pub(crate) fn before(&self, index: usize) -> usize {
        if index == 0 {
            self.levels.len().saturating_sub(1)
        } else {
            index - 1
        }
    }
}

/// The game being played: which level of the set, under which rules, and
/// what became of it.
#[derive(Debug)]
pub(crate) struct Session {
    /// The game, with its undo history.
    pub(crate) game: Game,
    /// The 0-based index of its level in the set.
    pub(crate) index: usize,
    /// The rules it is played by.
    pub(crate) rules: Rules,
    /// What the last solve improved, while the level stays solved.
    pub(crate) solve_note: Option<SolveNote>,
    /// The game changed since its position was last kept.
    pub(crate) dirty: bool,
}

/// What is kept between runs: the progress (solves, bests, best solutions,
/// the level last played) and each level's position.
#[derive(Debug)]
pub(crate) struct Store {
    /// Solves, best counts and solutions, and where each set was left.
    pub(crate) progress: Progress,
    /// Each level's position, kept when it is left.
    pub(crate) saves: Saves,
}

impl Store {
    /// Record the session's solve, with its moves, if its game is solved,
    /// and give the session the banner's note. An error is a message for
    /// the player (the record is kept in memory all the same).
    pub(crate) fn record_if_solved(&mut self, session: &mut Session) -> Result<(), String> {
        if !session.game.is_solved() {
            return Ok(());
        }
        let stats = session.game.stats();
        let moves = moves_of(&session.game);
        match self.progress.record_solution(
            session.game.level(),
            session.rules,
            stats.moves,
            stats.pushes,
            Some(&moves),
        ) {
            Ok(improvement) => {
                session.solve_note = Some(SolveNote { improvement });
                Ok(())
            }
            Err(e) => {
                session.solve_note = None;
                Err(format!("progress not saved: {e}"))
            }
        }
    }

    /// Keep the session's position (its save) if it changed, and remember
    /// its level as the one last played in the set `set`. An error is a
    /// message for the player.
    pub(crate) fn keep(&mut self, session: &mut Session, set: &str) -> Result<(), String> {
        let mut problems = Vec::new();
        if session.dirty {
            match self.saves.store(&session.game) {
                Ok(()) => session.dirty = false,
                Err(e) => problems.push(e),
            }
        }
        if let Err(e) = self
            .progress
            .set_last_played(set, session.rules, session.game.level())
        {
            problems.push(e);
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!("position not saved: {}", problems.join("; ")))
        }
    }

    /// Replace the session's fresh game with its kept position, if there is
    /// one, and remember its level as the one last played in the set `set`.
    /// Return the message for the player, if any.
    pub(crate) fn restore(&mut self, session: &mut Session, set: &str) -> Option<String> {
        let mut message = None;
        match self.saves.restore(session.game.level(), session.rules) {
            Ok(Some(game)) => {
                let moves = game.stats().moves;
                session.game = game;
                session.dirty = false;
                if moves > 0 {
                    message = Some(format!(
                        "Back where you left it ({}): r restarts, z undoes",
                        crate::diagnose::count(
                            usize::try_from(moves).unwrap_or(usize::MAX),
                            "move",
                            "moves"
                        )
                    ));
                }
                if let Err(e) = self.record_if_solved(session) {
                    message = Some(e);
                }
                session.solve_note = None;
            }
            Ok(None) => {}
            Err(e) => message = Some(e),
        }
        if let Err(e) = self
            .progress
            .set_last_played(set, session.rules, session.game.level())
        {
            message = Some(format!("progress not saved: {e}"));
        }
        message
    }
}
