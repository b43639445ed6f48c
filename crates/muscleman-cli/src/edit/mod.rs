//! `muscleman edit`: the level editor. A designer paints a level with a
//! cursor (or the mouse) and a brush from the palette, sees `check`'s
//! errors and warnings at their cells and the solver's verdict as the
//! level changes, plays it on the game's own screen, and saves it into
//! its file, every other byte kept.
//!
//! [`model`] is the editor's state as plain data (level, cursor, brush,
//! history, diagnostics); [`app`] adds the screen's state and the keys;
//! `ui.rs` draws it; this module resolves the flags and runs the terminal.

pub mod app;
pub mod broken;
pub mod brushes;
pub mod document;
pub mod keys;
mod layout;
pub mod model;
mod pointer;
mod saving;
pub mod shape;
pub mod ui;

use std::io::{self, IsTerminal};
use std::time::Duration;

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};

pub use app::{EditApp, Mode, parse_size};
pub use broken::Broken;
pub use document::{Document, OpenError};
pub use model::Editor;

use crate::cli::EditArgs;
use crate::error::Failure;
use crate::play::color_wanted;

/// An `edit`, checked: the file read (or why it does not read), the level chosen.
#[derive(Debug)]
pub struct EditConfig {
    /// The file, or its errors.
    pub doc: Result<Document, String>,
    /// The 0-based level to edit.
    pub index: usize,
    /// The size of a new walled room to add, if asked.
    pub new: Option<(usize, usize)>,
}

impl EditConfig {
    /// Read the file and check the flags.
    pub fn resolve(args: &EditArgs) -> Result<EditConfig, Failure> {
        let new = args
            .new
            .as_deref()
            .map(parse_size)
            .transpose()
            .map_err(|e| Failure::bad_input(format!("--new: {e}")))?;
        let doc = match Document::open(&args.level_file) {
            Ok(doc) => Ok(doc),
            // Its text does not read: the editor shows why until it does.
            Err(OpenError(errors, true)) => Err(errors),
            Err(OpenError(message, false)) => return Err(Failure::bad_input(message)),
        };
        let count = doc.as_ref().map_or(usize::MAX, |d| d.levels.len());
        let index = match args.level {
            None => 0,
            Some(n) => {
                let i = usize::try_from(n).unwrap_or(usize::MAX).saturating_sub(1);
                if i >= count {
                    return Err(Failure::bad_input(format!(
                        "--level {n} is out of range: {} holds {}",
                        args.level_file.display(),
                        crate::diagnose::count(count, "level", "levels")
                    )));
                }
                i
            }
        };
        Ok(EditConfig { doc, index, new })
    }
}

/// Restores the terminal when dropped.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        let _ = ratatui::crossterm::execute!(io::stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Run `edit`.
pub fn run(args: &EditArgs) -> Result<(), Failure> {
    let config = EditConfig::resolve(args)?;
    let terminal = io::stdout().is_terminal();
    let mut screen = match config.doc {
        Ok(doc) => Screen::Edit(Box::new(
            EditApp::new(doc, config.index, config.new).map_err(Failure::bad_input)?,
        )),
        // Without a terminal, the errors are all there is to say.
        Err(errors) if !terminal => {
            return Err(Failure::located(format!(
                "{errors}\n{}: the file was left as it is",
                args.level_file.display()
            )));
        }
        Err(errors) => Screen::Broken(Broken::new(
            &args.level_file,
            &errors,
            config.index,
            config.new,
        )),
    };
    if !terminal {
        return Err(Failure::bad_input(
            "edit needs a terminal, but standard output is not one",
        ));
    }
    match &mut screen {
        Screen::Edit(app) => {
            app.color = color_wanted();
            app.set_rules(args.rules.rules());
        }
        Screen::Broken(b) => {
            b.color = color_wanted();
            b.rules = args.rules.rules();
        }
    }
    let mut terminal = ratatui::try_init()
        .map_err(|e| Failure::bad_input(format!("cannot start the terminal: {e}")))?;
    let guard = RestoreGuard;
    let _ = ratatui::crossterm::execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut screen);
    drop(guard);
    result.map_err(|e| Failure::bad_input(format!("terminal error: {e}")))
}

/// What the terminal shows: the editor, or a file waiting to read.
enum Screen {
    Edit(Box<EditApp>),
    Broken(Broken),
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, screen: &mut Screen) -> io::Result<()> {
    loop {
        terminal.draw(|frame| match &*screen {
            Screen::Edit(app) => ui::draw(app, frame),
            Screen::Broken(b) => b.draw(frame, frame.area()),
        })?;
        let quit = match &*screen {
            Screen::Edit(app) => app.should_quit(),
            Screen::Broken(b) => b.should_quit(),
        };
        if quit {
            return Ok(());
        }
        let event = if event::poll(Duration::from_millis(50))? {
            Some(event::read()?)
        } else {
            None
        };
        match screen {
            Screen::Edit(app) => {
                match event {
                    Some(Event::Key(key)) => app.handle_key(key),
                    Some(Event::Mouse(mouse)) => app.handle_mouse(mouse),
                    _ => {}
                }
                app.poll();
            }
            Screen::Broken(b) => {
                if let Some(Event::Key(key)) = event {
                    b.handle_key(key);
                }
                match b.poll() {
                    Some(Ok(app)) => *screen = Screen::Edit(Box::new(app)),
                    Some(Err(e)) => b.errors = vec![e],
                    None => {}
                }
            }
        }
    }
}
