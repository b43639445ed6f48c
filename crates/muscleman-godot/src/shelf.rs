//! The built-in collections, the level files opened, and the progress
//! kept between runs, through `muscleman-play` (the terminal's own
//! records, in its own file format): each collection's level list (solved,
//! best moves and pushes, par, why the rules in use cannot play a level),
//! a level started where it was left (its kept position, undo history
//! included), a solve recorded, and where the player left off.
//!
//! A level file is read as the terminal reads one (`muscleman-play`'s
//! `level_file`: the same size cap, the same placed errors, every level
//! checked playable) and offered as a collection of its own after the
//! built-in ones; its records and positions are kept by level and where
//! it was left by its set key, as the terminal keeps a file's.

use std::path::Path;

use muscleman_level::MAX_INPUT_BYTES;
use muscleman_level::{Collection, Level, ParseErrors};
use muscleman_play::builtin::{COLLECTIONS, pars};
use muscleman_play::fsutil::read_capped;
use muscleman_play::level_file;
use muscleman_play::level_rules::why_not;
use muscleman_play::progress::{Improvement, LevelRecord, Progress, Warning, level_key, set_key};
use muscleman_play::saves::Saves;
use muscleman_play::words::{count, improvement_note, par_verdict};
use muscleman_sim::{Game, Rules, Stats};

use crate::error::AdapterError;
use crate::levels::title_of;
use crate::session::Session;

/// One collection offered: a built-in one, read once, or a level file.
#[derive(Debug)]
struct Shelved {
    /// A built-in collection's id, or the file's path.
    id: String,
    /// The name the picker shows (`Muscleman`, `pond.txt`).
    name: String,
    levels: Vec<Level>,
    pars: Vec<Option<u32>>,
    set: String,
    /// Whether it is a level file (not where the game opens next run).
    file: bool,
}

/// One row of a collection's level list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The level's title (`Level N` without one).
    pub title: String,
    /// Its par (the moves of its stored solution), when the collection sets pars.
    pub par: Option<u32>,
    /// Its record under the rules in use.
    pub record: LevelRecord,
    /// Why the rules in use cannot play it, if they cannot.
    pub why_not: Option<String>,
}

/// The built-in collections, the progress and the kept positions.
#[derive(Debug)]
pub struct Shelf {
    collections: Vec<Shelved>,
    progress: Progress,
    saves: Saves,
}

impl Shelf {
    /// The built-in collections with progress kept in memory only.
    ///
    /// # Example
    /// ```
    /// let shelf = muscleman_godot::shelf::Shelf::in_memory()?;
    /// assert_eq!(shelf.ids(), ["muscleman", "combinations"]);
    /// # Ok::<(), muscleman_level::ParseErrors>(())
    /// ```
    pub fn in_memory() -> Result<Shelf, ParseErrors> {
        Ok(Shelf {
            collections: read_collections()?,
            progress: Progress::in_memory(),
            saves: Saves::none(),
        })
    }

    /// Keep progress in `dir` (`progress.json` and `saves/`, as the
    /// terminal keeps them in its data directory). Return the warnings of
    /// opening the file: a corrupt one or one of another rule book is
    /// moved aside and play starts afresh (`Progress::open`).
    pub fn open(&mut self, dir: &Path) -> Vec<Warning> {
        let (progress, warnings) = Progress::open(dir);
        self.progress = progress;
        self.saves = Saves::in_dir(dir);
        warnings
    }

    /// Return the collections' ids, in the order the game offers them: the
    /// built-in ones' (`muscleman`, `combinations`), then each level
    /// file's path.
    pub fn ids(&self) -> Vec<&str> {
        self.collections.iter().map(|c| c.id.as_str()).collect()
    }

    /// Return the collections' names, as the picker shows them:
    /// `Muscleman`, `Combinations`, then each level file's name.
    pub fn names(&self) -> Vec<&str> {
        self.collections.iter().map(|c| c.name.as_str()).collect()
    }

    /// Read the level file at `path` as the terminal reads one (at most
    /// [`MAX_INPUT_BYTES`]) and offer it as a collection: see
    /// [`Shelf::open_text`].
    pub fn open_file(&mut self, path: &Path, rules: Rules) -> Result<usize, String> {
        let bytes = read_capped(path, MAX_INPUT_BYTES)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        self.open_text(&path.display().to_string(), &name, &bytes, rules)
    }

