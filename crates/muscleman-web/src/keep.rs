//! What the page keeps between visits, in the browser's storage: the
//! terminal's own records through `muscleman-play`, in the same format as
//! its files. The page hands over the text it kept ([`Web::open_progress`])
//! and stores what it is given back ([`Web::progress_text`]); positions
//! are saves (`docs/save-format.md`) under [`Saves::name`], read back by
//! [`Saves::read`] ([`Web::restore`]). Solves are recorded here as they
//! happen ([`crate::record::record_solve`]), and where each collection was left as a
//! level opens.

use muscleman_level::{Collection, Level};
use muscleman_levels::COLLECTIONS;
use muscleman_play::builtin::{par_of, pars, solutions_of};
use muscleman_play::level_rules::why_not;
use muscleman_play::progress::{Progress, Refused, level_key, rules_key, set_key};
use muscleman_play::saves::Saves;
use muscleman_sim::Game;
use serde_json::{Map, Value, json};

use crate::error::WebError;
use crate::record::record;
use crate::session::{Place, Web};

/// The most bytes of a kept record the page hands over: the progress
/// file's own cap.
pub const MAX_PROGRESS_BYTES: usize = 16 * 1024 * 1024;

impl Web {
    /// Open the progress the page kept (the text of a progress file, empty
    /// when none). Answer `{"keep", "aside", "warning"}`: `keep` whether
    /// the page may store the progress back (not over a newer
    /// muscleman's), `aside` the suffix to keep a refused record under
    /// (`corrupt`, `rules-2`) before starting afresh, and `warning` what to
    /// tell the player (`{"short", "detail"}`), or `null`.
    pub fn open_progress(&mut self, text: &[u8]) -> Result<Value, WebError> {
        if text.iter().all(u8::is_ascii_whitespace) {
            self.progress = Some(Progress::in_memory());
            return Ok(json!({ "keep": true, "aside": null, "warning": null }));
        }
        if text.len() > MAX_PROGRESS_BYTES {
            self.progress = Some(Progress::in_memory());
            return Ok(json!({
                "keep": true,
                "aside": "corrupt",
                "warning": warning(
                    "Progress kept here was too large: kept aside, started afresh",
                    format!(
                        "the progress kept in this browser was larger than \
                         {MAX_PROGRESS_BYTES} bytes; kept it aside and started afresh"
                    ),
                ),
            }));
        }
        let answer = match Progress::from_text(text) {
            Ok((progress, migrated)) => {
                self.progress = Some(progress);
                let note = migrated.then(|| {
                    warning(
                        "Progress of rule book 1 kept for levels without water",
                        "the progress kept in this browser was written under rule book 1; \
                         its records now count under Muscleman rules, for levels without water",
                    )
                });
                json!({ "keep": true, "aside": null, "warning": note })
            }
            Err(refused) => {
                self.progress = Some(Progress::in_memory());
                let newer = matches!(refused, Refused::Newer(_));
                let short = match &refused {
                    Refused::Newer(_) => "Progress here is from a newer muscleman: not kept",
                    Refused::OlderRules(_) => "Old progress kept aside: started afresh",
                    Refused::Corrupt(_) => "Progress kept here was corrupt: kept aside",
                };
                let detail = if newer {
                    format!(
                        "the progress kept in this browser was {refused}; left it as it is; \
                         progress will not be kept"
                    )
                } else {
                    format!(
                        "the progress kept in this browser was {refused}; kept it aside and \
                         started afresh"
                    )
                };
                json!({
                    "keep": !newer,
                    "aside": (!newer).then(|| refused.suffix()),
                    "warning": warning(short, detail),
                })
            }
        };
        Ok(answer)
    }

    /// Answer with the progress as the text of a progress file, for the
    /// page to store.
    pub fn progress_text(&self) -> Result<Value, WebError> {
        let text = match &self.progress {
            Some(p) => p.to_text(),
            None => Progress::in_memory().to_text(),
        };
        text.map(Value::String).map_err(WebError::new)
    }

    /// Play under Sokoban's rules (`true`) or Muscleman's; the level
    /// loaded starts again under them. Answer with the rules' key.
    pub fn set_rules(&mut self, sokoban: bool) -> Result<Value, WebError> {
        self.sokoban = sokoban;
        Ok(json!(rules_key(self.rules())))
    }

