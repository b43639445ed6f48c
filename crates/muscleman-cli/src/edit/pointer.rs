//! The mouse in the editor: the left button paints (click, or drag: one
//! undo step a drag), the right button takes the cell's thing as brush;
//! in test play the game's own mouse.

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::app::{EditApp, Mode};

impl EditApp {
    /// Handle a mouse event.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        if let Mode::Play(app) = &mut self.mode {
            app.handle_mouse(event);
            return;
        }
        if !matches!(self.mode, Mode::Edit) {
            return;
        }
        let at = self
            .board
            .get()
            .and_then(|b| b.cell_at(event.column, event.row));
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let Some(at) = at else { return };
                self.editor.begin_stroke();
                self.editor.set_cursor(at);
                self.dragged = Some(at);
                let msg = self.editor.paint(at);
                self.message = (!msg.is_empty()).then_some(msg);
            }
            MouseEventKind::Drag(MouseButton::Left) => {
                let Some(at) = at.filter(|&a| Some(a) != self.dragged) else {
                    return;
                };
                if self.dragged.is_none() {
                    return;
                }
                self.editor.set_cursor(at);
                self.dragged = Some(at);
                let msg = self.editor.paint(at);
                if !msg.is_empty() {
                    self.message = Some(msg);
                }
            }
            MouseEventKind::Up(MouseButton::Left) => {
                self.dragged = None;
                self.editor.end_stroke();
            }
            MouseEventKind::Down(MouseButton::Right) => {
                if let Some(at) = at {
                    self.editor.set_cursor(at);
                    self.message = Some(self.editor.pick());
                }
            }
            _ => {}
        }
    }
}
