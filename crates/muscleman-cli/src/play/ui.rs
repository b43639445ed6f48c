//! Rendering the game into a ratatui frame.

use muscleman_core::{EntityRecipe, EntitySpec, GridDir, GridPos};
use muscleman_level::Level;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::App;

/// Smallest terminal the game draws in; smaller shows a "too small" message.
pub const MIN_WIDTH: u16 = 60;
/// Smallest terminal height the game draws in.
pub const MIN_HEIGHT: u16 = 18;
/// Most rows the "Solved!" banner takes, borders included.
const BANNER_HEIGHT: u16 = 7;
/// Width of the side panel.
const PANEL_WIDTH: u16 = 28;

/// How one kind of cell looks: two characters and a style, in colour and plain.
#[derive(Clone, Copy)]
struct Look {
    /// Two columns, for levels that fit at two columns a cell.
    glyph: &'static str,
    /// One column, for levels too wide for two (the level format's symbol where it has one).
    narrow: &'static str,
    color: Style,
    plain: Style,
}

const fn look(glyph: &'static str, narrow: &'static str, color: Style, plain: Style) -> Look {
    Look {
        glyph,
        narrow,
        color,
        plain,
    }
}

const NONE: Style = Style::new();
const FLOOR: Look = look("  ", " ", NONE, NONE);
const GOAL: Look = look("()", ".", Style::new().fg(Color::LightRed), NONE);
const WALL: Look = look("██", "█", Style::new().fg(Color::Gray), NONE);
const WEAK_WALL: Look = look("▒▒", "▒", Style::new().fg(Color::Yellow), NONE);
const WATER: Look = look(
    "≈≈",
    "≈",
    Style::new().fg(Color::LightBlue).bg(Color::Blue),
    NONE,
);
const BOX: Look = look(
    "[]",
    "$",
    Style::new()
        .fg(Color::LightYellow)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::BOLD),
);
const BOX_ON_GOAL: Look = look(
    "[]",
    "*",
    Style::new()
        .fg(Color::LightGreen)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::REVERSED),
);
const HEAVY: Look = look(
    "{}",
    "&",
    Style::new()
        .fg(Color::LightMagenta)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::BOLD),
);
const HEAVY_ON_GOAL: Look = look(
    "{}",
    "&",
    Style::new()
        .fg(Color::LightGreen)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::REVERSED),
);
const PLAYER: Look = look(
    "@@",
    "@",
    Style::new()
        .fg(Color::LightCyan)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::BOLD),
);

/// Return how a cell looks.
fn look_of(cell: &[EntitySpec]) -> Look {
    let has = |r| cell.iter().any(|s| s.recipe == r);
    let goal = has(EntityRecipe::Goal);
    if has(EntityRecipe::Player) {
        PLAYER
    } else if has(EntityRecipe::WallStrong) {
        WALL
    } else if has(EntityRecipe::WallWeak) {
        WEAK_WALL
    } else if has(EntityRecipe::HeavyBox) {
        if goal { HEAVY_ON_GOAL } else { HEAVY }
    } else if has(EntityRecipe::Box) {
        if goal { BOX_ON_GOAL } else { BOX }
    } else if goal {
        GOAL
    } else if has(EntityRecipe::WaterCell) {
        WATER
    } else {
        FLOOR
    }
}

/// The player's two characters, showing where it faces.
fn player_glyph(facing: GridDir) -> &'static str {
    match facing {
        GridDir::Up => "^@",
        GridDir::Right => "@>",
        GridDir::Down => "@v",
        GridDir::Left => "<@",
    }
}

impl App {
    fn style(&self, look: Look) -> Style {
        if self.color { look.color } else { look.plain }
    }

    fn accent(&self) -> Style {
        if self.color {
            Style::new()
                .fg(Color::LightCyan)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::Gray)
        } else {
            Style::new()
        }
    }
}

/// Draw the whole screen.
pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        draw_too_small(frame, area);
        return;
    }
    let [main, status] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL_WIDTH)]).areas(main);
    let drawn = draw_board(app, frame, board);
    draw_panel(app, frame, panel);
    draw_status(app, frame, status);
    if app.is_solved() {
        draw_banner(app, frame, Block::bordered().inner(board), drawn);
    }
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

