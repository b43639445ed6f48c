//! The game's key bindings: one table, [`KEY_BINDINGS`], that the key
//! handling, the panel's legend, the help overlay and `play --help` all
//! read.

use muscleman_core::{GridDir, Input};
use muscleman_play::hint::HintKeys;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// What a key does in the game: a step of the sim with one of its inputs,
/// or one of the game's own actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameAction {
    /// Step the sim with an input: walk (and push) one cell, grab the
    /// liftable thing in front, put down what is held, swing, or wait (the
    /// player stays, what moves by itself moves).
    Step(Input),
    /// Take back the last undo step.
    Undo,
    /// Do again the last step taken back.
    Redo,
    /// Go back to the level's start (itself an undo step).
    Restart,
    /// Start the next level (the first after the last).
    NextLevel,
    /// Start the previous level (the last before the first).
    PreviousLevel,
    /// Once the level is solved, go on to the next one not solved yet (the
    /// next one when all are); nothing before.
    GoOn,
    /// Open the list of levels (the level browser).
    Levels,
    /// Show the help: the goal, the rules in use and every key.
    Help,
    /// Ask the solver for the next moves, in the background.
    Hint,
    /// Look at the next floor of a level of several, without moving (the
    /// player's floor again after the last).
    LookFloor,
    /// Look at a cell: a cursor the arrows move, and the whole stack of
    /// what the cell holds, each thing with its words.
    Inspect,
    /// Copy the moves from the start to here as LURD (OSC 52 clipboard).
    CopyMoves,
    /// Play back your best solution of this level from its start.
    PlayBack,
    /// Play back faster.
    Faster,
    /// Play back slower.
    Slower,
    /// Turn the terminal bell on a refused move on or off (off at start).
    Bell,
    /// Leave the game (the position is kept).
    Quit,
    /// Ask whether to leave the game (Esc on the board: Esc closes boxes,
    /// so a second Esc after a box it closed must not quit).
    AskQuit,
}

impl GameAction {
    /// Return what the help and the key legend call this action.
    pub const fn description(self) -> &'static str {
        match self {
            GameAction::Step(input) => match input {
                Input::Move(_) => "move",
                Input::Grab => "grab",
                Input::Drop => "drop",
                Input::SwingLeft => "swing left",
                Input::SwingRight => "swing right",
                Input::Wait => "wait",
            },
            GameAction::Undo => "undo",
            GameAction::Redo => "redo",
            GameAction::Restart => "restart",
            GameAction::NextLevel => "next level",
            GameAction::PreviousLevel => "previous level",
            GameAction::GoOn => "next unsolved level",
            GameAction::Levels => "levels",
            GameAction::Help => "help",
            GameAction::Hint => "hint",
            GameAction::LookFloor => "look at another floor",
            GameAction::Inspect => "look at a cell",
            GameAction::CopyMoves => "copy moves",
            GameAction::PlayBack => "play best solution",
            GameAction::Faster => "faster",
            GameAction::Slower => "slower",
            GameAction::Bell => "bell on/off",
            GameAction::Quit => "quit",
            GameAction::AskQuit => "ask to quit",
        }
    }
}

/// A key as the game tells keys apart: its code and whether Ctrl is held.
///
/// Letters are kept in lower case; Shift and Alt are not looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The key; letters in lower case.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
}

impl Key {
    /// Make the key `code` pressed without Ctrl.
    pub const fn plain(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }

    /// Make the key `code` pressed with Ctrl.
    pub const fn ctrl(code: KeyCode) -> Key {
        Key { code, ctrl: true }
    }

    /// Read a key event as the game sees it: letters in lower case, Ctrl or not.
    pub fn of(event: KeyEvent) -> Key {
        let code = match event.code {
            KeyCode::Char(c) => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        Key {
            code,
            ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
        }
    }
}

/// One key binding of the game: the key, what it does and the key's name.
///
/// The name is the one the help and the legend show; the action's own words
/// are [`GameAction::description`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyBinding {
    /// The key.
    pub key: Key,
    /// What it does.
    pub action: GameAction,
    /// The key's name for people, such as `↑`, `z` or `PageDown`.
    pub label: &'static str,
}

/// Make a binding of a key pressed without Ctrl.
const fn bind(code: KeyCode, action: GameAction, label: &'static str) -> KeyBinding {
    KeyBinding {
        key: Key::plain(code),
        action,
        label,
    }
}

/// Make a binding of a key pressed with Ctrl.
const fn bind_ctrl(code: KeyCode, action: GameAction, label: &'static str) -> KeyBinding {
    KeyBinding {
        key: Key::ctrl(code),
        action,
        label,
    }
}

use GameAction::{
    AskQuit, Bell, CopyMoves, Faster, GoOn, Help, Hint, Inspect, Levels, LookFloor, NextLevel,
    PlayBack, PreviousLevel, Quit, Redo, Restart, Slower, Step, Undo,
};
const UP: GameAction = Step(Input::Move(GridDir::Up));
const DOWN: GameAction = Step(Input::Move(GridDir::Down));
const LEFT: GameAction = Step(Input::Move(GridDir::Left));
const RIGHT: GameAction = Step(Input::Move(GridDir::Right));

