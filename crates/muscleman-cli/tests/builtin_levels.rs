//! The built-in levels, every collection: all valid and clean, none solved
//! at the start, and each stored solution replays to solved (through the
//! sim and through the command line). The second collection's levels each
//! combine mechanics, with a comment and a par: its solution's moves; they
//! climb by their solutions' inputs, which its header lists.

mod common;

use muscleman_cli::builtin::{self, BuiltinCollection, COLLECTIONS};
use muscleman_cli::moves;
use muscleman_cli::source::LevelFile;
use muscleman_level::Level;
use muscleman_sim::{Command, Game, Rules};

fn read(collection: &BuiltinCollection) -> LevelFile {
    builtin::read(collection).unwrap_or_else(|e| panic!("{}: {e:?}", collection.id))
}

fn combinations() -> &'static BuiltinCollection {
    builtin::find("combinations").expect("the second collection")
}

#[test]
fn there_are_two_collections_the_first_as_before() {
    assert_eq!(COLLECTIONS.len(), 2);
    let first = COLLECTIONS.first().expect("a first collection");
    assert_eq!(first.levels, builtin::LEVELS);
    assert_eq!(first.solutions, builtin::SOLUTIONS);
    assert_eq!(builtin::levels().expect("reads").len(), read(first).len());
    for c in &COLLECTIONS {
        // The id that picks it is its title, in lower case.
        let title = read(c).collection.title.expect("a collection title");
        assert_eq!(title.to_lowercase(), c.id);
    }
}

#[test]
fn every_collection_has_enough_levels_with_unique_titles() {
    for (c, least) in COLLECTIONS.iter().zip([12, 20]) {
        let file = read(c);
        let levels = &file.collection.levels;
        assert!(levels.len() >= least, "{}: {} levels", c.id, levels.len());
        let mut titles: Vec<&str> = levels.iter().map(|l| l.title().expect("a title")).collect();
        titles.sort_unstable();
        titles.dedup();
        assert_eq!(titles.len(), levels.len(), "{}: titles are unique", c.id);
    }
}

#[test]
fn no_level_is_in_two_collections() {
    let mut keys: Vec<String> = COLLECTIONS
        .iter()
        .flat_map(|c| read(c).collection.levels)
        .map(|l| muscleman_cli::progress::level_key(&l))
        .collect();
    let all = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), all);
}

/// Replay `text` on `level`, checking at every step that it is not solved
/// yet and that each `u d l r` letter is upper case exactly when its step
/// pushed (rules.md §7); return the game after it.
fn replay(n: usize, title: &str, level: &Level, text: &str) -> Game {
    let commands = moves::parse(text).expect("the solution parses");
    let mut game = Game::new(level, Rules::MUSCLEMAN).expect("playable");
    assert!(
        !game.is_solved(),
        "level {n} ({title}) is solved before any move"
    );
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(letters.len(), commands.len());
    for (i, (c, letter)) in commands.iter().zip(&letters).enumerate() {
        assert!(
            !game.is_solved(),
            "level {n} ({title}) solved early, at move {i}"
        );
        let before = game.stats().pushes;
        game.apply(*c).expect("the move applies");
        let pushed = game.stats().pushes > before;
        if "udlr".contains(letter.to_ascii_lowercase()) {
            assert_eq!(
                letter.is_ascii_uppercase(),
                pushed,
                "level {n} ({title}), move {i} ({letter})"
            );
        }
    }
    assert!(commands.iter().all(|c| matches!(c, Command::Step(_))));
    game
}

#[test]
fn every_level_has_one_stored_solution_that_solves_it() {
    for c in &COLLECTIONS {
        let file = read(c);
        let levels = &file.collection.levels;
        let solutions = builtin::solutions_of(c);
        let numbers: Vec<usize> = solutions.iter().map(|(n, _)| *n).collect();
        assert_eq!(
            numbers,
            (1..=levels.len()).collect::<Vec<_>>(),
            "{}: one solution per level, in order",
            c.id
        );
        for ((n, text), level) in solutions.iter().zip(levels) {
            let title = level.title().unwrap_or_default();
            let game = replay(*n, title, level, text);
            assert!(
                game.is_solved(),
                "{} level {n} ({title}): the stored solution does not solve it",
                c.id
            );
            assert!(game.stats().pushes > 0, "level {n} ({title}) needs no push");
        }
    }
}

