//! Collect (rules.md §4, Environment phase 1): the player picks up every
//! collectible in the cell it entered this step. Pushed, held or swung
//! things pass over collectibles.

use muscleman_core::ItemCollected;

use crate::changes::StepChange;
use crate::component::{Collects, TagKind};
use crate::context::StepContext;
use crate::decl::Init;
use crate::decl::{Answer, Art, Assume, Layer, Mechanic, RecipeDecl, Tint};
use crate::line::{Phase, reacting};
use crate::needs::Needs;
use crate::world::WorldError;
use muscleman_core::{EntityRecipe, GlobalCounter};

crate::component::tags! {
    TAGS;
    /// Is collected when the player enters its cell (its counter is its
    /// [`Collects`](crate::Collects) component).
    Collectible = 23,
}

/// A collectible recipe: it lies on the floor and raises `counter`.
const fn collectible(
    recipe: EntityRecipe,
    kind: &'static str,
    glyph: char,
    tint: Tint,
    counter: &'static [Init],
) -> RecipeDecl {
    RecipeDecl::new(
        recipe,
        &[TagKind::Collectible],
        Art::new(kind, kind, Layer::LOOSE, glyph, tint),
        Assume::SCENERY
            .destroyable()
            .outside_push_search("collectibles")
            .answering_steps(Answer::Beyond),
    )
    .with_init(counter)
    .explained("walk onto it to collect it; what you push, carry or swing passes over it.")
}

/// Collectibles, and the player collecting them.
pub(crate) const MECHANIC: Mechanic = Mechanic {
    meets: &[(Needs::Collectibles, TagKind::Collectible)],
    tags: TAGS,
    ..Mechanic::new(
        "collect",
        &[
            collectible(
                EntityRecipe::Apple,
                "apple",
                'a',
                Tint::Red,
                &[Init::Collects(GlobalCounter::ApplesEaten)],
            ),
            collectible(
                EntityRecipe::Pear,
                "pear",
                'p',
                Tint::Green,
                &[Init::Collects(GlobalCounter::PearsEaten)],
            ),
            collectible(
                EntityRecipe::Cheese,
                "cheese",
                'c',
                Tint::Yellow,
                &[Init::Collects(GlobalCounter::CheeseEaten)],
            ),
            collectible(
                EntityRecipe::Coin,
                "coin",
                'o',
                Tint::Yellow,
                &[Init::Collects(GlobalCounter::Coins)],
            ),
        ],
        &[reacting(Phase::Environment, "collect", run).when(Needs::Collectibles)],
    )
};

/// Collect, in id order, each collectible in the cell the player entered
/// this step: destroy it, raise its counter by one and emit
/// `ItemCollected`.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.world_has(TagKind::Collectible) {
        return Ok(());
    }
    let player = ctx.player;
    let mut i = 0;
    while let Some(&change) = ctx.changes().get(i) {
        i += 1;
        let StepChange::Moved { id, to, .. } = change else {
            continue;
        };
        // Only where the player still is: a cell it only passed through
        // this step is not entered. The cell's tags answer first, cheaply.
        if id != player
            || !ctx
                .world()
                .index()
                .kinds_at(to)
                .contains(TagKind::Collectible)
            || ctx.world().index().locate(player).map(|(at, _)| at) != Some(to)
        {
            continue;
        }
        // One at a time, lowest id first: destroying one changes the cell.
        while let Some(item) = ctx.world().index().first_with(TagKind::Collectible, to) {
            let counter = ctx.world().get::<Collects>(item)?.0;
            ctx.commands().destroy(item);
            ctx.apply_commands()?;
            ctx.add_counter(counter, 1);
            ctx.events.push(ItemCollected {
                entity: item,
                counter,
            });
        }
    }
    Ok(())
}
