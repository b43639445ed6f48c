//! Collect (rules.md §4, Environment phase 1): the player picks up every
//! collectible in the cell it entered this step. Pushed, held or swung
//! things pass over collectibles.

use muscleman_core::ItemCollected;

use crate::component::{Collects, TagKind};
use crate::context::{StepChange, StepContext};
use crate::world::WorldError;

/// Collect, in id order, each collectible in the cell the player entered
/// this step: destroy it, raise its counter by one and emit
/// `ItemCollected`.
pub(crate) fn run(ctx: &mut StepContext<'_>) -> Result<(), WorldError> {
    if !ctx.world().index().signals().has_collectibles() {
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