#[test]
fn a_par_is_the_moves_of_the_stored_solution() {
    let c = combinations();
    let file = read(c);
    let levels = &file.collection.levels;
    let pars = builtin::pars(c, levels);
    assert_eq!(pars.len(), levels.len());
    for ((n, text), (level, par)) in builtin::solutions_of(c)
        .iter()
        .zip(levels.iter().zip(&pars))
    {
        let game = replay(*n, level.title().unwrap_or_default(), level, text);
        // A move is a step in which the player moved: grabs, drops, swings
        // and bumps are none, so the par is not the letter count.
        assert_eq!(*par, Some(game.stats().moves), "level {n}");
    }
    assert!(
        pars.iter()
            .zip(builtin::solutions_of(c))
            .any(|(p, (_, t))| p.is_some_and(|p| (p as usize) < t.len())),
        "some solution has inputs that are no moves"
    );
    // The first collection sets no par.
    let first = COLLECTIONS.first().expect("first");
    let levels = read(first).collection.levels;
    assert!(builtin::pars(first, &levels).iter().all(Option::is_none));
    // A solution that does not solve its level gives no par.
    let level = levels.first().expect("a level");
    assert_eq!(builtin::par_of(level, "r"), None);
    assert_eq!(builtin::par_of(level, "x"), None);
}

#[test]
fn walking_alone_never_solves_a_level() {
    // Every level needs a push: its boxes start off the goals.
    for c in &COLLECTIONS {
        for (i, level) in read(c).collection.levels.iter().enumerate() {
            let game = Game::new(level, Rules::MUSCLEMAN).expect("playable");
            assert!(!game.is_solved(), "{} level {}", c.id, i + 1);
        }
    }
}

/// The families of mechanics a level shows, by the recipes it holds (box
/// contents included) and, for hands, its `Rules: muscleman` line.
fn mechanics(level: &Level) -> Vec<&'static str> {
    let mut found = Vec::new();
    for (_, _, spec) in level.all_entities() {
        for recipe in std::iter::once(spec.recipe).chain(spec.contents.as_slice().iter().copied()) {
            let name = format!("{recipe:?}");
            let family = match name.as_str() {
                "WaterCell" | "HeavyBox" => "water and heavy boxes",
                "PressurePlateHeavy" | "SecretDoor" => "heavy plates and the secret door",
                "Hammer" | "WallWeak" => "the hammer and weak walls",
                "StairsUp" | "StairsDown" => "floors and stairs",
                "Duck" => "ducks",
                "Cauldron" | "Bong" => "the cauldron and bongs",
                "Ghost" | "Book" => "ghosts and books",
                n if n.starts_with("Key") => "keys and doors",
                n if n.starts_with("PressurePlate") => "plates and doors",
                _ => continue,
            };
            if !found.contains(&family) {
                found.push(family);
            }
        }
    }
    if level.metadata().get("Rules") == Some("muscleman") {
        found.push("hands");
    }
    found
}

#[test]
fn each_second_collection_level_combines_mechanics_and_says_what_it_asks() {
    let file = read(combinations());
    for (i, level) in file.collection.levels.iter().enumerate() {
        let n = i + 1;
        let found = mechanics(level);
        assert!(found.len() >= 2, "level {n} combines {found:?}");
        let comment = level.metadata().get("Comment").unwrap_or_default();
        assert!(
            !comment.is_empty() && !comment.contains('\n'),
            "level {n}: a one-line Comment"
        );
        // Roughly 8×6 to 16×12, each floor.
        for floor in level.floors() {
            assert!(
                (8..=16).contains(&floor.width()) && (3..=12).contains(&floor.height()),
                "level {n}: {}×{}",
                floor.width(),
                floor.height()
            );
        }
    }
}

#[test]
fn the_solutions_replay_through_the_command_line() {
    let f = common::Files::new();
    for c in &COLLECTIONS {
        let path = f.write(&format!("{}.txt", c.id), c.levels);
        for (n, text) in builtin::solutions_of(c) {
            let number = n.to_string();
            let (_, err) = common::expect_ok(
                &f,
                &["replay", path.to_str().unwrap(), text, "--level", &number],
                None,
            );
            assert!(
                err.trim_end().ends_with(", solved"),
                "{} level {n}: {err}",
                c.id
            );
        }
    }
}

#[test]
fn the_built_in_files_check_clean() {
    let f = common::Files::new();
    for c in &COLLECTIONS {
        let path = f.write(&format!("{}.txt", c.id), c.levels);
        let (out, err) = common::expect_ok(&f, &["check", path.to_str().unwrap()], None);
        assert!(out.contains("levels read, all valid"), "{out}");
        assert_eq!(err, "", "{}: no warnings", c.id);
    }
}

