//! The view as plain data for Godot: each entity's look as a kind name, a
//! colour and its state, the rectangle to draw, the player's facing and
//! hands, the counters.

use muscleman_core::{EntityId, GlobalCounter, GridDir, GridPos, KeyColor};
use muscleman_sim::{Appearance, View};

/// How one entity looks, in names a script can match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// What it is: `"player"`, `"wall"`, `"weak_wall"`, `"water"`, `"goal"`,
    /// `"box"`, `"heavy_box"`, `"sunk_heavy_box"`, `"hammer"`, `"key"`,
    /// `"door"`, `"secret_door"`, `"plate"`, `"heavy_plate"`, `"apple"`,
    /// `"pear"`, `"cheese"`, `"coin"`, `"collectible"` (another counter) or
    /// `"unknown"`.
    pub kind: &'static str,
    /// Its colour (`"red"`, `"blue"`, `"yellow"`, `"green"`) for keys, doors
    /// and plates; `""` otherwise.
    pub color: &'static str,
    /// Whether a door is open.
    pub open: bool,
    /// Whether a plate is pressed.
    pub pressed: bool,
    /// The counter a collectible raises (`"coins"`); `""` otherwise.
    pub counter: &'static str,
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

/// Return how an appearance is drawn.
///
/// # Example
/// ```
/// use muscleman_core::KeyColor;
/// use muscleman_godot::view::look_of;
/// use muscleman_sim::Appearance;
///
/// let look = look_of(Appearance::Door { color: Some(KeyColor::Red), open: true });
/// assert_eq!((look.kind, look.color, look.open), ("door", "red", true));
/// ```
pub fn look_of(appearance: Appearance) -> Look {
    let plain = |kind| Look {
        kind,
        color: "",
        open: false,
        pressed: false,
        counter: "",
    };
    let color = |c: Option<KeyColor>| c.map_or("", color_name);
    match appearance {
        Appearance::Player => plain("player"),
        Appearance::WallStrong => plain("wall"),
        Appearance::WallWeak => plain("weak_wall"),
        Appearance::Water => plain("water"),
        Appearance::Goal => plain("goal"),
        Appearance::Box => plain("box"),
        Appearance::HeavyBox => plain("heavy_box"),
        Appearance::SunkHeavyBox => plain("sunk_heavy_box"),
        Appearance::Hammer => plain("hammer"),
        Appearance::Key(c) => Look {
            color: color_name(c),
            ..plain("key")
        },
        Appearance::Door { color: c, open } => Look {
            color: color(c),
            open,
            ..plain(if c.is_some() { "door" } else { "secret_door" })
        },
        Appearance::Plate { color: c, pressed } => Look {
            color: color(c),
            pressed,
            ..plain(if c.is_some() { "plate" } else { "heavy_plate" })
        },
        Appearance::Collectible(counter) => Look {
            counter: counter.name(),
            ..plain(match counter {
                GlobalCounter::ApplesEaten => "apple",
                GlobalCounter::PearsEaten => "pear",
                GlobalCounter::CheeseEaten => "cheese",
                GlobalCounter::Coins => "coin",
                _ => "collectible",
            })
        },
        _ => plain("unknown"),
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
                })
                .collect(),
            facing: view.facing(),
            holding: view.holding(),
            counters: view
                .counters()
                .iter()
                .map(|&(c, n)| (c.name(), n))
                .collect(),
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
                    let on = if l.open || l.pressed { "+" } else { "" };
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
            .map(|p| (p.look.kind, p.look.pressed))
            .collect();
        assert_eq!(on_plate, [("box", false), ("plate", true)]);
    }

    #[test]
    fn an_empty_view_has_no_size() {
        let view = ViewData::of(&View::of(&World::new(), EntityId::new(0, 1)));
        assert_eq!((view.origin, view.size), (GridPos::ZERO, (0, 0)));
        assert_eq!((view.pieces.len(), view.facing), (0, None));
    }

    #[test]
    fn an_appearance_the_adapter_does_not_know_is_drawn_as_unknown() {
        assert_eq!(look_of(Appearance::Unknown).kind, "unknown");
        let sunk = look_of(Appearance::SunkHeavyBox);
        assert_eq!(
            (sunk.kind, sunk.open, sunk.pressed),
            ("sunk_heavy_box", false, false)
        );
    }
}
