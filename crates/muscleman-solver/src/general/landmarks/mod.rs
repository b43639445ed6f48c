//! The guide's landmarks: what must happen before a goal can be filled
//! (a door opened, a weak wall broken, water bridged), read from the sim's
//! declarations, and what each still costs in a position.
//!
//! Like the rest of the guide it only orders the search, never prunes: a
//! wrong landmark, or a cost that is no bound, makes the search slower,
//! never wrong, and "unsolvable" still means every position was searched.
//!
//! **What stands in the way.** An *obstacle* is a cell whose recipe's
//! [`Assume`](muscleman_sim::Assume) says it blocks until something
//! happens: a closed door (`opened_by`), what a swung breaker breaks and
//! never moves (`broken_by_swing`: a weak wall), water (`bridged_by_sinking`).
//! At the start the guide finds the cheapest way from the player to every
//! empty goal and every box that counts, over every cell but strong walls,
//! by the stairs (`leads_between_floors`) as well, entering an obstacle
//! costing [`PAST`] cells: the obstacles on those ways are *landmarks*.
//! What opens a landmark is found the same way, and the obstacles on its
//! way are landmarks too, until nothing changes: the keys of a door's
//! colour and its plates, or a maker that brews such a key (`brews`) and
//! the keys it brews from; the heavy plates of a door they open and the
//! heavy things; a breaker (`breaks`) for a weak wall and for a thing that
//! holds a key the level needs; what sinks (`sinks`) for water.
//!
//! **What each costs.** In a position, a landmark that still stands costs
//! [`STEP`] plus the cheapest way to open it, in box steps over every cell
//! but strong walls and by the stairs (see [`Landmarks::cost`]): a key of
//! its colour to the door; or the plates of its colour each to the nearest
//! thing that presses; or each ingredient of a brew that makes such a key
//! to the maker (0 once inside it; a key held in something, a breaker to
//! that thing first) and the maker to the door; or a breaker to a thing
//! holding such a key and that thing to the door; a breaker to a weak
//! wall; the nearest thing that sinks to the water. A landmark passed
//! costs nothing, so each one done lowers the estimate.

use muscleman_core::{Contents, EntityRecipe, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{OpenedBy, PressedBy, RecipeDecl, TagKind, TagSet, recipe_decl, spec_tags};

use super::frame::Frame;
use super::walls::strong_wall;

/// What entering an obstacle costs the way-finding at the start, in cells:
/// more than any way round.
const PAST: u32 = 10_000;

/// What a landmark still standing costs besides its way to open: opening
/// it is a step of its own.
const STEP: u32 = 4;

/// What a landmark costs that nothing in the position can open (it may
/// still be opened by something made later).
const STUCK: u32 = 200;

/// Cells past which no landmarks are kept (floors × cells of the bound).
const MAX_CELLS: usize = 1 << 14;

/// What stands in the way, by its declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A door its colour's keys or plates open.
    Coloured(EntityRecipe),
    /// A door heavy plates open.
    Heavy,
    /// What a swung breaker breaks.
    Breakable,
    /// Water, bridged by what sinks.
    Water,
}

/// One entity of a position, as the guide reads it.
#[derive(Clone, Copy, Debug)]
struct Thing {
    slot: usize,
    decl: &'static RecipeDecl,
    tags: TagSet,
    contents: Contents,
}

/// What the landmarks of a position cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Cost {
    /// The steps still needed to pass them.
    pub(super) steps: u32,
    /// Whether one that opens for good stands between the player and a
    /// goal: then moving a box toward a goal is no progress yet (the box
    /// may stand in the way of what opens it).
    pub(super) blocks_goals: bool,
}

/// One landmark: its slot, its kind, and what it serves: the goals
/// (`None`), or the landmarks (by index) that what lies behind it opens.
#[derive(Clone, Debug)]
struct Mark {
    slot: usize,
    kind: Kind,
    serves: Vec<Option<usize>>,
    /// Whether, once open, it stays open for good: a door no plate opens
    /// (only a key), what a swing breaks, water bridged.
    for_good: bool,
}

