//! Lists of recipe names for error messages, from the recipe table.

use muscleman_core::{CellClass, Contents, EntityRecipe, EntitySpec, Holds, RecipeState};

/// The legend names of the recipes the level format reads whose class has
/// `role`, for messages: what may stand in a doorway, or on stairs.
fn names_with(role: CellClass) -> String {
    EntityRecipe::ALL
        .into_iter()
        .filter(|r| r.in_levels() && r.info().class.contains(role))
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What may stand in an open door, for messages.
pub(crate) fn doorway() -> String {
    format!(
        "an open door holds only {}",
        names_with(CellClass::FITS_DOORWAY)
    )
}

/// What blocks movement, for messages: every recipe whose own state
/// does (a door only closed, a heavy box only not sunk).
pub(crate) fn blockers() -> String {
    names_with(CellClass::BLOCKER)
}

/// What water shares no cell with, for messages.
pub(crate) fn dry() -> String {
    format!(
        "water shares its cell with nothing that stays dry: {}",
        names_with(CellClass::DRY)
    )
}

/// What may stand on stairs, for messages.
pub(crate) fn on_stairs() -> String {
    format!(
        "stairs hold only one thing that moves: {}",
        names_with(crate::rules::ON_STAIRS)
    )
}

/// The legend names of every recipe the level format reads, for messages.
pub(crate) fn recipe_names() -> String {
    EntityRecipe::ALL
        .into_iter()
        .filter(|r| r.in_levels())
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What may hold contents, for messages: `a Box, a Cauldron or a Bong`.
pub(crate) fn holders() -> String {
    let names: Vec<String> = EntityRecipe::ALL
        .into_iter()
        .filter(|r| r.in_levels() && r.info().holds != Holds::Nothing)
        .map(|r| format!("a {r}"))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// How many keys `holder` holds, for messages: `at most 1 key`,
/// `exactly 2 keys`.
pub(crate) fn keys_held(holder: EntityRecipe) -> String {
    let keys = |n: u8| {
        if n == 1 {
            "1 key".to_owned()
        } else {
            format!("{n} keys")
        }
    };
    match holder.info().holds {
        Holds::Keys { least, most } if least == most => format!("exactly {}", keys(most)),
        Holds::Keys { least: 0, most } => format!("at most {}", keys(most)),
        Holds::Keys { least, most } => format!("from {least} to {}", keys(most)),
        Holds::Nothing | Holds::Things => "no keys only".to_owned(),
    }
}

/// The message of an unknown grid symbol: a letter no legend line
/// defines, or a character that is no symbol.
pub(crate) fn unknown_symbol(symbol: char) -> String {
    if symbol.is_ascii_alphabetic() {
        format!(
            "unknown symbol {symbol:?}: no legend line defines the letter, expected \
             \"legend: {symbol} = RECIPE\" above the grid"
        )
    } else {
        format!(
            "unknown symbol {symbol:?}, expected one of # @ + $ * . % ~ & space - _, \
             a run length, '(', ')', '|' or a legend letter"
        )
    }
}

/// The end of an unknown recipe's message: the nearest name when one is
/// near (`did you mean KeyRed?`), else every name.
pub(crate) fn recipe_hint(name: &str) -> String {
    let names: Vec<String> = EntityRecipe::ALL
        .into_iter()
        .filter(|r| r.in_levels())
        .map(|r| r.to_string())
        .collect();
    match crate::suggest::nearest(name, names.iter().map(String::as_str)) {
        Some(near) => format!("did you mean {near}?"),
        None => format!("expected one of {}", recipe_names()),
    }
}

/// The end of an unknown state's message: the states of `recipe` (all
/// states when it is unknown), the nearest first when one is near; a
/// compass word for a thing that faces is its way (`north`: `up`).
pub(crate) fn state_hint(state: &str, recipe: Option<EntityRecipe>) -> String {
    let states: Vec<RecipeState> = RecipeState::ALL
        .into_iter()
        .filter(|s| recipe.is_none_or(|r| s.applies_to(r)))
        .collect();
    let written = |s: RecipeState| match recipe {
        Some(r) => format!("{r}:{s}"),
        None => s.name().to_owned(),
    };
    let Some((last, rest)) = states.split_last() else {
        return match recipe {
            Some(r) => format!("{r} has no states"),
            None => "expected no state".to_owned(),
        };
    };
    let compass = match state.to_ascii_lowercase().as_str() {
        "north" | "n" => Some(RecipeState::Up),
        "east" | "e" => Some(RecipeState::Right),
        "south" | "s" => Some(RecipeState::Down),
        "west" | "w" => Some(RecipeState::Left),
        _ => None,
    }
    .filter(|s| states.contains(s));
    let near = compass.or_else(|| {
        let names = states.iter().map(|s| s.name());
        crate::suggest::nearest(state, names)
            .and_then(|n| states.iter().copied().find(|s| s.name() == n))
    });
    let all = if rest.is_empty() {
        written(*last)
    } else {
        let rest: Vec<String> = rest.iter().map(|s| written(*s)).collect();
        format!("{} or {}", rest.join(", "), written(*last))
    };
    match near {
        Some(s) => format!("did you mean {}? (expected {all})", written(s)),
        None => format!("expected {all}"),
    }
}

/// The end of a two-blockers message when one of them could hold the
/// other: ` (did you mean Cauldron(KeyBlue)? contents go in parentheses)`.
pub(crate) fn contents_hint(a: &EntitySpec, b: &EntitySpec) -> String {
    let held = |holder: &EntitySpec, item: &EntitySpec| {
        if holder.contents.is_empty() && item.state.is_none() && item.contents.is_empty() {
            let contents = Contents::from_slice(&[item.recipe])?;
            let spec = holder.with_contents(contents);
            crate::rules::check_spec(&spec).is_ok().then_some(spec)
        } else {
            None
        }
    };
    match held(a, b).or_else(|| held(b, a)) {
        Some(spec) => format!(" (did you mean {spec}? contents go in parentheses)"),
        None => String::new(),
    }
}
