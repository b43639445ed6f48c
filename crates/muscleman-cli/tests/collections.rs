//! The built-in collections in the game: the level list offers both (← →
//! switch), the second's pars show in the list, the panel and the
//! "Solved!" banner, and a new run opens the collection played last.
//! Screens are drawn on ratatui's `TestBackend` and compared with
//! committed snapshots.

mod common;

use common::{key, trimmed};
use std::path::Path;

use muscleman_cli::builtin;
use muscleman_cli::cli::PlayArgs;
use muscleman_cli::play::{App, Overlay, PlayConfig, builtin_collections, open_where_left};
use muscleman_cli::progress::{Progress, set_key};
use muscleman_cli::saves::Saves;
use muscleman_sim::Rules;
use ratatui::crossterm::event::KeyCode;

/// Enter in the level list: play the level chosen, and close its
/// introduction (its `Comment`, shown as it opens) if it shows one.
fn enter(app: &mut App) {
    key(app, KeyCode::Enter);
    if app.overlay() == Overlay::Intro {
        key(app, KeyCode::Esc);
    }
    assert_eq!(app.overlay(), Overlay::None);
}

/// The game as `play` opens it with no level file, under `rules`, with
/// `progress`: the first collection, both offered.
fn builtin_app(rules: Rules, progress: Progress) -> App {
    let collections = builtin_collections().expect("the built-in collections");
    let first = collections.first().expect("a first collection").clone();
    let mut app = App::new(first.levels, 0, first.name, rules, progress).expect("app");
    app.set_collections(collections, 0);
    app
}

/// The number (1-based) of the second collection's level titled `title`.
fn number_of(title: &str) -> usize {
    let c = builtin::find("combinations").expect("combinations");
    let levels = builtin::read(c).expect("reads").collection.levels;
    levels
        .iter()
        .position(|l| l.title() == Some(title))
        .map(|i| i + 1)
        .expect("a level of that title")
}

/// The solution stored for level `n` of the second collection.
fn stored(n: usize) -> &'static str {
    let c = builtin::find("combinations").expect("combinations");
    builtin::solutions_of(c)
        .into_iter()
        .find(|(m, _)| *m == n)
        .map(|(_, s)| s)
        .expect("a solution")
}

#[test]
fn the_level_list_offers_both_collections_and_the_pars() {
    let mut app = builtin_app(Rules::MUSCLEMAN, Progress::in_memory());
    assert_eq!(app.collection(), Some((0, 2)));
    key(&mut app, KeyCode::Tab);
    let s = trimmed(&app, 80, 24);
    assert!(
        s.contains("Built-in levels: Muscleman · collection 1 of 2"),
        "{s}"
    );
    assert!(s.contains("←→ collection"), "{s}");
    // The first collection sets no par: no par column.
    assert!(!s.contains(" par "), "{s}");
    key(&mut app, KeyCode::Right);
    assert_eq!(app.collection(), Some((1, 2)));
    assert_eq!(app.overlay(), Overlay::Browser { selected: 0 });
    assert_eq!(app.level().title(), Some("Shove from the Shore"));
    let s = trimmed(&app, 80, 24);
    assert!(
        s.contains("Built-in levels: Combinations · collection 2 of 2"),
        "{s}"
    );
    assert!(s.contains("#   ✓  moves pushes  par  title"), "{s}");
    assert!(
        s.contains("▸  1          -      -    8  Shove from the Shore"),
        "{s}"
    );
    insta::assert_snapshot!("combinations_list_80x24", s);
    insta::assert_snapshot!("combinations_list_60x18", trimmed(&app, 60, 18));
    // Without colours the text is the same.
    app.set_color(false);
    assert_eq!(trimmed(&app, 80, 24), s);
    // ← goes back, and round: → → is the first again.
    key(&mut app, KeyCode::Left);
    assert_eq!(app.collection(), Some((0, 2)));
    assert_eq!(app.level().title(), Some("First Steps"));
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.collection(), Some((0, 2)));
    key(&mut app, KeyCode::Char('h'));
    assert_eq!(app.collection(), Some((1, 2)));
}

#[test]
fn the_panel_shows_the_par_and_the_banner_compares_the_moves() {
    let mut app = builtin_app(Rules::MUSCLEMAN, Progress::in_memory());
    app.switch_collection(1);
    let moat = number_of("Moat Key");
    for _ in 1..moat {
        key(&mut app, KeyCode::Down);
    }
    // The level introduces itself as it opens: its comment says what it asks.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay(), Overlay::Intro);
    assert!(trimmed(&app, 80, 24).contains("Sink the heavy box"));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Overlay::None);
    assert_eq!(app.par(), Some(15));
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Par        15 moves"), "{s}");
    // The help says what a par counts, and that swings cost no moves.
    key(&mut app, KeyCode::Char('?'));
    let help: String = trimmed(&app, 100, 40)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains("Par: 15 moves: the moves of this level's stored solution"),
        "{help}"
    );
    assert!(
        help.contains("grabs, drops, swings and waits cost none"),
        "{help}"
    );
    key(&mut app, KeyCode::Esc);
    // The stored solution matches the par.
    app.start_playback(stored(moat), "the stored solution");
    while app.tick() {}
    assert!(app.is_solved());
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Par 15: matched"), "{s}");
    insta::assert_snapshot!("combinations_solved_80x24", s);
    insta::assert_snapshot!("combinations_solved_60x18", trimmed(&app, 60, 18));
    // Two moves more (a step aside and back first) are two over.
    app.start_playback(&format!("rl{}", stored(moat)), "a longer way");
    while app.tick() {}
    assert!(app.is_solved());
    assert_eq!(app.game().stats().moves, 17);
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Par 15: 2 moves over"), "{s}");
    // The first collection's levels have none.
    app.switch_collection(0);
    enter(&mut app);
    assert_eq!(app.par(), None);
    assert!(!trimmed(&app, 80, 24).contains("Par "));
}