/// The landmarks of one level and the scratch to cost them.
#[derive(Clone, Debug, Default)]
pub(super) struct Landmarks {
    frame: Frame,
    floors: usize,
    /// Per slot of every floor: a strong wall; stairs.
    wall: Vec<bool>,
    link: Vec<bool>,
    /// The landmarks, in the order found.
    marks: Vec<Mark>,
    /// Every slot some way from the player reaches, obstacles passed: where
    /// a thing may ever stand (what a position's scan reads).
    inside: Vec<usize>,
    /// Per landmark, scratch: whether it stands, whether it still counts.
    standing: Vec<bool>,
    live: Vec<bool>,
    /// Box steps to a slot from every slot, made when first asked.
    maps: Vec<Option<Vec<u16>>>,
    /// The declaration of each tag set met, looked up once.
    decls: Vec<(TagSet, Option<&'static RecipeDecl>)>,
    things: Vec<Thing>,
}

impl Landmarks {
    /// Find the landmarks of `level` over the cells from `min` to `max` of
    /// each floor (none: every position costs 0).
    pub(super) fn new(level: &Level, min: GridPos, max: GridPos) -> Landmarks {
        let frame = Frame::new(min, max);
        let floors = level.floor_count();
        let cells = frame.cells().saturating_mul(floors);
        if cells == 0 || cells > MAX_CELLS {
            return Landmarks::default();
        }
        let mut l = Landmarks {
            frame,
            floors,
            wall: vec![false; cells],
            link: vec![false; cells],
            maps: vec![None; cells],
            ..Landmarks::default()
        };
        // The level's things, as at the start.
        let mut things: Vec<Thing> = Vec::new();
        let mut obstacles: Vec<(usize, Kind)> = Vec::new();
        for (f, at, spec) in level.all_entities() {
            let Some(slot) = l.slot_of(f, at) else {
                continue;
            };
            let Some(decl) = recipe_decl(spec.recipe) else {
                continue;
            };
            if strong_wall(spec.recipe) {
                if let Some(w) = l.wall.get_mut(slot) {
                    *w = true;
                }
                continue;
            }
            if decl.assume.leads_between_floors
                && let Some(k) = l.link.get_mut(slot)
            {
                *k = true;
            }
            let tags = spec_tags(&spec).unwrap_or(decl.tags);
            if let Some(kind) = obstacle(decl, tags) {
                obstacles.push((slot, kind));
            }
            things.push(Thing {
                slot,
                decl,
                tags,
                contents: spec.contents,
            });
        }
        // Water a sunk thing fills at the start is no obstacle.
        let filled: Vec<usize> = things
            .iter()
            .filter(|t| t.tags.contains(TagKind::Walkable))
            .map(|t| t.slot)
            .collect();
        obstacles.retain(|(s, k)| *k != Kind::Water || !filled.contains(s));
        let Some(start) = level
            .player_floor()
            .zip(level.player())
            .and_then(|(f, at)| l.slot_of(f, at))
        else {
            return Landmarks::default();
        };
        let (costs, parent) = l.ways(start, &obstacles);
        // The slots a thing may ever stand on: those some way reaches.
        l.inside = (0..cells)
            .filter(|s| costs.get(*s).is_some_and(|c| *c != u32::MAX))
            .collect();
        // The targets, each with the landmark it serves (`None`: the goals
        // themselves): empty goals and boxes that count, then the openers
        // of every landmark found.
        let mut targets: Vec<(usize, Option<usize>)> = things
            .iter()
            .filter(|t| {
                t.decl.recipe == EntityRecipe::Goal || muscleman_sim::counts_on_goal(t.tags)
            })
            .map(|t| (t.slot, None))
            .collect();
        let mut next = 0;
        while let Some((target, serves)) = targets.get(next).copied() {
            next += 1;
            let mut at = target;
            let mut guard = 0;
            while at != start && guard < cells {
                guard += 1;
                if let Some(&(s, kind)) = obstacles.iter().find(|(s, _)| *s == at) {
                    match l.marks.iter().position(|m| m.slot == s) {
                        Some(i) => {
                            if let Some(m) = l.marks.get_mut(i)
                                && !m.serves.contains(&serves)
                            {
                                m.serves.push(serves);
                            }
                        }
                        None => {
                            let i = l.marks.len();
                            let held = things.iter().any(|t| opens_by_plate(kind, t.decl));
                            l.marks.push(Mark {
                                slot: s,
                                kind,
                                serves: vec![serves],
                                for_good: !held,
                            });
                            for t in openers(kind, &things) {
                                targets.push((t, Some(i)));
                            }
                        }
                    }
                }
                match parent.get(at).copied().flatten() {
                    Some(p) => at = p,
                    None => break,
                }
            }
        }
        l
    }

