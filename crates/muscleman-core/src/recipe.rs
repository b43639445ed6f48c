//! The recipes, as the level format needs them: each recipe's name, whether
//! the sim plays it, the states it may be written in, what it may share a
//! cell with and what it may hold (rules.md §3 and §6).
//!
//! Each recipe is one line of `recipes!` below. The sim declares the rest of
//! a recipe (its tags, components, appearance and what the solver may assume)
//! in its mechanic's module, and checks at compile time that it plays exactly
//! the recipes marked playable here.

use std::fmt;

use crate::{CellClass, GridDir, Holds, KeyColor};

/// A recipe as the level format needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecipeInfo {
    /// The recipe.
    pub recipe: EntityRecipe,
    /// Whether the sim plays it (its rules are written); levels refuse
    /// the others.
    pub playable: bool,
    /// Its cell class in its own state.
    pub class: CellClass,
    /// The states it may be written in, each with its class in that state.
    pub states: &'static [(RecipeState, CellClass)],
    /// The name of its own state, when a legend may write it (a duck's
    /// `down`): read as no state, and printed without one.
    pub own_state: Option<RecipeState>,
    /// What it may hold.
    pub holds: Holds,
    /// Whether it belongs to a demonstration mechanic built only with a
    /// cargo feature (`demo-glow`): the docs and the rule book leave it out.
    pub demo: bool,
}

/// A state a recipe can be written in, after a colon in a legend (rules.md §6).
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridDir, RecipeState};
///
/// assert_eq!(RecipeState::named("SUNK"), Some(RecipeState::Sunk));
/// assert!(RecipeState::Sunk.applies_to(EntityRecipe::HeavyBox));
/// assert!(!RecipeState::Unlocked.applies_to(EntityRecipe::SecretDoor));
/// assert_eq!(RecipeState::Left.facing(), Some(GridDir::Left));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RecipeState {
    /// A heavy box that sank into water and fills it (`HeavyBox:sunk`).
    Sunk,
    /// A door open by its plates, or held open by what stands in it (`DoorRed:open`).
    Open,
    /// A door opened for good by its key (`DoorRed:unlocked`).
    Unlocked,
    /// Facing up (`Duck:up`): a state that is a Facing.
    Up,
    /// Facing right (`Duck:right`).
    Right,
    /// Facing down (`Duck:down`).
    Down,
    /// Facing left (`Duck:left`).
    Left,
}

impl RecipeState {
    /// Every state, in declaration order.
    pub const ALL: [RecipeState; 7] = [
        RecipeState::Sunk,
        RecipeState::Open,
        RecipeState::Unlocked,
        RecipeState::Up,
        RecipeState::Right,
        RecipeState::Down,
        RecipeState::Left,
    ];

    /// Return the state's name as a legend writes it (`"sunk"`).
    pub const fn name(self) -> &'static str {
        match self {
            RecipeState::Sunk => "sunk",
            RecipeState::Open => "open",
            RecipeState::Unlocked => "unlocked",
            RecipeState::Up => "up",
            RecipeState::Right => "right",
            RecipeState::Down => "down",
            RecipeState::Left => "left",
        }
    }

    /// Return the Facing this state is, for a state that is one (a
    /// duck's `up`): the recipe's entity faces that way.
    pub const fn facing(self) -> Option<GridDir> {
        match self {
            RecipeState::Up => Some(GridDir::Up),
            RecipeState::Right => Some(GridDir::Right),
            RecipeState::Down => Some(GridDir::Down),
            RecipeState::Left => Some(GridDir::Left),
            RecipeState::Sunk | RecipeState::Open | RecipeState::Unlocked => None,
        }
    }

    /// Return the state that is Facing `dir`.
    pub const fn facing_state(dir: GridDir) -> RecipeState {
        match dir {
            GridDir::Up => RecipeState::Up,
            GridDir::Right => RecipeState::Right,
            GridDir::Down => RecipeState::Down,
            GridDir::Left => RecipeState::Left,
        }
    }

    /// Return the state a legend name means, in any case.
    pub fn named(name: &str) -> Option<RecipeState> {
        RecipeState::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// Return whether `recipe` can be in this state: the states its line
    /// of the recipe table lists (`sunk` for a heavy box, `open` for any
    /// door, `unlocked` for a coloured door, `up` for a duck), and its
    /// own state's name if it has one (`down` for a duck).
    pub const fn applies_to(self, recipe: EntityRecipe) -> bool {
        self.class_of(recipe).is_some()
    }

    /// Return the cell class `recipe` has in this state, or `None` if it
    /// cannot be in it.
    pub const fn class_of(self, recipe: EntityRecipe) -> Option<CellClass> {
        if let Some(own) = recipe.info().own_state
            && own as u8 == self as u8
        {
            return Some(recipe.info().class);
        }
        let mut rest = recipe.info().states;
        while let [(state, class), tail @ ..] = rest {
            if *state as u8 == self as u8 {
                return Some(*class);
            }
            rest = tail;
        }
        None
    }
}

