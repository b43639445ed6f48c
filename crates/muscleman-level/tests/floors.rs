//! Floors and stairs in the level format (rules.md §6 "Floors"): reading,
//! printing, the errors, and building floors by hand.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{
    Collection, Level, LevelError, MAX_FLOORS, ParseErrorKind as K, UnpairedStairs,
};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

/// The errors of `text` as `line:column: message` lines.
fn errors(text: &str) -> String {
    Collection::parse(text).unwrap_err().to_string()
}

const TOWER: &str = "\
; Tower
Author: me
legend: a = StairsUp
legend: b = StairsDown
floor: Ground
#####
#@ a#
#####
floor: Attic
#####
#$.b#
#####
";

#[test]
fn floors_read_with_their_own_coordinates_and_print_back() {
    let level = Level::parse(TOWER).unwrap();
    assert_eq!(level.floor_count(), 2);
    assert_eq!(level.title(), Some("Tower"));
    assert_eq!(level.author(), Some("me"));
    let names: Vec<_> = level.floors().map(|f| f.name()).collect();
    assert_eq!(names, [Some("Ground"), Some("Attic")]);
    assert!(level.has(p(3, 1), R::StairsUp));
    let attic = level.floor(2).unwrap();
    assert!(attic.has(p(3, 1), R::StairsDown));
    assert!(attic.has(p(1, 1), R::Box));
    assert_eq!(attic.source_position(p(1, 1)), Some((11, 2)));
    assert_eq!(
        (level.player(), level.player_floor()),
        (Some(p(1, 1)), Some(1))
    );
    assert!(level.floor(3).is_none() && level.floor(0).is_none());
    assert_eq!(level.to_text(), TOWER);
    assert!(level.unpaired_stairs().is_empty());
    // Floor 1's API is the old one.
    assert_eq!(level.entities().count(), 14);
    assert_eq!(level.entities_on(2).count(), 15);
    assert_eq!(level.entities_on(3).count(), 0);
    assert_eq!(level.all_entities().count(), 29);
    assert_eq!(level.all_entities().filter(|(f, ..)| *f == 2).count(), 15);
}

#[test]
fn legend_lines_after_a_floor_line_serve_the_floors_above() {
    let text = "#@a\nfloor:\nlegend: a = Coin\na a\nfloor:\n a\n";
    // `a` is used on floor 1 above its definition.
    assert_eq!(
        errors(text),
        "1:3: legend letter 'a' is used above its definition on line 3, expected its legend line \
         above its first use"
    );
    let ok = "\
legend: u = StairsUp
#@u
floor:
legend: d = StairsDown
legend: c = Coin
  d
 u
floor:
c
 d
";
    let level = Level::parse(ok).unwrap_or_else(|e| panic!("{e}"));
    assert!(level.floor(3).unwrap().has(p(0, 0), R::Coin));
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn a_floor_line_above_the_first_row_names_floor_1() {
    let level = Level::parse("floor: Cellar\n#@#\n").unwrap();
    assert_eq!(level.floor_count(), 1);
    assert_eq!(level.floor(1).unwrap().name(), Some("Cellar"));
    assert_eq!(level.to_text(), "floor: Cellar\n#@#\n");
    // Any case, spaces around the name.
    let level = Level::parse("FLOOR:   Big Hall  \n#@#\n").unwrap();
    assert_eq!(level.floor(1).unwrap().name(), Some("Big Hall"));
    // Unnamed, it prints as a plain level.
    assert_eq!(Level::parse("Floor:\n#@#\n").unwrap().to_text(), "#@#\n");
    // Not metadata.
    assert_eq!(Level::parse("floor: x\n#@#\n").unwrap().metadata().len(), 0);
}

#[test]
fn several_floors_print_a_floor_line_before_each_and_empty_rows_as_dashes() {
    let level = Level::parse("#@\nfloor:\n$\n-\n#\n").unwrap();
    assert_eq!(level.floor(2).unwrap().height(), 3);
    assert_eq!(level.to_text(), "floor:\n#@\nfloor:\n$\n-\n#\n");
}

#[test]
fn collections_keep_their_levels_apart() {
    let text = "; 1\n#@\nfloor: Up\n.$\n\n; 2\nfloor: Only\n@.\n";
    let c = Collection::parse(text).unwrap();
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].floor_count(), 2);
    assert_eq!(c.levels[1].floor(1).unwrap().name(), Some("Only"));
    assert_eq!(Collection::parse(&c.to_text()).unwrap(), c);
}

