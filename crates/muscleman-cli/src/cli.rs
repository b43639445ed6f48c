//! The command line as the user typed it: clap's parsed flags, nothing
//! resolved. A leaf: it imports none of the subcommands.
//!
//! Each subcommand's flags are turned into a checked configuration (files
//! read, moves parsed) by its own module before anything runs.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use muscleman_sim::Rules;

/// Muscleman: a grid puzzle where the player pushes whole lines of boxes.
///
/// With no subcommand it plays the built-in levels in the terminal.
#[derive(Debug, Parser)]
#[command(name = "muscleman", version, about, long_about = None)]
#[command(after_help = "\
Exit codes: 0 success; 2 bad input (a missing or bad level file, bad moves, a bad flag);
`solve` also exits 1 when the level is proved unsolvable and 3 when it gave up.
On exit 2 standard output is empty.")]
pub struct Cli {
    /// What to do; `play` when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal: the built-in levels, or the levels of a file.
    Play(PlayArgs),
    /// Apply moves to a level and print the final level.
    Replay(ReplayArgs),
    /// Check that a level file (one level or a collection) is valid.
    Check(CheckArgs),
    /// Search for a solution of a level.
    Solve(SolveArgs),
    /// List the levels of a file or the built-in levels, with your progress;
    /// `--export` prints them as a collection.
    Levels(LevelsArgs),
    /// Print your best solution of a level (LURD), or the moves of a save.
    Export(ExportArgs),
    /// Edit a level in the terminal: paint, check, test play, prove, save.
    Edit(EditArgs),
}

/// Flags of `edit`.
#[derive(Debug, Args)]
#[command(after_help = "\
Opens level N of FILE (a new file when it does not exist). Keys: arrows move, space paints
the brush, tab and b choose it, x takes away, z undoes, p plays, s saves, q quits; ? lists them
all (docs/editor.md). Saving keeps every other line of a collection as it was.")]
pub struct EditArgs {
    /// The level file (one level or a collection); created when it does not exist.
    pub level_file: PathBuf,
    /// Edit level N of the collection (1-based; default 1).
    #[arg(long = "level", value_name = "N", value_parser = parse_level_number, conflicts_with = "new")]
    pub level: Option<u32>,
    /// Add a new empty walled room of W×H cells (such as 10x8) to the file and edit it.
    #[arg(long, value_name = "WxH")]
    pub new: Option<String>,
    /// The rules test play and the verdict play by.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
}

/// Flags of `levels`.
#[derive(Debug, Args)]
#[command(after_help = "\
Without --export, one line per level: its number, a check mark when you solved it under
the rules, your fewest moves and pushes, its par where the collection sets one, its title.
With --export, the levels in the level format, a blank line between two, to give every
command the built-in levels:
  muscleman levels --export > builtin.txt && muscleman solve builtin.txt --level 3
  muscleman levels --collection combinations --export > combinations.txt")]
pub struct LevelsArgs {
    /// A level file (one level or a collection); the built-in levels when left out.
    pub level_file: Option<PathBuf>,
    /// Which built-in collection (the first when left out).
    #[arg(long, value_name = "NAME", value_parser = collection_names(), ignore_case = true, conflicts_with = "level_file")]
    pub collection: Option<String>,
    /// Print the levels as a collection in the level format instead of the list.
    #[arg(long)]
    pub export: bool,
    /// Show progress under these rules.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
}

/// Flags of `export`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints one line of moves in LURD, pushes in upper case: your best solution (fewest moves,
then fewest pushes) kept by `play`, or with --load the moves of a save from its level's
start to its position (undos, redos and restarts taken out). `replay` reads them back.
Exit 2 when no solution is kept for the level under the rules.")]
pub struct ExportArgs {
    /// A level file (one level or a collection); the built-in levels when left out.
    pub level_file: Option<PathBuf>,
    /// Which built-in collection (the first when left out).
    #[arg(long, value_name = "NAME", value_parser = collection_names(), ignore_case = true, conflicts_with = "level_file")]
    pub collection: Option<String>,
    /// Level N of the collection (1-based; default 1).
    #[arg(long = "level", value_name = "N", value_parser = parse_level_number)]
    pub level: Option<u32>,
    /// The rules the solution was made under.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
    /// Print the moves of a save (from `replay --save` or `play`) instead.
    #[arg(long, value_name = "SAVE", conflicts_with_all = ["level_file", "level", "rules", "collection"])]
    pub load: Option<PathBuf>,
}

/// Which rules to play by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The player pushes whole lines of boxes.
    #[default]
    Muscleman,
    /// Classic Sokoban: one box at a time.
    Sokoban,
}

impl RulesArg {
    /// Return the sim's rules.
    pub fn rules(self) -> Rules {
        match self {
            RulesArg::Muscleman => Rules::MUSCLEMAN,
            RulesArg::Sokoban => Rules::SOKOBAN,
        }
    }
}

