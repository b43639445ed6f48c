//! Saves: a versioned JSON text that rebuilds a game exactly.
//!
//! A save holds the level text (and its hash), the rules, every command
//! applied since the game began (its history), the non-static entities and
//! counters at the time of saving, and the state hash. Static entities come
//! from the level. Loading replays the history on the level, then checks
//! that the result matches the saved entities, counters and hash exactly, so
//! a save that was edited, cut or corrupted is refused, never half-loaded.
//! The format is described in `docs/save-format.md`.

use std::collections::BTreeMap;

use muscleman_level::{Level, ParseErrors};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::command::Command;
use crate::component::{AnyComponent, ComponentKind, Position, TagKind, TagSet};
use crate::field::{id_text, parse_id};
use crate::floor::local;
use crate::fnv::Fnv;
use crate::game::Game;
use crate::level::LevelLoadError;
use crate::rules::{RULES_VERSION, Rules};
use crate::step::StepError;
use crate::world::{InvariantError, World};

/// The `format` field of every save.
pub const SAVE_FORMAT: &str = "muscleman-save";
/// The save format version this build writes. It reads this one and
/// versions 1 and 2 (see [`Game::load`]). Version 3 writes floors: each
/// entity's `position` in its floor's coordinates and its `level_member`
/// when it is not on floor 1; in versions 1 and 2 a `level_member` of 0
/// meant the main level, which is floor 1.
pub const SAVE_VERSION: u32 = 3;
/// Largest save text accepted, in bytes: enough for the largest level the
/// format reads (4,000,000 cells) filled with boxes, with a full history.
pub const MAX_SAVE_BYTES: usize = 1 << 30;
/// Longest history accepted, in commands. A game replays its whole history
/// when it is loaded, so this bounds the time and memory a load can take.
pub const MAX_HISTORY: usize = 1_000_000;

