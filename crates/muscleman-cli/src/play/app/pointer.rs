//! The mouse: a click on a cell walks there, a click on a box picks it and
//! the next click pushes it there (planned by `play/mouse.rs` on what the
//! board shows), and a click on a level in the level list plays it; resting
//! on a cell it says what the cell holds, and a right click looks at it.

use muscleman_core::{GridPos, Input};
use muscleman_sim::Command;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::App;
use crate::play::mouse;
use crate::play::screen::Overlay;

impl App {
    /// Handle a mouse event: a click on a cell walks there, a click on a
    /// box picks it, and the next click pushes it to that cell.
    ///
    /// Resting on a cell, the mouse has the status line say what the cell
    /// holds; a right click looks at the cell (as `x` does), and while
    /// looking a click moves the look there.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        match event.kind {
            MouseEventKind::Moved => {
                self.screen.hover = self.cell_at(event.column, event.row);
                return;
            }
            MouseEventKind::Down(MouseButton::Right) => {
                if self.screen.overlay == Overlay::None
                    && self.playing.current.is_none()
                    && let Some(at) = self.cell_at(event.column, event.row)
                {
                    self.screen.message = None;
                    self.screen.inspecting = Some(at);
                }
                return;
            }
            MouseEventKind::Down(MouseButton::Left) => {}
            _ => return,
        }
        self.screen.message = None;
        if self.screen.inspecting.is_some() && self.screen.overlay == Overlay::None {
            // Looking: a click moves the look, and never walks.
            if let Some(at) = self.cell_at(event.column, event.row) {
                self.screen.inspecting = Some(at);
            }
            return;
        }
        if let Overlay::Browser { .. } = self.screen.overlay {
            // A click on a level's row plays it.
            if let Some(index) = self.screen.list_row_at(event.column, event.row)
                && index < self.set.levels.len()
            {
                self.screen.overlay = Overlay::None;
                if index != self.session.index {
                    self.go_to(index);
                } else {
                    self.introduce();
                }
            }
            return;
        }
        if self.screen.overlay == Overlay::Intro {
            // A click closes a level's introduction, as a key does.
            self.screen.overlay = Overlay::None;
            return;
        }
        if self.screen.overlay != Overlay::None || self.playing.current.is_some() {
            return;
        }
        if self.screen.looking.take().is_some() {
            // The board showed another floor than the player's: a click
            // there means no cell of the player's, it shows the player's.
            self.screen.picked = None;
            self.screen.message = Some("Back to your floor: click again to walk".to_owned());
            return;
        }
        let Some(at) = self.cell_at(event.column, event.row) else {
            self.screen.picked = None;
            return;
        };
        self.click(at);
    }

    /// Return the level cell drawn at a screen position, if the board is there.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<GridPos> {
        self.screen.cell_at(column, row)
    }

    /// Act on a click on the level cell `at` (see [`App::handle_mouse`]).
    pub fn click(&mut self, at: GridPos) {
        if self.session.game.is_solved() {
            self.screen.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        let plan = match self.screen.picked.take() {
            Some(from) if from != at => mouse::push_path(&self.session.game, from, at),
            Some(_) => {
                self.screen.message = Some("Box put down: click another".to_owned());
                return;
            }
            None if mouse::is_box(&self.session.game, at) => {
                self.screen.picked = Some(at);
                self.screen.message = Some("Box picked: click where to push it".to_owned());
                return;
            }
            None => mouse::walk_path(&self.session.game, at),
        };
        match plan {
            Ok(dirs) => {
                let floor = self.session.game.view().player_floor();
                for dir in dirs {
                    let expected = mouse::player(&self.session.game).map(|p| p.step(dir));
                    self.command(Command::Step(Input::Move(dir)));
                    if self.session.game.is_solved() {
                        break;
                    }
                    if self.session.game.view().player_floor() != floor {
                        // Stairs took the player to another floor: the
                        // way planned was on the last one.
                        break;
                    }
                    if mouse::player(&self.session.game) != expected {
                        self.screen.message =
                            Some("Stopped: the way was not as the board showed".to_owned());
                        break;
                    }
                }
            }
            Err(why) => self.screen.message = Some(why),
        }
    }
}
