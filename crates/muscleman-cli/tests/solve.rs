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
    let (c, out, err) = code(&f, &["solve", "c.txt", "--rules", "sokoban"]);
    assert_eq!(c, Some(1), "{err}");
    assert_eq!(out, "; One\nR\n\n");
    assert!(err.contains("solved 1 of 2"), "{err}");
    // Under Muscleman rules the stuck box is pulled onto the goal.
    let (out, err) = expect_ok(&f, &["solve", "c.txt"], None);
    assert!(out.starts_with("; One\nR\n\n; Stuck\n"), "{out}");
    assert!(err.contains("solved 2 of 2"), "{err}");
    let pull = out.lines().nth(4).unwrap_or_default();
    assert!(pull.contains('g'), "a pull needs a grab: {pull}");
    let (_, err) = expect_ok(&f, &["replay", "c.txt", "--level", "2", pull], None);
    assert!(err.contains(", solved"), "{err}");
}

/// Open levels (no wall closes the edge, so the sim lets the player walk off
/// the map) that the sim solves only by going past the edge: the search
/// goes on beyond it (bounded to the rectangle plus a margin) and solves
/// them, under both rule sets and in every mode.
#[test]
fn open_levels_the_sim_solves_are_solved_past_their_edge() {
    let f = Files::new();
    for (text, moves) in [(" . \n $@\n", "dlU"), ("$@.\n", "ulldRR")] {
        f.write("open.txt", text);
        let (_, err) = expect_ok(&f, &["replay", "open.txt", moves], None);
        assert!(err.contains(", solved"), "the sim solves {text:?}: {err}");
        for extra in [&[][..], &["--rules", "sokoban"], &["--optimal", "moves"]] {
            let mut args = vec!["solve", "open.txt"];
            args.extend_from_slice(extra);
            let (out, err) = expect_ok(&f, &args, None);
            let mut replay = vec!["replay", "open.txt", out.trim()];
            replay.extend_from_slice(extra.get(..2).filter(|e| e[0] == "--rules").unwrap_or(&[]));
            let (_, err2) = expect_ok(&f, &replay, None);
            assert!(
                err2.contains(", solved"),
                "{text:?} {extra:?}: {err} / {err2}"
            );
        }
    }
}

/// A room the player outside never enters, closed by a red door whose key
/// is inside, by the door: no count proves the level unsolvable (a red key
/// exists), and no dead cell proves anything.
const OPEN_ROOM: &str = "legend: k = KeyRed\nlegend: R = DoorRed\n######\n#$ .kR\n######\n@\n";

/// An open level whose box the player can never reach (the box itself could
/// move: no dead cell proves anything): the bounded search runs
/// out after cutting steps past its bound, which proves nothing (exit 3,
/// never 1), and says so.
#[test]
fn an_open_level_whose_bounded_search_runs_out_gives_up() {
    let f = Files::new();
    f.write("open.txt", OPEN_ROOM);
    for extra in [&[][..], &["--optimal", "moves"], &["--optimal", "pushes"]] {
        let mut args = vec!["solve", "open.txt"];
        args.extend_from_slice(extra);
        let (c, out, err) = code(&f, &args);
        assert_eq!(c, Some(3), "{extra:?}: {err}");
        assert_eq!(out, "");
        assert!(!err.contains("no solution"), "{err}");
        assert!(
            err.contains(
                "gave up: the level is open (the sim has floor beyond its edge): the search was \
                 bounded to the level's rectangle plus 2 cells on every side"
            ),
            "{err}"
        );
    }
}

/// A search that gives up says how far it got: after the limit, the best
/// position's goals filled, its order and the prunings that applied.
#[test]
fn a_search_that_gives_up_says_how_far_it_got() {
    let f = Files::new();
    f.write(
        "room.txt",
        "legend: a = PressurePlateBlue\nlegend: B = DoorBlue\n###########\n#@ $  #   #\n\
         # a $ B $ #\n#  $  #  .#\n# .   # ..#\n###########\n",
    );
    let (c, out, err) = code(
        &f,
        &["solve", "room.txt", "--optimal", "moves", "--memory", "1"],
    );
    assert_eq!(c, Some(3), "{err}");
    assert_eq!(out, "");
    assert!(err.contains("gave up: memory limit reached after"), "{err}");
    assert!(err.contains("; best position: "), "{err}");
    assert!(
        err.contains(
            " of 4 goals filled; breadth-first search; prunings: no-op inputs, fewer boxes \
             than goals, dead cells, facing, frozen boxes (0 positions dropped as dead)"
        ),
        "{err}"
    );
}

