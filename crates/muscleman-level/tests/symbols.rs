//! Reading each fixed symbol, floor, ragged rows, line endings, tabs.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{Level, ParseErrorKind};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

/// The plain specs of some recipes.
fn specs(recipes: &[R]) -> Vec<EntitySpec> {
    recipes.iter().map(|&r| EntitySpec::new(r)).collect()
}

#[test]
fn each_symbol_means_its_recipes() {
    let cases: [(char, &[R]); 12] = [
        ('#', &[R::WallStrong]),
        ('$', &[R::Box]),
        ('*', &[R::Box, R::Goal]),
        ('.', &[R::Goal]),
        ('%', &[R::WallWeak]),
        ('~', &[R::WaterCell]),
        ('&', &[R::HeavyBox]),
        (' ', &[]),
        ('-', &[]),
        ('_', &[]),
        ('@', &[R::Player]),
        ('+', &[R::Player, R::Goal]),
    ];
    for (symbol, recipes) in cases {
        let player = if matches!(symbol, '@' | '+') { "" } else { "@" };
        let text = format!("#{symbol}#{player}");
        let level = Level::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(level.cell(p(1, 0)), specs(recipes), "symbol {symbol:?}");
        assert_eq!(level.cell(p(0, 0)), specs(&[R::WallStrong]));
    }
}

#[test]
fn positions_start_top_left_and_y_grows_down() {
    let level = Level::parse("####\n#  #\n# @#\n####").unwrap();
    assert_eq!(level.player(), Some(p(2, 2)));
    assert_eq!((level.width(), level.height()), (4, 4));
    assert_eq!(level.cell(p(-1, 0)), &[]);
    assert_eq!(level.cell(p(4, 0)), &[]);
    assert_eq!(level.cell(p(0, 4)), &[]);
}

#[test]
fn ragged_rows_take_the_longest_width() {
    let level = Level::parse("  ###\n###@####\n#  .$  #\n########\n").unwrap();
    assert_eq!((level.width(), level.height()), (8, 4));
    assert_eq!(level.cell(p(0, 0)), &[]);
    assert_eq!(level.cell(p(7, 0)), &[]);
    assert_eq!(level.cell(p(2, 0)), specs(&[R::WallStrong]));
    assert_eq!(level.positions_of(R::Goal).collect::<Vec<_>>(), [p(3, 2)]);
    assert_eq!(level.positions_of(R::Box).collect::<Vec<_>>(), [p(4, 2)]);
}

#[test]
fn trailing_spaces_are_not_part_of_the_grid() {
    let level = Level::parse("####   \n#@.#  \n####").unwrap();
    assert_eq!(level.width(), 4);
    assert_eq!(level.to_text(), "####\n#@.#\n####\n");
}

#[test]
fn explicit_floor_counts_for_the_width() {
    let level = Level::parse("###--\n#@#\n###").unwrap();
    assert_eq!(level.width(), 5);
    assert_eq!(level.to_text(), "###--\n#@#\n###\n");
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn dash_and_underscore_floor_print_as_spaces() {
    let level = Level::parse("#####\n#@-.#\n#_$_#\n#####").unwrap();
    assert_eq!(level.to_text(), "#####\n#@ .#\n# $ #\n#####\n");
}

#[test]
fn a_row_of_only_floor_prints_as_a_dash() {
    let level = Level::parse("#@#\n-\n#.#").unwrap();
    assert_eq!(level.height(), 3);
    assert_eq!(level.to_text(), "#@#\n-\n#.#\n");
}

#[test]
fn crlf_line_endings_are_read() {
    let unix = Level::parse("; T\n####\n#@.#\n####\n").unwrap();
    let dos = Level::parse("; T\r\n####\r\n#@.#\r\n####\r\n").unwrap();
    assert_eq!(unix, dos);
    assert_eq!(dos.title(), Some("T"));
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let level = Level::parse("\u{feff}####\n#@.#\n####\n").unwrap();
    assert_eq!(level.width(), 4);
    let bytes = Level::parse_bytes(b"\xef\xbb\xbf####\n#@.#\n####\n").unwrap();
    assert_eq!(bytes, level);
}

#[test]
fn tabs_in_a_grid_are_an_error() {
    let errors = Level::parse("####\n#@\t#\n####\n").unwrap_err();
    let e = &errors.errors()[0];
    assert_eq!((e.line, e.column, &e.kind), (2, 3, &ParseErrorKind::Tab));
}

#[test]
fn a_line_of_spaces_and_tabs_is_blank() {
    let c = muscleman_level::Collection::parse("#@.#\n \t \n#@.#\n").unwrap();
    assert_eq!(c.levels.len(), 2);
}

#[test]
fn no_final_newline_is_fine() {
    assert_eq!(Level::parse("#@.#").unwrap().width(), 4);
}

#[test]
fn entities_come_row_major_in_canonical_order() {
    let level = Level::parse("*@\n.&").unwrap();
    let all: Vec<_> = level.entities().map(|(at, s)| (at, s.recipe)).collect();
    assert_eq!(
        all,
        [
            (p(0, 0), R::Box),
            (p(0, 0), R::Goal),
            (p(1, 0), R::Player),
            (p(0, 1), R::Goal),
            (p(1, 1), R::HeavyBox),
        ]
    );
    let cells: Vec<_> = level.iter().map(|(pos, list)| (pos, list.len())).collect();
    assert_eq!(
        cells,
        [(p(0, 0), 2), (p(1, 0), 1), (p(0, 1), 1), (p(1, 1), 1)]
    );
}
