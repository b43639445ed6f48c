//! What the page keeps, natively: a solve recorded in the terminal's own
//! progress format (the text the page stores reads back in the CLI's
//! `Progress::open`), where a collection was left, positions put back
//! only on their own level, and a corrupt, older or newer record met with
//! a warning, never an error.

use muscleman_level::Collection;
use muscleman_levels::COLLECTIONS;
use muscleman_play::builtin::solutions_of;
use muscleman_play::progress::{FILE_NAME, Progress};
use muscleman_sim::Rules;
use muscleman_web::session::Web;
use serde_json::Value;

/// Open a fresh page's game with `kept` as its stored progress.
fn page(kept: &str) -> (Web, Value) {
    let mut web = Web::new();
    let opened = web.open_progress(kept.as_bytes()).unwrap();
    (web, opened)
}

fn text(v: &Value) -> String {
    v.as_str().unwrap().to_owned()
}

#[test]
fn a_solve_is_kept_in_the_terminals_own_format_and_read_back_after_a_reload() {
    let (mut web, opened) = page("");
    assert_eq!(opened["warning"], Value::Null);
    assert_eq!(opened["keep"], true);
    let (_, first) = solutions_of(&COLLECTIONS[1])[1];
    web.load_builtin(1, 2).unwrap();
    let played = web.play(first.as_bytes()).unwrap();
    assert_eq!(played["record"]["first_solve"], true);
    assert_eq!(played["state"]["best"]["solved"], true);
    let stored = text(&web.progress_text().unwrap());

    // The page reloads: a new game opens what it stored.
    let (web, opened) = page(&stored);
    assert_eq!(opened["warning"], Value::Null);
    let levels = web.levels().unwrap();
    assert_eq!(levels["where"]["collection"], 1);
    assert_eq!(levels["where"]["number"], 2);
    let level = &levels["collections"][1]["levels"][1];
    assert_eq!(level["solved"], true);
    assert_eq!(level["best_moves"], level["par"]);
    assert_eq!(levels["collections"][1]["solved"], 1);
    assert_eq!(levels["collections"][0]["solved"], 0);

    // The terminal reads the same text as its progress file.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(FILE_NAME), &stored).unwrap();
    let (progress, warnings) = Progress::open(dir.path());
    assert!(warnings.is_empty(), "{warnings:?}");
    let combinations = Collection::parse(COLLECTIONS[1].levels).unwrap().levels;
    let record = progress.get(&combinations[1], Rules::MUSCLEMAN).unwrap();
    assert!(record.solved);
    assert_eq!(
        Some(i64::from(record.best_moves.unwrap())),
        level["best_moves"].as_i64()
    );
}

#[test]
fn a_corrupt_older_or_newer_record_is_met_with_a_warning_and_play_goes_on() {
    let (mut web, opened) = page("{ not json");
    assert_eq!(opened["aside"], "corrupt");
    assert_eq!(opened["keep"], true);
    assert_eq!(
        opened["warning"]["short"],
        "Progress kept here was corrupt: kept aside"
    );
    assert!(web.load_builtin(0, 1).is_ok());
    let (_, older) = page(r#"{"version": 3, "rules_version": 1, "levels": {}}"#);
    assert_eq!(older["aside"], "rules-1");
    let (_, newer) = page(r#"{"version": 99}"#);
    assert_eq!(newer["keep"], false);
    assert_eq!(newer["aside"], Value::Null);
    assert!(
        text(&newer["warning"]["detail"]).contains("newer muscleman (format version 99"),
        "{newer}"
    );
    let (_, huge) = page(&" ".repeat(10).replace(' ', "x").repeat(2_000_000));
    assert_eq!(huge["aside"], "corrupt");
}

#[test]
fn a_kept_position_comes_back_with_its_history_on_its_own_level_only() {
    let (mut web, _) = page("");
    let start = web.load_builtin(0, 1).unwrap();
    let name = text(&start["save_name"]);
    assert_eq!(start["history"], 0);
    web.play(b"rdz").unwrap();
    let save = text(&web.save().unwrap());
    // Reload: the level opens at its start, and the save puts back the
    // position and its undo history.
    let (mut web, _) = page("");
    web.load_builtin(0, 1).unwrap();
    let back = web.restore(save.as_bytes()).unwrap();
    assert_eq!(back["history"], 3);
    assert_eq!(back["redo_depth"], 1);
    assert_eq!(back["save_name"], name.as_str());
    assert_eq!(web.play(b"y").unwrap()["state"]["moves"], 2);
    // Another level's save, or garbage: refused with why, the level kept.
    web.load_builtin(0, 2).unwrap();
    let refused = web.restore(save.as_bytes()).unwrap_err();
    assert!(
        refused.message.contains("of another level or rules"),
        "{refused}"
    );
    assert!(web.restore(b"\xff\xfe").is_err());
    assert_eq!(web.state().unwrap()["number"], 2);
}

#[test]
fn under_sokobans_rules_a_level_that_needs_hands_says_why_not() {
    let (mut web, _) = page("");
    assert_eq!(web.set_rules(true).unwrap(), "sokoban");
    let levels = web.levels().unwrap();
    assert_eq!(levels["rules"], "sokoban");
    let all: Vec<&Value> = levels["collections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["levels"].as_array().unwrap())
        .collect();
    assert!(all.iter().any(|l| l["why_not"].is_string()));
    assert!(all.iter().any(|l| l["why_not"].is_null()));
    let state = web.load_builtin(0, 1).unwrap();
    assert_eq!(state["rules"], "sokoban");
}
