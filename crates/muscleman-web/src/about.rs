//! What the page shows beside the board, from `muscleman-play` as the
//! terminal does: a level's introduction and help (everything it holds,
//! in its recipes' own words, [`muscleman_play::about`]) and a tap's walk
//! or push, planned on what the board shows ([`muscleman_play::mouse`]).

use muscleman_core::{GridDir, GridPos};
use muscleman_play::about::{
    HandKeys, explained, intro_comment, moves_text, rules_text, thing_name,
};
use muscleman_play::mouse::{push_path, pushable_at, walk_path};
use muscleman_sim::Game;
use serde_json::{Value, json};

use crate::error::WebError;
use crate::session::Web;

/// The page's keys the rules' words name: the terminal's.
const KEYS: HandKeys = HandKeys {
    grab: "g",
    drop: "p",
    swing_left: "[",
    swing_right: "]",
};

impl Web {
    /// Answer with the level's introduction and help: `{"title",
    /// "author", "comment", "rules", "moves", "things": [{"explain",
    /// "names"}]}`: `rules` what the rules in use let the player do and
    /// `moves` what the counters count, in the terminal's words with the
    /// page's keys; `things` the words of each recipe the level holds (as
    /// it began and as it is), then each state's own words, with the names
    /// they explain.
    pub fn about(&self) -> Result<Value, WebError> {
        let (game, title, _) = self
            .game
            .as_ref()
            .ok_or_else(|| WebError::new("no level is loaded"))?;
        let level = game.level();
        let author = level
            .metadata()
            .get("Author")
            .map(str::trim)
            .filter(|a| !a.is_empty());
        let things: Vec<Value> = explained(level, &game.view())
            .iter()
            .map(|e| {
                let names: Vec<String> = e.things.iter().map(|a| thing_name(a, true)).collect();
                json!({ "explain": e.words, "names": names })
            })
            .collect();
        Ok(json!({
            "title": title,
            "author": author,
            "comment": intro_comment(level),
            "rules": rules_text(game.rules(), &KEYS),
            "moves": moves_text(game.rules()),
            "things": things,
        }))
    }

    /// Answer with the level's text (`docs/level-format.md`), as a link
    /// shares it.
    pub fn level_text(&self) -> Result<Value, WebError> {
        let game = self
            .current()
            .ok_or_else(|| WebError::new("no level is loaded"))?;
        Ok(json!(game.level().to_text()))
    }

    /// Answer with the moves of a tap on cell (`x`, `y`) of the player's
    /// floor, as the terminal's mouse plans them on what the board shows:
    /// `{"moves"}`, the shortest walk there (MOVES letters), or, with a
    /// box picked at (`from_x`, `from_y`), the pushes that take it there.
    /// A cell it cannot reach is an error that says why.
    pub fn walk(&self, x: i32, y: i32, from: Option<(i32, i32)>) -> Result<Value, WebError> {
        let game = self
            .current()
            .ok_or_else(|| WebError::new("no level is loaded"))?;
        let to = GridPos::new(x, y);
        let path = match from {
            Some((fx, fy)) => push_to(game, GridPos::new(fx, fy), to),
            None => walk_path(game, to),
        }
        .map_err(WebError::new)?;
        let moves: String = path.into_iter().map(letter).collect();
        Ok(json!({ "moves": moves }))
    }

    /// Answer whether the cell (`x`, `y`) of the player's floor holds a
    /// box a tap may pick to push.
    pub fn pushable(&self, x: i32, y: i32) -> Result<Value, WebError> {
        let game = self
            .current()
            .ok_or_else(|| WebError::new("no level is loaded"))?;
        Ok(json!(pushable_at(game, GridPos::new(x, y)).is_some()))
    }
}

/// The pushes that take the box at `from` to `to`.
fn push_to(game: &Game, from: GridPos, to: GridPos) -> Result<Vec<GridDir>, String> {
    if pushable_at(game, from).is_none() {
        return Err("there is no box to push there".to_owned());
    }
    push_path(game, from, to)
}

/// The MOVES letter of a step.
const fn letter(d: GridDir) -> char {
    match d {
        GridDir::Up => 'u',
        GridDir::Right => 'r',
        GridDir::Down => 'd',
        GridDir::Left => 'l',
    }
}
