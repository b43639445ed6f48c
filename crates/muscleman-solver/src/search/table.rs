//! The transposition table: node storage, the open-addressing index of
//! states by hash, and the memory the search counts against its limit.

#![expect(
    clippy::indexing_slicing,
    reason = "cell, box, goal and node indices are made by the board and the search themselves and stay in range; this is the solver's inner loop"
)]

use super::*;

impl Search<'_> {
    pub(super) fn memory(&self) -> u64 {
        (self.nodes.capacity() * size_of::<Node>()
            + self.arena.capacity() * 2
            + self.hashes.capacity() * 8
            + self.table.len() * 4
            + self.heap.capacity() * size_of::<Entry>()
            + self.tables.len() * self.board.dist.len() * 2) as u64
    }

    /// Make room for one more node and one more heap entry, within the
    /// memory limit; `false` if the limit forbids it.
    pub(super) fn ensure_room(&mut self) -> bool {
        let mut extra: u64 = 0;
        let grow = |len: usize, cap: usize, elem: usize| -> u64 {
            if len < cap {
                0
            } else {
                (cap.max(1024) * elem) as u64
            }
        };
        let node_grow = self.nodes.len() >= self.nodes.capacity();
        extra += grow(self.nodes.len(), self.nodes.capacity(), size_of::<Node>());
        extra += grow(self.hashes.len(), self.hashes.capacity(), 8);
        extra +=
            grow(self.arena.len() + self.box_count, self.arena.capacity(), 2).max(if node_grow {
                (self.nodes.capacity().max(1024) * self.box_count * 2) as u64
            } else {
                0
            });
        extra += grow(self.heap.len(), self.heap.capacity(), size_of::<Entry>());
        let table_grow = (self.nodes.len() + 1) * 2 > self.table.len();
        if table_grow {
            extra += (self.table.len() * 4) as u64;
        }
        if self.memory() + extra > self.limit_bytes {
            return false;
        }
        if node_grow {
            let add = self.nodes.capacity().max(1024);
            self.nodes.reserve_exact(add);
            self.hashes.reserve_exact(add);
            self.arena.reserve_exact(add * self.box_count);
        }
        if self.arena.len() + self.box_count > self.arena.capacity() {
            self.arena
                .reserve_exact(self.arena.capacity().max(1024 * self.box_count.max(1)));
        }
        if self.heap.len() >= self.heap.capacity() {
            self.heap.reserve_exact(self.heap.capacity().max(1024));
        }
        if table_grow {
            self.grow_table();
        }
        true
    }

    pub(super) fn grow_table(&mut self) {
        let size = self.table.len() * 2;
        let mut table = vec![0u32; size];
        let mask = size - 1;
        for (i, &h) in self.hashes.iter().enumerate() {
            let mut slot = (h as usize) & mask;
            while table[slot] != 0 {
                slot = (slot + 1) & mask;
            }
            table[slot] = i as u32 + 1;
        }
        self.table = table;
    }

    /// Find the node with these boxes, player key and hash.
    pub(super) fn lookup(&self, boxes: &[u16], player: u16, hash: u64) -> Result<usize, usize> {
        let mask = self.table.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            let v = self.table[slot];
            if v == 0 {
                return Err(slot);
            }
            let i = (v - 1) as usize;
            if self.hashes[i] == hash
                && self.nodes[i].player == player
                && &self.arena[i * self.box_count..(i + 1) * self.box_count] == boxes
            {
                return Ok(i);
            }
            slot = (slot + 1) & mask;
        }
    }

    pub(super) fn hash_of(&self, boxes: &[u16], player: u16) -> u64 {
        boxes
            .iter()
            .fold(self.board.zplayer[player as usize], |h, &b| {
                h ^ self.board.zbox[b as usize]
            })
    }

    /// Store `node` with the boxes in `self.child`; return its index.
    pub(super) fn push_node(&mut self, node: Node, hash: u64) -> u32 {
        let idx = self.nodes.len() as u32;
        self.nodes.push(node);
        self.arena.extend_from_slice(&self.child);
        self.hashes.push(hash);
        idx
    }
}
