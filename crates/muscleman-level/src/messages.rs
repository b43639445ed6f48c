//! Lists of recipe names for error messages, from the recipe table.

use muscleman_core::{CellClass, EntityRecipe};

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