    /// Offer the levels of a level file's bytes, read from `path` and
    /// called `name`, as a collection after the others, and return its
    /// number (from 0): the one opened before when it holds the same
    /// levels. An error is the terminal's message: every parse error
    /// placed (`name:LINE:COL: ...`), or the first level the sim cannot
    /// play under `rules`.
    pub fn open_text(
        &mut self,
        path: &str,
        name: &str,
        bytes: &[u8],
        rules: Rules,
    ) -> Result<usize, String> {
        let levels = level_file::parse(name, bytes)?.levels;
        level_file::playable(name, &levels, rules)?;
        let set = set_key(&levels);
        if let Some(c) = self.collections.iter().position(|s| s.set == set) {
            return Ok(c);
        }
        self.collections.push(Shelved {
            id: path.to_owned(),
            name: name.to_owned(),
            pars: vec![None; levels.len()],
            levels,
            set,
            file: true,
        });
        Ok(self.collections.len() - 1)
    }

    /// Return the level list of collection `c` (from 0) under `rules`
    /// (none for a collection there is not).
    pub fn rows(&self, c: usize, rules: Rules) -> Vec<Row> {
        let Some(shelved) = self.collections.get(c) else {
            return Vec::new();
        };
        shelved
            .levels
            .iter()
            .zip(&shelved.pars)
            .enumerate()
            .map(|(i, (level, par))| Row {
                title: title_of(level, i),
                par: par.filter(|_| rules == Rules::MUSCLEMAN),
                record: self.progress.get(level, rules).unwrap_or_default(),
                why_not: why_not(level, rules),
            })
            .collect()
    }

    /// Return how many levels collection `c` holds.
    pub fn count(&self, c: usize) -> usize {
        self.collections.get(c).map_or(0, |s| s.levels.len())
    }

    /// Return how many of collection `c`'s levels were solved under `rules`.
    pub fn solved_count(&self, c: usize, rules: Rules) -> usize {
        self.collections
            .get(c)
            .map_or(0, |s| self.progress.solved_count(&s.levels, rules))
    }

    /// Return the par of level `n` (from 0) of collection `c` under
    /// `rules`, if it has one (only under Muscleman's, as in [`Row::par`]).
    pub fn par(&self, c: usize, n: usize, rules: Rules) -> Option<u32> {
        let par = self.collections.get(c)?.pars.get(n).copied().flatten();
        par.filter(|_| rules == Rules::MUSCLEMAN)
    }

    /// Return the record of `level` under `rules` (not solved when none).
    pub fn record(&self, level: &Level, rules: Rules) -> LevelRecord {
        self.progress.get(level, rules).unwrap_or_default()
    }

    /// Start level `n` (from 0) of collection `c` under `rules`, at its
    /// kept position when there is one, and remember it as where the
    /// player is. Return the session and a warning for the player when a
    /// kept position or the progress could not be read or written (the
    /// level then starts afresh, or plays on without being kept).
    pub fn start(
        &mut self,
        c: usize,
        n: usize,
        rules: Rules,
    ) -> Result<(Session, Option<String>), AdapterError> {
        let shelved = self.collections.get(c).ok_or(AdapterError::NoCollection {
            number: c,
            count: self.collections.len(),
        })?;
        let level = shelved.levels.get(n).ok_or(AdapterError::NoLevel {
            number: n,
            count: shelved.levels.len(),
        })?;
        let title = title_of(level, n);
        let mut warning = None;
        let session = match self.saves.restore(level, rules) {
            Ok(Some(game)) => Session::of_game(game, title),
            Ok(None) => Session::new(level, n, rules)?,
            Err(problem) => {
                warning = Some(problem);
                Session::new(level, n, rules)?
            }
        };
        let (set, file) = (shelved.set.clone(), shelved.file);
        // Where a file was left is kept (by its set key, as the terminal
        // keeps it); the game opens in a built-in collection next run.
        let kept = self
            .progress
            .set_last_played(&set, rules, level)
            .and_then(|()| match file {
                true => Ok(()),
                false => self.progress.set_last_collection(rules, &set),
            });
        if let Err(e) = kept {
            warning.get_or_insert(e);
        }
        Ok((session, warning))
    }

