//! `muscleman play`: the full-screen terminal game.
//!
//! [`App`] holds the game and handles keys; [`ui`] draws it into a ratatui
//! frame. This module only resolves the flags and runs the terminal loop.

mod app;
pub mod ui;

use std::io::{self, IsTerminal};

use muscleman_level::Level;
use muscleman_sim::{Game, MAX_SAVE_BYTES, Rules};
use ratatui::crossterm::event::{self, Event};

pub use app::{
    App, GameAction, KEY_BINDINGS, Key, KeyBinding, LegendLine, SolveNote, action_for, key_legend,
    keys_help,
};

use crate::builtin;
use crate::cli::PlayArgs;
use crate::error::{Failure, warn};
use crate::progress::{Progress, level_key};
use crate::source::{LevelFile, read_capped};

/// A `play`, checked: the levels, where to start, and any saved game.
#[derive(Debug)]
pub struct PlayConfig {
    /// The levels to play.
    pub levels: Vec<Level>,
    /// The name shown for the set ("built-in levels" or the file's name).
    pub set_name: String,
    /// The 0-based level to start at.
    pub start: usize,
    /// The rules.
    pub rules: Rules,
    /// A saved game to resume (its level is `levels[start]`).
    pub game: Option<Game>,
}

impl PlayConfig {
    /// Read the level file (or take the built-in levels) and any save.
    pub fn resolve(args: &PlayArgs) -> Result<PlayConfig, Failure> {
        let (levels, set_name, start) = match &args.level_file {
            Some(path) => {
                let file = LevelFile::read(path)?;
                let (start, _) = file.select(args.level)?;
                (file.collection.levels, file.name, start)
            }
            None => {
                let file = builtin::levels()?;
                let (start, _) = file.select(args.level)?;
                (file.collection.levels, "Built-in levels".to_owned(), start)
            }
        };
        for (i, level) in levels.iter().enumerate() {
            Game::new(level, args.rules.rules()).map_err(|e| {
                Failure::bad_input(format!("{set_name}: level {} cannot be played: {e}", i + 1))
            })?;
        }
        let mut config = PlayConfig {
            levels,
            set_name,
            start,
            rules: args.rules.rules(),
            game: None,
        };
        if let Some(path) = &args.load {
            config.load(path, args.level_file.is_some())?;
        }
        Ok(config)
    }

    /// Resume the save at `path`: find its level among the levels, or play it alone.
    fn load(&mut self, path: &std::path::Path, from_file: bool) -> Result<(), Failure> {
        let bytes = read_capped(path, MAX_SAVE_BYTES)?;
        let text = String::from_utf8(bytes).map_err(|_| {
            Failure::bad_input(format!("{}: not a save (not UTF-8 text)", path.display()))
        })?;
        let game = Game::load(&text).map_err(|e| {
            Failure::bad_input(format!("{}: cannot load the save: {e}", path.display()))
        })?;
        let key = level_key(game.level());
        match self.levels.iter().position(|l| level_key(l) == key) {
            Some(i) => self.start = i,
            None if from_file => {
                return Err(Failure::bad_input(format!(
                    "{}: the saved game is of a level that is not in {}",
                    path.display(),
                    self.set_name
                )));
            }
            None => {
                self.levels = vec![game.level().clone()];
                self.start = 0;
                self.set_name = path.display().to_string();
            }
        }
        self.rules = game.rules();
        self.game = Some(game);
        Ok(())
    }
}

/// Whether colours are wanted: not when `NO_COLOR` is set to something.
pub fn color_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Restores the terminal when dropped, on every way out of the game loop.
struct RestoreGuard;

impl Drop for RestoreGuard {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Run `play`.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let config = PlayConfig::resolve(args)?;
    if !io::stdout().is_terminal() {
        return Err(Failure::bad_input(
            "play needs a terminal, but standard output is not one (use replay for scripts)",
        ));
    }
    let (progress, warnings) = Progress::open_default();
    let mut app = match config.game {
        Some(game) => App::with_game(config.levels, config.start, config.set_name, game, progress),
        None => App::new(
            config.levels,
            config.start,
            config.set_name,
            config.rules,
            progress,
        )
        .map_err(Failure::bad_input)?,
    };
    app.set_color(color_wanted());
    if !warnings.is_empty() {
        let short: Vec<&str> = warnings.iter().map(|w| w.short.as_str()).collect();
        app.set_message(short.join("; "));
    }
    // `try_init` installs a panic hook that restores the terminal first.
    let mut terminal = ratatui::try_init()
        .map_err(|e| Failure::bad_input(format!("cannot start the terminal: {e}")))?;
    let guard = RestoreGuard;
    let result = event_loop(&mut terminal, &mut app);
    drop(guard);
    for w in &warnings {
        warn(&w.detail);
    }
    result.map_err(|e| Failure::bad_input(format!("terminal error: {e}")))
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    loop {
        terminal.draw(|frame| app.draw(frame))?;
        if app.should_quit() {
            return Ok(());
        }
        match event::read()? {
            Event::Key(key) => app.handle_key(key),
            // The next draw fits the new size.
            Event::Resize(..) => {}
            _ => {}
        }
    }
}
