//! Stairs pair by cell across floors (rules.md §6 "Floors"): which stairs
//! of a level have no other end.

use muscleman_core::EntityRecipe;

use crate::level::Level;
use crate::stairs::UnpairedStairs;

impl Level {
    /// Return every stairs whose other end is missing, floor by floor in
    /// reading order (rules.md §6 "Floors"). The reader refuses a level
    /// with any; a level built by hand may have some until its other ends
    /// are added, and then does not read back.
    pub fn unpaired_stairs(&self) -> Vec<UnpairedStairs> {
        unpaired(self)
    }
}

/// Return every unpaired stairs of `level`, floor by floor in reading order.
///
/// It costs the cells of the floors that hold stairs, and nothing for a
/// level without any (found among its few distinct cells).
fn unpaired(level: &Level) -> Vec<UnpairedStairs> {
    let is_stairs =
        |r: EntityRecipe| matches!(r, EntityRecipe::StairsUp | EntityRecipe::StairsDown);
    let any = level
        .distinct_cells()
        .any(|(cell, _)| cell.iter().any(|s| is_stairs(s.recipe)));
    if !any {
        return Vec::new();
    }
    let floors = level.floor_count();
    let mut out = Vec::new();
    for floor in level.floors() {
        for (pos, spec) in floor.entities().filter(|(_, s)| is_stairs(s.recipe)) {
            let missing = UnpairedStairs {
                stairs: spec.recipe,
                floor: floor.number(),
                pos,
                floors,
            };
            let paired = level
                .floor(missing.partner_floor())
                .is_some_and(|other| other.has(pos, missing.partner()));
            if !paired {
                out.push(missing);
            }
        }
    }
    out
}