#[test]
fn a_par_counts_under_muscleman_rules_only() {
    let mut app = builtin_app(Rules::SOKOBAN, Progress::in_memory());
    app.switch_collection(1);
    assert_eq!(app.par(), None);
    assert!(!app.shows_pars());
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("#   ✓  moves pushes  title"), "{s}");
    key(&mut app, KeyCode::Esc);
    assert!(!trimmed(&app, 80, 24).contains("Par "));
}

/// The game as `play` opens it with no level file, `args` and the data
/// directory `dir`: where the player left it.
fn open_in(dir: &Path, args: &PlayArgs) -> App {
    let mut config = PlayConfig::resolve(args).expect("resolves");
    let (progress, warnings) = Progress::open(dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    config.resume_collection(&progress);
    let (collections, index) = config.builtin.take().expect("built-in");
    let mut app = App::new(
        config.levels,
        config.start,
        config.set_name,
        config.rules,
        progress,
    )
    .expect("app");
    app.set_collections(collections, index);
    open_where_left(&mut app, Saves::in_dir(dir), args);
    app
}

#[test]
fn each_collection_keeps_its_place_and_a_new_run_opens_the_last_one() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let open = |args: &PlayArgs| open_in(dir, args);
    {
        let mut app = open(&PlayArgs::default());
        assert_eq!(app.collection(), Some((0, 2)), "first run: the first");
        assert_eq!(app.overlay(), Overlay::Browser { selected: 0 });
        // Level 2 of the first, then level 3 of the second, one move in.
        key(&mut app, KeyCode::Down);
        enter(&mut app);
        assert_eq!(app.level_index(), 1);
        key(&mut app, KeyCode::Tab);
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Down);
        enter(&mut app);
        assert_eq!(app.level().title(), Some("Moat Key"));
        key(&mut app, KeyCode::Char('l'));
        key(&mut app, KeyCode::Char('q'));
        assert!(app.should_quit());
    }
    // A new run opens the second collection at Moat Key, the move kept.
    let app = open(&PlayArgs::default());
    assert_eq!(app.collection(), Some((1, 2)));
    assert_eq!(app.level().title(), Some("Moat Key"));
    assert_eq!(app.game().stats().moves, 1);
    assert_eq!(app.overlay(), Overlay::None);
    // The first collection kept its own place.
    let mut app = app;
    app.switch_collection(0);
    assert_eq!(app.level_index(), 1);
    // --collection chooses, and --level picks in the collection chosen.
    let args = PlayArgs {
        collection: Some("muscleman".to_owned()),
        ..PlayArgs::default()
    };
    drop(app);
    assert_eq!(open(&args).collection(), Some((0, 2)));
    let args = PlayArgs {
        collection: Some("combinations".to_owned()),
        level: Some(u32::try_from(number_of("Upstairs Plate")).expect("a small number")),
        ..PlayArgs::default()
    };
    let app = open(&args);
    assert_eq!(app.level().title(), Some("Upstairs Plate"));
    let count = builtin::read(builtin::find("combinations").expect("combinations"))
        .expect("reads")
        .collection
        .levels
        .len();
    let args = PlayArgs {
        collection: Some("combinations".to_owned()),
        level: Some(u32::try_from(count + 1).expect("a small count")),
        ..PlayArgs::default()
    };
    let err = PlayConfig::resolve(&args).expect_err("out of range");
    assert!(
        err.message
            .contains(&format!("hold {count} levels (1 to {count})")),
        "{}",
        err.message
    );
}

#[test]
fn a_save_of_a_second_collection_level_opens_in_its_collection() {
    let tmp = tempfile::tempdir().unwrap();
    let c = builtin::find("combinations").expect("combinations");
    let level = builtin::read(c).expect("reads").collection.levels[3].clone();
    let mut game = muscleman_sim::Game::new(&level, Rules::MUSCLEMAN).expect("game");
    for command in muscleman_cli::moves::parse("rr").expect("moves") {
        game.apply(command).expect("applies");
    }
    let save = tmp.path().join("save.json");
    std::fs::write(&save, game.save()).expect("written");
    let args = PlayArgs {
        load: Some(save),
        ..PlayArgs::default()
    };
    let config = PlayConfig::resolve(&args).expect("resolves");
    assert_eq!(config.builtin.as_ref().map(|(_, i)| *i), Some(1));
    assert_eq!(config.start, 3);
    assert_eq!(config.set_name, "Built-in levels: Combinations");
}