/// A built-in level, of either collection, that says `Rules: muscleman`
/// cannot be solved under Sokoban rules (the solver's search under them
/// proves it unsolvable or gives up: `solve --rules sokoban` in a release
/// build proves every one of them unsolvable), and every other one can
/// (the search solves it). The search is bounded by memory (8 MiB), not
/// time, so the verdicts are the same on any machine under any load.
#[test]
fn the_rules_a_level_says_it_needs_hold_against_the_search() {
    use muscleman_cli::level_rules;
    use muscleman_solver::{SolveOptions, SolveOutcome, solve_level};
    let options = SolveOptions {
        rules: Rules::SOKOBAN,
        timeout: None,
        memory_mb: 8,
        ..SolveOptions::default()
    };
    for c in &COLLECTIONS {
        let file = read(c);
        for (i, level) in file.collection.levels.iter().enumerate() {
            let title = level.title().unwrap_or_default();
            let needs = level_rules::needed(level).expect("a known Rules value");
            let outcome = solve_level(level, &options).expect("the search runs");
            let solved = matches!(outcome, SolveOutcome::Solved(_));
            if needs == Some(Rules::MUSCLEMAN) {
                assert!(
                    !solved,
                    "{} level {} ({title}) says Rules: muscleman but solves under Sokoban rules",
                    c.id,
                    i + 1
                );
                assert!(!level_rules::allows(level, Rules::SOKOBAN));
            } else {
                assert!(
                    solved,
                    "{} level {} ({title}) does not say Rules: muscleman, but under Sokoban \
                     rules: {outcome:?}",
                    c.id,
                    i + 1
                );
            }
            assert!(level_rules::allows(level, Rules::MUSCLEMAN));
        }
    }
}

/// The hint's search starts from the game's position (`solve_game`), not
/// from the level's text: from the start of every built-in level it never
/// says "unsolvable" (every level has a solution), floors included, and it
/// solves each level of the first collection within 4 MiB, the levels
/// with ducks (timed puzzles: it waits for them) included.
#[test]
fn the_hint_never_proves_a_built_in_level_unsolvable() {
    use muscleman_solver::{SolveOptions, SolveOutcome, solve_game};
    // Bounded by memory, not time, so the verdict is the same on any
    // machine under any load.
    let options = SolveOptions {
        timeout: None,
        memory_mb: 4,
        ..SolveOptions::default()
    };
    for c in &COLLECTIONS {
        let file = read(c);
        for (i, level) in file.collection.levels.iter().enumerate() {
            let title = level.title().unwrap_or_default();
            let game = Game::new(level, Rules::MUSCLEMAN).expect("a built-in level loads");
            let outcome = solve_game(&game, &options).expect("the search runs");
            let first = std::ptr::eq(c, &COLLECTIONS[0]);
            assert!(
                matches!(outcome, SolveOutcome::Solved(_))
                    || (!first && matches!(outcome, SolveOutcome::GaveUp { .. })),
                "{} level {} ({title}): {outcome:?}",
                c.id,
                i + 1
            );
        }
    }
}

/// The inputs of a stored solution: every letter (moves, pushes, grabs,
/// drops, swings, waits).
fn inputs(text: &str) -> usize {
    text.chars().filter(|c| !c.is_whitespace()).count()
}

#[test]
fn the_second_collection_climbs_by_its_solutions_inputs() {
    let c = combinations();
    let file = read(c);
    let solutions = builtin::solutions_of(c);
    assert_eq!(solutions.len(), file.collection.levels.len());
    for pair in solutions.windows(2) {
        let [(a, before), (b, after)] = pair else {
            unreachable!("windows of 2")
        };
        assert!(
            inputs(before) <= inputs(after),
            "level {b} takes {} inputs, fewer than level {a}'s {}",
            inputs(after),
            inputs(before)
        );
    }
}

/// The header's table, `;  N  INPUTS  PAR  STATES  TITLE` a level, in
/// order: its inputs and pars are those of the stored solutions, and its
/// titles the levels'.
#[test]
fn the_second_collections_header_lists_each_level_with_its_inputs_and_par() {
    let c = combinations();
    let file = read(c);
    let levels = &file.collection.levels;
    let pars = builtin::pars(c, levels);
    let rows: Vec<Vec<&str>> = c
        .levels
        .lines()
        .take_while(|l| l.starts_with(';'))
        .map(|l| {
            l.trim_start_matches(';')
                .split_whitespace()
                .collect::<Vec<_>>()
        })
        .filter(|w| w.first().is_some_and(|n| n.parse::<usize>().is_ok()))
        .collect();
    assert_eq!(rows.len(), levels.len(), "one row a level");
    for (((row, level), (n, text)), par) in rows
        .iter()
        .zip(levels)
        .zip(builtin::solutions_of(c))
        .zip(&pars)
    {
        let [number, count, row_par, states, title @ ..] = row.as_slice() else {
            panic!("level {n}: a short row {row:?}");
        };
        assert_eq!(*number, n.to_string());
        assert_eq!(*count, inputs(text).to_string(), "level {n}: inputs");
        assert_eq!(
            Some(row_par.parse::<u32>().ok()),
            Some(*par),
            "level {n}: par"
        );
        assert!(
            states.replace(',', "").parse::<u64>().is_ok_and(|s| s > 0),
            "level {n}: states {states}"
        );
        assert_eq!(
            Some(title.join(" ").as_str()),
            level.title(),
            "level {n}: title"
        );
    }
}

