//! The terminal's art for the sim's appearances: how each
//! [`Appearance`] looks on the board (two columns and one, in colour and
//! plain), which of a cell's entities is drawn on top, and what each is
//! called in the panel.

use std::borrow::Cow;

use muscleman_core::{GlobalCounter, GridDir, KeyColor};
pub(super) use muscleman_play::look::rank;
pub(crate) use muscleman_play::look::{name_facing, name_of};
use muscleman_sim::{Appearance, Tint, recipe_appearance};
use ratatui::style::{Color, Modifier, Style};

/// How one kind of cell looks: two characters and a style, in colour and plain.
#[derive(Clone, Copy)]
pub(crate) struct Look {
    /// Two columns, for levels that fit at two columns a cell.
    pub(crate) glyph: &'static str,
    /// One column, for levels too wide for two (the level format's symbol where it has one).
    pub(super) narrow: &'static str,
    /// The style in colour.
    pub(super) color: Style,
    /// The style without colours.
    pub(super) plain: Style,
    /// For a thing that holds something, its first content's one-column
    /// glyph (`r` for a red key), drawn in the second column (`[r`);
    /// `""` for none.
    pub(super) mark: &'static str,
    /// For a thing that faces some way (the view's sprite says which;
    /// not the player, drawn apart), that way: drawn with an arrow
    /// ([`Look::text`]).
    pub(super) facing: Option<GridDir>,
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
        mark: "",
        facing: None,
    }
}

/// Return a direction's arrow, the mark of a facing (one column, or beside
/// a glyph in two): arrows, which no recipe's glyph is (the stairs are `<`
/// and `>`; a test over the glyph table keeps it so).
pub(super) const fn arrow(dir: GridDir) -> &'static str {
    match dir {
        GridDir::Up => "↑",
        GridDir::Right => "→",
        GridDir::Down => "↓",
        GridDir::Left => "←",
    }
}

/// Return `glyph` with the arrow of its way on the side it faces, two
/// columns, as the player is drawn: `↑D`, `D→`, `D↓`, `←D`.
pub(super) fn faced(glyph: char, dir: GridDir) -> String {
    match dir {
        GridDir::Up | GridDir::Left => format!("{}{glyph}", arrow(dir)),
        GridDir::Right | GridDir::Down => format!("{glyph}{}", arrow(dir)),
    }
}

