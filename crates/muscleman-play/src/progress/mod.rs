//! What `play` remembers between runs: per level and per rule set, solved or
//! not and the best moves and pushes, in `progress.json` in the user's data
//! directory.
//!
//! The file records the rule book it was written under
//! ([`muscleman_sim::RULES_VERSION`]) and keys each record by the level and
//! the rules it was played under ([`rules_key`]): a level solved under
//! Muscleman rules is not solved under Sokoban rules.
//!
//! The file is written atomically (a temporary file in the same directory,
//! then a rename). A file that cannot be read as progress is moved aside to
//! `progress.json.corrupt-<n>` with a warning, and play starts afresh; so is
//! one that names a key twice (a level, its rules, a field), which would
//! otherwise be read with all but the last silently dropped. One
//! written under another rule book is never read as if it were current:
//!
//! - **Format 1** (no rule book recorded: written by the builds of rule book
//!   1, which had walking and pushing only) is migrated, because its records
//!   still hold where rule book 2 plays the same. Rule book 2 changed the
//!   game only where there is water (the player cannot swim, a heavy box
//!   sinks) and added grab, drop and swings, which only ever add ways to
//!   solve; rule-book-1 levels could hold nothing else that rule book 2
//!   changed (none of the later mechanics). So a record
//!   of a level without water is a solve with those moves and pushes under
//!   rule book 2 as well. Format 1 did not say which rules a record was made
//!   under; a Sokoban-rules solve (its refused pushes dropped, which moved
//!   nothing) is also a Muscleman-rules solve with the same counts, but not
//!   the other way round. So a format-1 record counts for its level under
//!   Muscleman rules only, and only when the level has no water; this is
//!   checked when the level is looked up (the file keeps hashes, not
//!   levels). The records are kept in the file under `from_rule_book_1`
//!   until a solve merges them into the level's Muscleman record, so nothing
//!   is lost; the file is rewritten in the current format when it is opened.
//!   Rule book 3 plays those levels as rule book 2 does, so they hold under
//!   it too.
//! - **Current format, rule book 2**: read as current and written back
//!   under rule book 3 at the next change. Rule book 3 plays every level
//!   rule book 2 could read exactly as it did (it adds recipes no such
//!   level holds, and a `bump` sound hint that changes no state and no
//!   count), so every record still holds.
//! - **Current format, another older rule book**: no migration is known, so
//!   the file is refused: moved aside to `progress.json.rules-<n>` with a
//!   warning naming both rule books, and play starts afresh.
//! - **A newer format or rule book** (a newer muscleman wrote it): refused
//!   and left as it is, so the newer build keeps it; progress is then kept
//!   in memory only, with a warning.
//!
//! Records, solutions and saved positions are kept by level (a hash of its
//! grid), so they stay with a level wherever a collection puts it. Where a
//! set was left is kept by set (a hash of its levels in order): when a
//! built-in collection is reordered or grows, a file written before has
//! its place moved to the collection's new key as it is opened
//! ([`crate::builtin::FORMER_SET_KEYS`]).

mod file;
mod former;
mod keys;
mod record;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use muscleman_core::EntityRecipe;
use muscleman_level::Level;
use muscleman_sim::{RULES_VERSION, Rules};

pub use file::VERSION;
pub(crate) use file::move_aside;
use file::{ProgressFile, Read, parse, read_limited};
pub use keys::{level_key, rules_key, set_key};
use record::Records;
pub use record::{LevelRecord, Solution};

use crate::fsutil::write_atomic;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_ENV: &str = "MUSCLEMAN_DATA_DIR";
/// The progress file's name inside the data directory.
pub const FILE_NAME: &str = "progress.json";
/// A problem with the progress file: play goes on, but the player should know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// A short form for the game's status line (one line of 80 columns).
    pub short: String,
    /// The full message, with paths and reasons, for standard error.
    pub detail: String,
}

