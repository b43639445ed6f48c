//! The game's key bindings: one table (key, action, the name the help
//! shows), separate from the MOVES letters, with today's keys exactly;
//! keys outside the table do nothing.

mod common;

use common::app_of;
use muscleman_cli::moves;
use muscleman_cli::play::{App, GameAction, KEY_BINDINGS, Key, Overlay, action_for, key_legend};
use muscleman_cli::progress::Progress;
use muscleman_core::{GridDir, Input};
use muscleman_level::Collection;
use muscleman_sim::{Command, Rules};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const TINY: &str = "; Tiny\n#######\n#@ $ .#\n#######\n\n; Second\n#####\n#@$.#\n#####\n";

fn plain(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ch(c: char) -> Key {
    Key::plain(KeyCode::Char(c))
}

#[test]
fn the_table_holds_todays_bindings_exactly() {
    use GameAction::*;
    let (up, down) = (
        Step(Input::Move(GridDir::Up)),
        Step(Input::Move(GridDir::Down)),
    );
    let (left, right) = (
        Step(Input::Move(GridDir::Left)),
        Step(Input::Move(GridDir::Right)),
    );
    let expected = [
        (Key::plain(KeyCode::Up), up),
        (ch('w'), up),
        (ch('k'), up),
        (Key::plain(KeyCode::Down), down),
        (ch('s'), down),
        (ch('j'), down),
        (Key::plain(KeyCode::Left), left),
        (ch('a'), left),
        (ch('h'), left),
        (Key::plain(KeyCode::Right), right),
        (ch('d'), right),
        (ch('l'), right),
        (ch('g'), Step(Input::Grab)),
        (ch('p'), Step(Input::Drop)),
        (ch('['), Step(Input::SwingLeft)),
        (ch(']'), Step(Input::SwingRight)),
        (ch('.'), Step(Input::Wait)),
        (ch('z'), Undo),
        (ch('u'), Undo),
        (Key::plain(KeyCode::Backspace), Undo),
        (ch('y'), Redo),
        (ch('r'), Restart),
        (ch('n'), NextLevel),
        (Key::plain(KeyCode::PageDown), NextLevel),
        (ch('b'), PreviousLevel),
        (Key::plain(KeyCode::PageUp), PreviousLevel),
        (Key::plain(KeyCode::Enter), GoOn),
        (ch(' '), GoOn),
        (Key::plain(KeyCode::Tab), Levels),
        (ch('?'), Help),
        (Key::plain(KeyCode::F(1)), Help),
        (ch('i'), Hint),
        (ch('f'), LookFloor),
        (ch('x'), Inspect),
        (ch('c'), CopyMoves),
        (ch('v'), PlayBack),
        (ch('+'), Faster),
        (ch('='), Faster),
        (ch('-'), Slower),
        (ch('m'), Bell),
        (ch('q'), Quit),
        (Key::plain(KeyCode::Esc), AskQuit),
        (Key::ctrl(KeyCode::Char('c')), Quit),
    ];
    let table: Vec<(Key, GameAction)> = KEY_BINDINGS.iter().map(|b| (b.key, b.action)).collect();
    assert_eq!(table, expected);
    for b in KEY_BINDINGS {
        assert!(!b.label.is_empty(), "{b:?}");
        if let KeyCode::Char(c) = b.key.code
            && c.is_ascii_alphabetic()
            && !b.key.ctrl
        {
            assert_eq!(b.label, c.to_string(), "a letter is labelled by itself");
        }
        assert!(!b.action.description().is_empty(), "{b:?}");
        let same = KEY_BINDINGS.iter().filter(|o| o.key == b.key).count();
        assert_eq!(same, 1, "{:?} is bound twice", b.key);
    }
}

#[test]
fn letters_match_in_either_case_and_ctrl_only_with_c() {
    for b in KEY_BINDINGS {
        let KeyCode::Char(c) = b.key.code else {
            continue;
        };
        let modifiers = if b.key.ctrl {
            KeyModifiers::CONTROL
        } else {
            KeyModifiers::NONE
        };
        let upper = KeyEvent::new(KeyCode::Char(c.to_ascii_uppercase()), modifiers);
        assert_eq!(action_for(upper), Some(b.action), "{c:?}");
    }
    // With Ctrl held, only Ctrl-C does anything.
    for c in ['w', 'z', 'q', 'r', 'n'] {
        let event = KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(action_for(event), None, "Ctrl-{c}");
    }
    // Plain `c` copies the moves; only Ctrl-C quits.
    assert_eq!(
        action_for(plain(KeyCode::Char('c'))),
        Some(GameAction::CopyMoves)
    );
}

/// The game's keys are not the MOVES letters: `u` is undo in the game and
/// up in MOVES. Grab, drop and the swings share theirs (`g p [ ]`, rules.md
/// §7), and the game gives each the input its MOVES letter gives.
#[test]
fn game_keys_are_not_moves_letters() {
    assert_eq!(
        action_for(plain(KeyCode::Char('u'))),
        Some(GameAction::Undo)
    );
    assert_eq!(
        moves::parse("u").ok(),
        Some(vec![Command::Step(Input::Move(GridDir::Up))])
    );
    for (c, input) in [
        ('g', Input::Grab),
        ('p', Input::Drop),
        ('[', Input::SwingLeft),
        (']', Input::SwingRight),
    ] {
        assert_eq!(
            action_for(plain(KeyCode::Char(c))),
            Some(GameAction::Step(input)),
            "{c}"
        );
        assert_eq!(
            moves::parse(&c.to_string()).ok(),
            Some(vec![Command::Step(input)]),
            "{c}"
        );
    }
}

/// Grab, drop and the swings step the sim with their input: the game and
/// `replay` with the same letters end in the same state.
#[test]
fn grab_drop_and_swing_keys_step_the_sim() {
    let text = "legend: k = KeyRed\n#######\n#@k   #\n#     #\n#######\n";
    let levels = Collection::parse(text).expect("levels").levels;
    let mut app = App::new(
        levels.clone(),
        0,
        "T",
        Rules::MUSCLEMAN,
        Progress::in_memory(),
    )
    .expect("app");
    let mut game = muscleman_sim::Game::new(&levels[0], Rules::MUSCLEMAN).expect("game");
    for c in "dugp[]g]".chars() {
        let key = match c {
            'd' => KeyCode::Right,
            'u' => KeyCode::Down,
            other => KeyCode::Char(other),
        };
        app.handle_key(plain(key));
        let input = match c {
            'd' => Input::Move(GridDir::Right),
            'u' => Input::Move(GridDir::Down),
            'g' => Input::Grab,
            'p' => Input::Drop,
            '[' => Input::SwingLeft,
            _ => Input::SwingRight,
        };
        game.apply(Command::Step(input)).expect("step");
        assert_eq!(app.game().state_hash(), game.state_hash(), "after {c}");
        assert_eq!(app.game().view(), game.view(), "after {c}");
    }
}

#[test]
fn keys_outside_the_table_do_nothing() {
    let mut others: Vec<KeyCode> = (' '..='~')
        .filter(|c| {
            KEY_BINDINGS
                .iter()
                .all(|b| b.key.code != KeyCode::Char(c.to_ascii_lowercase()) || b.key.ctrl)
        })
        .map(KeyCode::Char)
        .collect();
    others.extend([
        KeyCode::BackTab,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Insert,
        KeyCode::Delete,
        KeyCode::F(12),
        KeyCode::Char('é'),
    ]);
    assert!(others.contains(&KeyCode::Char('o')));
    for code in others {
        assert_eq!(action_for(plain(code)), None, "{code:?}");
        let mut app = app_of(TINY);
        app.handle_key(plain(KeyCode::Right));
        let before = (app.game().state_hash(), app.game().undo_depth());
        app.handle_key(plain(code));
        assert_eq!(
            (app.game().state_hash(), app.game().undo_depth()),
            before,
            "{code:?}"
        );
        assert_eq!(app.level_index(), 0, "{code:?}");
        assert!(!app.should_quit(), "{code:?}");
    }
}

/// Every input of the sim has a key: a new input is stepped by the key its
/// binding gives it, and this fails until it has one.
#[test]
fn every_input_has_a_key() {
    for input in Input::ALL {
        assert!(
            KEY_BINDINGS
                .iter()
                .any(|b| b.action == GameAction::Step(input)),
            "{input:?} has no key"
        );
    }
}

#[test]
fn every_binding_does_what_the_table_says() {
    for b in KEY_BINDINGS {
        let mut app = app_of(TINY);
        // One step in, so undo and restart have something to do.
        app.handle_key(plain(KeyCode::Right));
        let modifiers = if b.key.ctrl {
            KeyModifiers::CONTROL
        } else {
            KeyModifiers::NONE
        };
        app.handle_key(KeyEvent::new(b.key.code, modifiers));
        let moves = app.game().stats().moves;
        match b.action {
            GameAction::Step(Input::Move(GridDir::Right)) => assert_eq!(moves, 2, "{b:?}"),
            GameAction::Step(Input::Move(GridDir::Left)) => assert_eq!(moves, 2, "{b:?}"),
            // Walls above and below: a bump, no move.
            GameAction::Step(Input::Move(GridDir::Up | GridDir::Down)) => {
                assert_eq!(moves, 1, "{b:?}")
            }
            GameAction::Undo => assert_eq!(moves, 0, "{b:?}"),
            GameAction::Redo => assert_eq!(moves, 1, "{b:?}"),
            GameAction::Restart => {
                assert_eq!(moves, 0, "{b:?}");
                assert_eq!(app.game().undo_depth(), 2, "restart is an undo step");
            }
            GameAction::NextLevel | GameAction::PreviousLevel => {
                assert_eq!(app.level_index(), 1, "{b:?}")
            }
            // Not solved: nothing happens.
            GameAction::GoOn => {
                assert_eq!((moves, app.level_index()), (1, 0), "{b:?}")
            }
            GameAction::Quit => assert!(app.should_quit(), "{b:?}"),
            GameAction::AskQuit => {
                assert!(!app.should_quit(), "{b:?}");
                assert!(
                    app.message().is_some_and(|m| m.starts_with("Quit?")),
                    "{b:?}"
                );
            }
            GameAction::Levels => {
                assert_eq!(app.overlay(), Overlay::Browser { selected: 0 }, "{b:?}")
            }
            GameAction::Help => assert_eq!(app.overlay(), Overlay::Help, "{b:?}"),
            GameAction::CopyMoves => assert_eq!(app.take_clipboard().as_deref(), Some("r")),
            // No solution kept: a message, the position stays.
            GameAction::PlayBack => {
                assert_eq!(moves, 1, "{b:?}");
                assert!(app.message().is_some_and(|m| m.contains("No solution")));
            }
            GameAction::Hint | GameAction::Faster | GameAction::Slower => {
                assert_eq!((moves, app.level_index()), (1, 0), "{b:?}")
            }
            // One floor here: nothing moves, a word says why.
            GameAction::LookFloor => {
                assert_eq!(moves, 1, "{b:?}");
                assert_eq!(app.message(), Some("This level has one floor"));
            }
            // A look at the player's cell: nothing moves.
            GameAction::Inspect => {
                assert_eq!((moves, app.level_index()), (1, 0), "{b:?}");
                assert!(app.inspecting().is_some(), "{b:?}");
            }
            // Nothing here moves by itself: the wait changes nothing, and says so.
            GameAction::Step(Input::Wait) => {
                assert_eq!((moves, app.game().undo_depth()), (1, 1), "{b:?}");
                assert_eq!(app.game().commands().len(), 1, "no wait is played");
                assert_eq!(
                    app.message(),
                    Some("You wait: nothing here moves by itself")
                );
            }
            // The bell, off at start, is on; nothing moves.
            GameAction::Bell => {
                assert_eq!(moves, 1, "{b:?}");
                assert!(app.bell_on(), "{b:?}");
            }
            // Not moves: the player stays where it is (facing the box).
            GameAction::Step(Input::Grab | Input::Drop | Input::SwingLeft | Input::SwingRight) => {
                assert_eq!((moves, app.level_index()), (1, 0), "{b:?}")
            }
        }
    }
}

#[test]
fn the_legend_names_every_action_once_with_all_its_keys() {
    let legend = key_legend();
    for b in KEY_BINDINGS {
        let line = legend
            .iter()
            .find(|l| l.description == b.action.description())
            .unwrap_or_else(|| panic!("{b:?} is not in the legend"));
        assert!(line.keys.split(' ').any(|k| k == b.label), "{line:?}");
    }
    let mut descriptions: Vec<&str> = legend.iter().map(|l| l.description).collect();
    descriptions.dedup();
    assert_eq!(descriptions.len(), legend.len(), "{legend:?}");
    assert_eq!(legend[0].keys, "↑ w k ↓ s j ← a h → d l");
    assert_eq!(legend[0].description, "move");
}

/// `play --help` lists the keys from the same table.
#[test]
fn play_help_lists_every_key() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muscleman"))
        .args(["play", "--help"])
        .output()
        .expect("run muscleman");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains(&muscleman_cli::play::keys_help()), "{help}");
    for line in key_legend() {
        assert!(
            help.contains(&format!("{}: {}", line.keys, line.description)),
            "{help}"
        );
    }
}
