//! The player's free region: the cells the player walks between without
//! changing anything but its own cell and Facing, so that the general
//! search may file the positions of one region as one (see the module
//! docs of `general`, "Free region").

use muscleman_core::{EntityId, GridDir, GridPos};
use muscleman_level::Level;
use muscleman_sim::{
    Answer, RecipeDecl, TagKind, TagSet, World, recipe_decl, recipe_decls, tag_kinds,
};

use super::frame::Frame;
use super::walls::WallMap;

/// What makes a cell not free besides [`answering_marks`]: the player
/// cannot enter it (something that blocks movement, water nothing fills)
/// or entering it pushes (a pushable). Water is handled apart: filled
/// water is free.
const IN_THE_WAY: TagSet = TagSet::of(&[TagKind::BlocksMovement, TagKind::Pushable]);

/// The tags that mark an entity whose rule answers the player's steps in
/// its own cell ([`Assume::answers_steps`](muscleman_sim::Assume::answers_steps)
/// is `InItsCell`, read from the sim's registry: a door): tags no recipe
/// that answers nothing has in any state, such that each such recipe has
/// one in every state. Recipes whose answer reaches further need no mark:
/// a level holding one is never normalized ([`walks_change_nothing`]).
/// `None` if some recipe answering in its cell has no such mark, so that
/// its cells cannot be told from the tags: then no region is normalized.
pub(crate) fn answering_marks() -> Option<TagSet> {
    let quiet = recipe_decls()
        .filter(|d| d.assume.answers_steps == Answer::Nothing)
        .flat_map(RecipeDecl::tag_sets)
        .fold(TagSet::EMPTY, TagSet::union);
    let mut marks = TagSet::EMPTY;
    for decl in recipe_decls().filter(|d| d.assume.answers_steps == Answer::InItsCell) {
        for tags in decl.tag_sets() {
            let own = tags.minus(quiet);
            if own.is_empty() {
                return None;
            }
            marks = marks.union(own);
        }
    }
    Some(marks)
}

/// Return whether the player's walking changes nothing but its cell and
/// Facing in `level`, except on cells [`answering_marks`] marks: every
/// recipe it holds or may spawn (on the floor or inside a box) is moved
/// only by the player's actions and answers the player's steps in its own
/// cell at most (a door shuts on its doorway, a cell that is never free;
/// a coin collected raises a counter, which is not allowed), and the marks
/// are known.
pub(crate) fn walks_change_nothing(level: &Level) -> bool {
    answering_marks().is_some()
        && level.all_entities().all(|(_, _, spec)| {
            std::iter::once(spec.recipe)
                .chain(spec.contents.as_slice().iter().copied())
                .all(|r| {
                    recipe_decl(r).is_some_and(|d| {
                        !d.assume.moves_by_itself() && d.assume.answers_steps != Answer::Beyond
                    })
                })
        })
}

/// A set of cells of the search's bound, cleared in O(1) by a new stamp.
#[derive(Clone, Debug, Default)]
struct Marks {
    seen: Vec<u32>,
    stamp: u32,
}

impl Marks {
    fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    /// Add slot `i`; return whether it was new.
    fn insert(&mut self, i: usize) -> bool {
        match self.seen.get_mut(i) {
            Some(s) if *s != self.stamp => {
                *s = self.stamp;
                true
            }
            _ => false,
        }
    }
}

/// Flood fills of the player's free region, bounded to the search's
/// rectangle plus margin.
#[derive(Clone, Debug)]
pub(crate) struct Regions {
    frame: Frame,
    /// Per slot: whether a strong wall stands there (never moved nor
    /// destroyed, so never free), to answer most of a fill's questions
    /// without the spatial index.
    walls: WallMap,
    /// The tags that make a cell not free: [`IN_THE_WAY`] and the
    /// [`answering_marks`] (every tag but the player's when they are not
    /// known: a cell holding anything is then not free).
    not_free: TagSet,
    /// The cells of the current [`Regions::canonical`] or [`Regions::walk_to`] fill.
    filled: Marks,
    /// The cells of the current tour ([`Regions::start_tour`]).
    toured: Marks,
    /// Per slot: the direction the last `walk_to` fill entered it by.
    via: Vec<u8>,
    queue: Vec<GridPos>,
}

impl Regions {
    /// Return fills of no cell, for a search that does not normalize (every
    /// cell is outside their bound, so none is free).
    pub(crate) fn unused() -> Regions {
        Regions {
            frame: Frame::default(),
            walls: WallMap::default(),
            not_free: IN_THE_WAY,
            filled: Marks::default(),
            toured: Marks::default(),
            via: Vec::new(),
            queue: Vec::new(),
        }
    }

