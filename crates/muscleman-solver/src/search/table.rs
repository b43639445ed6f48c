//! The transposition table: node storage (the nodes, their sorted box
//! cells in one arena, their hashes) and the open-addressing index of
//! states by hash. The search counts its bytes against the memory limit.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::node::Node;
use crate::board::Board;

/// Every stored state, and the index that finds one by its boxes and player.
pub(super) struct Table {
    /// Boxes per state (the arena's stride).
    box_count: usize,
    /// The stored states, in the order they were made (a state's index is
    /// its position here).
    pub nodes: Vec<Node>,
    /// The sorted box cells of node `i` at `arena[i * box_count..]`.
    arena: Vec<u16>,
    /// Zobrist hash of node `i`.
    hashes: Vec<u64>,
    /// Open addressing on the hash, linear probing: node index + 1, or 0
    /// for an empty slot. Its length is a power of two, at least twice the
    /// node count.
    index: Vec<u32>,
}

impl Table {
    /// An empty table for states of `box_count` boxes.
    pub fn new(box_count: usize) -> Table {
        Table {
            box_count,
            nodes: Vec::new(),
            arena: Vec::new(),
            hashes: Vec::new(),
            index: vec![0; 1 << 12],
        }
    }

    /// Bytes held (capacities, not lengths: what the allocator gave).
    pub fn memory(&self) -> u64 {
        (self.nodes.capacity() * size_of::<Node>()
            + self.arena.capacity() * 2
            + self.hashes.capacity() * 8
            + self.index.len() * 4) as u64
    }

    /// Bytes that storing one more node would add (0 while capacity lasts).
    pub fn growth(&self) -> u64 {
        let grow = |len: usize, cap: usize, elem: usize| -> u64 {
            if len < cap {
                0
            } else {
                (cap.max(1024) * elem) as u64
            }
        };
        let node_grow = self.nodes.len() >= self.nodes.capacity();
        let mut extra = grow(self.nodes.len(), self.nodes.capacity(), size_of::<Node>());
        extra += grow(self.hashes.len(), self.hashes.capacity(), 8);
        extra +=
            grow(self.arena.len() + self.box_count, self.arena.capacity(), 2).max(if node_grow {
                (self.nodes.capacity().max(1024) * self.box_count * 2) as u64
            } else {
                0
            });
        if self.index_must_grow() {
            extra += (self.index.len() * 4) as u64;
        }
        extra
    }

    fn index_must_grow(&self) -> bool {
        (self.nodes.len() + 1) * 2 > self.index.len()
    }

    /// Make room for one more node (the caller checked [`Table::growth`]
    /// against its limit).
    pub fn reserve_one(&mut self) {
        if self.nodes.len() >= self.nodes.capacity() {
            let add = self.nodes.capacity().max(1024);
            self.nodes.reserve_exact(add);
            self.hashes.reserve_exact(add);
            self.arena.reserve_exact(add * self.box_count);
        }
        if self.arena.len() + self.box_count > self.arena.capacity() {
            self.arena
                .reserve_exact(self.arena.capacity().max(1024 * self.box_count.max(1)));
        }
        if self.index_must_grow() {
            self.grow_index();
        }
    }

    fn grow_index(&mut self) {
        let size = self.index.len() * 2;
        let mut index = vec![0u32; size];
        let mask = size - 1;
        for (i, &h) in self.hashes.iter().enumerate() {
            let mut slot = (h as usize) & mask;
            while index[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            index[slot] = i as u32 + 1;
        }
        self.index = index;
    }

    /// The sorted box cells of node `i`.
    pub fn boxes(&self, i: usize) -> &[u16] {
        &self.arena[i * self.box_count..(i + 1) * self.box_count]
    }

    /// Find the node with these boxes, player key and hash: `Ok(node)`, or
    /// `Err(slot)`, the empty slot where it would go.
    pub fn lookup(&self, boxes: &[u16], player: u16, hash: u64) -> Result<usize, usize> {
        let mask = self.index.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            let v = self.index[slot];
            if v == 0 {
                return Err(slot);
            }
            let i = (v - 1) as usize;
            if self.hashes[i] == hash && self.nodes[i].player == player && self.boxes(i) == boxes {
                return Ok(i);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The Zobrist hash of a state.
    pub fn hash_of(board: &Board, boxes: &[u16], player: u16) -> u64 {
        boxes.iter().fold(board.zplayer[player as usize], |h, &b| {
            h ^ board.zbox[b as usize]
        })
    }

    /// Store `node` with `boxes` (sorted) at the empty `slot` that
    /// [`Table::lookup`] gave (with no store since); return its index.
    pub fn insert(&mut self, slot: usize, node: Node, boxes: &[u16], hash: u64) -> u32 {
        let idx = self.nodes.len() as u32;
        self.nodes.push(node);
        debug_assert_eq!(boxes.len(), self.box_count, "boxes {boxes:?}");
        self.arena.extend_from_slice(boxes);
        self.hashes.push(hash);
        self.index[slot] = idx + 1;
        idx
    }
}
