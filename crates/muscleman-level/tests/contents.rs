//! A box's contents in parentheses: `Box(Apple KeyRed)`.

use muscleman_core::{Contents, EntityRecipe as R, EntitySpec, GridPos, MAX_CONTENTS};
use muscleman_level::{Level, LevelError, ParseErrorKind};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

fn boxed(items: &[R]) -> EntitySpec {
    EntitySpec::new(R::Box).with_contents(Contents::from_slice(items).unwrap())
}

/// The 1-based column of the first `needle` in `line`.
fn column(line: &str, needle: &str) -> usize {
    line.find(needle).unwrap() + 1
}

/// Read `legend: a = {rhs}` above a small grid; return the first error's
/// column and kind, checking it is on line 1.
fn first_error(rhs: &str) -> (usize, ParseErrorKind) {
    let text = format!("legend: a = {rhs}\n#@a#\n");
    let e = Level::parse(&text).unwrap_err();
    let first = e.errors()[0].clone();
    assert_eq!(first.line, 1, "{text}");
    (first.column, first.kind)
}

#[test]
fn contents_keep_their_order_and_print_as_written() {
    let text = "legend: a = Box(KeyRed Apple)\nlegend: b = Box(Apple KeyRed) Goal\n#@ab#\n";
    let level = Level::parse(text).unwrap();
    assert_eq!(level.cell(p(2, 0)), &[boxed(&[R::KeyRed, R::Apple])]);
    assert_eq!(
        level.cell(p(3, 0)),
        &[boxed(&[R::Apple, R::KeyRed]), EntitySpec::new(R::Goal)]
    );
    assert_eq!(level.to_text(), text);
}

#[test]
fn contents_read_in_any_case_and_spacing() {
    for rhs in [
        "box(apple keyred)",
        "BOX( Apple   KEYRED )",
        "Box (Apple KeyRed)",
        "Box\t(Apple\tKeyRed)",
    ] {
        let level = Level::parse(&format!("legend: a = {rhs}\n#@a#\n")).unwrap();
        assert_eq!(
            level.cell(p(2, 0)),
            &[boxed(&[R::Apple, R::KeyRed])],
            "{rhs}"
        );
    }
}

#[test]
fn every_thing_a_box_holds_round_trips() {
    let items = [
        R::Hammer,
        R::KeyBlue,
        R::KeyRed,
        R::KeyYellow,
        R::KeyGreen,
        R::Apple,
        R::Pear,
        R::Cheese,
        R::Coin,
    ];
    let mut level = Level::new(items.len() + 3, 1).unwrap();
    level.add(p(0, 0), R::Player).unwrap();
    for (x, item) in items.iter().enumerate() {
        level.add(p(x as i32 + 1, 0), boxed(&[*item])).unwrap();
    }
    // The most a box holds, repeats allowed, one blocker at most.
    let full = boxed(&[R::Coin, R::Apple, R::Coin, R::KeyRed, R::Pear, R::Cheese]);
    assert_eq!(full.contents.len(), MAX_CONTENTS);
    level.add(p(items.len() as i32 + 1, 0), full).unwrap();
    let text = level.to_text();
    assert!(
        text.contains("= Box(Coin Apple Coin KeyRed Pear Cheese)\n"),
        "{text}"
    );
    assert_eq!(Level::parse(&text).unwrap(), level, "{text}");
}

#[test]
fn a_box_holds_at_most_max_contents() {
    let rhs = "Box(Coin Coin Coin Coin Coin Coin Pear)";
    assert_eq!(
        first_error(rhs),
        (12 + column(rhs, "Pear"), ParseErrorKind::TooManyContents)
    );
}

#[test]
fn only_a_box_holds_contents() {
    for (rhs, recipe) in [
        ("HeavyBox(Apple)", R::HeavyBox),
        ("Goal (Apple)", R::Goal),
        ("WaterCell Hammer(Coin)", R::Hammer),
    ] {
        assert_eq!(
            first_error(rhs),
            (
                12 + column(rhs, "("),
                ParseErrorKind::ContentsNotInBox(recipe)
            ),
            "{rhs}"
        );
    }
    let mut level = Level::new(1, 1).unwrap();
    let bad = EntitySpec::new(R::HeavyBox).with_contents(Contents::from_slice(&[R::Coin]).unwrap());
    assert_eq!(
        level.add(p(0, 0), bad),
        Err(LevelError::ContentsNotInBox {
            pos: p(0, 0),
            recipe: R::HeavyBox
        })
    );
}