impl Warning {
    fn new(short: impl Into<String>, detail: impl Into<String>) -> Warning {
        Warning {
            short: short.into(),
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

/// What a solve changed in a level's record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Improvement {
    /// The level had not been solved before.
    pub first_solve: bool,
    /// Fewer moves than the best so far (or the first solve).
    pub moves: bool,
    /// Fewer pushes than the best so far (or the first solve).
    pub pushes: bool,
}

/// The progress of every level played, under every rule set, and where it is kept.
#[derive(Clone, Debug)]
pub struct Progress {
    path: Option<PathBuf>,
    levels: Records,
    from_rule_book_1: BTreeMap<String, LevelRecord>,
    solutions: BTreeMap<String, BTreeMap<String, Solution>>,
    last_played: BTreeMap<String, String>,
}

impl Progress {
    /// Progress kept in memory only (nothing is written).
    pub fn in_memory() -> Progress {
        Progress {
            path: None,
            levels: BTreeMap::new(),
            from_rule_book_1: BTreeMap::new(),
            solutions: BTreeMap::new(),
            last_played: BTreeMap::new(),
        }
    }

    /// Return the data directory: `$MUSCLEMAN_DATA_DIR` when set and not
    /// empty, else the platform's data directory for muscleman.
    pub fn default_dir() -> Option<PathBuf> {
        match std::env::var_os(DATA_DIR_ENV) {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => directories::ProjectDirs::from("", "", "muscleman")
                .map(|d| d.data_dir().to_path_buf()),
        }
    }

    /// Open the progress file in the default directory; see [`Progress::open`].
    pub fn open_default() -> (Progress, Vec<Warning>) {
        match Progress::default_dir() {
            Some(dir) => Progress::open(&dir),
            None => (
                Progress::in_memory(),
                vec![Warning::new(
                    "No data directory: progress will not be kept",
                    format!(
                        "no data directory found (set {DATA_DIR_ENV}); progress will not be kept"
                    ),
                )],
            ),
        }
    }

    /// Open `dir/progress.json`, returning the progress and any warnings.
    ///
    /// A missing file is empty progress. A format-1 file is migrated and
    /// written back in the current format. A file of an older rule book, or
    /// that is not valid progress, is moved aside (`progress.json.rules-<n>`,
    /// `progress.json.corrupt-<n>`); a file of a newer format or rule book is
    /// left alone. When a file is left alone or cannot be moved aside,
    /// progress is kept in memory only, so the file is never overwritten.
    /// Never fails.
    pub fn open(dir: &Path) -> (Progress, Vec<Warning>) {
        let path = dir.join(FILE_NAME);
        let mut warnings = Vec::new();
        let fresh = |path: Option<PathBuf>| Progress {
            path,
            ..Progress::in_memory()
        };
        let bytes = match read_limited(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return (fresh(Some(path)), warnings),
            Err(e) => {
                warnings.push(Warning::new(
                    "Cannot read the progress file: progress will not be kept",
                    format!(
                        "cannot read {}: {e}; progress will not be kept",
                        path.display()
                    ),
                ));
                return (fresh(None), warnings);
            }
        };
        let refused = match read_file(&bytes) {
            Ok((file, false)) => return (Progress::from_file(Some(path), file), warnings),
            Ok((file, true)) => {
                let detail = format!(
                    "the progress file {} was written under rule book 1; its {} record(s) \
                     now count under Muscleman rules, for levels without water only (there \
                     rule book {RULES_VERSION} plays the same)",
                    path.display(),
                    file.from_rule_book_1.len()
                );
                warnings.push(Warning::new(
                    "Progress of rule book 1 kept for levels without water",
                    detail,
                ));
                let progress = Progress::from_file(Some(path), file);
                if let Err(e) = progress.save() {
                    warnings.push(Warning::new(
                        "Cannot write the progress file: progress may not be kept",
                        format!("cannot write the upgraded progress file: {e}"),
                    ));
                }
                return (progress, warnings);
            }
            Err(Refused::Newer(what)) => {
                warnings.push(Warning::new(
                    "Progress file is from a newer muscleman: not kept",
                    format!(
                        "the progress file {} was written by a newer muscleman ({what}); \
                         left it as it is; progress will not be kept",
                        path.display()
                    ),
                ));
                return (fresh(None), warnings);
            }
            Err(refused) => refused,
        };
        let (suffix, why) = (refused.suffix(), refused.to_string());
        match move_aside(&path, &suffix) {
            Ok(aside) => {
                let aside_name = aside
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let short = match refused {
                    Refused::OlderRules(n) => format!(
                        "Progress of rule book {n} (this is {RULES_VERSION}) moved to {aside_name}"
                    ),
                    _ => format!("Progress file was corrupt: moved to {aside_name}"),
                };
                warnings.push(Warning::new(
                    short,
                    format!(
                        "the progress file {} was {why}; moved it to {} and started afresh",
                        path.display(),
                        aside.display()
                    ),
                ));
                (fresh(Some(path)), warnings)
            }
            Err(e) => {
                warnings.push(Warning::new(
                    "Progress file unreadable: progress will not be kept",
                    format!(
                        "the progress file {} was {why} and cannot be moved aside \
                         ({e}); progress will not be kept",
                        path.display()
                    ),
                ));
                (fresh(None), warnings)
            }
        }
    }

    /// The progress `file` holds, where a built-in collection that changed
    /// since it was written is found under its key now
    /// ([`former::adopt_former_sets`]; written back at the next change).
    fn from_file(path: Option<PathBuf>, file: ProgressFile) -> Progress {
        let mut last_played = file.last_played;
        former::adopt_former_sets(&mut last_played);
        Progress {
            path,
            levels: file.levels,
            from_rule_book_1: file.from_rule_book_1,
            solutions: file.solutions,
            last_played,
        }
    }

    /// Return where the progress is written, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Return the progress under `rules`, the view the game shows.
    pub fn under(&self, rules: Rules) -> RulesProgress<'_> {
        RulesProgress {
            progress: self,
            rules,
        }
    }

    /// Return the record of a level under `rules`, if it was ever solved.
    pub fn get(&self, level: &Level, rules: Rules) -> Option<LevelRecord> {
        let key = level_key(level);
        let current = self
            .levels
            .get(&key)
            .and_then(|by_rules| by_rules.get(&rules_key(rules)))
            .copied();
        let inherited = if rule_book_1_holds(level, rules) {
            self.from_rule_book_1.get(&key).copied()
        } else {
            None
        };
        match (current, inherited) {
            (Some(a), Some(b)) => Some(a.merge(b)),
            (a, b) => a.or(b),
        }
    }

    /// Return the best solution kept for `level` under `rules`, if any.
    pub fn solution(&self, level: &Level, rules: Rules) -> Option<&Solution> {
        self.solutions
            .get(&level_key(level))
            .and_then(|by_rules| by_rules.get(&rules_key(rules)))
    }

    /// Return the key of the level last played in the set `set` under `rules`.
    pub fn last_played(&self, set: &str, rules: Rules) -> Option<&str> {
        self.last_played
            .get(&format!("{set}/{}", rules_key(rules)))
            .map(String::as_str)
    }

    /// Remember `level` as the last played in the set `set` under `rules`,
    /// and write the file when that changed.
    pub fn set_last_played(
        &mut self,
        set: &str,
        rules: Rules,
        level: &Level,
    ) -> Result<(), String> {
        let key = format!("{set}/{}", rules_key(rules));
        let value = level_key(level);
        if self.last_played.get(&key) == Some(&value) {
            return Ok(());
        }
        self.last_played.insert(key, value);
        self.save()
    }

    /// Return the key of the built-in collection played last under
    /// `rules` (a set key, as [`Progress::last_played`] takes), if any.
    ///
    /// It is kept beside the levels last played, under the key
    /// `collection/RULES`, which no set key (16 hex digits) can be.
    pub fn last_collection(&self, rules: Rules) -> Option<&str> {
        self.last_played
            .get(&format!("collection/{}", rules_key(rules)))
            .map(String::as_str)
    }

    /// Remember the built-in collection `set` (its set key) as the one
    /// played last under `rules`, and write the file when that changed.
    pub fn set_last_collection(&mut self, rules: Rules, set: &str) -> Result<(), String> {
        let key = format!("collection/{}", rules_key(rules));
        if self.last_played.get(&key).map(String::as_str) == Some(set) {
            return Ok(());
        }
        self.last_played.insert(key, set.to_owned());
        self.save()
    }

    /// Return how many of `levels` were ever solved under `rules`.
    pub fn solved_count<'a>(
        &self,
        levels: impl IntoIterator<Item = &'a Level>,
        rules: Rules,
    ) -> usize {
        levels
            .into_iter()
            .filter(|l| self.get(l, rules).is_some_and(|r| r.solved))
            .count()
    }

