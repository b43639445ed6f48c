//! The board: the view's cells drawn two columns a cell, or one when the
//! level is too wide, scrolled around the player when even that does not
//! fit; the top entity of each cell drawn by the art's rank, with the
//! hint's way, the picked box and the held item marked. Where the board
//! was drawn is left for the mouse.

use muscleman_core::{GridDir, GridPos};
use muscleman_sim::{Appearance, View};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::text::Line;
use ratatui::widgets::Block;

use super::app::App;
use super::art::{FLOOR, Look, look_of, rank};
use super::names::{floor_label, level_title};
use super::palette::Palette;
use super::screen::BoardMap;

/// Most rows the "Solved!" banner takes, borders included.
pub(super) const BANNER_HEIGHT: u16 = 7;

/// What a cell holds, as the look chooses among it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Cell {
    /// The entity drawn, if any.
    top: Option<Appearance>,
    player: bool,
    goal: bool,
    water: bool,
    /// The entity drawn is the one the player holds.
    held: bool,
    /// The entity drawn fills a goal (the view says: a box on a goal).
    on_goal: bool,
    /// The way the entity drawn faces, as the view's sprite says (not
    /// the player's: it is drawn apart).
    facing: Option<GridDir>,
}

impl Cell {
    /// Sort the appearances of a cell's entities.
    fn of(view: &View, floor: u32, at: GridPos) -> Cell {
        Cell::of_faced_things(view.cell_on(floor, at).iter().map(|sprite| {
            (
                sprite.appearance,
                view.holding() == Some(sprite.entity),
                sprite.on_goal,
                sprite.facing,
            )
        }))
    }

    /// Sort a cell's things as [`Cell::of_things`] does, each with the way
    /// it faces as the sim says (`None` for what faces no way): the thing
    /// drawn is drawn facing its way (the player is drawn apart).
    pub(crate) fn of_faced_things(
        things: impl Iterator<Item = (Appearance, bool, bool, Option<GridDir>)>,
    ) -> Cell {
        let things: Vec<_> = things.collect();
        let mut cell = Cell::of_things(
            things
                .iter()
                .map(|(a, held, on_goal, _)| (*a, *held, *on_goal)),
        );
        cell.facing = things
            .iter()
            .filter(|(a, ..)| !a.is("player"))
            .find(|(a, ..)| Some(*a) == cell.top)
            .and_then(|(.., facing)| *facing);
        cell
    }

    /// Sort a cell's things: each its appearance, whether it is held and
    /// whether it fills a goal.
    pub(crate) fn of_things(things: impl Iterator<Item = (Appearance, bool, bool)>) -> Cell {
        let mut c = Cell::default();
        let mut top: Option<(u8, Appearance, bool, bool)> = None;
        for (a, held, on_goal) in things {
            match a.kind {
                "player" => c.player = true,
                "goal" => c.goal = true,
                "water" => c.water = true,
                _ => {}
            }
            if top.is_none_or(|(r, _, _, _)| rank(a) < r) {
                top = Some((rank(a), a, held, on_goal));
            }
        }
        if let Some((_, a, held, on_goal)) = top {
            c.top = Some(a);
            c.held = held;
            c.on_goal = on_goal;
        }
        c
    }

    /// Return how the cell looks: the thing on top wins.
    fn look(self) -> Look {
        self.top
            .map_or(FLOOR, |a| look_of(a, self.on_goal).faced(self.facing))
    }
}

/// What the board marks over its cells, and where it scrolls to.
pub(crate) struct Marks<'a> {
    /// Colours on.
    pub(crate) color: bool,
    /// The cell kept in sight when the board scrolls (the player, the cursor).
    pub(crate) focus: Option<GridPos>,
    /// The box the mouse picked.
    pub(crate) picked: Option<GridPos>,
    /// The hint's way.
    pub(crate) hinted: &'a [GridPos],
    /// The editor's cursor.
    pub(crate) cursor: Option<GridPos>,
    /// The editor's rectangle being marked, as two corners.
    pub(crate) area: Option<(GridPos, GridPos)>,
    /// Cells with a diagnostic: `true` an error, `false` a warning.
    pub(crate) flagged: &'a [(GridPos, bool)],
}

