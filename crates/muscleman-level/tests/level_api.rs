//! Building and editing levels by hand.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{Level, LevelError, Metadata, MetadataError};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

/// The plain specs of some recipes.
fn specs(recipes: &[R]) -> Vec<EntitySpec> {
    recipes.iter().map(|&r| EntitySpec::new(r)).collect()
}

#[test]
fn a_new_level_is_all_floor() {
    let level = Level::new(3, 2).unwrap();
    assert_eq!((level.width(), level.height()), (3, 2));
    assert!(level.iter().all(|(_, list)| list.is_empty()));
    assert_eq!(level.iter().count(), 6);
    assert_eq!(level.player(), None);
    assert_eq!(level.title(), None);
}

#[test]
fn cells_keep_canonical_order_whatever_the_order_of_adding() {
    let mut a = Level::new(1, 1).unwrap();
    let mut b = Level::new(1, 1).unwrap();
    for r in [R::Coin, R::WaterCell, R::Player] {
        a.add(p(0, 0), r).unwrap();
    }
    for r in [R::Player, R::Coin, R::WaterCell] {
        b.add(p(0, 0), r).unwrap();
    }
    assert_eq!(a, b);
    assert_eq!(a.cell(p(0, 0)), specs(&[R::Player, R::WaterCell, R::Coin]));
}

#[test]
fn add_refuses_what_cannot_be_printed_or_played() {
    let mut level = Level::new(2, 1).unwrap();
    assert_eq!(
        level.add(p(2, 0), R::Box),
        Err(LevelError::OutOfBounds(p(2, 0)))
    );
    assert_eq!(
        level.add(p(-1, 0), R::Box),
        Err(LevelError::OutOfBounds(p(-1, 0)))
    );
    for r in R::ALL {
        if !r.in_levels() {
            assert_eq!(level.add(p(0, 0), r), Err(LevelError::Unsupported(r)));
        }
    }
    level.add(p(0, 0), R::Goal).unwrap();
    assert_eq!(
        level.add(p(0, 0), R::Goal),
        Err(LevelError::Duplicate {
            pos: p(0, 0),
            spec: EntitySpec::new(R::Goal)
        })
    );
    level.add(p(0, 0), R::Box).unwrap();
    assert_eq!(
        level.add(p(0, 0), R::WallStrong),
        Err(LevelError::Occupied {
            pos: p(0, 0),
            present: EntitySpec::new(R::Box),
            spec: EntitySpec::new(R::WallStrong)
        })
    );
    level.add(p(1, 0), R::Player).unwrap();
    assert_eq!(level.remove(p(0, 0), R::Box), Ok(true));
    assert_eq!(
        level.add(p(0, 0), R::Player),
        Err(LevelError::SecondPlayer(p(1, 0)))
    );
    assert_eq!(level.cell(p(0, 0)), specs(&[R::Goal]));
}

#[test]
fn remove_takes_one_recipe_out() {
    let mut level = Level::parse("+").unwrap();
    assert_eq!(level.remove(p(0, 0), R::Player), Ok(true));
    assert_eq!(level.remove(p(0, 0), R::Player), Ok(false));
    assert_eq!(level.remove(p(5, 0), R::Goal), Ok(false));
    assert_eq!(level.remove(p(0, 0), R::Duck), Ok(false));
    assert_eq!(level.player(), None);
    assert_eq!(level.cell(p(0, 0)), specs(&[R::Goal]));
    assert!(level.has(p(0, 0), R::Goal));
}

#[test]
fn titles_and_metadata() {
    let mut level = Level::new(1, 1).unwrap();
    level.set_title("  Hello  ").unwrap();
    assert_eq!(level.title(), Some("Hello"));
    assert!(matches!(
        level.set_title("a\nb"),
        Err(MetadataError::LineBreak(_))
    ));
    level.set_title("").unwrap();
    assert_eq!(level.title(), None);

    let meta: &mut Metadata = level.metadata_mut();
    meta.set("Author", "A").unwrap();
    meta.set("author", "B").unwrap();
    assert_eq!(meta.len(), 1);
    assert_eq!(meta.iter().collect::<Vec<_>>(), [("Author", "B")]);
    assert!(matches!(meta.set("1x", "v"), Err(MetadataError::BadKey(_))));
    assert!(matches!(
        meta.set("a:b", "v"),
        Err(MetadataError::BadKey(_))
    ));
    assert!(matches!(
        meta.set("Legend", "v"),
        Err(MetadataError::ReservedKey(_))
    ));
    meta.set("Author", "").unwrap();
    assert!(meta.is_empty());
    assert_eq!(level.author(), None);
}

#[test]
fn debug_shows_the_grid() {
    let level = Level::parse("; T\n#@.#").unwrap();
    let debug = format!("{level:?}");
    assert!(debug.contains("#@.#"), "{debug}");
    assert_eq!(level.to_string(), "; T\n#@.#\n");
}

#[test]
fn an_empty_right_column_survives_printing() {
    let mut level = Level::new(5, 3).unwrap();
    level.add(p(0, 1), R::Player).unwrap();
    assert_eq!(level.to_text(), "-----\n@\n-\n");
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn only_a_comment_value_may_span_lines() {
    let mut level = Level::parse("#@#").unwrap();
    let meta = level.metadata_mut();
    assert!(matches!(
        meta.set("Author", "a\nb"),
        Err(MetadataError::LineBreak(_))
    ));
    // Each line loses its trailing whitespace (a `\r` of a line ending too),
    // the value its surrounding blank lines.
    meta.set("comment", "\n  first  \r\n\n  second\t\n\n")
        .unwrap();
    assert_eq!(meta.get("Comment"), Some("first\n\n  second"));
    // A line that would end the block is refused, in any case and spacing.
    for bad in ["a\nComment-End:", "a\n  comment-end :  \nb"] {
        assert!(
            matches!(meta.set("Comment", bad), Err(MetadataError::CommentEnd(_))),
            "{bad:?}"
        );
    }
    assert_eq!(meta.get("Comment"), Some("first\n\n  second"));
    // Other text after the key is fine.
    meta.set("Comment", "a\nComment-End: not yet\nb").unwrap();
    let text = level.to_text();
    assert_eq!(
        text,
        "comment:\na\nComment-End: not yet\nb\nComment-End:\n#@#\n"
    );
    assert_eq!(Level::parse(&text).unwrap(), level);
}
