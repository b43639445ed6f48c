//! `muscleman check`: valid files print a summary and exit 0; invalid files
//! exit 2 with every error on stderr as `FILE:LINE:COL: message`.

mod common;

use common::{Files, expect_bad_input, expect_ok};

#[test]
fn a_valid_level_prints_a_summary() {
    let f = Files::new();
    f.write("l.txt", "#####\n#@$.#\n#####\n");
    let (out, err) = expect_ok(&f, &["check", "l.txt"], None);
    assert_eq!(out, "l.txt: 1 level read, valid\n");
    assert_eq!(err, "");
}

#[test]
fn a_valid_collection_prints_how_many_levels() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; Set\nTitle: Set\n\n; A\n#####\n#@$.#\n#####\n\n; B\n4#|#@.#|#$ #|4#\n",
    );
    let (out, _) = expect_ok(&f, &["check", "c.txt"], None);
    assert_eq!(out, "c.txt: 2 levels read, all valid\n");
}

#[test]
fn quiet_prints_nothing() {
    let f = Files::new();
    f.write("l.txt", "#####\n#@$.#\n#####\n");
    let (out, _) = expect_ok(&f, &["check", "--quiet", "l.txt"], None);
    assert_eq!(out, "");
}

#[test]
fn every_error_is_reported_with_its_position() {
    let f = Files::new();
    f.write(
        "bad.txt",
        "; One\n#####\n#@x.#\n#####\n\n; Two\n#####\n# $.#\n#####\n\n; Three\n######\n#@?$@#\n######\n",
    );
    let err = expect_bad_input(&f, &["check", "bad.txt"], None);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("bad.txt:3:3: unknown symbol 'x'")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("bad.txt:13:3: unknown symbol '?'")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("bad.txt:7:") && l.contains("no player")),
        "{err}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("bad.txt:13:5:") && l.contains("players")),
        "{err}"
    );
    for l in &lines {
        let mut parts = l.splitn(4, ':');
        assert_eq!(parts.next(), Some("bad.txt"), "{l}");
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{l}");
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{l}");
    }
}

#[test]
fn one_bad_file_among_good_ones_fails_and_prints_no_summary() {
    let f = Files::new();
    f.write("good.txt", "#####\n#@$.#\n#####\n");
    f.write("bad.txt", "#####\n#@$.#\n#####x\n");
    let err = expect_bad_input(&f, &["check", "good.txt", "bad.txt"], None);
    assert!(err.contains("bad.txt:3:6:"), "{err}");
}

#[test]
fn levels_that_can_never_be_solved_get_a_warning() {
    let f = Files::new();
    f.write(
        "w.txt",
        "; No goals\n#####\n#@$ #\n#####\n\n; Short\n#####\n#@$.#\n#.  #\n#####\n",
    );
    let (out, err) = expect_ok(&f, &["check", "w.txt"], None);
    assert_eq!(out, "w.txt: 2 levels read, all valid\n");
    // Each at its level's first row, one box and two goals spelt right.
    assert!(
        err.contains("warning: w.txt:2:1: level 1 of 2 (No goals): no goals"),
        "{err}"
    );
    assert!(
        err.contains("warning: w.txt:7:1: level 2 of 2 (Short): 2 goals but only 1 box,"),
        "{err}"
    );
}

/// The proofs by counting (issue 43): a goal behind a door that never
/// opens, at the door's cell, and a key only inside a box every goal
/// needs, each with its reason; the solvable built-in levels get none.
#[test]
fn levels_a_count_proves_unsolvable_get_a_positioned_warning() {
    let f = Files::new();
    f.write(
        "c.txt",
        "; Heavy Odds\nlegend: P = PressurePlateHeavy\nlegend: S = SecretDoor\n\
         ##########\n#@ $ P  $#\n# &  P $ #\n####S#####\n#  . . . #\n##########\n\n\
         ; Boxed Key\nlegend: h = Hammer\nlegend: x = Box(KeyRed)\nlegend: R = DoorRed\n\
         #########\n#@ h    #\n# $ x $ #\n####R####\n# . . . #\n#########\n",
    );
    let (out, err) = expect_ok(&f, &["check", "c.txt"], None);
    assert_eq!(out, "c.txt: 2 levels read, all valid\n");
    assert!(
        err.contains(
            "warning: c.txt:7:5: level 1 of 2 (Heavy Odds): the goal at row 5 column 4 is \
             behind the secret door at row 4 column 5, which never opens (2 heavy plates but \
             only 1 heavy box), so it can never be solved"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "warning: c.txt:18:5: level 2 of 2 (Boxed Key): a goal is behind the red door at \
             row 4 column 5, and every red key is inside a box: smashing one leaves 2 boxes \
             for 3 goals, so it can never be solved"
        ),
        "{err}"
    );
    // Hammer and Tongs, the same with two goals: a box to spare.
    f.write(
        "t.txt",
        "legend: h = Hammer\nlegend: x = Box(KeyRed)\nlegend: R = DoorRed\n\
         #########\n#@ h    #\n# $ x $ #\n####R####\n# .   . #\n#########\n",
    );
    let (_, err) = expect_ok(&f, &["check", "t.txt"], None);
    assert!(!err.contains("never be solved"), "{err}");
}

