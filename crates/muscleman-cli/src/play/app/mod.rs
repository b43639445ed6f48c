//! The game's state and its key handling (the bindings are `keys.rs`'s
//! table), with no terminal: testable headlessly. [`App`] holds its state
//! in parts by concern (the set of levels, the game being played, what is
//! kept between runs, the playback, the hint, the screen); `background.rs`
//! adds what runs beside the keys (playback, the hint), `pointer.rs`
//! the mouse, `sounds.rs` the wait key and what a step's sounds show (the
//! bump's flash and bell, quacks), and `collections.rs` the collections
//! the level list switches between, and the pars.

mod background;
mod collections;
mod going;
mod inspect;
mod notices;
mod overlays;
mod pointer;
mod sounds;

use std::time::Duration;

use muscleman_core::Input;
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules, View};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use super::keys::{GameAction, Key, action_for};
use super::names::floor_label;
use super::playback::Playing;
use super::screen::{Overlay, Screen};
use super::session::{LevelSet, Session, Store};
use super::shelf::Shelf;
use crate::diagnose::count;
use crate::progress::{LevelRecord, Progress, RulesProgress};
use crate::saves::Saves;
use crate::solution::moves_of;
use muscleman_play::hint::Hints;

/// The game: a list of levels, the one being played, and the player's progress.
///
/// Keys go in through [`App::handle_key`]; [`super::ui::draw`] renders it
/// into any ratatui `Frame` (a real terminal or a `TestBackend`).
#[derive(Debug)]
pub struct App {
    /// The set of levels being played.
    pub(crate) set: LevelSet,
    /// The other collections the level list offers (← →), if any.
    pub(crate) shelf: Shelf,
    /// The game being played.
    pub(crate) session: Session,
    /// What is kept between runs: progress and positions.
    pub(crate) store: Store,
    /// Moves being played back, and how fast.
    pub(crate) playing: Playing,
    /// The hint being searched for, and the cells of the last one.
    pub(crate) hints: Hints,
    /// The overlay, the status line, colours and what the mouse needs.
    pub(crate) screen: Screen,
    /// Text for the terminal's clipboard (OSC 52), taken by the loop.
    clipboard: Option<String>,
    /// The player asked to quit.
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
    ///
    /// A game that is solved counts as a solve of its level.
    pub fn with_game(
        levels: Vec<Level>,
        index: usize,
        set_name: impl Into<String>,
        game: Game,
        progress: Progress,
    ) -> App {
        let mut app = App {
            set: LevelSet::new(levels, set_name.into()),
            shelf: Shelf::default(),
            session: Session {
                rules: game.rules(),
                game,
                index,
                solve_note: None,
                dirty: false,
            },
            store: Store {
                progress,
                saves: Saves::none(),
            },
            playing: Playing::new(),
            hints: Hints::default(),
            screen: Screen::new(),
            clipboard: None,
            quit: false,
        };
        app.record_if_solved();
        app
    }

    /// Keep positions in `saves`; with `restore`, go to the kept position
    /// of the level being played.
    pub fn set_saves(&mut self, saves: Saves, restore: bool) {
        self.store.saves = saves;
        if restore {
            self.restore_current();
        }
    }

    /// Return the index of the level this set was left at under these
    /// rules, if it is one of its levels.
    pub fn last_played(&self) -> Option<usize> {
        let key = self
            .store
            .progress
            .last_played(&self.set.key, self.session.rules)?;
        self.set.position(key)
    }

    /// Return whether this set was ever played under these rules.
    pub fn was_played(&self) -> bool {
        self.store
            .progress
            .last_played(&self.set.key, self.session.rules)
            .is_some()
    }

    /// Open the level browser with the cursor on the level being played.
    pub fn open_browser(&mut self) {
        self.screen.overlay = Overlay::Browser {
            selected: self.session.index,
        };
    }

    /// Return what covers the board.
    pub fn overlay(&self) -> Overlay {
        self.screen.overlay
    }

    /// Turn colours on or off (off is the plain look for `NO_COLOR`).
    pub fn set_color(&mut self, color: bool) {
        self.screen.color = color;
    }

    /// Show a message in the status line until the next key.
    pub fn set_message(&mut self, message: impl Into<String>) {
        self.screen.message = Some(message.into());
    }

