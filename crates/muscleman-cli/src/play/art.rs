//! The terminal's art for the sim's appearances: how each
//! [`Appearance`] looks on the board (two columns and one, in colour and
//! plain), which of a cell's entities is drawn on top, and what each is
//! called in the panel.

use muscleman_core::{GlobalCounter, KeyColor};
use muscleman_sim::Appearance;
use ratatui::style::{Color, Modifier, Style};

/// How one kind of cell looks: two characters and a style, in colour and plain.
#[derive(Clone, Copy)]
pub(super) struct Look {
    /// Two columns, for levels that fit at two columns a cell.
    pub(super) glyph: &'static str,
    /// One column, for levels too wide for two (the level format's symbol where it has one).
    pub(super) narrow: &'static str,
    /// The style in colour.
    pub(super) color: Style,
    /// The style without colours.
    pub(super) plain: Style,
}

pub(super) const fn look(
    glyph: &'static str,
    narrow: &'static str,
    color: Style,
    plain: Style,
) -> Look {
    Look {
        glyph,
        narrow,
        color,
        plain,
    }
}

const NONE: Style = Style::new();
pub(super) const BOLD: Style = Style::new().add_modifier(Modifier::BOLD);
pub(super) const FLOOR: Look = look("  ", " ", NONE, NONE);
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
    BOLD,
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
    BOLD,
);
const HEAVY_ON_GOAL: Look = look(
    "{}",
    "&",
    Style::new()
        .fg(Color::LightGreen)
        .add_modifier(Modifier::BOLD),
    Style::new().add_modifier(Modifier::REVERSED),
);
pub(super) const PLAYER: Look = look(
    "@@",
    "@",
    Style::new()
        .fg(Color::LightCyan)
        .add_modifier(Modifier::BOLD),
    BOLD,
);
/// Water filled by a sunk heavy box: walkable.
const BRIDGE: Look = look(
    "__",
    "=",
    Style::new().fg(Color::LightMagenta).bg(Color::Blue),
    NONE,
);
const HAMMER: Look = look(
    "-T",
    "T",
    Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
    BOLD,
);
/// Something the sim draws that this game does not know yet.
const UNKNOWN: Look = look("??", "?", Style::new().fg(Color::LightRed), NONE);

/// Return the terminal colour of a key colour.
const fn key_color(c: KeyColor) -> Color {
    match c {
        KeyColor::Blue => Color::LightBlue,
        KeyColor::Red => Color::LightRed,
        KeyColor::Yellow => Color::Yellow,
        KeyColor::Green => Color::LightGreen,
    }
}

/// A key: `k` and its colour's letter (`kb`); one column, the letter (`b`).
const fn key_look(c: KeyColor) -> Look {
    let (glyph, narrow) = match c {
        KeyColor::Blue => ("kb", "b"),
        KeyColor::Red => ("kr", "r"),
        KeyColor::Yellow => ("ky", "y"),
        KeyColor::Green => ("kg", "g"),
    };
    look(
        glyph,
        narrow,
        Style::new().fg(key_color(c)).add_modifier(Modifier::BOLD),
        BOLD,
    )
}

/// A door: closed `+B` (one column `B`), open `'B` (one column the small
/// capital `ʙ`); the secret door `+S`/`S`, open `'S`/`s`. A closed door is
/// a block of its colour (reversed without colours).
const fn door_look(color: Option<KeyColor>, open: bool) -> Look {
    let (closed, opened, narrow_closed, narrow_open) = match color {
        Some(KeyColor::Blue) => ("+B", "'B", "B", "ʙ"),
        Some(KeyColor::Red) => ("+R", "'R", "R", "ʀ"),
        Some(KeyColor::Yellow) => ("+Y", "'Y", "Y", "ʏ"),
        Some(KeyColor::Green) => ("+G", "'G", "G", "ɢ"),
        None => ("+S", "'S", "S", "s"),
    };
    let fg = match color {
        Some(c) => key_color(c),
        None => Color::Magenta,
    };
    if open {
        look(opened, narrow_open, Style::new().fg(fg), NONE)
    } else {
        look(
            closed,
            narrow_closed,
            Style::new()
                .fg(Color::Black)
                .bg(fg)
                .add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::REVERSED),
        )
    }
}

/// A pressure plate: `_b`, pressed `=b` (one column the circled letter `ⓑ`,
/// pressed `Ⓑ`); the heavy plate `_H`/`=H` (`ⓗ`/`Ⓗ`).
const fn plate_look(color: Option<KeyColor>, pressed: bool) -> Look {
    let (up, down, narrow_up, narrow_down) = match color {
        Some(KeyColor::Blue) => ("_b", "=b", "ⓑ", "Ⓑ"),
        Some(KeyColor::Red) => ("_r", "=r", "ⓡ", "Ⓡ"),
        Some(KeyColor::Yellow) => ("_y", "=y", "ⓨ", "Ⓨ"),
        Some(KeyColor::Green) => ("_g", "=g", "ⓖ", "Ⓖ"),
        None => ("_H", "=H", "ⓗ", "Ⓗ"),
    };
    let fg = match color {
        Some(c) => key_color(c),
        None => Color::LightMagenta,
    };
    if pressed {
        look(
            down,
            narrow_down,
            Style::new().fg(fg).add_modifier(Modifier::BOLD),
            BOLD,
        )
    } else {
        look(up, narrow_up, Style::new().fg(fg), NONE)
    }
}