/// Combinations as it was before issue 38 reordered it and added levels.
const BEFORE_THE_REORDER: &str = include_str!("data/combinations-before-issue-38.txt");

/// A player's progress from before Combinations was reordered and grew:
/// the file an earlier build wrote (records, a best solution, a kept
/// position, the level and collection last played) keeps every record on
/// its level, wherever the level went, and the game opens where the
/// player left it.
#[test]
fn progress_from_before_the_reorder_stays_on_its_levels() {
    let before = muscleman_level::Collection::parse(BEFORE_THE_REORDER)
        .expect("reads")
        .levels;
    let c = builtin::find("combinations").expect("combinations");
    let now = builtin::read(c).expect("reads").collection.levels;
    let old_key = set_key(&before);
    assert_ne!(old_key, set_key(&now), "the set changed");
    assert!(builtin::FORMER_SET_KEYS.contains(&("combinations", old_key.as_str())));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let wedge = before.iter().position(|l| l.title() == Some("Wedge"));
    let wedge = wedge.expect("Wedge was there");
    {
        // What the build before wrote: levels 1 to 8 solved in 100 + N
        // moves, a best solution of level 1, and Wedge left one move in.
        let (mut progress, _) = Progress::open(dir);
        for (i, level) in before.iter().enumerate().take(8) {
            let n = u32::try_from(i).expect("small");
            progress
                .record_solve(level, Rules::MUSCLEMAN, 100 + n, 50 + n)
                .expect("written");
        }
        let first = before.first().expect("a first level");
        let moves = stored(number_of("Moat Key"));
        progress
            .record_solution(first, Rules::MUSCLEMAN, 15, 9, Some(moves))
            .expect("written");
        progress
            .set_last_played(&old_key, Rules::MUSCLEMAN, &before[wedge])
            .expect("written");
        progress
            .set_last_collection(Rules::MUSCLEMAN, &old_key)
            .expect("written");
        let mut game = muscleman_sim::Game::new(&before[wedge], Rules::MUSCLEMAN).expect("game");
        for command in muscleman_cli::moves::parse("r").expect("moves") {
            game.apply(command).expect("applies");
        }
        Saves::in_dir(dir).store(&game).expect("kept");
    }
    // The game opens the second collection at Wedge, its move kept.
    let app = open_in(dir, &PlayArgs::default());
    assert_eq!(app.collection(), Some((1, 2)));
    assert_eq!(app.level().title(), Some("Wedge"));
    assert_eq!(app.game().stats().moves, 1);
    assert_ne!(Some(app.level_index()), Some(wedge), "Wedge moved");
    drop(app);
    // Each record is on the level it was made on, whatever its number now.
    let (progress, _) = Progress::open(dir);
    for (i, level) in before.iter().enumerate() {
        let title = level.title().expect("a title");
        let same = now.iter().find(|l| l.title() == Some(title)).expect("kept");
        let record = progress.get(same, Rules::MUSCLEMAN);
        let best = record.and_then(|r| r.best_moves);
        let expected = (i < 8).then(|| 100 + u32::try_from(i).expect("small"));
        let expected = if i == 0 { Some(15) } else { expected };
        assert_eq!(best, expected, "{title}");
    }
    let moat = now
        .iter()
        .find(|l| l.title() == Some("Moat Key"))
        .expect("Moat Key");
    assert_eq!(
        progress
            .solution(moat, Rules::MUSCLEMAN)
            .map(|s| s.moves.as_str()),
        Some(stored(number_of("Moat Key")))
    );
    // The level list shows them in their rows: Moat Key solved.
    let mut app = open_in(dir, &PlayArgs::default());
    key(&mut app, KeyCode::Tab);
    let s = trimmed(&app, 80, 24);
    assert!(s.contains("Wedge"), "{s}");
    assert!(s.contains(&format!("8 of {} solved", now.len())), "{s}");
}

/// The set key of each built-in collection, pinned: a collection that
/// changes (a level added, moved or edited) gets a new key, and the old
/// one must join `builtin::FORMER_SET_KEYS` so that players' places in it
/// are kept (then pin the new key here).
#[test]
fn each_built_in_collection_s_key_is_pinned() {
    let pinned = [
        ("muscleman", "fc7d4a2e1bad51d7"),
        ("combinations", "0eaf9d48a1c4b339"),
    ];
    for (c, (id, key)) in builtin::COLLECTIONS.iter().zip(pinned) {
        assert_eq!(c.id, id);
        let levels = builtin::read(c).expect("reads").collection.levels;
        assert_eq!(
            set_key(&levels),
            key,
            "{id} changed: add its former key {key} to builtin::FORMER_SET_KEYS and pin the new one here"
        );
        assert!(
            builtin::FORMER_SET_KEYS
                .iter()
                .all(|(_, former)| *former != set_key(&levels)),
            "{id}: a former key is no key in use"
        );
    }
}
