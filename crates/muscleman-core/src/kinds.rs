//! Plain enums shared by every layer: key colours, counters, move causes,
//! sound kinds.

/// Declares a plain enum once, one line a variant (its doc, the variant
/// and its name in saves, JSON and signals): `ALL`, in declaration order,
/// and `name()` follow from the list. A variant added to a list is in
/// `ALL` and has a name; a layer that matches the enum exhaustively does
/// not build until it has a line for it.
macro_rules! named {
    ($(#[doc = $edoc:expr])* $Enum:ident, $example:literal;
     $($(#[doc = $doc:expr])* $name:ident = $json:literal,)*) => {
        $(#[doc = $edoc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $Enum {
            $($(#[doc = $doc])* $name,)*
        }

        impl $Enum {
            /// Every one, in declaration order.
            pub const ALL: [$Enum; [$($Enum::$name),*].len()] = [$($Enum::$name),*];

            #[doc = concat!("Return its name in saves, JSON and signals (`", $example, "`).")]
            pub const fn name(self) -> &'static str {
                match self {
                    $($Enum::$name => $json,)*
                }
            }
        }
    };
}

named! {
    /// Colour of a key, a door or what opens it.
    KeyColor, "blue";
    /// Blue.
    Blue = "blue",
    /// Red.
    Red = "red",
    /// Yellow.
    Yellow = "yellow",
    /// Green.
    Green = "green",
}

named! {
    /// A level-wide counter that collecting or making things increments.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::GlobalCounter;
    ///
    /// assert_eq!(GlobalCounter::CheeseEaten.name(), "cheese_eaten");
    /// ```
    GlobalCounter, "apples_eaten";
    /// Coins collected.
    Coins = "coins",
    /// Ghosts released from books.
    GhostsReleased = "ghosts_released",
    /// Green keys made.
    GreenKeysMade = "green_keys_made",
    /// Bongs made.
    BongsMade = "bongs_made",
    /// Bongs broken.
    BongsBroken = "bongs_broken",
    /// Apples eaten.
    ApplesEaten = "apples_eaten",
    /// Pears eaten.
    PearsEaten = "pears_eaten",
    /// Pieces of cheese eaten.
    CheeseEaten = "cheese_eaten",
}

impl GlobalCounter {
    /// Return the counter's place in [`GlobalCounter::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

named! {
    /// Why an entity moved.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::MoveCause;
    ///
    /// assert_eq!(MoveCause::Restart.name(), "restart");
    /// ```
    MoveCause, "push";
    /// The player walked.
    Player = "player",
    /// A push chain moved it.
    Push = "push",
    /// A swing moved it.
    Swing = "swing",
    /// An actor's own logic moved it.
    Brain = "brain",
    /// Undo took it back to where it was before the step undone.
    Undo = "undo",
    /// Restart took it back to where the level started it.
    Restart = "restart",
}

named! {
    /// A sound a presenter may play (rules.md §4, Actors and Emit): each
    /// front end gives every kind its look, one line a kind.
    SoundKind, "bump";
    /// A move was refused.
    Bump = "bump",
    /// A duck was blocked and turned.
    Quack = "quack",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_counter_is_in_all_at_its_index_with_its_own_snake_case_name() {
        for (i, counter) in GlobalCounter::ALL.into_iter().enumerate() {
            assert_eq!(counter.index(), i);
            let name = counter.name();
            assert!(
                name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{name}"
            );
            let same = GlobalCounter::ALL.iter().filter(|c| c.name() == name);
            assert_eq!(same.count(), 1, "{name} names one counter");
        }
    }
}