    /// Return the slot of cell `at` of floor `floor` (from 1).
    fn slot_of(&self, floor: usize, at: GridPos) -> Option<usize> {
        let i = self.frame.slot(at)?;
        let f = floor.checked_sub(1).filter(|f| *f < self.floors)?;
        Some(f * self.frame.cells() + i)
    }

    /// Return the slots next to `slot`: its neighbours on its floor and,
    /// from stairs, the same cell a floor up and down.
    fn next_to(&self, slot: usize, out: &mut Vec<usize>) {
        out.clear();
        let cells = self.frame.cells();
        let (f, i) = (slot / cells, slot % cells);
        let (w, h) = (self.frame.width, self.frame.height);
        let (x, y) = (i % w, i / w);
        for d in GridDir::ALL {
            let (dx, dy) = (d.offset().x, d.offset().y);
            let nx = x.checked_add_signed(dx as isize).filter(|v| *v < w);
            let ny = y.checked_add_signed(dy as isize).filter(|v| *v < h);
            if let (Some(nx), Some(ny)) = (nx, ny) {
                out.push(f * cells + ny * w + nx);
            }
        }
        // Stairs pair by cell (a StairsUp under a StairsDown): a link
        // joins the same cell of two floors next to each other.
        let linked = |s: usize| self.link.get(s).copied().unwrap_or(false);
        if linked(slot) {
            if f + 1 < self.floors && linked(slot + cells) {
                out.push(slot + cells);
            }
            if f > 0 && linked(slot - cells) {
                out.push(slot - cells);
            }
        }
    }

    /// The cheapest ways from `start` over every slot but strong walls,
    /// entering an obstacle costing [`PAST`]: each slot's cost and the slot
    /// it is entered from.
    fn ways(&self, start: usize, obstacles: &[(usize, Kind)]) -> (Vec<u32>, Vec<Option<usize>>) {
        let n = self.wall.len();
        let mut cost = vec![u32::MAX; n];
        let mut parent = vec![None; n];
        let mut heap = std::collections::BinaryHeap::new();
        if let Some(c) = cost.get_mut(start) {
            *c = 0;
            heap.push(std::cmp::Reverse((0u32, start)));
        }
        let mut near = Vec::new();
        while let Some(std::cmp::Reverse((c, at))) = heap.pop() {
            if cost.get(at).is_none_or(|k| *k < c) {
                continue;
            }
            self.next_to(at, &mut near);
            for &to in &near {
                if self.wall.get(to).copied().unwrap_or(true) {
                    continue;
                }
                let step = if obstacles.iter().any(|(s, _)| *s == to) {
                    PAST
                } else {
                    1
                };
                let nc = c.saturating_add(step);
                if let Some(k) = cost.get_mut(to)
                    && nc < *k
                {
                    *k = nc;
                    if let Some(p) = parent.get_mut(to) {
                        *p = Some(at);
                    }
                    heap.push(std::cmp::Reverse((nc, to)));
                }
            }
        }
        (cost, parent)
    }

    /// Return the box steps between slots `from` and `to` (symmetric: the
    /// map of `to`, made when first asked), [`STUCK`] when there is no way.
    fn steps(&mut self, from: usize, to: usize) -> u32 {
        if self.maps.get(to).is_some_and(Option::is_none) {
            let map = self.flood(to);
            if let Some(m) = self.maps.get_mut(to) {
                *m = Some(map);
            }
        }
        self.maps
            .get(to)
            .and_then(Option::as_ref)
            .and_then(|m| m.get(from))
            .copied()
            .filter(|d| *d != u16::MAX)
            .map_or(STUCK, u32::from)
    }

