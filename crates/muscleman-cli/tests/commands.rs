//! The commands that give every tool the built-in levels, saves and kept
//! solutions: `levels`, `levels --export`, `replay --load`,
//! `replay --print-solution` and `export`.

mod common;

use common::{Files, expect_bad_input, expect_ok};
use muscleman_cli::builtin;
use muscleman_cli::progress::Progress;
use muscleman_level::Level;
use muscleman_sim::Rules;

#[test]
fn levels_lists_the_built_in_levels_with_progress() {
    let f = Files::new();
    // Level 1 solved under Muscleman rules, in this test's data directory.
    let levels = builtin::levels().unwrap().collection.levels;
    let count = levels.len();
    let first = levels[0].clone();
    let (mut p, _) = Progress::open(&f.path("data"));
    p.record_solution(&first, Rules::MUSCLEMAN, 8, 3, Some("xx"))
        .unwrap();
    let (out, err) = expect_ok(&f, &["levels"], None);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), count + 1, "{out}");
    assert_eq!(lines[0], "    #  solved  moves  pushes  title");
    assert_eq!(lines[1], "    1  yes         8       3  First Steps");
    assert_eq!(lines[2], "    2  -           -       -  Freight Train");
    assert_eq!(
        err,
        format!("built-in levels: 1 of {count} solved under Muscleman rules\n")
    );
    let (out, err) = expect_ok(&f, &["levels", "--rules", "sokoban"], None);
    assert!(out.lines().nth(1).unwrap().contains("  -  "), "{out}");
    assert!(
        err.contains(&format!("0 of {count} solved under Sokoban rules")),
        "{err}"
    );
}

#[test]
fn exported_built_in_levels_check_replay_and_solve() {
    let f = Files::new();
    let (text, _) = expect_ok(&f, &["levels", "--export"], None);
    f.write("builtin.txt", &text);
    let (out, _) = expect_ok(&f, &["check", "builtin.txt"], None);
    let count = builtin::levels().unwrap().collection.levels.len();
    assert_eq!(
        out,
        format!("builtin.txt: {count} levels read, all valid\n")
    );
    // Every stored solution solves its exported level.
    for (n, moves) in builtin::solutions() {
        let level = n.to_string();
        let (_, err) = expect_ok(
            &f,
            &["replay", "builtin.txt", moves, "--level", &level],
            None,
        );
        assert!(err.trim_end().ends_with(", solved"), "level {n}: {err}");
    }
    let (out, _) = expect_ok(
        &f,
        &["solve", "builtin.txt", "--level", "1", "--timeout", "10"],
        None,
    );
    assert!(!out.trim().is_empty());
    // The same levels, in the same order: the same grids.
    let exported = muscleman_level::Collection::parse(&text).unwrap().levels;
    let inside = builtin::levels().unwrap().collection.levels;
    assert_eq!(exported.len(), inside.len());
    for (a, b) in exported.iter().zip(&inside) {
        assert_eq!(a.to_text(), b.to_text());
    }
}

#[test]
fn replay_load_continues_a_save_without_a_terminal() {
    let f = Files::new();
    f.write("l.txt", "########\n#@ $  .#\n########\n");
    expect_ok(&f, &["replay", "l.txt", "rrzr", "--save", "g.json"], None);
    // No moves: the saved position as it is.
    let (out, err) = expect_ok(&f, &["replay", "--load", "g.json"], None);
    assert_eq!(out, "########\n#  @$ .#\n########\n");
    assert!(err.contains("2 moves, 1 push, not solved"), "{err}");
    // Moves continue it, its history included (z undoes a saved move).
    let (out, _) = expect_ok(&f, &["replay", "--load", "g.json", "zR"], None);
    assert_eq!(out, "########\n#  @$ .#\n########\n");
    let (out, err) = expect_ok(&f, &["replay", "--load", "g.json", "rr"], None);
    assert_eq!(out, "########\n#    @*#\n########\n");
    assert!(err.ends_with(", solved\n"), "{err}");
    // And the moves as LURD from the start.
    let (out, _) = expect_ok(
        &f,
        &["replay", "--load", "g.json", "rr", "--print-solution"],
        None,
    );
    assert_eq!(out, "rRRR\n");
    let (out, _) = expect_ok(&f, &["export", "--load", "g.json"], None);
    assert_eq!(out, "rR\n");
}

