//! Collections: separators, titles, header, metadata, comment blocks, free text.

use muscleman_level::{Collection, Level, MAX_METADATA, ParseErrorKind};

const TWO: &str = "\
; My set
; made for tests

; 1

####
#@.#
####

;screen.02
#####
#@$.#
#####
";

#[test]
fn levels_are_separated_by_blank_lines_and_titled_by_the_comment_above() {
    let c = Collection::parse(TWO).unwrap();
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].title(), Some("1"));
    assert_eq!(c.levels[1].title(), Some("screen.02"));
    assert_eq!(c.comments, ["My set", "made for tests"]);
    assert_eq!(c.title, None);
}

#[test]
fn the_printed_collection_reads_back_equal() {
    let c = Collection::parse(TWO).unwrap();
    let text = c.to_text();
    assert_eq!(
        text,
        "; My set\n; made for tests\n\n; 1\n####\n#@.#\n####\n\n; screen.02\n#####\n#@$.#\n#####\n"
    );
    assert_eq!(Collection::parse(&text).unwrap(), c);
}

#[test]
fn an_untitled_first_level_keeps_the_header_apart() {
    let c = Collection::parse("; Header\n\n;\n####\n#@.#\n####\n").unwrap();
    assert_eq!(c.levels[0].title(), None);
    assert_eq!(c.comments, ["Header"]);
    let text = c.to_text();
    assert_eq!(text, "; Header\n\n;\n####\n#@.#\n####\n");
    assert_eq!(Collection::parse(&text).unwrap(), c);
}

#[test]
fn several_blank_lines_and_no_blank_lines_between_levels() {
    let c = Collection::parse(";a\n#@.#\n\n\n\n;b\n#@.#\n;c\n#@.#\n").unwrap();
    let titles: Vec<_> = c.levels.iter().map(|l| l.title()).collect();
    assert_eq!(titles, [Some("a"), Some("b"), Some("c")]);
}

#[test]
fn sok_metadata_sets_title_and_author() {
    let text = "\
Title: The Set
Author: Someone
Date: 2001

####
#@.#
####
Title: First
Author: A. Uthor

;2
####
#.@#
####
";
    let c = Collection::parse(text).unwrap();
    assert_eq!(c.title.as_deref(), Some("The Set"));
    assert_eq!(c.metadata.get("author"), Some("Someone"));
    assert_eq!(c.metadata.get("DATE"), Some("2001"));
    assert_eq!(c.levels[0].title(), Some("First"));
    assert_eq!(c.levels[0].author(), Some("A. Uthor"));
    assert_eq!(c.levels[1].title(), Some("2"));
    assert_eq!(c.levels[1].author(), None);
    assert_eq!(Collection::parse(&c.to_text()).unwrap(), c);
}

#[test]
fn metadata_after_a_grid_belongs_to_it_even_after_a_blank_line() {
    let c = Collection::parse("#@.#\n\nAuthor: X\n\n#@.#\nAuthor: Y\n").unwrap();
    assert_eq!(c.levels[0].author(), Some("X"));
    assert_eq!(c.levels[1].author(), Some("Y"));
    assert!(c.metadata.is_empty());
}

#[test]
fn metadata_right_above_a_grid_belongs_to_it() {
    let c = Collection::parse("#@.#\n\n; two\nAuthor: X\n#@.#\n").unwrap();
    assert_eq!(c.levels[0].author(), None);
    assert_eq!(c.levels[1].author(), Some("X"));
    assert_eq!(c.levels[1].title(), Some("two"));
}

#[test]
fn a_title_line_overrides_the_comment_title() {
    let c = Collection::parse("; note\n#@.#\nTitle: Real\n").unwrap();
    assert_eq!(c.levels[0].title(), Some("Real"));
    assert_eq!(c.comments, ["note"]);
}

#[test]
fn free_text_lines_away_from_grids_are_ignored() {
    let c = Collection::parse("; 1\n'Duh!'\n\n#@.#\n\nsome words here\n\n; 2\n#@.#\n").unwrap();
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].title(), Some("1"));
    assert_eq!(c.levels[1].title(), Some("2"));
}

