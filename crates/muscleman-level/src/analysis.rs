//! Level analysis for designers, for any front end: whether the player can
//! reach the level's edge ([`open_edge`]) and which doors nothing opens and
//! which keys nothing needs ([`signal_warnings`], which reads what the
//! level's containers brew as the sim declares it: a [`Brew`]). Both read
//! the level as written, without playing it.

use std::fmt;

use muscleman_core::{Brew, EntityRecipe, GridDir, GridPos, KeyColor, RecipeState};

use crate::floor::Floor;
use crate::level::Level;

/// Return the first cell, in reading order, of the level's rectangle edge
/// that the player can reach stepping between side-by-side cells without a
/// wall (strong or weak; boxes, goals, water and the rest ignored), if
/// any: the level is then open (beyond its edge is floor, so the player
/// and the boxes can leave it). `None` for a level without a player.
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_level::{Level, open_edge};
///
/// let walled = Level::parse("#####\n#@$.#\n#####\n")?;
/// assert_eq!(open_edge(&walled), None);
/// // A gap in the wall on the right.
/// let gap = Level::parse("#####\n#@$. \n#####\n")?;
/// assert_eq!(open_edge(&gap), Some(GridPos::new(4, 1)));
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn open_edge(level: &Level) -> Option<GridPos> {
    let start = level.positions_of(EntityRecipe::Player).next()?;
    level.floor(1).and_then(|f| edge_from(f, &[start]))
}

/// Return the first floor, in floor order, whose rectangle's edge the
/// player can reach as [`open_edge`] says, with that edge's first cell:
/// on each floor from where the player stands and from the floor's
/// stairs (where the player arrives; a stairs the player never reaches
/// counts too, so this may warn of more than play can reach).
///
/// # Example
/// ```
/// use muscleman_core::GridPos;
/// use muscleman_level::{Level, open_edge_on};
///
/// let level = Level::parse(
///     "legend: u = StairsUp\nlegend: d = StairsDown\n#####\n#@ u#\n#####\nfloor:\n#####\n#  d \n#####\n",
/// )?;
/// assert_eq!(open_edge_on(&level), Some((2, GridPos::new(4, 1))));
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn open_edge_on(level: &Level) -> Option<(usize, GridPos)> {
    level.floors().find_map(|floor| {
        let starts: Vec<GridPos> = floor
            .positions_of(EntityRecipe::Player)
            .chain(floor.positions_of(EntityRecipe::StairsUp))
            .chain(floor.positions_of(EntityRecipe::StairsDown))
            .collect();
        edge_from(floor, &starts).map(|at| (floor.number(), at))
    })
}

/// Return the first edge cell, in reading order, of `floor` that a walk
/// from `starts` reaches without crossing a wall.
fn edge_from(floor: Floor<'_>, starts: &[GridPos]) -> Option<GridPos> {
    let (w, h) = (floor.width(), floor.height());
    let size = w.checked_mul(h)?;
    let index = |p: GridPos| -> Option<usize> {
        let (x, y) = (usize::try_from(p.x).ok()?, usize::try_from(p.y).ok()?);
        (x < w && y < h).then_some(y * w + x)
    };
    let mut wall = vec![false; size];
    for (at, spec) in floor.entities() {
        if matches!(
            spec.recipe,
            EntityRecipe::WallStrong | EntityRecipe::WallWeak
        ) && let Some(cell) = index(at).and_then(|i| wall.get_mut(i))
        {
            *cell = true;
        }
    }
    let mut seen = vec![false; size];
    let mut stack = starts.to_vec();
    let mut first: Option<GridPos> = None;
    while let Some(p) = stack.pop() {
        let Some(i) = index(p) else { continue };
        if seen.get(i).copied().unwrap_or(true) || wall.get(i).copied().unwrap_or(true) {
            continue;
        }
        if let Some(s) = seen.get_mut(i) {
            *s = true;
        }
        let on_edge = p.x == 0
            || p.y == 0
            || index(GridPos::new(p.x + 1, p.y)).is_none()
            || index(GridPos::new(p.x, p.y + 1)).is_none();
        if on_edge && first.is_none_or(|f| (p.y, p.x) < (f.y, f.x)) {
            first = Some(p);
        }
        for dir in GridDir::ALL {
            stack.push(p.step(dir));
        }
    }
    first
}

