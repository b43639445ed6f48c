//! The page's one game: load a built-in level, level text or a save, play
//! MOVES letters (steps, undo, redo, restart), and answer with the state
//! and each step's events as JSON. Everything the ABI exports is a method
//! here, in safe Rust, tested natively.

use muscleman_level::{Collection, Level, MAX_INPUT_BYTES};
use muscleman_levels::COLLECTIONS;
use muscleman_play::progress::{Progress, set_key};
use muscleman_sim::{Command, Game, LevelLoadError, Rules};
use serde_json::{Value, json};

use crate::error::{Positioned, WebError};
use crate::json::{event, state};

/// Where the game's level came from: a built-in collection's level, or
/// level text the page gave (a collection of `count` levels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    /// The built-in collection's id (`"muscleman"`), `None` for text.
    pub(crate) collection: Option<&'static str>,
    /// The level's number in its collection, from 1.
    pub(crate) number: usize,
    /// How many levels the collection has.
    pub(crate) count: usize,
    /// The set key of the levels it is one of ([`muscleman_play::progress::set_key`]).
    pub(crate) set: String,
}

/// The page's game, if one is loaded.
#[derive(Debug, Default)]
pub struct Web {
    pub(crate) game: Option<(Game, String, Place)>,
    /// What the page keeps ([`crate::keep`]): `None` until the page opens
    /// its record, then progress in memory that the page stores.
    pub(crate) progress: Option<Progress>,
    /// The rules levels are played under: Muscleman's unless the page
    /// chooses Sokoban's.
    pub(crate) sokoban: bool,
}

impl Web {
    /// No game loaded yet.
    pub const fn new() -> Web {
        Web {
            game: None,
            progress: None,
            sokoban: false,
        }
    }

    /// Return the rules levels are played under.
    pub fn rules(&self) -> Rules {
        if self.sokoban {
            Rules::SOKOBAN
        } else {
            Rules::MUSCLEMAN
        }
    }

    /// Load level `number` (from 1) of built-in collection `collection`
    /// (from 0, in [`COLLECTIONS`] order); answer with the state.
    pub fn load_builtin(&mut self, collection: usize, number: usize) -> Result<Value, WebError> {
        let builtin = COLLECTIONS.get(collection).ok_or_else(|| {
            WebError::new(format!(
                "there is no built-in collection {collection}; there are {} (0 to {})",
                COLLECTIONS.len(),
                COLLECTIONS.len().saturating_sub(1)
            ))
        })?;
        let levels = Collection::parse(builtin.levels).map_err(|e| WebError::of_parse(&e))?;
        self.load(&levels, number, Some(builtin.id))
    }

    /// Load level `number` (from 1) of level text (one level or a
    /// collection, `docs/level-format.md`); answer with the state, or with
    /// every error of the text at its line and column.
    pub fn load_text(&mut self, text: &[u8], number: usize) -> Result<Value, WebError> {
        let levels = Collection::parse_bytes(text).map_err(|e| WebError::of_parse(&e))?;
        self.load(&levels, number, None)
    }

    fn load(
        &mut self,
        levels: &Collection,
        number: usize,
        collection: Option<&'static str>,
    ) -> Result<Value, WebError> {
        let count = levels.levels.len();
        let level = number
            .checked_sub(1)
            .and_then(|i| levels.levels.get(i))
            .ok_or_else(|| {
                WebError::new(format!(
                    "there is no level {number}: the collection has {count} {}, numbered from 1",
                    if count == 1 { "level" } else { "levels" }
                ))
            })?;
        let game = Game::new(level, self.rules()).map_err(|e| load_error(level, &e))?;
        let title = title_of(level, number);
        let place = Place {
            collection,
            number,
            count,
            set: set_key(&levels.levels),
        };
        if collection.is_some() {
            self.left_at(&place.set, level);
        }
        self.game = Some((game, title, place));
        self.state()
    }

    /// Load a save (`docs/save-format.md`); answer with the state.
    pub fn load_save(&mut self, text: &[u8]) -> Result<Value, WebError> {
        let text = std::str::from_utf8(text).map_err(|e| {
            WebError::new(format!(
                "the save is not UTF-8 text (at byte {})",
                e.valid_up_to()
            ))
        })?;
        let game =
            Game::load(text).map_err(|e| WebError::new(format!("the save does not load: {e}")))?;
        let title = title_of(game.level(), 1);
        let place = Place {
            collection: None,
            number: 1,
            count: 1,
            set: set_key(std::slice::from_ref(game.level())),
        };
        self.game = Some((game, title, place));
        self.state()
    }

    fn game(&self) -> Result<&(Game, String, Place), WebError> {
        self.game
            .as_ref()
            .ok_or_else(|| WebError::new("no level is loaded"))
    }

