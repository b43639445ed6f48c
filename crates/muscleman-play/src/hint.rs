//! The hint: `solve`'s own search ([`solve_game`]: the fast push
//! search where it applies, else the general search over every input the
//! rules allow), with a time limit, on a background thread, from the
//! game's position as it is: the player's Facing and what it holds
//! included, so a hint comes while something is held too. It follows
//! `solve --optimal moves`'s order ([`solve_hint`]): the fewest moves, then
//! the fewest pushes among them, then the fewest inputs, where that is
//! found in a quarter of its budget; else any solution.
//!
//! "No solution from here" is said only when the solver proves it
//! ([`SolveOutcome::Unsolvable`]: a complete search of an enclosed level
//! under the real rules, or no goals, or too few boxes). Every other way
//! the search ends without a solution (time, memory, an open level) is "no
//! hint found". A solution is shown only after it was replayed from the
//! game itself (a copy loaded from its save) and solved it there.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use muscleman_core::GridPos;
use muscleman_sim::{Command, Game};
use muscleman_solver::{GiveUpReason, Optimize, SolveOptions, SolveOutcome, solve_game};

/// Return a count as `usize` (a count past it shows as the largest).
fn as_count(n: impl TryInto<usize>) -> usize {
    n.try_into().unwrap_or(usize::MAX)
}
/// How long the hint search may take.
pub const HINT_TIME: Duration = Duration::from_secs(10);
/// How much memory the hint search may take, in MiB.
const HINT_MEMORY_MB: u64 = 256;
/// The hint's budget (time or positions) over the part the move-optimal
/// search gets first (see [`solve_hint`]).
const OPTIMAL_SHARE: u32 = 4;
/// Most moves a hint shows.
const HINT_MOVES: usize = 10;

/// What the hint search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HintAnswer {
    /// A solution from here, checked from the game itself.
    Moves {
        /// Its MOVES letters (rules.md §7): LURD, pushes in upper case,
        /// and `g p [ ]`.
        letters: String,
        /// Its moves, as rules.md §7 counts them.
        moves: u32,
        /// Its pushes (a swing that moves a box is one).
        pushes: u32,
        /// Whether the player holds something before its first letter (a
        /// swing then swings it, and the hint stops there).
        held: bool,
    },
    /// Proved: no solution from here.
    Unsolvable,
    /// No solution found, and no proof there is none: why.
    NotFound(String),
}

impl HintAnswer {
    /// Return what the status line says, naming the swing and undo
    /// keys of the front end that asks.
    pub fn message(&self, keys: &HintKeys) -> String {
        match self {
            HintAnswer::Moves {
                letters,
                moves,
                pushes,
                held,
            } => {
                // Up to and with the first push or swing of something held
                // (with empty hands a swing only turns), at most HINT_MOVES.
                // Arrows run together; a word (grab, drop) stands apart.
                let mut words: Vec<String> = Vec::new();
                let mut holding = *held;
                for (count, c) in letters.chars().enumerate() {
                    let a = arrow(c);
                    match words.last_mut() {
                        Some(last) if is_arrow(a) && is_arrow(last) => {
                            last.push_str(a);
                        }
                        _ => words.push(a.to_owned()),
                    }
                    holding = match c {
                        'g' => true,
                        'p' => false,
                        _ => holding,
                    };
                    let turn = matches!(c, '[' | ']') && !holding;
                    if (is_push(c) && !turn) || count + 1 >= HINT_MOVES {
                        break;
                    }
                }
                let shown = words.join(" ");
                // The arrows' meaning: a push, and the swings where shown,
                // with their keys.
                let swings = if shown.contains(['↶', '↷']) {
                    format!(", ↶ ↷ swing ({} {})", keys.swing_left, keys.swing_right)
                } else {
                    String::new()
                };
                format!(
                    "Hint: {shown} (⇒ pushes{swings}; {}, {} to go)",
                    crate::words::count(as_count(*moves), "move", "moves"),
                    crate::words::count(as_count(*pushes), "push", "pushes")
                )
            }
            HintAnswer::Unsolvable => {
                format!(
                    "No solution from here (the solver proved it): {} undoes",
                    keys.undo
                )
            }
            HintAnswer::NotFound(why) => format!("No hint found {why}"),
        }
    }
}

