//! The gdext layer's view funcs of the `MusclemanGame` node (a second
//! `#[godot_api]` block of the class in `node.rs`): the level's title,
//! intro and help, floors, entities, cells, counters and counts, converted from
//! [`crate::view`]'s plain data.

use godot::prelude::*;

use crate::convert::{cell, cells, dictionaries, direction, grid, size, strings};
use crate::help;
use crate::node::MusclemanGame;
use crate::session::Session;
use crate::signals::entity_int;
use crate::view::ViewData;

#[godot_api(secondary)]
impl MusclemanGame {
    /// Return the level's introduction, to show as it opens: `author`
    /// and `comment` ("" when the level gives none).
    #[func]
    fn intro(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        let intro = self.session.as_ref().map(|s| help::intro(s.game()));
        let (author, comment) = intro.map_or((None, None), |i| (i.author, i.comment));
        d.set("author", author.as_deref().unwrap_or_default());
        d.set("comment", comment.as_deref().unwrap_or_default());
        d
    }

    /// Return a look at cell `at` of floor `floor` (from 1; 0 for the
    /// player's): `place` (`row 2 column 4`, after its floor on a level
    /// of several), `stack` (its whole stack top first, contents
    /// included: `box with red key on water`, `floor` for an empty cell,
    /// `nothing` outside the level) and `things`, top first, each `name`
    /// and `words` (its state's or its recipe's, as the sim declares
    /// them), as the terminal's look says them. Empty without a level.
    #[func]
    fn look_at(&self, floor: i64, at: Vector2i) -> VarDictionary {
        let mut d = VarDictionary::new();
        let Some(session) = self.session.as_ref() else {
            return d;
        };
        let floors = session.floors();
        let floor = if floor == 0 {
            Some(floors.player)
        } else {
            floors.floor(floor)
        };
        let Some(floor) = floor else {
            return d;
        };
        let seen = help::look(session.game(), floor, grid(at));
        d.set("place", seen.place.as_str());
        d.set("stack", seen.stack.as_str());
        let things: Array<VarDictionary> = seen
            .things
            .iter()
            .map(|(name, words)| {
                let mut t = VarDictionary::new();
                t.set("name", name.as_str());
                t.set("words", *words);
                t
            })
            .collect();
        d.set("things", &things);
        d
    }

    /// Return the level's help as it stands (empty without a level):
    /// `goal`, `rules` (what the rules in use let the player do, naming
    /// this project's keys), `moves` (what the counters count) and
    /// `things`, one dictionary per line: `words` (a recipe's or a
    /// state's, as the sim declares them), `glyphs` and `names` (the
    /// things they explain), in the terminal's and the page's words.
    #[func]
    fn help(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        let Some(session) = self.session.as_ref() else {
            return d;
        };
        let help = help::help(session.game());
        d.set("goal", help.goal);
        d.set("rules", help.rules.as_str());
        d.set("moves", help.moves.as_str());
        let things: Array<VarDictionary> = help
            .things
            .iter()
            .map(|t| {
                let mut line = VarDictionary::new();
                line.set("words", t.words);
                let glyphs: Vec<String> = t.things.iter().map(|(g, _)| g.to_string()).collect();
                line.set("glyphs", &strings(glyphs.iter().map(String::as_str)));
                line.set("names", &strings(t.things.iter().map(|(_, n)| n.as_str())));
                line
            })
            .collect();
        d.set("things", &things);
        d
    }

    /// Return the level's title ("" when no level is loaded).
    #[func]
    fn title(&self) -> GString {
        self.session
            .as_ref()
            .map_or_else(GString::new, |s| s.title().into())
    }

    /// Return the top-left cell of the rectangle that holds every entity of
    /// the player's floor.
    #[func]
    fn origin(&self) -> Vector2i {
        self.session
            .as_ref()
            .map_or(Vector2i::ZERO, |s| cell(s.view().origin))
    }

    /// Return that rectangle's size in cells.
    #[func]
    fn size(&self) -> Vector2i {
        self.session
            .as_ref()
            .map_or(Vector2i::ZERO, |s| size(s.view().size))
    }

    /// Return every entity of the player's floor, row by row, as
    /// dictionaries: `id`, `floor`, `cell` (Vector2i, in its floor's
    /// coordinates), `kind`, `name`, `color`, `state`, `counter`, `layer`,
    /// `glyph`, `tint`, `blocks`, `facing` (Vector2i; zero for what has
    /// none), `contents` (what it holds: `kind`, `name`, `color`, `glyph`,
    /// `tint` each), `on_goal`.
    #[func]
    fn entities(&self) -> Array<VarDictionary> {
        self.session
            .as_ref()
            .map_or_else(Array::new, |s| dictionaries(&s.view().pieces))
    }

    /// Return the floor area of the player's floor: the cells the player
    /// reaches without crossing a wall, and the walls beside them, in row
    /// order.
    #[func]
    fn inside(&self) -> Array<Vector2i> {
        self.session
            .as_ref()
            .map_or_else(Array::new, |s| cells(&s.view().inside))
    }

