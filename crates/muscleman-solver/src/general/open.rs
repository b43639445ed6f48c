//! The general search's open list: the positions waiting to be expanded,
//! in the order the search takes them.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::cost::Cost;

/// The positions waiting to be expanded, each as `(node, cost)`.
#[derive(Debug)]
pub(super) enum Open {
    /// Breadth-first (0-1): a step free in every part of its cost goes to
    /// the front, any other to the back, so positions leave in order of
    /// cost where every step costs 0 or 1 in `first` alone (the plain
    /// search for any solution: a step is an input).
    Layers(VecDeque<(u32, Cost)>),
    /// Best-first on a priority, lowest first; ties go to the lower cost,
    /// then to the node found first, so the order is the same on every run.
    Best(BinaryHeap<Reverse<(u32, u32, u32)>>),
    /// By priority, lowest first, every part of it in order (A*: the cost
    /// plus the bound, or the cost alone: Dijkstra's order, the optimal
    /// modes, whose ties are further parts of the cost); equal priorities
    /// go to the higher `first` cost (the deeper position, nearer a
    /// solution), then to the node found first. Each entry holds
    /// `u32::MAX - cost.first`, and the cost itself last (the priority
    /// holds bounds on the first count and on the first tie).
    Deepest(BinaryHeap<Reverse<(Cost, u32, u32, Cost)>>),
}

impl Open {
    /// Queue `node`, reached at `cost` by a step of cost `step`, with
    /// `priority` (read only by the heaps; best-first reads its `first`).
    pub(super) fn push(&mut self, node: u32, cost: Cost, step: Cost, priority: Cost) {
        match self {
            Open::Layers(queue) if step.is_zero() => queue.push_front((node, cost)),
            Open::Layers(queue) => queue.push_back((node, cost)),
            Open::Best(heap) => heap.push(Reverse((priority.first, cost.first, node))),
            Open::Deepest(heap) => {
                heap.push(Reverse((priority, u32::MAX - cost.first, node, cost)));
            }
        }
    }

    /// Take the next position off the list, with the cost it was queued
    /// at (best-first queues costs of `first` alone, fast mode's).
    pub(super) fn pop(&mut self) -> Option<(u32, Cost)> {
        match self {
            Open::Layers(queue) => queue.pop_front(),
            Open::Best(heap) => heap
                .pop()
                .map(|Reverse((_, cost, node))| (node, Cost::of(cost))),
            Open::Deepest(heap) => heap.pop().map(|Reverse((_, _, node, cost))| (node, cost)),
        }
    }

    /// Return the bytes the list holds.
    pub(super) fn bytes(&self) -> u64 {
        let bytes = match self {
            Open::Layers(queue) => queue.capacity() * std::mem::size_of::<(u32, Cost)>(),
            Open::Best(heap) => heap.capacity() * std::mem::size_of::<(u32, u32, u32)>(),
            Open::Deepest(heap) => heap.capacity() * std::mem::size_of::<(Cost, u32, u32, Cost)>(),
        };
        bytes as u64
    }
}