#[test]
fn free_text_right_above_a_grid_is_an_error() {
    let e = Collection::parse("Level one\n#@.#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (1, 1));
    assert_eq!(first.kind, ParseErrorKind::TextInGrid('L'));
}

#[test]
fn other_metadata_is_kept_in_order() {
    let level = Level::parse("Zeta: 1\nalpha: 2\n#@.#\nMiddle: 3\n").unwrap();
    let keys: Vec<_> = level.metadata().iter().map(|(k, _)| k).collect();
    assert_eq!(keys, ["Zeta", "alpha", "Middle"]);
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn level_parse_takes_the_header_metadata() {
    let level = Level::parse("Title: Set\nAuthor: Me\n\n#@.#\n").unwrap();
    assert_eq!(level.title(), Some("Set"));
    assert_eq!(level.author(), Some("Me"));
}

#[test]
fn level_parse_refuses_a_collection() {
    let e = Level::parse("#@.#\n\n#@.#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (3, 1));
    assert_eq!(first.kind, ParseErrorKind::SeveralLevels);
}

#[test]
fn empty_input_has_no_level() {
    for text in ["", "\n\n", "; only a comment\n", "Title: x\n"] {
        let e = Collection::parse(text).unwrap_err();
        assert_eq!(e.errors()[0].kind, ParseErrorKind::NoLevel, "{text:?}");
        let e = Level::parse(text).unwrap_err();
        assert_eq!(e.errors()[0].kind, ParseErrorKind::NoLevel, "{text:?}");
    }
}

#[test]
fn a_built_collection_prints_and_reads_back() {
    let mut c = Collection::new();
    c.title = Some("Built".into());
    c.comments = vec!["line one".into(), String::new(), "line three".into()];
    c.metadata.set("Author", "Me").unwrap();
    let mut a = Level::parse("#@.#").unwrap();
    a.metadata_mut().set("Difficulty", "easy").unwrap();
    let mut b = Level::parse("#.@#").unwrap();
    b.set_title("Second").unwrap();
    c.levels = vec![a, b];
    let text = c.to_text();
    assert_eq!(
        text,
        "; line one\n;\n; line three\nTitle: Built\nAuthor: Me\n\n;\nDifficulty: easy\n#@.#\n\n; Second\n#.@#\n"
    );
    assert_eq!(Collection::parse(&text).unwrap(), c);
}

const COMMENTED: &str = "\
Title: Set
Comment:
About the set.
  Indented, with trailing spaces\x20\x20
#@$.#
; not a comment
Title: not a title

Comment-End:

; 1
####
#@.#
####
COMMENT:
Below the grid.
comment-end:

; 2
comment:
Above the grid.
  Comment-End:\x20\x20
#####
#@$.#
#####
";

#[test]
fn a_comment_block_is_one_comment_of_the_level_or_collection() {
    let c = Collection::parse(COMMENTED).unwrap();
    assert_eq!(c.title.as_deref(), Some("Set"));
    assert_eq!(
        c.metadata.get("comment"),
        Some(
            "About the set.\n  Indented, with trailing spaces\n#@$.#\n; not a comment\nTitle: not a title"
        )
    );
    assert_eq!(c.metadata.len(), 1);
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].title(), Some("1"));
    assert_eq!(
        c.levels[0].metadata().get("Comment"),
        Some("Below the grid.")
    );
    assert_eq!(c.levels[1].title(), Some("2"));
    assert_eq!(
        c.levels[1].metadata().get("Comment"),
        Some("Above the grid.")
    );
}

#[test]
fn a_comment_block_prints_as_a_block_and_reads_back() {
    let c = Collection::parse(COMMENTED).unwrap();
    let text = c.to_text();
    assert!(
        text.starts_with(
            "Title: Set\nComment:\nAbout the set.\n  Indented, with trailing spaces\n#@$.#\n\
             ; not a comment\nTitle: not a title\nComment-End:\n\n; 1\n"
        ),
        "{text}"
    );
    // A one-line value is a `Key: value` line again, in the key's spelling.
    assert!(
        text.contains("; 1\nCOMMENT: Below the grid.\n####\n"),
        "{text}"
    );
    assert_eq!(Collection::parse(&text).unwrap(), c);
    let level = Level::parse(&c.levels[1].to_text()).unwrap();
    assert_eq!(level, c.levels[1]);
}

#[test]
fn a_comment_line_with_text_is_ordinary_metadata() {
    let level = Level::parse("Comment: one line\n#@#\n").unwrap();
    assert_eq!(level.metadata().get("comment"), Some("one line"));
    assert_eq!(level.to_text(), "Comment: one line\n#@#\n");
}

#[test]
fn a_comment_block_in_a_grid_ends_it_like_metadata() {
    // As a `Key: value` line would, the block ends the grid and belongs to it.
    let c = Collection::parse("#@#\nComment:\nx\nComment-End:\n#.@#\n").unwrap();
    assert_eq!(c.levels.len(), 2);
    assert_eq!(c.levels[0].metadata().get("Comment"), Some("x"));
    assert!(c.levels[1].metadata().is_empty());
}

#[test]
fn a_comment_block_never_closed_is_an_error_at_its_start() {
    let e = Collection::parse("#@#\n\nComment:\nText\n\n#@#\n").unwrap_err();
    let got: Vec<_> = e
        .iter()
        .map(|e| (e.line, e.column, e.kind.clone()))
        .collect();
    assert_eq!(got, [(3, 1, ParseErrorKind::UnclosedComment)]);
    assert_eq!(
        e.to_string(),
        "3:1: 'Comment:' block is not closed, expected a 'Comment-End:' line"
    );
    // Even when it took every level: no "no level" on top.
    let e = Level::parse("Comment:\n#@#\n").unwrap_err();
    assert_eq!(e.errors()[0].kind, ParseErrorKind::UnclosedComment);
    assert_eq!(e.len(), 1);
}

#[test]
fn a_comment_end_outside_a_block_is_ignored() {
    let level = Level::parse("#@#\nComment-End:\n").unwrap();
    assert!(level.metadata().is_empty());
}

#[test]
fn a_comment_block_counts_as_one_metadata_line() {
    let mut text = String::new();
    for i in 0..MAX_METADATA - 1 {
        text.push_str(&format!("Key{i}: v\n"));
    }
    text.push_str("Comment:\na\nb\nComment-End:\n#@#\n");
    assert_eq!(Level::parse(&text).unwrap().metadata().len(), MAX_METADATA);
    let e = Level::parse(&format!("Extra: v\n{text}")).unwrap_err();
    assert_eq!(
        (e.errors()[0].line, &e.errors()[0].kind),
        (MAX_METADATA + 1, &ParseErrorKind::TooMuchMetadata)
    );
}
