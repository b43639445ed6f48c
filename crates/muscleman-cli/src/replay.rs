//! `muscleman replay LEVEL MOVES`: apply moves, print the final level.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use muscleman_level::Level;
use muscleman_sim::{Command, EventBatch, Game, MAX_HISTORY, MAX_SAVE_BYTES, Rules, View};
use serde::Serialize;

use crate::cli::ReplayArgs;
use crate::error::{Failure, note, output_failure};
use crate::fsutil;
use crate::json;
use crate::moves::{self, name_of};
use crate::source::{LevelFile, read_stdin_capped};

/// Largest MOVES read from standard input, in bytes.
pub const MAX_MOVES_BYTES: usize = 64 * 1024 * 1024;

/// A replay, checked: the level, the commands and where the output goes.
#[derive(Debug)]
pub struct ReplayConfig {
    /// The level file's name, for messages.
    pub file_name: String,
    /// The level's 1-based number in its file.
    pub number: usize,
    /// How many levels the file holds.
    pub count: usize,
    /// The level.
    pub level: Level,
    /// The commands, already parsed.
    pub commands: Vec<Command>,
    /// Print JSON lines instead of the level.
    pub json: bool,
    /// Where to save the final game.
    pub save: Option<PathBuf>,
    /// The rules.
    pub rules: Rules,
    /// The saved game the moves continue (`--load`), as its text.
    pub save_text: Option<String>,
    /// Print the moves from the start instead of the level.
    pub print_solution: bool,
}

impl ReplayConfig {
    /// Read the level (or the save) and the moves; every error is found
    /// here, before any move is applied.
    pub fn resolve(args: &ReplayArgs) -> Result<ReplayConfig, Failure> {
        let (file_name, number, count, level, rules, save_text, moves) = match &args.load {
            Some(path) => {
                let moves = match (&args.level_file, &args.moves) {
                    (Some(_), Some(_)) => {
                        return Err(Failure::bad_input(
                            "with --load, give MOVES only: the save holds its level",
                        ));
                    }
                    (Some(first), None) => Some(first.to_string_lossy().into_owned()),
                    (None, moves) => moves.clone(),
                };
                let (text, game) = load_save(path)?;
                let level = game.level().clone();
                let rules = game.rules();
                (
                    path.display().to_string(),
                    1,
                    1,
                    level,
                    rules,
                    Some(text),
                    moves,
                )
            }
            None => {
                let (Some(level_file), Some(moves)) = (&args.level_file, &args.moves) else {
                    return Err(Failure::bad_input(
                        "replay needs a LEVEL file and MOVES, or --load SAVE [MOVES]",
                    ));
                };
                let file = LevelFile::read(level_file)?;
                let (index, level) = file.select(args.level)?;
                (
                    file.name.clone(),
                    index + 1,
                    file.len(),
                    level.clone(),
                    args.rules.rules(),
                    None,
                    Some(moves.clone()),
                )
            }
        };
        let text = match moves.as_deref() {
            Some("-") => {
                let bytes = read_stdin_capped(MAX_MOVES_BYTES)?;
                String::from_utf8(bytes).map_err(|e| {
                    Failure::bad_input(format!(
                        "the moves on standard input are not valid UTF-8 (at byte {})",
                        e.utf8_error().valid_up_to() + 1
                    ))
                })?
            }
            Some(m) => m.to_owned(),
            None => String::new(),
        };
        let commands = moves::parse(&text).map_err(|e| Failure::bad_input(e.to_string()))?;
        let before = match &save_text {
            Some(t) => Game::load(t).map(|g| g.commands().len()).unwrap_or(0),
            None => 0,
        };
        if commands.len().saturating_add(before) > MAX_HISTORY {
            return Err(Failure::bad_input(format!(
                "MOVES holds {} commands, more than the {MAX_HISTORY} a game keeps{}",
                commands.len(),
                if before > 0 {
                    format!(" (the save holds {before} already)")
                } else {
                    String::new()
                }
            )));
        }
        Ok(ReplayConfig {
            file_name,
            number,
            count,
            level,
            commands,
            json: args.json,
            save: args.save.clone(),
            rules,
            save_text,
            print_solution: args.print_solution,
        })
    }

