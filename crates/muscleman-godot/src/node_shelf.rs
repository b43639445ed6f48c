//! The gdext layer's collection and progress funcs of the `MusclemanGame`
//! node (a second `#[godot_api]` block of the class in `node.rs`): the
//! built-in collections and their level lists, a level started where it
//! was left, the progress kept in a folder (Godot's `user://`), the par,
//! the record and the Solved banner's lines. [`crate::shelf`] decides
//! everything; this converts.

use godot::prelude::*;

use crate::convert::strings;
use crate::error::AdapterError;
use crate::files::file_bytes;
use crate::node::MusclemanGame;
use crate::shelf::{Shelf, solved_lines};

#[godot_api(secondary)]
impl MusclemanGame {
    /// Keep progress from now on in the folder `dir`, a plain path
    /// (`ProjectSettings.globalize_path("user://")` for Godot's user folder): `progress.json` and `saves/`, in the terminal's own
    /// formats, each written whole to a temporary file then renamed.
    /// Return what the player should be told of the file (a corrupt one,
    /// or one of another rule book, is moved aside and play starts
    /// afresh; one of a newer muscleman is left alone and nothing is
    /// kept): a short line each, none when all is well.
    #[func]
    fn open_progress(&mut self, dir: GString) -> PackedStringArray {
        let path = dir.to_string();
        let Some(shelf) = self.shelf_mut() else {
            return PackedStringArray::new();
        };
        let warnings = shelf.open(std::path::Path::new(&path));
        for w in &warnings {
            godot_warn!("{}", w.detail);
        }
        strings(warnings.iter().map(|w| w.short.as_str()))
    }

    /// Return the collections' ids, in the order offered: the built-in
    /// ones' (`muscleman`, `combinations`), then each level file's path
    /// (`open_level_file`).
    #[func]
    fn collection_ids(&mut self) -> PackedStringArray {
        self.shelf_mut()
            .map_or_else(PackedStringArray::new, |s| strings(s.ids()))
    }

    /// Return the collections' names, as a picker shows them
    /// (`Muscleman`, `Combinations`, then each level file's name).
    #[func]
    fn collection_names(&mut self) -> PackedStringArray {
        self.shelf_mut()
            .map_or_else(PackedStringArray::new, |s| strings(s.names()))
    }

    /// Open the level file at `path` (`res://`, `user://` or a plain
    /// path) as a collection of its own, after the others, read as the
    /// terminal reads one (the same size cap, every level checked
    /// playable), and return its number (from 0; the one opened before
    /// when it holds the same levels). Return -1 when it does not read:
    /// `last_error` then says why in the terminal's words, every parse
    /// error placed (`bad.txt:3:4: ...`).
    #[func]
    fn open_level_file(&mut self, path: GString) -> i64 {
        let rules = self.rules();
        let name = path.get_file().to_string();
        let godot_path = path.to_string();
        let opened = file_bytes(&path).and_then(|bytes| {
            self.shelf_mut()
                .ok_or_else(|| "the built-in levels do not read".to_owned())
                .and_then(|s| s.open_text(&godot_path, &name, &bytes, rules))
        });
        match opened {
            Ok(c) => {
                self.last_error.clear();
                i64::try_from(c).unwrap_or(-1)
            }
            Err(e) => {
                self.last_error = e;
                -1
            }
        }
    }

    /// Return the level list of collection `collection` (from 0) under
    /// the rules in use, one dictionary per level: `title`, `par` (null
    /// when the collection sets none), `solved`, `best_moves` and
    /// `best_pushes` (null until solved), `why_not` (why the rules in use
    /// cannot play it; "" when they can).
    #[func]
    fn level_list(&mut self, collection: i64) -> Array<VarDictionary> {
        let rules = self.rules();
        let (Some(shelf), Ok(c)) = (self.shelf_mut(), usize::try_from(collection)) else {
            return Array::new();
        };
        shelf
            .rows(c, rules)
            .iter()
            .map(|row| {
                let mut d = VarDictionary::new();
                d.set("title", row.title.as_str());
                d.set("par", &optional(row.par));
                d.set("solved", row.record.solved);
                d.set("best_moves", &optional(row.record.best_moves));
                d.set("best_pushes", &optional(row.record.best_pushes));
                d.set("why_not", row.why_not.as_deref().unwrap_or_default());
                d
            })
            .collect()
    }

    /// Return how many levels of collection `collection` were solved
    /// under the rules in use.
    #[func]
    fn solved_count(&mut self, collection: i64) -> i64 {
        let rules = self.rules();
        let (Some(shelf), Ok(c)) = (self.shelf_mut(), usize::try_from(collection)) else {
            return 0;
        };
        i64::try_from(shelf.solved_count(c, rules)).unwrap_or(i64::MAX)
    }

