//! The help (`?` or F1): the goal, the rules in use and what hands do, the
//! level's own words, everything the level holds explained in its recipe's
//! words, every key and the mouse. It follows the level: what it explains
//! is read from the level's things and the view's (a door opened, a heavy
//! box sunk, what a box holds), each in the words its recipe declares in
//! the sim (`RecipeDecl::explain`), so a new recipe brings its own.
//!
//! The lines are wrapped here, to the window's width, so the help knows
//! exactly how many rows it takes: past the window it scrolls, and its
//! frame says so.

use muscleman_core::Input;
use muscleman_sim::Appearance;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::app::App;
use super::art::{PLAYER, look, look_of, name_of};
use super::keys::{GameAction, LegendLine, key_legend, key_of};
use super::palette::Palette;
use muscleman_play::about::{self, HandKeys};

/// The keys of the key table the rules' words name.
fn hand_keys() -> HandKeys {
    HandKeys {
        grab: key_of(GameAction::Step(Input::Grab)),
        drop: key_of(GameAction::Step(Input::Drop)),
        swing_left: key_of(GameAction::Step(Input::SwingLeft)),
        swing_right: key_of(GameAction::Step(Input::SwingRight)),
    }
}

pub(super) use muscleman_play::about::moves_text;

/// The lines explaining the things of the level: one a group of
/// `muscleman-play`'s [`about::explained`] (the Godot help and the page
/// read the same groups), with the look and name of each thing its words
/// explain (`kr red key, kb blue key: push or carry it...`; `'R open red
/// door: ...` for a state's own words).
fn thing_lines(app: &App, narrow: bool, width: usize) -> Vec<Line<'static>> {
    let palette = Palette::of(app);
    let view = app.game().view();
    // What faces a way is drawn facing the way the first of its kind does.
    let facing = |a: &Appearance| {
        view.all_sprites()
            .iter()
            .filter(|s| !s.appearance.is("player") && s.appearance.recipe == a.recipe)
            .find_map(|s| s.facing)
    };
    let mut lines = Vec::new();
    for group in about::explained(app.level(), &view) {
        let mut spans = vec![Span::raw("  ")];
        for (i, a) in group.things.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(", "));
            }
            let look = if a.is("player") {
                look("@↓", "@", PLAYER.color, PLAYER.plain)
            } else {
                look_of(*a, false).faced(facing(a))
            };
            spans.push(Span::styled(
                look.text(narrow),
                look.styled(palette.style(look), narrow),
            ));
            spans.push(Span::styled(format!(" {}", name_of(*a)), palette.accent()));
        }
        spans.push(Span::raw(format!(": {}", group.words)));
        lines.extend(wrap(spans, width, 4));
    }
    lines
}

/// Return the help's lines for a window `width` columns wide, wrapped.
pub(super) fn help_lines(app: &App, width: usize, narrow: bool) -> Vec<Line<'static>> {
    let palette = Palette::of(app);
    let labelled = |label: &str, text: String| {
        wrap(
            vec![
                Span::styled(format!("{label}: "), palette.accent()),
                Span::raw(text),
            ],
            width,
            2,
        )
    };
    let mut lines = labelled(
        "Goal",
        "push a box onto every goal () to solve the level.".to_owned(),
    );
    let rules = about::rules_for_level(app.listed_level(), app.rules(), &hand_keys());
    lines.extend(labelled("Rules", rules));
    lines.extend(labelled("Moves", moves_text(app.rules())));
    if let Some(par) = app.par() {
        lines.extend(labelled(
            "Par",
            format!(
                "{par} {}: the moves of this level's stored solution. \
                 Only moves count, so a par may take more keys than that.",
                if par == 1 { "move" } else { "moves" }
            ),
        ));
    }
    // The level's own words, when its metadata has them.
    let meta = app.listed_level().metadata();
    if let Some(comment) = meta.get("Comment").map(str::trim).filter(|c| !c.is_empty()) {
        let mut text = comment.replace('\n', " ");
        if let Some(author) = meta.get("Author").map(str::trim).filter(|a| !a.is_empty()) {
            text.push_str(&format!(" (by {author})"));
        }
        lines.extend(labelled("This level", text));
    }
    lines.push(Line::from(Span::styled("In this level:", palette.accent())));
    lines.extend(thing_lines(app, narrow, width));
    lines.push(Line::from(""));
    lines.extend(key_lines(&key_legend(), width));
    let bell = key_of(GameAction::Bell);
    let bell = if app.bell_on() {
        format!("A refused move flashes your cell and rings the bell (on; {bell} turns it off).")
    } else {
        format!("A refused move flashes your cell; the bell is off ({bell} turns it on).")
    };
    lines.extend(wrap(vec![Span::raw(bell)], width, 2));
    for text in [
        "Mouse: click to walk, or a box then a cell to push it.",
        "Paste LURD moves to watch them played back.",
        "Each level's position is kept when you leave it, and comes back.",
    ] {
        lines.extend(wrap(vec![Span::raw(text)], width, 2));
    }
    lines
}

