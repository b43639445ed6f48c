//! Drawing the editor into a ratatui frame: the board (drawn by the game's
//! own board code, `play/board.rs`'s `render_cells`), the side panel (file, brush, cell,
//! verdict, problems), the status line, and what covers the board.

use std::collections::HashMap;

use muscleman_core::{EntitySpec, GridDir, GridPos};
use muscleman_sim::Appearance;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{Ask, EditApp, Mode};
use super::brushes::{Brush, looks_of};
use super::keys::help_lines;
use crate::diagnose::{Severity, summary};
use crate::play::art::look_of;
use crate::play::board::{Cell, Marks, render_cells};
use crate::play::palette::Palette;
use crate::verdict::Verdict;

/// Smallest terminal the editor draws in.
pub const MIN_WIDTH: u16 = 60;
/// Smallest terminal height the editor draws in.
pub const MIN_HEIGHT: u16 = 18;

/// Draw the whole screen.
pub fn draw(app: &EditApp, frame: &mut Frame) {
    app.board.set(None);
    app.palette_rows.set(None);
    app.brush_row.set(None);
    if let Mode::Play(game) = &app.mode {
        crate::play::ui::draw(game, frame);
        return;
    }
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "The editor needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}: make it larger (q quits)."
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let palette = Palette::with_color(app.color);
    let panel_width = if area.width >= 90 { 34 } else { 26 };
    let [main, status] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(panel_width)]).areas(main);
    draw_board(app, frame, board);
    draw_panel(app, frame, panel);
    let line = match &app.mode {
        Mode::Prompt { ask, text, .. } => {
            let label = match ask {
                Ask::Size => "Size (WxH)",
                Ask::Title => "Title",
                Ask::Metadata => "Metadata (Key: value)",
                Ask::FloorName => "Floor name",
            };
            Line::from(vec![
                Span::styled(format!("{label}: "), palette.accent()),
                Span::raw(format!("{text}▏")),
            ])
        }
        _ => Line::from(app.message.clone().unwrap_or_else(|| {
            "space paint · tab/b brush · x take away · z undo · p play · s save · ? keys".to_owned()
        })),
    };
    frame.render_widget(Paragraph::new(line), status);
    match &app.mode {
        Mode::Palette { selected, filter } => draw_palette(app, frame, main, *selected, filter),
        Mode::Confirm { lines, .. } => draw_box(frame, main, " Confirm ", lines, palette),
        Mode::Help => draw_box(
            frame,
            main,
            " Editor keys (any key closes) ",
            &help_lines(),
            palette,
        ),
        _ => {}
    }
}

/// How things look and which way they face, each worked out once a draw.
#[derive(Default)]
struct Looks(HashMap<EntitySpec, (Appearance, Option<GridDir>)>);

impl Looks {
    fn of(&mut self, spec: &EntitySpec) -> (Appearance, Option<GridDir>) {
        *self.0.entry(*spec).or_insert_with(|| looks_of(spec))
    }
}

