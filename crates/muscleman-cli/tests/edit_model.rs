//! The editor's model, without a terminal: every edit, its refusal where
//! the cell rules refuse it, and its undo and redo.

use muscleman_cli::diagnose::Severity;
use muscleman_cli::edit::Editor;
use muscleman_cli::edit::brushes::Brush;
use muscleman_cli::edit::shape::walled_room;
use muscleman_core::{EntityRecipe, EntitySpec, GridDir, GridPos, RecipeState};
use muscleman_level::Level;

fn room() -> Editor {
    Editor::new(walled_room(7, 5).expect("room"))
}

fn brush(editor: &mut Editor, spec: EntitySpec) {
    let i = editor
        .brushes()
        .iter()
        .position(|b| *b == Brush::Thing(spec))
        .expect("in the palette");
    editor.choose_brush(i);
}

fn thing(editor: &mut Editor, recipe: EntityRecipe) {
    brush(editor, EntitySpec::new(recipe));
}

/// The room with a goal, then a box on it, placed at (2, 2), the cursor
/// there.
fn box_on_goal() -> Editor {
    let mut e = room();
    e.set_cursor(at(2, 2));
    thing(&mut e, EntityRecipe::Goal);
    e.place();
    thing(&mut e, EntityRecipe::Box);
    e.place();
    e
}

