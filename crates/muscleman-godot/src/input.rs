//! Input mapping: Godot's action names, directions and MOVES letters to the
//! sim's commands.
//!
//! The action names are the sim's own JSON `action` names ([`COMMANDS`]):
//! the project's input map names its actions the same way, so one table
//! says what every key does.

use muscleman_core::{GridDir, Input};
use muscleman_sim::{COMMANDS, Command};

use crate::error::AdapterError;

/// Return every action name, in the sim's command order (`"up"`, `"right"`,
/// ..., `"swing_right"`).
pub fn action_names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|info| info.action)
}

/// Return the command an action name stands for.
///
/// # Example
/// ```
/// use muscleman_core::Input;
/// use muscleman_godot::input::command_named;
/// use muscleman_sim::Command;
///
/// assert_eq!(command_named("grab"), Some(Command::Step(Input::Grab)));
/// assert_eq!(command_named("undo"), Some(Command::Undo));
/// assert_eq!(command_named("jump"), None);
/// ```
pub fn command_named(name: &str) -> Option<Command> {
    COMMANDS
        .iter()
        .find(|info| info.action == name)
        .map(|info| info.command)
}

/// Return the direction of a unit grid vector (`(0, -1)` is up: y grows
/// downward, as on screen), or `None` for any other vector.
pub fn direction_of(x: i64, y: i64) -> Option<GridDir> {
    GridDir::ALL.into_iter().find(|d| {
        let o = d.offset();
        i64::from(o.x) == x && i64::from(o.y) == y
    })
}

/// Return the move command for a unit grid vector.
pub fn move_command(x: i64, y: i64) -> Result<Command, AdapterError> {
    direction_of(x, y)
        .map(|d| Command::Step(Input::Move(d)))
        .ok_or(AdapterError::NotADirection { x, y })
}

/// Read a MOVES string (`"rddRRdrU"`, `"g[z"`: rules.md §7) into commands;
/// whitespace is skipped.
pub fn commands_of_moves(moves: &str) -> Result<Vec<Command>, AdapterError> {
    moves
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(at, c)| Command::from_letter(c).ok_or(AdapterError::BadMove { letter: c, at }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_name_maps_back_to_its_command() {
        let names: Vec<_> = action_names().collect();
        assert_eq!(names.len(), COMMANDS.len());
        for info in COMMANDS {
            assert_eq!(command_named(info.action), Some(info.command));
        }
        assert!(names.contains(&"swing_left"));
        assert!(names.contains(&"restart"));
    }

    #[test]
    fn unit_vectors_are_the_four_moves_and_nothing_else_is() {
        let moves = [(0, -1), (1, 0), (0, 1), (-1, 0)].map(|(x, y)| move_command(x, y).unwrap());
        assert_eq!(moves, GridDir::ALL.map(|d| Command::Step(Input::Move(d))));
        for (x, y) in [(0, 0), (1, 1), (2, 0), (i64::MIN, 0)] {
            let refused = move_command(x, y);
            assert!(
                matches!(refused, Err(AdapterError::NotADirection { x: a, y: b }) if (a, b) == (x, y)),
                "{refused:?}"
            );
        }
    }

    #[test]
    fn moves_read_letter_by_letter_and_name_the_first_bad_one() {
        let cmds = commands_of_moves("rD g[\nz!").unwrap();
        let letters: String = cmds.iter().map(|c| c.letter()).collect();
        assert_eq!(letters, "rdg[z!");
        let refused = commands_of_moves("rrx?");
        assert!(
            matches!(refused, Err(AdapterError::BadMove { letter: 'x', at: 2 })),
            "{refused:?}"
        );
    }
}
