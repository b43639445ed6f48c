//! Where `play` keeps the position of every level it left: one save per
//! level and rules, `saves/LEVELKEY-RULES.json` in the data directory, in
//! the save format (`docs/save-format.md`), undo history included.
//!
//! Saves are written atomically. A save that cannot be loaded (corrupt, or
//! made by another muscleman) is moved aside to `NAME.unreadable-N` and the
//! level starts afresh: it is never overwritten.

use std::fs;
use std::path::{Path, PathBuf};

use muscleman_level::Level;
use muscleman_sim::{Game, MAX_SAVE_BYTES, Rules};

use crate::fsutil::write_atomic;
use crate::progress::{level_key, rules_key};

/// The folder of the saves inside the data directory.
pub const DIR_NAME: &str = "saves";

/// The saves of one data directory, or, without one, in memory for the run.
#[derive(Clone, Debug, Default)]
pub struct Saves {
    dir: Option<PathBuf>,
    /// Save texts by file name, when there is no directory.
    memory: std::collections::BTreeMap<String, String>,
}

impl Saves {
    /// Keep saves in `data_dir/saves`.
    pub fn in_dir(data_dir: &Path) -> Saves {
        Saves {
            dir: Some(data_dir.join(DIR_NAME)),
            memory: std::collections::BTreeMap::new(),
        }
    }

    /// Keep saves in memory only, for this run (no data directory).
    pub fn none() -> Saves {
        Saves::default()
    }

    /// Return the game the save `text` keeps, when it is a position of
    /// `level` under `rules`; else why not, in words. Every front end
    /// reads a kept position through this, wherever it keeps it.
    pub fn read(text: &str, level: &Level, rules: Rules) -> Result<Game, String> {
        match Game::load(text) {
            Ok(game) if level_key(game.level()) == level_key(level) && game.rules() == rules => {
                Ok(game)
            }
            Ok(_) => Err("it is of another level or rules".to_owned()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Return the name of the save of `level` under `rules`
    /// (`LEVELKEY-RULES.json`), its file name in the saves folder.
    pub fn name(level: &Level, rules: Rules) -> String {
        format!("{}-{}.json", level_key(level), rules_key(rules))
    }

    /// Return the save file of `level` under `rules`, if saves are kept.
    pub fn path(&self, level: &Level, rules: Rules) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        Some(dir.join(Saves::name(level, rules)))
    }

    /// Return whether a position of `level` under `rules` is kept.
    pub fn has(&self, level: &Level, rules: Rules) -> bool {
        match self.path(level, rules) {
            Some(path) => path.is_file(),
            None => self.memory.contains_key(&Saves::name(level, rules)),
        }
    }

    /// Keep the game's position: write its save, or remove it when the game
    /// is at its start with no history (nothing to keep).
    pub fn store(&mut self, game: &Game) -> Result<(), String> {
        let Some(path) = self.path(game.level(), game.rules()) else {
            let name = Saves::name(game.level(), game.rules());
            if game.commands().is_empty() {
                self.memory.remove(&name);
            } else {
                self.memory.insert(name, game.save());
            }
            return Ok(());
        };
        if game.commands().is_empty() {
            return match fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    Err(format!("cannot remove {}: {e}", path.display()))
                }
                _ => Ok(()),
            };
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        write_atomic(&path, game.save().as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Return the kept game of `level` under `rules`: `Ok(None)` when there
    /// is none; an error (a message) when a save was there but unreadable,
    /// after moving it aside.
    pub fn restore(&self, level: &Level, rules: Rules) -> Result<Option<Game>, String> {
        let Some(path) = self.path(level, rules) else {
            let name = Saves::name(level, rules);
            return Ok(self
                .memory
                .get(&name)
                .and_then(|text| Game::load(text).ok()));
        };
        let bytes = match crate::fsutil::read_capped(&path, MAX_SAVE_BYTES) {
            Ok(b) => b,
            Err(_) if !path.exists() => return Ok(None),
            Err(e) => return Err(e),
        };
        let problem = match String::from_utf8(bytes) {
            Ok(text) => match Saves::read(&text, level, rules) {
                Ok(game) => return Ok(Some(game)),
                Err(problem) => problem,
            },
            Err(_) => "not UTF-8 text".to_owned(),
        };
        match crate::progress::move_aside(&path, "unreadable") {
            Ok(aside) => Err(format!(
                "the saved position could not be loaded ({problem}); kept it as {}",
                aside.display()
            )),
            Err(e) => Err(format!(
                "the saved position could not be loaded ({problem}) nor moved aside: {e}"
            )),
        }
    }
}