fn draw_board(app: &EditApp, frame: &mut Frame, area: Rect) {
    let e = &app.editor;
    let level = e.level();
    let palette = Palette::with_color(app.color);
    let title = format!(
        " {}{} ",
        level.title().unwrap_or("untitled"),
        if level.floor_count() > 1 {
            format!(" · floor {} of {}", e.floor(), level.floor_count())
        } else {
            String::new()
        }
    );
    let block = Block::bordered()
        .title(Line::from(title).style(palette.accent()))
        .border_style(palette.dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let Some(floor) = level.floor(e.floor()) else {
        return;
    };
    let mut looks = Looks::default();
    let mut cells: HashMap<GridPos, Cell> = HashMap::new();
    for (at, specs) in floor.iter() {
        let goal = specs
            .iter()
            .any(|s| s.recipe == muscleman_core::EntityRecipe::Goal);
        let things: Vec<(Appearance, bool, bool, Option<GridDir>)> = specs
            .iter()
            .map(|s| {
                let (a, facing) = looks.of(s);
                (a, false, goal && a.pushable, facing)
            })
            .collect();
        cells.insert(at, Cell::of_faced_things(things.into_iter()));
    }
    let flagged: Vec<(GridPos, bool)> = e
        .diagnostics()
        .iter()
        .filter_map(|d| {
            let (f, at) = d.at?;
            (f == e.floor()).then_some((at, d.severity == Severity::Error))
        })
        .collect();
    let last = |n: usize| i32::try_from(n.saturating_sub(1)).unwrap_or(0);
    let marks = Marks {
        color: app.color,
        focus: Some(e.cursor()),
        picked: None,
        hinted: &[],
        cursor: Some(e.cursor()),
        area: e.mark().map(|m| (m, e.cursor())),
        flagged: &flagged,
    };
    let (map, _, _) = render_cells(
        &|at| cells.get(&at).copied().unwrap_or_default(),
        (
            GridPos::ZERO,
            GridPos::new(last(floor.width()), last(floor.height())),
        ),
        GridDir::Down,
        &marks,
        inner,
        frame.buffer_mut(),
    );
    app.board.set(map);
}

/// A brush's two-column glyph and style, as the board draws it.
fn swatch(brush: &Brush, color: bool) -> Span<'static> {
    match brush {
        Brush::Erase => Span::raw("  "),
        Brush::Thing(spec) => {
            // The way a thing faces (a duck's state); the player's own is
            // drawn apart on the board, not in a swatch.
            let (appearance, facing) = looks_of(spec);
            let facing = facing.filter(|_| !appearance.is("player"));
            let look = look_of(appearance, false).faced(facing);
            Span::styled(look.text(false), Palette::with_color(color).style(look))
        }
    }
}