    /// Return the game the moves start from: the loaded save, or the level's start.
    fn start(&self) -> Result<Game, Failure> {
        match &self.save_text {
            Some(text) => Game::load(text).map_err(|e| {
                Failure::bad_input(format!("{}: cannot load the save: {e}", self.file_name))
            }),
            None => Game::new(&self.level, self.rules).map_err(|e| {
                Failure::bad_input(format!(
                    "{}: level {} cannot be played: {e}",
                    self.file_name, self.number
                ))
            }),
        }
    }
}

/// Read and load a save; return its text and the game.
pub fn load_save(path: &std::path::Path) -> Result<(String, Game), Failure> {
    let bytes = crate::source::read_capped(path, MAX_SAVE_BYTES)?;
    let text = String::from_utf8(bytes).map_err(|_| {
        Failure::bad_input(format!("{}: not a save (not UTF-8 text)", path.display()))
    })?;
    let game = Game::load(&text).map_err(|e| {
        Failure::bad_input(format!("{}: cannot load the save: {e}", path.display()))
    })?;
    Ok((text, game))
}

/// One JSON line per command applied.
#[derive(Serialize)]
struct StepLine {
    #[serde(rename = "type")]
    kind: &'static str,
    step: usize,
    command: Option<char>,
    action: &'static str,
    events: Vec<serde_json::Value>,
    moves: u32,
    pushes: u32,
    solved: bool,
}

/// The last JSON line: the final level and the summary.
#[derive(Serialize)]
struct FinalLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    level: &'a str,
    level_number: usize,
    title: Option<&'a str>,
    steps: usize,
    moves: u32,
    pushes: u32,
    solved: bool,
    state_hash: String,
    /// Where the player faces (`"down"`...).
    facing: Option<&'static str>,
    /// The player's floor, from 1.
    floor: u32,
    /// What the player holds: an entity, or null.
    holding: Option<serde_json::Value>,
    /// Every counter by its snake_case name.
    counters: serde_json::Value,
    /// Where the level's cell (0, 0) is in the printed `level`, `[x, y]`:
    /// `[0, 0]` unless something left the level's rectangle left of or
    /// above it (see [`grown_by`]).
    origin: [u64; 2],
}

/// Return how many columns on the left and rows on top the printed final
/// level grew: something that left the level's rectangle left of or above
/// it (an open level's edge is floor) is printed at its place, so the
/// printed grid starts there. Growing right and down shifts nothing. Every
/// floor prints with the same origin, so this is the most any floor grew.
pub fn grown_by(view: &View) -> (u64, u64) {
    let grow = |v: i32| u64::try_from(-i64::from(v)).unwrap_or(0);
    let (mut left, mut top) = (0, 0);
    for s in view.all_sprites() {
        (left, top) = (left.max(grow(s.at.x)), top.max(grow(s.at.y)));
    }
    (left, top)
}

fn write_json(out: &mut impl Write, line: &impl Serialize) -> Result<(), Failure> {
    let text = serde_json::to_string(line)
        .map_err(|e| Failure::bad_input(format!("cannot encode JSON: {e}")))?;
    writeln!(out, "{text}").map_err(|e| output_failure(&e))
}

