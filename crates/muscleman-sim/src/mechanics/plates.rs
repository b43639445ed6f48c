//! Plates (rules.md §4, Environment phase 3): a plate is pressed while its
//! cell holds something that blocks movement, is not held and does not
//! weigh nothing (what a mechanic declares `weightless`); a heavy plate
//! only by something heavy.

use muscleman_core::{EntityId, EntityRecipe, GridPos, KeyColor, PlatePressed, PlateReleased};

use crate::component::TagKind;
use crate::context::StepContext;
use crate::decl::{Answer, Art, Assume, Layer, Mechanic, PressedBy, RecipeDecl, Tint};
use crate::index::SpatialIndex;
use crate::line::{Phase, reacting};
use crate::needs::Needs;
use crate::world::{InvariantError, World, WorldError};

crate::component::tags! {
    TAGS;
    /// Is a pressure plate (`PressurePlate(c, pressed)`: coloured by its
    /// colour tag, heavy if it has none).
    PressurePlate = 21,
    /// Is a plate pressed right now.
    Pressed = 22,
}

/// A plate recipe: set into the floor, shown pressed while pressed.
const fn plate(
    recipe: EntityRecipe,
    art: Art,
    pressed_by: PressedBy,
    explain: &'static str,
) -> RecipeDecl {
    RecipeDecl::new(
        recipe,
        &[TagKind::PressurePlate],
        art,
        Assume::SCENERY
            .changing()
            .outside_push_search("pressure plates")
            .answering_steps(Answer::Beyond)
            .pressed_by(pressed_by),
    )
    .showing(|_, _, _, tags| {
        if tags.contains(TagKind::Pressed) {
            "pressed"
        } else {
            ""
        }
    })
    .explained(explain)
}

/// What a coloured plate says of itself.
const PLATE: &str = "pressed while something that blocks stands on it (you, a box, a key; not \
     what you hold); while every plate of its colour is pressed, its doors are open.";
/// A coloured plate's art.
const COLOURED: Art = Art::new("plate", "plate", Layer::SET_IN, '_', Tint::Own);

/// Pressure plates.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    settle: Some(settle),
    check: Some(check),
    meets: &[(Needs::Switches, TagKind::PressurePlate)],
    tags: TAGS,
    ..Mechanic::new(
        "plates",
        &[
            plate(
                EntityRecipe::PressurePlateBlue,
                COLOURED,
                PressedBy::WhatBlocks,
                PLATE,
            ),
            plate(
                EntityRecipe::PressurePlateRed,
                COLOURED,
                PressedBy::WhatBlocks,
                PLATE,
            ),
            plate(
                EntityRecipe::PressurePlateYellow,
                COLOURED,
                PressedBy::WhatBlocks,
                PLATE,
            ),
            plate(
                EntityRecipe::PressurePlateGreen,
                COLOURED,
                PressedBy::WhatBlocks,
                PLATE,
            ),
            plate(
                EntityRecipe::PressurePlateHeavy,
                Art::new(
                    "heavy_plate",
                    "heavy plate",
                    Layer::SET_IN,
                    '_',
                    Tint::Magenta,
                ),
                PressedBy::Heavy,
                "pressed only by a heavy box standing on it; while every heavy plate is pressed, \
                 the secret door is open.",
            ),
        ],
        &[reacting(Phase::Environment, "plates", run).when(Needs::Switches)],
    )
};

/// At load: a plate is pressed if something presses it (nothing is held).
fn settle(world: &mut World, plate: EntityId) {
    let Some((at, tags)) = world.index().locate(plate) else {
        return;
    };
    let pressed = pressed_at(world, at, tags.color().is_none(), None);
    let tags = if pressed {
        tags.with(TagKind::Pressed)
    } else {
        tags.without(TagKind::Pressed)
    };
    // The plate was just spawned, so it lives.
    let _ = world.set_tags(plate, tags);
}

