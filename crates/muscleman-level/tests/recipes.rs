//! Legend names: every recipe whose rules are written, in any case; the
//! others refused at their name.

use muscleman_core::{EntityRecipe as R, EntitySpec, GridPos};
use muscleman_level::{Level, ParseErrorKind};

/// Every recipe with rules, by its legend name.
const NAMES: [(&str, R); 33] = [
    ("Player", R::Player),
    ("WallStrong", R::WallStrong),
    ("WallWeak", R::WallWeak),
    ("WaterCell", R::WaterCell),
    ("Box", R::Box),
    ("HeavyBox", R::HeavyBox),
    ("Goal", R::Goal),
    ("Hammer", R::Hammer),
    ("KeyBlue", R::KeyBlue),
    ("KeyRed", R::KeyRed),
    ("KeyYellow", R::KeyYellow),
    ("KeyGreen", R::KeyGreen),
    ("StairsUp", R::StairsUp),
    ("StairsDown", R::StairsDown),
    ("DoorBlue", R::DoorBlue),
    ("DoorRed", R::DoorRed),
    ("DoorYellow", R::DoorYellow),
    ("DoorGreen", R::DoorGreen),
    ("SecretDoor", R::SecretDoor),
    ("PressurePlateBlue", R::PressurePlateBlue),
    ("PressurePlateRed", R::PressurePlateRed),
    ("PressurePlateYellow", R::PressurePlateYellow),
    ("PressurePlateGreen", R::PressurePlateGreen),
    ("PressurePlateHeavy", R::PressurePlateHeavy),
    ("Apple", R::Apple),
    ("Pear", R::Pear),
    ("Cheese", R::Cheese),
    ("Coin", R::Coin),
    ("Duck", R::Duck),
    ("Cauldron", R::Cauldron),
    ("Bong", R::Bong),
    ("Book", R::Book),
    ("Ghost", R::Ghost),
];

/// The name as written, lower case, upper case and in alternating case.
fn spellings(name: &str) -> [String; 4] {
    let alternating = name
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i % 2 == 0 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    [
        name.to_owned(),
        name.to_ascii_lowercase(),
        name.to_ascii_uppercase(),
        alternating,
    ]
}

/// The keys a recipe that must hold some is given here (a bong holds two).
const KEYS: &str = "(KeyRed KeyRed)";

/// The spec of a recipe as these tests place it: plain, or holding
/// [`KEYS`] if it must hold keys.
fn placed(recipe: R) -> EntitySpec {
    let spec = EntitySpec::new(recipe);
    match recipe.info().holds {
        muscleman_core::Holds::Keys { least, .. } if least > 0 => spec
            .with_contents(muscleman_core::Contents::from_slice(&[R::KeyRed, R::KeyRed]).unwrap()),
        _ => spec,
    }
}

/// A one-row level with the player and a legend cell `x` at (2, 0).
fn with_letter(legend: &str) -> String {
    format!("legend: x = {legend}\n#@x#\n")
}

#[test]
fn the_names_are_every_recipe_with_rules() {
    let with_rules: Vec<R> = R::ALL
        .into_iter()
        .filter(|r| r.has_rules() && !r.info().demo)
        .collect();
    let named: Vec<R> = NAMES.iter().map(|(_, r)| *r).collect();
    assert_eq!(named.len(), with_rules.len());
    for r in with_rules {
        assert!(named.contains(&r), "{r}");
        assert!(NAMES.iter().any(|(n, x)| *x == r && *n == r.to_string()));
    }
}

#[test]
fn every_name_reads_in_any_case() {
    for (name, recipe) in NAMES {
        for spelled in spellings(name) {
            // Stairs pair across floors: x on floor 1 or 2, its pair on the other.
            let (text, floor, at) = match recipe {
                R::Player => (
                    format!("legend: x = {spelled}\n#x#\n"),
                    1,
                    GridPos::new(1, 0),
                ),
                R::StairsUp => (
                    format!("legend: x = {spelled}\nlegend: y = StairsDown\n#@x#\nfloor:\n##y#\n"),
                    1,
                    GridPos::new(2, 0),
                ),
                R::StairsDown => (
                    format!("legend: x = {spelled}\nlegend: y = StairsUp\n#@y#\nfloor:\n##x#\n"),
                    2,
                    GridPos::new(2, 0),
                ),
                _ if placed(recipe) != EntitySpec::new(recipe) => (
                    with_letter(&format!("{spelled}{KEYS}")),
                    1,
                    GridPos::new(2, 0),
                ),
                _ => (with_letter(&spelled), 1, GridPos::new(2, 0)),
            };
            let level = Level::parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
            let cell = level.floor(floor).map(|f| f.cell(at));
            assert_eq!(cell, Some(&[placed(recipe)][..]), "{text}");
        }
    }
}