/// Why a save could not be loaded. The running game, if any, is untouched.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The text is larger than [`MAX_SAVE_BYTES`].
    #[error("the save is {0} bytes, more than the {MAX_SAVE_BYTES} allowed")]
    TooLarge(usize),
    /// The text is not a JSON save object.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the JSON reader expected.
        message: String,
    },
    /// The `format` field is not [`SAVE_FORMAT`].
    #[error("not a Muscleman save (format {0:?})")]
    Format(String),
    /// The save was written by a version this build cannot read.
    #[error(
        "save version {found} is not supported (this build reads versions 1 to {SAVE_VERSION})"
    )]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The save was written under another rule book, and its history does
    /// not give the same game under this one.
    #[error(
        "the save was written under rule book version {found} and plays differently under version {RULES_VERSION} ({detail}); replay its moves to start again"
    )]
    Rules {
        /// The rule book version the save was written under.
        found: u32,
        /// The first difference.
        detail: String,
    },
    /// The level text does not match its recorded hash.
    #[error("the level text does not match its hash (the save was edited or damaged)")]
    LevelHash,
    /// The level text is not a valid level.
    #[error("the saved level is not valid: {0}")]
    Level(#[from] ParseErrors),
    /// The level cannot be played.
    #[error("the saved level cannot be played: {0}")]
    Unplayable(#[from] LevelLoadError),
    /// The history holds a character that names no command.
    #[error("history position {position}: {found:?} is not a command")]
    History {
        /// 0-based index of the character in the history.
        position: usize,
        /// The character found.
        found: char,
    },
    /// The history is longer than [`MAX_HISTORY`].
    #[error("the history holds more than {MAX_HISTORY} commands")]
    HistoryTooLong,
    /// Replaying the history failed.
    #[error("replaying the history failed: {0}")]
    Replay(#[from] StepError),
    /// A recorded entity, counter or hash differs from what the history gives.
    #[error("the save does not match its own history: {0}")]
    Mismatch(String),
    /// The rebuilt world breaks an invariant.
    #[error(transparent)]
    Invariant(#[from] InvariantError),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: String,
    version: u32,
    /// Absent in version 1, which was written under rule book 1.
    #[serde(default = "rule_book_one")]
    rules_version: u32,
    level: String,
    level_hash: String,
    rules: SavedRules,
    history: String,
    entities: Vec<SavedEntity>,
    counters: BTreeMap<String, u64>,
    state_hash: String,
}

const fn rule_book_one() -> u32 {
    1
}

#[derive(Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct SavedRules {
    max_chain: Option<u32>,
    /// Absent in saves written before hands were a rule option: the named
    /// rules of then (Sokoban's chain of one had no hands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hands: Option<bool>,
}

/// One entity: its id, tags and every data component by its save name
/// (`ComponentKind::save_name`), so a new component needs no change here.
#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct SavedEntity {
    id: String,
    tags: Vec<String>,
    #[serde(flatten)]
    components: BTreeMap<String, Value>,
}

/// Write a save as JSON: one field a line, and one entity a line, so that a
/// save stays readable and about 110 bytes a box.
fn write_save(file: &SaveFile) -> String {
    // Serializing plain strings, numbers and maps cannot fail.
    fn json<T: Serialize>(value: &T) -> String {
        serde_json::to_string(value).unwrap_or_default()
    }
    let mut out = String::with_capacity(256 + file.level.len() + 110 * file.entities.len());
    out.push_str("{\n");
    out.push_str(&format!("  \"format\": {},\n", json(&file.format)));
    out.push_str(&format!("  \"version\": {},\n", file.version));
    out.push_str(&format!("  \"rules_version\": {},\n", file.rules_version));
    out.push_str(&format!("  \"level\": {},\n", json(&file.level)));
    out.push_str(&format!("  \"level_hash\": {},\n", json(&file.level_hash)));
    out.push_str(&format!("  \"rules\": {},\n", json(&file.rules)));
    out.push_str(&format!("  \"history\": {},\n", json(&file.history)));
    out.push_str("  \"entities\": [");
    for (i, e) in file.entities.iter().enumerate() {
        out.push_str(if i == 0 { "\n    " } else { ",\n    " });
        out.push_str(&json(e));
    }
    out.push_str(if file.entities.is_empty() {
        "],\n"
    } else {
        "\n  ],\n"
    });
    out.push_str(&format!("  \"counters\": {},\n", json(&file.counters)));
    out.push_str(&format!("  \"state_hash\": {}\n", json(&file.state_hash)));
    out.push_str("}\n");
    out
}

fn hex(v: u64) -> String {
    format!("{v:016x}")
}

fn text_hash(text: &str) -> u64 {
    let mut h = Fnv::new();
    h.bytes(text.as_bytes());
    h.finish()
}

/// The command of a history letter (lower case only: saves write moves so).
fn command_of(c: char) -> Option<Command> {
    if c.is_ascii_uppercase() {
        return None;
    }
    Command::from_letter(c)
}

/// Describe every entity that is not static, in id order.
fn saved_entities(world: &World) -> Vec<SavedEntity> {
    let mut out = Vec::new();
    for id in world.entities() {
        let tags = world.tags(id).unwrap_or_default();
        if tags.contains(TagKind::Static) {
            continue;
        }
        let mut components = BTreeMap::new();
        // The entity is alive: it came from `entities`.
        let _ = world.for_each_component(id, |c| {
            // A cell in its floor's own coordinates; the floor is the
            // entity's `level_member` (absent on floor 1).
            let c = match c {
                AnyComponent::Position(p) => AnyComponent::Position(Position(local(p.0))),
                c => c,
            };
            components.insert(c.kind().save_name().to_owned(), c.to_json());
        });
        out.push(SavedEntity {
            id: id_text(id),
            tags: tags.iter().map(|t| t.name().to_owned()).collect(),
            components,
        });
    }
    out
}

/// Check that a saved entity is well formed (known tags, components and
/// values, ids), so that a damaged save is named precisely rather than as a
/// mismatch.
fn check_entity(e: &SavedEntity) -> Result<(), SaveError> {
    let bad = |what: String| Err(SaveError::Mismatch(what));
    if parse_id(&e.id).is_none() {
        return bad(format!(
            "entity id {:?} is not of the form INDEXvGENERATION",
            e.id
        ));
    }
    let mut seen = TagSet::EMPTY;
    for t in &e.tags {
        match crate::registry::tag_named(t) {
            Some(k) if !seen.contains(k) => seen = seen.with(k),
            Some(_) => return bad(format!("entity {} lists tag {t} twice", e.id)),
            None => return bad(format!("entity {} has an unknown tag {t:?}", e.id)),
        }
    }
    for (name, value) in &e.components {
        let Some(kind) = ComponentKind::ALL.iter().find(|k| k.save_name() == name) else {
            return bad(format!("entity {} has an unknown field {name:?}", e.id));
        };
        if kind.read_json(value).is_none() {
            return bad(format!("entity {} has a malformed {name}: {value}", e.id));
        }
    }
    Ok(())
}

/// Describe the first difference between the rebuilt and the saved
/// entities, or `None` if they agree. With `saved_fields_only`, components
/// the saved entity does not list are not compared (version 1 saves).
fn first_difference(
    rebuilt: &[SavedEntity],
    saved: &[SavedEntity],
    saved_fields_only: bool,
) -> Option<String> {
    if rebuilt.len() != saved.len() {
        return Some(format!(
            "{} entities saved, {} rebuilt",
            saved.len(),
            rebuilt.len()
        ));
    }
    rebuilt.iter().zip(saved).find_map(|(a, b)| {
        let same_components = if saved_fields_only {
            b.components
                .iter()
                .all(|(k, v)| a.components.get(k) == Some(v))
        } else {
            a.components == b.components
        };
        (a.id != b.id || a.tags != b.tags || !same_components)
            .then(|| format!("entity {} is saved as {b:?} but rebuilt as {a:?}", a.id))
    })
}

/// The counters by name, as a save writes them.
fn counters(world: &World) -> BTreeMap<String, u64> {
    world
        .counters()
        .map(|(c, value)| (c.name().to_owned(), value))
        .collect()
}

impl Game {
    /// Write the game as a save: versioned JSON text, see `docs/save-format.md`.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{GridDir, Input};
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let level = Level::parse("#####\n#@$.#\n#####\n")?;
    /// let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
    /// game.step(Input::Move(GridDir::Right))?;
    /// let loaded = Game::load(&game.save())?;
    /// assert_eq!(loaded.state_hash(), game.state_hash());
    /// assert!(loaded.is_solved());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self) -> String {
        let level = self.level().to_text();
        let file = SaveFile {
            format: SAVE_FORMAT.to_owned(),
            version: SAVE_VERSION,
            rules_version: RULES_VERSION,
            level_hash: hex(text_hash(&level)),
            level,
            rules: SavedRules {
                max_chain: self.rules().max_chain,
                hands: Some(self.rules().hands),
            },
            history: self.commands().iter().map(|c| c.letter()).collect(),
            entities: saved_entities(self.world()),
            counters: counters(self.world()),
            state_hash: hex(self.state_hash()),
        };
        write_save(&file)
    }

    /// Read a save written by [`Game::save`] and rebuild the game exactly,
    /// history included. Everything is checked; on any error nothing is
    /// returned but the error.
    pub fn load(text: &str) -> Result<Game, SaveError> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(SaveError::TooLarge(text.len()));
        }
        let file: SaveFile = serde_json::from_str(text).map_err(|e| SaveError::Syntax {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if file.format != SAVE_FORMAT {
            return Err(SaveError::Format(file.format));
        }
        if !(1..=SAVE_VERSION).contains(&file.version) {
            return Err(SaveError::Version {
                found: file.version,
            });
        }
        // A version 1 save was written under rule book 1, whatever it says.
        let rules_version = if file.version == 1 {
            1
        } else {
            file.rules_version
        };
        if rules_version > RULES_VERSION {
            return Err(SaveError::Rules {
                found: rules_version,
                detail: "a newer rule book than this build plays".to_owned(),
            });
        }
        // Rule books are numbered from 1: no build wrote rule book 0, and
        // none may pass for an older one to be loaded with fewer checks.
        if rules_version == 0 {
            return Err(SaveError::Rules {
                found: 0,
                detail: "no rule book has version 0; they are numbered from 1".to_owned(),
            });
        }
        // An older rule book's save is migrated when its history gives the
        // same game under this one, and refused otherwise.
        let migrating = rules_version < RULES_VERSION;
        if file.level_hash != hex(text_hash(&file.level)) {
            return Err(SaveError::LevelHash);
        }
        let level = Level::parse(&file.level)?;
        let mut file = file;
        if file.version < 3 {
            // Before floors, `level_member` 0 was the main level: floor 1,
            // which is no component.
            for e in &mut file.entities {
                if e.components.get("level_member") == Some(&Value::from(0)) {
                    e.components.remove("level_member");
                }
            }
        }
        if !migrating {
            for e in &file.entities {
                check_entity(e)?;
            }
        }
        if file.history.chars().count() > MAX_HISTORY {
            return Err(SaveError::HistoryTooLong);
        }
        let commands = file
            .history
            .chars()
            .enumerate()
            .map(|(position, found)| {
                command_of(found).ok_or(SaveError::History { position, found })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let rules = Rules {
            max_chain: file.rules.max_chain,
            hands: file
                .rules
                .hands
                .unwrap_or(file.rules.max_chain != Rules::SOKOBAN.max_chain),
        };
        let mut game = Game::new(&level, rules)?;
        for command in commands {
            game.apply(command)?;
        }
        let rebuilt = saved_entities(game.world());
        if migrating {
            // Version 1 saved fewer components; compare those it saved.
            if let Some(detail) = first_difference(&rebuilt, &file.entities, true) {
                return Err(SaveError::Rules {
                    found: rules_version,
                    detail,
                });
            }
        } else {
            if let Some(detail) = first_difference(&rebuilt, &file.entities, false) {
                return Err(SaveError::Mismatch(detail));
            }
            if file.counters != counters(game.world()) {
                return Err(SaveError::Mismatch("counters differ".to_owned()));
            }
            if file.state_hash != hex(game.state_hash()) {
                return Err(SaveError::Mismatch("the state hash differs".to_owned()));
            }
        }
        game.world().validate()?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::COMMANDS;

    #[test]
    fn history_letters_round_trip() {
        for info in COMMANDS {
            assert_eq!(command_of(info.command.letter()), Some(info.command));
        }
    }

    #[test]
    fn components_are_written_by_their_save_names() {
        let mut components = BTreeMap::new();
        components.insert("position".to_owned(), serde_json::json!([-3, 7]));
        let e = SavedEntity {
            id: "1v1".into(),
            tags: vec![],
            components,
        };
        let text = serde_json::to_string(&e).unwrap_or_default();
        assert_eq!(text, r#"{"id":"1v1","tags":[],"position":[-3,7]}"#);
    }
}
