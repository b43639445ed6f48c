//! Hard limits: absurd input gets an error without a large allocation.
//!
//! How reading time grows with input size is measured by the `load`
//! benchmarks, not by timing tests here. The memory each absurd input costs to refuse, group bombs included, is
//! measured in `crates/muscleman-sim/tests/limits.rs`, each case in a
//! process of its own.

use muscleman_level::{
    Collection, Level, MAX_CELLS, MAX_GROUP_DEPTH, MAX_HEIGHT, MAX_INPUT_BYTES, MAX_LEVELS,
    MAX_METADATA, MAX_TOTAL_CELLS, MAX_WIDTH, ParseErrorKind,
};

fn first_kind(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = Collection::parse(text).unwrap_err();
    let f = &e.errors()[0];
    (f.line, f.column, f.kind.clone())
}

#[test]
fn a_run_of_ten_to_the_twelfth_is_refused() {
    assert_eq!(
        first_kind("#@1000000000000#\n"),
        (1, 3, ParseErrorKind::RunTooLong)
    );
    // Even a count with a million digits.
    let text = format!("#@{}#\n", "9".repeat(1_000_000));
    assert_eq!(first_kind(&text), (1, 3, ParseErrorKind::RunTooLong));
    // And trailing floor runs, which are not stored anyway.
    assert_eq!(
        first_kind("#@1000000000000 \n"),
        (1, 3, ParseErrorKind::RunTooLong)
    );
}

#[test]
fn a_100_mb_line_is_refused_before_reading() {
    let text = "#".repeat(100 * 1024 * 1024);
    let e = Collection::parse(&text).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(
        e.errors()[0].kind,
        ParseErrorKind::InputTooLarge { size: text.len() }
    );
    let e = Collection::parse_bytes(text.as_bytes()).unwrap_err();
    assert!(matches!(
        e.errors()[0].kind,
        ParseErrorKind::InputTooLarge { .. }
    ));
}

#[test]
fn the_largest_input_is_read() {
    // Just under the size limit: a long line is cut at the width limit.
    let mut text = "@".to_owned();
    text.push_str(&"#".repeat(MAX_INPUT_BYTES - 1));
    let e = Collection::parse(&text).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e.errors()[0].column, &e.errors()[0].kind),
        (MAX_WIDTH + 1, &ParseErrorKind::RowTooWide)
    );
}

#[test]
fn width_limit() {
    let ok = format!("@{}", "#".repeat(MAX_WIDTH - 1));
    assert_eq!(Level::parse(&ok).unwrap().width(), MAX_WIDTH);
    let bad = format!("@{}", "#".repeat(MAX_WIDTH));
    assert_eq!(
        first_kind(&bad),
        (1, MAX_WIDTH + 1, ParseErrorKind::RowTooWide)
    );
    // By run length too, even when the row is built from several runs.
    let bad = format!("@{}#{}#", MAX_WIDTH - 10, 10);
    assert_eq!(first_kind(&bad), (1, 9, ParseErrorKind::RowTooWide));
}

#[test]
fn height_limit() {
    let ok = format!("@\n{}", "#\n".repeat(MAX_HEIGHT - 1));
    assert_eq!(Level::parse(&ok).unwrap().height(), MAX_HEIGHT);
    let bad = format!("@\n{}", "#\n".repeat(MAX_HEIGHT));
    assert_eq!(
        first_kind(&bad),
        (MAX_HEIGHT + 1, 1, ParseErrorKind::TooManyRows)
    );
    let bad = format!("@|{}", "#|".repeat(MAX_HEIGHT));
    let (line, _, kind) = first_kind(&bad);
    assert_eq!((line, kind), (1, ParseErrorKind::TooManyRows));
}

#[test]
fn cell_limit() {
    // 2000 × 2001 > 4_000_000.
    let row = "2000#\n";
    let bad = format!("@\n{}", row.repeat(2000));
    assert_eq!(first_kind(&bad), (2001, 1, ParseErrorKind::TooManyCells));
    assert!(Level::new(2000, 2000).is_ok());
    assert!(Level::new(2000, 2001).is_err());
    assert!(Level::new(MAX_WIDTH + 1, 1).is_err());
    assert!(Level::new(usize::MAX, usize::MAX).is_err());
    let _ = MAX_CELLS;
}

#[test]
fn a_1000_by_1000_level_is_read_quickly() {
    let mut text = String::with_capacity(1001 * 1000);
    for y in 0..1000 {
        for x in 0..1000 {
            text.push(match (x, y) {
                (1, 1) => '@',
                (0, _) | (999, _) | (_, 0) | (_, 999) => '#',
                _ if (x + y) % 7 == 0 => '$',
                _ if (x * y) % 11 == 0 => '.',
                _ => ' ',
            });
        }
        text.push('\n');
    }
    let level = Level::parse(&text).unwrap();
    assert_eq!((level.width(), level.height()), (1000, 1000));
    let printed = level.to_text();
    assert_eq!(Level::parse(&printed).unwrap(), level);
}