impl fmt::Display for RecipeState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

use CellClass as C;

/// Things that stand in a doorway and may be inside a box: keys, the
/// hammer.
const ITEM: CellClass = C::BLOCKER.and(C::FITS_DOORWAY).and(C::CONTENT);
/// A closed door.
const DOOR: CellClass = C::BLOCKER.and(C::DRY).and(C::ALONE);
/// An open door.
const OPEN_DOOR: CellClass = C::DRY.and(C::DOORWAY);
/// What a collectible is: it lies in a doorway or a box.
const LOOSE: CellClass = C::FITS_DOORWAY.and(C::CONTENT);
/// A recipe whose cell rules are not written yet: no roles, so the level
/// format refuses it (see [`EntityRecipe::in_levels`]).
const NOT_YET: CellClass = C::NONE;
/// A thing that moves and is no item: a duck, a bong. It stands in a
/// doorway and on stairs, and no box holds it.
const MOVER: CellClass = C::BLOCKER.and(C::FITS_DOORWAY);

/// Return the first state of a list, if any (the table's `own` state).
const fn first_state(states: &[RecipeState]) -> Option<RecipeState> {
    match states {
        [first, ..] => Some(*first),
        [] => None,
    }
}

macro_rules! recipes {
    ($(
        $(#[doc = $doc:expr])*
        $(#[cfg($cfg:meta)])?
        $name:ident: $playable:expr, $class:expr, [$($state:ident => $sclass:expr),*] $(own $own:ident)?,
            $holds:ident $({ $($hfield:ident: $hvalue:expr),* })?;
    )*) => {
        /// Name of a bundle of tags and components that makes one kind of
        /// entity (rules.md §3).
        ///
        /// The sim plays a recipe when its rules are written
        /// ([`EntityRecipe::has_rules`]); spawning any other is refused
        /// with a typed error.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum EntityRecipe {
            $($(#[doc = $doc])* $(#[cfg($cfg)])? $name,)*
        }

        impl EntityRecipe {
            /// How many recipes there are.
            pub const COUNT: usize = {
                let mut n = 0;
                $($(#[cfg($cfg)])? { n += 1; })*
                n
            };

            /// Every recipe, in declaration order.
            pub const ALL: [EntityRecipe; EntityRecipe::COUNT] = {
                let mut all = [EntityRecipe::Player; EntityRecipe::COUNT];
                let mut i = 0;
                $($(#[cfg($cfg)])? {
                    if i < EntityRecipe::COUNT {
                        #[expect(clippy::indexing_slicing, reason = "checked just above, at compile time")]
                        { all[i] = EntityRecipe::$name; }
                    }
                    i += 1;
                })*
                let _ = i;
                all
            };

            /// Every recipe's level information, in [`EntityRecipe::ALL`] order.
            pub const INFO: [RecipeInfo; EntityRecipe::COUNT] = {
                let mut all = [NO_INFO; EntityRecipe::COUNT];
                let mut i = 0;
                $($(#[cfg($cfg)])? {
                    if i < EntityRecipe::COUNT {
                        #[expect(clippy::indexing_slicing, reason = "checked just above, at compile time")]
                        { all[i] = RecipeInfo {
                            recipe: EntityRecipe::$name,
                            playable: $playable,
                            class: $class,
                            states: &[$((RecipeState::$state, $sclass)),*],
                            own_state: first_state(&[$(RecipeState::$own)?]),
                            holds: Holds::$holds $({ $($hfield: $hvalue),* })?,
                            demo: false $(|| { let _ = stringify!($cfg); true })?,
                        }; }
                    }
                    i += 1;
                })*
                let _ = i;
                all
            };

            /// Return the recipe's name as a legend writes it (`"KeyRed"`).
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg($cfg)])? EntityRecipe::$name => stringify!($name),)*
                }
            }
        }
    };
}

