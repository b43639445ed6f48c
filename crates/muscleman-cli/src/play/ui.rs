//! Rendering the game into a ratatui frame.

use muscleman_core::{GlobalCounter, GridDir, GridPos};
use muscleman_sim::{Appearance, View};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, BoardMap, Overlay, SPEEDS};
use super::art::{BOLD, FLOOR, Look, PLAYER, look, look_of, name_of, rank};
use super::keys::{GameAction, KEY_BINDINGS, LegendLine, key_legend};
use crate::progress::rules_key;

/// Smallest terminal the game draws in; smaller shows a "too small" message.
pub const MIN_WIDTH: u16 = 60;
/// Smallest terminal height the game draws in.
pub const MIN_HEIGHT: u16 = 18;
/// Most rows the "Solved!" banner takes, borders included.
const BANNER_HEIGHT: u16 = 7;
/// Width of the side panel.
const PANEL_WIDTH: u16 = 28;

/// What a cell holds, as the look chooses among it.
#[derive(Clone, Copy, Default)]
struct Cell {
    /// The entity drawn, if any.
    top: Option<Appearance>,
    player: bool,
    goal: bool,
    water: bool,
    /// The entity drawn is the one the player holds.
    held: bool,
}

impl Cell {
    /// Sort the appearances of a cell's entities.
    fn of(view: &View, at: GridPos) -> Cell {
        let mut c = Cell::default();
        let mut top: Option<(u8, Appearance, bool)> = None;
        for sprite in view.cell(at) {
            let a = sprite.appearance;
            match a.kind {
                "player" => c.player = true,
                "goal" => c.goal = true,
                "water" => c.water = true,
                _ => {}
            }
            let held = view.holding() == Some(sprite.entity);
            if top.is_none_or(|(r, _, _)| rank(a) < r) {
                top = Some((rank(a), a, held));
            }
        }
        if let Some((_, a, held)) = top {
            c.top = Some(a);
            c.held = held;
        }
        c
    }

    /// Return how the cell looks: the thing on top wins.
    fn look(self) -> Look {
        self.top.map_or(FLOOR, |a| look_of(a, self.goal))
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
    // What the mouse can click is what this draw shows, nothing older.
    app.board.set(None);
    app.list.set(None);
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        draw_too_small(frame, area);
        return;
    }
    let [main, status] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let [board, panel] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(PANEL_WIDTH)]).areas(main);
    let (drawn, narrow) = draw_board(app, frame, board);
    draw_panel(app, frame, panel, narrow);
    draw_status(app, frame, status);
    if app.is_solved() && app.overlay == Overlay::None {
        draw_banner(app, frame, Block::bordered().inner(board), drawn);
    }
    match app.overlay {
        Overlay::None => {}
        Overlay::Browser { selected } => {
            app.board.set(None);
            draw_browser(app, frame, main, selected);
        }
        Overlay::Help => {
            app.board.set(None);
            draw_help(app, frame, main);
        }
    }
}

/// Return the name of the rules in the panel and the help.
pub fn rules_name(rules: muscleman_sim::Rules) -> String {
    match rules_key(rules).as_str() {
        "muscleman" => "Muscleman".to_owned(),
        "sokoban" => "Sokoban".to_owned(),
        other => other.to_owned(),
    }
}

/// Return what the rules in use let the player do, for the help.
fn rules_text(rules: muscleman_sim::Rules) -> &'static str {
    if rules == muscleman_sim::Rules::SOKOBAN {
        "Sokoban: you push one box at a time, never two in a row; no grab, drop or swing."
    } else if rules == muscleman_sim::Rules::MUSCLEMAN {
        "Muscleman: you push a whole line of boxes at once; you can also grab a box, carry it, \
         drop it and swing it round you."
    } else {
        "a chain limit: you push at most that many boxes in a row."
    }
}