    /// Return the entities in one cell of the player's floor, in id order
    /// (as `entities`).
    #[func]
    fn cell(&self, at: Vector2i) -> Array<VarDictionary> {
        self.session
            .as_ref()
            .map_or_else(Array::new, |s| dictionaries(s.view().cell(grid(at))))
    }

    /// Return the floor the player stands on, from 1 (0 when no level is
    /// loaded).
    #[func]
    fn player_floor(&self) -> i64 {
        self.session
            .as_ref()
            .map_or(0, |s| i64::from(s.floors().player))
    }

    /// Return how many floors the level has (0 when no level is loaded).
    #[func]
    fn floor_count(&self) -> i64 {
        self.session
            .as_ref()
            .map_or(0, |s| i64::from(s.floors().count))
    }

    /// Return the name of floor `floor` (from 1): "" when the level leaves
    /// it unnamed or has no such floor.
    #[func]
    fn floor_name(&self, floor: i64) -> GString {
        let floors = self.session.as_ref().map(Session::floors);
        let name = floors.as_ref().and_then(|f| f.name(f.floor(floor)?));
        name.unwrap_or_default().into()
    }

    /// Return every entity of floor `floor` (from 1), row by row, as
    /// `entities` does (none for a floor the level does not have).
    #[func]
    fn pieces_on(&self, floor: i64) -> Array<VarDictionary> {
        self.view_on(floor)
            .map_or_else(Array::new, |v| dictionaries(&v.pieces))
    }

    /// Return the floor area of floor `floor`, as `inside` does: reached
    /// from the player on its floor, from the stairs on another.
    #[func]
    fn inside_on(&self, floor: i64) -> Array<Vector2i> {
        self.view_on(floor)
            .map_or_else(Array::new, |v| cells(&v.inside))
    }

    /// Return the entities in one cell of floor `floor`, in id order.
    #[func]
    fn cell_on(&self, floor: i64, at: Vector2i) -> Array<VarDictionary> {
        self.view_on(floor)
            .map_or_else(Array::new, |v| dictionaries(v.cell(grid(at))))
    }

    /// Return the top-left cell of the rectangle that holds every floor's
    /// entities, each floor in its own coordinates: draw every floor from
    /// this origin and they line up (the stairs above their pair).
    #[func]
    fn all_floors_origin(&self) -> Vector2i {
        self.session
            .as_ref()
            .map_or(Vector2i::ZERO, |s| cell(s.floors().origin))
    }

    /// Return that rectangle's size in cells.
    #[func]
    fn all_floors_size(&self) -> Vector2i {
        self.session
            .as_ref()
            .map_or(Vector2i::ZERO, |s| size(s.floors().size))
    }

    /// Return the player's id (0 when no level is loaded).
    #[func]
    fn player(&self) -> i64 {
        self.session
            .as_ref()
            .map_or(0, |s| entity_int(s.game().player()))
    }

    /// Return the way the player faces as a unit vector (zero when none).
    #[func]
    fn facing(&self) -> Vector2i {
        direction(self.session.as_ref().and_then(|s| s.view().facing))
    }

    /// Return the id of what the player holds (0 when nothing).
    #[func]
    fn holding(&self) -> i64 {
        let held = self.session.as_ref().and_then(|s| s.view().holding);
        held.map_or(0, entity_int)
    }

    /// Return every counter by name (`"coins"`, `"apples_eaten"`, ...).
    #[func]
    fn counters(&self) -> VarDictionary {
        let mut dict = VarDictionary::new();
        if let Some(s) = &self.session {
            for (name, n) in s.view().counters {
                dict.set(name, i64::try_from(n).unwrap_or(i64::MAX));
            }
        }
        dict
    }

    /// Return whether every goal holds a box.
    #[func]
    fn is_solved(&self) -> bool {
        self.session.as_ref().is_some_and(Session::is_solved)
    }

    /// Return the steps in which the player moved.
    #[func]
    fn moves(&self) -> i64 {
        self.session.as_ref().map_or(0, |s| s.stats().moves.into())
    }

    /// Return the steps in which the player pushed.
    #[func]
    fn pushes(&self) -> i64 {
        self.session.as_ref().map_or(0, |s| s.stats().pushes.into())
    }

    /// Return how many steps `undo` can take back.
    #[func]
    fn undo_depth(&self) -> i64 {
        self.depth(|s| s.game().undo_depth())
    }

    /// Return how many steps `redo` can replay.
    #[func]
    fn redo_depth(&self) -> i64 {
        self.depth(|s| s.game().redo_depth())
    }
}

impl MusclemanGame {
    /// Return the view of floor `floor` (from 1), or `None` without a
    /// level or for a floor the level does not have.
    pub(crate) fn view_on(&self, floor: i64) -> Option<ViewData> {
        let session = self.session.as_ref()?;
        Some(session.view_on(session.floors().floor(floor)?))
    }

    pub(crate) fn depth(&self, of: impl Fn(&Session) -> usize) -> i64 {
        self.session
            .as_ref()
            .map_or(0, |s| i64::try_from(of(s)).unwrap_or(i64::MAX))
    }
}
