//! Keys over the help (the arrows and pages scroll a help the window cuts,
//! any other key closes it) and over a level's introduction (any key
//! closes it); when a level introduces itself.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::play::keys::{GameAction, action_for};
use crate::play::names::intro_comment;
use crate::play::screen::Overlay;

impl App {
    /// Have the level being played introduce itself (its title, author
    /// and `Comment` over the board, until a key) if it has a comment and
    /// its position is at its start: when it opens fresh, not when it
    /// comes back where it was left. `play` calls it as a level opens; the
    /// help shows the comment again.
    pub fn introduce(&mut self) {
        let fresh = self.session.game.undo_depth() == 0 && self.session.game.redo_depth() == 0;
        if fresh
            && self.screen.overlay == Overlay::None
            && intro_comment(self.listed_level()).is_some()
        {
            self.screen.overlay = Overlay::Intro;
        }
    }

    /// Handle a key over the introduction: any key closes it; quitting
    /// keys (not Esc) quit too.
    pub(super) fn intro_key(&mut self, key: KeyEvent) {
        self.screen.overlay = Overlay::None;
        if action_for(key) == Some(GameAction::Quit) && key.code != KeyCode::Esc {
            self.act(GameAction::Quit);
        }
    }

    /// Handle a key while the help is up: when the help is cut, the arrows
    /// and pages scroll it; any other key closes it, and quitting keys
    /// (not Esc) quit too.
    pub(super) fn help_key(&mut self, key: KeyEvent) {
        let more = self.screen.help_more.get();
        let scroll = &mut self.screen.help_scroll;
        // A page: the rows shown, less one kept for context.
        let page = self.screen.help_page.get().max(1);
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