    /// Return the level (from 0) last played in collection `c` under
    /// `rules`, if known.
    pub fn left_in(&self, c: usize, rules: Rules) -> Option<usize> {
        let shelved = self.collections.get(c)?;
        let key = self.progress.last_played(&shelved.set, rules)?;
        shelved.levels.iter().position(|l| level_key(l) == key)
    }

    /// Return where the player left off under `rules`: the collection
    /// played last and the level last played in it (from 0), if known.
    pub fn where_left(&self, rules: Rules) -> Option<(usize, usize)> {
        let last = self.progress.last_collection(rules)?;
        let c = self.collections.iter().position(|s| s.set == last)?;
        Some((c, self.left_in(c, rules)?))
    }

    /// Keep the game's position (its save, undo history included), to
    /// go on from it next time the level opens.
    pub fn keep(&mut self, game: &Game) -> Result<(), String> {
        self.saves.store(game)
    }

    /// Record the solve of `game` (solved now), its solution kept: return
    /// what improved, or why the file could not be written (the record is
    /// kept in memory all the same).
    pub fn record_solve(&mut self, game: &Game) -> Result<Improvement, String> {
        let stats = game.stats();
        let solution = muscleman_play::solution::moves_of(game);
        self.progress.record_solution(
            game.level(),
            game.rules(),
            stats.moves,
            stats.pushes,
            Some(&solution),
        )
    }
}

/// Return the Solved banner's lines, as the terminal's banner says them:
/// `Solved!`, the moves and pushes, how they compare with the par (when
/// the level has one), what the solve improved (when it did) and the best
/// so far (`record`, this solve included).
///
/// # Example
/// ```
/// use muscleman_godot::shelf::solved_lines;
/// use muscleman_play::progress::{Improvement, LevelRecord};
/// use muscleman_sim::Stats;
///
/// let stats = Stats { moves: 9, pushes: 1 };
/// let best = LevelRecord { solved: true, best_moves: Some(9), best_pushes: Some(1) };
/// let first = Improvement { first_solve: true, moves: true, pushes: true };
/// assert_eq!(
///     solved_lines(stats, Some(8), Some(first), best),
///     ["Solved!", "9 moves, 1 push", "Par 8: 1 move over", "First solve!", "Best: 9 moves, 1 push"]
/// );
/// ```
pub fn solved_lines(
    stats: Stats,
    par: Option<u32>,
    improvement: Option<Improvement>,
    record: LevelRecord,
) -> Vec<String> {
    let n = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    let counts = |moves: u32, pushes: u32| {
        format!(
            "{}, {}",
            count(n(moves), "move", "moves"),
            count(n(pushes), "push", "pushes")
        )
    };
    let mut lines = vec!["Solved!".to_owned(), counts(stats.moves, stats.pushes)];
    if let Some(par) = par {
        lines.push(par_verdict(stats.moves, par));
    }
    if let Some(note) = improvement.and_then(improvement_note) {
        lines.push(note.to_owned());
    }
    if let (Some(moves), Some(pushes)) = (record.best_moves, record.best_pushes) {
        lines.push(format!("Best: {}", counts(moves, pushes)));
    }
    lines
}

fn read_collections() -> Result<Vec<Shelved>, ParseErrors> {
    COLLECTIONS
        .iter()
        .map(|builtin| {
            let levels = Collection::parse(builtin.levels)?.levels;
            Ok(Shelved {
                id: builtin.id.to_owned(),
                name: capitalized(builtin.id),
                pars: pars(builtin, &levels),
                set: set_key(&levels),
                levels,
                file: false,
            })
        })
        .collect()
}