/// The keys a hint's message names: the front end's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintKeys {
    /// The key that swings left (`[`).
    pub swing_left: &'static str,
    /// The key that swings right (`]`).
    pub swing_right: &'static str,
    /// The key that undoes (`z`).
    pub undo: &'static str,
}

/// A hint being searched for in the background.
#[derive(Debug)]
pub struct HintJob {
    answer: Receiver<HintAnswer>,
    cancel: Arc<AtomicBool>,
    /// The state it was asked for: an answer for another state is dropped.
    state: u64,
}

/// The game's hint: the search under way, if any, and the cells the last
/// answer walks the player through.
#[derive(Debug, Default)]
pub struct Hints {
    /// The search under way, if any.
    pub job: Option<HintJob>,
    /// The cells the last hint walks the player through, up to its first
    /// push (the push's cell last), shown until the position changes.
    pub cells: Vec<GridPos>,
}

/// What [`Hints::poll`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Polled {
    /// No search, or its answer has not come.
    Waiting,
    /// The answer came, for a position the game has left: dropped.
    Stale,
    /// The answer came: the status line's message.
    Answer(String),
}

impl Hints {
    /// Stop the search under way, if any; return whether there was one.
    pub fn cancel(&mut self) -> bool {
        let Some(job) = self.job.take() else {
            return false;
        };
        job.cancel.store(true, Ordering::Relaxed);
        true
    }

    /// Stop a search asked for another position than `state`: its answer
    /// would be no use. Return whether one was stopped.
    pub fn drop_stale(&mut self, state: u64) -> bool {
        self.job.as_ref().is_some_and(|job| job.state != state) && self.cancel()
    }

    /// Start a search from the game's position, stopping any other.
    pub fn ask(&mut self, game: &Game) -> Result<(), String> {
        self.cancel();
        let (answer, cancel) = start(game)?;
        self.job = Some(HintJob {
            answer,
            cancel,
            state: game.state_hash(),
        });
        Ok(())
    }

    /// Take the search's answer if it came; a solution for the game's
    /// position shows its cells.
    pub fn poll(&mut self, game: &Game, keys: &HintKeys) -> Polled {
        let Some(job) = &self.job else {
            return Polled::Waiting;
        };
        let answer = match job.answer.try_recv() {
            Ok(a) => a,
            Err(TryRecvError::Empty) => return Polled::Waiting,
            Err(TryRecvError::Disconnected) => HintAnswer::NotFound("the search stopped".into()),
        };
        let same = job.state == game.state_hash();
        self.job = None;
        if !same {
            return Polled::Stale;
        }
        if let HintAnswer::Moves { letters, .. } = &answer {
            self.cells = cells(game, letters);
        }
        Polled::Answer(answer.message(keys))
    }
}

/// Return the cells a hint's moves take the player through, up to and with
/// its first push (at most `HINT_MOVES`, 10), from where the player stands.
pub fn cells(game: &Game, moves: &str) -> Vec<muscleman_core::GridPos> {
    let view = game.view();
    let Some(mut at) = view
        .sprites()
        .iter()
        .find(|s| s.appearance.is("player"))
        .map(|s| s.at)
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for c in moves.chars().take(HINT_MOVES) {
        let dir = match c.to_ascii_lowercase() {
            // A wait: the player stays while what moves by itself moves.
            'w' => continue,
            'u' => muscleman_core::GridDir::Up,
            'r' => muscleman_core::GridDir::Right,
            'd' => muscleman_core::GridDir::Down,
            'l' => muscleman_core::GridDir::Left,
            _ => break,
        };
        at = at.step(dir);
        out.push(at);
        if is_push(c) {
            break;
        }
    }
    out
}

/// Return whether a letter ends what a hint shows: a push or a swing.
fn is_push(c: char) -> bool {
    c.is_ascii_uppercase() || matches!(c, '[' | ']')
}

/// Return whether `s` is arrows only (no word).
fn is_arrow(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| !c.is_ascii_alphabetic())
}

