//! Every bad input of rules.md §6–7 exits 2 with a message and an empty
//! standard output, for every subcommand; no path exits 101.

mod common;

use common::{Files, expect_bad_input};

const GOOD: &str = "#####\n#@$.#\n#####\n";
const TWO: &str = "; A\n#####\n#@$.#\n#####\n\n; B\n#####\n#.$@#\n#####\n";

/// The subcommands that read a level file, with the extra arguments each needs.
const COMMANDS: [&[&str]; 6] = [
    &["replay"],
    &["check"],
    &["solve"],
    &["play"],
    &["levels"],
    &["export"],
];

fn with_file<'a>(cmd: &[&'a str], file: &'a str) -> Vec<&'a str> {
    let mut args = cmd.to_vec();
    args.push(file);
    if cmd == ["replay"] {
        args.push("r");
    }
    args
}

#[test]
fn a_missing_file() {
    let f = Files::new();
    for cmd in COMMANDS {
        let err = expect_bad_input(&f, &with_file(cmd, "no-such-level.txt"), None);
        // No place in a file to name: the program's prefix (docs/cli.md).
        assert!(err.starts_with("muscleman: "), "{cmd:?}: {err}");
        assert!(err.contains("no-such-level.txt"), "{cmd:?}: {err}");
        assert!(err.contains("no such file"), "{cmd:?}: {err}");
    }
}

#[test]
fn a_directory_instead_of_a_file() {
    let f = Files::new();
    let dir = f.dir.path().to_str().unwrap().to_owned();
    for cmd in COMMANDS {
        let err = expect_bad_input(&f, &with_file(cmd, &dir), None);
        assert!(err.contains("is a directory"), "{cmd:?}: {err}");
    }
}

#[test]
fn invalid_utf8_names_its_line_and_column() {
    let f = Files::new();
    f.write("bad.txt", b"#####\n#@$.#\n##\xff##\n");
    for cmd in COMMANDS {
        let err = expect_bad_input(&f, &with_file(cmd, "bad.txt"), None);
        assert!(err.contains("bad.txt:3:3:"), "{cmd:?}: {err}");
        assert!(err.contains("UTF-8"), "{cmd:?}: {err}");
    }
}

#[test]
fn an_empty_file() {
    let f = Files::new();
    f.write("empty.txt", "");
    for cmd in COMMANDS {
        let err = expect_bad_input(&f, &with_file(cmd, "empty.txt"), None);
        assert!(err.contains("empty.txt:"), "{cmd:?}: {err}");
    }
}

#[test]
fn bad_levels_name_the_line_and_column() {
    let f = Files::new();
    let cases = [
        ("unknown.txt", "#####\n#@x.#\n#####\n", "unknown.txt:2:3:"),
        ("noplayer.txt", "#####\n# $.#\n#####\n", "noplayer.txt:"),
        (
            "twoplayers.txt",
            "#####\n#@$@#\n#.  #\n#####\n",
            "twoplayers.txt:2:4:",
        ),
        ("tab.txt", "#####\n#@\t.#\n#####\n", "tab.txt:2:3:"),
        ("run.txt", "1000000000000#\n#@$.#\n", "run.txt:1:1:"),
        // A legend line under the grid: the use says where it is.
        (
            "below.txt",
            "#####\n#@x.#\n#####\nlegend: x = Box\n",
            "below.txt:2:3: legend letter 'x' is defined below the grid, on line 4",
        ),
        // A misspelled legend key names itself, and nothing after it.
        (
            "legnd.txt",
            "legnd: a = Coin\n#####\n#@a$.#\n#####\n",
            "legnd.txt:1:1: \"legnd\" is not a legend key, did you mean \"legend:\"?",
        ),
    ];
    for (name, text, place) in cases {
        f.write(name, text);
        for cmd in COMMANDS {
            let err = expect_bad_input(&f, &with_file(cmd, name), None);
            assert!(err.contains(place), "{cmd:?} {name}: {err}");
        }
    }
}

#[test]
fn a_bad_moves_character_names_it_and_its_position() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    let err = expect_bad_input(&f, &["replay", "l.txt", "rrXr"], None);
    assert!(err.contains("'X'"), "{err}");
    assert!(err.contains("position 3"), "{err}");
    for moves in ["rr1", "r?", "é", "rru\u{1}", "Q", "x"] {
        expect_bad_input(&f, &["replay", "l.txt", moves], None);
    }
}

#[test]
fn bad_moves_are_found_before_any_move_is_applied() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    let save = f.path("save.json");
    // A valid prefix would solve the level; nothing may be printed or saved.
    expect_bad_input(
        &f,
        &["replay", "l.txt", "r#", "--save", save.to_str().unwrap()],
        None,
    );
    assert!(!save.exists());
}

#[test]
fn bad_moves_on_standard_input() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    let err = expect_bad_input(&f, &["replay", "l.txt", "-"], Some(b"rr\nrq\n"));
    assert!(err.contains("'q'"), "{err}");
    assert!(err.contains("line 2, column 2"), "{err}");
    let err = expect_bad_input(&f, &["replay", "l.txt", "-"], Some(b"r\xffr"));
    assert!(err.contains("UTF-8"), "{err}");
}

