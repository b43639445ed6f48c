//! Run-length encoded rows: runs, row breaks and groups.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{
    Collection, Level, MAX_GROUP_DEPTH, MAX_HEIGHT, MAX_RUN_LENGTH, ParseErrorKind,
};

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
    assert_eq!(level.cell(GridPos::new(10, 1)), &[EntitySpec::new(R::Goal)]);
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

/// The errors of a text, as `(line, column, kind)`.
fn errors(text: &str) -> Vec<(usize, usize, ParseErrorKind)> {
    Collection::parse(text)
        .unwrap_err()
        .iter()
        .map(|e| (e.line, e.column, e.kind.clone()))
        .collect()
}

#[test]
fn a_group_repeats_its_text() {
    let level = Level::parse("2(#$)@").unwrap();
    assert_eq!(level, Level::parse("#$#$@").unwrap());
    let level = Level::parse("#3(#-)@").unwrap();
    assert_eq!(level.to_text(), "## # # @\n");
    // Runs inside a group, and a group without a count.
    assert_eq!(
        Level::parse("2(3#-)(@.)").unwrap(),
        Level::parse("###-###-@.").unwrap()
    );
}

#[test]
fn groups_nest_and_hold_legend_letters() {
    let legend = "legend: a = HeavyBox Goal\nlegend: b = WaterCell\n";
    let grouped = Level::parse(&format!("{legend}@2(a3(b))")).unwrap();
    let plain = Level::parse(&format!("{legend}@abbbabbb")).unwrap();
    assert_eq!(grouped, plain);
    assert_eq!(
        grouped.cell(GridPos::new(1, 0)),
        &[EntitySpec::new(R::HeavyBox), EntitySpec::new(R::Goal)]
    );
    assert_eq!(grouped.width(), 9);
}

#[test]
fn a_bar_in_a_group_repeats_with_it() {
    // `2(#|)` is `#|#|`: two rows `#`, the last bar starting no row.
    let level = Level::parse("@|2(#|)").unwrap();
    assert_eq!(level.to_text(), "@\n#\n#\n");
    // A group may span rows: `2(#|##)` is `#|###|##`.
    let level = Level::parse("@|2(#|##)").unwrap();
    assert_eq!(level.to_text(), "@\n#\n###\n##\n");
    // Groups, runs and bars mix, and the next line goes on below.
    let c = Collection::parse("; g\n7#|#@2(-$)#|2(#5-#|)#-2(.-)#\n7#\n").unwrap();
    assert_eq!(
        c.levels[0].to_text(),
        "; g\n#######\n#@ $ $#\n#     #\n#     #\n# . . #\n#######\n"
    );
}

#[test]
fn a_bar_that_ends_a_line_starts_no_row() {
    assert_eq!(Level::parse("#@#|").unwrap().height(), 1);
    assert_eq!(Level::parse("#@#|  ").unwrap().height(), 1);
    assert_eq!(Level::parse("#@#|\n###").unwrap().to_text(), "#@#\n###\n");
    // An empty row is written `-`, or as an empty row between bars.
    assert_eq!(Level::parse("#@#|-").unwrap().to_text(), "#@#\n-\n");
    assert_eq!(Level::parse("#@#||#").unwrap().to_text(), "#@#\n-\n#\n");
}

#[test]
fn a_line_starting_with_a_parenthesis_is_text_outside_a_level() {
    // Such as a copyright line: free text, ignored.
    let c = Collection::parse("(c) 2001 Someone\n\n#@#\n").unwrap();
    assert_eq!(c.levels.len(), 1);
    // A count starts a level with a group; inside a level it is a row.
    let level = Level::parse("1(#@)\n(#)2(.)\n").unwrap();
    assert_eq!(level.to_text(), "#@\n#..\n");
}

