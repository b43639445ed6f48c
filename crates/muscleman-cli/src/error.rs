//! Failures and the exit codes they map to.

use std::fmt;
use std::io;

/// Exit code of a success.
pub const EXIT_OK: u8 = 0;
/// Exit code of `solve` when the level is proved unsolvable.
pub const EXIT_UNSOLVABLE: u8 = 1;
/// Exit code of bad input: a missing or bad level file, bad moves, a bad flag.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code of `solve` when it gave up (time or memory limit).
pub const EXIT_GAVE_UP: u8 = 3;

/// Why a command stopped: a message for standard error and an exit code.
#[derive(Debug)]
pub struct Failure {
    /// The exit code.
    pub code: u8,
    /// What went wrong, one or more lines, without the program name.
    pub message: String,
    /// Whether each line already starts with its place (`FILE:LINE:COL: `),
    /// so it is printed as it is, without the program's name before it.
    pub located: bool,
}

impl Failure {
    /// A bad-input failure (exit code 2).
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure {
            code: EXIT_BAD_INPUT,
            message: message.into(),
            located: false,
        }
    }

    /// A bad-input failure whose lines each start with `FILE:LINE:COL: `.
    pub fn located(message: impl Into<String>) -> Failure {
        Failure {
            located: true,
            ..Failure::bad_input(message)
        }
    }

    /// A failure with an empty message: everything was already reported.
    pub fn quiet(code: u8) -> Failure {
        Failure {
            code,
            message: String::new(),
            located: false,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}

/// Writing to standard output failed; a closed pipe is not reported.
pub fn output_failure(err: &io::Error) -> Failure {
    if err.kind() == io::ErrorKind::BrokenPipe {
        Failure::quiet(EXIT_OK)
    } else {
        Failure::bad_input(format!("cannot write to standard output: {err}"))
    }
}

/// Write one line to standard error, ignoring failures (there is nowhere left to report them).
pub fn warn(message: &str) {
    use io::Write;
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "muscleman: {message}");
}

/// Write one line to standard error as it is, ignoring failures.
pub fn note(message: &str) {
    use io::Write;
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{message}");
}
