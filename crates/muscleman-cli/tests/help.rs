//! The help that follows the level (issue 28): `?` explains the goal, the
//! rules in use and what hands do, and everything the level holds, in the
//! words each recipe declares beside its declaration in the sim; the
//! panel's short key list has the hands' keys where the rules have hands.

mod common;

use common::{app_at, key, screen};
use muscleman_cli::builtin;
use muscleman_cli::play::{App, Overlay};
use muscleman_core::{EntityRecipe, EntitySpec, KeyColor};
use muscleman_level::Collection;
use muscleman_sim::{Rules, recipe_decl};
use ratatui::crossterm::event::KeyCode;

/// The help's text on a window big enough to hold it all, as one line:
/// frame and wrapping gone, spaces collapsed.
fn help_text(app: &mut App) -> String {
    key(app, KeyCode::Char('?'));
    assert_eq!(app.overlay(), Overlay::Help);
    let s = screen(app, 110, 120);
    key(app, KeyCode::Char('x'));
    assert!(
        s.contains("any key closes"),
        "the help fits in 110×120:\n{s}"
    );
    s.lines()
        .map(|l| l.trim().trim_matches('│').trim())
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Return what a recipe is called: its colour and its declared name.
fn name(recipe: EntityRecipe) -> String {
    let decl = recipe_decl(recipe).expect("played");
    let color = match recipe.color() {
        Some(KeyColor::Blue) => "blue ",
        Some(KeyColor::Red) => "red ",
        Some(KeyColor::Yellow) => "yellow ",
        Some(KeyColor::Green) => "green ",
        None => "",
    };
    format!("{color}{}", decl.art.name)
}

/// Done when (issue 28): on every built-in level, of every collection,
/// `?` names every recipe present in it (and what boxes hold), each with
/// its declared words, and the words of every state written in it that has
/// its own.
#[test]
fn on_every_built_in_level_the_help_names_and_explains_every_recipe_in_it() {
    for c in &builtin::COLLECTIONS {
        let levels = builtin::read(c).expect("built-in").collection.levels;
        help_names_every_recipe(&levels);
    }
}

fn help_names_every_recipe(levels: &[muscleman_level::Level]) {
    for (i, level) in levels.iter().enumerate() {
        let mut app = app_at(levels.to_vec(), i, Rules::MUSCLEMAN);
        let help = help_text(&mut app);
        let specs: Vec<EntitySpec> = level.all_entities().map(|(_, _, s)| s).collect();
        let inside = specs
            .iter()
            .flat_map(|s| s.contents.as_slice().to_vec())
            .map(EntitySpec::new);
        for spec in specs.iter().copied().chain(inside) {
            let decl = recipe_decl(spec.recipe).expect("played");
            let what = name(spec.recipe);
            assert!(
                help.contains(&format!("{what}:")) || help.contains(&format!("{what},")),
                "level {} ({:?}): {what} is not named in the help:\n{help}",
                i + 1,
                level.title()
            );
            assert!(
                help.contains(decl.explain),
                "level {}: {what} is not explained:\n{help}",
                i + 1
            );
            let state = spec
                .state
                .and_then(|s| decl.states.iter().find(|d| d.state == s));
            if let Some(state) = state {
                assert!(help.contains(state.explain), "level {}: {spec}", i + 1);
            }
        }
    }
}

/// A state that comes in play (a heavy box sunk) brings its own words.
#[test]
fn the_help_follows_the_level_as_it_is_played() {
    let levels = Collection::parse("#######\n#@&~ .#\n#  $  #\n#######\n")
        .expect("level")
        .levels;
    let mut app = app_at(levels, 0, Rules::MUSCLEMAN);
    let sunk = recipe_decl(EntityRecipe::HeavyBox)
        .and_then(|d| d.states.first())
        .map(|s| s.explain)
        .expect("sunk");
    assert!(!help_text(&mut app).contains(sunk));
    key(&mut app, KeyCode::Right);
    let help = help_text(&mut app);
    assert!(help.contains("sunk heavy box:"), "{help}");
    assert!(help.contains(sunk), "{help}");
}

/// The help says what the rules in use allow: with hands, that grab takes
/// what the player faces and that the swings with empty hands only turn
/// the player; without, that those keys do nothing.
#[test]
fn the_help_says_what_hands_do_under_the_rules_in_use() {
    let levels = || {
        Collection::parse("#####\n#@$.#\n#####\n")
            .expect("l")
            .levels
    };
    let help = help_text(&mut app_at(levels(), 0, Rules::MUSCLEMAN));
    // What can be grabbed is what the sim declares liftable: ducks,
    // bongs and books too.
    assert!(
        help.contains(
            "g grabs the thing you face (a box, a hammer, a key, a duck, a bong or a book; not a \
             heavy box)"
        ),
        "{help}"
    );
    assert!(
        help.contains("With empty hands, [ and ] only turn you."),
        "{help}"
    );
    let help = help_text(&mut app_at(levels(), 0, Rules::SOKOBAN));
    assert!(
        help.contains("You have no hands: g p [ ] do nothing."),
        "{help}"
    );
    assert!(!help.contains("g grabs"), "{help}");
}

/// The panel's short key list has the hands' keys where the rules have
/// hands, and not where they have none.
#[test]
fn the_panel_lists_grab_drop_and_swing_where_the_rules_have_hands() {
    let levels = || {
        Collection::parse("#####\n#@$.#\n#####\n")
            .expect("l")
            .levels
    };
    let panel = |s: String| {
        s.lines()
            .map(|l| l.chars().skip(l.chars().count() - 28).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    for (w, h) in [(80, 24), (60, 18)] {
        let s = panel(screen(&app_at(levels(), 0, Rules::MUSCLEMAN), w, h));
        for entry in ["g grab", "p drop", "[ ] swing"] {
            assert!(s.contains(entry), "{entry} at {w}×{h}:\n{s}");
        }
        let s = panel(screen(&app_at(levels(), 0, Rules::SOKOBAN), w, h));
        assert!(!s.contains("grab") && !s.contains("swing"), "{s}");
    }
}