/// Every key the terminal game answers to, one line a binding, in the order
/// the help lists them. Letters match in either case; a key not listed does
/// nothing. These are not the MOVES letters of `replay` (`u` is undo here,
/// up there), though grab, drop and the swings share theirs (`g p [ ]`);
/// `q` stays quit, so the swings have no `q`/`e` pair, and the previous
/// level moved from `p` to `b`. `.` waits (`w` in MOVES, up here), as in
/// the Godot project.
pub const KEY_BINDINGS: &[KeyBinding] = &[
    bind(KeyCode::Up, UP, "↑"),
    bind(KeyCode::Char('w'), UP, "w"),
    bind(KeyCode::Char('k'), UP, "k"),
    bind(KeyCode::Down, DOWN, "↓"),
    bind(KeyCode::Char('s'), DOWN, "s"),
    bind(KeyCode::Char('j'), DOWN, "j"),
    bind(KeyCode::Left, LEFT, "←"),
    bind(KeyCode::Char('a'), LEFT, "a"),
    bind(KeyCode::Char('h'), LEFT, "h"),
    bind(KeyCode::Right, RIGHT, "→"),
    bind(KeyCode::Char('d'), RIGHT, "d"),
    bind(KeyCode::Char('l'), RIGHT, "l"),
    bind(KeyCode::Char('g'), Step(Input::Grab), "g"),
    bind(KeyCode::Char('p'), Step(Input::Drop), "p"),
    bind(KeyCode::Char('['), Step(Input::SwingLeft), "["),
    bind(KeyCode::Char(']'), Step(Input::SwingRight), "]"),
    bind(KeyCode::Char('.'), Step(Input::Wait), "."),
    bind(KeyCode::Char('z'), Undo, "z"),
    bind(KeyCode::Char('u'), Undo, "u"),
    bind(KeyCode::Backspace, Undo, "Backspace"),
    bind(KeyCode::Char('y'), Redo, "y"),
    bind(KeyCode::Char('r'), Restart, "r"),
    bind(KeyCode::Char('n'), NextLevel, "n"),
    bind(KeyCode::PageDown, NextLevel, "PageDown"),
    bind(KeyCode::Char('b'), PreviousLevel, "b"),
    bind(KeyCode::PageUp, PreviousLevel, "PageUp"),
    bind(KeyCode::Enter, GoOn, "Enter"),
    bind(KeyCode::Char(' '), GoOn, "Space"),
    bind(KeyCode::Tab, Levels, "Tab"),
    bind(KeyCode::Char('?'), Help, "?"),
    bind(KeyCode::F(1), Help, "F1"),
    bind(KeyCode::Char('i'), Hint, "i"),
    bind(KeyCode::Char('f'), LookFloor, "f"),
    bind(KeyCode::Char('x'), Inspect, "x"),
    bind(KeyCode::Char('c'), CopyMoves, "c"),
    bind(KeyCode::Char('v'), PlayBack, "v"),
    bind(KeyCode::Char('+'), Faster, "+"),
    bind(KeyCode::Char('='), Faster, "="),
    bind(KeyCode::Char('-'), Slower, "-"),
    bind(KeyCode::Char('m'), Bell, "m"),
    bind(KeyCode::Char('q'), Quit, "q"),
    bind(KeyCode::Esc, AskQuit, "Esc"),
    bind_ctrl(KeyCode::Char('c'), Quit, "Ctrl-C"),
];

/// Return the first key bound to `action` (`"g"`), from the key table.
pub(super) fn key_of(action: GameAction) -> &'static str {
    KEY_BINDINGS
        .iter()
        .find(|b| b.action == action)
        .map_or("?", |b| b.label)
}

/// Return the keys a hint's message names (swing left and right, undo),
/// from the key table.
pub(super) fn hint_keys() -> HintKeys {
    HintKeys {
        swing_left: key_of(Step(Input::SwingLeft)),
        swing_right: key_of(Step(Input::SwingRight)),
        undo: key_of(GameAction::Undo),
    }
}

/// Return what a key press does in the game, if anything.
///
/// It is the action of the key's binding in [`KEY_BINDINGS`]; a key that has
/// none, and a key release, do nothing.
pub fn action_for(event: KeyEvent) -> Option<GameAction> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    let key = Key::of(event);
    KEY_BINDINGS.iter().find(|b| b.key == key).map(|b| b.action)
}

/// One line of the key legend: the keys of one action and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendLine {
    /// The keys' labels, space-separated, in table order.
    pub keys: String,
    /// What they do ([`GameAction::description`]).
    pub description: &'static str,
}

/// Return the key legend: one line per action, with every key bound to it.
///
/// Lines come in the order the table first names each action description.
///
/// The side panel (`play/ui.rs`) and `play --help` both draw from it.
pub fn key_legend() -> Vec<LegendLine> {
    let mut lines: Vec<LegendLine> = Vec::new();
    for b in KEY_BINDINGS {
        let description = b.action.description();
        match lines.iter_mut().find(|l| l.description == description) {
            Some(line) => {
                line.keys.push(' ');
                line.keys.push_str(b.label);
            }
            None => lines.push(LegendLine {
                keys: b.label.to_owned(),
                description,
            }),
        }
    }
    lines
}

/// Return the keys for `play --help`: the legend, one `KEYS: what` a line.
pub fn keys_help() -> String {
    let mut text = String::from("Keys:");
    for line in key_legend() {
        text.push_str(&format!("\n  {}: {}", line.keys, line.description));
    }
    text
}