// The table's order is the order of rules.md §3's table, Goal last (the
// demonstration's recipes just before it): specs order by
// recipe, a cell's entities spawn in its canonical order, so this order is
// the order of the ids a cell's entities get at load (rules.md §4 Floors,
// "Ids"), which is part of the rules.
recipes! {
    /// The player.
    Player: true, C::BLOCKER.and(C::FITS_DOORWAY), [], Nothing;
    /// A wall that blocks everything.
    WallStrong: true, C::BLOCKER, [], Nothing;
    /// A wall that blocks walking but not a swing.
    WallWeak: true, C::BLOCKER, [], Nothing;
    /// A water cell; heavy boxes sink in it.
    WaterCell: true, C::WATER, [], Nothing;
    /// A box: pushable, liftable, openable, smashable.
    Box: true, C::BLOCKER.and(C::FITS_DOORWAY), [], Things;
    /// A heavy box: pushable, not liftable, sinks in water.
    HeavyBox: true, C::BLOCKER.and(C::FITS_DOORWAY).and(C::SINKS), [Sunk => C::FILLS], Nothing;
    /// A hammer.
    Hammer: true, ITEM, [], Nothing;
    /// A blue key.
    KeyBlue: true, ITEM, [], Nothing;
    /// A red key.
    KeyRed: true, ITEM, [], Nothing;
    /// A yellow key.
    KeyYellow: true, ITEM, [], Nothing;
    /// A green key.
    KeyGreen: true, ITEM, [], Nothing;
    /// A blue door.
    DoorBlue: true, DOOR, [Open => OPEN_DOOR, Unlocked => OPEN_DOOR], Nothing;
    /// A red door.
    DoorRed: true, DOOR, [Open => OPEN_DOOR, Unlocked => OPEN_DOOR], Nothing;
    /// A yellow door.
    DoorYellow: true, DOOR, [Open => OPEN_DOOR, Unlocked => OPEN_DOOR], Nothing;
    /// A green door.
    DoorGreen: true, DOOR, [Open => OPEN_DOOR, Unlocked => OPEN_DOOR], Nothing;
    /// A secret door.
    SecretDoor: true, DOOR, [Open => OPEN_DOOR], Nothing;
    /// A blue pressure plate.
    PressurePlateBlue: true, C::DRY, [], Nothing;
    /// A red pressure plate.
    PressurePlateRed: true, C::DRY, [], Nothing;
    /// A yellow pressure plate.
    PressurePlateYellow: true, C::DRY, [], Nothing;
    /// A green pressure plate.
    PressurePlateGreen: true, C::DRY, [], Nothing;
    /// A pressure plate only a heavy box presses.
    PressurePlateHeavy: true, C::DRY, [], Nothing;
    /// An apple.
    Apple: true, LOOSE, [], Nothing;
    /// A pear.
    Pear: true, LOOSE, [], Nothing;
    /// A piece of cheese.
    Cheese: true, LOOSE, [], Nothing;
    /// A coin.
    Coin: true, LOOSE, [], Nothing;
    /// Stairs leading up to the same cell of the floor above.
    StairsUp: true, C::STAIRS, [], Nothing;
    /// Stairs leading down to the same cell of the floor below.
    StairsDown: true, C::STAIRS, [], Nothing;
    /// A duck: it walks by itself, facing a way (`Duck:up`; `down`, its
    /// own state, is written without one).
    Duck: true, MOVER, [Up => MOVER, Right => MOVER, Left => MOVER] own Down, Nothing;
    /// A cauldron: a key pushed in stays in it; two brew.
    Cauldron: true, C::BLOCKER.and(C::DRY), [], Keys { least: 0, most: 1 };
    /// A bong: brewed of two keys, which a hammer spills.
    Bong: true, MOVER, [], Keys { least: 2, most: 2 };
    /// A book: an item like a key; a ghost it meets is released.
    Book: true, ITEM, [], Nothing;
    /// A ghost: it walks by itself, facing a way, and turns around where it
    /// cannot (`Ghost:up`; `down`, its own state, is written without one).
    Ghost: true, MOVER, [Up => MOVER, Right => MOVER, Left => MOVER] own Down, Nothing;
    /// A lantern that glows while the player stands next to it: the
    /// demonstration mechanic (cargo feature `demo-glow`).
    #[cfg(feature = "demo-glow")]
    Lantern: true, C::BLOCKER, [], Nothing;
    /// A firefly that flies its way and turns round where it cannot: the
    /// demonstration actor (cargo feature `demo-glow`), neither pushed nor
    /// lifted (`Firefly:up`; `down`, its own state, is written without one).
    #[cfg(feature = "demo-glow")]
    Firefly: true, C::BLOCKER, [Up => C::BLOCKER, Right => C::BLOCKER, Left => C::BLOCKER] own Down, Nothing;
    /// A goal cell: a level is solved when every goal holds a box (ours, for Sokoban levels).
    Goal: true, C::DRY, [], Nothing;
}

