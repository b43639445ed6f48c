//! The cells' lists: filing an entity in a cell, taking it out, and
//! moving it from one cell to another, the one relink of every move.

use super::*;

impl SpatialIndex {
    /// Return the spot of `pos`, if its head is in the dense array.
    #[inline(always)]
    pub(crate) fn spot(&self, pos: GridPos) -> Option<Spot> {
        self.slot(pos).filter(|&s| s < self.dense.len()).map(Spot)
    }

    /// Set every node's spot from its cell: the dense array was laid out
    /// anew.
    pub(super) fn respot(&mut self) {
        for i in 0..self.nodes.len() {
            let Some(&Node { id, at, .. }) = self.nodes.get(i) else {
                break;
            };
            let spot = if id == NOWHERE {
                NONE
            } else {
                self.spot(at).map_or(NONE, |s| s.0 as u32)
            };
            if let Some(node) = self.nodes.get_mut(i) {
                node.spot = spot;
            }
        }
    }

    /// Return every tag some entity of the cell at `spot` has (the union):
    /// its static entities' tags, kept, and those of the entities that move
    /// there.
    #[inline(always)]
    pub(crate) fn kinds_in(&self, spot: Spot) -> TagSet {
        let statics = self.statics.get(spot.0).copied().unwrap_or(TagSet::EMPTY);
        let moving = self.dense.get(spot.0).copied().unwrap_or(NONE);
        statics.union(list_kinds(&self.nodes, moving))
    }

    /// Return the first entity (lowest id) of the cell at `spot` with `tag`:
    /// among the entities that move alone, unless a static one has it.
    #[inline(always)]
    pub(crate) fn first_in(&self, spot: Spot, tag: TagKind) -> Option<EntityId> {
        let statics = self.statics.get(spot.0).copied().unwrap_or(TagSet::EMPTY);
        let moving = self.dense.get(spot.0).copied().unwrap_or(NONE);
        let next = if statics.contains(tag) {
            [moving, self.fixed.get(spot.0).copied().unwrap_or(NONE)]
        } else {
            [moving, NONE]
        };
        let mut cell = Cell {
            nodes: &self.nodes,
            next,
        };
        cell.find(|e| e.tags.contains(tag)).map(|e| e.id)
    }

    /// Return the node of `id`'s slot, growing the table to hold it (to the
    /// capacity already reserved, so a load fills it without copying).
    fn node_for_insert(&mut self, id: EntityId) -> Option<u32> {
        let n = Some(id.index()).filter(|&n| n != NONE)?;
        let i = n as usize;
        if i >= self.nodes.len() {
            let len = (i + 1).max(self.nodes.capacity()).max(16);
            self.nodes.resize(len, Node::VACANT);
        }
        Some(n)
    }

    /// File `id` with `tags` at `at`. If the index already holds `id`
    /// somewhere, it is taken out of that cell first.
    pub(crate) fn insert(&mut self, id: EntityId, tags: TagSet, at: GridPos) {
        self.insert_counted(id, tags, at, true);
    }

    /// [`Self::relocate_found`] where either cell is outside the dense
    /// array.
    #[cold]
    #[inline(never)]
    fn relink(&mut self, id: EntityId, tags: TagSet, from: GridPos, at: GridPos) {
        self.remove_counted(id, from, false);
        self.insert_counted(id, tags, at, false);
    }

    /// Move `id` to the cell `at`, whose spot is `to`, from a cell of the
    /// dense array, relinking its node in place: out of its old list with
    /// no walk (its neighbours are its links, its node knows the old
    /// cell's slot), into the new one after the entities with lower ids.
    /// Return `false`, having changed nothing, if the index does not hold
    /// `id`, holds it in a cell outside the dense array, or holds it as a
    /// static entity (whose move changes two cells' static tags: it is
    /// taken out and filed again).
    ///
    /// The one relink of every move: a step that found the spot to read
    /// the cell moves with it, with no second lookup.
    #[inline(always)]
    pub(crate) fn shift(&mut self, id: EntityId, to: Spot, at: GridPos) -> bool {
        match self.node_of(id) {
            Some(n) => self.shift_node(n, to, at),
            None => false,
        }
    }

    /// Move `found` to the cell `at`, wherever it is: a relink of its node
    /// in the dense array, else out of one cell's list and into the
    /// other's. A move changes no tally (they count entities, not cells).
    #[inline(always)]
    pub(crate) fn relocate_found(&mut self, found: Found, at: GridPos) {
        debug_assert_eq!(self.node_of(found.id), Some(found.node), "a fresh find");
        let moved = match self.spot(at) {
            Some(to) => self.shift_node(found.node, to, at),
            None => false,
        };
        if !moved {
            self.relink(found.id, found.tags, found.at, at);
        }
    }

    /// [`Self::shift`] of an entity the index is known to hold (the step
    /// found it there): its node, its slot's, is not looked up again.
    #[inline(always)]
    pub(crate) fn shift_found(&mut self, id: EntityId, to: Spot, at: GridPos) -> bool {
        debug_assert_eq!(self.node_of(id), Some(id.index()), "{id:?} is indexed");
        self.shift_node(id.index(), to, at)
    }