impl Look {
    /// Return what is drawn, two columns or one (`narrow`): a thing that
    /// holds something shows its first content's mark in its second
    /// column (`[r`: a box with a red key); drawn one column, where there
    /// is no room for the mark, it is underlined instead
    /// ([`Look::styled`]).
    ///
    /// A thing that faces some way shows it, whatever it is: one column,
    /// the arrow of its way (`→`); two, its glyph with an arrow on that
    /// side (`D→`, as the player's `@→`).
    pub(crate) fn text(&self, narrow: bool) -> Cow<'static, str> {
        if let Some(dir) = self.facing {
            return match (narrow, self.glyph.chars().next()) {
                (false, Some(first)) => Cow::Owned(faced(first, dir)),
                _ => Cow::Borrowed(arrow(dir)),
            };
        }
        match (narrow, self.mark) {
            (true, _) => Cow::Borrowed(self.narrow),
            (false, "") => Cow::Borrowed(self.glyph),
            (false, mark) => {
                let mut text: String = self.glyph.chars().take(1).collect();
                text.push_str(mark);
                Cow::Owned(text)
            }
        }
    }

    /// Return this look facing `facing` (`None` leaves it as it is).
    pub(crate) fn faced(self, facing: Option<GridDir>) -> Look {
        Look {
            facing: facing.or(self.facing),
            ..self
        }
    }

    /// Return `style` (this look's, in colour or plain), underlined when
    /// drawn one column with contents it has no room to mark.
    pub(crate) fn styled(&self, style: Style, narrow: bool) -> Style {
        if narrow && !self.mark.is_empty() && self.facing.is_none() {
            style.add_modifier(Modifier::UNDERLINED)
        } else {
            style
        }
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
/// A bong (two keys brewed together): `δ` with its first key's mark
/// (`δr`), one column `δ`, underlined.
const BONG: Look = look(
    "δ ",
    "δ",
    Style::new()
        .fg(Color::LightMagenta)
        .add_modifier(Modifier::BOLD),
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

/// A collectible by the counter it raises: `*` and its letter (`*a` apple,
/// `*p` pear, `*c` cheese, `*o` coin; one column, the letter), or `None`
/// for a counter this game has no art for, drawn by its declared glyph.
const fn collectible_look(counter: GlobalCounter) -> Option<Look> {
    let (glyph, narrow, fg) = match counter {
        GlobalCounter::ApplesEaten => ("*a", "a", Color::LightRed),
        GlobalCounter::PearsEaten => ("*p", "p", Color::LightGreen),
        GlobalCounter::CheeseEaten => ("*c", "c", Color::Yellow),
        GlobalCounter::Coins => ("*o", "o", Color::LightYellow),
        _ => return None,
    };
    Some(look(
        glyph,
        narrow,
        Style::new().fg(fg).add_modifier(Modifier::BOLD),
        BOLD,
    ))
}

/// Return how one entity looks on its own (`on_goal`: it fills a goal, as
/// the view says, which turns a box green): the art of its kind where this game has
/// some, else the glyph and colour its recipe declares.
pub(crate) fn look_of(a: Appearance, on_goal: bool) -> Look {
    let mut look = own_look(a, on_goal);
    // What it holds, whatever it is: marked by its first content's glyph.
    if let Some(first) = a.contents.as_slice().first()
        && let Some(inside) = recipe_appearance(*first)
    {
        look.mark = own_look(inside, false).narrow;
    }
    look
}

/// Return how one entity looks on its own, leaving out what it holds.
fn own_look(a: Appearance, on_goal: bool) -> Look {
    match (a.kind, a.color) {
        ("player", _) => PLAYER,
        ("unknown", _) => UNKNOWN,
        ("wall", _) => WALL,
        ("weak_wall", _) => WEAK_WALL,
        ("water", _) => WATER,
        ("goal", _) => GOAL,
        ("box", _) if on_goal => BOX_ON_GOAL,
        ("box", _) => BOX,
        ("heavy_box", _) if on_goal => HEAVY_ON_GOAL,
        ("heavy_box", _) => HEAVY,
        ("sunk_heavy_box", _) => BRIDGE,
        ("hammer", _) => HAMMER,
        ("bong", _) => BONG,
        ("key", Some(c)) => key_look(c),
        ("door" | "secret_door", c) => door_look(c, a.state == "open"),
        ("plate" | "heavy_plate", c) => plate_look(c, a.state == "pressed"),
        // A collectible by its counter; what this game has no art for, by
        // the recipe's own glyph.
        _ => match a.counter.and_then(collectible_look) {
            Some(look) => look,
            None => fallback(a),
        },
    }
}

/// The printable ASCII characters, each followed by a space: a glyph's two
/// columns are a slice of it, so a fallback allocates nothing.
const ASCII_PAIRS: &str = "! \" # $ % & ' ( ) * + , - . / 0 1 2 3 4 5 6 7 8 9 : ; < = > ? @ A B C D E F G H I J K L M N O P Q R S T U V W X Y Z [ \\ ] ^ _ ` a b c d e f g h i j k l m n o p q r s t u v w x y z { | } ~ ";

/// Return how an appearance this game has no art for looks: its declared
/// glyph (`?` if it is not printable ASCII) in its declared colour.
fn fallback(a: Appearance) -> Look {
    let at = (a.glyph as usize)
        .wrapping_sub('!' as usize)
        .wrapping_mul(2);
    let (glyph, narrow) = match (ASCII_PAIRS.get(at..at + 2), ASCII_PAIRS.get(at..=at)) {
        (Some(g), Some(n)) if a.glyph.is_ascii_graphic() => (g, n),
        _ => ("? ", "?"),
    };
    look(
        glyph,
        narrow,
        Style::new().fg(tint(a.tint)).add_modifier(Modifier::BOLD),
        BOLD,
    )
}

/// Return the terminal colour of a declared tint.
const fn tint(t: Tint) -> Color {
    match t {
        Tint::Plain | Tint::Own => Color::Reset,
        Tint::Red => Color::LightRed,
        Tint::Green => Color::LightGreen,
        Tint::Yellow | Tint::Brown => Color::Yellow,
        Tint::Blue => Color::LightBlue,
        Tint::Magenta => Color::LightMagenta,
        Tint::Cyan => Color::LightCyan,
        Tint::Grey => Color::Gray,
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridPos, RecipeState};
    use muscleman_sim::{World, appearance, recipe_decls, spawn};

    use super::*;

    /// Every recipe the sim declares is drawn, by this game's art or by its
    /// declared glyph, and named: a new mechanic shows without an edit here.
    #[test]
    fn every_declared_recipe_is_drawn_and_named() {
        let mut world = World::new();
        for (x, decl) in (0..).zip(recipe_decls()) {
            let id = spawn(&mut world, decl.recipe, GridPos::new(x, 0))
                .unwrap_or_else(|e| panic!("{e}"));
            let a = appearance(&world, id);
            let look = look_of(a, false);
            assert_ne!(look.narrow, UNKNOWN.narrow, "{}", decl.recipe);
            assert!(name_of(a).ends_with(decl.art.name), "{}", decl.recipe);
        }
    }

    /// No recipe, in any state it is written in, is drawn with a facing
    /// mark, so a thing's way is never read as stairs or anything else
    /// (the stairs' `<` `>` were the marks once: `Dv<@<`).
    #[test]
    fn no_recipe_is_drawn_with_a_facing_mark() {
        use muscleman_core::{EntityRecipe, EntitySpec};
        const FACING_MARKS: [&str; 4] = ["↑", "→", "↓", "←"];
        for recipe in EntityRecipe::ALL {
            let states = RecipeState::ALL
                .into_iter()
                .filter(|s| s.applies_to(recipe))
                .map(Some);
            for state in std::iter::once(None).chain(states) {
                let spec = match state {
                    Some(s) => EntitySpec::new(recipe).with_state(s),
                    None => EntitySpec::new(recipe),
                };
                let Some(a) = muscleman_sim::spec_appearance(&spec) else {
                    continue;
                };
                // The glyph the recipe declares, and what this game draws.
                let look = look_of(a, false);
                let drawn = [
                    a.glyph.to_string(),
                    look.text(false).into_owned(),
                    look.text(true).into_owned(),
                ];
                for text in drawn {
                    for mark in FACING_MARKS {
                        assert!(!text.contains(mark), "{spec} is drawn {text:?}");
                    }
                }
            }
        }
        // And every facing is drawn with its mark, the player's too.
        for (dir, mark) in GridDir::ALL.into_iter().zip(FACING_MARKS) {
            assert!(faced('D', dir).contains(mark));
            assert_eq!(arrow(dir), mark);
            assert!(super::super::board::player_glyph(dir).contains(mark));
        }
    }

    /// Whatever faces a way is drawn with it, the player's way: an arrow
    /// on that side two columns wide, the arrow alone in one; its name
    /// says the way when its shown state is the way.
    #[test]
    fn a_thing_facing_a_way_is_drawn_and_named_with_it() {
        let odd = Appearance {
            kind: "newcomer",
            name: "newcomer",
            glyph: 'N',
            ..Appearance::UNKNOWN
        };
        let ways = [
            (GridDir::Up, "↑N", "↑"),
            (GridDir::Right, "N→", "→"),
            (GridDir::Down, "N↓", "↓"),
            (GridDir::Left, "←N", "←"),
        ];
        for (dir, wide, narrow) in ways {
            let look = look_of(odd, false).faced(Some(dir));
            assert_eq!(
                (look.text(false), look.text(true)),
                (wide.into(), narrow.into())
            );
            let shown = Appearance {
                state: RecipeState::facing_state(dir).name(),
                ..odd
            };
            let name = name_facing(shown, Some(dir));
            assert_eq!(name, format!("newcomer facing {}", shown.state));
        }
        // No way: as before; a state that is not the way stays a state.
        assert_eq!(look_of(odd, false).faced(None).text(false), "N ");
        let open = Appearance {
            state: "open",
            ..odd
        };
        assert_eq!(name_facing(open, Some(GridDir::Up)), "open newcomer");
    }

    #[test]
    fn a_kind_without_art_is_drawn_with_its_declared_glyph() {
        let odd = Appearance {
            kind: "newcomer",
            glyph: 'N',
            ..Appearance::UNKNOWN
        };
        let look = look_of(odd, false);
        assert_eq!((look.glyph, look.narrow), ("N ", "N"));
        let wide = Appearance { glyph: 'é', ..odd };
        assert_eq!(look_of(wide, false).narrow, "?");
    }
}
