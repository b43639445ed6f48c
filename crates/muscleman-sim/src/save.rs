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

use muscleman_core::{EntityId, GlobalCounter, GridDir, Input};
use muscleman_level::{Level, ParseErrors};
use serde::{Deserialize, Serialize};

use crate::component::{AnyComponent, Facing, Holding, Position, TagKind, TagSet};
use crate::game::{Command, Game};
use crate::hash::Fnv;
use crate::level::LevelLoadError;
use crate::rules::Rules;
use crate::step::StepError;
use crate::world::{InvariantError, World};

/// The `format` field of every save.
pub const SAVE_FORMAT: &str = "muscleman-save";
/// The save format version this build writes and reads.
pub const SAVE_VERSION: u32 = 1;
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
    #[error("save version {found} is not supported (this build reads version {SAVE_VERSION})")]
    Version {
        /// The version in the file.
        found: u32,
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
    level: String,
    level_hash: String,
    rules: SavedRules,
    history: String,
    entities: Vec<SavedEntity>,
    counters: BTreeMap<String, u64>,
    state_hash: String,
}

#[derive(Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct SavedRules {
    max_chain: Option<u32>,
}

#[derive(Serialize, Deserialize, PartialEq, Eq, Debug)]
#[serde(deny_unknown_fields)]
struct SavedEntity {
    id: String,
    tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<[i32; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    facing: Option<String>,
    /// What the entity holds: an entity id, or `"nothing"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    holding: Option<String>,
}

/// The `holding` value of an entity that holds nothing.
const NOTHING: &str = "nothing";

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

fn id_text(id: EntityId) -> String {
    format!("{}v{}", id.index(), id.generation())
}

fn dir_name(d: GridDir) -> &'static str {
    match d {
        GridDir::Up => "up",
        GridDir::Right => "right",
        GridDir::Down => "down",
        GridDir::Left => "left",
    }
}

/// The history letter of a command: its MOVES letter, or a save-only
/// letter for the inputs whose rules are not written yet.
fn letter(command: Command) -> char {
    match command.letter() {
        Some(c) => c,
        None => match command {
            Command::Step(Input::Grab) => 'g',
            Command::Step(Input::Drop) => 'p',
            Command::Step(Input::SwingLeft) => '[',
            _ => ']',
        },
    }
}

/// The command of a history letter (lower case only: saves write moves so).
fn command_of(c: char) -> Option<Command> {
    match c {
        'g' => Some(Command::Step(Input::Grab)),
        'p' => Some(Command::Step(Input::Drop)),
        '[' => Some(Command::Step(Input::SwingLeft)),
        ']' => Some(Command::Step(Input::SwingRight)),
        c if c.is_ascii_uppercase() => None,
        c => Command::from_letter(c),
    }
}

/// Describe every entity that is not static, in id order.
fn saved_entities(world: &World) -> Vec<SavedEntity> {
    let mut out = Vec::new();
    for id in world.entities() {
        let tags = world.tags(id).unwrap_or_default();
        if tags.contains(TagKind::Static) {
            continue;
        }
        let mut e = SavedEntity {
            id: id_text(id),
            tags: tags.iter().map(|t| t.name().to_owned()).collect(),
            position: None,
            facing: None,
            holding: None,
        };
        for c in world.components(id).unwrap_or_default() {
            match c {
                AnyComponent::Position(Position(p)) => e.position = Some([p.x, p.y]),
                AnyComponent::Facing(Facing(d)) => e.facing = Some(dir_name(d).to_owned()),
                AnyComponent::Holding(Holding(h)) => {
                    e.holding = Some(h.map_or_else(|| NOTHING.to_owned(), id_text));
                }
            }
        }
        out.push(e);
    }
    out
}