    /// [`Self::shift`] of the entity of node `n`.
    #[inline(always)]
    fn shift_node(&mut self, n: u32, to: Spot, at: GridPos) -> bool {
        debug_assert_eq!(self.spot(at), Some(to), "the spot of {at:?}");
        let Some(node) = self.nodes.get(n as usize) else {
            return false;
        };
        let (id, after, before, from) = (node.id, node.next, node.prev, node.spot);
        if Layer::of(node.tags) == Layer::Fixed {
            return false;
        }
        // The usual move: alone among the moving entities of its cell (no
        // link either way: both are `NONE`, all ones), into a cell with
        // none. Two heads change hands.
        if before & after == NONE
            && self.dense.get(to.0) == Some(&NONE)
            && let Some(head) = self.dense.get_mut(from as usize)
            && *head == n
        {
            *head = NONE;
            if let Some(head) = self.dense.get_mut(to.0) {
                *head = n;
            }
            if let Some(node) = self.nodes.get_mut(n as usize) {
                node.at = at;
                node.spot = to.0 as u32;
            }
            return true;
        }
        // Unlink: its neighbours skip it (the head, if it was first: a
        // head of the dense array, or the cell is not this move's).
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = after,
            None => match self.dense.get_mut(from as usize) {
                Some(head) if *head == n => *head = after,
                _ => return false,
            },
        }
        if let Some(next) = self.nodes.get_mut(after as usize) {
            next.prev = before;
        }
        // Link after the last node of the new cell with a lower id.
        let mut before = NONE;
        let mut next = self.dense.get(to.0).copied().unwrap_or(NONE);
        while let Some(node) = self.nodes.get(next as usize)
            && node.id < id
        {
            before = next;
            next = node.next;
        }
        if let Some(node) = self.nodes.get_mut(n as usize) {
            node.at = at;
            node.next = next;
            node.prev = before;
            node.spot = to.0 as u32;
        }
        if let Some(after) = self.nodes.get_mut(next as usize) {
            after.prev = n;
        }
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = n,
            None => {
                if let Some(head) = self.dense.get_mut(to.0) {
                    *head = n;
                }
            }
        }
        true
    }

    /// [`Self::insert`], counting the entity in the tallies if `count`.
    #[inline]
    pub(super) fn insert_counted(&mut self, id: EntityId, tags: TagSet, at: GridPos, count: bool) {
        let Some(n) = self.node_for_insert(id) else {
            // Not reached: a slot index of u32::MAX would need 2^32 entities.
            return;
        };
        if let Some(old) = self.nodes.get(n as usize).filter(|o| o.id != NOWHERE) {
            let (old_id, old_at) = (old.id, old.at);
            self.remove_counted(old_id, old_at, count);
        }
        let head = self.head_for_insert(at);
        let layer = Layer::of(tags);
        // Find the node to link after: the last one with a lower id.
        // Usually the list is empty, or the newcomer has the highest id.
        let mut before = NONE;
        let mut next = self.read_head(head, layer);
        while let Some(node) = self.nodes.get(next as usize)
            && node.id < id
        {
            before = next;
            next = node.next;
        }
        if let Some(node) = self.nodes.get_mut(n as usize) {
            *node = Node {
                id,
                at,
                tags,
                next,
                prev: before,
                spot: match head {
                    Head::Dense(slot) => slot as u32,
                    Head::Sparse(_) => NONE,
                },
            };
        }
        if let Some(after) = self.nodes.get_mut(next as usize) {
            after.prev = n;
        }
        if count {
            self.tallies.add(id, tags);
        }
        match self.nodes.get_mut(before as usize) {
            Some(prev) => prev.next = n,
            None => self.write_head(head, layer, n),
        }
        if let (Layer::Fixed, Head::Dense(slot)) = (layer, head)
            && let Some(statics) = self.statics.get_mut(slot)
        {
            *statics = statics.union(tags);
        }
        self.entries += 1;
    }

    /// Take `id` out of the cell `at`, if the index holds it there.
    pub(crate) fn remove(&mut self, id: EntityId, at: GridPos) {
        self.remove_counted(id, at, true);
    }

    /// [`Self::remove`], counting the entity out of the tallies if `count`.
    #[inline]
    pub(super) fn remove_counted(&mut self, id: EntityId, at: GridPos, count: bool) {
        let Some(n) = self.node_of(id).filter(|&n| self.at(n) == Some(at)) else {
            return;
        };
        let head = self.head_of(at);
        let Some(node) = self.nodes.get_mut(n as usize) else {
            return;
        };
        let old = std::mem::replace(node, Node::VACANT);
        if count {
            self.tallies.remove(id, old.tags);
        }
        // Its neighbours skip it (the head, if it was first).
        let layer = Layer::of(old.tags);
        match self.nodes.get_mut(old.prev as usize) {
            Some(prev) => prev.next = old.next,
            None => self.write_head(head, layer, old.next),
        }
        if let Some(next) = self.nodes.get_mut(old.next as usize) {
            next.prev = old.prev;
        }
        if layer == Layer::Fixed {
            self.refresh_fixed(old.spot as usize);
        }
        self.entries -= 1;
    }
}