/// The key legend in two columns, each entry cut to its column.
fn key_lines(legend: &[LegendLine], width: usize) -> Vec<Line<'static>> {
    let column = width.saturating_sub(2) / 2;
    let entry = |l: &LegendLine| {
        let text = format!("{} {}", l.keys, l.description);
        let n = text.chars().count();
        if n > column {
            text.chars()
                .take(column.saturating_sub(1))
                .collect::<String>()
                + "…"
        } else {
            text + &" ".repeat(column - n)
        }
    };
    legend
        .chunks(2)
        .map(|pair| {
            let mut spans = Vec::new();
            for (i, l) in pair.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw("  "));
                }
                spans.push(Span::raw(entry(l)));
            }
            Line::from(spans)
        })
        .collect()
}

/// Wrap spans into lines at most `width` columns wide, between words, the
/// lines after the first indented by `indent` columns; a word longer than a
/// line is cut where the line ends.
pub(super) fn wrap(spans: Vec<Span<'static>>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let width = width.max(indent + 8);
    let cols = |t: &str| Span::raw(t).width();
    let mut lines = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    // No word on the row yet; spaces waiting for the next word.
    let mut fresh = true;
    let mut pending: Option<Span<'static>> = None;
    for span in spans {
        let style = span.style;
        for piece in pieces(&span.content) {
            if piece.starts_with(' ') {
                if fresh && lines.is_empty() {
                    // Leading spaces of the first row are an indent.
                    used += cols(&piece);
                    row.push(Span::styled(piece, style));
                } else if !fresh {
                    pending = Some(Span::styled(piece, style));
                }
                continue;
            }
            let gap = pending.as_ref().map_or(0, |p| p.width());
            if !fresh && used + gap + cols(&piece) > width {
                lines.push(Line::from(std::mem::take(&mut row)));
                row.push(Span::raw(" ".repeat(indent)));
                used = indent;
                pending = None;
            }
            if let Some(p) = pending.take() {
                used += p.width();
                row.push(p);
            }
            let mut word = piece;
            while used + cols(&word) > width {
                // Longer than a line: cut it where the line ends.
                let room = width.saturating_sub(used).max(1);
                row.push(Span::styled(
                    word.chars().take(room).collect::<String>(),
                    style,
                ));
                word = word.chars().skip(room).collect();
                lines.push(Line::from(std::mem::take(&mut row)));
                row.push(Span::raw(" ".repeat(indent)));
                used = indent;
            }
            used += cols(&word);
            row.push(Span::styled(word, style));
            fresh = false;
        }
    }
    if !fresh || lines.is_empty() {
        lines.push(Line::from(row));
    }
    lines
}

/// Split text into words and runs of spaces, in order.
fn pieces(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in text.chars() {
        match out.last_mut() {
            Some(last) if last.starts_with(' ') == (c == ' ') => last.push(c),
            _ => out.push(c.to_string()),
        }
    }
    out
}

/// Draw the help over `area`, scrolled as far as the player took it.
pub(super) fn draw_help(app: &App, frame: &mut Frame, area: Rect, narrow: bool) {
    let inner = Block::bordered().inner(area);
    let lines = help_lines(app, usize::from(inner.width), narrow);
    let more =
        u16::try_from(lines.len().saturating_sub(usize::from(inner.height))).unwrap_or(u16::MAX);
    app.screen.help_more.set(more);
    app.screen
        .help_page
        .set(inner.height.saturating_sub(1).max(1));
    let scroll = app.screen.help_scroll.min(more);
    let bottom = if more == 0 {
        " any key closes ".to_owned()
    } else if scroll < more {
        " more below: ↓ Space PageDown scroll, other keys close ".to_owned()
    } else {
        " ↑ PageUp scroll back, other keys close ".to_owned()
    };
    let block = Block::bordered()
        .title(Line::from(" Help ").style(Palette::of(app).accent()))
        .title_bottom(Line::from(bottom).style(Palette::of(app).dim()))
        .border_style(Palette::of(app).dim());
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), inner);
}

#[cfg(test)]
mod tests {
    use ratatui::text::Span;

    use super::wrap;

    fn rows(text: &str, width: usize, indent: usize) -> Vec<String> {
        wrap(vec![Span::raw(text.to_owned())], width, indent)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    #[test]
    fn wrapping_breaks_between_words_indents_and_cuts_long_words() {
        assert_eq!(
            rows("one two three four", 10, 2),
            ["one two", "  three", "  four"]
        );
        assert_eq!(rows("  lead in", 20, 0), ["  lead in"]);
        assert_eq!(rows("abcdefghijklmnop", 10, 0), ["abcdefghij", "klmnop"]);
        assert_eq!(rows("", 10, 0), [""]);
        for line in rows("word ".repeat(40).as_str(), 12, 3) {
            assert!(line.chars().count() <= 12, "{line:?}");
            assert!(!line.ends_with(' '), "{line:?}");
        }
    }
}
