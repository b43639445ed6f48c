//! The game's state, its key bindings (one table, [`KEY_BINDINGS`]) and key
//! handling, with no terminal: testable headlessly.

use muscleman_core::{GridDir, Input};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::progress::{Improvement, LevelRecord, Progress, RulesProgress};

/// What a key does in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameAction {
    /// Walk (and push) one cell.
    Move(GridDir),
    /// Grab the liftable thing in front (a box, key or hammer).
    Grab,
    /// Put down what the player holds.
    Drop,
    /// Swing counter-clockwise: turn, or swing the held thing round.
    SwingLeft,
    /// Swing clockwise: turn, or swing the held thing round.
    SwingRight,
    /// Take back the last undo step.
    Undo,
    /// Do again the last step taken back.
    Redo,
    /// Go back to the level's start (itself an undo step).
    Restart,
    /// Start the next level (the first after the last).
    NextLevel,
    /// Start the previous level (the last before the first).
    PreviousLevel,
    /// Once the level is solved, go on to the next one; nothing before.
    GoOn,
    /// Leave the game.
    Quit,
}

impl GameAction {
    /// Return what the help and the key legend call this action.
    pub const fn description(self) -> &'static str {
        match self {
            GameAction::Move(_) => "move",
            GameAction::Grab => "grab",
            GameAction::Drop => "drop",
            GameAction::SwingLeft => "swing left",
            GameAction::SwingRight => "swing right",
            GameAction::Undo => "undo",
            GameAction::Redo => "redo",
            GameAction::Restart => "restart",
            GameAction::NextLevel => "next level",
            GameAction::PreviousLevel => "previous level",
            GameAction::GoOn => "next level once solved",
            GameAction::Quit => "quit",
        }
    }
}

/// A key as the game tells keys apart: its code and whether Ctrl is held.
///
/// Letters are kept in lower case; Shift and Alt are not looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The key; letters in lower case.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
}

impl Key {
    /// Make the key `code` pressed without Ctrl.
    pub const fn plain(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }

    /// Make the key `code` pressed with Ctrl.
    pub const fn ctrl(code: KeyCode) -> Key {
        Key { code, ctrl: true }
    }

    /// Read a key event as the game sees it: letters in lower case, Ctrl or not.
    pub fn of(event: KeyEvent) -> Key {
        let code = match event.code {
            KeyCode::Char(c) => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        Key {
            code,
            ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
        }
    }
}

/// One key binding of the game: the key, what it does and the key's name.
///
/// The name is the one the help and the legend show; the action's own words
/// are [`GameAction::description`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyBinding {
    /// The key.
    pub key: Key,
    /// What it does.
    pub action: GameAction,
    /// The key's name for people, such as `↑`, `z` or `PageDown`.
    pub label: &'static str,
}

/// Make a binding of a key pressed without Ctrl.
const fn bind(code: KeyCode, action: GameAction, label: &'static str) -> KeyBinding {
    KeyBinding {
        key: Key::plain(code),
        action,
        label,
    }
}

/// Make a binding of a key pressed with Ctrl.
const fn bind_ctrl(code: KeyCode, action: GameAction, label: &'static str) -> KeyBinding {
    KeyBinding {
        key: Key::ctrl(code),
        action,
        label,
    }
}

use GameAction::{
    Drop, GoOn, Grab, NextLevel, PreviousLevel, Quit, Redo, Restart, SwingLeft, SwingRight, Undo,
};
const UP: GameAction = GameAction::Move(GridDir::Up);
const DOWN: GameAction = GameAction::Move(GridDir::Down);
const LEFT: GameAction = GameAction::Move(GridDir::Left);
const RIGHT: GameAction = GameAction::Move(GridDir::Right);