/// Check that a saved entity is well formed (known tags, directions, ids),
/// so that a damaged save is named precisely rather than as a mismatch.
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
        match TagKind::ALL.iter().find(|k| k.name() == t) {
            Some(k) if !seen.contains(*k) => seen = seen.with(*k),
            Some(_) => return bad(format!("entity {} lists tag {t} twice", e.id)),
            None => return bad(format!("entity {} has an unknown tag {t:?}", e.id)),
        }
    }
    if let Some(f) = &e.facing
        && !GridDir::ALL.iter().any(|d| dir_name(*d) == f)
    {
        return bad(format!("entity {} faces {f:?}, not a direction", e.id));
    }
    if let Some(h) = &e.holding
        && h != NOTHING
        && parse_id(h).is_none()
    {
        return bad(format!("entity {} holds {h:?}, not an entity id", e.id));
    }
    Ok(())
}

fn parse_id(text: &str) -> Option<EntityId> {
    let (index, generation) = text.split_once('v')?;
    let index: u32 = index.parse().ok()?;
    let generation: u32 = generation.parse().ok()?;
    (generation > 0).then(|| EntityId::new(index, generation))
}

fn counters() -> BTreeMap<String, u64> {
    // No rule changes a counter yet; the field keeps the format ready for them.
    GlobalCounter::ALL
        .iter()
        .map(|c| (format!("{c:?}"), 0))
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
            level_hash: hex(text_hash(&level)),
            level,
            rules: SavedRules {
                max_chain: self.rules().max_chain,
            },
            history: self.commands().iter().map(|c| letter(*c)).collect(),
            entities: saved_entities(self.world()),
            counters: counters(),
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
        if file.version != SAVE_VERSION {
            return Err(SaveError::Version {
                found: file.version,
            });
        }
        if file.level_hash != hex(text_hash(&file.level)) {
            return Err(SaveError::LevelHash);
        }
        let level = Level::parse(&file.level)?;
        for e in &file.entities {
            check_entity(e)?;
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
        };
        let mut game = Game::new(&level, rules)?;
        for command in commands {
            game.apply(command)?;
        }
        let rebuilt = saved_entities(game.world());
        if rebuilt != file.entities {
            let first = rebuilt
                .iter()
                .zip(&file.entities)
                .find(|(a, b)| a != b)
                .map_or_else(
                    || {
                        format!(
                            "{} entities saved, {} rebuilt",
                            file.entities.len(),
                            rebuilt.len()
                        )
                    },
                    |(a, b)| format!("entity {} is saved as {b:?} but rebuilt as {a:?}", a.id),
                );
            return Err(SaveError::Mismatch(first));
        }
        if file.counters != counters() {
            return Err(SaveError::Mismatch("counters differ".to_owned()));
        }
        if file.state_hash != hex(game.state_hash()) {
            return Err(SaveError::Mismatch("the state hash differs".to_owned()));
        }
        game.world().validate()?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_letters_round_trip() {
        let all = [
            Command::Step(Input::Move(GridDir::Up)),
            Command::Step(Input::Move(GridDir::Down)),
            Command::Step(Input::Move(GridDir::Left)),
            Command::Step(Input::Move(GridDir::Right)),
            Command::Step(Input::Wait),
            Command::Step(Input::Grab),
            Command::Step(Input::Drop),
            Command::Step(Input::SwingLeft),
            Command::Step(Input::SwingRight),
            Command::Undo,
            Command::Redo,
            Command::Restart,
        ];
        for c in all {
            assert_eq!(command_of(letter(c)), Some(c));
        }
    }

    #[test]
    fn ids_round_trip_through_text() {
        let id = EntityId::new(12, 3);
        assert_eq!(parse_id(&id_text(id)), Some(id));
        assert_eq!(parse_id("4v0"), None);
        assert_eq!(parse_id("x"), None);
    }

    #[test]
    fn positions_are_written_as_pairs() {
        let p = muscleman_core::GridPos::new(-3, 7);
        let e = SavedEntity {
            id: "1v1".into(),
            tags: vec![],
            position: Some([p.x, p.y]),
            facing: None,
            holding: None,
        };
        let text = serde_json::to_string(&e).unwrap_or_default();
        assert_eq!(text, r#"{"id":"1v1","tags":[],"position":[-3,7]}"#);
    }
}
