//! The view as plain data for Godot: each entity's look as a kind name, a
//! colour and its state, the rectangle to draw, the player's facing and
//! hands, the counters.

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos, KeyColor};
use muscleman_sim::{Appearance, Tint, View};

/// How one entity looks, in names a script can match on: the sim's
/// [`Appearance`] as plain strings and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// What it is, the recipe's declared kind: `"player"`, `"wall"`,
    /// `"box"`, `"key"`, `"door"`, `"coin"`, ... or `"unknown"`.
    /// A script draws its own art for the kinds it knows and
    /// [`Look::glyph`] in [`Look::tint`] for any other.
    pub kind: &'static str,
    /// What players call it (`"heavy box"`).
    pub name: &'static str,
    /// Its colour (`"red"`, `"blue"`, `"yellow"`, `"green"`) for what has
    /// one; `""` otherwise.
    pub color: &'static str,
    /// The state it shows (`"open"`, `"pressed"`, `"sunk"`); `""` for none.
    pub state: &'static str,
    /// The counter a collectible raises (`"coins"`); `""` otherwise.
    pub counter: &'static str,
    /// Where it is drawn in its cell: higher above.
    pub layer: u8,
    /// Its fallback glyph.
    pub glyph: char,
    /// Its fallback glyph's colour (`"red"`, `"grey"`, `"plain"`, ...).
    pub tint: &'static str,
    /// Whether it blocks movement now.
    pub blocks: bool,
}

/// Return a colour's name.
pub const fn color_name(color: KeyColor) -> &'static str {
    match color {
        KeyColor::Blue => "blue",
        KeyColor::Red => "red",
        KeyColor::Yellow => "yellow",
        KeyColor::Green => "green",
    }
}

/// Return a tint's name.
pub const fn tint_name(tint: Tint) -> &'static str {
    match tint {
        Tint::Plain | Tint::Own => "plain",
        Tint::Red => "red",
        Tint::Green => "green",
        Tint::Yellow => "yellow",
        Tint::Blue => "blue",
        Tint::Magenta => "magenta",
        Tint::Cyan => "cyan",
        Tint::Brown => "brown",
        Tint::Grey => "grey",
    }
}

/// Return how an appearance is drawn.
///
/// # Example
/// ```
/// use muscleman_godot::view::look_of;
/// use muscleman_sim::Appearance;
///
/// let look = look_of(Appearance::UNKNOWN);
/// assert_eq!((look.kind, look.glyph), ("unknown", '?'));
/// ```
pub fn look_of(a: Appearance) -> Look {
    Look {
        kind: a.kind,
        name: a.name,
        color: a.color.map_or("", color_name),
        state: a.state,
        counter: a.counter.map_or("", GlobalCounter::name),
        layer: a.layer.0,
        glyph: a.glyph,
        tint: tint_name(a.tint),
        blocks: a.blocks,
    }
}

/// One entity to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The entity.
    pub id: EntityId,
    /// Its cell.
    pub at: GridPos,
    /// How it looks.
    pub look: Look,
    /// Whether it fills a goal where it stands (a box on a goal).
    pub on_goal: bool,
}

/// Everything a scene draws of a game, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewData {
    /// The top-left cell of the smallest rectangle holding every entity.
    pub origin: GridPos,
    /// That rectangle's width and height in cells (0 by 0 for an empty world).
    pub size: (i32, i32),
    /// Every entity, row by row, in id order within a cell.
    pub pieces: Vec<Piece>,
    /// The way the player faces.
    pub facing: Option<GridDir>,
    /// What the player holds.
    pub holding: Option<EntityId>,
    /// Every counter by name, in the sim's order.
    pub counters: Vec<(&'static str, u64)>,
    /// The floor area, in row order: the cells the player reaches without
    /// crossing a wall, and the walls beside them (`View::inside`).
    pub inside: Vec<GridPos>,
}

impl ViewData {
    /// Turn the sim's view into plain data.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_godot::view::ViewData;
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let game = Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?;
    /// let view = ViewData::of(&game.view());
    /// assert_eq!((view.origin, view.size), (GridPos::new(0, 0), (5, 1)));
    /// assert_eq!(view.pieces[2].look.kind, "box");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(view: &View) -> ViewData {
        let (origin, size) = match view.bounds() {
            Some((min, max)) => (
                min,
                (
                    max.x.saturating_sub(min.x).saturating_add(1),
                    max.y.saturating_sub(min.y).saturating_add(1),
                ),
            ),
            None => (GridPos::ZERO, (0, 0)),
        };
        ViewData {
            origin,
            size,
            pieces: view
                .sprites()
                .iter()
                .map(|s| Piece {
                    id: s.entity,
                    at: s.at,
                    look: look_of(s.appearance),
                    on_goal: s.on_goal,
                })
                .collect(),
            facing: view.facing(),
            holding: view.holding(),
            counters: view
                .counters()
                .iter()
                .map(|&(c, n)| (c.name(), n))
                .collect(),
            inside: view.inside(),
        }
    }

    /// Return the pieces in one cell, in id order.
    pub fn cell(&self, at: GridPos) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.at == at)
    }
}