#[test]
fn unpaired_stairs_are_errors_at_the_stairs_naming_the_missing_cell() {
    let text = "\
legend: u = StairsUp
legend: d = StairsDown
#@u d
floor:
d  u
";
    assert_eq!(
        errors(text),
        "\
3:3: unpaired StairsUp, expected StairsDown in the same cell one floor up, at floor 2 row 1 column 3
3:5: unpaired StairsDown on floor 1, the lowest floor: stairs down need a floor below (floors count up from the first in the file; did you mean StairsUp?)
5:1: unpaired StairsDown, expected StairsUp in the same cell one floor down, at floor 1 row 1 column 1
5:4: unpaired StairsUp on floor 2, the top floor: stairs up need a floor above (floors count up from the first in the file; did you mean StairsDown?)"
    );
    let e = Level::parse(text).unwrap_err();
    assert_eq!(
        e.errors()[0].kind,
        K::UnpairedStairs(UnpairedStairs {
            stairs: R::StairsUp,
            floor: 1,
            pos: p(2, 0),
            floors: 2
        })
    );
}

#[test]
fn a_floor_line_with_no_rows_is_an_error_at_the_line() {
    assert_eq!(
        errors("#@\nfloor: A\n"),
        "2:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
    assert_eq!(
        errors("#@\nfloor: A\nfloor: B\n#\n"),
        "2:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
    assert_eq!(
        errors("#@\nfloor: A\n\n#@\n"),
        "2:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
    assert_eq!(
        errors("floor: A\n\n#@\n"),
        "1:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
    assert_eq!(
        errors("floor: A\nfloor: B\n#@\n"),
        "1:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
    assert_eq!(
        errors("#@\nfloor: A\n; comment\n"),
        "2:1: 'floor:' line with no rows, expected the floor's grid rows below it"
    );
}

#[test]
fn one_player_in_the_whole_level() {
    assert_eq!(
        errors("#.\nfloor:\n$ \n"),
        "1:1: level has no player, expected exactly one ('@' or '+')"
    );
    assert_eq!(
        errors("#@\nfloor:\n @\n"),
        "3:2: level has 2 players, at floor 1 row 1 column 2, floor 2 row 1 column 2, expected exactly one"
    );
}

#[test]
fn stairs_share_their_cell_only_with_one_thing_that_moves() {
    let e = errors("legend: a = StairsUp Goal\nlegend: b = WaterCell StairsDown\n#@ab\n");
    let moves = "stairs hold only one thing that moves: Player, Box, HeavyBox, Hammer, KeyBlue, \
                 KeyRed, KeyYellow, KeyGreen, Duck, Bong, Book, Ghost";
    assert_eq!(
        e,
        format!(
            "1:22: Goal cannot stand on the stairs StairsUp: {moves}\n\
             2:23: WaterCell cannot stand on the stairs StairsDown: {moves}\n\
             3:3: unpaired StairsUp: the level has one floor, and stairs up need a floor above \
             (add a 'floor:' line and its rows)"
        )
    );
    let level =
        Level::parse("legend: a = StairsUp Box\nlegend: b = StairsDown Player\na\nfloor:\nb\n")
            .unwrap();
    assert_eq!(
        level.cell(p(0, 0)),
        [EntitySpec::new(R::Box), EntitySpec::new(R::StairsUp)]
    );
    assert_eq!(level.player_floor(), Some(2));
    let mut copy = Level::new(1, 1).unwrap();
    copy.add(p(0, 0), R::StairsUp).unwrap();
    assert!(matches!(
        copy.add(p(0, 0), R::WallStrong),
        Err(LevelError::NotOnStairs { .. })
    ));
    assert!(matches!(
        copy.add(p(0, 0), R::Coin),
        Err(LevelError::NotOnStairs { .. })
    ));
    copy.add(p(0, 0), R::KeyRed).unwrap();
}

#[test]
fn a_letter_defined_twice_in_a_level_is_an_error() {
    assert_eq!(
        errors("legend: a = Coin\n#@a\nfloor:\nlegend: a = Pear\na\n"),
        "4:9: legend letter 'a' is already defined on line 1"
    );
}

#[test]
fn floors_built_by_hand() {
    let mut level = Level::new(2, 1).unwrap();
    assert_eq!(
        level.add_on(2, p(0, 0), R::Box),
        Err(LevelError::NoFloor(2))
    );
    assert_eq!(
        level.add_on(0, p(0, 0), R::Box),
        Err(LevelError::NoFloor(0))
    );
    assert_eq!(level.add_floor(3, 2), Ok(2));
    assert_eq!(level.add_on(2, p(2, 1), R::Player), Ok(()));
    assert_eq!(level.player_floor(), Some(2));
    assert_eq!(
        level.add(p(0, 0), R::Player),
        Err(LevelError::SecondPlayer(p(2, 1)))
    );
    assert_eq!(
        level.set_floor_name(2, "a\nb"),
        Err(LevelError::FloorNameLineBreak(2))
    );
    assert_eq!(level.set_floor_name(3, "x"), Err(LevelError::NoFloor(3)));
    level.set_floor_name(2, " Roof ").unwrap();
    assert_eq!(level.floor(2).unwrap().name(), Some("Roof"));
    level.set_cell_on(2, p(0, 0), [R::StairsDown]).unwrap();
    assert_eq!(level.unpaired_stairs().len(), 1);
    level.add(p(0, 0), R::StairsUp).unwrap();
    assert!(level.unpaired_stairs().is_empty());
    assert_eq!(level.remove_on(2, p(2, 1), R::Player), Ok(true));
    assert_eq!(level.player_floor(), None);
    level.add(p(1, 0), R::Player).unwrap();
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
    assert!(matches!(
        level.add_floor(5000, 1),
        Err(LevelError::TooLarge { .. })
    ));
    assert_eq!(level.add_floor(1000, 2000), Ok(3));
    assert!(matches!(
        level.add_floor(1000, 2000),
        Err(LevelError::TooLarge { .. })
    ));
    let mut many = Level::new(1, 1).unwrap();
    while many.floor_count() < MAX_FLOORS {
        many.add_floor(1, 1).unwrap();
    }
    assert_eq!(many.add_floor(1, 1), Err(LevelError::TooManyFloors));
}

#[test]
fn too_many_floors_is_an_error_at_the_floor_line() {
    let mut text = String::from("@\n");
    for _ in 0..MAX_FLOORS {
        text.push_str("floor:\n-\n");
    }
    let e = Level::parse(&text).unwrap_err();
    let last = e.errors().last().unwrap();
    assert_eq!(
        (last.line, last.column, &last.kind),
        (2 * MAX_FLOORS, 1, &K::TooManyFloors)
    );
}

#[test]
fn the_cell_limit_counts_every_floor() {
    let mut text = String::from("@1999#\n");
    for _ in 1..1001 {
        text.push_str("2000#\n");
    }
    text.push_str("floor:\n");
    for _ in 0..1001 {
        text.push_str("2000#\n");
    }
    let e = Level::parse(&text).unwrap_err();
    let first = &e.errors()[0];
    assert_eq!(
        (first.line, first.column, &first.kind),
        (2002, 1, &K::TooManyCells)
    );
}

#[test]
fn metadata_and_comment_blocks_may_stand_between_floors() {
    let text =
        "#@\r\nAuthor: me\r\nfloor: Up\r\nComment:\r\nfloor: not a floor\r\nComment-End:\r\n.$\r\n";
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(level.floor_count(), 2);
    assert_eq!(level.author(), Some("me"));
    assert_eq!(level.metadata().get("comment"), Some("floor: not a floor"));
    assert!(level.floor(2).unwrap().has(p(1, 0), R::Box));
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}