/// Return `id` with its first letter in upper case (`Combinations`).
fn capitalized(id: &str) -> String {
    let mut chars = id.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_collections_list_their_levels_with_pars_where_set() {
        let shelf = Shelf::in_memory().unwrap();
        assert_eq!(shelf.ids(), ["muscleman", "combinations"]);
        let first = shelf.rows(0, Rules::MUSCLEMAN);
        let levels = muscleman_level::Collection::parse(muscleman_levels::BUILTIN)
            .map(|c| c.levels.len())
            .unwrap_or(0);
        assert!(levels > 30, "the first collection reads");
        assert_eq!(first.len(), levels);
        assert_eq!(first[0].title, "First Steps");
        assert!(first.iter().all(|r| r.par.is_none()));
        let combos = shelf.rows(1, Rules::MUSCLEMAN);
        assert_eq!(combos.len(), shelf.count(1));
        assert!(combos.iter().all(|r| r.par.is_some()));
        assert!(combos.iter().all(|r| !r.record.solved));
        assert_eq!(shelf.par(1, 0, Rules::MUSCLEMAN), combos[0].par);
        assert_eq!(shelf.names(), ["Muscleman", "Combinations"]);
        // A par counts Muscleman moves: none under Sokoban's rules.
        assert_eq!(shelf.par(1, 0, Rules::SOKOBAN), None);
        assert!(
            shelf
                .rows(1, Rules::SOKOBAN)
                .iter()
                .all(|r| r.par.is_none())
        );
        assert!(shelf.rows(2, Rules::MUSCLEMAN).is_empty());
        // Sokoban's rules cannot play the levels that need hands.
        let sokoban = shelf.rows(0, Rules::SOKOBAN);
        assert!(sokoban.iter().any(|r| r.why_not.is_some()));
        assert!(first.iter().all(|r| r.why_not.is_none()));
    }

    #[test]
    fn a_solve_is_recorded_kept_on_disk_and_the_game_opens_where_it_was_left() {
        let dir = tempfile::tempdir().unwrap();
        let mut shelf = Shelf::in_memory().unwrap();
        assert!(shelf.open(dir.path()).is_empty());
        assert_eq!(shelf.where_left(Rules::MUSCLEMAN), None);
        let (mut session, warning) = shelf.start(0, 0, Rules::MUSCLEMAN).unwrap();
        assert_eq!(warning, None);
        session.play("rddRRdrU").unwrap();
        assert!(session.is_solved());
        let improved = shelf.record_solve(session.game()).unwrap();
        assert!(improved.first_solve);
        // Level 2 of Combinations, two steps of its solution in.
        let solutions = muscleman_play::builtin::solutions_of(&COLLECTIONS[1]);
        let (mut session, _) = shelf.start(1, 1, Rules::MUSCLEMAN).unwrap();
        session.play(&solutions[1].1[..2]).unwrap();
        shelf.keep(session.game()).unwrap();

        let mut again = Shelf::in_memory().unwrap();
        assert!(again.open(dir.path()).is_empty());
        let first = again.rows(0, Rules::MUSCLEMAN);
        assert!(first[0].record.solved);
        assert_eq!(first[0].record.best_moves, Some(8));
        assert_eq!(again.solved_count(0, Rules::MUSCLEMAN), 1);
        assert_eq!(again.solved_count(0, Rules::SOKOBAN), 0);
        assert_eq!(again.where_left(Rules::MUSCLEMAN), Some((1, 1)));
        assert_eq!(again.left_in(0, Rules::MUSCLEMAN), Some(0));
        assert_eq!(again.where_left(Rules::SOKOBAN), None);
        let (kept, _) = again.start(1, 1, Rules::MUSCLEMAN).unwrap();
        assert_eq!(kept.game().state_hash(), session.game().state_hash());
        assert_eq!(kept.game().undo_depth(), session.game().undo_depth());
        assert!(kept.game().undo_depth() > 0);
    }

    #[test]
    fn a_corrupt_progress_file_is_moved_aside_with_a_warning_and_play_starts_afresh() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("progress.json"), "{ not progress").unwrap();
        let mut shelf = Shelf::in_memory().unwrap();
        let warnings = shelf.open(dir.path());
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].short.contains("corrupt"),
            "{}",
            warnings[0].short
        );
        assert!(
            shelf
                .rows(0, Rules::MUSCLEMAN)
                .iter()
                .all(|r| !r.record.solved)
        );
        assert!(dir.path().join("progress.json.corrupt-1").exists());
    }

    #[test]
    fn a_level_or_collection_there_is_not_is_refused() {
        let mut shelf = Shelf::in_memory().unwrap();
        assert!(matches!(
            shelf.start(2, 0, Rules::MUSCLEMAN),
            Err(AdapterError::NoCollection {
                number: 2,
                count: 2
            })
        ));
        let count = shelf.count(0);
        assert!(matches!(
            shelf.start(0, count, Rules::MUSCLEMAN),
            Err(AdapterError::NoLevel { number, count: c }) if number == count && c == count
        ));
    }
}
