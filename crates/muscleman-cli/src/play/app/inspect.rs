//! Looking at a cell (`x`): a cursor the arrows move over the floor shown,
//! and a box saying what the cell holds (drawn by `play/inspect.rs`).

use muscleman_core::{GridPos, Input};
use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::App;
use crate::play::keys::GameAction;

impl App {
    /// Start looking at cells, from the player's (or the middle of the
    /// floor shown, when the player is on another), or stop.
    pub(super) fn toggle_inspect(&mut self) {
        if self.screen.inspecting.take().is_some() {
            return;
        }
        let view = self.session.game.view();
        let floor = self.shown_floor(&view);
        let player = view
            .sprites_on(floor)
            .iter()
            .find(|s| s.appearance.is("player"))
            .map(|s| s.at);
        let middle = view
            .bounds_on(floor)
            .map(|(lo, hi)| GridPos::new(lo.x + (hi.x - lo.x) / 2, lo.y + (hi.y - lo.y) / 2));
        self.screen.inspecting = player.or(middle).or(Some(GridPos::ZERO));
    }

    /// Return the cell looked at, if any.
    pub fn inspecting(&self) -> Option<GridPos> {
        self.screen.inspecting
    }

    /// Handle a key while looking at a cell: the moves move the cursor
    /// (within the floor shown), the look key and Esc stop looking; any
    /// other key stops looking and does what it does. Return whether the
    /// key was used up.
    pub(super) fn inspect_key(&mut self, key: KeyEvent, action: Option<GameAction>) -> bool {
        let Some(at) = self.screen.inspecting else {
            return false;
        };
        match action {
            Some(GameAction::Step(Input::Move(dir))) => {
                let view = self.session.game.view();
                let floor = self.shown_floor(&view);
                let to = at.step(dir);
                let inside = view.bounds_on(floor).is_some_and(|(lo, hi)| {
                    (lo.x..=hi.x).contains(&to.x) && (lo.y..=hi.y).contains(&to.y)
                });
                if inside {
                    self.screen.inspecting = Some(to);
                }
                true
            }
            Some(GameAction::Help) => false,
            Some(GameAction::Inspect) => {
                self.screen.inspecting = None;
                true
            }
            _ if key.code == KeyCode::Esc => {
                self.screen.inspecting = None;
                true
            }
            _ => {
                self.screen.inspecting = None;
                false
            }
        }
    }
}
