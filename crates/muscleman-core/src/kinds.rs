//! Plain enums shared by every layer: key colours, counters, move causes.

/// Colour of a key, a door or what opens it.
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