#[test]
fn the_public_collections_check_clean() {
    let f = Files::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/levels");
    let file = dir.join("Microban.xsb");
    // shared/ is beside the workspace on developer machines and CI: a missing
    // collection is a failure, not a skip.
    assert!(
        file.is_file(),
        "{} is missing: check out ../shared/levels beside the workspace",
        file.display()
    );
    let (out, _) = expect_ok(&f, &["check", file.to_str().unwrap()], None);
    assert!(out.ends_with("155 levels read, all valid\n"), "{out}");
}

#[test]
fn doors_nothing_opens_and_keys_nothing_needs_get_a_positioned_warning() {
    let f = Files::new();
    f.write(
        "d.txt",
        "legend: r = KeyRed\nlegend: B = DoorBlue\nlegend: S = SecretDoor\n\
         legend: G = DoorGreen\nlegend: g = PressurePlateGreen\n\
         legend: x = Box(KeyYellow)\nlegend: Y = DoorYellow\n\
         #######\n#@r$.B#\n#SGgxY#\n#######\n",
    );
    let (_, err) = expect_ok(&f, &["check", "d.txt"], None);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning:")).collect();
    assert_eq!(
        warnings,
        [
            "warning: d.txt:9:3: level 1: the red key has no red door to open",
            "warning: d.txt:9:6: level 1: no key and no plate opens the blue door",
            "warning: d.txt:10:2: level 1: no heavy plate opens the secret door",
        ],
        "a green door with a green plate and a yellow key in a box are fine"
    );
}

#[test]
fn a_door_a_key_already_unlocked_needs_nothing() {
    let f = Files::new();
    f.write(
        "u.txt",
        "legend: U = DoorRed:unlocked\nlegend: P = PressurePlateHeavy\nlegend: S = SecretDoor\n\
         ######\n#@$.U#\n#S  P#\n######\n",
    );
    let (_, err) = expect_ok(&f, &["check", "u.txt"], None);
    assert!(!err.contains("warning"), "{err}");
}

