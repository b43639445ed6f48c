//! Rendering the game into a ratatui frame.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::App;
use muscleman_sim::Rules;

use super::art::BOLD;
use super::board::draw_board;
use super::help::draw_help;
use super::inspect::{draw_inspect, hover_text};
use super::intro::draw_intro;
pub use super::names::rules_name;
use super::palette::Palette;
use super::panel::draw_panel;
use super::playback::SPEEDS;
use super::screen::Overlay;
use crate::level_rules;

/// Smallest terminal the game draws in; smaller shows a "too small" message.
pub const MIN_WIDTH: u16 = 60;
/// Smallest terminal height the game draws in.
pub const MIN_HEIGHT: u16 = 18;
/// Width of the side panel.
const PANEL_WIDTH: u16 = 28;

/// Draw the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    draw_in(app, frame, frame.area());
}

/// Draw the game into `area` of the screen (`play --watch` keeps a line below it).
pub fn draw_in(app: &App, frame: &mut Frame, area: Rect) {
    // What the mouse can click is what this draw shows, nothing older.
    app.screen.board.set(None);
    app.screen.list.set(None);
    let too_small = area.width < MIN_WIDTH || area.height < MIN_HEIGHT;
    app.screen.too_small.set(too_small);
    if too_small {
        draw_too_small(frame, area);
        return;
    }
    let [main, status] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL_WIDTH)]).areas(main);
    let (drawn, narrow) = draw_board(app, frame, board);
    draw_panel(app, frame, panel, narrow);
    draw_status(app, frame, status);
    if app.is_solved() && app.screen.overlay == Overlay::None {
        draw_banner(app, frame, Block::bordered().inner(board), drawn);
    }
    match app.screen.overlay {
        Overlay::None => {
            if let Some(at) = app.screen.inspecting {
                draw_inspect(app, frame, Block::bordered().inner(board), at, narrow);
            }
        }
        Overlay::Browser { selected } => {
            app.screen.board.set(None);
            draw_browser(app, frame, main, selected);
        }
        Overlay::Help => {
            app.screen.board.set(None);
            draw_help(app, frame, main, narrow);
        }
        Overlay::Intro => draw_intro(app, frame, Block::bordered().inner(board), drawn),
    }
}

/// The level browser: every level of the set, solved marks, best counts
/// and titles, over the board and the panel.
fn draw_browser(app: &App, frame: &mut Frame, area: Rect, selected: usize) {
    // Where the level list offers several collections, ← → switch and
    // the frame says which one this is.
    let (title, keys) = match app.collection() {
        Some((i, n)) => (
            format!(" {} · collection {} of {n} ", app.set.name, i + 1),
            " ↑↓ choose  ←→ collection  Enter play  Tab/Esc back ",
        ),
        None => (
            format!(" {} ", app.set.name),
            " ↑↓ choose  Enter play  Tab/Esc back ",
        ),
    };
    let block = Block::bordered()
        .title(Line::from(title).style(Palette::of(app).accent()))
        .title_bottom(Line::from(keys).style(Palette::of(app).dim()))
        .border_style(Palette::of(app).dim());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let rows = usize::from(inner.height).max(1);
    let header_rows = 2;
    let list_rows = rows.saturating_sub(header_rows).max(1);
    let first = selected
        .saturating_sub(list_rows / 2)
        .min(app.set.levels.len().saturating_sub(list_rows));
    let solved = app.progress().solved_count(app.set.levels.iter());
    let pars = app.shows_pars();
    let width = usize::from(inner.width);
    // Levels that say they need other rules are marked ✗, with the words
    // where the row has room for them.
    let needs = format!("✗ needs {} rules", rules_name(Rules::MUSCLEMAN));
    let any_barred = !app
        .set
        .levels
        .iter()
        .all(|l| level_rules::allows(l, app.session.rules));
    let mut head = vec![
        Span::styled(
            format!("{} of {} solved", solved, app.set.levels.len()),
            BOLD,
        ),
        Span::styled(
            format!("   rules: {}", rules_name(app.session.rules)),
            Palette::of(app).dim(),
        ),
    ];
    // The words after each marked title, if every one has room for them.
    let words_fit = app
        .set
        .levels
        .iter()
        .enumerate()
        .filter(|(_, l)| !level_rules::allows(l, app.session.rules))
        .all(|(i, l)| {
            let title = l.title().map_or(8, |t| t.chars().count());
            let par = if pars { 5 } else { 0 };
            let row = 24 + par + title + (i + 1).to_string().len().saturating_sub(3);
            row + 2 + needs.chars().count() <= width
        });
    if any_barred {
        head.push(Span::styled(format!("   {needs}"), Palette::of(app).dim()));
    }
    let mut lines = vec![
        Line::from(head),
        Line::from(Span::styled(
            if pars {
                "   #   ✓  moves pushes  par  title   (✓ solved, … started)"
            } else {
                "   #   ✓  moves pushes  title   (✓ solved, … started)"
            },
            Palette::of(app).dim(),
        )),
    ];
    let shown = list_rows.min(app.set.levels.len().saturating_sub(first));
    app.screen.list.set(Some((
        Rect::new(
            inner.x,
            inner.y.saturating_add(2),
            inner.width,
            u16::try_from(shown)
                .unwrap_or(0)
                .min(inner.height.saturating_sub(2)),
        ),
        first,
    )));
    for (i, level) in app
        .set
        .levels
        .iter()
        .enumerate()
        .skip(first)
        .take(list_rows)
    {
        let record = app.progress().get(level).filter(|r| r.solved);
        let count = |n: Option<u32>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let title = level
            .title()
            .map_or_else(|| format!("Level {}", i + 1), str::to_owned);
        let here = if i == app.level_index() { "▸" } else { " " };
        let par = if pars {
            format!(" {:>4}", count(app.par_of(i)))
        } else {
            String::new()
        };
        let text = format!(
            "{here}{:>3}   {}  {:>5} {:>6}{par}  {title}",
            i + 1,
            if record.is_some() {
                "✓"
            } else if i == app.level_index() && app.game().undo_depth() > 0
                || app.store.saves.has(level, app.session.rules)
            {
                "…"
            } else {
                " "
            },
            count(record.and_then(|r| r.best_moves)),
            count(record.and_then(|r| r.best_pushes)),
        );
        let style = if i == selected {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new()
        };
        let mut spans = vec![Span::styled(text, style)];
        if !level_rules::allows(level, app.session.rules) {
            // Not to be solved under these rules: the level says so.
            let mark = if words_fit {
                format!("  {needs}")
            } else {
                "  ✗".to_owned()
            };
            spans.push(Span::styled(mark, Palette::of(app).dim()));
        }
        lines.push(Line::from(spans));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "Terminal too small: {}×{}.\nMuscleman needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\nEnlarge the window, or press q to quit.",
        area.width, area.height
    );
    let lines = u16::try_from(text.lines().count()).unwrap_or(3);
    let y = area.y + area.height.saturating_sub(lines) / 2;
    let rect = Rect::new(area.x, y, area.width, area.height.min(lines + 2));
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
    );
}

fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    let playing = app.playing.current.as_ref().map(|p| {
        format!(
            "Playing {}: {}/{}, {}/s (+ -, other keys stop)",
            p.what,
            p.done,
            p.commands.len(),
            SPEEDS.get(app.playing.speed).copied().unwrap_or(10)
        )
    });
    let hinting = app
        .is_hinting()
        .then(|| "Looking for a hint... (it comes here; the game goes on)".to_owned());
    let hover = app
        .screen
        .hover
        .filter(|_| app.screen.overlay == Overlay::None && app.screen.inspecting.is_none())
        .map(|at| hover_text(app, at));
    let text = match playing
        .as_ref()
        .or(app.screen.message.as_ref())
        .or(hinting.as_ref())
        .or(hover.as_ref())
    {
        Some(m) => Line::from(Span::styled(
            format!(" {m}"),
            if app.screen.color {
                Style::new().fg(Color::LightYellow)
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            },
        )),
        None => {
            let solved = app.progress().solved_count(app.set.levels.iter());
            Line::from(Span::styled(
                format!(
                    " {} · {} of {} solved",
                    app.set.name,
                    solved,
                    app.level_count()
                ),
                Palette::of(app).dim(),
            ))
        }
    };
    frame.render_widget(Paragraph::new(text), area);
}

/// Draw the "Solved!" banner in `board` (the board's inside): below the
/// level if it fits there, else above it, else over the bottom of the level.
fn draw_banner(app: &App, frame: &mut Frame, board: Rect, level: Rect) {
    let stats = app.game().stats();
    let mut lines = vec![
        Line::from(Span::styled("Solved!", Palette::of(app).accent())).alignment(Alignment::Center),
        Line::from(format!(
            "{}, {}",
            crate::diagnose::count(stats.moves as usize, "move", "moves"),
            crate::diagnose::count(stats.pushes as usize, "push", "pushes")
        ))
        .alignment(Alignment::Center),
    ];
    if let Some(par) = app.par() {
        lines.push(
            Line::from(super::names::par_verdict(stats.moves, par)).alignment(Alignment::Center),
        );
    }
    if let Some(note) = app.session.solve_note {
        let text = muscleman_play::words::improvement_note(note.improvement);
        if let Some(t) = text {
            lines.push(Line::from(t).alignment(Alignment::Center));
        }
    }
    let to = app.level_to_go_on_to();
    let next = if to == app.level_index() + 1 {
        "Enter: next level".to_owned()
    } else if app.was_solved(to) {
        format!("Enter: back to level {}", to + 1)
    } else {
        format!("Enter: level {}, not solved yet", to + 1)
    };
    lines.push(Line::from(next).alignment(Alignment::Center));
    lines.push(Line::from("z: undo  c: copy  q: quit").alignment(Alignment::Center));
    let height = u16::try_from(lines.len()).unwrap_or(5) + 2;
    let width = 32.min(board.width);
    let below = board.bottom().saturating_sub(level.bottom());
    let above = level.y.saturating_sub(board.y);
    let y = if below >= height {
        level.bottom() + (below - height) / 2
    } else if above >= height {
        board.y + (above - height) / 2
    } else {
        board.bottom().saturating_sub(height)
    };
    let rect = Rect::new(
        board.x + board.width.saturating_sub(width) / 2,
        y,
        width,
        height.min(board.height),
    )
    .intersection(board);
    let style = if app.screen.color {
        Style::new().fg(Color::LightGreen)
    } else {
        Style::new()
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().border_style(style)),
        rect,
    );
}