/// Ducks, the cauldron and its bongs are in the second collection too:
/// a level with a duck, and stored solutions that brew a green key, brew
/// a bong and smash one.
#[test]
fn the_second_collection_has_ducks_cauldrons_and_bongs() {
    use muscleman_core::GlobalCounter;
    let c = combinations();
    let file = read(c);
    let levels = &file.collection.levels;
    let with_duck = levels.iter().filter(|l| mechanics(l).contains(&"ducks"));
    assert!(with_duck.count() >= 2, "levels with a duck");
    let mut made = [0_u64; 3];
    for ((n, text), level) in builtin::solutions_of(c).iter().zip(levels) {
        let game = replay(*n, level.title().unwrap_or_default(), level, text);
        let view = game.view();
        for (counter, value) in view.counters() {
            let slot = match counter {
                GlobalCounter::GreenKeysMade => 0,
                GlobalCounter::BongsMade => 1,
                GlobalCounter::BongsBroken => 2,
                _ => continue,
            };
            made[slot] += u64::from(*value > 0);
        }
    }
    assert!(
        made.iter().all(|&levels| levels > 0),
        "levels that brew a green key, brew a bong, smash a bong: {made:?}"
    );
}

/// Ghosts and books are in both collections: the first teaches them in
/// four levels of their own, the second has two levels with ghosts at
/// least, and in each collection two stored solutions release a ghost at
/// least (a book pushed into one, a ghost that walks into a book).
#[test]
fn both_collections_have_ghosts_and_books() {
    use muscleman_core::GlobalCounter;
    for (c, least) in COLLECTIONS.iter().zip([4, 2]) {
        let file = read(c);
        let levels = &file.collection.levels;
        let with_ghosts = levels
            .iter()
            .filter(|l| mechanics(l).contains(&"ghosts and books"))
            .count();
        assert!(
            with_ghosts >= least,
            "{}: {with_ghosts} levels with ghosts",
            c.id
        );
        let releasing = builtin::solutions_of(c)
            .iter()
            .zip(levels)
            .filter(|((n, text), level)| {
                let game = replay(*n, level.title().unwrap_or_default(), level, text);
                game.view()
                    .counters()
                    .iter()
                    .any(|(counter, value)| *counter == GlobalCounter::GhostsReleased && *value > 0)
            })
            .count();
        assert!(
            releasing >= 2,
            "{}: {releasing} solutions release a ghost",
            c.id
        );
    }
}

/// Return the numbers written just before each `phrase` in `text`
/// (`26 harder levels` gives 26 for `harder levels`).
fn counts_before(text: &str, phrase: &str) -> Vec<usize> {
    text.match_indices(phrase)
        .filter_map(|(at, _)| {
            let before = text.get(..at)?.trim_end();
            let digits: String = before
                .chars()
                .rev()
                .take_while(char::is_ascii_digit)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            digits.parse().ok()
        })
        .collect()
}

/// README.md and docs/cli.md count each collection's levels as the files
/// hold them.
#[test]
fn the_docs_count_the_levels_of_each_collection() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let page = |name: &str| {
        std::fs::read_to_string(format!("{root}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let first = read(COLLECTIONS.first().expect("a first collection"))
        .collection
        .levels
        .len();
    let second = read(combinations()).collection.levels.len();
    for name in ["README.md", "docs/cli.md"] {
        let text = page(name);
        let harder = counts_before(&text, " harder levels");
        assert!(!harder.is_empty(), "{name} counts the Combinations");
        assert!(
            harder.iter().all(|&n| n == second),
            "{name}: {harder:?} harder levels, the file has {second}"
        );
    }
    assert!(page("README.md").contains(&format!("\"Muscleman\" ({first} levels")));
    assert!(page("docs/cli.md").contains(&format!("| {first}: pushing lines of boxes")));
}
