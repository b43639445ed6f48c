//! The editor's screen state and key handling, with no terminal: the model
//! ([`Editor`]) and the file ([`Document`]), what covers the board (the
//! palette, a prompt, a question, the help, test play), the status line
//! and the live verdict. Keys go in through [`EditApp::handle_key`];
//! `ui.rs` draws it.

use std::cell::Cell;
use std::time::Duration;

use muscleman_level::Level;
use muscleman_sim::Rules;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use super::document::Document;
use super::keys::{EditAction, action_for};
use super::model::Editor;
use super::shape::walled_room;
use crate::play::{App, BoardMap};
use crate::progress::Progress;
use crate::verdict::{Verdict, Verdicts};

/// What a prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The floor's size, `WxH`.
    Size,
    /// The title.
    Title,
    /// A `Key: value` line.
    Metadata,
    /// The floor's name.
    FloorName,
}

/// What a question asks before it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Save a level with errors?
    SaveWithErrors,
    /// Overwrite a file changed on disk?
    Overwrite,
    /// Rewrite the whole file in the printer's layout?
    Reprint,
    /// Quit without saving?
    Quit,
}

/// What covers the board, if anything.
#[derive(Debug)]
pub enum Mode {
    /// Editing.
    Edit,
    /// The palette, with the brush under its cursor and the filter typed.
    Palette {
        /// Index into the brushes.
        selected: usize,
        /// Letters typed to narrow the list.
        filter: String,
    },
    /// A line of text being typed.
    Prompt {
        /// What it asks for.
        ask: Ask,
        /// What was typed.
        text: String,
        /// The text is what was there: the first letter typed replaces it.
        fresh: bool,
    },
    /// A yes-or-no question, with the lines it shows.
    Confirm {
        /// The question.
        question: Question,
        /// What it shows.
        lines: Vec<String>,
    },
    /// The keys.
    Help,
    /// The game's own screen on the level as it stands.
    Play(Box<App>),
}

/// The editor's screen.
#[derive(Debug)]
pub struct EditApp {
    /// The level being edited.
    pub editor: Editor,
    /// The file.
    pub doc: Document,
    /// The level of the file being edited, from 0.
    pub index: usize,
    /// What covers the board.
    pub mode: Mode,
    /// The status line, until the next key.
    pub message: Option<String>,
    /// The live verdict.
    pub verdicts: Verdicts,
    /// The revision the verdict is of.
    verdict_of: Option<u64>,
    /// Colours on.
    pub color: bool,
    /// The rules test play and the verdict play by (Muscleman's unless set).
    rules: Rules,
    pub(super) quit: bool,
    /// Questions answered yes for the save under way.
    pub(super) confirmed: Vec<Question>,
    /// Where the board was drawn, for the mouse.
    pub board: Cell<Option<BoardMap>>,
    /// Where the palette drew its rows: the rows' area and the first row's
    /// place in the filtered list.
    pub palette_rows: Cell<Option<(ratatui::layout::Rect, usize)>>,
    /// Where the panel drew the brush, for the mouse.
    pub brush_row: Cell<Option<ratatui::layout::Rect>>,
    /// When the game's playback last stepped.
    last_tick: std::time::Instant,
    /// The last cell a mouse drag painted.
    pub(super) dragged: Option<muscleman_core::GridPos>,
}

impl EditApp {
    /// Edit level `index` of `doc` (a new walled room of `new` size added
    /// to it first when asked, or when the file holds no level).
    pub fn new(
        mut doc: Document,
        index: usize,
        new: Option<(usize, usize)>,
    ) -> Result<EditApp, String> {
        let mut index = index;
        let added = new.is_some() || doc.levels.is_empty();
        if added {
            let (w, h) = new.unwrap_or((9, 7));
            let room =
                walled_room(w, h).map_err(|e| format!("cannot make a {w}×{h} level: {e}"))?;
            index = doc.push_level(room);
        }
        let level = doc
            .levels
            .get(index)
            .cloned()
            .ok_or_else(|| format!("there is no level {}", index + 1))?;
        let mut editor = Editor::new(level);
        if added {
            // A level only in memory: unsaved.
            editor.force_dirty();
        }
        Ok(EditApp {
            editor,
            doc,
            index,
            mode: Mode::Edit,
            message: Some("? shows the keys".to_owned()),
            verdicts: Verdicts::default(),
            verdict_of: None,
            color: true,
            rules: Rules::MUSCLEMAN,
            quit: false,
            confirmed: Vec::new(),
            board: Cell::new(None),
            palette_rows: Cell::new(None),
            brush_row: Cell::new(None),
            last_tick: std::time::Instant::now(),
            dragged: None,
        })
    }