/// The level browser: every level of the set, solved marks, best counts
/// and titles, over the board and the panel.
fn draw_browser(app: &App, frame: &mut Frame, area: Rect, selected: usize) {
    let block = Block::bordered()
        .title(Line::from(format!(" {} ", app.set_name)).style(app.accent()))
        .title_bottom(Line::from(" ↑↓ choose  Enter play  Tab/Esc back ").style(app.dim()))
        .border_style(app.dim());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let rows = usize::from(inner.height).max(1);
    let header_rows = 2;
    let list_rows = rows.saturating_sub(header_rows).max(1);
    let first = selected
        .saturating_sub(list_rows / 2)
        .min(app.levels.len().saturating_sub(list_rows));
    let solved = app.progress().solved_count(app.levels.iter());
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{} of {} solved", solved, app.levels.len()), BOLD),
            Span::styled(format!("   rules: {}", rules_name(app.rules)), app.dim()),
        ]),
        Line::from(Span::styled(
            "   #   ✓  moves pushes  title   (✓ solved, … started)",
            app.dim(),
        )),
    ];
    let shown = list_rows.min(app.levels.len().saturating_sub(first));
    app.list.set(Some((
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
    for (i, level) in app.levels.iter().enumerate().skip(first).take(list_rows) {
        let record = app.progress().get(level).filter(|r| r.solved);
        let count = |n: Option<u32>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let title = level
            .title()
            .map_or_else(|| format!("Level {}", i + 1), str::to_owned);
        let here = if i == app.level_index() { "▸" } else { " " };
        let text = format!(
            "{here}{:>3}   {}  {:>5} {:>6}  {title}",
            i + 1,
            if record.is_some() {
                "✓"
            } else if i == app.level_index() && app.game().undo_depth() > 0
                || app.saves.has(level, app.rules)
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
        lines.push(Line::from(Span::styled(text, style)));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The help: the goal, the rules in use, every key, the mouse.
fn draw_help(app: &App, frame: &mut Frame, area: Rect) {
    let block = Block::bordered()
        .title(Line::from(" Help ").style(app.accent()))
        .title_bottom(Line::from(" any key closes ").style(app.dim()))
        .border_style(app.dim());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let width = usize::from(inner.width);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Goal: ", app.accent()),
            Span::raw("push a box onto every goal () to solve the level."),
        ]),
        Line::from(vec![
            Span::styled("Rules: ", app.accent()),
            Span::raw(rules_text(app.rules)),
        ]),
    ];
    lines.push(Line::from(""));
    let legend = key_legend();
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
    for pair in legend.chunks(2) {
        let mut spans = Vec::new();
        for (i, l) in pair.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::raw(entry(l)));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(
        "Mouse: click to walk, or a box then a cell to push it.",
    ));
    lines.push(Line::from("Paste LURD moves to watch them played back."));
    lines.push(Line::from(
        "Each level's position is kept when you leave it, and comes back.",
    ));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
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

/// Draw the board; return the screen area the level took, and whether it
/// is drawn one column a cell.
fn draw_board(app: &App, frame: &mut Frame, area: Rect) -> (Rect, bool) {
    let block = Block::bordered()
        .title(Line::from(format!(" {} ", level_title(app))).style(app.accent()))
        .border_style(app.dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let view = app.game().view();
    let facing = view.facing().unwrap_or_default();
    let region = Region::of(&view, app.level().width(), app.level().height());
    // Keep room for the banner below the level when there is enough, so
    // that solving hides nothing and the level does not jump.
    let area = if usize::from(inner.height) >= region.height() + usize::from(BANNER_HEIGHT) {
        Rect {
            height: inner.height - BANNER_HEIGHT,
            ..inner
        }
    } else {
        inner
    };
    render_view(app, &view, region, facing, area, frame.buffer_mut())
}

/// The cells to draw: the level's rectangle, grown to hold everything the
/// view holds (a player who walked off an open level stays in sight, and
/// the level never shifts while it stays inside).
#[derive(Clone, Copy)]
struct Region {
    min: GridPos,
    max: GridPos,
}

impl Region {
    fn of(view: &View, width: usize, height: usize) -> Region {
        let last = |n: usize| {
            i32::try_from(n)
                .unwrap_or(i32::MAX)
                .saturating_sub(1)
                .max(0)
        };
        let (mut min, mut max) = (GridPos::ZERO, GridPos::new(last(width), last(height)));
        if let Some((lo, hi)) = view.bounds() {
            min = GridPos::new(min.x.min(lo.x), min.y.min(lo.y));
            max = GridPos::new(max.x.max(hi.x), max.y.max(hi.y));
        }
        Region { min, max }
    }

    fn span(lo: i32, hi: i32) -> usize {
        usize::try_from(i64::from(hi) - i64::from(lo) + 1).unwrap_or(0)
    }

    fn width(self) -> usize {
        Region::span(self.min.x, self.max.x)
    }

    fn height(self) -> usize {
        Region::span(self.min.y, self.max.y)
    }

    /// Return the cell `dx`, `dy` cells from the top-left corner.
    fn at(self, dx: usize, dy: usize) -> Option<GridPos> {
        let x = i32::try_from(i64::from(self.min.x) + i64::try_from(dx).ok()?).ok()?;
        let y = i32::try_from(i64::from(self.min.y) + i64::try_from(dy).ok()?).ok()?;
        Some(GridPos::new(x, y))
    }

    /// Return how far `p` lies from the top-left corner.
    fn offset(self, p: GridPos) -> (usize, usize) {
        let off = |v: i32, lo: i32| usize::try_from(i64::from(v) - i64::from(lo)).unwrap_or(0);
        (off(p.x, self.min.x), off(p.y, self.min.y))
    }
}

/// Draw the view's `region` into `area`, two columns a cell when it fits,
/// one otherwise, scrolled around the player when even that does not fit.
/// Return the screen area the level took, and whether it is one column a cell.
fn render_view(
    app: &App,
    view: &View,
    region: Region,
    facing: GridDir,
    area: Rect,
    buf: &mut Buffer,
) -> (Rect, bool) {
    let (w, h) = (region.width(), region.height());
    let cols = usize::from(area.width);
    let rows = usize::from(area.height);
    let cell_w = if w.saturating_mul(2) <= cols { 2 } else { 1 };
    let visible_x = cols / cell_w;
    let player = view
        .sprites()
        .iter()
        .find(|s| s.appearance.is("player"))
        .map_or(region.min, |s| s.at);
    let (px, py) = region.offset(player);
    let (first_x, pad_x) = viewport(w, visible_x, px);
    let (first_y, pad_y) = viewport(h, rows, py);
    for sy in 0..rows.min(h) {
        for sx in 0..visible_x.min(w) {
            let Some(at) = region.at(first_x + sx, first_y + sy) else {
                continue;
            };
            let cell = Cell::of(view, at);
            let look = cell.look();
            let mut style = app.style(look);
            if app.color && cell.water && style.bg.is_none() {
                style = style.bg(Color::Blue);
            }
            if app.color && cell.goal && cell.player {
                style = style.bg(Color::Red);
            }
            if app.picked == Some(at) {
                style = style.add_modifier(Modifier::REVERSED | Modifier::SLOW_BLINK);
            }
            if cell.held {
                // Held: reversed and underlined, in colour or not.
                style = style.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED);
            }
            let hinted = app.hint_cells.contains(&at);
            if hinted {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            let glyph = match (cell_w, cell.player) {
                // The hint's way over bare floor: dots.
                (1, false) if hinted && cell.top.is_none() => "·",
                (_, false) if hinted && cell.top.is_none() => "··",
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
    app.board
        .set(region.at(first_x, first_y).map(|origin| BoardMap {
            x: area.x.saturating_add(to_u16(pad_x * cell_w)),
            y: area.y.saturating_add(to_u16(pad_y)),
            width: to_u16(visible_x.min(w) * cell_w),
            height: to_u16(rows.min(h)),
            origin,
            cell_width: to_u16(cell_w),
        }));
    let taken = Rect::new(
        area.x.saturating_add(to_u16(pad_x * cell_w)),
        area.y.saturating_add(to_u16(pad_y)),
        to_u16(visible_x.min(w) * cell_w),
        to_u16(rows.min(h)),
    )
    .intersection(area);
    (taken, cell_w == 1)
}

fn draw_panel(app: &App, frame: &mut Frame, area: Rect, narrow: bool) {
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
        Line::from(vec![
            Span::styled("Rules ", app.dim()),
            Span::styled(rules_name(app.rules), value),
        ]),
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
    let view = app.game().view();
    lines.push(state_line(app, &view));
    if let Some(line) = counters_line(app, &view) {
        lines.push(line);
    }
    lines.push(Line::from(""));
    let width = usize::from(inner.width);
    lines.extend(legend_lines(app, width, &short_legend()));
    // The glyph legend, for what this level holds, as far as there is room.
    let items = glyph_legend(&view);
    let room = usize::from(inner.height).saturating_sub(lines.len() + 1);
    if room > 0 && !items.is_empty() {
        lines.push(Line::from(""));
        lines.extend(
            glyph_lines(app, &items, width, narrow)
                .into_iter()
                .take(room),
        );
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

/// Return the arrow of a direction.
const fn arrow(dir: GridDir) -> &'static str {
    match dir {
        GridDir::Up => "↑",
        GridDir::Right => "→",
        GridDir::Down => "↓",
        GridDir::Left => "←",
    }
}

/// The player's state: where it faces (an arrow) and what it holds.
fn state_line(app: &App, view: &View) -> Line<'static> {
    let facing = view.facing().map_or("-", arrow);
    let held = view.holding().and_then(|id| {
        view.sprites()
            .iter()
            .find(|s| s.entity == id)
            .map(|s| name_of(s.appearance))
    });
    Line::from(vec![
        Span::styled("Facing ", app.dim()),
        Span::styled(facing, app.accent()),
        Span::styled("  holding ", app.dim()),
        Span::styled(held.unwrap_or_else(|| "-".to_owned()), BOLD),
    ])
}

/// The counters players collect (coins, apples, pears, cheese), those above
/// zero; `None` when all are zero.
fn counters_line(app: &App, view: &View) -> Option<Line<'static>> {
    let shown = [
        (GlobalCounter::Coins, "coins"),
        (GlobalCounter::ApplesEaten, "apples"),
        (GlobalCounter::PearsEaten, "pears"),
        (GlobalCounter::CheeseEaten, "cheese"),
    ];
    let mut spans = Vec::new();
    for (counter, name) in shown {
        let n = view
            .counters()
            .iter()
            .find(|(c, _)| *c == counter)
            .map_or(0, |(_, n)| *n);
        if n > 0 {
            if !spans.is_empty() {
                spans.push(Span::raw(" "));
            }
            spans.push(Span::styled(format!("{name} "), app.dim()));
            spans.push(Span::styled(n.to_string(), BOLD));
        }
    }
    (!spans.is_empty()).then(|| Line::from(spans))
}

/// The panel's short key legend: the arrows, then the first key of the
/// actions a player needs most, from `KEY_BINDINGS`; `?` shows them all.
fn short_legend() -> Vec<LegendLine> {
    let mut out = vec![LegendLine {
        keys: "↑↓←→".to_owned(),
        description: "move",
    }];
    for action in [
        GameAction::Undo,
        GameAction::Restart,
        GameAction::Levels,
        GameAction::Hint,
        GameAction::Help,
        GameAction::Quit,
    ] {
        if let Some(b) = KEY_BINDINGS.iter().find(|b| b.action == action) {
            out.push(LegendLine {
                keys: b.label.to_owned(),
                description: action.description(),
            });
        }
    }
    out
}

/// The key legend, from [`key_legend`] (so from `KEY_BINDINGS`): each
/// action's keys then what it does, as many to a line as fit in `width`,
/// an entry too long for a line broken between its keys.
fn legend_lines(app: &App, width: usize, entries: &[LegendLine]) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    let chars = |t: &str| t.chars().count();
    for entry in entries {
        let len = chars(&entry.keys) + 1 + chars(entry.description);
        let gap = if used == 0 { 0 } else { 2 };
        if used > 0 && used + gap + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        // Keys word by word, so a long list wraps between keys.
        for (i, k) in entry.keys.split(' ').enumerate() {
            let sep = usize::from(i > 0);
            if used > 0 && used + sep + chars(k) > width {
                lines.push(Line::from(std::mem::take(&mut spans)));
                used = 0;
            } else if sep == 1 {
                spans.push(Span::raw(" "));
                used += 1;
            }
            spans.push(Span::styled(k.to_owned(), app.accent()));
            used += chars(k);
        }
        let mut what = format!(" {}", entry.description);
        if used + chars(&what) > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            what = entry.description.to_owned();
            used = 0;
        }
        used += chars(&what);
        spans.push(Span::raw(what));
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The glyph legend's entries, glyph (as the board draws it, one column or
/// two) then name, as many to a line as fit.
fn glyph_lines(
    app: &App,
    items: &[(Look, String)],
    width: usize,
    narrow: bool,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0usize;
    for (look, what) in items {
        let glyph = if narrow { look.narrow } else { look.glyph };
        let len = glyph.chars().count() + 1 + what.chars().count();
        if used > 0 && used + 2 + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        if used > 0 {
            spans.push(Span::raw("  "));
            used += 2;
        }
        spans.push(Span::styled(glyph, app.style(*look)));
        spans.push(Span::raw(format!(" {what}")));
        used += len;
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The glyphs of what the view holds (the player first), each kind once,
/// with its name: the legend names only what this level has.
fn glyph_legend(view: &View) -> Vec<(Look, String)> {
    let mut kinds: Vec<Appearance> = view.sprites().iter().map(|s| s.appearance).collect();
    kinds.sort_by_key(|a| (rank(*a), a.kind, a.color, a.state));
    kinds.dedup();
    kinds
        .into_iter()
        .filter(|a| !a.is("wall"))
        .map(|a| {
            let look = if a.is("player") {
                look("@v", "@", PLAYER.color, PLAYER.plain)
            } else {
                look_of(a, false)
            };
            (look, name_of(a))
        })
        .collect()
}

fn draw_status(app: &App, frame: &mut Frame, area: Rect) {
    let playing = app.playback.as_ref().map(|p| {
        format!(
            "Playing {}: {}/{}, {}/s (+ -, other keys stop)",
            p.what,
            p.done,
            p.commands.len(),
            SPEEDS.get(app.speed).copied().unwrap_or(10)
        )
    });
    let hinting = app
        .is_hinting()
        .then(|| "Looking for a hint... (it comes here; the game goes on)".to_owned());
    let text = match playing
        .as_ref()
        .or(app.message.as_ref())
        .or(hinting.as_ref())
    {
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
