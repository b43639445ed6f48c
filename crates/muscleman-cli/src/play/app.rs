//! The game's state and key handling, with no terminal: testable headlessly.

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::progress::{Improvement, LevelRecord, Progress, RulesProgress};

/// What the banner says about the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveNote {
    /// What the solve improved in the level's record.
    pub improvement: Improvement,
}

/// The game: a list of levels, the one being played, and the player's progress.
///
/// Keys go in through [`App::handle_key`]; [`App::draw`] renders the screen
/// into any ratatui [`Frame`] (a real terminal or a `TestBackend`).
#[derive(Debug)]
pub struct App {
    pub(crate) levels: Vec<Level>,
    pub(crate) set_name: String,
    pub(crate) index: usize,
    pub(crate) game: Game,
    pub(crate) rules: Rules,
    pub(crate) progress: Progress,
    pub(crate) color: bool,
    pub(crate) message: Option<String>,
    pub(crate) solve_note: Option<SolveNote>,
    quit: bool,
}

impl App {
    /// Start at level `start` (0-based) of `levels`.
    ///
    /// `levels` must not be empty and every level must make a game (`check`
    /// them first); the error is a message otherwise.
    pub fn new(
        levels: Vec<Level>,
        start: usize,
        set_name: impl Into<String>,
        rules: Rules,
        progress: Progress,
    ) -> Result<App, String> {
        let level = levels
            .get(start)
            .ok_or_else(|| format!("there is no level {}", start + 1))?;
        let game = Game::new(level, rules).map_err(|e| e.to_string())?;
        Ok(App::with_game(levels, start, set_name, game, progress))
    }

    /// Start with a game already under way (a loaded save) as level `index` of `levels`.
    pub fn with_game(
        levels: Vec<Level>,
        index: usize,
        set_name: impl Into<String>,
        game: Game,
        progress: Progress,
    ) -> App {
        App {
            rules: game.rules(),
            levels,
            set_name: set_name.into(),
            index,
            game,
            progress,
            color: true,
            message: None,
            solve_note: None,
            quit: false,
        }
    }

    /// Turn colours on or off (off is the plain look for `NO_COLOR`).
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
    }

    /// Show a message in the status line until the next key.
    pub fn set_message(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    /// Return whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Return the game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Return the 0-based index of the level being played.
    pub fn level_index(&self) -> usize {
        self.index
    }

    /// Return the number of levels.
    pub fn level_count(&self) -> usize {
        self.levels.len()
    }

    /// Return the level being played, as it began.
    pub fn level(&self) -> &Level {
        self.game.level()
    }

    /// Return the progress under the rules being played.
    pub fn progress(&self) -> RulesProgress<'_> {
        self.progress.under(self.rules)
    }

    /// Return the record of the level being played, under the rules being played.
    pub fn record(&self) -> Option<LevelRecord> {
        self.progress.get(self.game.level(), self.rules)
    }

    /// Return whether the level being played is solved (the banner is up).
    pub fn is_solved(&self) -> bool {
        self.game.is_solved()
    }

    /// Handle one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let code = match key.code {
            KeyCode::Char(c) => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        if ctrl {
            if code == KeyCode::Char('c') {
                self.quit = true;
            }
            return;
        }
        let solved = self.game.is_solved();
        match code {
            KeyCode::Esc | KeyCode::Char('q') => self.quit = true,
            KeyCode::Up | KeyCode::Char('w' | 'k') => self.walk(GridDir::Up, solved),
            KeyCode::Down | KeyCode::Char('s' | 'j') => self.walk(GridDir::Down, solved),
            KeyCode::Left | KeyCode::Char('a' | 'h') => self.walk(GridDir::Left, solved),
            KeyCode::Right | KeyCode::Char('d' | 'l') => self.walk(GridDir::Right, solved),
            KeyCode::Char('z' | 'u') | KeyCode::Backspace => self.command(Command::Undo),
            KeyCode::Char('y') => self.command(Command::Redo),
            KeyCode::Char('r') => self.command(Command::Restart),
            KeyCode::Char('n') | KeyCode::PageDown => self.go_to_next(),
            KeyCode::Char('p') | KeyCode::PageUp => self.go_to(self.prev_index()),
            KeyCode::Enter | KeyCode::Char(' ') if solved => self.go_to_next(),
            _ => {}
        }
    }

    fn walk(&mut self, dir: GridDir, solved: bool) {
        if solved {
            self.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        self.command(Command::Step(Input::Move(dir)));
    }

    fn command(&mut self, command: Command) {
        let was_solved = self.game.is_solved();
        let nothing_to_do = match command {
            Command::Undo => self.game.undo_depth() == 0,
            Command::Redo => self.game.redo_depth() == 0,
            _ => false,
        };
        if let Err(e) = self.game.apply(command) {
            self.message = Some(format!("the simulation refused that: {e}"));
            return;
        }
        match command {
            Command::Undo if nothing_to_do => self.message = Some("Nothing to undo".to_owned()),
            Command::Redo if nothing_to_do => self.message = Some("Nothing to redo".to_owned()),
            _ => {}
        }
        let solved = self.game.is_solved();
        if solved && !was_solved {
            let stats = self.game.stats();
            match self.progress.record_solve(
                self.game.level(),
                self.rules,
                stats.moves,
                stats.pushes,
            ) {
                Ok(improvement) => self.solve_note = Some(SolveNote { improvement }),
                Err(e) => {
                    self.solve_note = None;
                    self.message = Some(format!("progress not saved: {e}"));
                }
            }
        } else if !solved {
            self.solve_note = None;
        }
    }

    fn prev_index(&self) -> usize {
        if self.index == 0 {
            self.levels.len().saturating_sub(1)
        } else {
            self.index - 1
        }
    }

    fn go_to_next(&mut self) {
        let next = self.index + 1;
        if next >= self.levels.len() {
            self.go_to(0);
            if self.levels.len() > 1 {
                self.message = Some("That was the last level: back to level 1".to_owned());
            }
        } else {
            self.go_to(next);
        }
    }

    /// Start level `index` (0-based) afresh.
    pub fn go_to(&mut self, index: usize) {
        let Some(level) = self.levels.get(index) else {
            return;
        };
        match Game::new(level, self.rules) {
            Ok(game) => {
                self.game = game;
                self.index = index;
                self.solve_note = None;
            }
            Err(e) => self.message = Some(format!("level {} cannot be played: {e}", index + 1)),
        }
    }

    /// Draw the whole screen.
    pub fn draw(&self, frame: &mut Frame) {
        super::ui::draw(self, frame);
    }
}