    /// Start level `number` of collection `collection` (both from 0) at
    /// the position it was left in (undo history included), and remember
    /// it as where the player is. Return false (see `last_error`) and keep
    /// the current game when there is no such level. A kept position that
    /// does not load is moved aside and the level starts afresh (see
    /// `progress_warning`).
    #[func]
    fn load_collection_level(&mut self, collection: i64, number: i64) -> bool {
        let rules = self.rules();
        let (Ok(c), Ok(n)) = (usize::try_from(collection), usize::try_from(number)) else {
            return self.start(Err(AdapterError::NegativeLevel(number.min(collection))));
        };
        let Some(shelf) = self.shelf_mut() else {
            return false;
        };
        let (session, warning) = match shelf.start(c, n, rules) {
            Ok(started) => started,
            Err(e) => return self.start(Err(e)),
        };
        let started = self.start(Ok(session));
        self.place = Some((c, n));
        self.warning = warning.unwrap_or_default();
        started
    }

    /// Return where the player left off under the rules in use: the
    /// collection and level (from 0), or (-1, -1) when not known.
    #[func]
    fn where_left(&mut self) -> Vector2i {
        let rules = self.rules();
        let left = self.shelf_mut().and_then(|s| s.where_left(rules));
        left.and_then(|(c, n)| Some(Vector2i::new(c.try_into().ok()?, n.try_into().ok()?)))
            .unwrap_or(Vector2i::new(-1, -1))
    }

    /// Return the level (from 0) last played in collection `collection`
    /// under the rules in use, or -1 when not known.
    #[func]
    fn left_in(&mut self, collection: i64) -> i64 {
        let rules = self.rules();
        let (Some(shelf), Ok(c)) = (self.shelf_mut(), usize::try_from(collection)) else {
            return -1;
        };
        shelf
            .left_in(c, rules)
            .and_then(|n| i64::try_from(n).ok())
            .unwrap_or(-1)
    }

    /// Return the collection playing (from 0), or -1 for a level not
    /// started from a collection.
    #[func]
    fn collection(&self) -> i64 {
        self.place
            .and_then(|(c, _)| i64::try_from(c).ok())
            .unwrap_or(-1)
    }

    /// Return the par of the level playing, or null when it has none.
    #[func]
    fn par(&self) -> Variant {
        optional(self.current_par())
    }

    /// Return the record of the level playing under the rules in use:
    /// `solved`, `best_moves`, `best_pushes` (null until solved).
    #[func]
    fn record(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        let record = self.current_record();
        d.set("solved", record.solved);
        d.set("best_moves", &optional(record.best_moves));
        d.set("best_pushes", &optional(record.best_pushes));
        d
    }

    /// Return the Solved banner's lines (none while the level is not
    /// solved): `Solved!`, the moves and pushes, the par's verdict, what
    /// the solve improved, the best so far.
    #[func]
    fn solved_lines(&self) -> PackedStringArray {
        let Some(session) = self.session.as_ref().filter(|s| s.is_solved()) else {
            return PackedStringArray::new();
        };
        let lines = solved_lines(
            session.stats(),
            self.current_par(),
            self.improvement,
            self.current_record(),
        );
        strings(lines.iter().map(String::as_str))
    }

    /// Return what the player should know of the progress kept since the
    /// level opened (a kept position that did not load, a file not
    /// written), or "".
    #[func]
    fn progress_warning(&self) -> GString {
        self.warning.as_str().into()
    }
}

impl MusclemanGame {
    /// Return the collections and progress, read on first use (`None`,
    /// with an error printed, when the built-in levels do not read).
    pub(crate) fn shelf_mut(&mut self) -> Option<&mut Shelf> {
        if self.shelf.is_none() {
            match Shelf::in_memory() {
                Ok(shelf) => self.shelf = Some(shelf),
                Err(e) => godot_error!("the built-in levels do not read: {e}"),
            }
        }
        self.shelf.as_mut()
    }

    /// Keep the position of the level playing, and record its solve when
    /// `solved_now`: the terminal's own records (`muscleman-play`).
    pub(crate) fn kept_after(&mut self, solved_now: bool) {
        let (Some(shelf), Some(session)) = (self.shelf.as_mut(), self.session.as_ref()) else {
            return;
        };
        let mut problem = None;
        if solved_now {
            match shelf.record_solve(session.game()) {
                Ok(improved) => self.improvement = Some(improved),
                Err(e) => problem = Some(e),
            }
        }
        if let Err(e) = shelf.keep(session.game()) {
            problem.get_or_insert(e);
        }
        if let Some(e) = problem {
            godot_warn!("{e}");
            self.warning = e;
        }
    }

    /// Keep the position of the level playing (before another opens).
    pub(crate) fn keep_position(&mut self) {
        if let (Some(shelf), Some(session)) = (self.shelf.as_mut(), self.session.as_ref())
            && let Err(e) = shelf.keep(session.game())
        {
            godot_warn!("{e}");
        }
    }

    fn current_par(&self) -> Option<u32> {
        let (c, n) = self.place?;
        self.shelf.as_ref()?.par(c, n, self.rules())
    }

    fn current_record(&self) -> muscleman_play::progress::LevelRecord {
        match (self.shelf.as_ref(), self.session.as_ref()) {
            (Some(shelf), Some(s)) => shelf.record(s.game().level(), s.game().rules()),
            _ => Default::default(),
        }
    }
}

/// Return a count as a Godot value: null for none.
fn optional(n: Option<u32>) -> Variant {
    n.map_or_else(Variant::nil, |n| i64::from(n).to_variant())
}
