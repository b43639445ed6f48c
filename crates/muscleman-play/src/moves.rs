//! The MOVES letters (rules.md §7): `u d l r` move, `w` wait, `z` undo,
//! `y` redo, `!` restart, `g` grab, `p` drop, `[` and `]` swing left and
//! right, in either case; whitespace ignored. The letters come from the
//! sim's one command table, [`muscleman_sim::COMMANDS`].

use muscleman_sim::Command;

/// The letters MOVES accepts, for messages.
pub const LETTERS: &str = "u d l r move, w wait, z undo, y redo, ! restart, g grab, p drop, [ ] swing left and right (either case)";

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

/// Return a word naming a command: its JSON `action` name (`"right"`,
/// `"swing_left"`, ...), from the sim's command table.
pub fn name_of(command: Command) -> &'static str {
    command.action()
}

/// Parse MOVES into commands, or return the first character that is no move.
///
/// # Example
/// ```
/// use muscleman_play::moves::parse;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_every_letter() {
        for info in muscleman_sim::COMMANDS {
            assert!(LETTERS.contains(info.letter), "{info:?}");
        }
    }

    #[test]
    fn every_letter_reads_in_either_case() {
        let all: String = muscleman_sim::COMMANDS.iter().map(|i| i.letter).collect();
        assert_eq!(parse(&all).map(|m| m.len()), Ok(12));
        assert_eq!(parse(&all.to_uppercase()).map(|m| m.len()), Ok(12));
    }
}
