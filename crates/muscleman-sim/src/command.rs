//! The commands a player gives a game, and their names: one table.
//!
//! Each command has one MOVES letter (rules.md §7, also the letter saves
//! write) and one JSON `action` name. [`COMMANDS`] lists them all; the
//! lookups below read only that table, and [`Command::index`] is the one
//! exhaustive match that places each command in it.

use muscleman_core::{GridDir, Input};

/// One thing a player can do to a game; the letters of a moves string map to these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    /// Resolve one input.
    Step(Input),
    /// Undo the last undo step.
    Undo,
    /// Redo the last undone step.
    Redo,
    /// Go back to the level's initial state (itself an undo step).
    Restart,
}

/// A command with its names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandInfo {
    /// The command.
    pub command: Command,
    /// Its MOVES letter, lower case (saves write this one; MOVES reads
    /// either case).
    pub letter: char,
    /// Its JSON `action` name (rules.md §7).
    pub action: &'static str,
}

const fn info(command: Command, letter: char, action: &'static str) -> CommandInfo {
    CommandInfo {
        command,
        letter,
        action,
    }
}

/// Every command with its MOVES letter and JSON `action` name, in
/// [`Command::index`] order.
pub const COMMANDS: [CommandInfo; 12] = [
    info(Command::Step(Input::Move(GridDir::Up)), 'u', "up"),
    info(Command::Step(Input::Move(GridDir::Right)), 'r', "right"),
    info(Command::Step(Input::Move(GridDir::Down)), 'd', "down"),
    info(Command::Step(Input::Move(GridDir::Left)), 'l', "left"),
    info(Command::Step(Input::Wait), 'w', "wait"),
    info(Command::Undo, 'z', "undo"),
    info(Command::Redo, 'y', "redo"),
    info(Command::Restart, '!', "restart"),
    info(Command::Step(Input::Grab), 'g', "grab"),
    info(Command::Step(Input::Drop), 'p', "drop"),
    info(Command::Step(Input::SwingLeft), '[', "swing_left"),
    info(Command::Step(Input::SwingRight), ']', "swing_right"),
];

impl Command {
    /// Return this command's place in [`COMMANDS`]: the one exhaustive match
    /// over commands, so a new input cannot be forgotten in the table.
    pub const fn index(self) -> usize {
        match self {
            Command::Step(Input::Move(GridDir::Up)) => 0,
            Command::Step(Input::Move(GridDir::Right)) => 1,
            Command::Step(Input::Move(GridDir::Down)) => 2,
            Command::Step(Input::Move(GridDir::Left)) => 3,
            Command::Step(Input::Wait) => 4,
            Command::Undo => 5,
            Command::Redo => 6,
            Command::Restart => 7,
            Command::Step(Input::Grab) => 8,
            Command::Step(Input::Drop) => 9,
            Command::Step(Input::SwingLeft) => 10,
            Command::Step(Input::SwingRight) => 11,
        }
    }

    /// Return the command's names.
    pub const fn info(self) -> CommandInfo {
        #[expect(
            clippy::indexing_slicing,
            reason = "index() maps every command inside COMMANDS; a test checks the table's order"
        )]
        let info = COMMANDS[self.index()];
        info
    }

    /// Return the command a MOVES letter stands for, in either case: `u d l
    /// r` move, `w` wait, `z` undo, `y` redo, `!` restart, `g` grab, `p` drop
    /// (put down), `[` swing left, `]` swing right.
    ///
    /// # Example
    /// ```
    /// use muscleman_core::{GridDir, Input};
    /// use muscleman_sim::Command;
    ///
    /// assert_eq!(Command::from_letter('R'), Some(Command::Step(Input::Move(GridDir::Right))));
    /// assert_eq!(Command::from_letter('Z'), Some(Command::Undo));
    /// assert_eq!(Command::from_letter('x'), None);
    /// ```
    pub fn from_letter(c: char) -> Option<Command> {
        let c = c.to_ascii_lowercase();
        COMMANDS.iter().find(|i| i.letter == c).map(|i| i.command)
    }

    /// Return the command's MOVES letter (lower case).
    pub const fn letter(self) -> char {
        self.info().letter
    }

    /// Return the command's JSON `action` name (`"swing_left"`).
    pub const fn action(self) -> &'static str {
        self.info().action
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_in_index_order() {
        for (i, info) in COMMANDS.iter().enumerate() {
            assert_eq!(info.command.index(), i, "{info:?}");
        }
    }

    #[test]
    fn letters_and_actions_are_unique_and_round_trip() {
        for info in COMMANDS {
            assert_eq!(Command::from_letter(info.letter), Some(info.command));
            assert_eq!(
                Command::from_letter(info.letter.to_ascii_uppercase()),
                Some(info.command)
            );
            let same_action = COMMANDS.iter().filter(|i| i.action == info.action);
            assert_eq!(same_action.count(), 1);
        }
    }
}
