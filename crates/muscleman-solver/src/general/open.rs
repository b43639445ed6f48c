//! The general search's open list: the positions waiting to be expanded,
//! in the order the search takes them.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The positions waiting to be expanded, each as `(node, cost)`.
#[derive(Debug)]
pub(super) enum Open {
    /// By cost, breadth-first (0-1): a step of cost 0 goes to the front, of
    /// cost 1 to the back, so positions leave in order of cost (the
    /// optimal modes, and the plain search).
    Layers(VecDeque<(u32, u32)>),
    /// Best-first on a priority, lowest first; ties go to the lower cost,
    /// then to the node found first, so the order is the same on every run.
    Best(BinaryHeap<Reverse<(u32, u32, u32)>>),
    /// A*: lowest priority (cost plus bound) first; ties go to the higher
    /// cost (the deeper position, nearer a solution), then to the node
    /// found first. Each entry holds `u32::MAX - cost`.
    Deepest(BinaryHeap<Reverse<(u32, u32, u32)>>),
}

impl Open {
    /// Queue `node`, reached at `cost` by a step of cost `step`, with
    /// `priority` (read only when best-first).
    pub(super) fn push(&mut self, node: u32, cost: u32, step: u32, priority: u32) {
        match self {
            Open::Layers(queue) if step == 0 => queue.push_front((node, cost)),
            Open::Layers(queue) => queue.push_back((node, cost)),
            Open::Best(heap) => heap.push(Reverse((priority, cost, node))),
            Open::Deepest(heap) => heap.push(Reverse((priority, u32::MAX - cost, node))),
        }
    }

    /// Take the next position off the list.
    pub(super) fn pop(&mut self) -> Option<(u32, u32)> {
        match self {
            Open::Layers(queue) => queue.pop_front(),
            Open::Best(heap) => heap.pop().map(|Reverse((_, cost, node))| (node, cost)),
            Open::Deepest(heap) => heap
                .pop()
                .map(|Reverse((_, deep, node))| (node, u32::MAX - deep)),
        }
    }

    /// Return the bytes the list holds.
    pub(super) fn bytes(&self) -> u64 {
        let bytes = match self {
            Open::Layers(queue) => queue.capacity() * std::mem::size_of::<(u32, u32)>(),
            Open::Best(heap) | Open::Deepest(heap) => {
                heap.capacity() * std::mem::size_of::<(u32, u32, u32)>()
            }
        };
        bytes as u64
    }
}