/// A collectible: `*` and its letter (`*a` apple, `*p` pear, `*c` cheese,
/// `*o` coin); one column, the letter.
const fn collectible_look(counter: GlobalCounter) -> Look {
    let (glyph, narrow, fg) = match counter {
        GlobalCounter::ApplesEaten => ("*a", "a", Color::LightRed),
        GlobalCounter::PearsEaten => ("*p", "p", Color::LightGreen),
        GlobalCounter::CheeseEaten => ("*c", "c", Color::Yellow),
        GlobalCounter::Coins => ("*o", "o", Color::LightYellow),
        _ => ("*?", "?", Color::LightRed),
    };
    look(
        glyph,
        narrow,
        Style::new().fg(fg).add_modifier(Modifier::BOLD),
        BOLD,
    )
}

/// Return how one entity looks on its own (`goal`: the cell holds a goal,
/// which turns a box on it green).
pub(super) fn look_of(appearance: Appearance, goal: bool) -> Look {
    match appearance {
        Appearance::Player => PLAYER,
        Appearance::WallStrong => WALL,
        Appearance::WallWeak => WEAK_WALL,
        Appearance::Water => WATER,
        Appearance::Goal => GOAL,
        Appearance::Box if goal => BOX_ON_GOAL,
        Appearance::Box => BOX,
        Appearance::HeavyBox if goal => HEAVY_ON_GOAL,
        Appearance::HeavyBox => HEAVY,
        Appearance::SunkHeavyBox => BRIDGE,
        Appearance::Hammer => HAMMER,
        Appearance::Key(c) => key_look(c),
        Appearance::Door { color, open } => door_look(color, open),
        Appearance::Plate { color, pressed } => plate_look(color, pressed),
        Appearance::Collectible(counter) => collectible_look(counter),
        // `Unknown`, and what the next rules bring: drawn, not hidden.
        _ => UNKNOWN,
    }
}

/// Return which entity of a cell is drawn: the lowest rank wins (the
/// player over walls over closed doors over boxes over keys and hammers
/// over what lies on the floor over the floor itself).
pub(super) fn rank(appearance: Appearance) -> u8 {
    match appearance {
        Appearance::Player => 0,
        Appearance::WallStrong => 1,
        Appearance::WallWeak => 2,
        Appearance::Door { open: false, .. } => 3,
        Appearance::HeavyBox => 4,
        Appearance::Box => 5,
        Appearance::Key(_) => 6,
        Appearance::Hammer => 7,
        Appearance::Collectible(_) => 9,
        Appearance::Door { open: true, .. } => 10,
        Appearance::Plate { .. } => 11,
        Appearance::Goal => 12,
        Appearance::SunkHeavyBox => 13,
        Appearance::Water => 14,
        // Unknown things stand above the floor, so they are seen.
        _ => 8,
    }
}

/// Return a key colour's name in the panel.
const fn color_name(c: KeyColor) -> &'static str {
    match c {
        KeyColor::Blue => "blue",
        KeyColor::Red => "red",
        KeyColor::Yellow => "yellow",
        KeyColor::Green => "green",
    }
}

/// Return what an appearance is called in the panel.
pub(super) fn name_of(appearance: Appearance) -> String {
    let color = |c: Option<KeyColor>| c.map_or("secret", color_name);
    match appearance {
        Appearance::Player => "you".to_owned(),
        Appearance::WallStrong => "wall".to_owned(),
        Appearance::WallWeak => "weak wall".to_owned(),
        Appearance::Water => "water".to_owned(),
        Appearance::Goal => "goal".to_owned(),
        Appearance::Box => "box".to_owned(),
        Appearance::HeavyBox => "heavy box".to_owned(),
        Appearance::SunkHeavyBox => "filled water".to_owned(),
        Appearance::Hammer => "hammer".to_owned(),
        Appearance::Key(c) => format!("{} key", color_name(c)),
        Appearance::Door { color: c, open } => {
            format!("{}{} door", if open { "open " } else { "" }, color(c))
        }
        Appearance::Plate { color: c, pressed } => format!(
            "{}{} plate",
            if pressed { "pressed " } else { "" },
            c.map_or("heavy", color_name)
        ),
        Appearance::Collectible(counter) => collectible_name(counter).to_owned(),
        _ => "unknown".to_owned(),
    }
}

/// Return a collectible's name, and its counter's in the panel.
const fn collectible_name(counter: GlobalCounter) -> &'static str {
    match counter {
        GlobalCounter::ApplesEaten => "apple",
        GlobalCounter::PearsEaten => "pear",
        GlobalCounter::CheeseEaten => "cheese",
        GlobalCounter::Coins => "coin",
        _ => "item",
    }
}