/// A door nothing opens, or a key nothing needs: valid, but most likely a
/// designer's slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalWarning {
    /// No key and no plate of its colour opens the doors of `color`; `at`
    /// is the first such door in reading order.
    DoorWithoutOpener {
        /// The doors' colour.
        color: KeyColor,
        /// The first door of the colour.
        at: GridPos,
        /// Its floor.
        floor: usize,
    },
    /// No heavy plate opens the secret doors; `at` is the first one.
    SecretDoorWithoutPlate {
        /// The first secret door.
        at: GridPos,
        /// Its floor.
        floor: usize,
    },
    /// No door of its colour for the keys of `color`; `at` is the first
    /// such key.
    KeyWithoutDoor {
        /// The keys' colour.
        color: KeyColor,
        /// The first key of the colour (where its box stands, for a key in a box).
        at: GridPos,
        /// Its floor.
        floor: usize,
    },
    /// No door of its colour for the plates of `color` (`None`: the heavy
    /// plates, and no secret door); `at` is the first such plate.
    PlateWithoutDoor {
        /// The plates' colour (`None`: heavy).
        color: Option<KeyColor>,
        /// The first plate of the colour.
        at: GridPos,
        /// Its floor.
        floor: usize,
    },
}

impl SignalWarning {
    /// Return the cell the warning is about, on its floor.
    pub fn at(&self) -> GridPos {
        match *self {
            SignalWarning::DoorWithoutOpener { at, .. }
            | SignalWarning::SecretDoorWithoutPlate { at, .. }
            | SignalWarning::KeyWithoutDoor { at, .. }
            | SignalWarning::PlateWithoutDoor { at, .. } => at,
        }
    }

    /// Return the floor of the cell the warning is about.
    pub fn floor(&self) -> usize {
        match *self {
            SignalWarning::DoorWithoutOpener { floor, .. }
            | SignalWarning::SecretDoorWithoutPlate { floor, .. }
            | SignalWarning::KeyWithoutDoor { floor, .. }
            | SignalWarning::PlateWithoutDoor { floor, .. } => floor,
        }
    }
}

impl fmt::Display for SignalWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SignalWarning::DoorWithoutOpener { color, .. } => {
                write!(f, "no key and no plate opens the {} door", color.name())
            }
            SignalWarning::SecretDoorWithoutPlate { .. } => {
                f.write_str("no heavy plate opens the secret door")
            }
            SignalWarning::KeyWithoutDoor { color, .. } => {
                let c = color.name();
                write!(f, "the {c} key has no {c} door to open")
            }
            SignalWarning::PlateWithoutDoor {
                color: Some(color), ..
            } => {
                let c = color.name();
                write!(f, "the {c} plate opens nothing: no {c} door")
            }
            SignalWarning::PlateWithoutDoor { color: None, .. } => {
                f.write_str("the heavy plate opens nothing: no secret door")
            }
        }
    }
}

/// What a recipe is to the doors: a key, a door or a pressure plate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalRole {
    /// A key (`KeyBlue`, ...): it unlocks the door of its colour.
    Key,
    /// A door: coloured (`DoorBlue`, ...) or the secret door.
    Door,
    /// A pressure plate: coloured (`PressurePlateBlue`, ...) or heavy.
    Plate,
}

/// Return what `recipe` is to the doors, if anything; its colour is
/// [`EntityRecipe::color`] (`None` for the secret door and the heavy
/// plate). The sim's tags say the same (`Key`, `Door`, `PressurePlate`):
/// the CLI's tests hold the two equal for every recipe.
///
/// # Example
/// ```
/// use muscleman_core::EntityRecipe;
/// use muscleman_level::{SignalRole, signal_role};
///
/// assert_eq!(signal_role(EntityRecipe::SecretDoor), Some(SignalRole::Door));
/// assert_eq!(signal_role(EntityRecipe::Box), None);
/// ```
pub const fn signal_role(recipe: EntityRecipe) -> Option<SignalRole> {
    use EntityRecipe as R;
    match recipe {
        R::KeyBlue | R::KeyRed | R::KeyYellow | R::KeyGreen => Some(SignalRole::Key),
        R::DoorBlue | R::DoorRed | R::DoorYellow | R::DoorGreen | R::SecretDoor => {
            Some(SignalRole::Door)
        }
        R::PressurePlateBlue
        | R::PressurePlateRed
        | R::PressurePlateYellow
        | R::PressurePlateGreen
        | R::PressurePlateHeavy => Some(SignalRole::Plate),
        _ => None,
    }
}

/// The classes keys, doors and plates come in, in the order warnings are
/// given: each colour, then `None` (the secret door and the heavy plate).
const CLASSES: [Option<KeyColor>; 5] = [
    Some(KeyColor::Blue),
    Some(KeyColor::Red),
    Some(KeyColor::Yellow),
    Some(KeyColor::Green),
    None,
];

