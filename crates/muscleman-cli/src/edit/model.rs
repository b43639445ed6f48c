//! The editor's state as plain data, with no terminal: the level, the
//! floor and cell under the cursor, the brush, the undo history and the
//! level's diagnostics. Every edit goes through the level crate's checked
//! edits, so a cell the rules refuse is never made: the edit says why.

use muscleman_core::{EntityRecipe, EntitySpec, GridDir, GridPos};
use muscleman_level::Level;

use super::brushes::{Brush, palette};
use crate::diagnose::{Diagnostic, Severity, count, diagnose};

/// A level as it was before an edit, to undo to.
#[derive(Clone, Debug)]
struct Snapshot {
    level: Level,
    floor: usize,
    cursor: GridPos,
}

/// The editor: a level being edited, with its cursor, brush and history.
#[derive(Debug)]
pub struct Editor {
    pub(super) level: Level,
    /// The floor shown, from 1.
    pub(super) floor: usize,
    /// The cell under the cursor, on `floor`.
    cursor: GridPos,
    /// Every brush, and the one in hand.
    brushes: Vec<Brush>,
    brush: usize,
    /// The corner of the rectangle being marked, if any.
    pub(super) mark: Option<GridPos>,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// A mouse drag in progress: its edits are one undo step.
    stroke: bool,
    diagnostics: Vec<Diagnostic>,
    /// Counts changes to the level, to know when it changed.
    revision: u64,
    /// The revision last saved.
    saved: u64,
}

impl Editor {
    /// Edit `level`, the cursor on its player (or its top-left cell), the
    /// brush a wall.
    pub fn new(level: Level) -> Editor {
        let brushes = palette();
        let wall = Brush::Thing(EntitySpec::new(EntityRecipe::WallStrong));
        let brush = brushes.iter().position(|b| *b == wall).unwrap_or(0);
        let floor = level.player_floor().unwrap_or(1);
        let cursor = level.player().unwrap_or(GridPos::ZERO);
        let mut editor = Editor {
            level,
            floor,
            cursor,
            brushes,
            brush,
            mark: None,
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: false,
            diagnostics: Vec::new(),
            revision: 0,
            saved: 0,
        };
        editor.diagnostics = diagnose(&editor.level);
        editor
    }

    /// Return the level as it stands.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Return the floor shown, from 1.
    pub fn floor(&self) -> usize {
        self.floor
    }

    /// Return the cell under the cursor.
    pub fn cursor(&self) -> GridPos {
        self.cursor
    }

    /// Return the rectangle's first corner, if one is marked.
    pub fn mark(&self) -> Option<GridPos> {
        self.mark
    }

    /// Return every brush.
    pub fn brushes(&self) -> &[Brush] {
        &self.brushes
    }

    /// Return the index of the brush in hand.
    pub fn brush_index(&self) -> usize {
        self.brush
    }

    /// Return the brush in hand.
    pub fn brush(&self) -> Brush {
        self.brushes
            .get(self.brush)
            .copied()
            .unwrap_or(Brush::Erase)
    }

    /// Return the level's diagnostics.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Return the errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> + '_ {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// Return how many changes the level has had: it changed when this did.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Return whether the level changed since it was last saved.
    pub fn is_dirty(&self) -> bool {
        self.revision != self.saved
    }

    /// Note the level as it stands as saved.
    pub fn mark_saved(&mut self) {
        self.saved = self.revision;
    }

    /// Count the level as unsaved (it is only in memory).
    pub fn force_dirty(&mut self) {
        self.saved = self.revision.wrapping_sub(1);
    }