// The table is in declaration order: a compile-time check.
const _: () = {
    let mut i = 0;
    while i < EntityRecipe::COUNT {
        #[expect(
            clippy::indexing_slicing,
            reason = "evaluated at compile time, below the length"
        )]
        let (info, recipe) = (EntityRecipe::INFO[i], EntityRecipe::ALL[i]);
        assert!(info.recipe as usize == recipe as usize && recipe as usize == i);
        i += 1;
    }
};

impl EntityRecipe {
    /// Return the recipe's level information.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{EntityRecipe, Holds};
    ///
    /// assert_eq!(EntityRecipe::Box.info().holds, Holds::Things);
    /// ```
    pub const fn info(self) -> &'static RecipeInfo {
        let i = self as usize;
        if i < EntityRecipe::COUNT {
            #[expect(
                clippy::indexing_slicing,
                reason = "checked just above; every recipe has its line"
            )]
            &EntityRecipe::INFO[i]
        } else {
            &NO_INFO
        }
    }

    /// Return whether the sim plays this recipe (its rules are written).
    /// A recipe without rules is refused by worlds, and by levels unless
    /// it is level data ([`EntityRecipe::in_levels`]); since rule book 4
    /// every recipe of the plan has its rules.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert!(EntityRecipe::KeyRed.has_rules());
    /// assert!(EntityRecipe::Ghost.has_rules());
    /// ```
    pub const fn has_rules(self) -> bool {
        self.info().playable
    }

    /// Return whether the level format reads this recipe: the sim plays
    /// it, or its line gives it roles (its cell rules are written) before
    /// the sim has its mechanic. Such a recipe is level data: levels read,
    /// check and print it, and the sim refuses it at load until it plays
    /// it: a recipe's cell roles, states and contents (rules.md §6) come
    /// before its mechanic, as the stairs' did.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert!(EntityRecipe::KeyRed.in_levels());
    /// assert!(EntityRecipe::StairsUp.in_levels() && EntityRecipe::StairsUp.has_rules());
    /// assert!(EntityRecipe::Ghost.in_levels() && EntityRecipe::Book.in_levels());
    /// ```
    pub const fn in_levels(self) -> bool {
        let info = self.info();
        info.playable || info.class.0 != NOT_YET.0
    }

    /// Return the recipe a legend name means, in any case.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert_eq!(EntityRecipe::named("heavybox"), Some(EntityRecipe::HeavyBox));
    /// assert_eq!(EntityRecipe::named("Crate"), None);
    /// ```
    pub fn named(name: &str) -> Option<EntityRecipe> {
        EntityRecipe::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    /// Return whether the recipe is a key (`KeyBlue` ... `KeyGreen`).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert!(EntityRecipe::KeyGreen.is_key());
    /// assert!(!EntityRecipe::DoorGreen.is_key());
    /// ```
    pub const fn is_key(self) -> bool {
        use EntityRecipe as R;
        matches!(self, R::KeyBlue | R::KeyRed | R::KeyYellow | R::KeyGreen)
    }

    /// Return the colour of a coloured key, door or plate.
    pub const fn color(self) -> Option<KeyColor> {
        use EntityRecipe as R;
        match self {
            R::KeyBlue | R::DoorBlue | R::PressurePlateBlue => Some(KeyColor::Blue),
            R::KeyRed | R::DoorRed | R::PressurePlateRed => Some(KeyColor::Red),
            R::KeyYellow | R::DoorYellow | R::PressurePlateYellow => Some(KeyColor::Yellow),
            R::KeyGreen | R::DoorGreen | R::PressurePlateGreen => Some(KeyColor::Green),
            _ => None,
        }
    }
}