    /// Return the status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.screen.message.as_deref()
    }

    /// Return whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Return the game being played.
    pub fn game(&self) -> &Game {
        &self.session.game
    }

    /// Return the 0-based index of the level being played.
    pub fn level_index(&self) -> usize {
        self.session.index
    }

    /// Return the number of levels.
    pub fn level_count(&self) -> usize {
        self.set.levels.len()
    }

    /// Return the level being played, as it began.
    pub fn level(&self) -> &Level {
        self.session.game.level()
    }

    /// Return the level being played as the set lists it: its title and
    /// metadata are the set's (a kept position's level may carry older
    /// ones: they are no part of a level's key), its cells the same.
    pub fn listed_level(&self) -> &Level {
        self.set
            .levels
            .get(self.session.index)
            .unwrap_or_else(|| self.session.game.level())
    }

    /// Give the level being played the title and metadata of `level`, the
    /// same board read again (`play --watch`): the game goes on.
    pub fn relabel(&mut self, level: Level) {
        if let Some(listed) = self.set.levels.get_mut(self.session.index) {
            *listed = level;
        }
    }

    /// Return the rules being played by.
    pub fn rules(&self) -> Rules {
        self.session.rules
    }

    /// Return the progress under the rules being played.
    pub fn progress(&self) -> RulesProgress<'_> {
        self.store.progress.under(self.session.rules)
    }

    /// Return the record of the level being played, under the rules being played.
    pub fn record(&self) -> Option<LevelRecord> {
        self.store
            .progress
            .get(self.session.game.level(), self.session.rules)
    }

    /// Return whether the level being played is solved (the banner is up).
    pub fn is_solved(&self) -> bool {
        self.session.game.is_solved()
    }

    /// Return whether moves are being played back.
    pub fn is_playing_back(&self) -> bool {
        self.playing.current.is_some()
    }

    /// Return whether a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.hints.job.is_some()
    }

    /// Return the time between two played-back moves.
    pub fn tick_interval(&self) -> Duration {
        self.playing.tick_interval()
    }

    /// Take the text the game wants on the clipboard, if any.
    pub fn take_clipboard(&mut self) -> Option<String> {
        self.clipboard.take()
    }

    /// Handle one key press: the action [`KEY_BINDINGS`](super::keys::KEY_BINDINGS) gives it, if any.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if self.screen.too_small.get() {
            // The screen shows only that it is too small: quitting keys
            // quit, others change nothing unseen.
            if action_for(key) == Some(GameAction::Quit) {
                self.act(GameAction::Quit);
            }
            return;
        }
        self.screen.message = None;
        self.screen.flash = false;
        if std::mem::take(&mut self.screen.asking_quit) {
            // The answer to Esc's question: y or q quits, any other key
            // plays on and does nothing else.
            let key = Key::of(key);
            if matches!(key.code, KeyCode::Char('y' | 'q')) || key == Key::ctrl(KeyCode::Char('c'))
            {
                self.act(GameAction::Quit);
            } else {
                self.screen.message = Some("Still playing (q quits)".to_owned());
            }
            return;
        }
        match self.screen.overlay {
            Overlay::Browser { selected } => {
                self.browser_key(key, selected);
                return;
            }
            Overlay::Help => {
                self.help_key(key);
                return;
            }
            Overlay::Intro => {
                self.intro_key(key);
                return;
            }
            Overlay::None => {}
        }
        let action = action_for(key);
        if self.screen.inspecting.is_some()
            && self.playing.current.is_none()
            && self.inspect_key(key, action)
        {
            return;
        }
        if self.playing.current.is_some() {
            match action {
                Some(GameAction::Faster) => self.act(GameAction::Faster),
                Some(GameAction::Slower) => self.act(GameAction::Slower),
                Some(GameAction::Quit) => self.act(GameAction::Quit),
                _ => {
                    self.playing.current = None;
                    self.screen.message = Some("Playback stopped: z undoes its moves".to_owned());
                }
            }
            return;
        }
        if let Some(action) = action {
            self.act(action);
        }
    }

    fn browser_key(&mut self, key: KeyEvent, selected: usize) {
        let last = self.set.levels.len().saturating_sub(1);
        let selected = match Key::of(key).code {
            KeyCode::Up | KeyCode::Char('k' | 'w') => selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j' | 's') => (selected + 1).min(last),
            KeyCode::PageUp => selected.saturating_sub(10),
            KeyCode::PageDown => (selected + 10).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            KeyCode::Left | KeyCode::Char('h' | 'a') => {
                self.step_collection(-1);
                return;
            }
            KeyCode::Right | KeyCode::Char('l' | 'd') => {
                self.step_collection(1);
                return;
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                self.screen.overlay = Overlay::None;
                if selected != self.session.index {
                    self.go_to(selected);
                } else {
                    self.introduce();
                }
                return;
            }
            KeyCode::Esc | KeyCode::Tab => {
                self.screen.overlay = Overlay::None;
                return;
            }
            KeyCode::Char('q') => {
                self.screen.overlay = Overlay::None;
                self.act(GameAction::Quit);
                return;
            }
            KeyCode::Char('c') if Key::of(key).ctrl => {
                self.act(GameAction::Quit);
                return;
            }
            _ => selected,
        };
        self.screen.overlay = Overlay::Browser { selected };
    }

    /// Do one game action.
    pub fn act(&mut self, action: GameAction) {
        let solved = self.session.game.is_solved();
        if !matches!(action, GameAction::Hint | GameAction::Help) {
            self.screen.picked = None;
        }
        if !matches!(
            action,
            GameAction::LookFloor | GameAction::Help | GameAction::Inspect
        ) {
            self.screen.looking = None;
        }
        match action {
            GameAction::Step(Input::Wait) => self.wait(solved),
            GameAction::Step(input) => self.step(input, solved),
            GameAction::Bell => self.toggle_bell(),
            GameAction::Undo => self.command(Command::Undo),
            GameAction::Redo => self.command(Command::Redo),
            GameAction::Restart => self.command(Command::Restart),
            GameAction::NextLevel => self.go_to_next(),
            GameAction::PreviousLevel => self.go_to(self.set.before(self.session.index)),
            GameAction::GoOn => {
                if solved {
                    self.go_on();
                }
            }
            GameAction::Levels => self.open_browser(),
            GameAction::Help => self.screen.overlay = Overlay::Help,
            GameAction::Hint => self.ask_hint(),
            GameAction::LookFloor => self.look_floor(),
            GameAction::Inspect => self.toggle_inspect(),
            GameAction::CopyMoves => self.copy_moves(),
            GameAction::PlayBack => self.play_best(),
            GameAction::Faster => self.change_speed(1),
            GameAction::Slower => self.change_speed(-1),
            GameAction::Quit => {
                self.keep();
                self.quit = true;
            }
            GameAction::AskQuit => {
                self.screen.asking_quit = true;
                self.screen.message = Some("Quit? y or q quits, any other key plays on".to_owned());
            }
        }
    }

    fn change_speed(&mut self, by: isize) {
        self.playing.change_speed(by);
        let per_second = self.playing.per_second();
        self.screen.message = Some(format!("Playback speed: {per_second} moves a second"));
    }

    /// Play one input, unless the level is solved (the banner is up).
    fn step(&mut self, input: Input, solved: bool) {
        if solved {
            self.screen.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        self.command(Command::Step(input));
    }

    /// Return the floor the board shows: the one looked at, or the
    /// player's.
    pub fn shown_floor(&self, view: &View) -> u32 {
        self.screen.looking.unwrap_or_else(|| view.player_floor())
    }

    /// Show the next floor (the first after the last); back on the
    /// player's, stop looking.
    fn look_floor(&mut self) {
        let view = self.session.game.view();
        let count = view.floor_count();
        if count < 2 {
            self.screen.message = Some("This level has one floor".to_owned());
            return;
        }
        let next = self.shown_floor(&view) % count + 1;
        self.screen.looking = (next != view.player_floor()).then_some(next);
        self.screen.message = Some(match self.screen.looking {
            Some(f) => format!("Looking at {} · f: the next", floor_label(&view, f)),
            None => format!("Back to your {}", floor_label(&view, next)),
        });
    }

    pub(crate) fn command(&mut self, command: Command) {
        let was_solved = self.session.game.is_solved();
        let floors = self.level().floor_count() > 1;
        let floor_before = floors.then(|| self.session.game.view().player_floor());
        let nothing_to_do = match command {
            Command::Undo => self.session.game.undo_depth() == 0,
            Command::Redo => self.session.game.redo_depth() == 0,
            _ => false,
        };
        // What a step uses up is named as it was before it.
        let before =
            matches!(command, Command::Step(_) | Command::Redo).then(|| self.session.game.view());
        let events = match self.session.game.apply(command) {
            Ok(events) => events,
            Err(e) => {
                self.screen.message = Some(format!("the simulation refused that: {e}"));
                return;
            }
        };
        self.session.dirty = true;
        self.hints.cells.clear();
        // A hint for another position is no use: stop its search.
        if self.hints.drop_stale(self.session.game.state_hash()) {
            self.screen.message = Some("Hint dropped: the position changed".to_owned());
        }
        if let Some(before) = floor_before {
            let view = self.session.game.view();
            let now = view.player_floor();
            if now != before {
                let way = match command {
                    Command::Step(_) if now > before => "Up to",
                    Command::Step(_) => "Down to",
                    _ => "Back on",
                };
                self.screen.message = Some(format!("{way} {}", floor_label(&view, now)));
            }
        }
        match command {
            Command::Undo if nothing_to_do => {
                self.screen.message = Some("Nothing to undo".to_owned())
            }
            Command::Redo if nothing_to_do => {
                self.screen.message = Some("Nothing to redo".to_owned())
            }
            _ => {}
        }
        if let Some(before) = &before {
            self.notice(before, &events);
        }
        self.hear(command, &events);
        let solved = self.session.game.is_solved();
        if solved && !was_solved {
            self.record_if_solved();
        } else if !solved {
            self.session.solve_note = None;
        }
    }

    /// Record the game's solve, with its moves, if it is solved.
    fn record_if_solved(&mut self) {
        if let Err(e) = self.store.record_if_solved(&mut self.session) {
            self.screen.message = Some(e);
        }
    }

    /// Keep the position of the level being played (its save), and
    /// remember it as the level last played. A failure is shown.
    pub fn keep(&mut self) {
        if let Err(e) = self.store.keep(&mut self.session, &self.set.key) {
            self.screen.message = Some(e);
        }
    }

    /// Keep the position if it changed since it was last kept (the game
    /// loop calls this when no key came for a while).
    pub fn keep_if_changed(&mut self) {
        if self.session.dirty {
            self.keep();
        }
    }

    /// Go to level `index` (0-based): where it was left, or its start. The
    /// position of the level left is kept first.
    pub fn go_to(&mut self, index: usize) {
        if index >= self.set.levels.len() {
            return;
        }
        self.keep();
        self.stop_background();
        let Some(level) = self.set.levels.get(index) else {
            return;
        };
        match Game::new(level, self.session.rules) {
            Ok(game) => {
                self.session.game = game;
                self.session.index = index;
                self.session.solve_note = None;
                self.session.dirty = false;
                self.restore_current();
                self.introduce();
            }
            Err(e) => {
                self.screen.message = Some(format!("level {} cannot be played: {e}", index + 1))
            }
        }
    }

    /// Replace the fresh game with its kept position, if there is one.
    fn restore_current(&mut self) {
        if let Some(message) = self.store.restore(&mut self.session, &self.set.key) {
            self.screen.message = Some(message);
        }
    }

    /// Put the moves from the start to here on the clipboard, as LURD.
    fn copy_moves(&mut self) {
        let moves = moves_of(&self.session.game);
        if moves.is_empty() {
            self.screen.message = Some("No moves to copy yet".to_owned());
            return;
        }
        // The letters are inputs; the game counts moves (a grab, a drop or
        // a swing is no move): say both when they differ.
        let inputs = moves.chars().count();
        let moved = usize::try_from(self.session.game.stats().moves).unwrap_or(usize::MAX);
        let what = if inputs == moved {
            count(moved, "move", "moves")
        } else {
            format!(
                "{} ({})",
                count(inputs, "input", "inputs"),
                count(moved, "move", "moves")
            )
        };
        self.screen.message = Some(format!("Copied {what} as LURD to the clipboard (OSC 52)"));
        self.clipboard = Some(moves);
    }
}