#[test]
fn a_box_holds_keys_hammers_and_collectibles() {
    for (rhs, word, kind) in [
        (
            "Box(Apple Goal)",
            "Goal",
            ParseErrorKind::NotContent(R::Goal),
        ),
        ("Box(Box)", "Box)", ParseErrorKind::NotContent(R::Box)),
        (
            "Box(DoorRed)",
            "DoorRed",
            ParseErrorKind::NotContent(R::DoorRed),
        ),
        (
            "Box(Coin Duck)",
            "Duck",
            ParseErrorKind::NotContent(R::Duck),
        ),
        (
            "Box(Coin Ghost)",
            "Ghost",
            ParseErrorKind::NotContent(R::Ghost),
        ),
        (
            "Box(Coin Crate)",
            "Crate",
            ParseErrorKind::UnknownRecipe("Crate".into()),
        ),
        (
            "Box(Coin KeyRed:open)",
            "KeyRed",
            ParseErrorKind::UnknownRecipe("KeyRed:open".into()),
        ),
    ] {
        let at = 12 + rhs.rfind(word).unwrap() + 1;
        assert_eq!(first_error(rhs), (at, kind), "{rhs}");
    }
    let mut level = Level::new(1, 1).unwrap();
    assert_eq!(
        level.add(p(0, 0), boxed(&[R::Coin, R::WaterCell])),
        Err(LevelError::NotContent {
            pos: p(0, 0),
            recipe: R::WaterCell
        })
    );
    assert_eq!(
        level.add(p(0, 0), boxed(&[R::Ghost])),
        Err(LevelError::NotContent {
            pos: p(0, 0),
            recipe: R::Ghost
        })
    );
}

#[test]
fn a_box_holds_one_blocker_at_most() {
    let rhs = "Box(KeyRed Apple Hammer)";
    assert_eq!(
        first_error(rhs),
        (
            12 + column(rhs, "Hammer"),
            ParseErrorKind::ContentsTwoBlockers(R::KeyRed, R::Hammer)
        )
    );
    let mut level = Level::new(1, 1).unwrap();
    assert_eq!(
        level.add(p(0, 0), boxed(&[R::KeyBlue, R::KeyBlue])),
        Err(LevelError::ContentsTwoBlockers {
            pos: p(0, 0),
            first: R::KeyBlue,
            second: R::KeyBlue
        })
    );
}

#[test]
fn parentheses_must_pair_up_after_a_box() {
    for (rhs, at, kind) in [
        ("Box(Apple", "(", ParseErrorKind::UnclosedContents),
        ("Goal Box(", "(", ParseErrorKind::UnclosedContents),
        ("Box()", "(", ParseErrorKind::EmptyContents),
        ("Box( ) Goal", "(", ParseErrorKind::EmptyContents),
        ("Box) Goal", ")", ParseErrorKind::StrayParenthesis(')')),
        ("(Apple) Box", "(", ParseErrorKind::StrayParenthesis('(')),
        (
            "Box(Apple (Pear))",
            "(P",
            ParseErrorKind::StrayParenthesis('('),
        ),
        (
            "Box(Apple) (Pear)",
            "(P",
            ParseErrorKind::StrayParenthesis('('),
        ),
    ] {
        assert_eq!(first_error(rhs), (12 + column(rhs, at), kind), "{rhs}");
    }
}

#[test]
fn contents_do_not_count_as_the_cells_blockers() {
    // A key in a box blocks nothing until the box is smashed: the box is the
    // cell's one blocker.
    let level = Level::parse("legend: a = Box(KeyRed) PressurePlateRed Coin\n#@a#\n").unwrap();
    assert_eq!(level.cell(p(2, 0)).len(), 3);
    let rhs = "Box(KeyRed) KeyRed";
    assert_eq!(
        first_error(rhs),
        (
            12 + rhs.rfind("KeyRed").unwrap() + 1,
            ParseErrorKind::TwoBlockers(boxed(&[R::KeyRed]), EntitySpec::new(R::KeyRed))
        )
    );
}
