//! A file that does not read: the editor opens with its errors in place
//! of the board and the file untouched, reads it again while the designer
//! fixes it in a text editor, and edits it as soon as it reads.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::EditApp;
use super::document::Document;
use crate::play::palette::Palette;

/// How often the file is read again.
const AGAIN: Duration = Duration::from_millis(300);

/// A file that did not read, waiting to be fixed.
#[derive(Debug)]
pub struct Broken {
    /// The file.
    pub path: PathBuf,
    /// Its errors, one a line.
    pub errors: Vec<String>,
    /// The level to edit once it reads, from 0.
    index: usize,
    /// The size of a new room to add once it reads, if asked.
    new: Option<(usize, usize)>,
    /// When it was last read.
    read: Instant,
    /// Colours on.
    pub color: bool,
    /// The rules the editor plays by once the file reads.
    pub rules: muscleman_sim::Rules,
    quit: bool,
}

impl Broken {
    /// Wait for `path` to read; `errors` are why it does not.
    pub fn new(path: &Path, errors: &str, index: usize, new: Option<(usize, usize)>) -> Broken {
        Broken {
            path: path.to_path_buf(),
            errors: errors.lines().map(str::to_owned).collect(),
            index,
            new,
            read: Instant::now(),
            color: true,
            rules: muscleman_sim::Rules::MUSCLEMAN,
            quit: false,
        }
    }

    /// Read the file again (at most every 300 ms); return the editor once
    /// it reads, or the errors of the last read.
    pub fn poll(&mut self) -> Option<Result<EditApp, String>> {
        if self.read.elapsed() < AGAIN {
            return None;
        }
        self.read = Instant::now();
        let doc = match Document::open(&self.path) {
            Ok(doc) => doc,
            Err(e) => {
                self.errors = e.0.lines().map(str::to_owned).collect();
                return None;
            }
        };
        let index = self.index.min(doc.levels.len().saturating_sub(1));
        Some(EditApp::new(doc, index, self.new).map(|mut app| {
            app.color = self.color;
            app.set_rules(self.rules);
            app.message = Some(format!("{} reads now: editing it", self.path.display()));
            app
        }))
    }

    /// Handle a key: q, Esc and Ctrl-C quit; nothing else does anything.
    pub fn handle_key(&mut self, key: KeyEvent) {
        let ctrl_c =
            key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
        self.quit |= ctrl_c || matches!(key.code, KeyCode::Char('q') | KeyCode::Esc);
    }

    /// Return whether the designer quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Draw the errors in place of the board.
    pub fn draw(&self, frame: &mut Frame, area: Rect) {
        let palette = Palette::with_color(self.color);
        let lines: Vec<Line> = self.errors.iter().map(|e| Line::from(e.clone())).collect();
        let title = format!(
            " {} does not read: fix it in a text editor and save, it opens here then (q quits) ",
            self.path.display()
        );
        let block = Block::bordered()
            .title(Line::from(title).style(palette.accent()))
            .border_style(palette.dim());
        frame.render_widget(
            Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false }),
            area,
        );
    }
}
