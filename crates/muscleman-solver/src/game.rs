//! Solving from a game's position as it is: the player's Facing and what
//! it holds included, which a level's text does not keep.

use muscleman_sim::Game;

use crate::error::SolveError;
use crate::general;
use crate::options::{Progress, SolveOptions, SolveOutcome, Stats};
use crate::start::{finish_general, solve_from, start_of};

/// Solve from `game`'s position as it is, the player's Facing and what it
/// holds included (which a level's text does not keep), under the game's
/// own rules (`options.rules` is not read): what the hint key asks.
///
/// As [`solve_level`](crate::solve_level) on the level the position would print as, with two
/// differences. The fast push search runs only while the hands are empty
/// (a push solution only walks and pushes, which read no Facing), on the
/// position printed as a level; the general search starts from a copy of
/// the game's world ([`World::copy_position`](muscleman_sim::World::copy_position)),
/// reading from the game's level only what no step changes. A solution's
/// letters, moves and pushes are those from here on, replayed in a copy of
/// the game (loaded from its save) before they are returned.
///
/// # Example
/// ```
/// use muscleman_core::{GridDir, Input};
/// use muscleman_level::Level;
/// use muscleman_sim::{Game, Rules};
/// use muscleman_solver::{SolveOptions, SolveOutcome, solve_game};
///
/// // Holding the box above the goal, facing it: drop it, walk round, push.
/// let level = Level::parse("######\n#@$  #\n#   .#\n######")?;
/// let mut game = Game::new(&level, Rules::MUSCLEMAN)?;
/// game.step(Input::Move(GridDir::Right))?; // bumps the box: faces it
/// game.step(Input::Grab)?;
/// match solve_game(&game, &SolveOptions::default())? {
///     SolveOutcome::Solved(s) => {
///         for c in s.moves.chars() {
///             let cmd = muscleman_sim::Command::from_letter(c).ok_or("letter")?;
///             game.apply(cmd)?;
///         }
///         assert!(game.is_solved());
///     }
///     other => panic!("{other:?}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_game(game: &Game, options: &SolveOptions) -> Result<SolveOutcome, SolveError> {
    solve_game_with_progress(game, options, &mut |_| {})
}

/// Like [`solve_game`], calling `progress` about twice a second while it searches.
pub fn solve_game_with_progress(
    game: &Game,
    options: &SolveOptions,
    progress: &mut dyn FnMut(&Progress),
) -> Result<SolveOutcome, SolveError> {
    let options = SolveOptions {
        rules: game.rules(),
        ..options.clone()
    };
    solve_from(game.level(), Some(game), &options, progress)
}

/// Solve from `game`'s position with the general search alone, its
/// prunings on or off (the property test compares the two).
#[doc(hidden)]
pub fn explore_game(
    game: &Game,
    options: &SolveOptions,
    prune: bool,
) -> Result<SolveOutcome, SolveError> {
    crate::error::check_clock(options)?;
    let started = options.now();
    let options = SolveOptions {
        rules: game.rules(),
        ..options.clone()
    };
    let start = start_of(game, &options)?;
    let (end, stats) = general::explore(
        game.level(),
        Some(start),
        &options,
        prune,
        options.timeout,
        &mut |_| {},
    )?;
    finish_general(
        game.level(),
        Some(game),
        &options,
        end,
        stats,
        Stats::default(),
        started,
    )
}

/// Return the general search's lower bound of the cost left from `game`'s
/// position for `options.optimize` under the game's rules: `Some(0)` where
/// it is off (fast mode, or where it is not sound), `None` where it finds
/// the position dead. The property tests hold it against the true cost.
#[doc(hidden)]
pub fn lower_bound(game: &Game, options: &SolveOptions) -> Option<u32> {
    general::bound_of(
        game.level(),
        game.world(),
        game.player(),
        &game.rules(),
        options.optimize,
    )
}