#[test]
fn a_solution_found_on_an_open_level_is_printed() {
    let f = Files::new();
    f.write("open.txt", "@$.\n");
    let (out, _) = expect_ok(&f, &["solve", "open.txt"], None);
    assert_eq!(out, "R\n");
}

#[test]
fn an_enclosed_unsolvable_level_still_exits_1_under_sokoban_rules() {
    let f = Files::new();
    // A box in a corner, walls all round: under Sokoban rules the search
    // covers every move.
    f.write("corner.txt", "#####\n#$  #\n#  .#\n# @ #\n#####\n");
    let (c, out, err) = code(&f, &["solve", "corner.txt", "--rules", "sokoban"]);
    assert_eq!(c, Some(1), "{err}");
    assert_eq!(out, "");
    assert!(
        err.contains("no solution: every reachable position was searched"),
        "{err}"
    );
}

/// Under Muscleman rules (the default) every box can be grabbed, pulled and
/// swung: a box in a corner, which no push can move, is solved by a pull in
/// every mode (once "no solution" under pushes only), and printed with its
/// `g`.
#[test]
fn a_level_only_a_pull_solves_is_solved_under_muscleman_rules() {
    let f = Files::new();
    f.write("corner.txt", "#####\n#$  #\n#  .#\n# @ #\n#####\n");
    for extra in [
        &[][..],
        &["--rules", "muscleman"],
        &["--optimal", "pushes"],
        &["--optimal", "moves"],
    ] {
        let mut args = vec!["solve", "corner.txt"];
        args.extend_from_slice(extra);
        let (out, err) = expect_ok(&f, &args, None);
        assert!(out.contains('g'), "{extra:?}: {out}");
        assert!(
            err.contains("the level: solved under Muscleman rules"),
            "{err}"
        );
        let (_, err) = expect_ok(&f, &["replay", "corner.txt", out.trim()], None);
        assert!(err.contains(", solved"), "{err}");
    }
    // Push solutions stay valid under Muscleman rules, and are printed.
    f.write("chain.txt", "########\n#@ $$ ..#\n########\n");
    let (out, _) = expect_ok(&f, &["solve", "chain.txt", "--optimal", "pushes"], None);
    assert_eq!(out, "rRRR\n");
    // A level without goals is never solved, under every rule: still a proof.
    f.write("nogoal.txt", "#####\n#@$ #\n#####\n");
    let (c, _, err) = code(&f, &["solve", "nogoal.txt"]);
    assert_eq!(c, Some(1), "{err}");
    assert!(err.contains("no solution: it has no goals"), "{err}");
    // Fewer boxes than goals: no rule makes a box.
    f.write("few.txt", "######\n#@$..#\n######\n");
    let (c, _, err) = code(&f, &["solve", "few.txt"]);
    assert_eq!(c, Some(1), "{err}");
    assert!(err.contains("no solution: 2 goals but only 1 box"), "{err}");
}

/// Water (the player cannot swim, heavy boxes sink), keys, doors, plates,
/// collectibles and hammers are searched in the sim, under both rule sets:
/// the solutions replay to solved, and the water level, which the old push
/// search "solved" by walking on water, is proved unsolvable.
#[test]
fn levels_with_every_mechanic_are_searched_in_the_sim() {
    let f = Files::new();
    let solvable = [
        "legend: f = WaterCell HeavyBox:sunk\n######\n#@f$.#\n######\n",
        "legend: k = KeyRed\n#######\n#@$.k #\n#######\n",
        "legend: D = DoorBlue\n######\n#@$.D#\n######\n",
        "legend: P = PressurePlateGreen\n######\n#@$.P#\n######\n",
        "legend: a = Apple\n######\n#@$.a#\n######\n",
        "legend: h = Hammer\n######\n#h@$.#\n######\n",
    ];
    for text in solvable {
        f.write("l.txt", text);
        for rules in ["muscleman", "sokoban"] {
            let (out, err) = expect_ok(&f, &["solve", "l.txt", "--rules", rules], None);
            let (_, err2) = expect_ok(&f, &["replay", "l.txt", out.trim(), "--rules", rules], None);
            assert!(
                err2.contains(", solved"),
                "{text:?} {rules}: {err} / {err2}"
            );
        }
    }
    f.write("l.txt", "#######\n#@~$ .#\n#######\n");
    for rules in ["muscleman", "sokoban"] {
        let (c, out, err) = code(&f, &["solve", "l.txt", "--rules", rules]);
        assert_eq!(c, Some(1), "{rules}: {err}");
        assert_eq!(out, "");
        assert!(
            err.contains("no solution: every reachable position was searched"),
            "{err}"
        );
    }
    // The walk the old search printed for the water level: the sim refuses it.
    let (_, err) = expect_ok(&f, &["replay", "l.txt", "rRR"], None);
    assert!(!err.contains(", solved"), "{err}");
}

