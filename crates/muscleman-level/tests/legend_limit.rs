//! A level holds at most 52 distinct cells without a fixed symbol, one per
//! legend letter, so every level prints.

use muscleman_core::{Contents, EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{Level, LevelError, MAX_LEGEND_CELLS};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

/// The `n`th of many distinct boxes: contents of one to three collectibles.
fn nth_box(n: usize) -> EntitySpec {
    let items = [R::Apple, R::Pear, R::Cheese, R::Coin];
    let mut contents = Vec::new();
    let mut k = n + 1;
    while k > 0 {
        k -= 1;
        contents.push(items[k % 4]);
        k /= 4;
    }
    EntitySpec::new(R::Box).with_contents(Contents::from_slice(&contents).unwrap())
}

/// A level with the player at (0, 0) and `n` distinct legend cells after it.
fn level_with(n: usize) -> Level {
    let mut level = Level::new(MAX_LEGEND_CELLS + 4, 2).unwrap();
    level.add(p(0, 0), R::Player).unwrap();
    for i in 0..n {
        level.add(p(i as i32 + 1, 0), nth_box(i)).unwrap();
    }
    level
}

#[test]
fn fifty_two_legend_cells_print_with_every_letter() {
    assert_eq!(MAX_LEGEND_CELLS, 52);
    let distinct: std::collections::BTreeSet<_> = (0..60).map(nth_box).collect();
    assert_eq!(distinct.len(), 60);
    let level = level_with(MAX_LEGEND_CELLS);
    let text = level.to_text();
    assert_eq!(text.matches("legend:").count(), 52);
    assert!(text.contains("legend: a = Box(Apple)\n"), "{text}");
    assert!(text.contains("legend: Z = "), "{text}");
    assert!(text.contains("\n@abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ---\n"));
    let mut read = Level::parse(&text).unwrap();
    assert_eq!(read, level);
    // A level read from text counts its cells as a built one does.
    let at = p(MAX_LEGEND_CELLS as i32 + 1, 0);
    assert_eq!(
        read.add(at, nth_box(MAX_LEGEND_CELLS)),
        Err(LevelError::TooManyLegendCells { pos: at })
    );
    read.add(p(1, 0), R::Goal).unwrap();
    assert_eq!(
        read.add(at, nth_box(MAX_LEGEND_CELLS)),
        Err(LevelError::TooManyLegendCells { pos: at })
    );
    read.remove(p(1, 0), R::Goal).unwrap();
    assert_eq!(read, level);
}

#[test]
fn the_53rd_distinct_legend_cell_is_refused() {
    let mut level = level_with(MAX_LEGEND_CELLS);
    let before = level.clone();
    let at = p(MAX_LEGEND_CELLS as i32 + 1, 0);
    assert_eq!(
        level.add(at, nth_box(MAX_LEGEND_CELLS)),
        Err(LevelError::TooManyLegendCells { pos: at })
    );
    // A cell with a fixed symbol, or a legend cell already used, is fine.
    level.add(at, R::Box).unwrap();
    level.add(p(1, 1), nth_box(0)).unwrap();
    // Turning a used legend cell into a new one is refused too...
    assert_eq!(
        level.add(p(1, 1), R::Goal),
        Err(LevelError::TooManyLegendCells { pos: p(1, 1) })
    );
    // ...unless it was the last of its kind: the count stays 52.
    level.remove(p(1, 1), nth_box(0)).unwrap();
    level.add(p(1, 0), R::Goal).unwrap();
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
    assert_ne!(level, before);
    let e = LevelError::TooManyLegendCells { pos: at };
    assert_eq!(
        e.to_string(),
        "the cell at row 1 column 54 would make one distinct cell without a fixed symbol too many: \
         a level has 52 legend letters"
    );
}

#[test]
fn removing_can_make_the_53rd_legend_cell_too() {
    let mut level = level_with(MAX_LEGEND_CELLS - 1);
    // The 52nd: a new box on a goal, in two cells.
    let last = nth_box(MAX_LEGEND_CELLS - 1);
    for x in [1, 2] {
        level
            .set_cell(p(x, 1), [last, EntitySpec::new(R::Goal)])
            .unwrap();
    }
    // Taking the goal from one would leave the box alone, a 53rd.
    assert_eq!(
        level.remove(p(1, 1), R::Goal),
        Err(LevelError::TooManyLegendCells { pos: p(1, 1) })
    );
    // Taking the box leaves a goal, which has its symbol.
    assert_eq!(level.remove(p(1, 1), last), Ok(true));
    // Now the box on a goal is in one cell only: it may change freely.
    assert_eq!(level.remove(p(2, 1), R::Goal), Ok(true));
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}