fn draw_panel(app: &EditApp, frame: &mut Frame, area: Rect) {
    let e = &app.editor;
    let palette = Palette::with_color(app.color);
    let level = e.level();
    let (w, h) = e.size();
    let file = app.doc.path.file_name().map_or_else(
        || app.doc.path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut lines = vec![
        Line::from(Span::styled(file, palette.accent())),
        Line::from(format!(
            "level {} of {}{}",
            app.index + 1,
            app.doc.levels.len().max(app.index + 1),
            if e.is_dirty() { " · unsaved" } else { "" }
        )),
        Line::from(format!(
            "floor {} of {} · {w}×{h}",
            e.floor(),
            level.floor_count()
        )),
    ];
    for (key, value) in level.metadata().iter() {
        let value = value.lines().next().unwrap_or_default();
        lines.push(Line::from(vec![
            Span::styled(format!("{key}: "), palette.dim()),
            Span::raw(value.to_owned()),
        ]));
    }
    // The brush's row, for the mouse: a click there opens the palette.
    // Lines above it may wrap (a long metadata value).
    let width = usize::from(area.width.saturating_sub(2)).max(1);
    let above: usize = lines.iter().map(|l| l.width().div_ceil(width).max(1)).sum();
    let brush_row = u16::try_from(above + 1).unwrap_or(u16::MAX);
    lines.extend([
        Line::from(""),
        Line::from(vec![
            Span::styled("Brush ", palette.dim()),
            swatch(&e.brush(), app.color),
            Span::raw(format!(" {}", e.brush().short())),
        ]),
        Line::from(vec![
            Span::styled("Cell  ", palette.dim()),
            Span::raw(format!(
                "{}: {}",
                muscleman_level::cell_name(e.cursor()),
                cell_text(e.cell())
            )),
        ]),
        Line::from(""),
        Line::from(Span::styled("Verdict", palette.dim())),
        Line::from(app.verdicts.message()),
        Line::from(Span::styled(
            match app.verdicts.current {
                Verdict::Solved { .. } => "v watches it play",
                _ => "",
            },
            palette.dim(),
        )),
        Line::from(""),
        Line::from(Span::styled(
            format!("Problems: {}", summary(e.diagnostics())),
            palette.dim(),
        )),
    ]);
    for d in e.diagnostics() {
        let style = match (d.severity, app.color) {
            (Severity::Error, true) => Style::new().fg(ratatui::style::Color::LightRed),
            (Severity::Warning, true) => Style::new().fg(ratatui::style::Color::Yellow),
            (Severity::Error, false) => Style::new().add_modifier(Modifier::BOLD),
            (Severity::Warning, false) => Style::new(),
        };
        lines.push(Line::from(Span::styled(d.line(level.floor_count()), style)));
    }
    let block = Block::bordered().border_style(palette.dim());
    let inner = block.inner(area);
    if brush_row < inner.height {
        app.brush_row.set(Some(Rect::new(
            inner.x,
            inner.y + brush_row,
            inner.width,
            1,
        )));
    }
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}

/// Return what a cell holds, as the legend writes it; `floor` when empty.
fn cell_text(cell: &[EntitySpec]) -> String {
    if cell.is_empty() {
        return "floor".to_owned();
    }
    cell.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Return a rectangle of `w` × `h` centred in `area`.
fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn draw_box(frame: &mut Frame, area: Rect, title: &str, lines: &[String], palette: Palette) {
    // Two columns when one does not fit the height.
    let rows = usize::from(area.height.saturating_sub(2)).max(1);
    let paired: Vec<String>;
    let lines = if lines.len() > rows {
        let half = lines.len().div_ceil(2);
        let left = lines
            .iter()
            .take(half)
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        paired = (0..half)
            .map(|i| {
                let a = lines.get(i).map_or("", String::as_str);
                let b = lines.get(i + half).map_or("", String::as_str);
                format!("{a:<left$}  {b}")
            })
            .collect();
        &paired
    } else {
        lines
    };
    let width = lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(title.len());
    let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    // Wrapped lines take more rows: count them at the width the box gets.
    let inner = usize::from(area.width.min(to_u16(width + 4)).saturating_sub(2)).max(1);
    let rows: usize = lines
        .iter()
        .map(|l| l.chars().count().div_ceil(inner).max(1))
        .sum();
    let rect = centred(area, to_u16(width + 4), to_u16(rows + 2));
    frame.render_widget(Clear, rect);
    let text: Vec<Line> = lines.iter().map(|l| Line::from(l.clone())).collect();
    frame.render_widget(
        Paragraph::new(text)
            .block(
                Block::bordered()
                    .title(Line::from(title.to_owned()).style(palette.accent()))
                    .border_style(palette.dim()),
            )
            .wrap(Wrap { trim: false }),
        rect,
    );
}

fn draw_palette(app: &EditApp, frame: &mut Frame, area: Rect, selected: usize, filter: &str) {
    let palette = Palette::with_color(app.color);
    let list = app.filtered(filter);
    let rect = centred(area, 60, area.height);
    frame.render_widget(Clear, rect);
    let title = if filter.is_empty() {
        " Palette: ↑↓ choose, enter takes, type to filter ".to_owned()
    } else {
        format!(" Palette: {filter}▏ ")
    };
    let block = Block::bordered()
        .title(Line::from(title).style(palette.accent()))
        .border_style(palette.dim());
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let rows = usize::from(inner.height);
    let at = list.iter().position(|&i| i == selected).unwrap_or(0);
    let first = at
        .saturating_sub(rows.saturating_sub(1) / 2)
        .min(list.len().saturating_sub(rows));
    app.palette_rows.set(Some((inner, first)));
    let lines: Vec<Line> = list
        .iter()
        .skip(first)
        .take(rows)
        .filter_map(|&i| {
            let brush = app.editor.brushes().get(i)?;
            let chosen = i == selected;
            let style = if chosen {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            Some(Line::from(vec![
                Span::raw(if chosen { "> " } else { "  " }),
                swatch(brush, app.color),
                Span::styled(format!(" {}", brush.name()), style),
            ]))
        })
        .collect();
    if lines.is_empty() {
        frame.render_widget(Paragraph::new("no brush matches: backspace"), inner);
    } else {
        frame.render_widget(Paragraph::new(lines), inner);
    }
}
