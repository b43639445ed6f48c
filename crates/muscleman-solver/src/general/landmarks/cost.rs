//! What a position's landmarks cost: the things it holds, read where a
//! thing may ever stand, and the cheapest way to open each landmark that
//! still stands and still counts (see the module docs of `landmarks`).

use muscleman_core::{Contents, EntityRecipe, GridPos};
use muscleman_sim::{
    Inside, PressedBy, RecipeDecl, TagKind, TagSet, World, recipe_decl, spec_of, world_cell,
};

use super::{Cost, Kind, Landmarks, STEP, STUCK, Thing, heavy, obstacle, pressed};

impl Landmarks {
    /// Return the declaration of an entity with `tags`, `id` in `world`.
    fn decl_of(
        &mut self,
        world: &World,
        id: muscleman_core::EntityId,
        tags: TagSet,
    ) -> Option<&'static RecipeDecl> {
        if let Some((_, d)) = self.decls.iter().find(|(t, _)| *t == tags) {
            return *d;
        }
        let d = spec_of(world, id).and_then(|s| recipe_decl(s.recipe));
        self.decls.push((tags, d));
        d
    }

    /// Return what the landmarks that still stand and still count in
    /// `world` cost (see the module docs): 0 where there are none. A
    /// landmark counts while it serves the goals, or a landmark that
    /// counts (a door on the way to a key no longer counts once the key's
    /// door is open).
    pub(crate) fn cost(&mut self, world: &World) -> Cost {
        if self.marks.is_empty() {
            return Cost::default();
        }
        let mut things = std::mem::take(&mut self.things);
        things.clear();
        let cells = self.frame.cells();
        let inside = std::mem::take(&mut self.inside);
        for &slot in &inside {
            let (f, i) = (slot / cells, slot % cells);
            let at = GridPos::new(
                self.frame.min.x + i32::try_from(i % self.frame.width).unwrap_or(0),
                self.frame.min.y + i32::try_from(i / self.frame.width).unwrap_or(0),
            );
            let cell = world_cell(u32::try_from(f + 1).unwrap_or(u32::MAX), at);
            for (id, tags) in world.index().tagged_at(cell) {
                if let Some(decl) = self.decl_of(world, id, tags) {
                    let contents = world.get::<Inside>(id).map_or(Contents::EMPTY, |c| c.0);
                    things.push(Thing {
                        slot,
                        decl,
                        tags,
                        contents,
                    });
                }
            }
        }
        self.inside = inside;
        let marks = std::mem::take(&mut self.marks);
        self.standing.clear();
        self.standing.extend(marks.iter().map(|m| {
            things.iter().any(|t| {
                t.slot == m.slot
                    && obstacle(t.decl, t.tags) == Some(m.kind)
                    && !(m.kind == Kind::Water
                        && things
                            .iter()
                            .any(|u| u.slot == m.slot && u.tags.contains(TagKind::Walkable)))
            })
        }));
        // Those that count: standing, and serving the goals or one that
        // counts (found by rounds, at most one a landmark).
        self.live.clear();
        self.live.resize(marks.len(), false);
        for _ in 0..=marks.len() {
            let mut changed = false;
            for (i, m) in marks.iter().enumerate() {
                // Boxes float: water on the way to a goal is no landmark of
                // the goals', only of what the player must reach.
                let serves = |s: &Option<usize>| match s {
                    None => m.kind != Kind::Water,
                    Some(j) => self.live.get(*j).copied().unwrap_or(false),
                };
                let live =
                    self.standing.get(i).copied().unwrap_or(false) && m.serves.iter().any(serves);
                if live && !self.live.get(i).copied().unwrap_or(true) {
                    if let Some(l) = self.live.get_mut(i) {
                        *l = true;
                    }
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut total = Cost::default();
        for (i, m) in marks.iter().enumerate() {
            if self.live.get(i).copied().unwrap_or(false) {
                let c = self.open_cost(m.slot, m.kind, &things);
                total.steps = total
                    .steps
                    .saturating_add(STEP)
                    .saturating_add(c.min(STUCK));
                total.blocks_goals |= m.for_good && m.serves.contains(&None);
            }
        }
        self.marks = marks;
        self.things = things;
        total
    }

    /// Return the cheapest way to open the landmark at `slot` of `kind`
    /// with `things` as they stand.
    fn open_cost(&mut self, slot: usize, kind: Kind, things: &[Thing]) -> u32 {
        match kind {
            Kind::Coloured(door) => self.key_cost(door, slot, things),
            Kind::Heavy => {
                let mut sum: u32 = 0;
                for p in things
                    .iter()
                    .filter(|t| t.decl.assume.pressed_by == PressedBy::Heavy)
                {
                    if pressed(p.slot, things) {
                        continue;
                    }
                    let best = things
                        .iter()
                        .filter(|t| heavy(t.tags))
                        .map(|t| self.steps(t.slot, p.slot))
                        .min()
                        .unwrap_or(STUCK);
                    sum = sum.saturating_add(best);
                }
                sum
            }
            Kind::Breakable => self.break_cost(slot, things),
            Kind::Water => things
                .iter()
                .filter(|t| t.decl.assume.sinks && t.tags.contains(TagKind::Pushable))
                .map(|t| t.slot)
                .collect::<Vec<_>>()
                .into_iter()
                .map(|s| self.steps(s, slot))
                .min()
                .unwrap_or(STUCK),
        }
    }

    /// Return the cheapest way to bring a breaker next to `slot`.
    fn break_cost(&mut self, slot: usize, things: &[Thing]) -> u32 {
        let breakers: Vec<usize> = things
            .iter()
            .filter(|t| t.decl.assume.breaks)
            .map(|t| t.slot)
            .collect();
        breakers
            .into_iter()
            .map(|b| self.steps(b, slot))
            .min()
            .unwrap_or(STUCK)
    }

    /// Return the cheapest way to bring a `key` (a recipe) to `to`: a
    /// loose one; or one held in a breakable thing, broken out first; or
    /// one brewed from its ingredients.
    fn bring(&mut self, key: EntityRecipe, to: usize, things: &[Thing], depth: u8) -> u32 {
        let mut best = STUCK;
        let loose: Vec<usize> = things
            .iter()
            .filter(|t| t.decl.recipe == key)
            .map(|t| t.slot)
            .collect();
        for s in loose {
            best = best.min(self.steps(s, to));
        }
        let held: Vec<usize> = things
            .iter()
            .filter(|t| t.decl.assume.broken_by_swing && t.contents.as_slice().contains(&key))
            .map(|t| t.slot)
            .collect();
        for s in held {
            let c = self.break_cost(s, things).saturating_add(self.steps(s, to));
            best = best.min(c.saturating_add(STEP));
        }
        if depth == 0 {
            return best;
        }
        let makers: Vec<(usize, Contents, [EntityRecipe; 2])> = things
            .iter()
            .flat_map(|t| {
                t.decl
                    .assume
                    .brews
                    .iter()
                    .filter(|b| b.makes == key)
                    .map(move |b| (t.slot, t.contents, b.from))
            })
            .collect();
        for (m, inside, from) in makers {
            let mut c = self.steps(m, to).saturating_add(STEP);
            for i in from {
                if !inside.as_slice().contains(&i) {
                    c = c.saturating_add(self.bring(i, m, things, depth - 1));
                }
            }
            best = best.min(c);
        }
        best
    }

    /// Return the cheapest way to open the coloured door `door` at `slot`:
    /// a key of its colour brought there, or its plates pressed.
    fn key_cost(&mut self, door: EntityRecipe, slot: usize, things: &[Thing]) -> u32 {
        let colour = door.color();
        let key = muscleman_sim::recipe_decls()
            .find(|d| d.recipe.color() == colour && d.tags.contains(TagKind::Key))
            .map(|d| d.recipe);
        let mut best = key.map_or(STUCK, |k| self.bring(k, slot, things, 2));
        let plates: Vec<usize> = things
            .iter()
            .filter(|t| {
                t.decl.assume.pressed_by == PressedBy::WhatBlocks && t.decl.recipe.color() == colour
            })
            .map(|t| t.slot)
            .collect();
        if !plates.is_empty() {
            let mut sum: u32 = 0;
            for p in plates {
                if pressed(p, things) {
                    continue;
                }
                let pressers: Vec<usize> = things
                    .iter()
                    .filter(|t| t.tags.contains(TagKind::Pushable))
                    .map(|t| t.slot)
                    .collect();
                let near = pressers
                    .into_iter()
                    .map(|s| self.steps(s, p))
                    .min()
                    .unwrap_or(STUCK);
                sum = sum.saturating_add(near);
            }
            best = best.min(sum);
        }
        best
    }
}
