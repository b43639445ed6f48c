//! Cells with several things: the legend.

use muscleman_core::{EntityRecipe as R, GridPos};
use muscleman_level::{Level, ParseErrorKind};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

#[test]
fn legend_letters_stand_for_their_recipes() {
    let text = "\
legend: a = HeavyBox Goal
legend: b = Box WaterCell
Legend: W = player watercell goal
#####
#abW#
#####
";
    let level = Level::parse(text).unwrap();
    assert_eq!(level.cell(p(1, 1)), &[R::HeavyBox, R::Goal]);
    assert_eq!(level.cell(p(2, 1)), &[R::WaterCell, R::Box]);
    assert_eq!(level.cell(p(3, 1)), &[R::Player, R::WaterCell, R::Goal]);
}

#[test]
fn the_printer_writes_a_legend_only_when_needed() {
    let mut level = Level::parse("#####\n#@$.#\n#####").unwrap();
    assert!(!level.to_text().contains("legend"));
    level.add(p(2, 1), R::WaterCell).unwrap();
    level.add(p(3, 1), R::WallWeak).unwrap();
    level.add(p(1, 1), R::WaterCell).unwrap();
    assert_eq!(
        level.to_text(),
        "legend: a = Player WaterCell\nlegend: b = WaterCell Box\nlegend: c = WallWeak Goal\n#####\n#abc#\n#####\n"
    );
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn every_allowed_combination_round_trips() {
    let solids = [
        None,
        Some(R::Player),
        Some(R::WallStrong),
        Some(R::WallWeak),
        Some(R::Box),
        Some(R::HeavyBox),
    ];
    let mut level = Level::new(24, 2).unwrap();
    level.add(p(0, 1), R::Player).unwrap();
    let mut x = 0;
    for solid in solids {
        for water in [false, true] {
            for goal in [false, true] {
                let pos = p(x, 0);
                x += 1;
                if let Some(s) = solid {
                    if s == R::Player {
                        continue;
                    }
                    level.add(pos, s).unwrap();
                }
                if water {
                    level.add(pos, R::WaterCell).unwrap();
                }
                if goal {
                    level.add(pos, R::Goal).unwrap();
                }
            }
        }
    }
    let text = level.to_text();
    assert_eq!(Level::parse(&text).unwrap(), level, "{text}");
    // 20 contents without a player here, 8 of them with a fixed symbol.
    assert_eq!(text.matches("legend:").count(), 12);
}

#[test]
fn a_legend_applies_to_the_next_grid_only() {
    let text = "legend: a = Box Goal\n#a@#\n\n#a@#\n";
    let e = muscleman_level::Collection::parse(text).unwrap_err();
    let first = &e.errors()[0];
    assert_eq!(e.len(), 1);
    assert_eq!((first.line, first.column), (4, 2));
    assert_eq!(first.kind, ParseErrorKind::UnknownSymbol('a'));
}

#[test]
fn a_legend_letter_inside_a_row() {
    let level = Level::parse("legend: z = Box WaterCell\n#@z.#\n").unwrap();
    assert_eq!(level.cell(p(2, 0)), &[R::WaterCell, R::Box]);
}

#[test]
fn legend_letters_work_with_run_lengths() {
    let level = Level::parse("legend: w = WaterCell Goal\n#@3w#\n").unwrap();
    assert_eq!(level.positions_of(R::WaterCell).count(), 3);
    assert_eq!(level.positions_of(R::Goal).count(), 3);
}

#[test]
fn legend_errors_point_at_the_bad_word() {
    let cases: [(&str, usize, ParseErrorKind); 9] = [
        ("legend: a HeavyBox", 9, ParseErrorKind::LegendSyntax),
        ("legend: = Box", 9, ParseErrorKind::LegendSyntax),
        ("legend: a =", 12, ParseErrorKind::LegendSyntax),
        (
            "legend: ab = Box",
            9,
            ParseErrorKind::LegendLetter("ab".into()),
        ),
        (
            "legend: # = Box",
            9,
            ParseErrorKind::LegendLetter("#".into()),
        ),
        (
            "legend: a = Box Crate",
            17,
            ParseErrorKind::UnknownRecipe("Crate".into()),
        ),
        (
            "legend: a = Duck",
            13,
            ParseErrorKind::UnsupportedRecipe(R::Duck),
        ),
        (
            "legend: a = Goal goal",
            18,
            ParseErrorKind::DuplicateRecipe(R::Goal),
        ),
        (
            "legend: a = Box Player",
            17,
            ParseErrorKind::TwoSolids(R::Box, R::Player),
        ),
    ];
    for (line, column, kind) in cases {
        let text = format!("{line}\n#@.#\n");
        let e = Level::parse(&text).unwrap_err();
        let first = &e.errors()[0];
        assert_eq!(
            (first.line, first.column, &first.kind),
            (1, column, &kind),
            "{line}"
        );
    }
}

#[test]
fn a_letter_defined_twice_is_an_error() {
    let e = Level::parse("legend: a = Box Goal\nlegend: a = Box WaterCell\n#@a#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (2, 9));
    assert_eq!(
        first.kind,
        ParseErrorKind::LegendRedefined {
            letter: 'a',
            first_line: 1
        }
    );
}

#[test]
fn error_messages_list_what_is_expected() {
    let e = Level::parse("legend: a = Crate\n#@a#\n").unwrap_err();
    assert_eq!(
        e.errors()[0].to_string(),
        "1:13: unknown recipe \"Crate\", expected one of Player WallStrong WallWeak WaterCell Box HeavyBox Goal"
    );
}