#[test]
fn replay_load_refuses_what_it_cannot_use() {
    let f = Files::new();
    f.write("l.txt", "#####\n#@$.#\n#####\n");
    f.write("bad.json", "{\"format\": \"nope\"}");
    let err = expect_bad_input(&f, &["replay", "--load", "bad.json"], None);
    assert!(
        err.starts_with("muscleman: bad.json: cannot load the save"),
        "{err}"
    );
    let err = expect_bad_input(&f, &["replay", "--load", "nothing.json"], None);
    assert!(
        err.starts_with("muscleman: cannot read nothing.json"),
        "{err}"
    );
    expect_ok(&f, &["replay", "l.txt", "r", "--save", "g.json"], None);
    let err = expect_bad_input(&f, &["replay", "l.txt", "r", "--load", "g.json"], None);
    assert!(err.contains("with --load, give MOVES only"), "{err}");
    let err = expect_bad_input(&f, &["replay", "l.txt"], None);
    assert!(err.contains("<MOVES>") && err.contains("Usage"), "{err}");
}

#[test]
fn export_prints_the_best_solution_kept() {
    let f = Files::new();
    let text = "; Corridor\n#######\n#@ $ .#\n#######\n";
    f.write("l.txt", text);
    let err = expect_bad_input(&f, &["export", "l.txt"], None);
    assert_eq!(
        err,
        "muscleman: l.txt: level 1: no solution kept under Muscleman rules (solve it in `play` first)\n"
    );
    let level = Level::parse(text).unwrap();
    let (mut p, _) = Progress::open(&f.path("data"));
    p.record_solution(&level, Rules::MUSCLEMAN, 3, 2, Some("rRR"))
        .unwrap();
    let (out, _) = expect_ok(&f, &["export", "l.txt"], None);
    assert_eq!(out, "rRR\n");
    expect_bad_input(&f, &["export", "l.txt", "--rules", "sokoban"], None);
    // The built-in levels need no file.
    let err = expect_bad_input(&f, &["export", "--level", "2"], None);
    assert!(err.contains("built-in levels: level 2"), "{err}");
}

/// On an open level the player may walk off the rectangle (its edge is
/// floor). The printed level keeps every thing at its place: it grows right
/// and down with nothing shifted, and left or up with the shift stated on
/// standard error and as `origin` in the JSON.
#[test]
fn a_level_printed_past_its_rectangle_states_how_it_grew() {
    let f = Files::new();
    f.write("open.txt", "  $ . @\n");
    let (out, err) = expect_ok(&f, &["replay", "open.txt", "rr"], None);
    assert_eq!(out, "  $ .   @\n", "right: nothing shifts");
    assert!(!err.contains("note:"), "{err}");
    let (out, err) = expect_ok(&f, &["replay", "open.txt", "uu"], None);
    assert_eq!(out, "      @\n-\n  $ .\n");
    assert!(
        err.contains("grew 0 columns on the left and 2 rows on top, so the level's row 1 column 1 is the printed row 3 column 1"),
        "{err}"
    );
    f.write("o.txt", "@ $ .\n");
    let (out, err) = expect_ok(&f, &["replay", "o.txt", "ll"], None);
    assert_eq!(out, "@   $ .\n");
    assert!(
        err.contains("grew 2 columns on the left and 0 rows on top"),
        "{err}"
    );
    let (out, _) = expect_ok(&f, &["replay", "o.txt", "ll", "--json"], None);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["origin"], serde_json::json!([2, 0]));
    let (out, _) = expect_ok(&f, &["replay", "o.txt", "rr", "--json"], None);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["origin"], serde_json::json!([0, 0]));
}
