//! The game's state and its key handling (the bindings are `keys.rs`'s
//! table), with no terminal: testable headlessly.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

use muscleman_core::{GridPos, Input};
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};

use super::hint::{self, HintAnswer};
use super::keys::{GameAction, Key, action_for};
use super::mouse;
use crate::progress::{Improvement, LevelRecord, Progress, RulesProgress, level_key, set_key};
use crate::saves::Saves;
use crate::solution::moves_of;

/// What the banner says about the last solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveNote {
    /// What the solve improved in the level's record.
    pub improvement: Improvement,
}

/// What covers the board, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the game.
    None,
    /// The list of levels, with the one under the cursor.
    Browser {
        /// The 0-based level under the cursor.
        selected: usize,
    },
    /// The help: goal, rules, keys.
    Help,
}

/// Moves being played back on the board, one per tick.
#[derive(Clone, Debug)]
pub struct Playback {
    /// The commands still to play, in order.
    pub(crate) commands: Vec<Command>,
    /// How many are played.
    pub(crate) done: usize,
    /// Where the moves came from, for the status line.
    pub(crate) what: String,
}

/// The playback speeds, in moves a second; the default is the third.
pub const SPEEDS: [u32; 7] = [2, 5, 10, 20, 40, 80, 160];
const DEFAULT_SPEED: usize = 2;

/// A hint being searched for in the background.
#[derive(Debug)]
pub(crate) struct HintJob {
    pub(crate) answer: Receiver<HintAnswer>,
    pub(crate) cancel: Arc<AtomicBool>,
    /// The state it was asked for: an answer for another state is dropped.
    pub(crate) state: u64,
}

/// Where the board was drawn, to read mouse clicks: the screen cell of the
/// level cell `origin`, and how many columns a cell takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMap {
    /// The screen area the level took.
    pub x: u16,
    /// Its top row.
    pub y: u16,
    /// Its width in columns.
    pub width: u16,
    /// Its height in rows.
    pub height: u16,
    /// The level cell drawn at (`x`, `y`).
    pub origin: GridPos,
    /// Columns a cell takes (1 or 2).
    pub cell_width: u16,
}