#[test]
fn malformed_groups_are_errors_at_the_parenthesis_or_count() {
    assert_eq!(errors("#@2(.#"), [(1, 4, ParseErrorKind::UnclosedGroup)]);
    assert_eq!(errors("#@.#)"), [(1, 5, ParseErrorKind::UnopenedGroup)]);
    assert_eq!(errors("#@()#"), [(1, 3, ParseErrorKind::EmptyGroup)]);
    // Nothing after a `(`: unclosed, not empty as well.
    assert_eq!(errors("#@.#2("), [(1, 6, ParseErrorKind::UnclosedGroup)]);
    assert_eq!(errors("#@4(())#"), [(1, 5, ParseErrorKind::EmptyGroup)]);
    assert_eq!(errors("#@0(.)#"), [(1, 3, ParseErrorKind::ZeroRun)]);
    assert_eq!(errors("#@4097(.)#"), [(1, 3, ParseErrorKind::RunTooLong)]);
    // A count with nothing after it: before `)`, `|` or the end of the line.
    assert_eq!(
        errors("#@2(.3)#"),
        [(1, 6, ParseErrorKind::RunWithoutSymbol)]
    );
    assert_eq!(
        errors("#@2(.5|)#"),
        [(1, 6, ParseErrorKind::RunWithoutSymbol)]
    );
    assert_eq!(
        errors("#@2(.)7"),
        [(1, 7, ParseErrorKind::RunWithoutSymbol)]
    );
    // On a later line, at that line.
    assert_eq!(
        errors("####\n#@.#\n2(#\n"),
        [(3, 2, ParseErrorKind::UnclosedGroup)]
    );
}

#[test]
fn nesting_past_the_limit_is_an_error_at_the_first_parenthesis_too_deep() {
    let ok = format!(
        "@{}#{}",
        "(".repeat(MAX_GROUP_DEPTH),
        ")".repeat(MAX_GROUP_DEPTH)
    );
    assert_eq!(Level::parse(&ok).unwrap().width(), 2);
    let deep = MAX_GROUP_DEPTH + 1;
    let bad = format!("@{}#{}", "(".repeat(deep), ")".repeat(deep));
    assert_eq!(errors(&bad), [(1, deep + 1, ParseErrorKind::GroupTooDeep)]);
}

#[test]
fn a_symbol_in_a_group_is_reported_once() {
    assert_eq!(
        errors("#@3(x)#"),
        [(1, 5, ParseErrorKind::UnknownSymbol('x'))]
    );
    assert_eq!(errors("#@2(\t)#"), [(1, 5, ParseErrorKind::Tab)]);
    assert_eq!(errors("#@2(0#)#"), [(1, 5, ParseErrorKind::ZeroRun)]);
}

#[test]
fn the_errors_of_a_line_come_in_column_order() {
    // The unclosed group is found at the end of the line, reported in its place.
    assert_eq!(
        errors("#@x2(#y"),
        [
            (1, 3, ParseErrorKind::UnknownSymbol('x')),
            (1, 5, ParseErrorKind::UnclosedGroup),
            (1, 7, ParseErrorKind::UnknownSymbol('y')),
        ]
    );
}

#[test]
fn players_in_a_group_count_once_per_repeat() {
    let e = Level::parse("#3(@-)#").unwrap_err();
    match &e.errors()[0].kind {
        ParseErrorKind::SeveralPlayers { count, positions } => {
            assert_eq!(*count, 3);
            assert_eq!(
                positions,
                &[
                    (1, GridPos::new(1, 0)),
                    (1, GridPos::new(3, 0)),
                    (1, GridPos::new(5, 0))
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    // Reported at the player's column.
    assert_eq!(e.errors()[0].column, 4);
}

#[test]
fn the_rows_of_groups_obey_the_row_limits() {
    // Width: at the symbol whose repeat passes the limit.
    let bad = format!("@{}(#)", MAX_RUN_LENGTH);
    assert_eq!(errors(&bad), [(1, 7, ParseErrorKind::RowTooWide)]);
    let ok = format!("@{}(#)", MAX_RUN_LENGTH - 1);
    assert_eq!(Level::parse(&ok).unwrap().width(), MAX_RUN_LENGTH);
    // Height: 1 + 4096 rows.
    let bad = format!("@|{}(#|)", MAX_HEIGHT);
    assert_eq!(errors(&bad)[0].2, ParseErrorKind::TooManyRows);
    // Cells: 2000 × 2001, at the row that passes the limit (after a bar at column 13).
    let bad = "@|2000(2000(#)|)";
    assert_eq!(errors(bad), [(1, 16, ParseErrorKind::TooManyCells)]);
}
