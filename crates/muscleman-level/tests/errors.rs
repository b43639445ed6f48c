//! Errors: exact positions, messages, several errors at once, player counts.

use muscleman_core::GridPos;
use muscleman_level::{Collection, Level, MAX_ERRORS, ParseErrorKind, ParseErrors};

#[test]
fn unknown_symbol_names_line_column_and_what_was_expected() {
    let e = Level::parse("; t\n#####\n#@ x.#\n#####\n").unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(
        e.to_string(),
        "3:4: unknown symbol 'x': no legend line defines the letter, expected \"legend: x = RECIPE\" above the grid"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = Level::parse("#é@#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (1, 2));
    assert_eq!(first.kind, ParseErrorKind::UnknownSymbol('é'));
    let e = Level::parse("#é\u{1F600}@?#\n").unwrap_err();
    assert_eq!(e.errors()[2].column, 5);
}

#[test]
fn every_error_in_the_file_is_reported() {
    let text = "\
; 1
#####
#@x.#
#####

; 2
####
#..#
####

; 3
#####
#@y@#
#####
";
    let e = Collection::parse(text).unwrap_err();
    let got = positioned(&e);
    assert_eq!(
        got,
        [
            (3, 3, ParseErrorKind::UnknownSymbol('x')),
            (7, 1, ParseErrorKind::NoPlayer),
            (13, 3, ParseErrorKind::UnknownSymbol('y')),
            (
                13,
                4,
                ParseErrorKind::SeveralPlayers {
                    count: 2,
                    positions: vec![(1, GridPos::new(1, 1)), (1, GridPos::new(3, 1))]
                }
            ),
        ]
    );
}

/// Every error of `e` with its line and column.
fn positioned(e: &ParseErrors) -> Vec<(usize, usize, ParseErrorKind)> {
    e.iter()
        .map(|e| (e.line, e.column, e.kind.clone()))
        .collect()
}

/// Check that the first error of `text` stands at `at` (line, column) and
/// says `message`.
fn assert_first_error(text: &str, at: (usize, usize), message: &str) {
    let e = Level::parse(text).unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), at);
    assert_eq!(first.to_string(), message);
}

#[test]
fn no_player_is_reported_at_the_level_start() {
    assert_first_error(
        "; t\n\n####\n#$.#\n####\n",
        (3, 1),
        "3:1: level has no player, expected exactly one ('@' or '+')",
    );
}

#[test]
fn several_players_are_reported_at_the_second_with_all_positions() {
    assert_first_error(
        "#####\n#@ +#\n# @ #\n#####\n",
        (2, 4),
        "2:4: level has 3 players, at row 2 column 2, row 2 column 4, row 3 column 3, expected exactly one",
    );
}

#[test]
fn a_long_list_of_players_is_cut() {
    let e = Level::parse(&"@".repeat(30)).unwrap_err();
    let msg = e.errors()[0].to_string();
    assert!(
        msg.starts_with("1:2: level has 30 players, at row 1 column 1, row 1 column 2"),
        "{msg}"
    );
    assert!(
        msg.ends_with("row 1 column 10, ..., expected exactly one"),
        "{msg}"
    );
}

#[test]
fn errors_stop_at_the_cap_with_a_note() {
    let line = "#".to_owned() + &"x".repeat(50) + "@#\n";
    let text = line.repeat(10);
    let e = Collection::parse(&text).unwrap_err();
    assert_eq!(e.len(), MAX_ERRORS);
    assert!(e.is_truncated());
    assert!(
        e.to_string()
            .ends_with("\nstopped after 100 errors; more may follow, not shown")
    );
}

#[test]
fn text_inside_a_grid_is_read_as_a_row() {
    let e = Level::parse("####\n#@.#\nab\n####\n").unwrap_err();
    let got: Vec<_> = e.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(got, [(3, 1), (3, 2)]);
}

#[test]
fn invalid_utf8_is_positioned() {
    let e = Level::parse_bytes(b"####\n#@\xc3.#\n##\xff\xfe##\n").unwrap_err();
    let got = positioned(&e);
    assert_eq!(
        got,
        [
            (2, 3, ParseErrorKind::InvalidUtf8),
            (3, 3, ParseErrorKind::InvalidUtf8),
            (3, 4, ParseErrorKind::InvalidUtf8),
        ]
    );
}

#[test]
fn nul_bytes_are_unknown_symbols_not_a_panic() {
    // A line of NULs is free text (it does not start with a grid symbol): no level.
    let e = Collection::parse_bytes(&[0u8; 10_000]).unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::NoLevel);
    let e = Collection::parse_bytes(b"#\0@#").unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::UnknownSymbol('\0'));
    assert!(e.to_string().starts_with("1:2: unknown symbol '\\0'"));
}

#[test]
fn errors_are_std_errors() {
    fn takes(_: &dyn std::error::Error) {}
    let e = Level::parse("").unwrap_err();
    takes(&e);
    takes(&e.errors()[0]);
}

#[test]
fn group_errors_name_line_column_and_what_was_expected() {
    let text = "\
####
#@2(.#
#0($)#)
#.()#2
";
    let e = Collection::parse(text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "\
2:4: group is not closed on its line, expected ')'
3:2: run length 0, expected a count from 1 to 4096
3:7: ')' closes no group, expected a '(' before it on the line
4:3: empty group, expected symbols between '(' and ')'
4:6: run length with no symbol after it, expected a symbol such as '#' or a group '('"
    );
    let deep = format!("#@{}.{}#", "(".repeat(17), ")".repeat(17));
    let e = Level::parse(&deep).unwrap_err();
    assert_eq!(e.to_string(), "1:19: groups are nested more than 16 deep");
}
