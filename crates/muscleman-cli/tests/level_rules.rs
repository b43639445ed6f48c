//! Rules per level (issue 28): a level that says `Rules: muscleman` is
//! marked where it cannot be played, under `--rules sokoban`: in the level
//! list, the panel, the help and `muscleman levels`; Enter never goes on
//! to it.

mod common;

use common::{Files, app_of, app_under, expect_ok, key, screen};
use muscleman_cli::play::{App, Overlay};
use muscleman_cli::progress::Progress;
use muscleman_sim::Rules;
use ratatui::crossterm::event::KeyCode;

const SET: &str = "; Plain
#####
#@$.#
#####

; Train
Rules: muscleman
########
#@ $$ ..#
########

; Last
######
#@$ .#
######
";

#[test]
fn under_sokoban_rules_the_list_and_the_panel_mark_a_level_that_needs_muscleman() {
    for (w, h) in [(80, 24), (60, 18)] {
        let mut app = app_under(Rules::SOKOBAN, SET);
        app.open_browser();
        let s = screen(&app, w, h);
        let train = s.lines().find(|l| l.contains("Train")).expect("listed");
        assert!(train.contains("✗"), "{w}×{h}:\n{s}");
        // What ✗ means, whole on the list's first line.
        let head = s.lines().nth(1).unwrap_or_default();
        assert!(head.contains("✗ needs Muscleman rules"), "{w}×{h}:\n{s}");
        assert!(!s.contains("✗ needs Muscleman r│"), "cut:\n{s}");
        let plain = s.lines().find(|l| l.contains("Plain")).expect("listed");
        assert!(!plain.contains("✗"), "{s}");
        key(&mut app, KeyCode::Down);
        key(&mut app, KeyCode::Enter);
        assert_eq!((app.level_index(), app.overlay()), (1, Overlay::None));
        let s = screen(&app, w, h);
        assert!(s.contains("✗ needs Muscleman rules"), "the panel:\n{s}");
        key(&mut app, KeyCode::Char('?'));
        let s = screen(&app, 100, 40);
        assert!(
            s.contains("This level cannot be solved under them"),
            "the help:\n{s}"
        );
    }
    // Under Muscleman rules nothing is marked.
    let mut app = app_of(SET);
    app.open_browser();
    assert!(!screen(&app, 80, 24).contains('✗'));
}

#[test]
fn enter_after_a_solve_never_goes_on_to_a_level_these_rules_cannot_solve() {
    let mut app = app_under(Rules::SOKOBAN, SET);
    key(&mut app, KeyCode::Right);
    assert!(app.is_solved());
    assert_eq!(app.level_to_go_on_to(), 2, "Train is left out");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.level_index(), 2);
    let mut app = app_of(SET);
    key(&mut app, KeyCode::Right);
    assert_eq!(app.level_to_go_on_to(), 1);
}

#[test]
fn levels_marks_them_under_sokoban_rules() {
    let f = Files::new();
    f.write("set.txt", SET);
    let (out, _) = expect_ok(&f, &["levels", "set.txt", "--rules", "sokoban"], None);
    assert!(out.contains("Train  (needs Muscleman rules)"), "{out}");
    assert!(!out.contains("Plain  ("), "{out}");
    let (out, _) = expect_ok(&f, &["levels", "set.txt"], None);
    assert!(!out.contains("needs"), "{out}");
}

/// At 60 columns the built-in list's long titles leave no room for the
/// words: each marked row shows `✗` alone, never words cut short.
#[test]
fn a_narrow_list_marks_with_the_sign_alone_never_cut_words() {
    let levels = muscleman_cli::builtin::levels()
        .expect("built-in")
        .collection
        .levels;
    let mut app =
        App::new(levels, 0, "Built-in", Rules::SOKOBAN, Progress::in_memory()).expect("app");
    app.open_browser();
    let s = screen(&app, 60, 18);
    for line in s.lines().filter(|l| l.contains("✗ needs")) {
        assert!(line.contains("✗ needs Muscleman rules"), "cut: {line}\n{s}");
    }
    assert!(s.lines().filter(|l| l.contains('✗')).count() > 3, "{s}");
}