    /// Record a solve of `level` under `rules` and write the file if anything improved.
    ///
    /// Returns what improved; an error is a message for the player (the
    /// record is kept in memory all the same).
    pub fn record_solve(
        &mut self,
        level: &Level,
        rules: Rules,
        moves: u32,
        pushes: u32,
    ) -> Result<Improvement, String> {
        self.record_solution(level, rules, moves, pushes, None)
    }

    /// Record a solve of `level` under `rules`, with its moves when known,
    /// and write the file if anything improved.
    ///
    /// The solution kept is the one with the fewest moves, then the fewest
    /// pushes. Returns what improved; an error is a message for the player
    /// (the record is kept in memory all the same).
    pub fn record_solution(
        &mut self,
        level: &Level,
        rules: Rules,
        moves: u32,
        pushes: u32,
        solution: Option<&str>,
    ) -> Result<Improvement, String> {
        let key = level_key(level);
        let mut kept_solution = false;
        if let Some(text) = solution {
            let by_rules = self.solutions.entry(key.clone()).or_default();
            let better = by_rules
                .get(&rules_key(rules))
                .is_none_or(|s| (moves, pushes) < (s.move_count, s.push_count));
            if better {
                by_rules.insert(
                    rules_key(rules),
                    Solution {
                        moves: text.to_owned(),
                        move_count: moves,
                        push_count: pushes,
                    },
                );
                kept_solution = true;
            }
        }
        let before = self.get(level, rules).unwrap_or_default();
        let better = |best: Option<u32>, now: u32| best.is_none_or(|b| now < b);
        let improvement = Improvement {
            first_solve: !before.solved,
            moves: better(before.best_moves, moves),
            pushes: better(before.best_pushes, pushes),
        };
        let mut record = before;
        record.solved = true;
        if improvement.moves {
            record.best_moves = Some(moves);
        }
        if improvement.pushes {
            record.best_pushes = Some(pushes);
        }
        // A rule-book-1 record this level inherited is now merged in.
        let merged =
            rule_book_1_holds(level, rules) && self.from_rule_book_1.remove(&key).is_some();
        self.levels
            .entry(key)
            .or_default()
            .insert(rules_key(rules), record);
        if merged
            || kept_solution
            || improvement.first_solve
            || improvement.moves
            || improvement.pushes
        {
            self.save()?;
        }
        Ok(improvement)
    }