/// A level whose player can reach its edge unwalled is open: the sim has
/// floor beyond it. `check` says so, at the first such edge cell.
#[test]
fn a_cauldron_brewing_green_keys_opens_the_green_door_for_check() {
    let f = Files::new();
    f.write(
        "g.txt",
        "legend: c = Cauldron\nlegend: b = KeyBlue\nlegend: y = KeyYellow\n\
         legend: G = DoorGreen\n########\n#@byc G#\n#$    .#\n########\n",
    );
    let (out, err) = expect_ok(&f, &["check", "g.txt"], None);
    assert!(out.contains("valid"), "{out}");
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn an_open_level_gets_a_positioned_warning() {
    let f = Files::new();
    f.write("open.txt", "  $ . @\n");
    let (out, err) = expect_ok(&f, &["check", "open.txt"], None);
    assert_eq!(out, "open.txt: 1 level read, valid\n");
    assert!(
        err.starts_with("warning: open.txt:1:1: level 1: the player can reach the level's edge"),
        "{err}"
    );
    f.write("walled.txt", "#####\n#@$.#\n#####\n");
    let (_, err) = expect_ok(&f, &["check", "walled.txt"], None);
    assert_eq!(err, "");
}

/// Errors come in line order, the reader's late ones (a level without a
/// player, found at its end) included; players' cells are 1-based.
#[test]
fn errors_come_in_line_order_with_1_based_cells() {
    let f = Files::new();
    f.write("bad.txt", "@@\n\n###\n#x#\n");
    let err = expect_bad_input(&f, &["check", "bad.txt"], None);
    let places: Vec<&str> = err.lines().map(|l| l.split(": ").next().unwrap()).collect();
    assert_eq!(
        places,
        ["bad.txt:1:2", "bad.txt:3:1", "bad.txt:4:2"],
        "{err}"
    );
    assert!(err.contains("at row 1 column 1, row 1 column 2"), "{err}");
}

/// An error with no place in a file is the program's: `muscleman: `.
#[test]
fn a_missing_file_is_named_with_the_program_prefix() {
    let f = Files::new();
    let err = expect_bad_input(&f, &["check", "nofile.txt"], None);
    assert_eq!(err, "muscleman: cannot read nofile.txt: no such file\n");
}

/// The level crate tells keys, doors and plates apart by recipe
/// (`signal_role`, for `check`'s warnings); the sim by the tags each
/// mechanic declares. The two agree on every recipe.
#[test]
fn the_level_crates_signal_roles_are_the_sims_tags() {
    use muscleman_core::EntityRecipe;
    use muscleman_level::{SignalRole, signal_role};
    use muscleman_sim::{TagKind, recipe_tags};

    for recipe in EntityRecipe::ALL {
        let tags = recipe_tags(recipe).unwrap_or_default();
        let sims = if tags.contains(TagKind::Key) {
            Some(SignalRole::Key)
        } else if tags.contains(TagKind::Door) {
            Some(SignalRole::Door)
        } else if tags.contains(TagKind::PressurePlate) {
            Some(SignalRole::Plate)
        } else {
            None
        };
        assert_eq!(signal_role(recipe), sims, "{recipe}");
    }
}

/// A legend letter no cell uses is a warning at the letter in its legend
/// line (most likely a letter misspelt in the grid); a `Rules:` line that
/// names no rules is one at the level's first row.
#[test]
fn an_unused_legend_letter_and_unknown_rules_get_a_positioned_warning() {
    let f = Files::new();
    f.write(
        "l.txt",
        "; Keys\nlegend: k = KeyRed\nlegend: c = Coin\nRules: muscles\n#####\n#@k.#\n#$  #\n#####\n",
    );
    let (out, err) = expect_ok(&f, &["check", "l.txt"], None);
    assert_eq!(out, "l.txt: 1 level read, valid\n");
    assert!(
        err.contains(
            "warning: l.txt:3:9: level 1 (Keys): legend letter 'c' is defined and never used \
             in the grid"
        ),
        "{err}"
    );
    assert!(!err.contains("letter 'k'"), "{err}");
    assert!(
        err.contains(
            "warning: l.txt:5:1: level 1 (Keys): \"Rules: muscles\" names no rules, expected \
             \"Rules: muscleman\" or \"Rules: sokoban\""
        ),
        "{err}"
    );
}

/// A blank line inside a level splits it: the part without the player
/// hears that the blank line ended the level above.
#[test]
fn a_level_split_by_a_blank_line_says_the_blank_line_ended_it() {
    let f = Files::new();
    f.write("l.txt", "#####\n#@$ #\n\n#  .#\n#####\n");
    let err = expect_bad_input(&f, &["check", "l.txt"], None);
    assert!(
        err.contains("l.txt:4:1: level has no player, expected exactly one ('@' or '+'): the blank line on line 3 ended the level above it"),
        "{err}"
    );
}

/// Rule book 3's bad cells are positioned errors, exit 2, nothing on
/// standard output: a cauldron with two keys, on water, on stairs; a bong
/// of one key, three keys or a non-key; a duck sharing a cell with a
/// blocker; an unknown duck state.
#[test]
fn bad_ducks_cauldrons_and_bongs_are_positioned_errors() {
    let f = Files::new();
    f.write(
        "v3.txt",
        "legend: a = Cauldron(KeyBlue KeyRed)\nlegend: b = Cauldron WaterCell\n\
         legend: c = StairsUp Cauldron\nlegend: d = Bong(KeyRed)\n\
         legend: e = Bong(KeyRed KeyRed KeyBlue)\nlegend: g = Bong(KeyRed Coin)\n\
         legend: h = Duck Box\nlegend: i = Duck:north\n#@abcdeghi#\n",
    );
    let err = expect_bad_input(&f, &["check", "v3.txt"], None);
    for (at, says) in [
        ("v3.txt:1:30:", "a Cauldron holds at most 1 key, found 2"),
        ("v3.txt:2:22:", "Cauldron cannot stand on water"),
        (
            "v3.txt:3:22:",
            "Cauldron cannot stand on the stairs StairsUp",
        ),
        ("v3.txt:4:17:", "a Bong holds exactly 2 keys, found 1"),
        ("v3.txt:5:32:", "a Bong holds exactly 2 keys, found 3"),
        ("v3.txt:6:25:", "a Bong holds keys only, not Coin"),
        ("v3.txt:7:18:", "a cell cannot hold both Duck and Box"),
        ("v3.txt:8:18:", "unknown state \"north\""),
    ] {
        assert!(
            err.lines().any(|l| l.starts_with(at) && l.contains(says)),
            "{at} {says}:\n{err}"
        );
    }
    // The replay and the solver refuse it alike, before anything runs.
    expect_bad_input(&f, &["replay", "v3.txt", "r"], None);
    expect_bad_input(&f, &["solve", "v3.txt"], None);
}
