//! The load rules of rules.md §6, each refused at its line and column by the
//! reader and with its own error by `Level::add`, so no level breaks them.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos, RecipeState as S};
use muscleman_level::{Level, LevelError, ParseErrorKind as K};

fn p(x: i32, y: i32) -> GridPos {
    GridPos::new(x, y)
}

fn spec(r: R) -> EntitySpec {
    EntitySpec::new(r)
}

fn sunk() -> EntitySpec {
    spec(R::HeavyBox).with_state(S::Sunk)
}

fn open(r: R) -> EntitySpec {
    spec(r).with_state(S::Open)
}

/// Read a legend cell `rhs` on line 3 (under a title and a comment); return
/// the errors' columns and kinds. Columns are those of `rhs` plus 12.
fn errors(rhs: &str) -> Vec<(usize, K)> {
    let text = format!("; Rules\n; more\nlegend: a = {rhs}\n#@a#\n");
    match Level::parse(&text) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .errors()
            .iter()
            .map(|e| {
                assert_eq!(e.line, 3, "{text}\n{e}");
                (e.column - 12, e.kind.clone())
            })
            .collect(),
    }
}

/// The 1-based column in `rhs` of its `n`th word (from 0).
fn word(rhs: &str, n: usize) -> usize {
    let mut at = 0;
    let mut words = 0;
    let mut in_word = false;
    for (i, c) in rhs.char_indices() {
        if c.is_whitespace() {
            in_word = false;
        } else if !in_word {
            in_word = true;
            if words == n {
                at = i + 1;
            }
            words += 1;
        }
    }
    at
}

/// Add `specs` in order to a fresh cell; return the first refusal.
fn add_all(specs: &[EntitySpec]) -> Result<(), LevelError> {
    let mut level = Level::new(2, 1)?;
    for s in specs {
        level.add(p(0, 0), *s)?;
    }
    Ok(())
}

#[test]
fn one_blocker_a_cell() {
    let rhs = "Goal Box KeyRed";
    assert_eq!(
        errors(rhs),
        [(word(rhs, 2), K::TwoBlockers(spec(R::Box), spec(R::KeyRed)))]
    );
    // A closed door with what an open door could hold: the door's rule,
    // which names the open state.
    assert_eq!(
        errors("DoorRed Player"),
        [(9, K::ClosedDoorShared(spec(R::DoorRed), spec(R::Player)))]
    );
    // With what no doorway holds: two blockers.
    assert_eq!(
        errors("DoorRed WallStrong"),
        [(9, K::TwoBlockers(spec(R::DoorRed), spec(R::WallStrong)))]
    );
    // A sunk heavy box and an open door block nothing.
    assert_eq!(errors("WaterCell HeavyBox:sunk Box"), []);
    assert_eq!(errors("DoorRed:open Hammer"), []);
    assert_eq!(
        add_all(&[spec(R::Hammer), spec(R::WallWeak)]),
        Err(LevelError::Occupied {
            pos: p(0, 0),
            present: spec(R::Hammer),
            spec: spec(R::WallWeak)
        })
    );
}

#[test]
fn water_shares_its_cell_with_no_goal_plate_or_door() {
    for other in [
        spec(R::Goal),
        spec(R::PressurePlateRed),
        spec(R::PressurePlateHeavy),
        open(R::DoorBlue),
        spec(R::DoorGreen).with_state(S::Unlocked),
        open(R::SecretDoor),
    ] {
        let rhs = format!("WaterCell {other}");
        assert_eq!(errors(&rhs), [(11, K::WaterShared(other))], "{rhs}");
        let rhs = format!("{other} WaterCell");
        assert_eq!(errors(&rhs), [(word(&rhs, 1), K::WaterShared(other))]);
        assert_eq!(
            add_all(&[other, spec(R::WaterCell)]),
            Err(LevelError::WaterShared {
                pos: p(0, 0),
                other
            })
        );
    }
    // Collectibles, boxes, keys and the player may be on water.
    assert_eq!(errors("WaterCell Coin Box"), []);
    assert_eq!(errors("WaterCell KeyRed"), []);
}