    /// Prepare fills of the cells from `min` to `max` (both included) of
    /// the positions of `level`.
    pub(crate) fn new(level: &Level, min: GridPos, max: GridPos) -> Regions {
        let frame = Frame::new(min, max);
        let cells = frame.cells();
        Regions {
            frame,
            walls: WallMap::new(level, &frame),
            not_free: IN_THE_WAY.union(
                answering_marks()
                    .unwrap_or_else(|| tag_kinds().collect::<TagSet>().without(TagKind::Player)),
            ),
            filled: Marks {
                seen: vec![0; cells],
                stamp: 0,
            },
            toured: Marks {
                seen: vec![0; cells],
                stamp: 0,
            },
            via: vec![0; cells],
            queue: Vec::new(),
        }
    }

    /// Return the bytes the fills hold.
    pub(crate) fn bytes(&self) -> u64 {
        (self.walls.bytes()
            + self.filled.seen.capacity() * 4
            + self.toured.seen.capacity() * 4
            + self.via.capacity()
            + self.queue.capacity() * std::mem::size_of::<GridPos>()) as u64
    }

    /// Return the slot of `at`, if it is inside the bound.
    fn slot(&self, at: GridPos) -> Option<usize> {
        self.frame.slot(at)
    }

    /// Return whether `at` is free: inside the bound, holding nothing in
    /// `not_free` besides the player, and no water nothing fills (what is
    /// left: floor, goals, filled water and the sunk box that fills it).
    ///
    /// Walking onto a free cell from a free cell succeeds (nothing blocks,
    /// nothing is pushed, the player can stand there), and in a level that
    /// [`walks_change_nothing`] no rule answers it: every recipe there
    /// promises (its `Assume`) to answer the player's steps in its own cell
    /// at most, and no cell holding one is free; sink takes only a sinkable
    /// that arrived (the player is none), and without hands cleanup has
    /// nothing to let go of. So the step changes
    /// the player's cell and Facing and nothing else; the search also
    /// checks each such step it takes (`Search::walk`).
    pub(crate) fn free(&self, world: &World, player: EntityId, at: GridPos) -> bool {
        self.slot(at)
            .is_some_and(|i| self.free_slot(world, player, at, i))
    }

    /// [`Regions::free`] for a cell whose slot is known.
    fn free_slot(&self, world: &World, player: EntityId, at: GridPos, slot: usize) -> bool {
        if self.walls.get(slot).unwrap_or(true) {
            return false;
        }
        let index = world.index();
        let mut kinds = index.kinds_at(at);
        if kinds.contains(TagKind::Player) {
            kinds = index
                .tagged_at(at)
                .filter(|(id, _)| *id != player)
                .fold(TagSet::EMPTY, |all, (_, tags)| all.union(tags));
        }
        let unfilled_water =
            kinds.contains(TagKind::WaterCell) && !kinds.contains(TagKind::Walkable);
        !kinds.intersects(self.not_free) && !unfilled_water
    }

    /// Return whether a move of the player, from a free cell of `world`'s
    /// region, onto `to` may lead out of its region: `to` is neither free
    /// nor refused outright. The walk rule (rules.md §4, `walk.rs`) refuses
    /// a move onto water nothing fills, or onto a cell that blocks movement
    /// and holds no pushable, before anything moves: the step only turns
    /// the player (and, in a level that [`walks_change_nothing`], nothing
    /// in the environment phase answers a step in which nothing moved).
    /// Past the bound it is `true`: the step is taken and cut there.
    pub(crate) fn may_leave_region(&self, world: &World, player: EntityId, to: GridPos) -> bool {
        if self.slot(to).is_none() {
            return true;
        }
        let kinds = world.index().kinds_at(to);
        if kinds.contains(TagKind::Pushable) {
            return true;
        }
        let unfilled_water =
            kinds.contains(TagKind::WaterCell) && !kinds.contains(TagKind::Walkable);
        if unfilled_water || kinds.contains(TagKind::BlocksMovement) {
            return false;
        }
        !self.free(world, player, to)
    }

    /// Return the cell a key writes for the player of `world`: the smallest
    /// cell by (y, x) of its free region (every free cell it reaches
    /// through free cells) if it stands on a free cell, else its own cell.
    pub(crate) fn canonical(&mut self, world: &World, player: EntityId) -> Option<GridPos> {
        let at = world.position(player).ok()?;
        if !self.free(world, player, at) {
            return Some(at);
        }
        self.filled.clear();
        self.queue.clear();
        if let Some(i) = self.slot(at) {
            self.filled.insert(i);
        }
        self.queue.push(at);
        let mut best = at;
        while let Some(cell) = self.queue.pop() {
            if (cell.y, cell.x) < (best.y, best.x) {
                best = cell;
            }
            for d in GridDir::ALL {
                let next = cell.step(d);
                if let Some(i) = self.slot(next)
                    && self.filled.seen.get(i) != Some(&self.filled.stamp)
                    && self.free_slot(world, player, next, i)
                    && self.filled.insert(i)
                {
                    self.queue.push(next);
                }
            }
        }
        Some(best)
    }