    /// Box steps from every slot to `to` over every slot but strong walls.
    fn flood(&self, to: usize) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.wall.len()];
        let mut queue = vec![to];
        if let Some(d) = dist.get_mut(to) {
            *d = 0;
        }
        let mut next = 0;
        let mut near = Vec::new();
        while let Some(at) = queue.get(next).copied() {
            next += 1;
            let here = dist.get(at).copied().unwrap_or(u16::MAX);
            self.next_to(at, &mut near);
            for &n in &near {
                if self.wall.get(n).copied().unwrap_or(true) {
                    continue;
                }
                if let Some(d) = dist.get_mut(n)
                    && *d == u16::MAX
                {
                    *d = here.saturating_add(1);
                    queue.push(n);
                }
            }
        }
        dist
    }
}

/// Return what kind of obstacle an entity of `decl` with `tags` is, if it
/// is one now: a closed door, what a swing breaks and never moves, water.
fn obstacle(decl: &RecipeDecl, tags: TagSet) -> Option<Kind> {
    let a = decl.assume;
    let closed = tags.contains(TagKind::BlocksMovement);
    match a.opened_by {
        OpenedBy::KeyOrPlatesOfItsColour if closed => return Some(Kind::Coloured(decl.recipe)),
        OpenedBy::HeavyPlates if closed => return Some(Kind::Heavy),
        _ => {}
    }
    if a.broken_by_swing && a.moves == muscleman_sim::Moves::Never {
        return Some(Kind::Breakable);
    }
    a.bridged_by_sinking.then_some(Kind::Water)
}

/// Return whether `decl` is a plate that opens an obstacle of `kind`.
fn opens_by_plate(kind: Kind, decl: &RecipeDecl) -> bool {
    match kind {
        Kind::Coloured(door) => {
            decl.assume.pressed_by == PressedBy::WhatBlocks && decl.recipe.color() == door.color()
        }
        Kind::Heavy => decl.assume.pressed_by == PressedBy::Heavy,
        Kind::Breakable | Kind::Water => false,
    }
}

/// Return whether a thing that blocks movement stands on `slot` (a plate
/// there is pressed, a held thing aside).
fn pressed(slot: usize, things: &[Thing]) -> bool {
    things
        .iter()
        .any(|t| t.slot == slot && t.tags.contains(TagKind::BlocksMovement))
}

/// Return whether `tags` are a heavy thing's that blocks (it may press a
/// heavy plate).
fn heavy(tags: TagSet) -> bool {
    tags.contains_all(TagSet::of(&[TagKind::Heavy, TagKind::BlocksMovement]))
}

/// Return the slots of what opens an obstacle of `kind`, among `things`
/// at the start (see the module docs).
fn openers(kind: Kind, things: &[Thing]) -> Vec<usize> {
    let key_colour =
        |t: &Thing, c| t.decl.recipe.color() == c && t.decl.tags.contains(TagKind::Key);
    let holds = |t: &Thing, c| {
        t.contents
            .as_slice()
            .iter()
            .any(|r| r.color() == c && r.is_key())
    };
    let breakers = things
        .iter()
        .filter(|t| t.decl.assume.breaks)
        .map(|t| t.slot);
    match kind {
        Kind::Coloured(door) => {
            let c = door.color();
            let mut out: Vec<usize> = Vec::new();
            for t in things {
                let plate =
                    t.decl.assume.pressed_by == PressedBy::WhatBlocks && t.decl.recipe.color() == c;
                let maker = t.decl.assume.brews.iter().any(|b| b.makes.color() == c);
                if key_colour(t, c) || plate || maker || holds(t, c) {
                    out.push(t.slot);
                }
                if maker {
                    // The keys it brews from, loose or held.
                    for b in t.decl.assume.brews.iter().filter(|b| b.makes.color() == c) {
                        for i in b.from {
                            for u in things {
                                if u.decl.recipe == i || u.contents.as_slice().contains(&i) {
                                    out.push(u.slot);
                                }
                            }
                        }
                    }
                }
                if holds(t, c) || (maker && things.iter().any(|u| !u.contents.is_empty())) {
                    out.extend(breakers.clone());
                }
            }
            out
        }
        Kind::Heavy => things
            .iter()
            .filter(|t| t.decl.assume.pressed_by == PressedBy::Heavy || heavy(t.tags))
            .map(|t| t.slot)
            .collect(),
        Kind::Breakable => breakers.collect(),
        Kind::Water => things
            .iter()
            .filter(|t| t.decl.assume.sinks)
            .map(|t| t.slot)
            .collect(),
    }
}

mod cost;
#[cfg(test)]
mod tests;
