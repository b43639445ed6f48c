//! `play FILE --watch`: a live preview for designers who write levels in
//! their own text editor. The level is read again whenever the file
//! changes: the same level keeps the game where it is, a changed one
//! starts again, and a file that does not read (or a level the game
//! cannot play) shows its errors in place of the board. A line under the
//! board gives the level's problems and the solver's verdict.

use std::path::PathBuf;

use muscleman_level::{Level, MAX_INPUT_BYTES};
use muscleman_sim::Rules;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, MouseEvent};
use ratatui::layout::{Constraint, Layout};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::App;
use super::palette::Palette;
use super::ui::{MIN_HEIGHT, draw_in};
use crate::diagnose::{Diagnostic, diagnose, summary};
use crate::progress::Progress;
use crate::source::{LevelFile, read_capped};
use crate::verdict::Verdicts;

/// The verdict while the file does not read.
const STOPPED: &str = "no verdict: the file does not read";

/// A level file watched and played.
#[derive(Debug)]
pub struct Watch {
    /// The file.
    pub path: PathBuf,
    /// The level of the file (`--level`).
    level: Option<u32>,
    /// The rules.
    rules: Rules,
    /// The bytes last read (`None`: not read).
    bytes: Option<Vec<u8>>,
    /// The game, when the level reads and plays.
    pub app: Option<App>,
    /// Why there is no game: the errors, one a line.
    pub errors: Vec<String>,
    /// The level's problems.
    pub diagnostics: Vec<Diagnostic>,
    /// The live verdict.
    pub verdicts: Verdicts,
    /// When the game's playback last stepped.
    last_tick: std::time::Instant,
    /// Colours on.
    pub color: bool,
    quit: bool,
}

impl Watch {
    /// Watch level `level` (1 when `None`) of `path`, read now.
    pub fn new(path: PathBuf, level: Option<u32>, rules: Rules, color: bool) -> Watch {
        let mut watch = Watch {
            path,
            level,
            rules,
            bytes: None,
            app: None,
            errors: Vec::new(),
            diagnostics: Vec::new(),
            verdicts: Verdicts::default(),
            last_tick: std::time::Instant::now(),
            color,
            quit: false,
        };
        watch.reload();
        watch
    }

    /// Read the file again if it changed; return whether it did.
    pub fn reload(&mut self) -> bool {
        let read = read_capped(&self.path, MAX_INPUT_BYTES);
        let bytes = read.as_ref().ok().cloned();
        if bytes.is_some() && bytes == self.bytes {
            return false;
        }
        self.bytes = bytes;
        let level = read.and_then(|b| {
            let file = LevelFile::parse(self.path.display().to_string(), &b)?;
            let (_, level) = file.select(self.level)?;
            Ok(level.clone())
        });
        match level {
            Ok(level) => self.show(level),
            Err(e) => {
                // The game stays, hidden, for when the file reads again.
                self.diagnostics.clear();
                self.verdicts.refuse(STOPPED.to_owned());
                self.errors = e.message.lines().map(str::to_owned).collect();
            }
        }
        true
    }

    /// Play `level`: the game under way goes on when it is the same level,
    /// with the title, metadata and problems read now.
    fn show(&mut self, level: Level) {
        let same = self
            .app
            .as_ref()
            .is_some_and(|a| same_board(a.level(), &level));
        self.diagnostics = diagnose(&level);
        if same {
            // The board is the one being played: the verdict stands, unless
            // errors had stopped it.
            if !self.errors.is_empty() {
                self.verdicts.ask(&level, self.rules);
            }
            self.errors.clear();
            let message = self.saved_message();
            if let Some(app) = &mut self.app {
                app.relabel(level);
                app.set_message(message);
            }
            return;
        }
        self.verdicts.ask(&level, self.rules);
        let name = self.path.display().to_string();
        match App::new(
            vec![level],
            0,
            name.clone(),
            self.rules,
            Progress::in_memory(),
        ) {
            Ok(mut app) => {
                app.set_color(self.color);
                app.set_message(first_problem(&self.diagnostics, app.level().floor_count()));
                self.app = Some(app);
                self.errors.clear();
            }
            Err(e) => {
                self.app = None;
                self.errors = vec![format!("{name}: the level cannot be played: {e}")];
                self.errors
                    .extend(self.diagnostics.iter().map(|d| d.line(1)));
            }
        }
    }

    /// Return the status line's message after a read: the file is watched,
    /// and its first problem, if any.
    fn saved_message(&self) -> String {
        let floors = self.app.as_ref().map_or(1, |a| a.level().floor_count());
        first_problem(&self.diagnostics, floors)
    }