#[test]
fn a_closed_door_shares_its_cell_with_nothing() {
    // Every door: what may be open.
    let doors: Vec<R> = R::ALL
        .into_iter()
        .filter(|r| S::Open.applies_to(*r))
        .collect();
    assert!(doors.contains(&R::DoorRed) && doors.contains(&R::SecretDoor));
    for door in doors {
        for other in [spec(R::Coin), spec(R::Goal), spec(R::PressurePlateBlue)] {
            let rhs = format!("{door} {other}");
            assert_eq!(
                errors(&rhs),
                [(word(&rhs, 1), K::ClosedDoorShared(spec(door), other))],
                "{rhs}"
            );
            assert_eq!(
                add_all(&[other, spec(door)]),
                Err(LevelError::ClosedDoorShared {
                    pos: p(0, 0),
                    door: spec(door),
                    other
                })
            );
        }
    }
    let e = Level::parse("legend: a = DoorRed Coin\n#@a#\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:21: a closed door shares its cell with nothing, found DoorRed with Coin \
         (write DoorRed:open for an open door)"
    );
}

#[test]
fn an_open_door_holds_only_what_stands_in_a_doorway() {
    for door in [
        open(R::DoorRed),
        spec(R::DoorRed).with_state(S::Unlocked),
        open(R::SecretDoor),
    ] {
        // The grid has its player elsewhere: the player's turn comes below.
        assert_eq!(add_all(&[door, spec(R::Player)]), Ok(()));
        for fits in [
            R::Box,
            R::HeavyBox,
            R::Hammer,
            R::KeyYellow,
            R::Apple,
            R::Coin,
        ] {
            let rhs = format!("{door} {fits}");
            assert_eq!(errors(&rhs), [], "{rhs}");
        }
        for other in [
            spec(R::WallStrong),
            spec(R::WallWeak),
            spec(R::Goal),
            spec(R::PressurePlateGreen),
            open(R::DoorBlue),
        ] {
            let rhs = format!("{door} {other}");
            assert_eq!(
                errors(&rhs),
                [(word(&rhs, 1), K::NotInDoorway(door, other))],
                "{rhs}"
            );
            assert_eq!(
                add_all(&[door, other]),
                Err(LevelError::NotInDoorway {
                    pos: p(0, 0),
                    door,
                    other
                })
            );
        }
    }
}

#[test]
fn a_heavy_box_on_unfilled_water_must_be_written_sunk() {
    for rhs in [
        "WaterCell HeavyBox",
        "HeavyBox WaterCell",
        "WaterCell Goal:x HeavyBox",
    ] {
        let errs = errors(rhs);
        let at = rhs.find("HeavyBox").unwrap() + 1;
        assert!(errs.contains(&(at, K::HeavyBoxOnWater)), "{rhs}: {errs:?}");
    }
    let e = Level::parse("legend: a = WaterCell HeavyBox\n#@a#\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "1:23: a heavy box on unfilled water sinks, write HeavyBox:sunk (or HeavyBox:sunk \
         and HeavyBox for one on the bridge)"
    );
    // On a filled water cell a heavy box stands on the bridge, in any order.
    assert_eq!(errors("HeavyBox WaterCell HeavyBox:sunk"), []);
    assert_eq!(
        add_all(&[spec(R::WaterCell), spec(R::HeavyBox)]),
        Err(LevelError::HeavyBoxOnWater { pos: p(0, 0) })
    );
    assert_eq!(
        add_all(&[spec(R::HeavyBox), spec(R::WaterCell)]),
        Err(LevelError::HeavyBoxOnWater { pos: p(0, 0) })
    );
    assert_eq!(
        add_all(&[spec(R::WaterCell), sunk(), spec(R::HeavyBox)]),
        Ok(())
    );
}