    /// Write into `path` the directions of a shortest walk over free cells
    /// from the player's cell in `world` to `to`; return whether there is
    /// one (a walk of no steps if the player stands on `to`).
    pub(crate) fn walk_to(
        &mut self,
        world: &World,
        player: EntityId,
        to: GridPos,
        path: &mut Vec<GridDir>,
    ) -> bool {
        path.clear();
        let Ok(at) = world.position(player) else {
            return false;
        };
        if at == to {
            return true;
        }
        if !self.free(world, player, at) {
            return false;
        }
        self.filled.clear();
        self.queue.clear();
        if let Some(i) = self.slot(at) {
            self.filled.insert(i);
        }
        self.queue.push(at);
        // Breadth-first: the queue grows at its end and is read from `head`.
        let mut head = 0;
        let mut found = false;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            if cell == to {
                found = true;
                break;
            }
            for d in GridDir::ALL {
                let next = cell.step(d);
                if let Some(i) = self.slot(next)
                    && self.free(world, player, next)
                    && self.filled.insert(i)
                {
                    if let Some(v) = self.via.get_mut(i) {
                        *v = d.index() as u8;
                    }
                    self.queue.push(next);
                }
            }
        }
        if !found {
            return false;
        }
        let mut cell = to;
        while cell != at {
            let Some(d) = self
                .frame
                .get(&self.via, cell)
                .and_then(|v| GridDir::ALL.get(usize::from(*v)))
                .copied()
            else {
                return false;
            };
            path.push(d);
            cell = cell.step(d.opposite());
            if path.len() > self.via.len() {
                return false;
            }
        }
        path.reverse();
        true
    }

    /// Start a tour of a region: no cell is toured yet.
    pub(crate) fn start_tour(&mut self) {
        self.toured.clear();
    }

    /// Mark `at` toured; return whether it is inside the bound and was not
    /// toured yet.
    pub(crate) fn tour(&mut self, at: GridPos) -> bool {
        self.slot(at).is_some_and(|i| self.toured.insert(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use muscleman_sim::Trail;

    fn trail(text: &str) -> Trail {
        let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
        Trail::new(&level, muscleman_sim::Rules::SOKOBAN).unwrap_or_else(|e| panic!("{e}"))
    }

    fn bound(text: &str) -> Regions {
        let level = Level::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let (w, h) = (level.width() as i32, level.height() as i32);
        Regions::new(&level, GridPos::new(-2, -2), GridPos::new(w + 1, h + 1))
    }

    #[test]
    fn the_canonical_cell_is_the_regions_smallest() {
        // The box, the wall, the water and the heavy box cut the room in
        // two: the player's side is the right, whose smallest cell is (4, 1).
        let text = "#######\n#  $ @#\n#  #  #\n#&~   #\n#######\n";
        let t = trail(text);
        let mut r = bound(text);
        assert_eq!(r.canonical(t.world(), t.player()), Some(GridPos::new(4, 1)));
        let mut path = Vec::new();
        assert!(r.walk_to(t.world(), t.player(), GridPos::new(3, 3), &mut path));
        assert_eq!(path.len(), 4, "{path:?}");
        assert!(!r.walk_to(t.world(), t.player(), GridPos::new(1, 1), &mut path));
    }

    #[test]
    fn an_open_edge_reaches_the_bound() {
        let text = "####\n#@  \n####\n";
        let t = trail(text);
        let mut r = bound(text);
        // Round the outside of the walls to the bound's corner.
        assert_eq!(
            r.canonical(t.world(), t.player()),
            Some(GridPos::new(-2, -2))
        );
    }

    #[test]
    fn doors_are_marked_and_walls_boxes_and_keys_not() {
        let marks = answering_marks().unwrap_or_else(|| panic!("unmarked answering recipe"));
        assert!(marks.contains(TagKind::Door), "{marks:?}");
        for tag in [
            TagKind::BlocksMovement,
            TagKind::Pushable,
            TagKind::Goal,
            TagKind::Key,
            TagKind::WallStrong,
            TagKind::Red,
        ] {
            assert!(!marks.contains(tag), "{tag} marked in {marks:?}");
        }
    }

    #[test]
    fn levels_with_plates_or_collectibles_do_not_normalize() {
        let parse = |t: &str| Level::parse(t).unwrap_or_else(|e| panic!("{e}"));
        assert!(walks_change_nothing(&parse(
            "legend: D = DoorRed\n#####\n#@$D.#\n#####\n"
        )));
        assert!(!walks_change_nothing(&parse(
            "legend: q = PressurePlateRed\n#####\n#@$q.#\n#####\n"
        )));
        assert!(!walks_change_nothing(&parse(
            "legend: o = Coin\n#####\n#@$o.#\n#####\n"
        )));
        assert!(!walks_change_nothing(&parse(
            "legend: x = Box(Coin)\n#####\n#@x .#\n#####\n"
        )));
    }
}
