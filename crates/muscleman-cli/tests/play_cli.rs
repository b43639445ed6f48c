//! `muscleman play` from the outside: it needs a terminal.

mod common;

use common::{Files, expect_bad_input};

#[test]
fn play_without_a_terminal_exits_2_with_one_line() {
    let f = Files::new();
    for args in [&["play"][..], &[]] {
        let err = expect_bad_input(&f, args, None);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("terminal"), "{err}");
    }
}

#[test]
fn play_of_a_good_file_without_a_terminal_exits_2() {
    let f = Files::new();
    f.write("l.txt", "#####\n#@$.#\n#####\n");
    let err = expect_bad_input(&f, &["play", "l.txt"], None);
    assert!(err.contains("terminal"), "{err}");
}

#[test]
fn help_exits_0_on_every_subcommand() {
    let f = Files::new();
    for args in [
        &["--help"][..],
        &["help"],
        &["play", "--help"],
        &["replay", "--help"],
        &["check", "--help"],
        &["solve", "--help"],
        &["--version"],
    ] {
        let (out, _) = common::expect_ok(&f, args, None);
        assert!(
            out.contains("muscleman") || out.contains("Usage"),
            "{args:?}: {out}"
        );
    }
}

#[test]
fn play_load_resumes_a_save_at_its_level() {
    use muscleman_cli::cli::PlayArgs;
    use muscleman_cli::play::PlayConfig;

    let f = Files::new();
    f.write(
        "c.txt",
        "; A\n#####\n#@$.#\n#####\n\n; B\n#######\n#@ $ .#\n#######\n",
    );
    let save = f.path("save.json");
    common::expect_ok(
        &f,
        &[
            "replay",
            "c.txt",
            "rr",
            "--level",
            "2",
            "--save",
            save.to_str().unwrap(),
        ],
        None,
    );
    // With the file: the save's level is found in it.
    let args = PlayArgs {
        level_file: Some(f.path("c.txt")),
        load: Some(save.clone()),
        ..PlayArgs::default()
    };
    let config = PlayConfig::resolve(&args).expect("resolves");
    assert_eq!(config.start, 1);
    let game = config.game.expect("a loaded game");
    assert_eq!(game.stats().moves, 2);
    assert_eq!(game.stats().pushes, 1);
    // Without a file: the saved level alone.
    let args = PlayArgs {
        load: Some(save.clone()),
        ..PlayArgs::default()
    };
    let config = PlayConfig::resolve(&args).expect("resolves");
    assert_eq!(config.levels.len(), 1);
    assert_eq!(config.start, 0);
    // With a file that does not hold the level: refused.
    f.write("other.txt", "#####\n#@.$#\n#####\n");
    let args = PlayArgs {
        level_file: Some(f.path("other.txt")),
        load: Some(save),
        ..PlayArgs::default()
    };
    let err = PlayConfig::resolve(&args).expect_err("not in the file");
    assert_eq!(err.code, 2);
}
