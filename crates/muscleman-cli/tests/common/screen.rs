//! Screens drawn headless on ratatui's `TestBackend`: the game's, the
//! editor's and a watched file's, as text.

use muscleman_cli::edit::{self, EditApp};
use muscleman_cli::play::watch::{self, Watch};
use muscleman_cli::play::{App, ui};
use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// What draws a whole screen.
pub trait Draws {
    /// Draw it in the frame.
    fn draw(&self, frame: &mut Frame);
}

impl Draws for App {
    fn draw(&self, frame: &mut Frame) {
        ui::draw(self, frame);
    }
}

impl Draws for EditApp {
    fn draw(&self, frame: &mut Frame) {
        edit::ui::draw(self, frame);
    }
}

impl Draws for Watch {
    fn draw(&self, frame: &mut Frame) {
        watch::draw(self, frame);
    }
}

/// Draw `app` on a `width` by `height` screen; return what it shows.
pub fn draw(app: &impl Draws, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
    terminal.draw(|frame| app.draw(frame)).expect("draw");
    terminal.backend().buffer().clone()
}

/// The rows of a screen, each as wide as the screen.
pub fn rows(buffer: &Buffer) -> Vec<String> {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer.cell((x, y)).map_or(" ", |c| c.symbol()))
                .collect()
        })
        .collect()
}

/// The screen's text, every row as wide as the screen and ended by a
/// newline.
pub fn screen(app: &impl Draws, width: u16, height: u16) -> String {
    rows(&draw(app, width, height))
        .into_iter()
        .map(|row| row + "\n")
        .collect()
}

/// The rows of the screen, trailing spaces trimmed.
pub fn trimmed_rows(app: &impl Draws, width: u16, height: u16) -> Vec<String> {
    rows(&draw(app, width, height))
        .into_iter()
        .map(|row| row.trim_end().to_owned())
        .collect()
}

/// The text of a screen already drawn, trailing spaces trimmed, every
/// row ended by a newline.
pub fn trimmed_text(buffer: &Buffer) -> String {
    rows(buffer)
        .into_iter()
        .map(|row| row.trim_end().to_owned() + "\n")
        .collect()
}

/// The screen's text, trailing spaces trimmed, every row ended by a
/// newline.
pub fn trimmed(app: &impl Draws, width: u16, height: u16) -> String {
    trimmed_text(&draw(app, width, height))
}