#[test]
fn a_collection_with_an_open_level_gives_up_on_it() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; One\n#####\n#@$.#\n#####\n\n; Open\nlegend: k = KeyRed\nlegend: R = DoorRed\n######\n#$ .kR\n######\n@\n\n\
         ; Swim\n#######\n#@~$ .#\n#######\n",
    );
    let (c, out, err) = code(&f, &["solve", "c.txt"]);
    assert_eq!(c, Some(3), "giving up outranks unsolvable: {err}");
    assert_eq!(out, "; One\nR\n\n");
    assert!(
        err.contains("level 2 of 3 (Open): gave up: the level is open"),
        "{err}"
    );
    assert!(err.contains("level 3 of 3 (Swim): no solution"), "{err}");
    assert!(err.contains("solved 1 of 3"), "{err}");
}

/// A level too large for the push search's cell indices is searched in the
/// sim: it was once given up on without a search.
#[test]
fn a_level_too_large_for_the_push_search_is_searched_in_the_sim() {
    let f = Files::new();
    let w = 256;
    let mut big = format!("; Big\n{}\n", "#".repeat(w));
    big.push_str(&format!("#@$.{}#\n", " ".repeat(w - 5)));
    for _ in 0..w - 3 {
        big.push_str(&format!("#{}#\n", " ".repeat(w - 2)));
    }
    big.push_str(&format!("{}\n", "#".repeat(w)));
    f.write("c.txt", format!("; One\n#####\n#@$.#\n#####\n\n{big}"));
    let (out, err) = expect_ok(&f, &["solve", "c.txt"], None);
    assert_eq!(out, "; One\nR\n\n; Big\nR\n\n", "{err}");
}

/// `--threads`: 2 runs the fast portfolio side by side (any checked
/// solution); 1, and every `--optimal` search, give the same answer each run.
#[test]
fn threads_run_the_fast_searches_side_by_side_and_optimal_ones_alone() {
    let f = Files::new();
    f.write("l.txt", "#######\n#.  @ #\n# $$  #\n#.    #\n#######\n");
    let (two, _) = expect_ok(&f, &["solve", "l.txt", "--threads", "2"], None);
    let (_, err) = expect_ok(&f, &["replay", "l.txt", two.trim()], None);
    assert!(err.contains(", solved"), "{err}");
    for optimal in ["pushes", "moves"] {
        let one = expect_ok(&f, &["solve", "l.txt", "--optimal", optimal], None).0;
        for threads in ["2", "1024"] {
            let many = expect_ok(
                &f,
                &["solve", "l.txt", "--optimal", optimal, "--threads", threads],
                None,
            )
            .0;
            assert_eq!(one, many, "--optimal {optimal} --threads {threads}");
        }
    }
    let first = expect_ok(&f, &["solve", "l.txt"], None).0;
    assert_eq!(first, expect_ok(&f, &["solve", "l.txt"], None).0);
}

/// `check --solve` tells a designer, one line per level on standard output,
/// which levels of a file are solved, proved unsolvable or given up on;
/// the exit code is 3 when one gave up, else 1 when one has no solution.
#[test]
fn check_solve_reports_each_level() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; One\n#####\n#@$.#\n#####\n\n; Swim\n#######\n#@~$ .#\n#######\n",
    );
    let (c, out, err) = code(&f, &["check", "--solve", "c.txt"]);
    assert_eq!(c, Some(1), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "c.txt: 2 levels read, all valid");
    assert!(
        lines[1].starts_with("c.txt: level 1 (One): solved under Muscleman rules, 1 move, 1 push"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("c.txt: level 2 (Swim): no solution: every reachable position"),
        "{out}"
    );
    f.write("ok.txt", "; One\n#####\n#@$.#\n#####\n");
    let (out, _) = expect_ok(&f, &["check", "--solve", "ok.txt"], None);
    assert!(out.contains("level 1 (One): solved"), "{out}");
    f.write("open.txt", OPEN_ROOM);
    let (c, out, _) = code(&f, &["check", "--solve", "--timeout", "5", "open.txt"]);
    assert_eq!(c, Some(3));
    assert!(out.contains("level 1: gave up: the level is open"), "{out}");
    // --timeout belongs to --solve.
    let (c, out, _) = code(&f, &["check", "--timeout", "5", "ok.txt"]);
    assert_eq!((c, out.as_str()), (Some(2), ""));
}

