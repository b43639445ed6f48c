//! The built-in levels: at least 12, all valid, none solved at the start,
//! and each stored solution replays to solved (through the sim and through
//! the command line).

mod common;

use muscleman_cli::{builtin, moves};
use muscleman_sim::{Command, Game, Rules};

#[test]
fn there_are_at_least_12_levels_with_unique_titles() {
    let file = builtin::levels().expect("the built-in levels parse");
    let levels = &file.collection.levels;
    assert!(levels.len() >= 12, "{} levels", levels.len());
    let mut titles: Vec<&str> = levels.iter().map(|l| l.title().expect("a title")).collect();
    titles.sort_unstable();
    titles.dedup();
    assert_eq!(titles.len(), levels.len(), "titles are unique");
}

#[test]
fn every_level_has_one_stored_solution_that_solves_it() {
    let file = builtin::levels().expect("the built-in levels parse");
    let levels = &file.collection.levels;
    let solutions = builtin::solutions();
    let numbers: Vec<usize> = solutions.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        numbers,
        (1..=levels.len()).collect::<Vec<_>>(),
        "one solution per level, in order"
    );
    for ((n, text), level) in solutions.iter().zip(levels) {
        let title = level.title().unwrap_or_default();
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
            // rules.md §7: a `u d l r` letter is upper case exactly when its
            // step was a push; `g p [ ]` are written as they are.
            if "udlr".contains(letter.to_ascii_lowercase()) {
                assert_eq!(
                    letter.is_ascii_uppercase(),
                    pushed,
                    "level {n} ({title}), move {i} ({letter})"
                );
            }
        }
        assert!(
            game.is_solved(),
            "level {n} ({title}): the stored solution does not solve it"
        );
        assert!(game.stats().pushes > 0, "level {n} ({title}) needs no push");
        assert!(commands.iter().all(|c| matches!(c, Command::Step(_))));
    }
}

#[test]
fn walking_alone_never_solves_a_level() {
    // Every level needs a push: its boxes start off the goals.
    let file = builtin::levels().expect("the built-in levels parse");
    for (i, level) in file.collection.levels.iter().enumerate() {
        let game = Game::new(level, Rules::MUSCLEMAN).expect("playable");
        assert!(!game.is_solved(), "level {}", i + 1);
    }
}

#[test]
fn the_solutions_replay_through_the_command_line() {
    let f = common::Files::new();
    let path = f.write("builtin.txt", builtin::LEVELS);
    for (n, text) in builtin::solutions() {
        let number = n.to_string();
        let (_, err) = common::expect_ok(
            &f,
            &["replay", path.to_str().unwrap(), text, "--level", &number],
            None,
        );
        assert!(err.trim_end().ends_with(", solved"), "level {n}: {err}");
    }
}

#[test]
fn the_built_in_file_checks_clean() {
    let f = common::Files::new();
    let path = f.write("builtin.txt", builtin::LEVELS);
    let (out, err) = common::expect_ok(&f, &["check", path.to_str().unwrap()], None);
    assert!(out.contains("levels read, all valid"), "{out}");
    assert_eq!(err, "", "no warnings");
}

/// A built-in level that says `Rules: muscleman` cannot be solved under
/// Sokoban rules (the solver's search under them proves it unsolvable or
/// gives up), and every other one can (the search solves it), within a
/// few seconds each.
#[test]
fn the_rules_a_level_says_it_needs_hold_against_the_search() {
    use muscleman_cli::level_rules;
    use muscleman_solver::{SolveOptions, SolveOutcome, solve_level};
    let file = builtin::levels().expect("the built-in levels parse");
    let options = SolveOptions {
        rules: Rules::SOKOBAN,
        timeout: Some(std::time::Duration::from_secs(20)),
        ..SolveOptions::default()
    };
    for (i, level) in file.collection.levels.iter().enumerate() {
        let title = level.title().unwrap_or_default();
        let needs = level_rules::needed(level).expect("a known Rules value");
        let outcome = solve_level(level, &options).expect("the search runs");
        let solved = matches!(outcome, SolveOutcome::Solved(_));
        if needs == Some(Rules::MUSCLEMAN) {
            assert!(
                !solved,
                "level {} ({title}) says Rules: muscleman but solves under Sokoban rules",
                i + 1
            );
            assert!(!level_rules::allows(level, Rules::SOKOBAN));
        } else {
            assert!(
                solved,
                "level {} ({title}) does not say Rules: muscleman, but under Sokoban rules: \
                 {outcome:?}",
                i + 1
            );
        }
        assert!(level_rules::allows(level, Rules::MUSCLEMAN));
    }
}
