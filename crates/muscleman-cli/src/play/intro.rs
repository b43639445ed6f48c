//! A level introducing itself as it opens: its title, its author and its
//! `Comment`, in a box over the board until a key (the help shows the
//! comment again).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::app::App;
use super::help::wrap;
use super::keys::GameAction;
use super::keys::key_of;
use super::names::{intro_comment, level_title};
use super::palette::Palette;

/// Draw the introduction in `area` (the board's inside): below the level
/// (`drawn`: where it was drawn) if it fits there, else above it, else
/// over the bottom of the board.
pub(super) fn draw_intro(app: &App, frame: &mut Frame, area: Rect, drawn: Rect) {
    let palette = Palette::of(app);
    let level = app.listed_level();
    let width = area.width.min(64);
    let inner = usize::from(width.saturating_sub(2));
    let mut lines = wrap(
        vec![Span::styled(
            level_title(level, app.level_index()),
            palette.accent(),
        )],
        inner,
        0,
    );
    if let Some(author) = level
        .metadata()
        .get("Author")
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        lines.extend(wrap(
            vec![Span::styled(format!("by {author}"), palette.dim())],
            inner,
            0,
        ));
    }
    lines.push(Line::from(""));
    for paragraph in intro_comment(level).unwrap_or_default().lines() {
        lines.extend(wrap(vec![Span::raw(paragraph.trim().to_owned())], inner, 0));
    }
    let height = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_add(2)
        .min(area.height);
    let below = area.bottom().saturating_sub(drawn.bottom());
    let above = drawn.y.saturating_sub(area.y);
    let y = if below >= height {
        drawn.bottom() + (below - height) / 2
    } else if above >= height {
        area.y + (above - height) / 2
    } else {
        area.bottom().saturating_sub(height)
    };
    let rect = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        y,
        width,
        height,
    )
    .intersection(area);
    let full = format!(
        " any key: play · {} shows this again ",
        key_of(GameAction::Help)
    );
    let footer = if full.chars().count() + 2 <= usize::from(width) {
        full
    } else {
        " any key: play ".to_owned()
    };
    let block = Block::bordered()
        .title(Line::from(format!(" Level {} ", app.level_index() + 1)).style(palette.accent()))
        .title_bottom(Line::from(footer).style(palette.dim()))
        .border_style(palette.dim());
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
