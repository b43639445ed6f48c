//! The `muscleman` command: play in the terminal, replay, check, solve and edit levels.
//!
//! `main` is thin: it calls [`run_cli`], which parses the command line with
//! clap, resolves each subcommand's flags into a checked configuration (level
//! files read, moves parsed) and runs it. Every failure is a [`Failure`] with
//! its exit code; nothing panics on bad input.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

// The binary needs only `run_cli`; what is public beyond it is what the
// tests (and the fuzz target) reach, each said beside it. The rest is the
// binary's own.

// The built-in collections: the tests read their levels, pars and
// solutions.
pub mod builtin;
// `check`: the editor's tests check what they save with it.
pub mod check;
// The command line's flags: the tests build `play` and `edit` arguments,
// and the docs' test reads every flag.
pub mod cli;
// What `check` and the editor say of a level: the editor's tests read
// its severities.
pub mod diagnose;
// The level editor: its tests drive it headless.
pub mod edit;
mod error;
mod export;
mod json;
mod levels;
// The game in the terminal: its tests drive it headless.
pub mod play;
mod replay;
mod solve;
// Level files and where they come from: the built-in levels' tests read
// them as `play` does.
pub mod source;

// What every front end keeps (from `muscleman-play`), as the tests and
// the fuzz target reach it: progress, saves, MOVES letters, a level's
// rules and the verdict.
use muscleman_play::{fsutil, solution};
pub use muscleman_play::{level_rules, moves, progress, saves, verdict};

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

pub use error::Failure;

use crate::cli::{Cli, Command, PlayArgs};
use crate::error::{note, warn};

/// Return the command line's definition: [`Cli`]'s flags, with `play
/// --help` ending in the game's keys ([`play::play_help`]). The flags
/// (`cli.rs`) import no subcommand; this is where the two meet.
pub fn command() -> clap::Command {
    Cli::command().mut_subcommand("play", |play| play.after_help(play::play_help()))
}

/// Parse the process's arguments with [`command`].
fn parse_args() -> Result<Cli, clap::Error> {
    let mut command = command();
    let mut matches = command.try_get_matches_from_mut(std::env::args_os())?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

/// Run the command line and return the process's exit code.
pub fn run_cli() -> ExitCode {
    let cli = match parse_args() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout and exit 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            for line in failure.message.lines() {
                if failure.located {
                    note(line);
                } else {
                    warn(line);
                }
            }
            ExitCode::from(failure.code)
        }
    }
}

/// Run a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => play::run(&PlayArgs::default()),
        Some(Command::Play(args)) => play::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Levels(args)) => levels::run(&args),
        Some(Command::Export(args)) => export::run(&args),
        Some(Command::Edit(args)) => edit::run(&args),
    }
}