fn at(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

#[test]
fn place_paints_the_brush_and_undo_and_redo_take_it_back_and_again() {
    let mut e = room();
    let start = e.level().clone();
    assert_eq!(e.cursor(), at(1, 1), "the cursor starts on the player");
    e.move_cursor(GridDir::Right);
    thing(&mut e, EntityRecipe::Box);
    assert_eq!(e.place(), "placed Box");
    assert!(e.level().has(at(2, 1), EntityRecipe::Box));
    assert!(e.is_dirty());
    let placed = e.level().clone();
    assert_eq!(e.undo(), "undone (0 more)");
    assert_eq!(e.level(), &start);
    assert_eq!(e.redo(), "redone (0 more)");
    assert_eq!(e.level(), &placed);
    assert_eq!(e.redo(), "nothing to redo");
}

#[test]
fn a_placement_the_rules_refuse_says_why_and_changes_nothing() {
    let mut e = room();
    e.move_cursor(GridDir::Up);
    assert_eq!(e.cursor(), at(1, 0));
    thing(&mut e, EntityRecipe::Box);
    let before = e.level().clone();
    let msg = e.place();
    assert!(msg.starts_with("Box cannot go there: "), "{msg}");
    assert_eq!(e.level(), &before);
    assert_eq!(e.history_len(), (0, 0));
    assert!(!e.is_dirty());
}

#[test]
fn placing_the_player_moves_it_and_undo_puts_it_back() {
    let mut e = room();
    e.set_cursor(at(4, 2));
    thing(&mut e, EntityRecipe::Player);
    assert_eq!(e.place(), "placed Player");
    assert_eq!(e.level().player(), Some(at(4, 2)));
    e.undo();
    assert_eq!(e.level().player(), Some(at(1, 1)));
}

#[test]
fn a_state_replaces_the_same_thing_in_another_state() {
    let mut e = room();
    e.set_cursor(at(3, 2));
    thing(&mut e, EntityRecipe::DoorRed);
    e.place();
    brush(
        &mut e,
        EntitySpec::new(EntityRecipe::DoorRed).with_state(RecipeState::Open),
    );
    e.place();
    assert_eq!(
        e.level().cell(at(3, 2)),
        &[EntitySpec::new(EntityRecipe::DoorRed).with_state(RecipeState::Open)]
    );
    e.undo();
    assert_eq!(e.level().cell(at(3, 2)), &[EntityRecipe::DoorRed.into()]);
}

#[test]
fn a_box_goes_onto_a_goal_and_x_takes_the_top_thing_away() {
    let mut e = box_on_goal();
    assert_eq!(e.cell().len(), 2);
    assert_eq!(e.erase(), "took away Box");
    assert_eq!(e.cell(), &[EntityRecipe::Goal.into()]);
    assert_eq!(e.erase(), "took away Goal");
    assert!(e.cell().is_empty());
    assert_eq!(e.erase(), "nothing to take away: the cell is bare floor");
    e.undo();
    e.undo();
    assert_eq!(e.cell().len(), 2);
    // The floor brush clears a cell at once.
    e.choose_brush(0);
    assert_eq!(e.brush(), Brush::Erase);
    assert_eq!(e.place(), "cleared");
    assert!(e.cell().is_empty());
}

#[test]
fn the_eyedropper_takes_the_thing_on_top() {
    let mut e = box_on_goal();
    thing(&mut e, EntityRecipe::WallStrong);
    assert_eq!(e.pick(), "brush: Box");
    assert_eq!(e.brush(), Brush::Thing(EntityRecipe::Box.into()));
    e.set_cursor(at(3, 3));
    assert_eq!(e.pick(), "brush: floor");
    assert_eq!(e.brush(), Brush::Erase);
}

#[test]
fn fill_paints_a_rectangle_in_one_undo_step_and_counts_refusals() {
    let mut e = room();
    thing(&mut e, EntityRecipe::WaterCell);
    assert!(e.fill().starts_with("mark a corner first"));
    e.set_cursor(at(2, 1));
    e.toggle_mark();
    e.set_cursor(at(4, 3));
    assert_eq!(e.fill(), "filled 9 cells with WaterCell");
    assert!(e.level().has(at(3, 2), EntityRecipe::WaterCell));
    assert_eq!(e.history_len(), (1, 0));
    e.undo();
    assert!(!e.level().has(at(3, 2), EntityRecipe::WaterCell));
    // Over the player's cell, a box is refused there and painted elsewhere.
    thing(&mut e, EntityRecipe::Box);
    e.set_cursor(at(1, 1));
    e.toggle_mark();
    e.set_cursor(at(2, 1));
    let msg = e.fill();
    assert!(
        msg.starts_with("filled 1 cell with Box; 1 cell refused (Box cannot go there: "),
        "{msg}"
    );
}

#[test]
fn a_drag_is_one_undo_step() {
    let mut e = room();
    thing(&mut e, EntityRecipe::WallWeak);
    e.begin_stroke();
    for x in 2..5 {
        e.paint(at(x, 3));
    }
    e.end_stroke();
    assert_eq!(e.history_len(), (1, 0));
    e.undo();
    assert!(!e.level().has(at(3, 3), EntityRecipe::WallWeak));
}

#[test]
fn resize_keeps_what_fits_moves_the_walls_round_and_undoes() {
    let mut e = room();
    e.set_cursor(at(5, 3));
    assert_eq!(e.resize(10, 8), "floor 1 is now 10×8");
    assert_eq!(e.size(), (10, 8));
    // A room walled round stays walled round: the walls move to the new edges.
    assert!(e.level().has(at(9, 7), EntityRecipe::WallStrong));
    assert!(!e.level().has(at(6, 4), EntityRecipe::WallStrong));
    assert_eq!(e.level().player(), Some(at(1, 1)));
    assert!(e.resize(0, 3).starts_with("cannot resize"));
    e.resize(4, 3);
    assert_eq!(e.cursor(), at(3, 2), "the cursor stays on the floor");
    e.undo();
    e.undo();
    assert_eq!(e.size(), (7, 5));
}

#[test]
fn floors_are_added_switched_and_removed_and_undone() {
    let mut e = room();
    assert_eq!(e.add_floor(), "added floor 2: the level has 2 floors");
    assert_eq!(e.floor(), 2);
    assert_eq!(e.switch_floor(false), "no floor 3: the level has 2 floors");
    assert_eq!(e.switch_floor(true), "floor 1 of 2");
    thing(&mut e, EntityRecipe::StairsUp);
    e.set_cursor(at(3, 2));
    e.place();
    // Unpaired stairs are an error at their cell until the other end is placed.
    let stairs = e
        .diagnostics()
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!(stairs.at, Some((1, at(3, 2))));
    e.switch_floor(false);
    thing(&mut e, EntityRecipe::StairsDown);
    e.place();
    assert!(
        e.diagnostics()
            .iter()
            .all(|d| !d.message.contains("unpaired"))
    );
    assert_eq!(e.remove_floor(), "removed floor 2");
    assert_eq!(e.level().floor_count(), 1);
    e.undo();
    assert_eq!(e.level().floor_count(), 2);
    assert_eq!(e.set_floor_name("Attic"), "floor 2 named Attic");
    assert_eq!(e.level().floor(2).and_then(|f| f.name()), Some("Attic"));
}

#[test]
fn title_and_metadata_are_set_removed_and_undone() {
    let mut e = room();
    assert_eq!(e.set_title("Key room"), "title: Key room");
    assert_eq!(e.set_metadata("Author: Ada"), "Author: Ada");
    assert_eq!(e.level().author(), Some("Ada"));
    assert!(e.set_metadata("no colon").starts_with("write metadata as"));
    assert!(e.set_metadata("Title: x").starts_with("cannot set Title"));
    e.set_metadata("Author:");
    assert_eq!(e.level().author(), None);
    e.undo();
    e.undo();
    e.undo();
    assert_eq!(e.level().title(), None);
}

#[test]
fn diagnostics_follow_the_edits() {
    let mut e = Editor::new(Level::parse("#####\n#@$.#\n#####\n").expect("level"));
    assert!(e.diagnostics().is_empty());
    e.set_cursor(at(2, 1));
    e.erase();
    let d = e.diagnostics();
    assert_eq!(d.len(), 1);
    assert!(d[0].message.contains("1 goal but only 0 boxes"));
    e.undo();
    assert!(e.diagnostics().is_empty());
    e.mark_saved();
    assert!(!e.is_dirty());
}

#[test]
fn the_editor_page_lists_every_key_of_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/editor.md");
    let page = std::fs::read_to_string(path).expect("docs/editor.md");
    for k in muscleman_cli::edit::keys::EDIT_KEYS {
        if !k.keys.is_empty() {
            assert!(
                page.contains(&format!("`{}`", k.keys)),
                "{} is missing",
                k.keys
            );
        }
    }
}

#[test]
fn shift_arrows_move_and_paint() {
    use muscleman_cli::edit::keys::{EditAction, action_for};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let shift_right = KeyEvent::new(KeyCode::Right, KeyModifiers::SHIFT);
    assert_eq!(
        action_for(shift_right),
        Some(EditAction::PaintMove(GridDir::Right))
    );
    let plain = KeyEvent::new(KeyCode::Right, KeyModifiers::NONE);
    assert_eq!(action_for(plain), Some(EditAction::Move(GridDir::Right)));
}
