//! States after a colon: `HeavyBox:sunk`, `DoorRed:open`,
//! `DoorRed:unlocked`, `SecretDoor:open`.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos, RecipeState as S};
use muscleman_level::{Level, LevelError, ParseErrorKind};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

/// Every recipe and state that go together, the cell each needs around it,
/// and how a legend writes it.
fn every_state() -> Vec<(EntitySpec, Vec<EntitySpec>, String)> {
    let mut all = vec![(
        EntitySpec::new(R::HeavyBox).with_state(S::Sunk),
        vec![EntitySpec::new(R::WaterCell)],
        "WaterCell HeavyBox:sunk".to_owned(),
    )];
    for recipe in R::ALL {
        for state in [S::Open, S::Unlocked] {
            if state.applies_to(recipe) {
                all.push((
                    EntitySpec::new(recipe).with_state(state),
                    Vec::new(),
                    format!("{recipe}:{state}"),
                ));
            }
        }
    }
    all
}

#[test]
fn every_state_reads_in_any_case() {
    let all = every_state();
    assert_eq!(all.len(), 1 + 4 * 2 + 1);
    for (spec, around, written) in all {
        for spelled in [
            written.clone(),
            written.to_ascii_lowercase(),
            written.to_ascii_uppercase(),
        ] {
            let text = format!("legend: x = {spelled}\n#@x#\n");
            let level = Level::parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            let mut cell = around.clone();
            cell.push(spec);
            cell.sort();
            assert_eq!(level.cell(p(2, 0)), cell.as_slice(), "{text}");
            assert!(level.has(p(2, 0), spec.recipe));
        }
    }
}

#[test]
fn every_state_prints_after_a_colon_and_reads_back() {
    let mut level = Level::new(12, 1).unwrap();
    level.add(p(0, 0), R::Player).unwrap();
    for (x, (spec, around, _)) in every_state().into_iter().enumerate() {
        let at = p(x as i32 + 1, 0);
        for s in around {
            level.add(at, s).unwrap();
        }
        level.add(at, spec).unwrap();
    }
    let text = level.to_text();
    assert_eq!(
        text,
        "\
legend: a = WaterCell HeavyBox:sunk
legend: b = DoorBlue:open
legend: c = DoorBlue:unlocked
legend: d = DoorRed:open
legend: e = DoorRed:unlocked
legend: f = DoorYellow:open
legend: g = DoorYellow:unlocked
legend: h = DoorGreen:open
legend: i = DoorGreen:unlocked
legend: j = SecretDoor:open
@abcdefghij-
"
    );
    assert_eq!(Level::parse(&text).unwrap(), level);
}

#[test]
fn a_state_is_another_cell_than_the_plain_recipe() {
    let text =
        "legend: c = DoorRed\nlegend: o = DoorRed:open\nlegend: u = DoorRed:unlocked\n#@cou#\n";
    let level = Level::parse(text).unwrap();
    assert_eq!(level.cell(p(2, 0)), &[EntitySpec::new(R::DoorRed)]);
    assert_eq!(
        level.cell(p(3, 0)),
        &[EntitySpec::new(R::DoorRed).with_state(S::Open)]
    );
    assert_eq!(
        level.cell(p(4, 0)),
        &[EntitySpec::new(R::DoorRed).with_state(S::Unlocked)]
    );
    assert_eq!(level.positions_of(R::DoorRed).count(), 3);
    assert_eq!(
        level.to_text(),
        "legend: a = DoorRed\nlegend: b = DoorRed:open\nlegend: c = DoorRed:unlocked\n#@abc#\n"
    );
    assert_eq!(Level::parse(&level.to_text()).unwrap(), level);
}

#[test]
fn a_state_that_does_not_apply_is_an_error_at_the_state() {
    let cases = [
        ("HeavyBox:open", 27, R::HeavyBox, S::Open),
        ("Box:sunk", 22, R::Box, S::Sunk),
        ("SecretDoor:unlocked", 29, R::SecretDoor, S::Unlocked),
        ("Goal:Open", 23, R::Goal, S::Open),
        ("DoorRed:sunk", 26, R::DoorRed, S::Sunk),
    ];
    for (word, column, recipe, state) in cases {
        let text = format!(";\nlegend: a = Coin {word}\n#@a#\n");
        let e = Level::parse(&text).unwrap_err();
        let first = &e.errors()[0];
        assert_eq!(
            (first.line, first.column, &first.kind),
            (
                2,
                column,
                &ParseErrorKind::StateNotApplicable { recipe, state }
            ),
            "{text}"
        );
        let mut level = Level::new(1, 1).unwrap();
        assert_eq!(
            level.add(p(0, 0), EntitySpec::new(recipe).with_state(state)),
            Err(LevelError::StateNotApplicable {
                pos: p(0, 0),
                recipe,
                state
            })
        );
    }
    let e = Level::parse("legend: a = SecretDoor:unlocked\n#@a#\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:24: SecretDoor cannot be unlocked: expected SecretDoor:open"
    );
    let e = Level::parse("legend: a = Box:sunk\n#@a#\n").unwrap_err();
    assert_eq!(e.to_string(), "1:17: Box cannot be sunk: Box has no states");
}

#[test]
fn an_unknown_state_is_an_error_at_the_state() {
    for (word, column, state) in [("DoorRed:ajar", 21, "ajar"), ("DoorRed:", 21, "")] {
        let e = Level::parse(&format!("legend: a = {word}\n#@a#\n")).unwrap_err();
        let first = &e.errors()[0];
        assert_eq!(
            (first.line, first.column, &first.kind),
            (
                1,
                column,
                &ParseErrorKind::UnknownState {
                    state: state.into(),
                    recipe: Some(muscleman_core::EntityRecipe::DoorRed)
                }
            ),
            "{word}"
        );
        assert_eq!(e.len(), 1);
    }
}

#[test]
fn an_unknown_state_names_only_the_recipes_own_states_and_the_nearest() {
    let e = Level::parse(
        "legend: d = Duck:north
#@d#
",
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:18: unknown state \"north\", did you mean Duck:up? (expected Duck:up, Duck:right, \
         Duck:down or Duck:left)"
    );
    let e = Level::parse(
        "legend: d = DoorRed:opne
#@d#
",
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:21: unknown state \"opne\", did you mean DoorRed:open? (expected DoorRed:open or \
         DoorRed:unlocked)"
    );
    let e = Level::parse(
        "legend: d = Duck:ajar
#@d#
",
    )
    .unwrap_err();
    assert!(!e.to_string().contains("sunk"), "{e}");
}