/// Flags of `play`. Its help ends with the game's keys, which
/// [`crate::command`] adds: the flags know nothing of the game.
#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    /// A level file (one level or a collection); the built-in levels when left out.
    pub level_file: Option<PathBuf>,
    /// Play this built-in collection (in the game, ← → in the level list
    /// switch); the one you played last when left out.
    #[arg(long, value_name = "NAME", value_parser = collection_names(), ignore_case = true, conflicts_with = "level_file")]
    pub collection: Option<String>,
    /// Start at level N of the collection (1-based).
    #[arg(long = "level", value_name = "N", value_parser = parse_level_number)]
    pub level: Option<u32>,
    /// Resume a game saved with `replay --save`.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// The rules to play by.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
    /// Reload the level when the file changes (for designers editing it in
    /// their own text editor), with its problems and the solver's verdict.
    #[arg(long, requires = "level_file", conflicts_with = "load")]
    pub watch: bool,
}

/// Flags of `replay`.
#[derive(Debug, Default, Args)]
#[command(after_help = "\
MOVES letters: u d l r (either case) move; w wait; z undo; y redo; ! restart; g grab;
p drop; [ ] swing. Whitespace is ignored; any other character is an error. MOVES `-`
reads them from standard input. With --load SAVE, no LEVEL: the moves (if any) continue
the saved game. Standard output carries only the final level (or with --print-solution
its moves); the summary goes to standard error.")]
pub struct ReplayArgs {
    /// The level file (one level or a collection); left out with --load.
    #[arg(required_unless_present = "load")]
    pub level_file: Option<PathBuf>,
    /// The moves, or `-` to read them from standard input.
    #[arg(allow_hyphen_values = true, required_unless_present = "load")]
    pub moves: Option<String>,
    /// Continue the game saved in SAVE (by `replay --save` or `play`) instead of a level's start.
    #[arg(long, value_name = "SAVE", conflicts_with_all = ["level", "rules"])]
    pub load: Option<PathBuf>,
    /// Print the moves from the level's start to the final position (LURD,
    /// pushes in upper case; undos, redos and restarts taken out) instead of the level.
    #[arg(long, conflicts_with = "json")]
    pub print_solution: bool,
    /// Level N of a collection (1-based; default 1).
    #[arg(long = "level", value_name = "N", value_parser = parse_level_number)]
    pub level: Option<u32>,
    /// Print one JSON object a line (each step, then the final level) instead of the level.
    #[arg(long)]
    pub json: bool,
    /// Write the final game (with its history) to FILE, to resume with `play --load`.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// The rules to replay by.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
}

/// Flags of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The level files to check (each one level or a collection).
    #[arg(required = true)]
    pub level_files: Vec<PathBuf>,
    /// Print nothing on standard output, even when every level is valid.
    #[arg(short, long)]
    pub quiet: bool,
    /// Also solve every level (Muscleman rules) and print, one line per
    /// level, solved (moves, pushes), no solution, or gave up; exit 1 when
    /// one has no solution, 3 when one gave up.
    #[arg(long)]
    pub solve: bool,
    /// With --solve: give up on a level after SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = parse_secs, default_value = "10", requires = "solve")]
    pub timeout: Duration,
}

/// What `solve` minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OptimalArg {
    /// Fewest pushes.
    Pushes,
    /// Fewest moves.
    Moves,
}

/// Flags of `solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints the solution in MOVES letters: u d l r (upper case for a push), g grab, p drop,
[ ] swings, w wait. Every rule the game plays is searched, grabs and swings included.
Exit codes: 0 found; 1 proved unsolvable (only after a complete search of every input
the rules allow); 2 bad input; 3 gave up (time or memory limit, or an open level: the sim
has floor beyond its edge, so the search is bounded to the level's rectangle plus 2 cells
and proves nothing once that bound cut a step). On a collection without --level it solves
each level in turn and ends with `solved N of M` on standard error. A progress line is
shown on standard error when it is a terminal.")]
pub struct SolveArgs {
    /// The level file (one level or a collection).
    pub level_file: PathBuf,
    /// Only level N of a collection (1-based).
    #[arg(long = "level", value_name = "N", value_parser = parse_level_number)]
    pub level: Option<u32>,
    /// The rules to solve under.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,
    /// Find a solution with the fewest pushes or moves (slower); any solution when left out.
    #[arg(long, value_enum, value_name = "WHAT")]
    pub optimal: Option<OptimalArg>,
    /// Give up after SECS seconds (per level).
    #[arg(long, value_name = "SECS", value_parser = parse_secs, default_value = "30")]
    pub timeout: Duration,
    /// Give up when the search would use more than MB mebibytes.
    #[arg(long, value_name = "MB", default_value_t = 1024)]
    pub memory: u64,
    /// Threads for the search (at most two are used).
    ///
    /// Without --optimal, 2 or more run the solver's two searches (greedy
    /// best-first and weighted A*) side by side on two threads, and the first
    /// to finish wins, so the solution may differ from run to run; 1 runs
    /// them in turns on one thread, so a level always gets the same
    /// solution. With --optimal the search runs on one thread whatever N is.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
}

/// The names of the built-in collections, which `--collection` takes.
fn collection_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(muscleman_levels::COLLECTIONS.iter().map(|c| c.id))
}

/// Read a positive number of seconds, such as `10` or `0.5`.
fn parse_secs(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of seconds, found {text:?}"))?;
    if !(secs.is_finite() && secs > 0.0 && secs <= 1e9) {
        return Err(format!(
            "expected a number of seconds above 0, found {text:?}"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Read a 1-based level number.
fn parse_level_number(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err("levels are numbered from 1".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "expected a level number (1, 2, ...), found {text:?}"
        )),
    }
}
