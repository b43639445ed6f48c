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

#[cfg(test)]
mod tests {
    use muscleman_core::Input;
    use muscleman_level::Level;
    use muscleman_sim::{Game, Rules, World};

    use super::*;

    const ROOM: &str = "legend: p = PressurePlateRed\n\
                        legend: R = DoorRed\n\
                        legend: H = PressurePlateHeavy\n\
                        legend: S = SecretDoor\n\
                        legend: k = KeyBlue\n\
                        legend: o = Coin\n\
                        legend: a = Apple\n\
                        legend: h = Hammer\n\
                        #########\n\
                        #@$p R%~#\n\
                        #&HSkoah#\n\
                        #########\n";

    /// Each cell of row `y` from x = 1 to 7 as its first piece's look, in
    /// short: kind, colour, then `+` for open or pressed and the counter.
    fn row(view: &ViewData, y: i32) -> Vec<String> {
        (1..8)
            .map(|x| match view.cell(GridPos::new(x, y)).next() {
                None => "floor".to_owned(),
                Some(p) => {
                    let l = p.look;
                    let on = if l.state.is_empty() { "" } else { "+" };
                    format!("{} {}{on} {}", l.kind, l.color, l.counter)
                        .trim()
                        .to_owned()
                }
            })
            .collect()
    }

    #[test]
    fn every_look_has_its_name_colour_state_and_counter() {
        let mut game = Game::new(&Level::parse(ROOM).unwrap(), Rules::MUSCLEMAN).unwrap();
        let view = ViewData::of(&game.view());
        assert_eq!((view.origin, view.size), (GridPos::new(0, 0), (9, 4)));
        assert_eq!(
            row(&view, 1),
            [
                "player",
                "box",
                "plate red",
                "floor",
                "door red",
                "weak_wall",
                "water"
            ]
        );
        assert_eq!(
            row(&view, 2),
            [
                "heavy_box",
                "heavy_plate",
                "secret_door",
                "key blue",
                "coin  coins",
                "apple  apples_eaten",
                "hammer"
            ]
        );
        assert_eq!(view.facing, Some(GridDir::Down));
        assert_eq!(view.holding, None);
        assert_eq!(view.counters.len(), GlobalCounter::ALL.len());
        assert_eq!(view.counters[0], ("coins", 0));

        // Before: #@$p R%~#   After: # @$ R%~#  (the box, read before the
        // plate in id order, presses it; the red door opens)
        game.step(Input::Move(GridDir::Right)).unwrap();
        let view = ViewData::of(&game.view());
        assert_eq!(
            row(&view, 1),
            [
                "floor",
                "player",
                "box",
                "floor",
                "door red+",
                "weak_wall",
                "water"
            ]
        );
        let on_plate: Vec<_> = view
            .cell(GridPos::new(3, 1))
            .map(|p| (p.look.kind, p.look.state))
            .collect();
        assert_eq!(on_plate, [("box", ""), ("plate", "pressed")]);
    }

    /// Every recipe the sim declares reaches a script by its kind, layer and
    /// fallback glyph, with no edit here (the demonstration lantern of
    /// `--features demo-glow` included).
    #[test]
    fn every_declared_recipe_has_a_look() {
        let mut world = World::new();
        let mut player = None;
        for (x, decl) in (0..).zip(muscleman_sim::recipe_decls()) {
            let id = muscleman_sim::spawn(&mut world, decl.recipe, GridPos::new(x, 0)).unwrap();
            player = player.or((decl.recipe == muscleman_core::EntityRecipe::Player).then_some(id));
        }
        let view = ViewData::of(&View::of(&world, player.unwrap()));
        for (piece, decl) in view.pieces.iter().zip(muscleman_sim::recipe_decls()) {
            assert_eq!(piece.look.kind, decl.art.kind);
            assert_eq!(piece.look.glyph, decl.art.glyph);
            assert_eq!(piece.look.layer, decl.art.layer.0);
        }
    }

    #[test]
    fn an_empty_view_has_no_size() {
        let view = ViewData::of(&View::of(&World::new(), EntityId::new(0, 1)));
        assert_eq!((view.origin, view.size), (GridPos::ZERO, (0, 0)));
        assert_eq!((view.pieces.len(), view.facing), (0, None));
    }

    #[test]
    fn an_appearance_the_adapter_does_not_know_is_drawn_as_unknown() {
        let unknown = look_of(Appearance::UNKNOWN);
        assert_eq!(
            (unknown.kind, unknown.glyph, unknown.tint),
            ("unknown", '?', "magenta")
        );
    }
}
