//! Looking at a cell (`x`, a right click, or the mouse resting on it):
//! the whole stack of what a cell holds, top first, by name (a box with
//! its contents on water, you on a goal, a box on a pressed plate), and in
//! the look mode each thing's own words. Everything comes from the view
//! (names, states, contents, the words each recipe declares), so nothing
//! hides under what is drawn on top, with colours or without.

use muscleman_core::{GridDir, GridPos};
use muscleman_sim::{Appearance, recipe_appearance};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::app::App;
pub(crate) use muscleman_play::look::stack_text;
use muscleman_play::look::{called, place, stack};

use super::art::{PLAYER, look, look_of, name_facing};
use super::help::wrap;
use super::keys::GameAction;
use super::keys::key_of;
use super::palette::Palette;

/// Return the one-line status of the cell under the mouse: where it is and
/// what it holds.
pub(crate) fn hover_text(app: &App, at: GridPos) -> String {
    let view = app.game().view();
    let floor = app.shown_floor(&view);
    format!(
        "{}: {} · {} looks closer",
        place(&view, floor, at),
        stack_text(&view, floor, at),
        key_of(GameAction::Inspect)
    )
}

/// The glyph of a thing as the board draws it (facing `facing`, if it
/// faces a way).
fn glyph(
    app: &App,
    a: Appearance,
    on_goal: bool,
    facing: Option<GridDir>,
    narrow: bool,
) -> Span<'static> {
    let look = if a.is("player") {
        look("@↓", "@", PLAYER.color, PLAYER.plain)
    } else {
        look_of(a, on_goal).faced(facing)
    };
    Span::styled(
        look.text(narrow),
        look.styled(Palette::of(app).style(look), narrow),
    )
}

/// Draw the look box over the board (`board`: its inside): where the
/// cursor is, what the cell holds with each thing's glyph, then each
/// thing's words; at the bottom, or at the top when the cursor is there.
pub(super) fn draw_inspect(app: &App, frame: &mut Frame, board: Rect, at: GridPos, narrow: bool) {
    let view = app.game().view();
    let floor = app.shown_floor(&view);
    let palette = Palette::of(app);
    let width = usize::from(board.width.saturating_sub(2));
    let sprites = stack(&view, floor, at);
    let mut head = Vec::new();
    for (i, s) in sprites.iter().enumerate() {
        if i > 0 {
            head.push(Span::raw(" on "));
        }
        head.push(glyph(app, s.appearance, s.on_goal, s.facing, narrow));
        head.push(Span::styled(
            format!(" {}", called(&view, s)),
            palette.accent(),
        ));
    }
    if head.is_empty() {
        head.push(Span::raw(stack_text(&view, floor, at)));
    }
    let mut lines = wrap(head, width, 2);
    // Each thing's words, then those of what it holds.
    let mut things: Vec<(Appearance, bool, Option<GridDir>, &str)> = Vec::new();
    for s in &sprites {
        things.push((s.appearance, s.on_goal, s.facing, ""));
        for inside in s.appearance.contents.as_slice() {
            if let Some(a) = recipe_appearance(*inside) {
                things.push((a, false, None, " (inside)"));
            }
        }
    }
    for (a, on_goal, facing, note) in things {
        // A state with words of its own says what the thing is now (a
        // sunk heavy box no longer moves): those, else the recipe's.
        let text = if a.state_explain.is_empty() {
            a.explain
        } else {
            a.state_explain
        };
        lines.extend(wrap(
            vec![
                glyph(app, a, on_goal, facing, narrow),
                Span::raw(format!(" {}{note}: {text}", name_facing(a, facing))),
            ],
            width,
            3,
        ));
    }
    let most = (board.height / 2).max(3);
    let height = (u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2))
    .min(most);
    // Cut where the box has no more room: the last row it shows says so.
    let rows = usize::from(height.saturating_sub(2)).max(1);
    if lines.len() > rows {
        let more = lines.len() - (rows - 1);
        lines.truncate(rows - 1);
        lines.push(Line::from(Span::styled(
            format!(
                "… {more} more {}: {} help",
                if more == 1 { "line" } else { "lines" },
                key_of(GameAction::Help)
            ),
            palette.dim(),
        )));
    }
    // The cursor's screen row, to keep it in sight.
    let row = app
        .screen
        .board
        .get()
        .map(|m| i64::from(m.y) + i64::from(at.y) - i64::from(m.origin.y));
    let bottom = board.bottom().saturating_sub(height);
    let y = match row {
        Some(r) if r >= i64::from(bottom) => board.y,
        _ => bottom,
    };
    let rect = Rect::new(board.x, y, board.width, height).intersection(board);
    let block = Block::bordered()
        .title(Line::from(format!(" {} ", place(&view, floor, at))).style(palette.accent()))
        .title_bottom(
            Line::from(format!(
                " arrows move · {} Esc: done ",
                key_of(GameAction::Inspect)
            ))
            .style(palette.dim()),
        )
        .border_style(palette.dim());
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