/// Every plate in `at` is pressed exactly when something presses it.
fn check(world: &World, at: GridPos, held: Option<EntityId>) -> Result<(), InvariantError> {
    let index = world.index();
    for (id, tags) in index.tagged_at(at) {
        if tags.contains(TagKind::PressurePlate)
            && tags.contains(TagKind::Pressed)
                != pressed_at(world, at, tags.color().is_none(), held)
        {
            return Err(InvariantError::Broken {
                rule: "a plate's pressed state does not match what stands on it",
                at,
                entity: Some(id),
            });
        }
    }
    Ok(())
}

/// Bring up to date, in id order, every plate in a cell this step touched
/// (both ends of a move, spawns, destroys, tag changes, lifts and landings):
/// set or clear its `Pressed` tag and emit `PlatePressed` or
/// `PlateReleased` when it changes.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.world_has(TagKind::PressurePlate) {
        return Ok(());
    }
    let mut plates = ctx.take_ids();
    let index = ctx.world().index();
    for change in ctx.changes() {
        for at in std::iter::once(change.cell()).chain(change.left()) {
            plates.extend(
                index
                    .tagged_at(at)
                    .filter(|(_, tags)| tags.contains(TagKind::PressurePlate))
                    .map(|(id, _)| id),
            );
        }
    }
    plates.sort_unstable();
    plates.dedup();
    let held = held(ctx);
    let mut result = Ok(());
    for &plate in &plates {
        result = update(ctx, plate, held);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(plates);
    result
}

/// Return what the player holds, if anything.
fn held(ctx: &StepContext<'_>) -> Option<EntityId> {
    ctx.held()
}

/// Return whether something in `at` presses a plate there: an entity that
/// blocks movement, is not `held` and does not weigh nothing (the
/// mechanics' declared `weightless` tags), and for a heavy plate a heavy
/// one.
pub(crate) fn pressed_at(world: &World, at: GridPos, heavy: bool, held: Option<EntityId>) -> bool {
    let weightless = world.weightless();
    world.index().tagged_at(at).any(|(id, tags)| {
        tags.contains(TagKind::BlocksMovement)
            && !tags.intersects(weightless)
            && (!heavy || tags.contains(TagKind::Heavy))
            && Some(id) != held
    })
}

/// Set `plate`'s `Pressed` tag from what stands on it, with its event.
fn update(
    ctx: &mut StepContext<'_>,
    plate: EntityId,
    held: Option<EntityId>,
) -> Result<(), WorldError> {
    let index = ctx.world().index();
    let Some((at, tags)) = index.locate(plate) else {
        return Ok(());
    };
    let heavy = tags.color().is_none();
    let now = pressed_at(ctx.world(), at, heavy, held);
    if now == tags.contains(TagKind::Pressed) {
        return Ok(());
    }
    if now {
        ctx.set_tags(plate, tags.with(TagKind::Pressed))?;
        ctx.events.push(PlatePressed { plate });
    } else {
        ctx.set_tags(plate, tags.without(TagKind::Pressed))?;
        ctx.events.push(PlateReleased { plate });
    }
    Ok(())
}

/// The plates of one colour class: how many, and how many are pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlateTally {
    /// Plates of the class in the level.
    pub(crate) total: u32,
    /// Those pressed now.
    pub(crate) pressed: u32,
}

impl PlateTally {
    /// Return the plates of a colour (`None`: the heavy plates), from the
    /// index's tallies (only plates are ever `Pressed`).
    pub(crate) fn of(index: &SpatialIndex, color: Option<KeyColor>) -> PlateTally {
        let tallies = index.tallies();
        PlateTally {
            total: tallies.count(TagKind::PressurePlate, color),
            pressed: tallies.count(TagKind::Pressed, color),
        }
    }

    /// Return whether the class has at least one plate and all are pressed:
    /// what opens its doors (rules.md §4, Doors).
    pub(crate) const fn all_pressed(self) -> bool {
        self.total > 0 && self.pressed == self.total
    }
}