fn level_title(app: &App) -> String {
    match app.level().title() {
        Some(t) => t.to_owned(),
        None => format!("Level {}", app.level_index() + 1),
    }
}

/// The first visible cell and the screen offset on one axis: centred when
/// the level fits, else scrolled to keep `player` in the middle.
fn viewport(level_len: usize, visible: usize, player: usize) -> (usize, usize) {
    if level_len <= visible {
        (0, (visible - level_len) / 2)
    } else {
        let first = player.saturating_sub(visible / 2).min(level_len - visible);
        (first, 0)
    }
}

/// Draw the board; return the screen area the level took.
fn draw_board(app: &App, frame: &mut Frame, area: Rect) -> Rect {
    let block = Block::bordered()
        .title(Line::from(format!(" {} ", level_title(app))).style(app.accent()))
        .border_style(app.dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let level = match app.game().current_level() {
        Ok(level) => level,
        Err(e) => {
            frame.render_widget(
                Paragraph::new(format!("This position cannot be drawn: {e}"))
                    .wrap(Wrap { trim: true }),
                inner,
            );
            return inner;
        }
    };
    let facing = app
        .game()
        .world()
        .get::<muscleman_sim::Facing>(app.game().player())
        .map(|f| f.0)
        .unwrap_or_default();
    // Keep room for the banner below the level when there is enough, so
    // that solving hides nothing and the level does not jump.
    let area = if usize::from(inner.height) >= level.height() + usize::from(BANNER_HEIGHT) {
        Rect {
            height: inner.height - BANNER_HEIGHT,
            ..inner
        }
    } else {
        inner
    };
    render_level(app, &level, facing, area, frame.buffer_mut())
}

/// Draw `level` into `area`, two columns a cell when it fits, one otherwise,
/// scrolled around the player when even that does not fit.
/// Return the screen area the level took.
fn render_level(app: &App, level: &Level, facing: GridDir, area: Rect, buf: &mut Buffer) -> Rect {
    let (w, h) = (level.width(), level.height());
    let cols = usize::from(area.width);
    let rows = usize::from(area.height);
    let cell_w = if w.saturating_mul(2) <= cols { 2 } else { 1 };
    let visible_x = cols / cell_w;
    let player = level.player().unwrap_or_default();
    let px = usize::try_from(player.x).unwrap_or(0);
    let py = usize::try_from(player.y).unwrap_or(0);
    let (first_x, pad_x) = viewport(w, visible_x, px);
    let (first_y, pad_y) = viewport(h, rows, py);
    for sy in 0..rows.min(h) {
        let y = first_y + sy;
        for sx in 0..visible_x.min(w) {
            let x = first_x + sx;
            let (Ok(gx), Ok(gy)) = (i32::try_from(x), i32::try_from(y)) else {
                continue;
            };
            let at = GridPos::new(gx, gy);
            let look = look_of(level.cell(at));
            let mut style = app.style(look);
            if app.color && level.has(at, EntityRecipe::WaterCell) {
                style = style.bg(Color::Blue);
            }
            if app.color && level.has(at, EntityRecipe::Goal) && level.has(at, EntityRecipe::Player)
            {
                style = style.bg(Color::Red);
            }
            let glyph = match (cell_w, level.has(at, EntityRecipe::Player)) {
                (1, _) => look.narrow,
                (_, true) => player_glyph(facing),
                (_, false) => look.glyph,
            };
            let (Ok(x_off), Ok(y_off)) = (
                u16::try_from((pad_x + sx) * cell_w),
                u16::try_from(pad_y + sy),
            ) else {
                continue;
            };
            buf.set_string(area.x + x_off, area.y + y_off, glyph, style);
        }
    }
    let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Rect::new(
        area.x.saturating_add(to_u16(pad_x * cell_w)),
        area.y.saturating_add(to_u16(pad_y)),
        to_u16(visible_x.min(w) * cell_w),
        to_u16(rows.min(h)),
    )
    .intersection(area)
}

fn draw_panel(app: &App, frame: &mut Frame, area: Rect) {
    let block = Block::bordered()
        .title(Line::from(" Muscleman ").style(app.accent()))
        .border_style(app.dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let stats = app.game().stats();
    let label = app.dim();
    let value = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Level ", label),
            Span::styled(
                format!("{} of {}", app.level_index() + 1, app.level_count()),
                value,
            ),
        ]),
        Line::from(Span::styled(level_title(app), app.accent())),
        Line::from(""),
    ];
    let record = app.record().filter(|r| r.solved);
    let best = |n: Option<u32>| match (record, n) {
        (Some(_), Some(n)) => n.to_string(),
        _ => "-".to_owned(),
    };
    lines.push(Line::from(vec![
        Span::styled("Moves   ", label),
        Span::styled(format!("{:>5}", stats.moves), value),
        Span::styled("   best ", label),
        Span::styled(
            format!("{:>5}", best(record.and_then(|r| r.best_moves))),
            value,
        ),
    ]));
    lines.push(Line::from(vec![
        Span::styled("Pushes  ", label),
        Span::styled(format!("{:>5}", stats.pushes), value),
        Span::styled("   best ", label),
        Span::styled(
            format!("{:>5}", best(record.and_then(|r| r.best_pushes))),
            value,
        ),
    ]));
    lines.push(Line::from(Span::styled(
        if record.is_some() {
            "Solved"
        } else {
            "Not solved yet"
        },
        label,
    )));
    lines.push(Line::from(""));
    let keys = |pairs: &[(&'static str, &'static str)]| {
        Line::from(
            pairs
                .iter()
                .flat_map(|&(k, what)| [Span::styled(k, app.accent()), Span::raw(what)])
                .collect::<Vec<_>>(),
        )
    };
    lines.extend([
        keys(&[("←↑↓→ wasd hjkl", " move")]),
        keys(&[("z u", " undo    "), ("y", " redo")]),
        keys(&[("r", " restart")]),
        keys(&[("n p", " next/previous level")]),
        keys(&[("q Esc", " quit")]),
    ]);
    let legend_rows = 4;
    let used = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    if inner.height >= used + legend_rows {
        lines.push(Line::from(""));
        let item = |look: Look, glyph: &'static str, what: &'static str| {
            vec![
                Span::styled(glyph, app.style(look)),
                Span::raw(format!(" {what:<10}")),
            ]
        };
        let row = |a: Vec<Span<'static>>, b: Vec<Span<'static>>| {
            Line::from(a.into_iter().chain(b).collect::<Vec<_>>())
        };
        lines.push(row(item(PLAYER, "@v", "you"), item(BOX, "[]", "box")));
        lines.push(row(
            item(HEAVY, "{}", "heavy box"),
            item(GOAL, "()", "goal"),
        ));
        lines.push(row(
            item(WEAK_WALL, "▒▒", "weak wall"),
            item(WATER, "≈≈", "water"),
        ));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    let text = match &app.message {
        Some(m) => Line::from(Span::styled(
            format!(" {m}"),
            if app.color {
                Style::new().fg(Color::LightYellow)
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            },
        )),
        None => {
            let solved = app.progress().solved_count(app.levels.iter());
            Line::from(Span::styled(
                format!(
                    " {} · {} of {} solved",
                    app.set_name,
                    solved,
                    app.level_count()
                ),
                app.dim(),
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
        Line::from(Span::styled("Solved!", app.accent())).alignment(Alignment::Center),
        Line::from(format!("{} moves, {} pushes", stats.moves, stats.pushes))
            .alignment(Alignment::Center),
    ];
    if let Some(note) = app.solve_note {
        let i = note.improvement;
        let text = if i.first_solve {
            Some("First solve!")
        } else if i.moves && i.pushes {
            Some("New best: moves and pushes!")
        } else if i.moves {
            Some("New best: moves!")
        } else if i.pushes {
            Some("New best: pushes!")
        } else {
            None
        };
        if let Some(t) = text {
            lines.push(Line::from(t).alignment(Alignment::Center));
        }
    }
    let next = if app.level_index() + 1 >= app.level_count() {
        "Enter: back to level 1"
    } else {
        "Enter: next level"
    };
    lines.push(Line::from(next).alignment(Alignment::Center));
    lines.push(Line::from("z: undo   q: quit").alignment(Alignment::Center));
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
    let style = if app.color {
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