/// Run `replay`.
///
/// A failing replay (exit 2) leaves standard output empty (rules.md §7), so
/// nothing is written until every failure has had its chance: the commands
/// are played, the final level printed to text and the save written first.
/// `--json` then plays the commands a second time on a fresh game, writing
/// each step's line as it goes (the sim is deterministic, so the second run
/// is the first one again); its output is never held in memory whole, however
/// long MOVES is.
pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let config = ReplayConfig::resolve(args)?;
    let game = play(&config, &mut |_, _, _, _| Ok(()))?;
    let final_level = game.current_level().map_err(|e| {
        Failure::bad_input(format!(
            "the final position cannot be written as a level: {e}"
        ))
    })?;
    let text = if config.print_solution {
        let mut moves = crate::solution::moves_of(&game);
        moves.push('\n');
        moves
    } else {
        final_level.to_text()
    };
    if let Some(path) = &config.save {
        save_game(&game, path)?;
    }
    let stats = game.stats();
    let solved = game.is_solved();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let view = game.view();
    if config.json {
        let mut recipes = config
            .start()
            .map(|g| json::Recipes::of(g.world(), &g.view()))
            .unwrap_or_default();
        play(&config, &mut |i, command, events, game| {
            for e in events.iter() {
                recipes.learn_event(game.world(), e);
            }
            let stats = game.stats();
            let line = StepLine {
                kind: "step",
                step: i + 1,
                command: Some(command.letter()),
                action: name_of(command),
                events: events
                    .iter()
                    .map(|e| json::event(game.world(), &recipes, e))
                    .collect(),
                moves: stats.moves,
                pushes: stats.pushes,
                solved: game.is_solved(),
            };
            write_json(&mut out, &line)
        })?;
        let line = FinalLine {
            kind: "final",
            level: &text,
            level_number: config.number,
            title: final_level.title(),
            steps: config.commands.len(),
            moves: stats.moves,
            pushes: stats.pushes,
            solved,
            state_hash: format!("{:016x}", game.state_hash()),
            facing: view.facing().map(muscleman_core::GridDir::name),
            floor: view.player_floor(),
            holding: view
                .holding()
                .map(|id| json::entity(game.world(), &json::Recipes::default(), id)),
            counters: json::counters(&view),
            origin: {
                let (x, y) = grown_by(&view);
                [x, y]
            },
        };
        write_json(&mut out, &line)?;
    } else {
        out.write_all(text.as_bytes())
            .map_err(|e| output_failure(&e))?;
    }
    out.flush().map_err(|e| output_failure(&e))?;
    drop(out);
    note(&summary(&config, stats.moves, stats.pushes, solved, &view));
    let (left, top) = grown_by(&view);
    if (left, top) != (0, 0) && !config.print_solution {
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        note(&format!(
            "note: something left the level's rectangle (an open edge is floor): the printed \
             level grew {} on the left and {} on top, so the level's row 1 column 1 is the \
             printed row {} column {}",
            plural(left, "column", "columns"),
            plural(top, "row", "rows"),
            top + 1,
            left + 1
        ));
    }
    Ok(())
}

/// What [`play`] calls after each command: its 0-based index, the command,
/// its events and the game after it.
type EachStep<'a> = dyn FnMut(usize, Command, &EventBatch, &Game) -> Result<(), Failure> + 'a;

/// Play the configured commands on a fresh game, calling `each` after every
/// one; return the final game.
fn play(config: &ReplayConfig, each: &mut EachStep<'_>) -> Result<Game, Failure> {
    let mut game = config.start()?;
    for (i, &command) in config.commands.iter().enumerate() {
        let events = game
            .apply(command)
            .map_err(|e| step_failure(i, command, &e))?;
        each(i, command, &events, &game)?;
    }
    Ok(game)
}

/// The summary line for standard error: moves, pushes, the counters above
/// zero by their JSON names (`coins 2`), solved or not.
fn summary(config: &ReplayConfig, moves: u32, pushes: u32, solved: bool, view: &View) -> String {
    let which = match (config.count > 1, config.level.title()) {
        (true, Some(t)) => format!("level {} of {} ({t}): ", config.number, config.count),
        (true, None) => format!("level {} of {}: ", config.number, config.count),
        (false, Some(t)) => format!("{t}: "),
        (false, None) => String::new(),
    };
    let state = if solved { "solved" } else { "not solved" };
    let plural = |n: u32, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let counters: String = view
        .counters()
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| format!(", {} {n}", c.name()))
        .collect();
    let floor = if view.floor_count() > 1 {
        format!(", floor {} of {}", view.player_floor(), view.floor_count())
    } else {
        String::new()
    };
    format!(
        "{which}{}, {}{counters}{floor}, {state}",
        plural(moves, "move"),
        plural(pushes, "push").replace("pushs", "pushes")
    )
}

fn step_failure(index: usize, command: Command, err: &dyn std::fmt::Display) -> Failure {
    Failure::bad_input(format!(
        "move {} ({}) failed in the simulation: {err}",
        index + 1,
        name_of(command)
    ))
}

/// Write the game to `path`, atomically.
fn save_game(game: &Game, path: &std::path::Path) -> Result<(), Failure> {
    let text = game.save();
    fsutil::write_atomic(path, text.as_bytes())
        .map_err(|e| Failure::bad_input(format!("cannot write the save {}: {e}", path.display())))
}
