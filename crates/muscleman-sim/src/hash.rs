//! The state fingerprint: a stable 64-bit hash of everything in the world.

use crate::fnv::Fnv;
use crate::world::World;

/// Return a fingerprint of the world: every entity's id, tags and data
/// components (each as its `Field` impl writes it), then the level-wide
/// counters, taken in id and counter order so it never depends on how
/// the ECS stores them. Equal states hash equal on every run and machine.
///
/// # Example
/// ```
/// use muscleman_core::{EntityRecipe, GridDir, GridPos, Input};
/// use muscleman_sim::{spawn, state_hash, step, World};
///
/// let mut world = World::new();
/// let player = spawn(&mut world, EntityRecipe::Player, GridPos::new(0, 0))?;
/// let start = state_hash(&world);
/// step(&mut world, player, Input::Move(GridDir::Right))?;
/// assert_ne!(state_hash(&world), start);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn state_hash(world: &World) -> u64 {
    let mut h = Fnv::new();
    for id in world.entities() {
        h.id(id);
        h.u64(world.tags(id).map(|t| t.bits()).unwrap_or_default());
        // The entity is alive: it came from `entities`.
        let _ = world.for_each_component(id, |c| {
            h.u32(c.kind() as u32 + 1);
            c.hash(&mut h);
        });
        h.u32(0xff);
    }
    for (_, value) in world.counters() {
        h.u64(value);
    }
    h.finish()
}
