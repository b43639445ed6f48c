//! Lists of recipe names for error messages, from the recipe table.

use muscleman_core::{CellClass, EntityRecipe, Holds, RecipeState};

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

/// Every state's name, for messages: `sunk, open, ... or left`.
pub(crate) fn state_names() -> String {
    let names: Vec<&str> = RecipeState::ALL
        .into_iter()
        .map(RecipeState::name)
        .collect();
    match names.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}