/// Return the arrow of a MOVES letter: a double arrow for a push, a word
/// for a grab or a drop, a turning arrow for a swing.
fn arrow(c: char) -> &'static str {
    match c {
        'g' => "grab",
        'p' => "drop",
        'w' => "wait",
        '[' => "↶",
        ']' => "↷",
        'u' => "↑",
        'r' => "→",
        'd' => "↓",
        'l' => "←",
        'U' => "⇑",
        'R' => "⇒",
        'D' => "⇓",
        'L' => "⇐",
        _ => "?",
    }
}

/// Start a hint search from the game's position; return where the answer
/// comes and the flag that cancels the search.
#[expect(
    clippy::field_reassign_with_default,
    reason = "options set one by one over the defaults, so an option the solver adds keeps its default here"
)]
pub fn start(game: &Game) -> Result<(Receiver<HintAnswer>, Arc<AtomicBool>), String> {
    // The search's start and the copy a solution is checked on: the game
    // as it is, Facing and what is held too.
    let copy = Game::load(&game.save())
        .map_err(|e| format!("No hint: this position cannot be searched ({e})"))?;
    let held = game.view().holding().is_some();
    let cancel = Arc::new(AtomicBool::new(false));
    // Field by field over the defaults: a new solver option keeps its default.
    let mut options = SolveOptions::default();
    options.rules = game.rules();
    options.optimize = Optimize::Fast;
    options.timeout = Some(HINT_TIME);
    options.memory_mb = HINT_MEMORY_MB;
    options.threads = 1;
    options.cancel = Some(Arc::clone(&cancel));
    let (send, answer) = mpsc::channel();
    std::thread::Builder::new()
        .name("hint".to_owned())
        .spawn(move || {
            let _ = send.send(search(&copy, &options, held));
        })
        .map_err(|e| format!("No hint: cannot start the search ({e})"))?;
    Ok((answer, cancel))
}

/// Search for a hint from `game` (a copy loaded from the game's save)
/// with `options`, on this thread: the answer, a solution only once it
/// solved `game` replayed letter by letter. `held`: whether the player
/// holds something. A front end without threads (the web page's worker)
/// calls this with a budget of positions instead of a time limit.
pub fn search(game: &Game, options: &SolveOptions, held: bool) -> HintAnswer {
    checked(answer_of(solve_hint(game, options), held), game)
}

/// Solve from `game` for a hint, in the order `solve --optimal moves`
/// breaks ties: the fewest moves, then the fewest pushes among them, then
/// the fewest inputs, with a quarter of `options`' budget (its time limit
/// and its positions); where that search gives up (but for a cancel), any
/// solution with what is left, so a large level still gets a hint. A
/// proof that there is none, from the first search, is kept: it searched
/// every position. The counters are both searches' together.
pub fn solve_hint(
    game: &Game,
    options: &SolveOptions,
) -> Result<SolveOutcome, muscleman_solver::SolveError> {
    let mut optimal = options.clone();
    optimal.optimize = Optimize::Moves;
    optimal.timeout = options.timeout.map(|t| t / OPTIMAL_SHARE);
    optimal.max_positions = options.max_positions.map(|m| m / u64::from(OPTIMAL_SHARE));
    let first = solve_game(game, &optimal)?;
    if !matches!(first, SolveOutcome::GaveUp { reason, .. } if reason != GiveUpReason::Cancelled) {
        return Ok(first);
    }
    let spent = *first.stats();
    let mut fast = options.clone();
    fast.optimize = Optimize::Fast;
    fast.timeout = options.timeout.map(|t| t.saturating_sub(spent.elapsed));
    fast.max_positions = options
        .max_positions
        .map(|m| m.saturating_sub(spent.expanded));
    let mut second = solve_game(game, &fast)?;
    let stats = match &mut second {
        SolveOutcome::Solved(s) => &mut s.stats,
        SolveOutcome::Unsolvable { stats, .. } | SolveOutcome::GaveUp { stats, .. } => stats,
    };
    stats.expanded = stats.expanded.saturating_add(spent.expanded);
    stats.generated = stats.generated.saturating_add(spent.generated);
    stats.elapsed = stats.elapsed.saturating_add(spent.elapsed);
    Ok(second)
}