/// Every built-in level, walls-and-boxes ones and those with water, keys,
/// doors, plates, coins, grabs, swings, hammers, cauldrons and bongs, is
/// solved, and each solution replays to solved (how fast: BENCHMARKS.md, in
/// release), the levels with ducks too (timed puzzles: the solution waits
/// for the ducks with `w`).
#[test]
fn every_built_in_level_is_solved() {
    let f = Files::new();
    f.write("builtin.txt", muscleman_cli::builtin::LEVELS);
    let levels = muscleman_cli::builtin::levels()
        .expect("the built-in levels read")
        .collection
        .levels;
    let titles: Vec<&str> = levels
        .iter()
        .map(|l| l.title().unwrap_or_default())
        .collect();
    let (exit, out, err) = code(&f, &["solve", "builtin.txt"]);
    assert!(
        err.lines()
            .filter(|l| l.starts_with("level "))
            .all(|l| l.contains(": solved under Muscleman rules")),
        "{err}"
    );
    assert_eq!(exit, Some(0), "{err}");
    assert!(
        err.trim_end()
            .ends_with(&format!("solved {0} of {0}", titles.len())),
        "{err}"
    );
    // Each solution follows its level's title line.
    let mut title = None;
    let mut replayed = 0;
    for line in out.lines().filter(|l| !l.is_empty()) {
        if let Some(t) = line.strip_prefix("; ") {
            title = Some(t);
            continue;
        }
        let n = titles
            .iter()
            .position(|t| Some(*t) == title)
            .unwrap_or_else(|| panic!("{line}: no level titled {title:?}"))
            + 1;
        let (_, err) = expect_ok(
            &f,
            &["replay", "builtin.txt", "--level", &n.to_string(), line],
            None,
        );
        assert!(err.contains(", solved"), "level {n}: {line}: {err}");
        replayed += 1;
    }
    assert_eq!(replayed, titles.len(), "{out}");
}

/// A level that says it needs Muscleman's rules, solved under Sokoban
/// rules, says why in its one line (the search still runs: exit 1 is a
/// proof); under Muscleman rules it says nothing of it.
#[test]
fn a_level_that_needs_muscleman_rules_says_why_under_sokoban_rules() {
    let f = Files::new();
    f.write(
        "l.txt",
        "; Train\nRules: muscleman\n########\n#@ $$ ..#\n########\n",
    );
    let (code, out, err) = code(&f, &["solve", "l.txt", "--rules", "sokoban"]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(
            "no solution under Sokoban rules: the level says \"Rules: muscleman\": it needs \
             Muscleman's rules (hands, or a line of boxes pushed at once); every reachable \
             position was searched"
        ),
        "{err}"
    );
    let (_, err) = expect_ok(&f, &["solve", "l.txt"], None);
    assert!(!err.contains("Rules"), "{err}");
}

/// A level with a duck, which walks every step, waits included, is a
/// timed puzzle: `solve` waits for the duck (`w`) and `replay` plays the
/// solution to solved; a hopeless one is proved unsolvable by a complete
/// search (exit 1), and so is a level without goals.
#[test]
fn a_level_with_a_duck_is_solved_with_waits_or_proved() {
    let f = Files::new();
    // The duck stands in the box's way: pushed now, it is shoved onto the
    // goal for good; one wait and it has walked down out of the way.
    f.write(
        "duck.txt",
        "legend: d = Duck\n######\n######\n#@$d.#\n### ##\n######\n",
    );
    let (out, err) = expect_ok(&f, &["solve", "duck.txt"], None);
    assert_eq!(out, "wRR\n", "{err}");
    assert!(err.contains("solved"), "{err}");
    let (_, err) = expect_ok(&f, &["replay", "duck.txt", out.trim()], None);
    assert!(err.contains(", solved"), "{err}");
    // A heavy box in a corner never moves, whatever the duck does.
    f.write(
        "hopeless.txt",
        "legend: d = Duck:right\n#######\n#&  . #\n#@  d #\n#######\n",
    );
    let (c, out, err) = code(&f, &["solve", "hopeless.txt"]);
    assert_eq!(c, Some(1), "{err}");
    assert_eq!(out, "");
    assert!(err.contains("no solution"), "{err}");
    f.write("nogoal.txt", "legend: d = Duck\n#####\n#@d #\n#####\n");
    let (c, _, err) = code(&f, &["solve", "nogoal.txt"]);
    assert_eq!(c, Some(1), "{err}");
}
