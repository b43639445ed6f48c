//! The general search's table: every position found, its key, how it was
//! reached and at what cost, with exact duplicate detection.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::cost::Cost;

/// No node (the start's parent, the end of a hash chain).
pub(crate) const NONE: u32 = u32::MAX;

/// One position found by the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// The node it was reached from (`NONE` for the start).
    pub parent: u32,
    /// The next node whose key has the same hash.
    next: u32,
    /// Where its key starts in the word arena.
    start: u32,
    /// The cost of the cheapest way found to reach it.
    pub cost: Cost,
    /// Its key's length in words.
    len: u16,
    /// The input that reached it from its parent (an index into the search's inputs).
    pub input: u8,
    /// Flags: [`SOLVED`], [`ON_TRAIL`], [`EXPANDED`].
    pub flags: u8,
}

/// The node's position is solved.
pub(crate) const SOLVED: u8 = 1;
/// The node is on the trail's current path.
pub(crate) const ON_TRAIL: u8 = 2;
/// The node was expanded at its current cost.
pub(crate) const EXPANDED: u8 = 4;

/// Passes a hash through (the table's keys are already hashes).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Return a hash of a key: fixed constants, the same on every run.
pub(crate) fn hash_words(words: &[u32]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ words.len() as u64;
    for w in words {
        h = (h ^ u64::from(*w))
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(23);
    }
    // Final mix (MurmurHash3's), so the high bits the table uses vary too.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// Every node found, with exact lookup by key.
#[derive(Debug, Default)]
pub(crate) struct Table {
    nodes: Vec<Node>,
    words: Vec<u32>,
    /// The first node of each key hash; the others follow `Node::next`.
    heads: HashMap<u64, u32, BuildHasherDefault<PassThrough>>,
}

/// What [`Table::insert`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Insert {
    /// A new node.
    New(u32),
    /// The key was known, under this node.
    Known(u32),
    /// The table is full (node or word indices would overflow).
    Full,
}

impl Table {
    /// Return the node.
    pub(crate) fn node(&self, n: u32) -> Option<&Node> {
        self.nodes.get(n as usize)
    }

    /// Return the node, to change its cost, parent or flags.
    pub(crate) fn node_mut(&mut self, n: u32) -> Option<&mut Node> {
        self.nodes.get_mut(n as usize)
    }

    /// Return how many nodes the table holds.
    pub(crate) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Return the bytes the table holds.
    pub(crate) fn bytes(&self) -> u64 {
        let nodes = self.nodes.capacity() * std::mem::size_of::<Node>();
        let words = self.words.capacity() * std::mem::size_of::<u32>();
        // A hash map entry: the pair and a control byte.
        let heads = self.heads.capacity() * (std::mem::size_of::<(u64, u32)>() + 1);
        (nodes + words + heads) as u64
    }

    fn key(&self, node: &Node) -> &[u32] {
        let start = node.start as usize;
        self.words
            .get(start..start + usize::from(node.len))
            .unwrap_or_default()
    }

    /// Find `key` or add it as a new node reached from `parent` by `input`
    /// at `cost`.
    pub(crate) fn insert(&mut self, key: &[u32], parent: u32, input: u8, cost: Cost) -> Insert {
        let hash = hash_words(key);
        let head = self.heads.get(&hash).copied().unwrap_or(NONE);
        let mut n = head;
        while let Some(node) = self.node(n) {
            if self.key(node) == key {
                return Insert::Known(n);
            }
            n = node.next;
        }
        let (Ok(index), Ok(start), Ok(len)) = (
            u32::try_from(self.nodes.len()),
            u32::try_from(self.words.len()),
            u16::try_from(key.len()),
        ) else {
            return Insert::Full;
        };
        if index == NONE || u32::try_from(self.words.len() + key.len()).is_err() {
            return Insert::Full;
        }
        self.words.extend_from_slice(key);
        self.nodes.push(Node {
            parent,
            next: head,
            start,
            cost,
            len,
            input,
            flags: 0,
        });
        self.heads.insert(hash, index);
        Insert::New(index)
    }
}