    /// Answer with the state: the level's title, collection and number,
    /// then the fields of [`crate::json::state`].
    pub fn state(&self) -> Result<Value, WebError> {
        let (game, title, place) = self.game()?;
        let mut value = state(game);
        if let Some(map) = value.as_object_mut() {
            map.insert("title".to_owned(), json!(title));
            map.insert("collection".to_owned(), json!(place.collection));
            map.insert("number".to_owned(), json!(place.number));
            map.insert("count".to_owned(), json!(place.count));
            self.kept(game, place, map);
        }
        Ok(value)
    }

    /// Play a MOVES string (rules.md §7 letters: `udlr` move, upper case
    /// too, `w` wait, `g` grab, `p` drop, `[` `]` swing, `z` undo, `y`
    /// redo, `!` restart; spaces and line breaks skipped) command by
    /// command. A letter that is no command is refused before anything
    /// runs. Answer with each command's letter, action, events and whether
    /// it solved the level, then the state.
    pub fn play(&mut self, moves: &[u8]) -> Result<Value, WebError> {
        let text = std::str::from_utf8(moves).map_err(|e| {
            WebError::new(format!(
                "the moves are not UTF-8 (at byte {})",
                e.valid_up_to()
            ))
        })?;
        let commands = commands_of(text)?;
        let (game, _, _) = self
            .game
            .as_mut()
            .ok_or_else(|| WebError::new("no level is loaded"))?;
        let mut steps = Vec::with_capacity(commands.len());
        let mut record = Value::Null;
        for (n, command) in commands.into_iter().enumerate() {
            let was_solved = game.is_solved();
            let events = game.apply(command).map_err(|e| {
                WebError::new(format!(
                    "command {} ({}) failed in the sim: {e}",
                    n + 1,
                    command.action()
                ))
            })?;
            let events: Vec<Value> = events.iter().map(event).collect();
            let sounds = crate::record::sounds_of(&events);
            let now_solved = !was_solved && game.is_solved();
            if now_solved {
                // Recorded as the position it was solved at (a later
                // letter may undo it).
                record = crate::record::record_solve(&mut self.progress, game);
            }
            steps.push(json!({
                "letter": command.letter().to_string(),
                "action": command.action(),
                "events": events,
                "sounds": sounds,
                "solved": now_solved,
            }));
        }
        Ok(json!({ "steps": steps, "record": record, "state": self.state()? }))
    }

    /// Answer with the game as a save (`docs/save-format.md`), text.
    pub fn save(&self) -> Result<Value, WebError> {
        let (game, _, _) = self.game()?;
        Ok(json!(game.save()))
    }

    /// Answer with a hint from the game's position: the solver, with no
    /// clock, expanding at most `positions` positions ([`crate::hint`]).
    pub fn hint(&self, positions: u64) -> Result<Value, WebError> {
        let (game, _, _) = self.game()?;
        crate::hint::hint(game, positions)
    }

    /// Return the game, if one is loaded.
    pub fn current(&self) -> Option<&Game> {
        self.game.as_ref().map(|(g, _, _)| g)
    }
}

/// Return the commands of a MOVES string, or which letter is none.
fn commands_of(text: &str) -> Result<Vec<Command>, WebError> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(at, c)| {
            Command::from_letter(c).ok_or_else(|| {
                WebError::new(format!(
                    "{c:?} (character {}) is no move letter: udlr or UDLR move, w waits, g grabs, \
                     p drops, [ and ] swing, z undoes, y redoes, ! restarts",
                    at + 1
                ))
            })
        })
        .collect()
}

/// Return a level's title, or `Level N` for one without.
fn title_of(level: &Level, number: usize) -> String {
    level
        .title()
        .map_or_else(|| format!("Level {number}"), str::to_owned)
}

/// A level the sim refuses to load, at the cell it names where it names
/// one that was read from text.
pub(crate) fn load_error(level: &Level, e: &LevelLoadError) -> WebError {
    let message = format!("the level cannot be played: {e}");
    let at = match e {
        LevelLoadError::NotSupported { at, floor, .. } => {
            level.floor(*floor).and_then(|f| f.source_position(*at))
        }
        _ => None,
    };
    WebError {
        errors: at
            .map(|(line, column)| Positioned {
                line,
                column,
                message: message.clone(),
            })
            .into_iter()
            .collect(),
        message,
    }
}

/// The most bytes of text the page may hand over at once: the level
/// reader's own limit ([`MAX_INPUT_BYTES`]), which also bounds saves and
/// MOVES strings here.
pub const MAX_TEXT_BYTES: usize = MAX_INPUT_BYTES;
