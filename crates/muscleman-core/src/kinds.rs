//! Plain enums shared by every layer: recipes, key colours, counters, move causes.

use std::fmt;

/// Colour of a key, a door or a pressure plate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KeyColor {
    /// Blue.
    Blue,
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
}

/// Name of a bundle of tags and components that makes one kind of entity.
///
/// The sim implements a recipe when its rules are written; spawning any other
/// recipe is refused with a typed error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EntityRecipe {
    /// The player.
    Player,
    /// A wall that blocks everything.
    WallStrong,
    /// A wall that blocks walking but not a swing.
    WallWeak,
    /// A water cell; heavy boxes sink in it.
    WaterCell,
    /// A box: pushable, liftable, openable, smashable.
    Box,
    /// A heavy box: pushable, not liftable, sinks in water.
    HeavyBox,
    /// A hammer.
    Hammer,
    /// A bong.
    Bong,
    /// A cauldron.
    Cauldron,
    /// A blue key.
    KeyBlue,
    /// A red key.
    KeyRed,
    /// A yellow key.
    KeyYellow,
    /// A green key.
    KeyGreen,
    /// A blue door.
    DoorBlue,
    /// A red door.
    DoorRed,
    /// A yellow door.
    DoorYellow,
    /// A green door.
    DoorGreen,
    /// A secret door.
    SecretDoor,
    /// A blue pressure plate.
    PressurePlateBlue,
    /// A red pressure plate.
    PressurePlateRed,
    /// A yellow pressure plate.
    PressurePlateYellow,
    /// A green pressure plate.
    PressurePlateGreen,
    /// A pressure plate only a heavy box presses.
    PressurePlateHeavy,
    /// Stairs leading up.
    StairsUp,
    /// Stairs leading down.
    StairsDown,
    /// An apple.
    Apple,
    /// A pear.
    Pear,
    /// A piece of cheese.
    Cheese,
    /// A coin.
    Coin,
    /// A book.
    Book,
    /// A ghost.
    Ghost,
    /// A duck.
    Duck,
    /// A goal cell: a level is solved when every goal holds a box (ours, for Sokoban levels).
    Goal,
}

impl EntityRecipe {
    /// Every recipe, in declaration order.
    pub const ALL: [EntityRecipe; 33] = [
        EntityRecipe::Player,
        EntityRecipe::WallStrong,
        EntityRecipe::WallWeak,
        EntityRecipe::WaterCell,
        EntityRecipe::Box,
        EntityRecipe::HeavyBox,
        EntityRecipe::Hammer,
        EntityRecipe::Bong,
        EntityRecipe::Cauldron,
        EntityRecipe::KeyBlue,
        EntityRecipe::KeyRed,
        EntityRecipe::KeyYellow,
        EntityRecipe::KeyGreen,
        EntityRecipe::DoorBlue,
        EntityRecipe::DoorRed,
        EntityRecipe::DoorYellow,
        EntityRecipe::DoorGreen,
        EntityRecipe::SecretDoor,
        EntityRecipe::PressurePlateBlue,
        EntityRecipe::PressurePlateRed,
        EntityRecipe::PressurePlateYellow,
        EntityRecipe::PressurePlateGreen,
        EntityRecipe::PressurePlateHeavy,
        EntityRecipe::StairsUp,
        EntityRecipe::StairsDown,
        EntityRecipe::Apple,
        EntityRecipe::Pear,
        EntityRecipe::Cheese,
        EntityRecipe::Coin,
        EntityRecipe::Book,
        EntityRecipe::Ghost,
        EntityRecipe::Duck,
        EntityRecipe::Goal,
    ];
}

impl EntityRecipe {
    /// Return whether the rule book (rules.md version 2) writes this recipe's
    /// rules. Bong, Cauldron, the stairs, Book, Ghost and Duck come later;
    /// levels and worlds refuse them until then.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert!(EntityRecipe::KeyRed.has_rules());
    /// assert!(!EntityRecipe::Duck.has_rules());
    /// ```
    pub const fn has_rules(self) -> bool {
        !matches!(
            self,
            EntityRecipe::Bong
                | EntityRecipe::Cauldron
                | EntityRecipe::StairsUp
                | EntityRecipe::StairsDown
                | EntityRecipe::Book
                | EntityRecipe::Ghost
                | EntityRecipe::Duck
        )
    }

