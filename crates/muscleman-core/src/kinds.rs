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

/// The first word of a list, if any: a table line's optional word.
const fn first(words: &[&'static str]) -> Option<&'static str> {
    match words {
        [word, ..] => Some(*word),
        [] => None,
    }
}

/// Declares every counter once, one line each: its variant, its doc, its
/// name in saves and JSON and, for what a player collects, the word a game
/// panel shows it under; [`GlobalCounter::ALL`], [`GlobalCounter::name`]
/// and [`GlobalCounter::shown`] follow from the list.
macro_rules! counters {
    ($($(#[doc = $doc:expr])* $name:ident = $json:literal $(shown $shown:literal)?,)*) => {
        /// A level-wide counter that collecting or making things increments.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GlobalCounter {
            $($(#[doc = $doc])* $name,)*
        }

        impl GlobalCounter {
            /// Every counter, in declaration order.
            pub const ALL: [GlobalCounter; [$(GlobalCounter::$name),*].len()] =
                [$(GlobalCounter::$name),*];

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
                    $(GlobalCounter::$name => $json,)*
                }
            }

            /// Return the word a front end shows the count under where a
            /// player collects it (`"apples"`), or `None` for a counter a
            /// game panel leaves out.
            ///
            /// # Example
            /// ```
            /// use muscleman_core::GlobalCounter;
            ///
            /// assert_eq!(GlobalCounter::ApplesEaten.shown(), Some("apples"));
            /// assert_eq!(GlobalCounter::BongsMade.shown(), None);
            /// ```
            pub const fn shown(self) -> Option<&'static str> {
                match self {
                    $(GlobalCounter::$name => first(&[$($shown)?]),)*
                }
            }
        }
    };
}

counters! {
    /// Coins collected.
    Coins = "coins" shown "coins",
    /// Ghosts released from books.
    GhostsReleased = "ghosts_released",
    /// Green keys made.
    GreenKeysMade = "green_keys_made",
    /// Bongs made.
    BongsMade = "bongs_made",
    /// Bongs broken.
    BongsBroken = "bongs_broken",
    /// Apples eaten.
    ApplesEaten = "apples_eaten" shown "apples",
    /// Pears eaten.
    PearsEaten = "pears_eaten" shown "pears",
    /// Pieces of cheese eaten.
    CheeseEaten = "cheese_eaten" shown "cheese",
}

impl GlobalCounter {
    /// Return the counter's place in [`GlobalCounter::ALL`].
    pub const fn index(self) -> usize {
        self as usize
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