    /// Read progress kept as the text of a progress file, kept in memory
    /// (nothing is written): how the web page reads the record it keeps in
    /// the browser's storage, as `open` reads the file. Returns the
    /// progress and whether it was migrated from format 1, or why the
    /// text is not read (then the caller keeps it aside, as `open` moves
    /// a file aside, except a newer one, which it leaves alone).
    pub fn from_text(bytes: &[u8]) -> Result<(Progress, bool), Refused> {
        read_file(bytes).map(|(file, migrated)| (Progress::from_file(None, file), migrated))
    }

    /// Return the progress as the text of a progress file, as `save`
    /// writes it.
    pub fn to_text(&self) -> Result<String, String> {
        let file = ProgressFile {
            version: VERSION,
            rules_version: RULES_VERSION,
            levels: self.levels.clone(),
            from_rule_book_1: self.from_rule_book_1.clone(),
            solutions: self.solutions.clone(),
            last_played: self.last_played.clone(),
        };
        let mut text = serde_json::to_string_pretty(&file)
            .map_err(|e| format!("cannot encode progress: {e}"))?;
        text.push('\n');
        Ok(text)
    }

    /// Write the file (atomically), creating the directory if needed.
    pub fn save(&self) -> Result<(), String> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let text = self.to_text()?;
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        write_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The progress under one rule set: what the game shows for the rules it plays by.
#[derive(Clone, Copy, Debug)]
pub struct RulesProgress<'a> {
    progress: &'a Progress,
    rules: Rules,
}

impl RulesProgress<'_> {
    /// Return the rules this view shows.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Return where the progress is written, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.progress.path()
    }

    /// Return the record of a level under these rules, if it was ever solved.
    pub fn get(&self, level: &Level) -> Option<LevelRecord> {
        self.progress.get(level, self.rules)
    }

    /// Return how many of `levels` were ever solved under these rules.
    pub fn solved_count<'a>(&self, levels: impl IntoIterator<Item = &'a Level>) -> usize {
        self.progress.solved_count(levels, self.rules)
    }
}

/// Why the text of a progress file is not read as progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Written by a newer muscleman (what it is): leave it as it is.
    Newer(String),
    /// Written under an older rule book with no known migration.
    OlderRules(u32),
    /// Not progress at all: why.
    Corrupt(String),
}

impl Refused {
    /// Return the suffix of the name a file refused is kept aside under
    /// (`progress.json.corrupt-1`, `progress.json.rules-2`).
    pub fn suffix(&self) -> String {
        match self {
            Refused::Newer(_) => "newer".to_owned(),
            Refused::OlderRules(n) => format!("rules-{n}"),
            Refused::Corrupt(_) => "corrupt".to_owned(),
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Newer(what) => write!(f, "written by a newer muscleman ({what})"),
            Refused::OlderRules(n) => write!(
                f,
                "written under rule book {n}, and rule book {RULES_VERSION} has no \
                 migration from it"
            ),
            Refused::Corrupt(why) => write!(f, "corrupt ({why})"),
        }
    }
}

/// Read the bytes of a progress file: its records and whether they were
/// migrated from format 1, or why they are not read.
fn read_file(bytes: &[u8]) -> Result<(ProgressFile, bool), Refused> {
    match parse(bytes) {
        Read::Current(file) => Ok((file, false)),
        Read::Migrated(file) => Ok((file, true)),
        Read::Newer(what) => Err(Refused::Newer(what)),
        Read::OlderRules(n) => Err(Refused::OlderRules(n)),
        Read::Corrupt(why) => Err(Refused::Corrupt(why)),
    }
}

/// Return whether a rule-book-1 record of `level` holds under `rules` of the
/// current rule book: Muscleman rules and no water (see the module docs).
fn rule_book_1_holds(level: &Level, rules: Rules) -> bool {
    rules == Rules::MUSCLEMAN && level.positions_of(EntityRecipe::WaterCell).next().is_none()
}
