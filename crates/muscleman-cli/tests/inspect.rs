//! Nothing hidden (issue 28): what a box holds is marked on it and named
//! in the legend, and a cell's whole stack (a box on water, a box on a
//! pressed plate, the player on a goal) is told by the look key `x`, a
//! right click, or the mouse resting on the cell, with colours and
//! without.

mod common;

use common::{app_of, key, screen};
use muscleman_cli::play::App;
use muscleman_cli::progress::Progress;
use muscleman_core::GridPos;
use muscleman_level::Collection;
use muscleman_sim::Rules;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

/// A box on water, a box on a red plate (which opens the red door), the
/// player on a goal, a box holding an apple and a red key... on a goal.
const STACKS: &str = "; Stacks
legend: w = WaterCell Box
legend: P = PressurePlateRed Box
legend: g = Player Goal
legend: k = Box(KeyRed Apple) Goal
legend: D = DoorRed
#########
#g w P k#
#     D #
#########
";

fn app(color: bool) -> App {
    let mut app = app_of(STACKS);
    app.set_color(color);
    app
}

/// The board's text (left of the 28 columns of the panel) as one line,
/// frames and wrapping gone: what the look box says, however narrow the
/// window.
fn flat(s: &str) -> String {
    s.lines()
        .map(|l| {
            let board: String = l.chars().take(l.chars().count() - 28).collect();
            board.trim().trim_matches('│').trim().to_owned()
        })
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn mouse(app: &mut App, kind: MouseEventKind, column: u16, row: u16) {
    app.handle_mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    });
}

/// Return the screen cell where the board draws level cell `at`.
fn cell_on_screen(app: &App, width: u16, height: u16, at: GridPos) -> (u16, u16) {
    screen(app, width, height);
    for row in 0..height {
        for column in 0..width {
            if app.cell_at(column, row) == Some(at) {
                return (column, row);
            }
        }
    }
    panic!("{at:?} is not on the board");
}

#[test]
fn a_box_with_contents_is_marked_and_named_with_them() {
    for color in [true, false] {
        let s = screen(&app(color), 100, 30);
        assert!(s.contains("[r██"), "the box with a red key shows r:\n{s}");
        // The legend names what it holds, on a second line if need be.
        assert!(s.contains("[r box with red key and"), "{s}");
        assert!(s.contains("   apple"), "{s}");
    }
}

#[test]
fn the_look_key_tells_a_cells_whole_stack_and_the_arrows_move_it() {
    for color in [true, false] {
        for (w, h) in [(100, 30), (80, 24), (60, 18)] {
            let mut app = app(color);
            key(&mut app, KeyCode::Char('x'));
            assert_eq!(app.inspecting(), Some(GridPos::new(1, 1)));
            let s = screen(&app, w, h);
            assert!(s.contains("row 2 column 2"), "{w}×{h}:\n{s}");
            assert!(flat(&s).contains("@↓ you on () goal"), "{w}×{h}:\n{s}");
            for (right, expected) in [
                (2, "[] box on ≈≈ water"),
                (2, "[] box on =r pressed red plate"),
                (2, "[r box with red key and apple on () goal"),
            ] {
                for _ in 0..right {
                    key(&mut app, KeyCode::Right);
                }
                let s = screen(&app, w, h);
                assert!(flat(&s).contains(expected), "{w}×{h}: {expected}:\n{s}");
            }
            // What the box holds is explained too.
            let s = screen(&app, 100, 30);
            assert!(
                flat(&s).contains("red key (inside): push or carry it"),
                "{s}"
            );
            // Looking moves nothing; Esc stops looking and does not quit.
            assert_eq!(app.game().stats().moves, 0);
            key(&mut app, KeyCode::Esc);
            assert_eq!(app.inspecting(), None);
            assert!(!app.should_quit());
            assert!(!screen(&app, w, h).contains("row 2 column 8"));
        }
    }
}

#[test]
fn another_key_stops_looking_and_does_what_it_does() {
    let mut app = app(true);
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(app.inspecting(), None, "x again stops");
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.inspecting(), None);
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

#[test]
fn the_mouse_resting_on_a_cell_says_what_it_holds_and_a_right_click_looks() {
    let mut app = app(false);
    let (column, row) = cell_on_screen(&app, 80, 24, GridPos::new(5, 1));
    mouse(&mut app, MouseEventKind::Moved, column, row);
    let s = screen(&app, 80, 24);
    let status = s.lines().last().unwrap_or_default();
    assert!(
        status.contains("row 2 column 6: box on pressed red plate"),
        "{status}"
    );
    mouse(
        &mut app,
        MouseEventKind::Down(MouseButton::Right),
        column,
        row,
    );
    assert_eq!(app.inspecting(), Some(GridPos::new(5, 1)));
    // While looking, a click moves the look and walks nowhere.
    let (column, row) = cell_on_screen(&app, 80, 24, GridPos::new(3, 1));
    mouse(
        &mut app,
        MouseEventKind::Down(MouseButton::Left),
        column,
        row,
    );
    assert_eq!(app.inspecting(), Some(GridPos::new(3, 1)));
    assert_eq!(app.game().stats().moves, 0);
    // Off the board, the status line has nothing to say of a cell.
    mouse(&mut app, MouseEventKind::Moved, 0, 0);
    key(&mut app, KeyCode::Esc);
    let s = screen(&app, 80, 24);
    assert!(!s.lines().last().unwrap_or_default().contains("x "), "{s}");
}

/// A thing in a state with words of its own is told by those: a sunk heavy
/// box fills its water, it is no box to push.
#[test]
fn a_sunk_heavy_box_is_told_as_it_is_now() {
    let levels = Collection::parse("#######\n#@&~ .#\n#  $  #\n#######\n")
        .expect("level")
        .levels;
    let mut app =
        App::new(levels, 0, "Test", Rules::MUSCLEMAN, Progress::in_memory()).expect("app");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Right);
    let s = flat(&screen(&app, 100, 30));
    assert!(s.contains("sunk heavy box on ≈≈ water"), "{s}");
    assert!(
        s.contains("sunk heavy box: it fills its water for good"),
        "{s}"
    );
    assert!(!s.contains("too heavy to grab"), "{s}");
}

/// At 60×18 the look box has little room: where it cuts the words, its
/// last row says how many more and where they all are.
#[test]
fn a_look_box_cut_short_says_so() {
    let level = "legend: b = Box(Apple KeyRed)\nlegend: o = Bong(KeyRed KeyBlue)\n\
                 #######\n#@b o.#\n#  . .#\n#######\n";
    let levels = muscleman_level::Collection::parse(level).expect("l").levels;
    let mut app = App::new(
        levels,
        0,
        "Test",
        muscleman_sim::Rules::MUSCLEMAN,
        muscleman_cli::progress::Progress::in_memory(),
    )
    .expect("app");
    key(&mut app, KeyCode::Char('x'));
    key(&mut app, KeyCode::Right);
    let s = screen(&app, 60, 18);
    assert!(s.contains("… 13 more lines: ? help"), "{s}");
    // With room, the whole of it and no such line.
    let s = screen(&app, 100, 40);
    assert!(!s.contains("more line"), "{s}");
}
