//! The mouse in the editor: the left button paints (click, or drag: one
//! undo step a drag), the right button takes the cell's thing as brush;
//! a click on the panel's brush opens the palette, where a click takes a
//! brush; in test play the game's own mouse.

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

use super::app::{EditApp, Mode};

impl EditApp {
    /// Handle a mouse event.
    pub fn handle_mouse(&mut self, event: MouseEvent) {
        if let Mode::Play(app) = &mut self.mode {
            app.handle_mouse(event);
            return;
        }
        if let Mode::Palette { filter, .. } = &self.mode {
            self.palette_click(event, filter.clone());
            return;
        }
        if !matches!(self.mode, Mode::Edit) {
            return;
        }
        let at = self
            .board
            .get()
            .and_then(|b| b.cell_at(event.column, event.row));
        let on_brush = self
            .brush_row
            .get()
            .is_some_and(|r| r.contains(Position::new(event.column, event.row)));
        match event.kind {
            MouseEventKind::Down(MouseButton::Left) if on_brush => {
                self.act(super::keys::EditAction::Palette);
            }
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

    /// A click on a palette row takes that brush; the wheel moves the choice.
    fn palette_click(&mut self, event: MouseEvent, filter: String) {
        let list = self.filtered(&filter);
        let Some((rows, first)) = self.palette_rows.get() else {
            return;
        };
        let selected = match &self.mode {
            Mode::Palette { selected, .. } => *selected,
            _ => return,
        };
        let at = list.iter().position(|&i| i == selected).unwrap_or(0);
        let chosen = match event.kind {
            MouseEventKind::ScrollDown => list.get(at + 1).copied(),
            MouseEventKind::ScrollUp => list.get(at.saturating_sub(1)).copied(),
            MouseEventKind::Down(MouseButton::Left)
                if rows.contains(Position::new(event.column, event.row)) =>
            {
                let row = usize::from(event.row - rows.y);
                if let Some(&index) = list.get(first + row) {
                    self.editor.choose_brush(index);
                    self.message = Some(format!("brush: {}", self.editor.brush().short()));
                    self.mode = super::app::Mode::Edit;
                }
                return;
            }
            _ => None,
        };
        if let Some(selected) = chosen {
            self.mode = Mode::Palette { selected, filter };
        }
    }
}
