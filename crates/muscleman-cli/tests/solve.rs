//! `muscleman solve`: exit codes 0 found, 1 proved unsolvable, 2 bad input,
//! 3 gave up; collections level by level.

mod common;

use common::{Files, expect_ok};

fn code(f: &Files, args: &[&str]) -> (Option<i32>, String, String) {
    let out = f.cmd().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_solution_is_printed_and_replays_to_solved() {
    let f = Files::new();
    f.write("l.txt", "########\n#@ $$ ..#\n########\n");
    let (out, err) = expect_ok(&f, &["solve", "l.txt", "--optimal", "pushes"], None);
    assert_eq!(out, "rRRR\n");
    assert!(err.contains("solved"), "{err}");
    let (_, err) = expect_ok(&f, &["replay", "l.txt", out.trim()], None);
    assert!(err.contains(", solved"), "{err}");
}

#[test]
fn unsolvable_exits_1() {
    let f = Files::new();
    // Under Sokoban rules a box cannot push a box.
    f.write("l.txt", "########\n#@ $$ ..#\n########\n");
    let (c, out, err) = code(&f, &["solve", "l.txt", "--rules", "sokoban"]);
    assert_eq!(c, Some(1), "{err}");
    assert_eq!(out, "");
    assert!(err.contains("no solution"), "{err}");
    f.write("nogoal.txt", "#####\n#@$ #\n#####\n");
    let (c, _, err) = code(&f, &["solve", "nogoal.txt"]);
    assert_eq!(c, Some(1), "{err}");
}

#[test]
fn a_time_limit_gives_up_with_3() {
    let f = Files::new();
    // An open room with six boxes: not solved optimally in a millisecond.
    let mut level = String::from("##########\n#@       #\n");
    for _ in 0..3 {
        level.push_str("# $ $ . .#\n#        #\n");
    }
    level.push_str("##########\n");
    f.write("big.txt", level);
    let (c, out, err) = code(
        &f,
        &[
            "solve",
            "big.txt",
            "--timeout",
            "0.001",
            "--optimal",
            "moves",
        ],
    );
    assert_eq!(c, Some(3), "{err}");
    assert_eq!(out, "");
    assert!(err.contains("gave up"), "{err}");
}

#[test]
fn a_collection_is_solved_level_by_level() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; One\n#####\n#@$.#\n#####\n\n; Two\n######\n#.$ @#\n######\n",
    );
    let (out, err) = expect_ok(&f, &["solve", "c.txt"], None);
    assert_eq!(out, "; One\nR\n\n; Two\nlL\n\n");
    assert!(err.trim_end().ends_with("solved 2 of 2"), "{err}");
    let (out, _) = expect_ok(&f, &["solve", "c.txt", "--level", "2"], None);
    assert_eq!(out, "lL\n");
}

#[test]
fn a_collection_with_an_unsolvable_level_exits_1_and_counts() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; One\n#####\n#@$.#\n#####\n\n; Stuck\n#####\n#@.$#\n#####\n",
    );
    let (c, out, err) = code(&f, &["solve", "c.txt"]);
    assert_eq!(c, Some(1), "{err}");
    assert_eq!(out, "; One\nR\n\n");
    assert!(err.contains("solved 1 of 2"), "{err}");
}