/// What [`EntityRecipe::info`] would give past the table (never: the table
/// holds every recipe), and what fills the table before it is written.
const NO_INFO: RecipeInfo = RecipeInfo {
    recipe: EntityRecipe::Player,
    playable: false,
    class: C::NONE,
    states: &[],
    own_state: None,
    holds: Holds::Nothing,
    demo: false,
};

impl fmt::Display for EntityRecipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The recipes of rules.md §3's table in its order, Goal moved last
    /// (§4 Floors, "Ids": within a cell, ids go in the order of the table,
    /// Goal last).
    const RULES_ORDER: [EntityRecipe; 32] = {
        use EntityRecipe as R;
        [
            R::Player,
            R::WallStrong,
            R::WallWeak,
            R::WaterCell,
            R::Box,
            R::HeavyBox,
            R::Hammer,
            R::KeyBlue,
            R::KeyRed,
            R::KeyYellow,
            R::KeyGreen,
            R::DoorBlue,
            R::DoorRed,
            R::DoorYellow,
            R::DoorGreen,
            R::SecretDoor,
            R::PressurePlateBlue,
            R::PressurePlateRed,
            R::PressurePlateYellow,
            R::PressurePlateGreen,
            R::PressurePlateHeavy,
            R::Apple,
            R::Pear,
            R::Cheese,
            R::Coin,
            R::StairsUp,
            R::StairsDown,
            R::Duck,
            R::Cauldron,
            R::Bong,
            R::Book,
            R::Ghost,
        ]
    };

    #[test]
    fn recipes_order_as_the_rule_book_s_table_with_goal_last() {
        let ours: Vec<EntityRecipe> = EntityRecipe::ALL
            .into_iter()
            .filter(|r| !r.info().demo && *r != EntityRecipe::Goal)
            .collect();
        assert_eq!(ours, RULES_ORDER);
        assert!(RULES_ORDER.windows(2).all(|w| w[0] < w[1]));
        assert!(
            EntityRecipe::ALL
                .into_iter()
                .all(|r| r <= EntityRecipe::Goal)
        );
        // Specs order by recipe first, a state after its plain recipe.
        let plain = crate::EntitySpec::new(EntityRecipe::HeavyBox);
        assert!(plain < plain.with_state(RecipeState::Sunk));
        assert!(plain.with_state(RecipeState::Sunk) < crate::EntitySpec::new(EntityRecipe::Hammer));
    }
}
