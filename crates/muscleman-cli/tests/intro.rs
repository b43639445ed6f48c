//! Each level introduces itself (issue 28): a level's `Comment` (and
//! `Author`) shows as it opens, until a key; the help shows it again; the
//! built-in levels that bring something new say what.

mod common;

use common::{app_at, key, screen};
use std::collections::BTreeSet;

use muscleman_cli::builtin;
use muscleman_cli::cli::PlayArgs;
use muscleman_cli::play::{App, Overlay, open_where_left};
use muscleman_cli::progress::Progress;
use muscleman_cli::saves::Saves;
use muscleman_level::{Collection, Level};
use muscleman_sim::{Rules, spec_appearance};
use ratatui::crossterm::event::KeyCode;

const SET: &str = "; Plain
#####
#@$.#
#####

; Wet
Comment: New: water. You cannot swim.
Author: Ann Example
######
#@$~.#
######
";

fn levels() -> Vec<Level> {
    Collection::parse(SET).expect("levels").levels
}

#[test]
fn a_level_with_a_comment_introduces_itself_as_it_opens_until_a_key() {
    let mut app = app_at(levels(), 0, Rules::MUSCLEMAN);
    key(&mut app, KeyCode::Char('n'));
    assert_eq!((app.level_index(), app.overlay()), (1, Overlay::Intro));
    for (w, h) in [(100, 30), (80, 24), (60, 18)] {
        let s = screen(&app, w, h);
        assert!(s.contains("Wet"), "{w}×{h}:\n{s}");
        assert!(s.contains("by Ann Example"), "{w}×{h}:\n{s}");
        assert!(s.contains("New: water."), "{w}×{h}:\n{s}");
        assert!(s.contains("any key: play"), "{w}×{h}:\n{s}");
    }
    // The key that closes it does nothing else.
    key(&mut app, KeyCode::Right);
    assert_eq!(app.overlay(), Overlay::None);
    assert_eq!(app.game().stats().moves, 0);
    assert!(!screen(&app, 80, 24).contains("any key: play"));
    // The help shows it again.
    key(&mut app, KeyCode::Char('?'));
    let s = screen(&app, 100, 30);
    assert!(
        s.contains("This level: New: water. You cannot swim. (by Ann Example)"),
        "{s}"
    );
    key(&mut app, KeyCode::Esc);
    // A level without a comment just opens; one left under way comes back
    // where it was, without its introduction.
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('b'));
    assert_eq!((app.level_index(), app.overlay()), (0, Overlay::None));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!((app.level_index(), app.overlay()), (1, Overlay::None));
    assert_eq!(app.game().stats().moves, 1);
    // Esc only closes it; q quits over it.
    let mut app = app_at(levels(), 0, Rules::MUSCLEMAN);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Esc);
    assert!(!app.should_quit());
    keys_back_and_forth(&mut app);
    assert_eq!(app.overlay(), Overlay::Intro);
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

/// Go to the level before and back.
fn keys_back_and_forth(app: &mut App) {
    key(app, KeyCode::Char('b'));
    key(app, KeyCode::Char('n'));
}

#[test]
fn play_opens_a_chosen_level_with_its_introduction() {
    let tmp = tempfile::tempdir().expect("dir");
    let (progress, _) = Progress::open(tmp.path());
    let mut app = App::new(levels(), 1, "Test", Rules::MUSCLEMAN, progress).expect("app");
    let args = PlayArgs {
        level: Some(2),
        ..PlayArgs::default()
    };
    open_where_left(&mut app, Saves::in_dir(tmp.path()), &args);
    assert_eq!(app.overlay(), Overlay::Intro);
}

/// Every built-in level that brings a thing no earlier level had (by its
/// kind: a key, water, stairs...; or a box that holds something) says what
/// is new in its `Comment`.
#[test]
fn built_in_levels_that_bring_something_new_say_what() {
    let levels = builtin::levels().expect("built-in").collection.levels;
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for (i, level) in levels.iter().enumerate() {
        let mut kinds: BTreeSet<&str> = BTreeSet::new();
        for (_, _, spec) in level.all_entities() {
            kinds.insert(spec_appearance(&spec).expect("played").kind);
            if !spec.contents.is_empty() {
                kinds.insert("contents");
            }
        }
        let new: Vec<&str> = kinds.difference(&seen).copied().collect();
        let comment = level.metadata().get("Comment").unwrap_or_default();
        if i > 0 && !new.is_empty() {
            assert!(
                !comment.trim().is_empty(),
                "level {} ({:?}) brings {new:?} and says nothing of it",
                i + 1,
                level.title()
            );
        }
        seen.extend(kinds);
    }
}