#[test]
fn a_sunk_heavy_box_stands_on_water() {
    assert_eq!(errors("HeavyBox:sunk"), [(1, K::SunkWithoutWater)]);
    assert_eq!(errors("Goal HeavyBox:sunk"), [(6, K::SunkWithoutWater)]);
    assert_eq!(
        add_all(&[sunk()]),
        Err(LevelError::SunkWithoutWater { pos: p(0, 0) })
    );
    // Water first, or the whole cell at once.
    assert_eq!(add_all(&[spec(R::WaterCell), sunk()]), Ok(()));
    let mut level = Level::new(1, 1).unwrap();
    level
        .set_cell(p(0, 0), [sunk(), spec(R::Player), spec(R::WaterCell)])
        .unwrap();
    assert_eq!(level.player(), Some(p(0, 0)));
    assert_eq!(
        level.set_cell(p(0, 0), [sunk()]),
        Err(LevelError::SunkWithoutWater { pos: p(0, 0) })
    );
}

#[test]
fn a_water_cell_holds_one_sunk_heavy_box() {
    let rhs = "WaterCell HeavyBox:sunk HeavyBox:sunk";
    assert_eq!(errors(rhs), [(word(rhs, 2), K::SecondSunkHeavyBox)]);
    assert_eq!(
        add_all(&[spec(R::WaterCell), sunk(), sunk()]),
        Err(LevelError::SecondSunkHeavyBox { pos: p(0, 0) })
    );
}

#[test]
fn a_cell_holds_each_thing_once() {
    for (rhs, second) in [
        ("Coin Apple Coin", 2),
        ("Goal goal", 1),
        ("DoorRed:open doorred:OPEN", 1),
    ] {
        let errs = errors(rhs);
        assert_eq!(errs.len(), 1, "{rhs}");
        assert_eq!(errs[0].0, word(rhs, second), "{rhs}");
        assert!(matches!(errs[0].1, K::DuplicateSpec(_)), "{rhs}");
    }
    assert_eq!(
        add_all(&[spec(R::Coin), spec(R::Coin)]),
        Err(LevelError::Duplicate {
            pos: p(0, 0),
            spec: spec(R::Coin)
        })
    );
}

#[test]
fn one_player_a_level() {
    let e = Level::parse("legend: a = Player WaterCell\n#@a#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!((first.line, first.column), (2, 3));
    assert!(matches!(first.kind, K::SeveralPlayers { count: 2, .. }));
    let mut level = Level::new(2, 1).unwrap();
    level.add(p(0, 0), R::Player).unwrap();
    assert_eq!(
        level.add(p(1, 0), R::Player),
        Err(LevelError::SecondPlayer(p(0, 0)))
    );
}

#[test]
fn every_error_of_a_legend_is_reported() {
    let rhs = "WaterCell Goal DoorRed Coin Coin";
    assert_eq!(
        errors(rhs),
        [
            (word(rhs, 1), K::WaterShared(spec(R::Goal))),
            (word(rhs, 2), K::WaterShared(spec(R::DoorRed))),
            (word(rhs, 4), K::DuplicateSpec(spec(R::Coin))),
        ]
    );
}

#[test]
fn removing_keeps_the_rules() {
    let mut level = Level::new(1, 1).unwrap();
    level
        .set_cell(p(0, 0), [spec(R::WaterCell), sunk(), spec(R::HeavyBox)])
        .unwrap();
    assert_eq!(
        level.remove(p(0, 0), R::WaterCell),
        Err(LevelError::SunkWithoutWater { pos: p(0, 0) })
    );
    assert_eq!(
        level.remove(p(0, 0), sunk()),
        Err(LevelError::HeavyBoxOnWater { pos: p(0, 0) })
    );
    assert_eq!(level.cell(p(0, 0)).len(), 3, "nothing changed");
    assert_eq!(level.remove(p(0, 0), R::HeavyBox), Ok(true));
    assert_eq!(level.remove(p(0, 0), sunk()), Ok(true));
    assert_eq!(level.remove(p(0, 0), R::WaterCell), Ok(true));
    assert!(level.cell(p(0, 0)).is_empty());
}