#[test]
fn more_moves_than_a_game_keeps_are_refused() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    let moves = "w".repeat(muscleman_sim::MAX_HISTORY + 1);
    let err = expect_bad_input(&f, &["replay", "l.txt", "-"], Some(moves.as_bytes()));
    assert!(err.contains("more than the 1000000"), "{err}");
}

#[test]
fn level_zero_is_refused() {
    let f = Files::new();
    f.write("c.txt", TWO);
    for cmd in COMMANDS {
        let mut args = with_file(cmd, "c.txt");
        args.extend(["--level", "0"]);
        let err = expect_bad_input(&f, &args, None);
        assert!(err.contains("--level"), "{cmd:?}: {err}");
    }
}

#[test]
fn a_level_out_of_range_is_refused() {
    let f = Files::new();
    f.write("c.txt", TWO);
    f.write("one.txt", GOOD);
    for cmd in [&["replay"][..], &["solve"], &["play"]] {
        for (file, n) in [("c.txt", "3"), ("one.txt", "2"), ("c.txt", "99999999999")] {
            let mut args = with_file(cmd, file);
            args.extend(["--level", n]);
            let err = expect_bad_input(&f, &args, None);
            assert!(err.contains("--level"), "{cmd:?}: {err}");
        }
    }
}

#[test]
fn unknown_flags_and_missing_arguments_are_usage_errors() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    for args in [
        &["replay", "l.txt", "r", "--bogus"][..],
        &["replay", "l.txt"],
        &["replay"],
        &["check"],
        &["solve"],
        &["play", "--bogus"],
        &["frobnicate"],
        &["--bogus"],
        &["replay", "l.txt", "r", "--rules", "chess"],
        &["solve", "l.txt", "--timeout", "-1"],
        &["solve", "l.txt", "--timeout", "soon"],
        &["solve", "l.txt", "--optimal", "boxes"],
        &["solve", "l.txt", "--threads", "0"],
    ] {
        let err = expect_bad_input(&f, args, None);
        assert!(
            err.contains("Usage") || err.contains("error"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_file_that_is_too_large_is_refused_without_reading_it_all() {
    let f = Files::new();
    let size = muscleman_level::MAX_INPUT_BYTES + 10;
    let path = f.path("huge.txt");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(u64::try_from(size).unwrap()).unwrap();
    for cmd in COMMANDS {
        let err = expect_bad_input(&f, &with_file(cmd, "huge.txt"), None);
        assert!(err.contains("larger than"), "{cmd:?}: {err}");
    }
}

#[test]
fn play_load_of_a_bad_save_is_refused() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    f.write(
        "save.json",
        "{\"format\": \"muscleman-save\", \"version\": 1",
    );
    let err = expect_bad_input(&f, &["play", "--load", "save.json"], None);
    assert!(err.contains("save.json"), "{err}");
    expect_bad_input(&f, &["play", "--load", "missing.json"], None);
    f.write("bin.json", b"\xff\xfe");
    expect_bad_input(&f, &["play", "--load", "bin.json"], None);
}

/// A command that fails (exit 2) leaves standard output empty whatever it had
/// to say, `--json` included (rules.md §7): a save that cannot be written is
/// found before the first byte goes out.
#[test]
fn a_save_that_cannot_be_written_prints_nothing() {
    let f = Files::new();
    f.write("l.txt", GOOD);
    let nowhere = f.path("no/such/dir/x.json");
    let nowhere = nowhere.to_str().unwrap();
    // A directory where the save should go: the rename over it fails.
    std::fs::create_dir(f.path("taken")).unwrap();
    let taken = f.path("taken");
    let taken = taken.to_str().unwrap();
    // Enough steps that a buffered writer would have flushed some of them.
    let long = "rlrl".repeat(2_000);
    for save in [nowhere, taken] {
        for moves in ["r", long.as_str()] {
            for json in [true, false] {
                let mut args = vec!["replay", "l.txt", moves, "--save", save];
                if json {
                    args.push("--json");
                }
                let err = expect_bad_input(&f, &args, None);
                assert!(err.contains("cannot write the save"), "{args:?}: {err}");
            }
        }
    }
    assert!(!f.path("no").exists());
    let left: Vec<_> = std::fs::read_dir(f.path("taken")).unwrap().collect();
    assert!(
        left.is_empty(),
        "nothing is left in the directory: {left:?}"
    );
}

#[test]
fn check_of_a_good_file_and_a_missing_one_prints_no_summary() {
    let f = Files::new();
    f.write("good.txt", GOOD);
    for args in [
        &["check", "good.txt", "missing.txt"][..],
        &["check", "missing.txt", "good.txt"],
    ] {
        let err = expect_bad_input(&f, args, None);
        assert!(err.contains("missing.txt"), "{err}");
    }
}
