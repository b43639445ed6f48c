//! Cells with several things: the legend.

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
fn legend_letters_stand_for_their_recipes() {
    let text = "\
legend: a = HeavyBox Goal
legend: b = Box WaterCell
Legend: W = player watercell
#####
#abW#
#####
";
    let level = Level::parse(text).unwrap();
    assert_eq!(level.cell(p(1, 1)), specs(&[R::HeavyBox, R::Goal]));
    assert_eq!(level.cell(p(2, 1)), specs(&[R::WaterCell, R::Box]));
    assert_eq!(level.cell(p(3, 1)), specs(&[R::Player, R::WaterCell]));
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
fn every_allowed_combination_of_the_fixed_recipes_round_trips() {
    let blockers = [
        None,
        Some(R::Player),
        Some(R::WallStrong),
        Some(R::WallWeak),
        Some(R::Box),
        Some(R::HeavyBox),
    ];
    let mut level = Level::new(18, 2).unwrap();
    level.add(p(0, 1), R::Player).unwrap();
    let mut x = 0;
    for blocker in blockers {
        // Water shares its cell with no goal; a heavy box on water sinks.
        for ground in [None, Some(R::WaterCell), Some(R::Goal)] {
            let pos = p(x, 0);
            x += 1;
            if blocker == Some(R::Player)
                || (blocker == Some(R::HeavyBox) && ground == Some(R::WaterCell))
            {
                continue;
            }
            for r in blocker.into_iter().chain(ground) {
                level.add(pos, r).unwrap();
            }
        }
    }
    let text = level.to_text();
    assert_eq!(Level::parse(&text).unwrap(), level, "{text}");
    // 14 contents without a player here, 8 of them with a fixed symbol.
    assert_eq!(text.matches("legend:").count(), 6, "{text}");
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
    assert_eq!(level.cell(p(2, 0)), specs(&[R::WaterCell, R::Box]));
}

#[test]
fn legend_letters_work_with_run_lengths() {
    let level = Level::parse("legend: w = WaterCell Coin\n#@3w#\n").unwrap();
    assert_eq!(level.positions_of(R::WaterCell).count(), 3);
    assert_eq!(level.positions_of(R::Coin).count(), 3);
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
            "legend: a = Ghost:open",
            19,
            ParseErrorKind::StateNotApplicable {
                recipe: R::Ghost,
                state: muscleman_core::RecipeState::Open,
            },
        ),
        (
            "legend: a = Goal goal",
            18,
            ParseErrorKind::DuplicateSpec(EntitySpec::new(R::Goal)),
        ),
        (
            "legend: a = Box Player",
            17,
            ParseErrorKind::TwoBlockers(EntitySpec::new(R::Box), EntitySpec::new(R::Player)),
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
    // A demonstration recipe (`--features demo-glow`) is listed too, before Goal.
    let demo: String = muscleman_core::EntityRecipe::ALL
        .into_iter()
        .filter(|r| r.info().demo)
        .map(|r| format!("{r} "))
        .collect();
    assert_eq!(
        e.errors()[0].to_string(),
        format!(
            "1:13: unknown recipe \"Crate\", expected one of Player WallStrong WallWeak WaterCell \
             Box HeavyBox Hammer KeyBlue KeyRed KeyYellow KeyGreen DoorBlue DoorRed DoorYellow \
             DoorGreen SecretDoor PressurePlateBlue PressurePlateRed PressurePlateYellow \
             PressurePlateGreen PressurePlateHeavy Apple Pear Cheese Coin StairsUp StairsDown \
             Duck Cauldron Bong Book Ghost {demo}Goal"
        )
    );
}
