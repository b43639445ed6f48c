//! Run-length encoded rows.

use muscleman_core::{EntityRecipe as R, GridPos};
use muscleman_level::{Collection, Level, MAX_RUN_LENGTH, ParseErrorKind};

#[test]
fn counts_repeat_the_next_symbol_and_bars_split_rows() {
    let ragged = Level::parse("4#|#@$.#|4#").unwrap();
    assert_eq!(ragged.to_text(), "####\n#@$.#\n####\n");
    let level = Level::parse("5#|#@$.#|5#").unwrap();
    let plain = Level::parse("#####\n#@$.#\n#####").unwrap();
    assert_eq!(level, plain);
}

#[test]
fn counts_apply_to_floor_too() {
    let level = Level::parse("7#|#@3-.#|#3 $.#|#_3_*#|7#").unwrap();
    assert_eq!(
        level.to_text(),
        "#######\n#@   .#\n#   $.#\n#    *#\n#######\n"
    );
}

#[test]
fn multi_digit_counts() {
    let level = Level::parse("12#\n#@8 .#\n12#").unwrap();
    assert_eq!(level.width(), 12);
    assert_eq!(level.cell(GridPos::new(10, 1)), &[R::Goal]);
}

#[test]
fn rle_rows_may_span_lines_and_mix_with_plain_rows() {
    let c = Collection::parse("; one\n3#|#@#\n3#\n\n; two\n#.@#|4#\n").unwrap();
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].height(), 3);
    assert_eq!(c.levels[1].height(), 2);
}

#[test]
fn a_count_without_symbol_is_an_error() {
    let e = Level::parse("#@.#|3").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (1, 6));
    assert_eq!(first.kind, ParseErrorKind::RunWithoutSymbol);
    let e = Level::parse("#@.#2|#").unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::RunWithoutSymbol);
    assert_eq!(e.errors()[0].column, 5);
}

#[test]
fn a_zero_count_is_an_error() {
    let e = Level::parse("#@0.#").unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::ZeroRun);
    assert_eq!(e.errors()[0].column, 3);
}

#[test]
fn the_largest_run_is_accepted_and_one_more_is_not() {
    let ok = format!("@{MAX_RUN_LENGTH}#", MAX_RUN_LENGTH = MAX_RUN_LENGTH - 1);
    assert_eq!(Level::parse(&ok).unwrap().width(), MAX_RUN_LENGTH);
    let bad = format!("@{}#", MAX_RUN_LENGTH + 1);
    let e = Level::parse(&bad).unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::RunTooLong);
    assert_eq!(e.errors()[0].column, 2);
}

#[test]
fn several_players_by_run_are_counted() {
    let e = Level::parse("#3@#").unwrap_err();
    match &e.errors()[0].kind {
        ParseErrorKind::SeveralPlayers { count, positions } => {
            assert_eq!(*count, 3);
            assert_eq!(positions.len(), 3);
        }
        other => panic!("{other:?}"),
    }
}