/// Every key the terminal game answers to, one line a binding, in the order
/// the help lists them. Letters match in either case; a key not listed does
/// nothing. These are not the MOVES letters of `replay` (`u` is undo here,
/// up there), though grab, drop and the swings share theirs (`g p [ ]`);
/// `q` stays quit, so the swings have no `q`/`e` pair, and the previous
/// level moved from `p` to `b`.
pub const KEY_BINDINGS: &[KeyBinding] = &[
    bind(KeyCode::Up, UP, "↑"),
    bind(KeyCode::Char('w'), UP, "w"),
    bind(KeyCode::Char('k'), UP, "k"),
    bind(KeyCode::Down, DOWN, "↓"),
    bind(KeyCode::Char('s'), DOWN, "s"),
    bind(KeyCode::Char('j'), DOWN, "j"),
    bind(KeyCode::Left, LEFT, "←"),
    bind(KeyCode::Char('a'), LEFT, "a"),
    bind(KeyCode::Char('h'), LEFT, "h"),
    bind(KeyCode::Right, RIGHT, "→"),
    bind(KeyCode::Char('d'), RIGHT, "d"),
    bind(KeyCode::Char('l'), RIGHT, "l"),
    bind(KeyCode::Char('g'), Grab, "g"),
    bind(KeyCode::Char('p'), Drop, "p"),
    bind(KeyCode::Char('['), SwingLeft, "["),
    bind(KeyCode::Char(']'), SwingRight, "]"),
    bind(KeyCode::Char('z'), Undo, "z"),
    bind(KeyCode::Char('u'), Undo, "u"),
    bind(KeyCode::Backspace, Undo, "Backspace"),
    bind(KeyCode::Char('y'), Redo, "y"),
    bind(KeyCode::Char('r'), Restart, "r"),
    bind(KeyCode::Char('n'), NextLevel, "n"),
    bind(KeyCode::PageDown, NextLevel, "PageDown"),
    bind(KeyCode::Char('b'), PreviousLevel, "b"),
    bind(KeyCode::PageUp, PreviousLevel, "PageUp"),
    bind(KeyCode::Enter, GoOn, "Enter"),
    bind(KeyCode::Char(' '), GoOn, "Space"),
    bind(KeyCode::Char('q'), Quit, "q"),
    bind(KeyCode::Esc, Quit, "Esc"),
    bind_ctrl(KeyCode::Char('c'), Quit, "Ctrl-C"),
];

/// Return what a key press does in the game, if anything.
///
/// It is the action of the key's binding in [`KEY_BINDINGS`]; a key that has
/// none, and a key release, do nothing.
pub fn action_for(event: KeyEvent) -> Option<GameAction> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    let key = Key::of(event);
    KEY_BINDINGS.iter().find(|b| b.key == key).map(|b| b.action)
}

/// One line of the key legend: the keys of one action and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendLine {
    /// The keys' labels, space-separated, in table order.
    pub keys: String,
    /// What they do ([`GameAction::description`]).
    pub description: &'static str,
}

/// Return the key legend: one line per action, with every key bound to it.
///
/// Lines come in the order the table first names each action description.
///
/// The side panel (`play/ui.rs`) and `play --help` both draw from it.
pub fn key_legend() -> Vec<LegendLine> {
    let mut lines: Vec<LegendLine> = Vec::new();
    for b in KEY_BINDINGS {
        let description = b.action.description();
        match lines.iter_mut().find(|l| l.description == description) {
            Some(line) => {
                line.keys.push(' ');
                line.keys.push_str(b.label);
            }
            None => lines.push(LegendLine {
                keys: b.label.to_owned(),
                description,
            }),
        }
    }
    lines
}

/// Return the keys for `play --help`: the legend, one `KEYS: what` a line.
pub fn keys_help() -> String {
    let mut text = String::from("Keys:");
    for line in key_legend() {
        text.push_str(&format!("\n  {}: {}", line.keys, line.description));
    }
    text
}

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

    /// Handle one key press: the action [`KEY_BINDINGS`] gives it, if any.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.message = None;
        if let Some(action) = action_for(key) {
            self.act(action);
        }
    }

    /// Do one game action.
    pub fn act(&mut self, action: GameAction) {
        let solved = self.game.is_solved();
        match action {
            GameAction::Move(dir) => self.step(Input::Move(dir), solved),
            GameAction::Grab => self.step(Input::Grab, solved),
            GameAction::Drop => self.step(Input::Drop, solved),
            GameAction::SwingLeft => self.step(Input::SwingLeft, solved),
            GameAction::SwingRight => self.step(Input::SwingRight, solved),
            GameAction::Undo => self.command(Command::Undo),
            GameAction::Redo => self.command(Command::Redo),
            GameAction::Restart => self.command(Command::Restart),
            GameAction::NextLevel => self.go_to_next(),
            GameAction::PreviousLevel => self.go_to(self.prev_index()),
            GameAction::GoOn => {
                if solved {
                    self.go_to_next();
                }
            }
            GameAction::Quit => self.quit = true,
        }
    }

    /// Play one input, unless the level is solved (the banner is up).
    fn step(&mut self, input: Input, solved: bool) {
        if solved {
            self.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        self.command(Command::Step(input));
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
