//! The view as plain data for Godot: each entity's look as a kind name, a
//! colour and its state, the way it faces and what it holds, the rectangle
//! to draw, the player's facing and hands, the counters, and the level's
//! floors (which one the player is on, how many, their names, one rectangle
//! every floor fits in).

use muscleman_core::{Contents, EntityId, GlobalCounter, GridDir, GridPos, KeyColor};
use muscleman_sim::{Appearance, View, recipe_appearance};

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
        color: a.color.map_or("", KeyColor::name),
        state: a.state,
        counter: a.counter.map_or("", GlobalCounter::name),
        layer: a.layer.0,
        glyph: a.glyph,
        tint: a.tint.name(),
        blocks: a.blocks,
    }
}

/// One entity to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The entity.
    pub id: EntityId,
    /// Its floor, from 1.
    pub floor: u32,
    /// Its cell, in its floor's coordinates.
    pub at: GridPos,
    /// How it looks.
    pub look: Look,
    /// The way it faces, as the sim's view gives it, for what has a
    /// facing (the player, a duck); `None` for the rest.
    pub facing: Option<GridDir>,
    /// What it holds (a box's contents, the keys in a cauldron or a bong),
    /// in the order they would come out: [`Piece::content_looks`].
    pub contents: Contents,
    /// Whether it fills a goal where it stands (a box on a goal).
    pub on_goal: bool,
}

impl Piece {
    /// Return how each thing it holds would look on its own, in order
    /// (its recipe's declared look; [`Appearance::UNKNOWN`]'s for a recipe
    /// the sim cannot make).
    ///
    /// # Example
    /// ```
    /// use muscleman_godot::view::ViewData;
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let level = Level::parse("legend: c = Cauldron(KeyBlue)\n#@c#")?;
    /// let view = ViewData::of(&Game::new(&level, Rules::MUSCLEMAN)?.view());
    /// let cauldron = &view.pieces[2];
    /// assert_eq!(cauldron.look.kind, "cauldron");
    /// let inside: Vec<_> = cauldron.content_looks().map(|l| (l.kind, l.color)).collect();
    /// assert_eq!(inside, [("key", "blue")]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn content_looks(&self) -> impl Iterator<Item = Look> + '_ {
        self.contents
            .as_slice()
            .iter()
            .map(|&recipe| look_of(recipe_appearance(recipe).unwrap_or(Appearance::UNKNOWN)))
    }
}

/// Everything a scene draws of one floor of a game, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewData {
    /// The floor it shows, from 1.
    pub floor: u32,
    /// The top-left cell of the smallest rectangle holding every entity of
    /// the floor.
    pub origin: GridPos,
    /// That rectangle's width and height in cells (0 by 0 for an empty world).
    pub size: (i32, i32),
    /// Every entity of the floor, row by row, in id order within a cell.
    pub pieces: Vec<Piece>,
    /// The way the player faces.
    pub facing: Option<GridDir>,
    /// What the player holds.
    pub holding: Option<EntityId>,
    /// Every counter by name, in the sim's order.
    pub counters: Vec<(&'static str, u64)>,
    /// The floor area, in row order: the cells the player reaches without
    /// crossing a wall (from the floor's stairs on a floor the player is
    /// not on), and the walls beside them (`View::inside_on`).
    pub inside: Vec<GridPos>,
}

/// Return the top-left cell and the size in cells of a rectangle given by
/// its corners (0 by 0 at the origin for none).
fn rect(bounds: Option<(GridPos, GridPos)>) -> (GridPos, (i32, i32)) {
    match bounds {
        Some((min, max)) => (
            min,
            (
                max.x.saturating_sub(min.x).saturating_add(1),
                max.y.saturating_sub(min.y).saturating_add(1),
            ),
        ),
        None => (GridPos::ZERO, (0, 0)),
    }
}