/// Turn the solver's outcome into an answer.
pub fn answer_of(
    outcome: Result<SolveOutcome, muscleman_solver::SolveError>,
    held: bool,
) -> HintAnswer {
    match outcome {
        Ok(SolveOutcome::Solved(s)) => HintAnswer::Moves {
            letters: s.moves,
            moves: s.move_count,
            pushes: s.pushes,
            held,
        },
        Ok(SolveOutcome::Unsolvable { .. }) => HintAnswer::Unsolvable,
        Ok(SolveOutcome::GaveUp { reason, .. }) => HintAnswer::NotFound(match reason {
            GiveUpReason::Timeout | GiveUpReason::Memory | GiveUpReason::Cancelled => {
                format!("in time ({} s)", HINT_TIME.as_secs())
            }
            GiveUpReason::Budget => "(the search spent its positions)".to_owned(),
            GiveUpReason::OpenLevel { .. } => "(open level: the search proves nothing)".to_owned(),
            GiveUpReason::Bounded { margin, .. } => {
                format!("(open level: searched to {margin} cells past its edge)")
            }
            GiveUpReason::PushesOnly => "(pushes only; boxes can be pulled too)".to_owned(),
            GiveUpReason::Unmodelled { what, .. } => {
                format!("(the solver does not model {what})")
            }
        }),
        Err(e) => HintAnswer::NotFound(format!("(the solver failed: {e})")),
    }
}

/// Keep a solution only if it solves the game it is for, replayed letter
/// by letter in a copy of it (loaded from its save): the solver replays it
/// too, so a refusal here is a bug, and says so.
pub fn checked(answer: HintAnswer, game: &Game) -> HintAnswer {
    let HintAnswer::Moves { letters, .. } = &answer else {
        return answer;
    };
    let solves = Game::load(&game.save()).is_ok_and(|mut game| {
        letters
            .chars()
            .all(|c| Command::from_letter(c).is_some_and(|cmd| game.apply(cmd).is_ok()))
            && game.is_solved()
    });
    if solves {
        answer
    } else {
        HintAnswer::NotFound(
            "(the solution found does not solve the game: a solver bug)".to_owned(),
        )
    }
}

#[cfg(test)]
mod tests {
    use muscleman_core::{GridDir, Input};
    use muscleman_level::Level;
    use muscleman_sim::Rules;

    use super::*;

    const KEYS: HintKeys = HintKeys {
        swing_left: "[",
        swing_right: "]",
        undo: "z",
    };

    fn answer(letters: &str, held: bool) -> HintAnswer {
        HintAnswer::Moves {
            letters: letters.to_owned(),
            moves: 0,
            pushes: 0,
            held,
        }
    }

