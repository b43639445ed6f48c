//! What a front end says about a level beside its board: its
//! introduction (the `Comment` the level opens with) and everything it
//! holds, each in the words its recipe declares in the sim
//! (`RecipeDecl::explain`), and what the rules in use let the player do,
//! for the help of the terminal and the page.

use muscleman_core::{Contents, EntitySpec, GridPos};
use muscleman_level::Level;
use muscleman_sim::{Appearance, Rules, TagKind, View, World, appearance, spawn_spec};

use crate::progress::rules_key;

/// What a level asks of the player, as the help says it.
pub const GOAL: &str = "push a box onto every goal to solve the level.";

/// Return a level's author, if it names one that is not blank.
pub fn author(level: &Level) -> Option<&str> {
    level
        .metadata()
        .get("Author")
        .map(str::trim)
        .filter(|a| !a.is_empty())
}

/// Return a level's comment, if it has one that is not blank: what it
/// says of itself as it opens.
pub fn intro_comment(level: &Level) -> Option<&str> {
    level
        .metadata()
        .get("Comment")
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// Return the appearances of everything the level holds, as it began and
/// as it is now: its things in the states they are written in or have come
/// to, and what boxes hold, in recipe order. What is not in play any more
/// (a spent key) is still explained; so is what came (a sunk heavy box).
pub fn things_in(level: &Level, view: &View) -> Vec<Appearance> {
    let mut specs: Vec<EntitySpec> = level.all_entities().map(|(_, _, s)| s).collect();
    specs.sort_unstable();
    specs.dedup();
    let mut world = World::new();
    let mut out: Vec<Appearance> = Vec::new();
    let mut x = 0;
    let mut add = |out: &mut Vec<Appearance>, spec: &EntitySpec| {
        x += 1;
        if let Ok(id) = spawn_spec(&mut world, spec, GridPos::new(x, 0)) {
            out.push(appearance(&world, id));
        }
    };
    for spec in &specs {
        add(&mut out, spec);
    }
    let now: Vec<Appearance> = view.all_sprites().iter().map(|s| s.appearance).collect();
    for a in &now {
        out.push(*a);
    }
    let inside: Vec<EntitySpec> = out
        .iter()
        .flat_map(|a| a.contents.as_slice().to_vec())
        .map(EntitySpec::new)
        .collect();
    for spec in &inside {
        add(&mut out, spec);
    }
    out.sort_by_key(|a| (a.recipe, a.state, a.kind));
    out.dedup_by_key(|a| (a.recipe, a.state, a.kind, a.state_explain));
    out
}

/// One line of a level's help: words a recipe (or a state of one)
/// declares in the sim, and the things of the level they explain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The words (`RecipeDecl::explain`, or a state's own).
    pub words: &'static str,
    /// The things they explain, in the order first met, each once by
    /// name: as plain things (no state, nothing inside) for a recipe's
    /// words, in their state for a state's.
    pub things: Vec<Appearance>,
}

/// Return everything the level holds explained ([`things_in`]), grouped
/// by the words that explain it: first each recipe's words, then each
/// state's own words, in the order first met; a thing without words is
/// left out.
///
/// # Example
/// ```
/// use muscleman_level::Level;
/// use muscleman_play::about::{explained, thing_name};
/// use muscleman_sim::{Game, Rules};
///
/// let level = Level::parse("legend: k = KeyRed\n#@$.k#\n")?;
/// let game = Game::new(&level, Rules::MUSCLEMAN)?;
/// let help = explained(&level, &game.view());
/// let names: Vec<String> = help
///     .iter()
///     .flat_map(|e| e.things.iter().map(|a| thing_name(a, false)))
///     .collect();
/// assert!(names.contains(&"red key".to_owned()));
/// assert!(help.iter().all(|e| !e.words.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explained(level: &Level, view: &View) -> Vec<Explained> {
    let things = things_in(level, view);
    let mut groups: Vec<Explained> = Vec::new();
    let mut put = |words: &'static str, a: Appearance, with_state: bool| {
        if words.is_empty() {
            return;
        }
        let name = thing_name(&a, with_state);
        match groups.iter_mut().find(|g| g.words == words) {
            Some(g) if g.things.iter().any(|t| thing_name(t, with_state) == name) => {}
            Some(g) => g.things.push(a),
            None => groups.push(Explained {
                words,
                things: vec![a],
            }),
        }
    };
    for a in &things {
        let plain = Appearance {
            state: "",
            contents: Contents::EMPTY,
            ..*a
        };
        put(a.explain, plain, false);
    }
    for a in things.iter().filter(|a| !a.state_explain.is_empty()) {
        put(a.state_explain, *a, true);
    }
    groups
}