#[test]
fn level_count_limit() {
    let text = "@\n\n".repeat(MAX_LEVELS);
    assert_eq!(Collection::parse(&text).unwrap().levels.len(), MAX_LEVELS);
    let text = "@\n\n".repeat(MAX_LEVELS + 1);
    assert_eq!(
        first_kind(&text),
        (2 * MAX_LEVELS + 1, 1, ParseErrorKind::TooManyLevels)
    );
}

#[test]
fn total_cell_limit() {
    // 17 levels of 2000 × 2000 pass 64 Mi cells; each takes 12 kB of text.
    let level = format!("@\n{}\n", "2000#\n".repeat(1999));
    let text = level.repeat(17);
    let (line, _, kind) = first_kind(&text);
    assert_eq!(kind, ParseErrorKind::CollectionTooLarge);
    // 16 levels fit; the 17th fails at the row that passes the total.
    let room = (MAX_TOTAL_CELLS - 16 * 4_000_000) / 2000;
    assert_eq!(line, 16 * 2001 + 1 + room);
}

#[test]
fn metadata_limit() {
    let mut text = String::new();
    for i in 0..=MAX_METADATA {
        text.push_str(&format!("Key{i}: v\n"));
    }
    text.push_str("#@.#\n");
    assert_eq!(
        first_kind(&text),
        (MAX_METADATA + 1, 1, ParseErrorKind::TooMuchMetadata)
    );
}

#[test]
fn a_file_of_nul_bytes_or_junk_is_an_error_not_a_panic() {
    assert!(Collection::parse_bytes(&vec![0u8; 1 << 20]).is_err());
    assert!(Collection::parse_bytes(&vec![0xffu8; 1 << 20]).is_err());
    let mut mixed = Vec::new();
    for i in 0..100_000u32 {
        mixed.push((i.wrapping_mul(2_654_435_761) >> 24) as u8);
    }
    assert!(Collection::parse_bytes(&mixed).is_err());
}

#[test]
fn a_group_bomb_is_refused_before_it_is_expanded() {
    for (text, column) in [
        ("4096(4096(4096(4096(#))))", 1),
        ("#@4096(4096(4096(4096(#))))", 3),
        // Empty groups expand to nothing, but still cost their repeats.
        ("#@4096(4096(4096(4096()))#", 3),
        // Saturating: 4096^20 is no overflow.
        (&format!("#@{}#{}", "4096(".repeat(20), ")".repeat(20)), 3),
    ] {
        let e = Collection::parse(text).unwrap_err();
        let f = e
            .iter()
            .find(|e| e.kind == ParseErrorKind::ExpansionTooLarge);
        assert_eq!(f.map(|f| (f.line, f.column)), Some((1, column)), "{text}");
    }
}

#[test]
fn the_cost_of_groups_adds_up_over_the_input() {
    // Free text of nearly the whole input size, then groups of trailing
    // spaces (not stored, still read) costing 128 × (4 + 1 + 128 × 6) =
    // 98,944 bytes each: the second passes the limit.
    let filler = format!("'{}'\n\n", " ".repeat(MAX_INPUT_BYTES - 150_000));
    let fits = format!("{filler}#@#\n#128(128( ))\n");
    assert_eq!(Level::parse(&fits).unwrap().height(), 2);
    let bad = format!("{fits}#128(128( ))\n#x#\n");
    let e = Level::parse(&bad).unwrap_err();
    assert_eq!(e.len(), 1, "reading stops: {e}");
    let f = &e.errors()[0];
    assert_eq!(
        (f.line, f.column, &f.kind),
        (5, 2, &ParseErrorKind::ExpansionTooLarge)
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_deep_stack() {
    let deep = format!("#@{}#{}", "(".repeat(1_000_000), ")".repeat(1_000_000));
    let e = Level::parse(&deep).unwrap_err();
    let got: Vec<_> = e.iter().map(|e| (e.column, e.kind.clone())).collect();
    assert_eq!(got, [(3 + MAX_GROUP_DEPTH, ParseErrorKind::GroupTooDeep)]);
    // Unclosed, too: each group within the limit is reported once.
    let open = format!("#@{}#", "2(".repeat(1_000_000));
    let e = Level::parse(&open).unwrap_err();
    assert!(e.iter().any(|e| e.kind == ParseErrorKind::GroupTooDeep));
    let unclosed = e
        .iter()
        .filter(|e| e.kind == ParseErrorKind::UnclosedGroup)
        .count();
    assert_eq!(unclosed, MAX_GROUP_DEPTH);
}

#[test]
fn a_huge_legend_line_is_read_in_proportion() {
    use muscleman_level::MAX_ERRORS;
    // A million repeats: each an error, reported up to the cap.
    let text = format!("legend: a = Coin {}\n#@a#\n", "Coin ".repeat(1_000_000));
    let e = Level::parse(&text).unwrap_err();
    assert!(e.len() <= MAX_ERRORS);
    assert!(e.is_truncated());
    assert_eq!(
        (e.errors()[0].line, e.errors()[0].column),
        (1, 18),
        "the first repeat"
    );
    // A box holding a million things: one error, at the seventh.
    let text = format!("legend: a = Box({})\n#@a#\n", "Coin ".repeat(1_000_000));
    let e = Level::parse(&text).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e.errors()[0].column, 13 + 4 + 6 * 5);
    assert_eq!(e.errors()[0].kind, ParseErrorKind::TooManyContents);
}
