//! The mouse: a click on a cell walks there, a click on a box picks it and
//! the next click pushes it there (planned by `play/mouse.rs` on what the
//! board shows), and a click on a level in the level list plays it; resting
//! on a cell it says what the cell holds, and a right click looks at it.

use muscleman_core::{EntityId, GridDir, GridPos, Input};
use muscleman_sim::{Command, Game};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::App;
use crate::play::screen::Overlay;
use muscleman_play::mouse;

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
    ///
    /// In a level where something moves by itself (a duck), the way is
    /// planned again before every step, on the board as it is then, and
    /// the walk stops, saying so, when no way is left.
    pub fn click(&mut self, at: GridPos) {
        if self.session.game.is_solved() {
            self.screen.message = Some("Solved! Enter: next level, z: undo".to_owned());
            return;
        }
        let view = self.session.game.view();
        let lively = mouse::moves_by_itself(&view).is_some();
        let goal = match self.screen.picked.take() {
            Some(from) if from != at => match mouse::pushable_at(&self.session.game, from) {
                Some(thing) => Goal::Push { thing, to: at },
                None => {
                    self.screen.message = Some("The box is gone from there".to_owned());
                    return;
                }
            },
            Some(_) => {
                self.screen.message = Some("Box put down: click another".to_owned());
                return;
            }
            None if mouse::is_box(&self.session.game, at) => {
                self.screen.message = Some(match mouse::mover_at(&view, at) {
                    // It would walk off the plan at once: the keys push it.
                    Some(name) => format!("The {name} moves by itself: push it with the keys"),
                    None => {
                        self.screen.picked = Some(at);
                        "Box picked: click where to push it".to_owned()
                    }
                });
                return;
            }
            None => Goal::Walk(at),
        };
        let mut plan = match goal.plan(&self.session.game) {
            Ok(dirs) => dirs,
            Err(why) => {
                self.screen.message = Some(why);
                return;
            }
        };
        let floor = view.player_floor();
        // A way planned again each step may grow round what moves: a
        // bound keeps a walk from going round for ever.
        let most = plan.len().saturating_mul(4).saturating_add(16);
        let mut steps = 0;
        while let Some(&dir) = plan.first() {
            if steps >= most {
                self.screen.message =
                    Some("Stopped: the way kept changing as things moved".to_owned());
                break;
            }
            steps += 1;
            let from = mouse::player(&self.session.game);
            let expected = from.map(|p| p.step(dir));
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
            plan.remove(0);
            if !lively || plan.is_empty() {
                continue;
            }
            // Something moved by itself: plan the rest again from here.
            match goal.plan(&self.session.game) {
                Ok(dirs) => plan = dirs,
                Err(_) => {
                    let view = self.session.game.view();
                    let ahead = expected.map_or_else(Vec::new, |p| mouse::cells_of(p, &plan));
                    let name = ahead.iter().find_map(|&c| mouse::mover_at(&view, c));
                    self.screen.message = Some(match name {
                        Some(name) => format!("Stopped: the way is blocked (the {name} is in it)"),
                        None => "Stopped: the way is blocked".to_owned(),
                    });
                    break;
                }
            }
        }
    }
}

/// Where a click sends the player: to a cell, or a box to a cell.
#[derive(Clone, Copy)]
enum Goal {
    /// Walk to this cell, pushing nothing.
    Walk(GridPos),
    /// Push this thing to this cell.
    Push {
        /// The thing pushed.
        thing: EntityId,
        /// Where it goes.
        to: GridPos,
    },
}

impl Goal {
    /// Plan the moves from the game's position as it is now.
    fn plan(self, game: &Game) -> Result<Vec<GridDir>, String> {
        match self {
            Goal::Walk(to) => mouse::walk_path(game, to),
            Goal::Push { thing, to } => match mouse::where_is(game, thing) {
                Some(from) if from == to => Ok(Vec::new()),
                Some(from) => mouse::push_path(game, from, to),
                None => Err("Cannot push it there: it is gone".to_owned()),
            },
        }
    }
}