/// The game: a list of levels, the one being played, and the player's progress.
///
/// Keys go in through [`App::handle_key`]; [`super::ui::draw`] renders it
/// into any ratatui `Frame` (a real terminal or a `TestBackend`).
#[derive(Debug)]
pub struct App {
    pub(crate) levels: Vec<Level>,
    pub(crate) set_name: String,
    pub(crate) set_key: String,
    pub(crate) index: usize,
    pub(crate) game: Game,
    pub(crate) rules: Rules,
    pub(crate) progress: Progress,
    pub(crate) saves: Saves,
    pub(crate) color: bool,
    pub(crate) message: Option<String>,
    pub(crate) solve_note: Option<SolveNote>,
    pub(crate) overlay: Overlay,
    pub(crate) playback: Option<Playback>,
    pub(crate) speed: usize,
    pub(crate) hint: Option<HintJob>,
    /// The box the mouse picked, to push to the next cell clicked.
    pub(crate) picked: Option<GridPos>,
    /// The cells the last hint walks the player through, up to its first
    /// push (the push's cell last), shown until the position changes.
    pub(crate) hint_cells: Vec<GridPos>,
    pub(crate) board: Cell<Option<BoardMap>>,
    /// Where the level list drew its rows: screen rect and first level.
    pub(crate) list: Cell<Option<(ratatui::layout::Rect, usize)>>,
    /// Text for the terminal's clipboard (OSC 52), taken by the loop.
    clipboard: Option<String>,
    /// The game changed since it was last kept.
    dirty: bool,
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
            rules: game.rules(),
            set_key: set_key(&levels),
            levels,
            set_name: set_name.into(),
            index,
            game,
            progress,
            saves: Saves::none(),
            color: true,
            message: None,
            solve_note: None,
            overlay: Overlay::None,
            playback: None,
            speed: DEFAULT_SPEED,
            hint: None,
            picked: None,
            hint_cells: Vec::new(),
            board: Cell::new(None),
            list: Cell::new(None),
            clipboard: None,
            dirty: false,
            quit: false,
        };
        app.record_if_solved();
        app
    }

    /// Keep positions in `saves`; with `restore`, go to the kept position
    /// of the level being played.
    pub fn set_saves(&mut self, saves: Saves, restore: bool) {
        self.saves = saves;
        if restore {
            self.restore_current();
        }
    }

    /// Return the index of the level this set was left at under these
    /// rules, if it is one of its levels.
    pub fn last_played(&self) -> Option<usize> {
        let key = self.progress.last_played(&self.set_key, self.rules)?;
        self.levels.iter().position(|l| level_key(l) == key)
    }

    /// Return whether this set was ever played under these rules.
    pub fn was_played(&self) -> bool {
        self.progress
            .last_played(&self.set_key, self.rules)
            .is_some()
    }

    /// Open the level browser with the cursor on the level being played.
    pub fn open_browser(&mut self) {
        self.overlay = Overlay::Browser {
            selected: self.index,
        };
    }

    /// Return what covers the board.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// Turn colours on or off (off is the plain look for `NO_COLOR`).
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
    }

    /// Show a message in the status line until the next key.
    pub fn set_message(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    /// Return the status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
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

    /// Return the rules being played by.
    pub fn rules(&self) -> Rules {
        self.rules
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

    /// Return whether moves are being played back.
    pub fn is_playing_back(&self) -> bool {
        self.playback.is_some()
    }

    /// Return whether a hint is being searched for.
    pub fn is_hinting(&self) -> bool {
        self.hint.is_some()
    }

    /// Return the time between two played-back moves.
    pub fn tick_interval(&self) -> Duration {
        let per_second = SPEEDS.get(self.speed).copied().unwrap_or(10).max(1);
        Duration::from_millis(1000 / u64::from(per_second))
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
        self.message = None;
        match self.overlay {
            Overlay::Browser { selected } => {
                self.browser_key(key, selected);
                return;
            }
            Overlay::Help => {
                // Any key closes the help; quitting keys quit too.
                self.overlay = Overlay::None;
                if action_for(key) == Some(GameAction::Quit) && key.code != KeyCode::Esc {
                    self.act(GameAction::Quit);
                }
                return;
            }
            Overlay::None => {}
        }
        let action = action_for(key);
        if self.playback.is_some() {
            match action {
                Some(GameAction::Faster) => self.act(GameAction::Faster),
                Some(GameAction::Slower) => self.act(GameAction::Slower),
                Some(GameAction::Quit) if key.code != KeyCode::Esc => self.act(GameAction::Quit),
                _ => {
                    self.playback = None;
                    self.message = Some("Playback stopped: z undoes its moves".to_owned());
                }
            }
            return;
        }
        if let Some(action) = action {
            self.act(action);
        }
    }

    fn browser_key(&mut self, key: KeyEvent, selected: usize) {
        let last = self.levels.len().saturating_sub(1);
        let selected = match Key::of(key).code {
            KeyCode::Up | KeyCode::Char('k' | 'w') => selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j' | 's') => (selected + 1).min(last),
            KeyCode::PageUp => selected.saturating_sub(10),
            KeyCode::PageDown => (selected + 10).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            KeyCode::Enter | KeyCode::Char(' ') => {
                self.overlay = Overlay::None;
                if selected != self.index {
                    self.go_to(selected);
                }
                return;
            }
            KeyCode::Esc | KeyCode::Tab => {
                self.overlay = Overlay::None;
                return;
            }
            KeyCode::Char('q') => {
                self.overlay = Overlay::None;
                self.act(GameAction::Quit);
                return;
            }
            KeyCode::Char('c') if Key::of(key).ctrl => {
                self.act(GameAction::Quit);
                return;
            }
            _ => selected,
        };
        self.overlay = Overlay::Browser { selected };
    }

    /// Do one game action.
    pub fn act(&mut self, action: GameAction) {
        let solved = self.game.is_solved();
        if !matches!(action, GameAction::Hint | GameAction::Help) {
            self.picked = None;
        }
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
            GameAction::Levels => self.open_browser(),
            GameAction::Help => self.overlay = Overlay::Help,
            GameAction::Hint => self.ask_hint(),
            GameAction::CopyMoves => self.copy_moves(),
            GameAction::PlayBack => self.play_best(),
            GameAction::Faster => self.change_speed(1),
            GameAction::Slower => self.change_speed(-1),
            GameAction::Quit => {
                self.keep();
                self.quit = true;
            }
        }
    }

    fn change_speed(&mut self, by: isize) {
        let last = SPEEDS.len() - 1;
        self.speed = self.speed.saturating_add_signed(by).min(last);
        let per_second = SPEEDS.get(self.speed).copied().unwrap_or(10);
        self.message = Some(format!("Playback speed: {per_second} moves a second"));
    }

    /// Play one input, unless the level is solved (the banner is up).
    fn step(&mut self, input: Input, solved: bool) {
        if solved {
            self.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        self.command(Command::Step(input));
    }

    pub(crate) fn command(&mut self, command: Command) {
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
        self.dirty = true;
        self.hint_cells.clear();
        // A hint for another position is no use: stop its search.
        if self
            .hint
            .as_ref()
            .is_some_and(|job| job.state != self.game.state_hash())
            && let Some(job) = self.hint.take()
        {
            job.cancel.store(true, Ordering::Relaxed);
            self.message = Some("Hint dropped: the position changed".to_owned());
        }
        match command {
            Command::Undo if nothing_to_do => self.message = Some("Nothing to undo".to_owned()),
            Command::Redo if nothing_to_do => self.message = Some("Nothing to redo".to_owned()),
            _ => {}
        }
        let solved = self.game.is_solved();
        if solved && !was_solved {
            self.record_if_solved();
        } else if !solved {
            self.solve_note = None;
        }
    }

    /// Record the game's solve, with its moves, if it is solved.
    fn record_if_solved(&mut self) {
        if !self.game.is_solved() {
            return;
        }
        let stats = self.game.stats();
        let moves = moves_of(&self.game);
        match self.progress.record_solution(
            self.game.level(),
            self.rules,
            stats.moves,
            stats.pushes,
            Some(&moves),
        ) {
            Ok(improvement) => self.solve_note = Some(SolveNote { improvement }),
            Err(e) => {
                self.solve_note = None;
                self.message = Some(format!("progress not saved: {e}"));
            }
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

    /// Keep the position of the level being played (its save), and
    /// remember it as the level last played. A failure is shown.
    pub fn keep(&mut self) {
        let mut problems = Vec::new();
        if self.dirty {
            match self.saves.store(&self.game) {
                Ok(()) => self.dirty = false,
                Err(e) => problems.push(e),
            }
        }
        if let Err(e) = self
            .progress
            .set_last_played(&self.set_key, self.rules, self.game.level())
        {
            problems.push(e);
        }
        if !problems.is_empty() {
            self.message = Some(format!("position not saved: {}", problems.join("; ")));
        }
    }

    /// Keep the position if it changed since it was last kept (the game
    /// loop calls this when no key came for a while).
    pub fn keep_if_changed(&mut self) {
        if self.dirty {
            self.keep();
        }
    }

    /// Go to level `index` (0-based): where it was left, or its start. The
    /// position of the level left is kept first.
    pub fn go_to(&mut self, index: usize) {
        if index >= self.levels.len() {
            return;
        }
        self.keep();
        self.stop_background();
        let Some(level) = self.levels.get(index) else {
            return;
        };
        match Game::new(level, self.rules) {
            Ok(game) => {
                self.game = game;
                self.index = index;
                self.solve_note = None;
                self.dirty = false;
                self.restore_current();
            }
            Err(e) => self.message = Some(format!("level {} cannot be played: {e}", index + 1)),
        }
    }

    /// Replace the fresh game with its kept position, if there is one.
    fn restore_current(&mut self) {
        match self.saves.restore(self.game.level(), self.rules) {
            Ok(Some(game)) => {
                let moves = game.stats().moves;
                self.game = game;
                self.dirty = false;
                if moves > 0 {
                    self.message = Some(format!(
                        "Back where you left it ({moves} moves): r restarts, z undoes"
                    ));
                }
                self.record_if_solved();
                self.solve_note = None;
            }
            Ok(None) => {}
            Err(e) => self.message = Some(e),
        }
        if let Err(e) = self
            .progress
            .set_last_played(&self.set_key, self.rules, self.game.level())
        {
            self.message = Some(format!("progress not saved: {e}"));
        }
    }

    fn stop_background(&mut self) {
        self.playback = None;
        self.hint_cells.clear();
        if let Some(job) = self.hint.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Put the moves from the start to here on the clipboard, as LURD.
    fn copy_moves(&mut self) {
        let moves = moves_of(&self.game);
        if moves.is_empty() {
            self.message = Some("No moves to copy yet".to_owned());
            return;
        }
        self.message = Some(format!(
            "Copied {} moves as LURD to the clipboard (OSC 52)",
            moves.chars().count()
        ));
        self.clipboard = Some(moves);
    }

    /// Play back the best solution kept for this level.
    fn play_best(&mut self) {
        let Some(solution) = self.progress.solution(self.game.level(), self.rules) else {
            self.message = Some("No solution kept yet: solve the level, or paste LURD".to_owned());
            return;
        };
        let text = solution.moves.clone();
        self.start_playback(&text, "your best solution");
    }

    /// Play back pasted text as MOVES from the level's start.
    pub fn paste(&mut self, text: &str) {
        self.message = None;
        if self.overlay != Overlay::None {
            return;
        }
        self.start_playback(text, "the pasted moves");
    }

    /// Play back `text` (MOVES letters) from the level's start, one move a
    /// tick; a restart first, so `z` brings the position back.
    pub fn start_playback(&mut self, text: &str, what: &str) {
        let commands = match crate::moves::parse(text) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(format!("Not moves: {e}"));
                return;
            }
        };
        if commands.is_empty() {
            self.message = Some("No moves to play back".to_owned());
            return;
        }
        self.stop_background();
        self.command(Command::Restart);
        self.playback = Some(Playback {
            commands,
            done: 0,
            what: what.to_owned(),
        });
    }

    /// Play the next move of the playback, if any; return whether one was played.
    pub fn tick(&mut self) -> bool {
        let Some(mut playback) = self.playback.take() else {
            return false;
        };
        let Some(&command) = playback.commands.get(playback.done) else {
            return false;
        };
        playback.done += 1;
        let before = self.game.is_solved();
        self.command(command);
        let finished = playback.done >= playback.commands.len();
        if finished {
            let verdict = if self.game.is_solved() {
                "solved"
            } else if before {
                "solved before its end"
            } else {
                "not solved"
            };
            self.message = Some(format!(
                "Played back {} ({} moves): {verdict}",
                playback.what,
                playback.commands.len()
            ));
        } else {
            self.playback = Some(playback);
        }
        true
    }

    /// Ask the solver, in the background, for the moves from here.
    fn ask_hint(&mut self) {
        if self.game.is_solved() {
            self.message = Some("Already solved: Enter goes on".to_owned());
            return;
        }
        if let Some(job) = self.hint.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
        match hint::start(&self.game) {
            Ok((answer, cancel)) => {
                self.hint = Some(HintJob {
                    answer,
                    cancel,
                    state: self.game.state_hash(),
                });
                self.message = Some("Looking for a hint...".to_owned());
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Take the hint's answer if it came; return whether the screen changed.
    pub fn poll_hint(&mut self) -> bool {
        let Some(job) = &self.hint else {
            return false;
        };
        let answer = match job.answer.try_recv() {
            Ok(a) => a,
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => HintAnswer::NotFound("the search stopped".into()),
        };
        let same = job.state == self.game.state_hash();
        self.hint = None;
        if same {
            self.message = Some(answer.message());
            if let HintAnswer::Moves { letters, .. } = &answer {
                self.hint_cells = hint::cells(&self.game, letters);
            }
        }
        true
    }

    /// Wait for the hint's answer (tests): at most `limit`.
    pub fn wait_for_hint(&mut self, limit: Duration) {
        let start = std::time::Instant::now();
        while self.hint.is_some() && start.elapsed() < limit {
            if !self.poll_hint() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }

    /// Handle a mouse event: a click on a cell walks there, a click on a
    /// box picks it, and the next click pushes it to that cell.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        if event.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        self.message = None;
        if let Overlay::Browser { .. } = self.overlay {
            // A click on a level's row plays it.
            if let Some((rect, first)) = self.list.get()
                && rect.contains(ratatui::layout::Position::new(event.column, event.row))
            {
                let index = first + usize::from(event.row - rect.y);
                if index < self.levels.len() {
                    self.overlay = Overlay::None;
                    if index != self.index {
                        self.go_to(index);
                    }
                }
            }
            return;
        }
        if self.overlay != Overlay::None || self.playback.is_some() {
            return;
        }
        let Some(at) = self.cell_at(event.column, event.row) else {
            self.picked = None;
            return;
        };
        self.click(at);
    }

    /// Return the level cell drawn at a screen position, if the board is there.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<GridPos> {
        let map = self.board.get()?;
        if column < map.x
            || row < map.y
            || column >= map.x.saturating_add(map.width)
            || row >= map.y.saturating_add(map.height)
        {
            return None;
        }
        let dx = i32::from((column - map.x) / map.cell_width.max(1));
        let dy = i32::from(row - map.y);
        Some(GridPos::new(
            map.origin.x.saturating_add(dx),
            map.origin.y.saturating_add(dy),
        ))
    }

    /// Act on a click on the level cell `at` (see [`App::handle_mouse`]).
    pub fn click(&mut self, at: GridPos) {
        if self.game.is_solved() {
            self.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        let plan = match self.picked.take() {
            Some(from) if from != at => mouse::push_path(&self.game, from, at),
            Some(_) => {
                self.message = Some("Box put down: click another".to_owned());
                return;
            }
            None if mouse::is_box(&self.game, at) => {
                self.picked = Some(at);
                self.message = Some("Box picked: click where to push it".to_owned());
                return;
            }
            None => mouse::walk_path(&self.game, at),
        };
        match plan {
            Ok(dirs) => {
                for dir in dirs {
                    let expected = mouse::player(&self.game).map(|p| p.step(dir));
                    self.command(Command::Step(Input::Move(dir)));
                    if self.game.is_solved() {
                        break;
                    }
                    if mouse::player(&self.game) != expected {
                        self.message =
                            Some("Stopped: the way was not as the board showed".to_owned());
                        break;
                    }
                }
            }
            Err(why) => self.message = Some(why),
        }
    }
}
