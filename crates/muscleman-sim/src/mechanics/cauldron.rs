//! The cauldron (rules.md §4, Push chain "Key into a cauldron" and
//! Environment step 2 "Brew").
//!
//! Rule: in every push chain of a move (walks, carries forward, backward
//! and sideways, not swing shoves), a key at the far end stopped by a
//! cauldron that holds no key or one goes into it: the key is destroyed,
//! its recipe joins the cauldron's contents (`PutIn`), and the rest of the
//! chain and the pusher advance. Anything else at the far end is stopped
//! by the cauldron as by any blocker.
//!
//! Then, in the environment, after collecting, each cauldron that received
//! a key this step and holds two brews, in id order: it is destroyed and
//! its product spawned in its cell (`Brewed`): a blue and a yellow key, in
//! either order, make a green key (GreenKeysMade goes up); any other two
//! make a bong holding both, in the order they went in (BongsMade). The
//! product counts as arrived this step. A cauldron with one key waits.

use muscleman_core::{
    Brew, Brewed, Contents, EntityId, EntityRecipe, EntitySpec, GlobalCounter, GridPos, KeyColor,
    PutIn,
};

use crate::changes::StepChange;
use crate::component::{Inside, TagKind, TagSet};
use crate::context::StepContext;
use crate::decl::{Art, Assume, Init, KeyTaker, Layer, Mechanic, RecipeDecl, Tint};
use crate::line::{Phase, reacting};
use crate::needs::Needs;
use crate::world::{InvariantError, World, WorldError};

crate::component::tags! {
    TAGS;
    /// Is a cauldron: a key pushed into it stays in its contents.
    Cauldron = 32,
}

/// What a cauldron brews: a blue and a yellow key, in either order, make
/// a green key (any other two a bong of both). The one place that names
/// the brew's colours: the brew below and level analysis read it.
const BREW: Brew = Brew {
    container: EntityRecipe::Cauldron,
    from: [EntityRecipe::KeyBlue, EntityRecipe::KeyYellow],
    makes: EntityRecipe::KeyGreen,
};

/// The cauldron, the keys it takes and its brew.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    check: Some(check),
    meets: &[(Needs::Containers, TagKind::Cauldron)],
    tags: TAGS,
    takes_key: Some(KeyTaker {
        finds: with_room,
        takes: put_in,
    }),
    ..Mechanic::new(
        "cauldron",
        &[RecipeDecl::new(
            EntityRecipe::Cauldron,
            &[
                TagKind::Cauldron,
                TagKind::BlocksMovement,
                TagKind::BlocksPush,
            ],
            Art::new("cauldron", "cauldron", Layer::THING, 'C', Tint::Grey),
            Assume::SCENERY
                .changing()
                .destroyable()
                .with_changing_contents()
                .making(&[BREW.makes, EntityRecipe::Bong])
                .brewing(&[BREW])
                .outside_push_search("cauldrons"),
        )
        .explained(
            "push a key into it: a blue and a yellow key brew a green key; any other \
             two keys make a bong of both.",
        )
        .with_init(&[Init::Contents])
        .showing(|world, id, _, _| {
            if world.get::<Inside>(id).is_ok_and(|c| !c.0.is_empty()) {
                "filled"
            } else {
                ""
            }
        })],
        &[reacting(Phase::Environment, "brew", brew).when(Needs::Containers)],
    )
};

/// The key recipe of a key's colour.
const fn key_of(color: KeyColor) -> EntityRecipe {
    match color {
        KeyColor::Blue => EntityRecipe::KeyBlue,
        KeyColor::Red => EntityRecipe::KeyRed,
        KeyColor::Yellow => EntityRecipe::KeyYellow,
        KeyColor::Green => EntityRecipe::KeyGreen,
    }
}

/// Return what a cauldron holds (nothing, when it has no contents).
fn contents(world: &World, cauldron: EntityId) -> Contents {
    world
        .get::<Inside>(cauldron)
        .map_or(Contents::EMPTY, |c| c.0)
}

/// The cauldron at `at` that has room for a key (it holds none, or one).
fn with_room(world: &World, _key: TagSet, at: GridPos) -> Option<EntityId> {
    world
        .index()
        .first_with(TagKind::Cauldron, at)
        .filter(|&c| contents(world, c).len() < 2)
}

/// The key, just destroyed, goes into the cauldron: `PutIn`.
fn put_in(
    ctx: &mut StepContext<'_>,
    key: EntityId,
    tags: TagSet,
    cauldron: EntityId,
) -> Result<(), WorldError> {
    let mut held = contents(ctx.world(), cauldron);
    if let Some(recipe) = tags.color().map(key_of) {
        // Room for it was checked by `with_room`: two at most.
        let _ = held.push(recipe);
    }
    ctx.set_noted(cauldron, Inside(held))?;
    ctx.events.push(PutIn {
        container: cauldron,
        entity: key,
    });
    Ok(())
}

/// Brew, in id order, every cauldron that received a key this step and
/// holds two.
fn brew(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    let mut full = ctx.take_ids();
    let world = ctx.world();
    for change in ctx.changes() {
        if let StepChange::Changed { id, .. } = *change
            && world
                .index()
                .locate(id)
                .is_some_and(|(_, tags)| tags.contains(TagKind::Cauldron))
            && contents(world, id).len() >= 2
        {
            full.push(id);
        }
    }
    full.sort_unstable();
    full.dedup();
    let mut result = Ok(());
    for &cauldron in &full {
        result = brew_one(ctx, cauldron);
        if result.is_err() {
            break;
        }
    }
    ctx.give_back_ids(full);
    result
}

/// Brew one full cauldron into its product, in its cell.
fn brew_one(ctx: &mut StepContext<'_>, cauldron: EntityId) -> Result<(), WorldError> {
    let at = ctx.world().position(cauldron)?;
    let keys = contents(ctx.world(), cauldron);
    let (product, counter) = if BREW.brews(keys.as_slice()) {
        (EntitySpec::new(BREW.makes), GlobalCounter::GreenKeysMade)
    } else {
        (
            EntitySpec::new(EntityRecipe::Bong).with_contents(keys),
            GlobalCounter::BongsMade,
        )
    };
    ctx.commands().destroy(cauldron);
    ctx.commands().spawn(product, at);
    let product = ctx.apply_commands()?.first().copied();
    ctx.add_counter(counter, 1);
    if let Some(product) = product {
        ctx.events.push(Brewed { cauldron, product });
    }
    Ok(())
}

/// A cauldron holds keys, one at most at the end of a step (rules.md §5,
/// invariant 10: two brew at once).
fn check(world: &World, at: GridPos, _: Option<EntityId>) -> Result<(), InvariantError> {
    for (id, tags) in world.index().tagged_at(at) {
        if !tags.contains(TagKind::Cauldron) {
            continue;
        }
        let keys = contents(world, id);
        if keys.len() > 1 || !keys.as_slice().iter().all(|r| r.is_key()) {
            return Err(InvariantError::Broken {
                rule: "a cauldron holds more than one key, or what is no key",
                at,
                entity: Some(id),
            });
        }
    }
    Ok(())
}