    /// Play test play and the verdict by `rules` (the verdict starts again).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.verdict_of = None;
    }

    /// Return whether the editor is done.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Start the verdict again when the level changed since it was asked;
    /// take its answer when it came. Return whether anything changed.
    pub fn poll(&mut self) -> bool {
        if self.verdict_of != Some(self.editor.revision()) {
            self.verdict_of = Some(self.editor.revision());
            match self.refusal() {
                // A level `check` refuses gets no verdict: only why.
                Some(why) => self.verdicts.refuse(format!("no verdict: {why}")),
                None => self.verdicts.ask(self.editor.level(), self.rules),
            }
            return true;
        }
        let mut changed = self.verdicts.poll();
        if let Mode::Play(app) = &mut self.mode {
            changed |= app.poll_hint();
            if app.is_playing_back() && self.last_tick.elapsed() >= app.tick_interval() {
                changed |= app.tick();
                self.last_tick = std::time::Instant::now();
            }
        }
        changed
    }

    /// Return why the level cannot be played as it stands (`check`,
    /// `solve` and `play` refuse it), or `None` when it can: how many
    /// errors, short enough for the status line (the panel lists each).
    pub fn refusal(&self) -> Option<String> {
        let n = self.editor.errors().count();
        (n > 0).then(|| {
            format!(
                "{}, so check and play refuse it (! goes to {})",
                crate::diagnose::count(n, "error", "errors"),
                if n == 1 { "it" } else { "each" }
            )
        })
    }

    /// Wait up to `limit` for the verdict (for tests).
    pub fn wait_for_verdict(&mut self, limit: Duration) {
        self.poll();
        self.verdicts.wait(limit);
    }

    /// Handle one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        match std::mem::replace(&mut self.mode, Mode::Edit) {
            Mode::Edit => {
                if let Some(action) = action_for(key) {
                    self.act(action);
                }
            }
            Mode::Help => {}
            Mode::Play(mut app) => {
                app.handle_key(key);
                if app.should_quit() {
                    self.message = Some("back to the editor: the level is as it was".to_owned());
                } else {
                    self.mode = Mode::Play(app);
                }
            }
            Mode::Palette { selected, filter } => self.palette_key(key, selected, filter),
            Mode::Prompt { ask, text, fresh } => self.prompt_key(key, ask, text, fresh),
            Mode::Confirm { question, lines } => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.confirmed.push(question);
                    if question == Question::Quit {
                        self.quit = true;
                    } else {
                        self.save();
                    }
                } else {
                    let _ = lines;
                    self.confirmed.clear();
                    self.message = Some("not saved".to_owned());
                    if question == Question::Quit {
                        self.message = Some("still editing".to_owned());
                    }
                }
            }
        }
    }

    /// Do one editor action.
    pub fn act(&mut self, action: EditAction) {
        // A key ends a drag whose button-up the terminal never reported.
        if self.dragged.take().is_some() {
            self.editor.end_stroke();
        }
        let e = &mut self.editor;
        let msg = match action {
            EditAction::Move(dir) => {
                e.move_cursor(dir);
                String::new()
            }
            EditAction::PaintMove(dir) => {
                e.move_cursor(dir);
                e.place()
            }
            EditAction::Place => e.place(),
            EditAction::Erase => e.erase(),
            EditAction::Pick => e.pick(),
            EditAction::NextBrush | EditAction::PreviousBrush => {
                e.cycle_brush(action == EditAction::PreviousBrush);
                format!("brush: {}", e.brush().short())
            }
            EditAction::Palette => {
                self.mode = Mode::Palette {
                    selected: e.brush_index(),
                    filter: String::new(),
                };
                String::new()
            }
            EditAction::Mark => {
                e.toggle_mark();
                match e.mark() {
                    Some(_) => "corner marked: move to the other corner and fill (f)".to_owned(),
                    None => "mark dropped".to_owned(),
                }
            }
            EditAction::Fill => e.fill(),
            EditAction::Undo => e.undo(),
            EditAction::Redo => e.redo(),
            EditAction::NextProblem => self.next_problem(),
            EditAction::TestPlay => match self.refusal() {
                Some(why) => format!("cannot play it: {why}"),
                None => self.test_play(None),
            },
            EditAction::WatchSolution => match &self.verdicts.current {
                _ if let Some(why) = self.refusal() => format!("no solution to watch: {why}"),
                Verdict::Solved { moves, .. } => {
                    let moves = moves.clone();
                    self.test_play(Some(&moves))
                }
                other => format!("no solution to watch: {}", other.message()),
            },
            EditAction::Resize => self.prompt(Ask::Size),
            EditAction::Title => self.prompt(Ask::Title),
            EditAction::Metadata => self.prompt(Ask::Metadata),
            EditAction::FloorName => self.prompt(Ask::FloorName),
            EditAction::AddFloor => e.add_floor(),
            EditAction::RemoveFloor => e.remove_floor(),
            EditAction::FloorUp => e.switch_floor(false),
            EditAction::FloorDown => e.switch_floor(true),
            EditAction::NewLevel => self.new_level(),
            EditAction::NextLevel => self.switch_level(1),
            EditAction::PreviousLevel => self.switch_level(-1),
            EditAction::Save => {
                self.confirmed.clear();
                self.save();
                String::new()
            }
            EditAction::Help => {
                self.mode = Mode::Help;
                String::new()
            }
            EditAction::AskQuit if !self.editor.is_dirty() => {
                self.mode = Mode::Confirm {
                    question: Question::Quit,
                    lines: vec!["Esc closes lists and boxes; q quits at once.".to_owned()],
                };
                "quit the editor? y quits, any other key goes on editing".to_owned()
            }
            EditAction::Quit | EditAction::AskQuit => {
                if self.editor.is_dirty() {
                    self.mode = Mode::Confirm {
                        question: Question::Quit,
                        lines: vec!["The level has unsaved changes.".to_owned()],
                    };
                    "quit without saving? y quits, any other key goes on editing".to_owned()
                } else {
                    self.quit = true;
                    String::new()
                }
            }
        };
        if !msg.is_empty() {
            self.message = Some(msg);
        }
    }

    fn prompt(&mut self, ask: Ask) -> String {
        let level = self.editor.level();
        let text = match ask {
            Ask::Size => {
                let (w, h) = self.editor.size();
                format!("{w}x{h}")
            }
            Ask::Title => level.title().unwrap_or_default().to_owned(),
            Ask::Metadata => "Author: ".to_owned(),
            Ask::FloorName => level
                .floor(self.editor.floor())
                .and_then(|f| f.name())
                .unwrap_or_default()
                .to_owned(),
        };
        let fresh = ask != Ask::Metadata;
        self.mode = Mode::Prompt { ask, text, fresh };
        "enter sets it, esc leaves it as it was".to_owned()
    }

    fn prompt_key(&mut self, key: KeyEvent, ask: Ask, mut text: String, fresh: bool) {
        match key.code {
            KeyCode::Enter => {
                let msg = match ask {
                    Ask::Size => match parse_size(&text) {
                        Ok((w, h)) => self.editor.resize(w, h),
                        Err(e) => e,
                    },
                    Ask::Title => self.editor.set_title(&text),
                    Ask::Metadata => self.editor.set_metadata(&text),
                    Ask::FloorName => self.editor.set_floor_name(&text),
                };
                self.message = Some(msg);
                return;
            }
            KeyCode::Esc => return,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) if text.chars().count() < 200 => {
                if fresh {
                    text.clear();
                }
                text.push(c);
            }
            _ => {}
        }
        self.mode = Mode::Prompt {
            ask,
            text,
            fresh: false,
        };
    }

    /// Return the brushes the palette lists under `filter`, with their
    /// indices: those whose legend spelling starts with it first, then
    /// those whose name holds it.
    pub fn filtered(&self, filter: &str) -> Vec<usize> {
        let f = filter.to_ascii_lowercase();
        let brushes = self.editor.brushes();
        let starts = |i: &usize| {
            brushes
                .get(*i)
                .is_some_and(|b| b.short().to_ascii_lowercase().starts_with(&f))
        };
        let holds = |i: &usize| {
            brushes
                .get(*i)
                .is_some_and(|b| b.name().to_ascii_lowercase().contains(&f))
        };
        let mut out: Vec<usize> = (0..brushes.len()).filter(starts).collect();
        out.extend((0..brushes.len()).filter(|i| !starts(i) && holds(i)));
        out
    }

    fn palette_key(&mut self, key: KeyEvent, selected: usize, mut filter: String) {
        let list = self.filtered(&filter);
        let at = list.iter().position(|&i| i == selected).unwrap_or(0);
        let mut selected = list.get(at).copied().unwrap_or(selected);
        match key.code {
            KeyCode::Up => selected = list.get(at.saturating_sub(1)).copied().unwrap_or(selected),
            KeyCode::Down => selected = list.get(at + 1).copied().unwrap_or(selected),
            KeyCode::PageUp => {
                selected = list.get(at.saturating_sub(10)).copied().unwrap_or(selected)
            }
            KeyCode::PageDown => {
                selected = list
                    .get((at + 10).min(list.len().saturating_sub(1)))
                    .copied()
                    .unwrap_or(selected);
            }
            KeyCode::Enter | KeyCode::Tab => {
                if list.contains(&selected) {
                    self.editor.choose_brush(selected);
                    self.message = Some(format!("brush: {}", self.editor.brush().short()));
                }
                return;
            }
            KeyCode::Esc => return,
            KeyCode::Backspace => {
                filter.pop();
            }
            KeyCode::Char(c) if filter.len() < 40 => {
                filter.push(c);
                if let Some(&first) = self.filtered(&filter).first() {
                    selected = first;
                }
            }
            _ => {}
        }
        self.mode = Mode::Palette { selected, filter };
    }

    fn next_problem(&mut self) -> String {
        let floor = self.editor.floor();
        let cursor = self.editor.cursor();
        let cells: Vec<(usize, muscleman_core::GridPos, String)> = self
            .editor
            .diagnostics()
            .iter()
            .filter_map(|d| d.at.map(|(f, at)| (f, at, d.message.clone())))
            .collect();
        if cells.is_empty() {
            return match self.editor.diagnostics().first() {
                Some(d) => d.message.clone(),
                None => "no problems".to_owned(),
            };
        }
        let key = |f: usize, p: muscleman_core::GridPos| (f, p.y, p.x);
        let next = cells
            .iter()
            .find(|(f, p, _)| key(*f, *p) > key(floor, cursor))
            .or_else(|| cells.first());
        match next {
            Some((f, p, m)) => {
                while self.editor.floor() < *f
                    && self.editor.floor() < self.editor.level().floor_count()
                {
                    self.editor.switch_floor(false);
                }
                while self.editor.floor() > *f {
                    self.editor.switch_floor(true);
                }
                self.editor.set_cursor(*p);
                m.clone()
            }
            None => String::new(),
        }
    }

    /// Play the level as it stands on the game's own screen, or watch `moves` play.
    fn test_play(&mut self, moves: Option<&str>) -> String {
        let level = self.editor.level().clone();
        let name = level.title().unwrap_or("test play").to_owned();
        match App::new(vec![level], 0, name, self.rules, Progress::in_memory()) {
            Ok(mut app) => {
                app.set_color(self.color);
                app.set_message("test play: q returns to the editor");
                if let Some(moves) = moves {
                    app.start_playback(moves, "the verdict's solution");
                }
                self.mode = Mode::Play(Box::new(app));
                String::new()
            }
            Err(e) => format!("cannot play it yet: {e}"),
        }
    }

    /// Put the level being edited into the file's text (not yet saved),
    /// when it changed: an unchanged level keeps its lines as they are.
    fn stash(&mut self) {
        if !self.editor.is_dirty() {
            return;
        }
        let level = self.editor.level().clone();
        self.doc.put(self.index, &level);
    }

    fn new_level(&mut self) -> String {
        self.stash();
        match walled_room(9, 7) {
            Ok(room) => {
                let index = self.doc.push_level(room.clone());
                self.open_level(index, room);
                self.editor.force_dirty();
                format!("added level {} to the file", index + 1)
            }
            Err(e) => format!("cannot add a level: {e}"),
        }
    }

    fn switch_level(&mut self, by: isize) -> String {
        let n = self.doc.levels.len();
        let Some(next) = self.index.checked_add_signed(by).filter(|&i| i < n) else {
            return format!(
                "no more levels: the file holds {}",
                crate::diagnose::count(n, "level", "levels")
            );
        };
        let dirty = self.editor.is_dirty();
        self.stash();
        let level = self.doc.levels.get(next).cloned();
        if let Some(level) = level {
            self.open_level(next, level);
            if dirty {
                // The file still has the changes to save.
                self.editor.force_dirty();
            }
        }
        format!("level {} of {}", next + 1, n)
    }

    fn open_level(&mut self, index: usize, level: Level) {
        self.index = index;
        self.editor = Editor::new(level);
    }
}

/// Read a size `WxH` (`x`, `X`, `×` or a space between).
pub fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let t = text.trim().replace(['X', '×', ' '], "x");
    let bad = || format!("expected a size such as 10x8, found {:?}", text.trim());
    let (w, h) = t.split_once('x').ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if w == 0 || h == 0 {
        return Err(format!("a level is at least 1x1, found {}", text.trim()));
    }
    Ok((w, h))
}