    /// Answer with the built-in collections' records under the rules in
    /// use: `{"rules", "where": {"collection", "number"} | null,
    /// "collections": [{"id", "solved", "levels": [{"number", "par",
    /// "solved", "best_moves", "best_pushes", "why_not", "save_name"}]}]}`,
    /// `where` the level last played in the collection played last.
    pub fn levels(&self) -> Result<Value, WebError> {
        let rules = self.rules();
        let empty = Progress::in_memory();
        let progress = self.progress.as_ref().unwrap_or(&empty);
        let mut all = Vec::with_capacity(COLLECTIONS.len());
        let mut left = Value::Null;
        let last = progress.last_collection(rules);
        for (c, builtin) in COLLECTIONS.iter().enumerate() {
            let collection =
                Collection::parse(builtin.levels).map_err(|e| WebError::of_parse(&e))?;
            let set = set_key(&collection.levels);
            if last == Some(set.as_str())
                && let Some(key) = progress.last_played(&set, rules)
                && let Some(i) = collection.levels.iter().position(|l| level_key(l) == key)
            {
                left = json!({ "collection": c, "number": i + 1 });
            }
            let pars = pars(builtin, &collection.levels);
            let levels: Vec<Value> = collection
                .levels
                .iter()
                .zip(pars)
                .enumerate()
                .map(|(i, (level, par))| {
                    let record = progress.get(level, rules).unwrap_or_default();
                    json!({
                        "number": i + 1,
                        "par": par,
                        "solved": record.solved,
                        "best_moves": record.best_moves,
                        "best_pushes": record.best_pushes,
                        "why_not": why_not(level, rules),
                        "save_name": Saves::name(level, rules),
                    })
                })
                .collect();
            all.push(json!({
                "id": builtin.id,
                "solved": progress.solved_count(&collection.levels, rules),
                "levels": levels,
            }));
        }
        Ok(json!({ "rules": rules_key(rules), "where": left, "collections": all }))
    }

    /// Put back the kept position `text` (a save) of the level loaded:
    /// answer with the state, or why the save is not this level's position
    /// (the level stays at its start; the page keeps the save aside).
    pub fn restore(&mut self, text: &[u8]) -> Result<Value, WebError> {
        let Some((game, _, _)) = self.game.as_mut() else {
            return Err(WebError::new("no level is loaded"));
        };
        let read = std::str::from_utf8(text)
            .map_err(|_| "not UTF-8 text".to_owned())
            .and_then(|text| Saves::read(text, game.level(), game.rules()));
        match read {
            Ok(kept) => *game = kept,
            Err(problem) => {
                return Err(WebError::new(format!(
                    "the saved position of this level could not be loaded ({problem}); \
                     kept it aside and started the level afresh"
                )));
            }
        }
        self.state()
    }

    /// Remember `level` of the built-in set `set` as where the player is.
    pub(crate) fn left_at(&mut self, set: &str, level: &Level) {
        let rules = self.rules();
        let progress = self.progress.get_or_insert_with(Progress::in_memory);
        // In memory (no file): these never fail.
        let _ = progress.set_last_played(set, rules, level);
        let _ = progress.set_last_collection(rules, set);
    }

    /// Add what the page keeps of the game to its state: `rules`,
    /// `save_name` (the key its position is kept under), `history` (its
    /// commands: none, and nothing need be kept), `par` (a built-in
    /// level's), `best` (`{"solved", "best_moves", "best_pushes"}` or
    /// `null`) and `why_not` (why the rules in use cannot solve it).
    pub(crate) fn kept(&self, game: &Game, place: &Place, map: &mut Map<String, Value>) {
        let (level, rules) = (game.level(), game.rules());
        let par = place
            .collection
            .and_then(muscleman_play::builtin::find)
            .and_then(|c| {
                let solutions = solutions_of(c);
                let (_, text) = solutions.iter().find(|(n, _)| *n == place.number)?;
                c.pars.then(|| par_of(level, text)).flatten()
            });
        let best = self.progress.as_ref().and_then(|p| p.get(level, rules));
        map.insert("rules".to_owned(), json!(rules_key(rules)));
        map.insert("save_name".to_owned(), json!(Saves::name(level, rules)));
        map.insert("history".to_owned(), json!(game.commands().len()));
        map.insert("par".to_owned(), json!(par));
        map.insert("best".to_owned(), best.map_or(Value::Null, record));
        map.insert("why_not".to_owned(), json!(why_not(level, rules)));
    }
}

/// A warning for the page: a short line and the whole story.
fn warning(short: impl Into<String>, detail: impl Into<String>) -> Value {
    json!({ "short": short.into(), "detail": detail.into() })
}
