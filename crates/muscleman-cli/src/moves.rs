//! The MOVES letters: `u d l r` (either case), `w` wait, `z` undo, `y` redo,
//! `!` restart; whitespace ignored.

use muscleman_core::{GridDir, Input};
use muscleman_sim::Command;

/// The letters MOVES accepts, for messages.
pub const LETTERS: &str = "u d l r (either case), w wait, z undo, y redo, ! restart";

/// A character in MOVES that is no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// The character.
    pub found: char,
    /// Its 1-based position among the characters of MOVES, whitespace included.
    pub position: usize,
    /// Its 1-based line in MOVES.
    pub line: usize,
    /// Its 1-based column in that line.
    pub column: usize,
}

impl std::fmt::Display for BadMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad move {:?} at position {}", self.found, self.position)?;
        if self.line > 1 {
            write!(f, " (line {}, column {})", self.line, self.column)?;
        }
        write!(f, ", expected one of: {LETTERS}")
    }
}

/// Return a word naming a command (`"right"`, `"undo"`...).
pub fn name_of(command: Command) -> &'static str {
    match command {
        Command::Step(Input::Move(GridDir::Up)) => "up",
        Command::Step(Input::Move(GridDir::Down)) => "down",
        Command::Step(Input::Move(GridDir::Left)) => "left",
        Command::Step(Input::Move(GridDir::Right)) => "right",
        Command::Step(Input::Wait) => "wait",
        Command::Step(Input::Grab) => "grab",
        Command::Step(Input::Drop) => "drop",
        Command::Step(Input::SwingLeft) => "swing-left",
        Command::Step(Input::SwingRight) => "swing-right",
        Command::Undo => "undo",
        Command::Redo => "redo",
        Command::Restart => "restart",
    }
}

/// Parse MOVES into commands, or return the first character that is no move.
///
/// # Example
/// ```
/// use muscleman_cli::moves::parse;
///
/// assert_eq!(parse("rR d\nz").map(|m| m.len()), Ok(4));
/// let bad = parse("rrx").unwrap_err();
/// assert_eq!((bad.found, bad.position), ('x', 3));
/// ```
pub fn parse(text: &str) -> Result<Vec<Command>, BadMove> {
    let mut out = Vec::new();
    let (mut line, mut column) = (1, 0);
    for (i, c) in text.chars().enumerate() {
        column += 1;
        if c == '\n' {
            line += 1;
            column = 0;
            continue;
        }
        if c.is_whitespace() {
            continue;
        }
        match Command::from_letter(c) {
            Some(cmd) => out.push(cmd),
            None => {
                return Err(BadMove {
                    found: c,
                    position: i + 1,
                    line,
                    column,
                });
            }
        }
    }
    Ok(out)
}
