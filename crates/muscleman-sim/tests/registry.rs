//! The registry: every mechanic declares its recipes and schedule lines in
//! its own module; the schedule and every front end read them (issue 22).

use muscleman_core::{EntityRecipe, GridPos, SimEvent};
use muscleman_sim::{
    Layer, MAX_EXPLAIN, Motion, TagKind, World, appearance, motions, recipe_decl, recipe_decls,
    spawn, systems,
};

#[test]
fn the_whole_schedule_reads_in_order() {
    let mut lines: Vec<_> = systems().collect();
    // The demonstration mechanic (`--features demo-glow`) runs after the
    // stairs in the environment phase, as registered.
    if cfg!(feature = "demo-glow") {
        assert_eq!(lines.get(6), Some(&("environment", "glow")));
        lines.remove(6);
    }
    assert_eq!(
        lines,
        [
            ("player", "walk"),
            ("player", "carry"),
            ("player", "grab"),
            ("player", "swing"),
            ("actors", "actors"),
            ("environment", "stairs"),
            ("environment", "collect"),
            ("environment", "brew"),
            ("environment", "sink"),
            ("environment", "plates"),
            ("environment", "doors"),
            ("cleanup", "cleanup"),
            ("emit", "bump"),
        ]
    );
}

#[test]
fn the_sim_declares_exactly_the_playable_recipes() {
    for recipe in EntityRecipe::ALL {
        assert_eq!(
            recipe_decl(recipe).is_some(),
            recipe.has_rules(),
            "{recipe}"
        );
    }
    assert_eq!(
        recipe_decls().count(),
        EntityRecipe::ALL.iter().filter(|r| r.has_rules()).count()
    );
}

#[test]
fn every_declared_look_has_a_stable_kind_a_name_and_a_glyph() {
    for decl in recipe_decls() {
        let arts = std::iter::once(decl.art).chain(decl.states.iter().map(|s| s.art));
        for art in arts {
            assert!(
                !art.kind.is_empty()
                    && art.kind.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{}: kind {:?} is snake_case",
                decl.recipe,
                art.kind
            );
            assert!(!art.name.is_empty(), "{}", decl.recipe);
            assert!(art.glyph.is_ascii_graphic(), "{}", decl.recipe);
            assert!(art.layer <= Layer::PLAYER, "{}", decl.recipe);
        }
        // Each state the level format allows has its declaration.
        for (state, _) in decl.recipe.info().states {
            assert!(
                decl.states.iter().any(|s| s.state == *state),
                "{}:{state}",
                decl.recipe
            );
        }
    }
}

/// Every recipe is explained to players beside its declaration, in a
/// sentence or two that follows its name (so it starts in lower case)
/// and names no key (each front end names its own), and every explained
/// state too; the view hands the
/// words on with the entity.
#[test]
fn every_declared_recipe_explains_itself_and_the_view_says_it() {
    let mut world = World::new();
    for (x, decl) in (0..).zip(recipe_decls()) {
        let texts = std::iter::once(decl.explain)
            .chain(decl.states.iter().map(|s| s.explain))
            .filter(|t| !t.is_empty());
        assert!(!decl.explain.is_empty(), "{}", decl.recipe);
        for text in texts {
            assert!(text.len() <= MAX_EXPLAIN, "{}: {text}", decl.recipe);
            assert!(text.ends_with('.'), "{}: {text}", decl.recipe);
            assert!(
                text.starts_with(|c: char| c.is_ascii_lowercase()),
                "{}: {text}",
                decl.recipe
            );
            assert!(!text.contains("  "), "{}: {text}", decl.recipe);
            for key in ["'g'", "'p'", "[", "]", "arrow"] {
                assert!(!text.contains(key), "{}: {text} names a key", decl.recipe);
            }
        }
        let id = spawn(&mut world, decl.recipe, GridPos::new(x, 0)).expect("spawn");
        assert_eq!(
            appearance(&world, id).explain,
            decl.explain,
            "{}",
            decl.recipe
        );
    }
}

#[test]
fn every_event_has_a_snake_case_name_and_named_fields_once() {
    let mut names: Vec<_> = SimEvent::CATALOGUE.iter().map(|e| e.name).collect();
    for e in SimEvent::CATALOGUE {
        assert!(
            e.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{}",
            e.name
        );
        assert!(!e.fields.is_empty(), "{}", e.name);
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), SimEvent::CATALOGUE.len(), "names are unique");
}

/// Every tag is registered once: distinct bits, distinct names, each found
/// by its name (as saves find them), the shared and the mechanics' alike.
#[test]
fn every_tag_is_registered_once_and_found_by_name() {
    let tags: Vec<TagKind> = muscleman_sim::tag_kinds().collect();
    let mut bits: Vec<u8> = tags.iter().map(|t| t.bit()).collect();
    bits.dedup();
    assert_eq!(
        bits.len(),
        tags.len(),
        "bits in order, none twice: {tags:?}"
    );
    for tag in &tags {
        assert_eq!(muscleman_sim::tag_named(tag.name()), Some(*tag));
        assert!(u32::from(tag.bit()) < muscleman_sim::TAG_BITS);
    }
    for mechanic_tag in [TagKind::PressurePlate, TagKind::WaterCell, TagKind::Key] {
        assert!(tags.contains(&mechanic_tag), "{mechanic_tag}");
    }
    for recipe in muscleman_sim::recipe_decls() {
        for tag in recipe.all_tags().iter() {
            assert!(tags.contains(&tag), "{tag} of {}", recipe.recipe);
        }
    }
}

/// What never moves by itself moves nothing by itself either; of what does
/// (a duck), the declaration says whether it moves others, which the
/// solver's dead cells and frozen boxes rely on.
#[test]
fn what_moves_only_when_pushed_never_moves_others() {
    for decl in recipe_decls() {
        if !decl.assume.moves_by_itself() {
            assert!(decl.assume.never_moves_others, "{:?}", decl.recipe);
        }
        // An actor is exactly what moves by itself.
        assert_eq!(
            decl.acts(),
            decl.assume.moves_by_itself(),
            "{:?}",
            decl.recipe
        );
    }
    let duck = recipe_decl(EntityRecipe::Duck).map(|d| d.assume);
    assert!(duck.is_some_and(|a| a.moves_by_itself() && a.never_moves_others));
}

/// The mechanics declare every way they move things, and each way once.
#[test]
fn the_mechanics_declare_how_they_move_things() {
    let motions: Vec<Motion> = motions().collect();
    assert_eq!(motions, Motion::ALL, "every motion is some mechanic's");
}
