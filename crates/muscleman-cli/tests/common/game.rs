//! Games built from level text, and keys pressed in a game, the editor or
//! a watched file.

use muscleman_cli::edit::EditApp;
use muscleman_cli::play::App;
use muscleman_cli::play::watch::Watch;
use muscleman_cli::progress::Progress;
use muscleman_level::{Collection, Level};
use muscleman_sim::Rules;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Return the levels of a collection's text.
pub fn levels(text: &str) -> Vec<Level> {
    Collection::parse(text).expect("levels").levels
}

/// A game of `levels` called `title`, at level `start`, under `rules`,
/// its progress kept in memory only.
pub fn app_titled(title: &str, levels: Vec<Level>, start: usize, rules: Rules) -> App {
    App::new(levels, start, title, rules, Progress::in_memory()).expect("app")
}

/// A game of `levels` called "Test", at level `start`, under `rules`, its
/// progress kept in memory only.
pub fn app_at(levels: Vec<Level>, start: usize, rules: Rules) -> App {
    app_titled("Test", levels, start, rules)
}

/// A game of `text`'s levels called "Test", at the first, under `rules`.
pub fn app_under(rules: Rules, text: &str) -> App {
    app_at(levels(text), 0, rules)
}

/// A game of `text`'s levels called "Test", at the first, under Muscleman
/// rules.
pub fn app_of(text: &str) -> App {
    app_under(Rules::MUSCLEMAN, text)
}

/// What takes keys: the game, the editor, a watched file.
pub trait TakesKeys {
    /// Take one key event.
    fn take(&mut self, key: KeyEvent);
}

impl TakesKeys for App {
    fn take(&mut self, key: KeyEvent) {
        self.handle_key(key);
    }
}

impl TakesKeys for EditApp {
    fn take(&mut self, key: KeyEvent) {
        self.handle_key(key);
    }
}

impl TakesKeys for Watch {
    fn take(&mut self, key: KeyEvent) {
        self.handle_key(key);
    }
}

/// Press `code` with no modifier.
pub fn key(app: &mut impl TakesKeys, code: KeyCode) {
    app.take(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Type `text`, a key a character.
pub fn keys(app: &mut impl TakesKeys, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}
