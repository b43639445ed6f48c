//! Keys over the help: the arrows and pages scroll a help the window cuts,
//! any other key closes it.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::play::keys::{GameAction, action_for};
use crate::play::screen::Overlay;

impl App {
    /// Handle a key while the help is up: when the help is cut, the arrows
    /// and pages scroll it; any other key closes it, and quitting keys
    /// (not Esc) quit too.
    pub(super) fn help_key(&mut self, key: KeyEvent) {
        let more = self.screen.help_more.get();
        let scroll = &mut self.screen.help_scroll;
        let page = 5;
        let moved = match key.code {
            KeyCode::Down | KeyCode::Char('j') if more > 0 => Some(scroll.saturating_add(1)),
            KeyCode::PageDown | KeyCode::Char(' ') if more > 0 => Some(scroll.saturating_add(page)),
            KeyCode::Up | KeyCode::Char('k') if more > 0 => Some(scroll.saturating_sub(1)),
            KeyCode::PageUp if more > 0 => Some(scroll.saturating_sub(page)),
            _ => None,
        };
        if let Some(to) = moved {
            *scroll = to.min(more);
            return;
        }
        self.screen.overlay = Overlay::None;
        self.screen.help_scroll = 0;
        if action_for(key) == Some(GameAction::Quit) && key.code != KeyCode::Esc {
            self.act(GameAction::Quit);
        }
    }
}
