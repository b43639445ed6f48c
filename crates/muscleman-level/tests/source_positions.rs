//! `Level::source_position`: where a cell was written, for messages about
//! problems found after reading.

use muscleman_core::{EntityRecipe as R, GridPos};
use muscleman_level::{Collection, Level};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

#[test]
fn plain_rows_give_each_cell_its_column() {
    let text = "; Title\nAuthor: me\nlegend: a = Coin\n  ####\n###a@#\n#   .#\n######\n";
    let level = Level::parse(text).unwrap();
    assert_eq!(level.source_position(p(0, 0)), Some((4, 1)));
    assert_eq!(level.source_position(p(2, 0)), Some((4, 3)));
    assert_eq!(level.source_position(p(3, 1)), Some((5, 4)));
    assert!(level.has(p(3, 1), R::Coin));
    assert_eq!(level.source_position(p(5, 3)), Some((7, 6)));
    // Outside the level: none.
    assert_eq!(level.source_position(p(6, 0)), None);
    assert_eq!(level.source_position(p(0, 4)), None);
    assert_eq!(level.source_position(p(-1, 0)), None);
}

#[test]
fn rows_after_a_bar_start_at_their_own_column() {
    let level = Level::parse("####|#@.#|####").unwrap();
    assert_eq!(level.source_position(p(2, 1)), Some((1, 8)));
    assert_eq!(level.source_position(p(0, 2)), Some((1, 11)));
}

#[test]
fn run_length_rows_give_their_first_column() {
    let level = Level::parse("4#|#@.#|2(##)\n#3 #\n").unwrap();
    assert_eq!(level.source_position(p(3, 0)), Some((1, 1)));
    assert_eq!(level.source_position(p(2, 1)), Some((1, 6)), "a plain row");
    assert_eq!(level.source_position(p(3, 2)), Some((1, 9)));
    assert_eq!(level.source_position(p(4, 3)), Some((2, 1)));
}

#[test]
fn each_level_of_a_collection_has_its_own_lines() {
    let text = "Title: Set\n\n; 1\n#@#\n\n; 2\n\n#.#\n#@#\n";
    let c = Collection::parse(text).unwrap();
    assert_eq!(c.levels[0].source_position(p(1, 0)), Some((4, 2)));
    assert_eq!(c.levels[1].source_position(p(1, 1)), Some((9, 2)));
    // Windows line endings and a byte order mark change nothing.
    let level = Level::parse("\u{feff};\r\n#@.#\r\n").unwrap();
    assert_eq!(level.source_position(p(3, 0)), Some((2, 4)));
}

#[test]
fn built_levels_have_no_positions_and_positions_are_not_content() {
    let mut built = Level::new(3, 1).unwrap();
    for (x, r) in [(0, R::WallStrong), (1, R::Player), (2, R::WallStrong)] {
        built.add(p(x, 0), r).unwrap();
    }
    let read = Level::parse("\n\n\n#@#").unwrap();
    assert_eq!(read, built, "equal wherever they come from");
    assert_eq!(read.source_position(p(1, 0)), Some((4, 2)));
    assert_eq!(built.source_position(p(1, 0)), None);
    let mut titled = Level::parse("; t\n\n#@#").unwrap();
    titled.set_title("").unwrap();
    assert_eq!(titled, read);
    // An edited level keeps where its rows were read.
    titled.add(p(1, 0), R::Goal).unwrap();
    assert_eq!(titled.source_position(p(1, 0)), Some((3, 2)));
}