/// The player's two characters, showing where it faces with the arrow
/// every facing is drawn with ([`super::art::arrow`]).
pub(super) fn player_glyph(facing: GridDir) -> &'static str {
    match facing {
        GridDir::Up => "↑@",
        GridDir::Right => "@→",
        GridDir::Down => "@↓",
        GridDir::Left => "←@",
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
pub(super) fn draw_board(app: &App, frame: &mut Frame, area: Rect) -> (Rect, bool) {
    let view = app.game().view();
    let floor = app.shown_floor(&view);
    let title = board_title(app, &view, floor, usize::from(area.width));
    let block = Block::bordered()
        .title(Line::from(title).style(Palette::of(app).accent()))
        .border_style(Palette::of(app).dim());
    let inner = block.inner(area);
    frame.render_widget(block, area);
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
    let shown = Shown {
        view: &view,
        floor,
        region,
        facing,
    };
    render_view(app, shown, area, frame.buffer_mut())
}

/// Return the board's title, to fit in `width` columns: the level's, and
/// in a level of several floors the floor shown (marked as looked at when
/// it is not the player's), shortened as the width asks (the panel also
/// names the level and the player's floor).
fn board_title(app: &App, view: &View, floor: u32, width: usize) -> String {
    let title = level_title(app.listed_level(), app.level_index());
    if view.floor_count() < 2 {
        return format!(" {title} ");
    }
    let looking = if floor == view.player_floor() {
        ""
    } else {
        "looking at "
    };
    let label = floor_label(view, floor);
    let short = format!("floor {floor}/{}", view.floor_count());
    [
        format!(" {title} · {looking}{label} "),
        format!(" {looking}{label} "),
        format!(" {looking}{short} "),
        format!(" {short} "),
    ]
    .into_iter()
    .find(|t| t.chars().count() + 2 <= width)
    .unwrap_or_else(|| format!(" {floor} "))
}

/// What the board shows: a floor of the view, the cells of `region`.
#[derive(Clone, Copy)]
struct Shown<'a> {
    view: &'a View,
    floor: u32,
    region: Region,
    facing: GridDir,
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
        // Every floor's cells: the floors share their origin, so each is
        // drawn in the same place and looking from one to another keeps
        // the cells under each other.
        for floor in 1..=view.floor_count() {
            if let Some((lo, hi)) = view.bounds_on(floor) {
                min = GridPos::new(min.x.min(lo.x), min.y.min(lo.y));
                max = GridPos::new(max.x.max(hi.x), max.y.max(hi.y));
            }
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

    /// Return the cell in its middle.
    fn middle(self) -> GridPos {
        let mid =
            |lo: i32, hi: i32| i32::try_from((i64::from(lo) + i64::from(hi)) / 2).unwrap_or(lo);
        GridPos::new(mid(self.min.x, self.max.x), mid(self.min.y, self.max.y))
    }

    /// Return how far `p` lies from the top-left corner.
    fn offset(self, p: GridPos) -> (usize, usize) {
        let off = |v: i32, lo: i32| usize::try_from(i64::from(v) - i64::from(lo)).unwrap_or(0);
        (off(p.x, self.min.x), off(p.y, self.min.y))
    }
}

/// Draw the view's `region` into `area` as [`render_cells`] does, with the
/// game's marks, and leave where the board was for the mouse.
fn render_view(app: &App, shown: Shown<'_>, area: Rect, buf: &mut Buffer) -> (Rect, bool) {
    let Shown {
        view,
        floor,
        region,
        facing,
    } = shown;
    // Scrolled around the player on its floor, around the middle elsewhere.
    let player = view
        .sprites_on(floor)
        .iter()
        .find(|s| s.appearance.is("player"))
        .map_or_else(|| region.middle(), |s| s.at);
    // The hint's way and the mouse's pick are cells of the player's floor.
    let own = floor == view.player_floor();
    let marks = Marks {
        color: app.screen.color,
        // The cell looked at stays in sight, else the player.
        focus: Some(app.screen.inspecting.unwrap_or(player)),
        picked: app.screen.picked.filter(|_| own),
        hinted: if own { &app.hints.cells } else { &[] },
        cursor: app.screen.inspecting,
        area: None,
        flagged: &[],
    };
    let (map, taken, narrow) = render_cells(
        &|at| Cell::of(view, floor, at),
        (region.min, region.max),
        facing,
        &marks,
        area,
        buf,
    );
    app.screen.board.set(map);
    if app.screen.flash
        && own
        && let Some(map) = map
    {
        flash(buf, &map, player);
    }
    (taken, narrow)
}

/// Flash the cell `at` of the board `map` shows: its look reversed (a
/// refused move's `bump`), with colours or without.
fn flash(buf: &mut Buffer, map: &BoardMap, at: GridPos) {
    let dx = i64::from(at.x) - i64::from(map.origin.x);
    let dy = i64::from(at.y) - i64::from(map.origin.y);
    let (Ok(dx), Ok(dy)) = (u16::try_from(dx), u16::try_from(dy)) else {
        return;
    };
    let x = map.x.saturating_add(dx.saturating_mul(map.cell_width));
    let y = map.y.saturating_add(dy);
    if dy >= map.height || dx.saturating_mul(map.cell_width) >= map.width {
        return;
    }
    for column in x..x.saturating_add(map.cell_width) {
        if let Some(cell) = buf.cell_mut((column, y)) {
            let style = cell.style();
            let flipped = if style.add_modifier.contains(Modifier::REVERSED) {
                style.remove_modifier(Modifier::REVERSED)
            } else {
                style.add_modifier(Modifier::REVERSED)
            };
            cell.set_style(flipped.add_modifier(Modifier::BOLD));
        }
    }
}

/// Draw the cells from `min` to `max` (as `cell_of` gives them) into
/// `area`, two columns a cell when it fits, one otherwise, scrolled around
/// the focus when even that does not fit, with `marks` over them. Return
/// where each cell was drawn (for the mouse), the screen area the cells
/// took, and whether it is one column a cell. The game and the editor both
/// draw their boards with it.
pub(crate) fn render_cells(
    cell_of: &dyn Fn(GridPos) -> Cell,
    (min, max): (GridPos, GridPos),
    facing: GridDir,
    marks: &Marks<'_>,
    area: Rect,
    buf: &mut Buffer,
) -> (Option<BoardMap>, Rect, bool) {
    let region = Region { min, max };
    let palette = Palette::with_color(marks.color);
    let (w, h) = (region.width(), region.height());
    let cols = usize::from(area.width);
    let rows = usize::from(area.height);
    let cell_w = if w.saturating_mul(2) <= cols { 2 } else { 1 };
    let visible_x = cols / cell_w;
    let (px, py) = region.offset(marks.focus.unwrap_or(region.min));
    let (first_x, pad_x) = viewport(w, visible_x, px);
    let (first_y, pad_y) = viewport(h, rows, py);
    let in_area = |at: GridPos| {
        marks.area.is_some_and(|(a, b)| {
            (a.x.min(b.x)..=a.x.max(b.x)).contains(&at.x)
                && (a.y.min(b.y)..=a.y.max(b.y)).contains(&at.y)
        })
    };
    for sy in 0..rows.min(h) {
        for sx in 0..visible_x.min(w) {
            let Some(at) = region.at(first_x + sx, first_y + sy) else {
                continue;
            };
            let cell = cell_of(at);
            let look = cell.look();
            let mut style = palette.style(look);
            if marks.color && cell.water && style.bg.is_none() {
                style = style.bg(Color::Blue);
            }
            if marks.color && cell.goal && cell.player {
                style = style.bg(Color::Red);
            }
            if marks.picked == Some(at) {
                style = style.add_modifier(Modifier::REVERSED | Modifier::SLOW_BLINK);
            }
            if cell.held {
                // Held: reversed and underlined, in colour or not.
                style = style.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED);
            }
            let hinted = marks.hinted.contains(&at);
            if hinted {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            let flag = marks.flagged.iter().find(|f| f.0 == at).map(|f| f.1);
            // A cell with a problem: a red (error) or yellow (warning)
            // ground where the cell has none of its own, else underlined.
            match flag {
                Some(true) if marks.color && style.bg.is_none() => style = style.bg(Color::Red),
                Some(false) if marks.color && style.bg.is_none() => {
                    style = style.bg(Color::Yellow);
                }
                Some(_) => style = style.add_modifier(Modifier::UNDERLINED),
                None => {}
            }
            if in_area(at) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if marks.cursor == Some(at) {
                // Reversed against what the cell shows (a closed door is
                // already reversed without colours), and underlined.
                style = if style.add_modifier.contains(Modifier::REVERSED) {
                    style.remove_modifier(Modifier::REVERSED)
                } else {
                    style.add_modifier(Modifier::REVERSED)
                }
                .add_modifier(Modifier::UNDERLINED);
            }
            let style = look.styled(style, cell_w == 1);
            let glyph = match (cell_w, cell.player) {
                // The hint's way over bare floor: dots.
                (1, false) if hinted && cell.top.is_none() => "·".into(),
                (_, false) if hinted && cell.top.is_none() => "··".into(),
                // An empty cell with a diagnostic, without colours: `!!`.
                (1, false) if flag.is_some() && !marks.color && cell.top.is_none() => "!".into(),
                (_, false) if flag.is_some() && !marks.color && cell.top.is_none() => "!!".into(),
                (1, _) => look.text(true),
                (_, true) => player_glyph(facing).into(),
                (_, false) => look.text(false),
            };
            let (Ok(x_off), Ok(y_off)) = (
                u16::try_from((pad_x + sx) * cell_w),
                u16::try_from(pad_y + sy),
            ) else {
                continue;
            };
            buf.set_string(area.x + x_off, area.y + y_off, &glyph, style);
        }
    }
    let to_u16 = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    let map = region.at(first_x, first_y).map(|origin| BoardMap {
        x: area.x.saturating_add(to_u16(pad_x * cell_w)),
        y: area.y.saturating_add(to_u16(pad_y)),
        width: to_u16(visible_x.min(w) * cell_w),
        height: to_u16(rows.min(h)),
        origin,
        cell_width: to_u16(cell_w),
    });
    let taken = Rect::new(
        area.x.saturating_add(to_u16(pad_x * cell_w)),
        area.y.saturating_add(to_u16(pad_y)),
        to_u16(visible_x.min(w) * cell_w),
        to_u16(rows.min(h)),
    )
    .intersection(area);
    (map, taken, cell_w == 1)
}