impl ViewData {
    /// Turn the sim's view of the player's floor into plain data.
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
    /// assert_eq!(view.floor, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(view: &View) -> ViewData {
        ViewData::on(view, view.player_floor())
    }

    /// Turn the sim's view of floor `floor` (from 1) into plain data: its
    /// pieces, rectangle and floor area (none for a floor the level does
    /// not have), with the player's facing, hands and the counters.
    pub fn on(view: &View, floor: u32) -> ViewData {
        let (origin, size) = rect(view.bounds_on(floor));
        ViewData {
            floor,
            origin,
            size,
            pieces: view
                .sprites_on(floor)
                .iter()
                .map(|s| Piece {
                    id: s.entity,
                    floor: s.floor,
                    at: s.at,
                    look: look_of(s.appearance),
                    facing: s.facing,
                    contents: s.appearance.contents,
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
            inside: view.inside_on(floor),
        }
    }

    /// Return the pieces in one cell, in id order.
    pub fn cell(&self, at: GridPos) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces.iter().filter(move |p| p.at == at)
    }
}

/// A level's floors as a scene needs them: the one the player is on, how
/// many there are, their names, and the rectangle every floor fits in when
/// all are drawn with the same origin (each in its own coordinates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Floors {
    /// The floor the player stands on, from 1.
    pub player: u32,
    /// How many floors the level has (at least 1).
    pub count: u32,
    /// Each floor's name by floor - 1 (`""` for a floor the level leaves
    /// unnamed).
    pub names: Vec<String>,
    /// The top-left cell of the smallest rectangle that holds every floor's
    /// entities, each floor in its own coordinates.
    pub origin: GridPos,
    /// That rectangle's width and height in cells.
    pub size: (i32, i32),
}

impl Floors {
    /// Read the floors off the sim's view.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GridPos;
    /// use muscleman_godot::view::Floors;
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let game = Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?;
    /// let floors = Floors::of(&game.view());
    /// assert_eq!((floors.player, floors.count), (1, 1));
    /// assert_eq!((floors.origin, floors.size), (GridPos::new(0, 0), (5, 1)));
    /// assert_eq!(floors.name(1), Some(""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(view: &View) -> Floors {
        let count = view.floor_count();
        let mut union: Option<(GridPos, GridPos)> = None;
        for floor in 1..=count {
            if let Some((min, max)) = view.bounds_on(floor) {
                union = Some(match union {
                    None => (min, max),
                    Some((a, b)) => (
                        GridPos::new(a.x.min(min.x), a.y.min(min.y)),
                        GridPos::new(b.x.max(max.x), b.y.max(max.y)),
                    ),
                });
            }
        }
        let (origin, size) = rect(union);
        Floors {
            player: view.player_floor(),
            count,
            names: (1..=count)
                .map(|f| view.floor_name(f).unwrap_or_default().to_owned())
                .collect(),
            origin,
            size,
        }
    }

    /// Return `floor` as a floor of the level (from 1), or `None` when the
    /// level has no such floor (0, negative, or beyond the last).
    ///
    /// # Example
    /// ```
    /// use muscleman_godot::view::Floors;
    /// use muscleman_level::Level;
    /// use muscleman_sim::{Game, Rules};
    ///
    /// let floors = Floors::of(&Game::new(&Level::parse("#@$.#")?, Rules::MUSCLEMAN)?.view());
    /// assert_eq!(floors.floor(1), Some(1));
    /// assert_eq!((floors.floor(0), floors.floor(2), floors.floor(-1)), (None, None, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn floor(&self, floor: i64) -> Option<u32> {
        u32::try_from(floor)
            .ok()
            .filter(|f| (1..=self.count).contains(f))
    }

    /// Return the name of floor `floor` (from 1): `""` when the level
    /// leaves it unnamed, `None` when the level has no such floor.
    pub fn name(&self, floor: u32) -> Option<&str> {
        let i = usize::try_from(floor).ok()?.checked_sub(1)?;
        self.names.get(i).map(String::as_str)
    }
}