    /// Ask for a hint for `game` and wait for it (at most 30 s).
    fn hint(game: &Game) -> HintAnswer {
        let (answer, _cancel) = start(game).unwrap_or_else(|e| panic!("{e}"));
        answer
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The hint follows `solve --optimal moves`'s order (issue 43): on a
    /// level with a duck, a key and a door, the fewest moves (1) and the
    /// fewest pushes among them (6; swings with the key held move it for
    /// no move), where the search for any solution finds another.
    #[test]
    fn a_hint_is_the_fewest_moves_then_the_fewest_pushes_among_them() {
        let text = "legend: k = KeyRed\nlegend: R = DoorRed\nlegend: D = Duck\n\
                    #########\n#   D   #\n# @ k R #\n#   $ . #\n#########\n";
        let level = Level::parse(text).unwrap();
        let game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        let HintAnswer::Moves { moves, pushes, .. } = hint(&game) else {
            panic!("no hint")
        };
        assert_eq!((moves, pushes), (1, 6));
        let options = SolveOptions {
            threads: 1,
            ..SolveOptions::default()
        };
        let any = solve_game(&game, &options).unwrap();
        let any = any.solution().unwrap();
        assert_ne!((any.move_count, any.pushes), (1, 6), "{}", any.moves);
    }

    #[test]
    fn a_solution_is_kept_only_if_it_solves_the_game_itself() {
        // The box is left of the player, the goal below it: facing left, a
        // grab takes the box and a swing carries it over.
        let level = Level::parse("#####\n#$@ #\n# . #\n#####\n").unwrap();
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        game.step(Input::Move(GridDir::Left)).unwrap();
        let found = |game: &Game, letters| {
            matches!(
                checked(answer(letters, false), game),
                HintAnswer::Moves { .. }
            )
        };
        assert!(found(&game, "g["));
        // One step right, facing away from the box, the same plan fails:
        // it is refused, never shown.
        let mut turned = Game::load(&game.save()).unwrap();
        turned.step(Input::Move(GridDir::Right)).unwrap();
        assert!(!found(&turned, "g["));
        // Letters that leave the game unsolved: refused, never shown.
        assert!(!found(&game, "u"));
        assert!(!found(&game, "x"));
        assert_eq!(
            checked(HintAnswer::Unsolvable, &game),
            HintAnswer::Unsolvable
        );
    }

    #[test]
    fn a_hint_comes_while_something_is_held_and_solves_from_there() {
        // Holding the box, facing it (the bump turned the player): the
        // search starts from this very position, what is held included.
        let level = Level::parse("#######\n#@$   #\n#    .#\n#######\n").unwrap();
        let mut game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        game.step(Input::Move(GridDir::Right)).unwrap();
        game.step(Input::Grab).unwrap();
        assert!(game.view().holding().is_some());
        let HintAnswer::Moves { letters, held, .. } = hint(&game) else {
            panic!("no hint while holding");
        };
        assert!(held);
        // Every letter, the first included, is a legal step from here, and
        // together they solve the game itself.
        for c in letters.chars() {
            let cmd = Command::from_letter(c).unwrap_or_else(|| panic!("letter {c}"));
            game.apply(cmd).unwrap();
        }
        assert!(game.is_solved(), "{letters}");
    }

    #[test]
    fn a_hint_says_its_waits_and_its_cells_keep_the_player_where_it_waits() {
        // A duck's level: the hint waits for it, then walks.
        assert_eq!(
            answer("wwrR", false).message(&KEYS),
            "Hint: wait wait →⇒ (⇒ pushes; 0 moves, 0 pushes to go)"
        );
        let level = Level::parse("#######\n#@ $ .#\n#######\n").unwrap();
        let game = Game::new(&level, Rules::MUSCLEMAN).unwrap();
        assert_eq!(
            cells(&game, "wrwR"),
            [GridPos::new(2, 1), GridPos::new(3, 1)]
        );
    }

    #[test]
    fn a_turn_with_empty_hands_is_no_stop() {
        let a = HintAnswer::Moves {
            letters: "]glR".to_owned(),
            moves: 2,
            pushes: 2,
            held: false,
        };
        assert_eq!(
            a.message(&KEYS),
            "Hint: ↷ grab ←⇒ (⇒ pushes, ↶ ↷ swing ([ ]); 2 moves, 2 pushes to go)"
        );
    }

    #[test]
    fn a_hint_shows_up_to_its_first_push_or_swing() {
        let a = HintAnswer::Moves {
            letters: "lg[rrR".to_owned(),
            moves: 4,
            pushes: 2,
            held: false,
        };
        assert_eq!(
            a.message(&KEYS),
            "Hint: ← grab ↶ (⇒ pushes, ↶ ↷ swing ([ ]); 4 moves, 2 pushes to go)"
        );
        // Holding from the start, a swing swings: the hint stops there.
        let b = answer("[rR", true);
        assert!(
            b.message(&KEYS).starts_with("Hint: ↶ (⇒"),
            "{}",
            b.message(&KEYS)
        );
        // A drop first, then walks and a push: words stand apart, arrows
        // run together, never two spaces.
        let c = answer("pllgD", true);
        assert_eq!(
            c.message(&KEYS),
            "Hint: drop ←← grab ⇓ (⇒ pushes; 0 moves, 0 pushes to go)"
        );
        for letters in ["gpgp", "g", "p", "[g]pR", "rgRRp"] {
            for held in [false, true] {
                let m = answer(letters, held).message(&KEYS);
                assert!(!m.contains("  "), "{m}");
            }
        }
    }
}