/// Return what the help calls a thing: its declared name, after its
/// colour (`red key`) and, `with_state`, its state (`open red door`).
pub fn thing_name(a: &Appearance, with_state: bool) -> String {
    let mut name = a.name.to_owned();
    if let Some(c) = a.color {
        name = format!("{} {name}", c.name());
    }
    if with_state && !a.state.is_empty() {
        name = format!("{} {name}", a.state);
    }
    name
}

/// The keys the rules' words name: the asking front end's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandKeys {
    /// The key that grabs (`g`).
    pub grab: &'static str,
    /// The key that drops (`p`).
    pub drop: &'static str,
    /// The key that swings left (`[`).
    pub swing_left: &'static str,
    /// The key that swings right (`]`).
    pub swing_right: &'static str,
}

/// Return the rules' name as a player reads it: `Muscleman`, `Sokoban`.
pub fn rules_name(rules: Rules) -> String {
    match rules_key(rules).as_str() {
        "muscleman" => "Muscleman".to_owned(),
        "sokoban" => "Sokoban".to_owned(),
        other => other.to_owned(),
    }
}

/// Return what the rules in use let the player do: how long a line of
/// boxes it pushes, and what its hands do (grab takes what it faces; with
/// empty hands the swings only turn it), naming `keys`.
pub fn rules_text(rules: Rules, keys: &HandKeys) -> String {
    let push = match rules.max_chain {
        None => "you push a whole line of boxes at once.".to_owned(),
        Some(0) => "nothing can be pushed.".to_owned(),
        Some(1) => "you push one box at a time, never two in a row.".to_owned(),
        Some(n) => format!("you push at most {n} boxes in a row."),
    };
    let (grab, drop) = (keys.grab, keys.drop);
    let (left, right) = (keys.swing_left, keys.swing_right);
    let hands = if rules.hands {
        let (can, cannot) = grabbable();
        let not = if cannot.is_empty() {
            String::new()
        } else {
            format!("; not {}", or_list(&cannot))
        };
        format!(
            "{grab} grabs the thing you face ({}{not}): then moves carry it, {drop} drops it, \
             and {left} {right} swing it round you. With empty hands, {left} and {right} only \
             turn you.",
            or_list(&can)
        )
    } else {
        format!("You have no hands: {grab} {drop} {left} {right} do nothing.")
    };
    format!("{}: {push} {hands}", rules_name(rules))
}

/// Return what the move counter counts under `rules`: the steps the
/// player walks (the sim's `Stats`), and what is free.
pub fn moves_text(rules: Rules) -> String {
    let free = if rules.hands {
        "grabs, drops, swings and waits cost none"
    } else {
        "a wait costs none"
    };
    format!(
        "each step you walk is a move, a push too; {free}. Pushes count the moves that push \
         something."
    )
}

/// Return what a player can grab and what it pushes but cannot grab, by
/// the names the sim declares (the recipes a level may hold, whose tags
/// say liftable, or pushable and not liftable), each name once, in recipe
/// order.
fn grabbable() -> (Vec<&'static str>, Vec<&'static str>) {
    let (mut can, mut cannot): (Vec<&'static str>, Vec<&'static str>) = (Vec::new(), Vec::new());
    for decl in muscleman_sim::recipe_decls().filter(|d| d.recipe.in_levels()) {
        let list = if decl.tags.contains(TagKind::Liftable) {
            &mut can
        } else if decl.tags.contains(TagKind::Pushable) {
            &mut cannot
        } else {
            continue;
        };
        if !list.contains(&decl.art.name) {
            list.push(decl.art.name);
        }
    }
    (can, cannot)
}

/// Return `a box`, `a box or a key`, `a box, a key or a duck`.
fn or_list(names: &[&str]) -> String {
    let named: Vec<String> = names.iter().map(|n| format!("a {n}")).collect();
    match named.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => "nothing".to_owned(),
    }
}