    /// Return how many edits undo can take back, and redo put back.
    pub fn history_len(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Return the size of the floor shown.
    pub fn size(&self) -> (usize, usize) {
        self.level
            .floor(self.floor)
            .map_or((0, 0), |f| (f.width(), f.height()))
    }

    /// Return what the cell under the cursor holds.
    pub fn cell(&self) -> &[EntitySpec] {
        self.level
            .floor(self.floor)
            .map_or(&[], |f| f.cell(self.cursor))
    }

    /// Move the cursor one cell, staying on the floor.
    pub fn move_cursor(&mut self, dir: GridDir) {
        let next = self.cursor.step(dir);
        if self
            .level
            .floor(self.floor)
            .is_some_and(|f| f.contains(next))
        {
            self.cursor = next;
        }
    }

    /// Put the cursor on `at`, if it is on the floor.
    pub fn set_cursor(&mut self, at: GridPos) -> bool {
        let inside = self.level.floor(self.floor).is_some_and(|f| f.contains(at));
        if inside {
            self.cursor = at;
        }
        inside
    }

    /// Take brush `index` of the palette.
    pub fn choose_brush(&mut self, index: usize) {
        if index < self.brushes.len() {
            self.brush = index;
        }
    }

    /// Take the next (or, with `back`, the previous) brush.
    pub fn cycle_brush(&mut self, back: bool) {
        let n = self.brushes.len().max(1);
        self.brush = if back {
            (self.brush + n - 1) % n
        } else {
            (self.brush + 1) % n
        };
    }

    /// Start (or, when one is marked, drop) the rectangle's first corner at the cursor.
    pub fn toggle_mark(&mut self) {
        self.mark = match self.mark {
            Some(_) => None,
            None => Some(self.cursor),
        };
    }

    /// Keep the level as it is for undo, unless a drag already did.
    fn checkpoint(&mut self) {
        if self.stroke && !self.undo.is_empty() {
            return;
        }
        self.undo.push(Snapshot {
            level: self.level.clone(),
            floor: self.floor,
            cursor: self.cursor,
        });
        self.redo.clear();
    }

    /// Note a change made after [`Editor::checkpoint`].
    fn changed(&mut self) {
        self.revision += 1;
        self.diagnostics = diagnose(&self.level);
    }

    /// Drop the checkpoint of an edit that changed nothing.
    fn unchanged(&mut self, before: usize) {
        if self.undo.len() > before {
            self.undo.pop();
        }
    }

    /// Start a mouse drag: its edits make one undo step.
    pub fn begin_stroke(&mut self) {
        self.stroke = false;
        self.checkpoint();
        self.stroke = true;
    }

    /// End a mouse drag.
    pub fn end_stroke(&mut self) {
        if self.stroke && self.undo.last().is_some_and(|s| s.level == self.level) {
            self.undo.pop();
        }
        self.stroke = false;
    }

    /// Paint the brush at `at` of the floor shown: `Ok` with what was
    /// done, or why the rules refuse it. Not an undo step of its own.
    fn paint_at(&mut self, at: GridPos, brush: Brush) -> Result<String, String> {
        let floor = self.floor;
        let cell: Vec<EntitySpec> = self
            .level
            .floor(floor)
            .map(|f| f.cell(at).to_vec())
            .unwrap_or_default();
        let spec = match brush {
            Brush::Erase => {
                if cell.is_empty() {
                    return Ok(String::new());
                }
                self.level
                    .set_cell_on(floor, at, std::iter::empty::<EntitySpec>())
                    .map_err(|e| e.to_string())?;
                return Ok("cleared".to_owned());
            }
            Brush::Thing(spec) => spec,
        };
        if cell.contains(&spec) {
            return Ok(String::new());
        }
        // The same recipe in another state or with other contents is replaced.
        let mut new: Vec<EntitySpec> = cell
            .iter()
            .copied()
            .filter(|s| s.recipe != spec.recipe)
            .collect();
        new.push(spec);
        // One player a level: placing it moves it.
        let moved = if spec.recipe == EntityRecipe::Player {
            self.level
                .all_entities()
                .find(|(f, p, s)| s.recipe == EntityRecipe::Player && (*f, *p) != (floor, at))
                .map(|(f, p, _)| (f, p))
        } else {
            None
        };
        let before = self.level.clone();
        if let Some((f, p)) = moved {
            self.level
                .remove_on(f, p, EntityRecipe::Player)
                .map_err(|e| e.to_string())?;
        }
        match self.level.set_cell_on(floor, at, new) {
            Ok(()) => Ok(format!("placed {spec}")),
            Err(e) => {
                self.level = before;
                Err(format!(
                    "{spec} cannot go there: {}",
                    refusal(&e.to_string())
                ))
            }
        }
    }

    /// Paint the brush at the cursor. Return the status line's message.
    pub fn place(&mut self) -> String {
        self.paint(self.cursor)
    }

    /// Paint the brush at `at` (the mouse). Return the status line's message.
    pub fn paint(&mut self, at: GridPos) -> String {
        let before = self.undo.len();
        self.checkpoint();
        match self.paint_at(at, self.brush()) {
            Ok(done) if done.is_empty() => {
                self.unchanged(before);
                String::new()
            }
            Ok(done) => {
                self.changed();
                done
            }
            Err(why) => {
                self.unchanged(before);
                why
            }
        }
    }

    /// Take the thing on top away from the cell under the cursor (a
    /// blocker before what lies under it: a box from its goal), leaving
    /// the rest; again, the next.
    pub fn erase(&mut self) -> String {
        let Some(top) = top_of(self.cell()) else {
            return "nothing to take away: the cell is bare floor".to_owned();
        };
        let before = self.undo.len();
        self.checkpoint();
        match self.level.remove_on(self.floor, self.cursor, top) {
            Ok(true) => {
                self.changed();
                format!("took away {top}")
            }
            Ok(false) => {
                self.unchanged(before);
                String::new()
            }
            Err(e) => {
                self.unchanged(before);
                format!("{top} cannot be taken away: {}", refusal(&e.to_string()))
            }
        }
    }

    /// Take as brush what the cell under the cursor holds (the thing on
    /// top: a blocker before what lies under it); an empty cell gives the
    /// eraser. A thing the palette lacks is added to it.
    pub fn pick(&mut self) -> String {
        let chosen = top_of(self.cell());
        let brush = chosen.map_or(Brush::Erase, Brush::Thing);
        self.brush = match self.brushes.iter().position(|b| *b == brush) {
            Some(i) => i,
            None => {
                self.brushes.push(brush);
                self.brushes.len() - 1
            }
        };
        format!("brush: {}", brush.short())
    }

    /// Paint the brush over the rectangle from the mark to the cursor, one
    /// undo step; cells the rules refuse are left and counted.
    pub fn fill(&mut self) -> String {
        let Some(mark) = self.mark else {
            return "mark a corner first (m), then move to the other and fill (f)".to_owned();
        };
        let before = self.undo.len();
        self.checkpoint();
        let (lo, hi) = (
            GridPos::new(mark.x.min(self.cursor.x), mark.y.min(self.cursor.y)),
            GridPos::new(mark.x.max(self.cursor.x), mark.y.max(self.cursor.y)),
        );
        let (mut done, mut refused, mut why) = (0usize, 0usize, String::new());
        for y in lo.y..=hi.y {
            for x in lo.x..=hi.x {
                match self.paint_at(GridPos::new(x, y), self.brush()) {
                    Ok(d) if !d.is_empty() => done += 1,
                    Ok(_) => {}
                    Err(e) => {
                        refused += 1;
                        if why.is_empty() {
                            why = e;
                        }
                    }
                }
            }
        }
        self.mark = None;
        if done == 0 {
            self.unchanged(before);
        } else {
            self.changed();
        }
        let mut msg = format!(
            "filled {} with {}",
            count(done, "cell", "cells"),
            self.brush().short()
        );
        if refused > 0 {
            msg.push_str(&format!(
                "; {} refused ({why})",
                count(refused, "cell", "cells")
            ));
        }
        msg
    }

    /// Undo the last edit.
    pub fn undo(&mut self) -> String {
        self.stroke = false;
        let Some(s) = self.undo.pop() else {
            return "nothing to undo".to_owned();
        };
        let now = self.swap(s);
        self.redo.push(now);
        self.changed();
        format!("undone ({} more)", self.undo.len())
    }

    /// Redo the last edit undone.
    pub fn redo(&mut self) -> String {
        let Some(s) = self.redo.pop() else {
            return "nothing to redo".to_owned();
        };
        let now = self.swap(s);
        self.undo.push(now);
        self.changed();
        format!("redone ({} more)", self.redo.len())
    }

    /// Put `s` in place; return what was there.
    fn swap(&mut self, s: Snapshot) -> Snapshot {
        let now = Snapshot {
            level: std::mem::replace(&mut self.level, s.level),
            floor: self.floor,
            cursor: self.cursor,
        };
        self.floor = s.floor.clamp(1, self.level.floor_count());
        self.cursor = s.cursor;
        self.clamp_cursor();
        now
    }

    /// Keep the cursor on the floor.
    pub(super) fn clamp_cursor(&mut self) {
        let (w, h) = self.size();
        let last = |n: usize| i32::try_from(n.saturating_sub(1)).unwrap_or(0);
        self.cursor = GridPos::new(
            self.cursor.x.clamp(0, last(w)),
            self.cursor.y.clamp(0, last(h)),
        );
    }

    /// Replace the level by `level`, one undo step (a resize, a floor
    /// added or removed, the title or metadata).
    pub(super) fn replace(&mut self, level: Level, floor: usize) {
        self.checkpoint();
        self.level = level;
        self.floor = floor.clamp(1, self.level.floor_count());
        self.mark = None;
        self.clamp_cursor();
        self.changed();
    }
}

/// Return the thing on top of a cell: a blocker before what lies under it,
/// then anything but a goal or water, then those.
fn top_of(cell: &[EntitySpec]) -> Option<EntitySpec> {
    cell.iter()
        .find(|s| s.class().contains(muscleman_core::CellClass::BLOCKER))
        .or_else(|| {
            cell.iter()
                .find(|s| !matches!(s.recipe, EntityRecipe::Goal | EntityRecipe::WaterCell))
        })
        .or_else(|| cell.first())
        .copied()
}

/// Return a cell rule's refusal without its `the cell at (x, y): ` lead:
/// the status line names the thing and the cursor shows the cell.
fn refusal(message: &str) -> &str {
    match message.split_once(": ") {
        Some((head, rest)) if head.starts_with("the cell at") => rest,
        _ => message,
    }
}