    /// Return whether this is a key (`KeyBlue` ... `KeyGreen`).
    pub const fn is_key(self) -> bool {
        use EntityRecipe as R;
        matches!(self, R::KeyBlue | R::KeyRed | R::KeyYellow | R::KeyGreen)
    }

    /// Return whether this is a door: a coloured door or the secret door.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::EntityRecipe;
    ///
    /// assert!(EntityRecipe::SecretDoor.is_door());
    /// assert!(!EntityRecipe::KeyRed.is_door());
    /// ```
    pub const fn is_door(self) -> bool {
        use EntityRecipe as R;
        matches!(
            self,
            R::DoorBlue | R::DoorRed | R::DoorYellow | R::DoorGreen | R::SecretDoor
        )
    }

    /// Return whether this is a pressure plate, coloured or heavy.
    pub const fn is_plate(self) -> bool {
        use EntityRecipe as R;
        matches!(
            self,
            R::PressurePlateBlue
                | R::PressurePlateRed
                | R::PressurePlateYellow
                | R::PressurePlateGreen
                | R::PressurePlateHeavy
        )
    }

    /// Return whether this is a collectible: `Apple`, `Pear`, `Cheese` or `Coin`.
    pub const fn is_collectible(self) -> bool {
        use EntityRecipe as R;
        matches!(self, R::Apple | R::Pear | R::Cheese | R::Coin)
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

impl fmt::Display for EntityRecipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A level-wide counter that collecting or making things increments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GlobalCounter {
    /// Coins collected.
    Coins,
    /// Ghosts released from books.
    GhostsReleased,
    /// Green keys made.
    GreenKeysMade,
    /// Bongs made.
    BongsMade,
    /// Bongs broken.
    BongsBroken,
    /// Apples eaten.
    ApplesEaten,
    /// Pears eaten.
    PearsEaten,
    /// Pieces of cheese eaten.
    CheeseEaten,
}

impl GlobalCounter {
    /// Every counter, in declaration order.
    pub const ALL: [GlobalCounter; 8] = [
        GlobalCounter::Coins,
        GlobalCounter::GhostsReleased,
        GlobalCounter::GreenKeysMade,
        GlobalCounter::BongsMade,
        GlobalCounter::BongsBroken,
        GlobalCounter::ApplesEaten,
        GlobalCounter::PearsEaten,
        GlobalCounter::CheeseEaten,
    ];

    /// Return the counter's place in [`GlobalCounter::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Return the counter's name in saves and JSON (`"apples_eaten"`).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GlobalCounter;
    ///
    /// assert_eq!(GlobalCounter::CheeseEaten.name(), "cheese_eaten");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            GlobalCounter::Coins => "coins",
            GlobalCounter::GhostsReleased => "ghosts_released",
            GlobalCounter::GreenKeysMade => "green_keys_made",
            GlobalCounter::BongsMade => "bongs_made",
            GlobalCounter::BongsBroken => "bongs_broken",
            GlobalCounter::ApplesEaten => "apples_eaten",
            GlobalCounter::PearsEaten => "pears_eaten",
            GlobalCounter::CheeseEaten => "cheese_eaten",
        }
    }
}

/// Why an entity moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveCause {
    /// The player walked.
    Player,
    /// A push chain moved it.
    Push,
    /// A swing moved it.
    Swing,
    /// An actor's own logic moved it.
    Brain,
    /// Undo took it back to where it was before the step undone.
    Undo,
    /// Restart took it back to where the level started it.
    Restart,
}

impl MoveCause {
    /// Return the cause's name in JSON and signals (`"push"`).
    ///
    /// # Example
    /// ```
    /// use muscleman_core::MoveCause;
    ///
    /// assert_eq!(MoveCause::Restart.name(), "restart");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            MoveCause::Player => "player",
            MoveCause::Push => "push",
            MoveCause::Swing => "swing",
            MoveCause::Brain => "brain",
            MoveCause::Undo => "undo",
            MoveCause::Restart => "restart",
        }
    }
}