/// Where (floor and cell) the first of the keys, doors and plates of one class stand.
#[derive(Default)]
struct Firsts {
    key: Option<(usize, GridPos)>,
    door: Option<(usize, GridPos)>,
    plate: Option<(usize, GridPos)>,
    /// Whether any door of the class stands, unlocked ones included.
    any_door: bool,
}

/// Return the warnings about doors nothing can open and keys nothing needs,
/// each at the first one of its colour, colour by colour (blue, red,
/// yellow, green, then the secret door), a colour's door before its key: a
/// door colour with neither a key nor a plate, a key with no door of its
/// colour, a secret door with no heavy plate. A key in a box, a bong or a
/// cauldron counts where its holder stands; a door a key already unlocked
/// needs nothing. A container of `brews` (the sim declares them: its
/// cauldron's), with the two keys it brews in the level, is a source of
/// the key they make (where it stands), and with such a container no key
/// lacks a use (it takes any key). Keys, plates, doors and containers
/// count on every floor: they belong to the whole level, and keys go up
/// and down stairs.
///
/// # Example
/// ```
/// use muscleman_core::{GridPos, KeyColor};
/// use muscleman_level::{Level, SignalWarning, signal_warnings};
///
/// let level = Level::parse("legend: d = DoorRed\n#####\n#@ d#\n#####\n")?;
/// let warnings = signal_warnings(&level, &[]);
/// assert_eq!(
///     warnings,
///     [SignalWarning::DoorWithoutOpener { color: KeyColor::Red, at: GridPos::new(3, 1), floor: 1 }]
/// );
/// assert_eq!(warnings[0].to_string(), "no key and no plate opens the red door");
/// # Ok::<(), muscleman_level::ParseErrors>(())
/// ```
pub fn signal_warnings(level: &Level, brews: &[Brew]) -> Vec<SignalWarning> {
    let mut firsts: [Firsts; CLASSES.len()] = Default::default();
    let slot = |color| CLASSES.iter().position(|c| *c == color);
    // For each brew, the first of its containers, and which of the two
    // things it brews the level holds (loose, or in a box, a bong or a
    // container).
    let mut brewing = vec![(None, [false; 2]); brews.len()];
    for (floor, at, spec) in level.all_entities() {
        let recipes = std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied());
        for (brew, (first, held)) in brews.iter().zip(&mut brewing) {
            if spec.recipe == brew.container {
                first.get_or_insert((floor, at));
            }
            for (held, from) in held.iter_mut().zip(brew.from) {
                *held |= recipes.clone().any(|r| r == from);
            }
        }
        for recipe in recipes {
            let Some(f) = slot(recipe.color()).and_then(|i| firsts.get_mut(i)) else {
                continue;
            };
            f.any_door |= signal_role(recipe) == Some(SignalRole::Door);
            let first = match signal_role(recipe) {
                Some(SignalRole::Key) => &mut f.key,
                Some(SignalRole::Door) if spec.state != Some(RecipeState::Unlocked) => &mut f.door,
                Some(SignalRole::Plate) => &mut f.plate,
                _ => continue,
            };
            first.get_or_insert((floor, at));
        }
    }
    // A container with both things it brews is a source of what they
    // make, where it stands.
    for (brew, (first, held)) in brews.iter().zip(&brewing) {
        if let (Some(source), [true, true], Some(SignalRole::Key)) =
            (*first, *held, signal_role(brew.makes))
            && let Some(made) = slot(brew.makes.color()).and_then(|i| firsts.get_mut(i))
        {
            made.key.get_or_insert(source);
        }
    }
    // A container that brews takes any key: with one, no key is without
    // a use.
    let takes_keys = brewing.iter().any(|(first, _)| first.is_some());
    let mut warnings = Vec::new();
    for (class, f) in CLASSES.iter().zip(&firsts) {
        match (*class, f.door) {
            (Some(color), Some((floor, at))) if f.key.is_none() && f.plate.is_none() => {
                warnings.push(SignalWarning::DoorWithoutOpener { color, at, floor });
            }
            (None, Some((floor, at))) if f.plate.is_none() => {
                warnings.push(SignalWarning::SecretDoorWithoutPlate { at, floor });
            }
            _ => {}
        }
        if let (Some(color), Some((floor, at)), None, false) = (*class, f.key, f.door, takes_keys) {
            warnings.push(SignalWarning::KeyWithoutDoor { color, at, floor });
        }
        if let (Some((floor, at)), false) = (f.plate, f.any_door) {
            warnings.push(SignalWarning::PlateWithoutDoor {
                color: *class,
                at,
                floor,
            });
        }
    }
    warnings
}