    /// Return the lines that list the level's problems, one a problem.
    pub fn problem_lines(&self) -> Vec<String> {
        let floors = self.app.as_ref().map_or(1, |a| a.level().floor_count());
        self.diagnostics.iter().map(|d| d.line(floors)).collect()
    }

    /// Handle a key: the game's, or with no game, q and Esc quit.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        match &mut self.app {
            Some(app) if self.errors.is_empty() => {
                app.handle_key(key);
                self.quit = app.should_quit();
            }
            _ => self.quit = key.code == KeyCode::Char('q'),
        }
    }

    /// Handle a mouse event (the game's).
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        if let Some(app) = &mut self.app
            && self.errors.is_empty()
        {
            app.handle_mouse(event);
        }
    }

    /// Take the verdict and the game's background work; return whether anything changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = self.verdicts.poll();
        if let Some(app) = &mut self.app {
            changed |= app.poll_hint();
            if app.is_playing_back() && self.last_tick.elapsed() >= app.tick_interval() {
                changed |= app.tick();
                self.last_tick = std::time::Instant::now();
            }
        }
        changed
    }

    /// Return whether the game's player cell flashes (a refused move).
    pub fn is_flashing(&self) -> bool {
        self.app.as_ref().is_some_and(App::is_flashing)
    }

    /// End the game's flash.
    pub fn end_flash(&mut self) {
        if let Some(app) = &mut self.app {
            app.end_flash();
        }
    }

    /// Take whether the terminal bell is to ring now.
    pub fn take_bell(&mut self) -> bool {
        self.app.as_mut().is_some_and(App::take_bell)
    }

    /// Return whether the player quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Return the line under the board: problems and verdict.
    pub fn status(&self) -> String {
        if !self.errors.is_empty() {
            return format!(
                "watching {}: fix the level and save it",
                self.path.display()
            );
        }
        format!(
            "watching · problems: {} · verdict: {}",
            summary(&self.diagnostics),
            self.verdicts.message()
        )
    }
}

/// Return the status line's message after a read: the first problem, or
/// that the file is watched.
fn first_problem(diagnostics: &[Diagnostic], floors: usize) -> String {
    diagnostics.first().map_or_else(
        || "watching the file: save it to see the changes here".to_owned(),
        |d| d.line(floors),
    )
}

/// Return whether two levels have the same floors and cells (titles and
/// metadata aside): a game of one is a game of the other.
fn same_board(a: &Level, b: &Level) -> bool {
    let bare = |l: &Level| {
        let mut l = l.clone();
        let _ = l.set_title("");
        *l.metadata_mut() = muscleman_level::Metadata::new();
        l
    };
    bare(a) == bare(b)
}

/// Draw the watched game (or the errors in place of the board) with the
/// line of problems and verdict under it.
pub fn draw(watch: &Watch, frame: &mut Frame) {
    let area = frame.area();
    // The status line, then each problem, as far as the board leaves room.
    let problems = if watch.errors.is_empty() {
        watch.problem_lines()
    } else {
        Vec::new()
    };
    let room = usize::from(area.height.saturating_sub(MIN_HEIGHT));
    let mut lines = vec![Line::from(watch.status())];
    if room > 1 {
        let shown = if problems.len() < room {
            problems.len()
        } else {
            room - 2
        };
        lines.extend(
            problems
                .iter()
                .take(shown)
                .map(|p| Line::from(format!("  {p}"))),
        );
        if shown < problems.len() {
            let more = problems.len() - shown;
            lines.push(Line::from(format!(
                "  … and {more} more (muscleman check FILE lists them all)"
            )));
        }
    }
    lines.truncate(room);
    let strip = u16::try_from(lines.len()).unwrap_or(0);
    let [main, line] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(strip)]).areas(area);
    match &watch.app {
        Some(app) if watch.errors.is_empty() => draw_in(app, frame, main),
        _ => {
            let palette = Palette::with_color(watch.color);
            let lines: Vec<Line> = watch.errors.iter().map(|e| Line::from(e.clone())).collect();
            let block = Block::bordered()
                .title(
                    Line::from(" The level does not read: fix it and save (q quits) ")
                        .style(palette.accent()),
                )
                .border_style(palette.dim());
            frame.render_widget(
                Paragraph::new(lines)
                    .block(block)
                    .wrap(Wrap { trim: false }),
                main,
            );
        }
    }
    if strip > 0 {
        frame.render_widget(Paragraph::new(lines), line);
    }
}