#[test]
fn every_recipe_prints_by_its_name_and_reads_back() {
    let mut level = Level::new(NAMES.len(), 2).unwrap();
    // The stairs pair across floors: the down stairs go above the up ones.
    let attic = level.add_floor(NAMES.len(), 1).unwrap();
    let up = NAMES.iter().position(|(_, r)| *r == R::StairsUp).unwrap();
    for (x, (_, recipe)) in NAMES.iter().enumerate() {
        let (floor, x) = match recipe {
            R::StairsDown => (attic, up),
            _ => (1, x),
        };
        level
            .add_on(floor, GridPos::new(x as i32, 0), placed(*recipe))
            .unwrap();
    }
    let text = level.to_text();
    for (name, _) in NAMES {
        let fixed = [
            "Player",
            "WallStrong",
            "WallWeak",
            "WaterCell",
            "Box",
            "HeavyBox",
            "Goal",
        ];
        let written = match R::named(name).map(placed) {
            Some(spec) => spec.to_string(),
            None => name.to_owned(),
        };
        if !fixed.contains(&name) {
            assert!(text.contains(&format!(" = {written}\n")), "{name}\n{text}");
        }
    }
    assert_eq!(Level::parse(&text).unwrap(), level, "{text}");
}

#[test]
fn books_and_ghosts_stand_where_rule_book_4_says() {
    // A book wherever a key may: on water, in an open doorway, on stairs,
    // in a box; a ghost wherever a duck may, facing its way.
    let text = "legend: a = WaterCell Book\nlegend: b = DoorRed:open Book\nlegend: c = Box(Book)\n\
                legend: d = Ghost:up\nlegend: e = WaterCell Ghost:left\nlegend: f = Goal Ghost\n\
                legend: g = PressurePlateRed Ghost:right\nlegend: h = DoorRed:open Ghost\n\
                #########\n#@abcdefgh\n##########\n";
    let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Level::parse(&level.to_string()).unwrap(), level);
    // Each bad cell is a positioned error at its word.
    for (rhs, word, kind) in [
        ("Box Ghost", "Ghost", None),
        (
            "Box(Ghost)",
            "Ghost",
            Some(ParseErrorKind::NotContent(R::Ghost)),
        ),
        ("Book(Coin)", "(", None),
        ("Ghost:open", "open", None),
        ("DoorRed Ghost", "Ghost", None),
        ("Book Duck", "Duck", None),
    ] {
        let text = format!("legend: a = {rhs}\n#@a#\n");
        let e = Level::parse(&text).unwrap_err();
        let first = &e.errors()[0];
        assert_eq!(first.line, 1, "{rhs}: {first}");
        assert_eq!(
            first.column,
            12 + rhs.find(word).unwrap() + 1,
            "{rhs}: {first}"
        );
        if let Some(kind) = kind {
            assert_eq!(first.kind, kind, "{rhs}");
        }
    }
}

#[test]
fn unknown_names_are_refused_at_their_name() {
    let e = Level::parse("legend: a = Goal Keyred2 Box\n#@a#\n").unwrap_err();
    let first = &e.errors()[0];
    assert_eq!(
        (first.line, first.column, &first.kind),
        (1, 18, &ParseErrorKind::UnknownRecipe("Keyred2".into()))
    );
}

#[test]
fn ducks_cauldrons_and_bongs_read_with_their_states_and_contents_and_print_back() {
    let text = "legend: a = Duck\nlegend: b = duck:UP\nlegend: c = Duck:down\n\
                legend: d = WaterCell Duck:left\nlegend: e = Cauldron\n\
                legend: f = PressurePlateRed Cauldron(keyblue)\n\
                legend: g = Bong(KeyRed KeyRed) Goal\n#@abcdefg#\n";
    let level = Level::parse(text).unwrap();
    let duck = EntitySpec::new(R::Duck);
    let contents = |items: &[R]| muscleman_core::Contents::from_slice(items).unwrap();
    let cells: Vec<&[EntitySpec]> = (2..9).map(|x| level.cell(GridPos::new(x, 0))).collect();
    assert_eq!(
        cells,
        [
            &[duck][..],
            &[duck.with_state(muscleman_core::RecipeState::Up)][..],
            &[duck][..],
            &[
                EntitySpec::new(R::WaterCell),
                duck.with_state(muscleman_core::RecipeState::Left)
            ][..],
            &[EntitySpec::new(R::Cauldron)][..],
            &[
                EntitySpec::new(R::PressurePlateRed),
                EntitySpec::new(R::Cauldron).with_contents(contents(&[R::KeyBlue]))
            ][..],
            &[
                EntitySpec::new(R::Bong).with_contents(contents(&[R::KeyRed, R::KeyRed])),
                EntitySpec::new(R::Goal)
            ][..],
        ]
    );
    let printed = level.to_text();
    assert!(printed.contains(" = Duck:up\n"), "{printed}");
    assert!(
        !printed.contains("down"),
        "a duck facing down prints plain: {printed}"
    );
    assert!(
        printed.contains(" = PressurePlateRed Cauldron(KeyBlue)\n"),
        "{printed}"
    );
    assert!(
        printed.contains(" = Bong(KeyRed KeyRed) Goal\n"),
        "{printed}"
    );
    assert_eq!(Level::parse(&printed).unwrap(), level);
    // By hand, `Duck:down` is kept as a plain duck too.
    let mut by_hand = Level::new(1, 1).unwrap();
    let down = EntitySpec {
        state: Some(muscleman_core::RecipeState::Down),
        ..duck
    };
    by_hand.add(GridPos::ZERO, down).unwrap();
    assert_eq!(by_hand.cell(GridPos::ZERO), &[duck]);
}
