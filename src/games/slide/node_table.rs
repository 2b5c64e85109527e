//! The solver's memory: every search node in one arena, an open-addressing index over it,
//! and an open list of buckets by (f, g).
//!
//! A node is 48 bytes and an index slot 4, against about three times that with a `HashMap`
//! keyed by the whole node plus a separate node list and a binary heap, and the buckets pop
//! in the same order as that heap did (lowest f, then deepest g, then oldest), so searches
//! expand exactly the same positions in the same order, only faster.

use std::collections::VecDeque;

use super::position::Pos;

/// No pending `X` move, and no move (the root).
pub(crate) const NONE: u16 = u16::MAX;

/// One search node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The position.
    pub(crate) pos: Pos,
    /// The node it was reached from (`u32::MAX` for the root).
    pub(crate) parent: u32,
    /// The `X` move just played (`from * 4 + dir`), or [`NONE`]: part of the node's identity
    /// because it restricts the next move (see the solver).
    pub(crate) pending: u16,
    /// The move from the parent (`from * 4 + dir`), or [`NONE`] for the root.
    pub(crate) mv: u16,
    /// Moves from the start along the best path found so far.
    pub(crate) g: u16,
}

/// An empty index slot.
const EMPTY: u32 = u32::MAX;

/// The arena of nodes and an index from (position, pending move) to a node.
pub(crate) struct Nodes {
    nodes: Vec<Node>,
    slots: Vec<u32>,
}

/// Where a lookup ended: the node found, or the free slot to insert it at.
pub(crate) enum Found {
    /// The node's index in the arena.
    At(u32),
    /// Not stored yet; pass this slot to [`Nodes::insert`].
    Free(usize),
}

/// Mixes a key into a table index: the keys are plain masks, with no need to resist crafted
/// collisions, so a few multiplications suffice.
fn hash(pos: Pos, pending: u16) -> u64 {
    let x = (pos.x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ ((pos.x >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    let o = (pos.o as u64).wrapping_mul(0x1656_67B1_9E37_79F9)
        ^ ((pos.o >> 64) as u64).wrapping_mul(0x27D4_EB2F_1656_67C5)
        ^ u64::from(pending).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    let h = x ^ o.rotate_left(29);
    h ^ (h >> 31)
}

impl Nodes {
    /// An arena holding only `root`.
    pub(crate) fn new(root: Node) -> Self {
        let mut table = Self {
            nodes: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
        };
        if let Found::Free(slot) = table.find(root.pos, root.pending) {
            table.insert(slot, root);
        }
        table
    }

    /// The node at `index`.
    pub(crate) fn get(&self, index: u32) -> &Node {
        &self.nodes[index as usize]
    }

    /// The node at `index`, to improve its path.
    pub(crate) fn get_mut(&mut self, index: u32) -> &mut Node {
        &mut self.nodes[index as usize]
    }

    /// Looks up (position, pending move).
    pub(crate) fn find(&self, pos: Pos, pending: u16) -> Found {
        let mask = self.slots.len() - 1;
        let mut slot = hash(pos, pending) as usize & mask;
        loop {
            let index = self.slots[slot];
            if index == EMPTY {
                return Found::Free(slot);
            }
            let node = &self.nodes[index as usize];
            if node.pos == pos && node.pending == pending {
                return Found::At(index);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `node` in the free `slot` that [`Nodes::find`] just returned for it, and
    /// returns its index.
    pub(crate) fn insert(&mut self, slot: usize, node: Node) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(node);
        self.slots[slot] = index;
        if self.nodes.len() * 2 > self.slots.len() {
            self.grow();
        }
        index
    }

    /// Doubles the index, keeping it at most half full so probes stay short.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        let mask = size - 1;
        let mut slots = vec![EMPTY; size];
        for (index, node) in self.nodes.iter().enumerate() {
            let mut slot = hash(node.pos, node.pending) as usize & mask;
            while slots[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            slots[slot] = index as u32;
        }
        self.slots = slots;
    }
}

/// The open list: node indices in buckets by f (estimated total) and g (moves so far).
pub(crate) struct Open {
    /// `buckets[f][g]`, each first in, first out.
    buckets: Vec<Vec<VecDeque<u32>>>,
    /// No bucket below this f holds anything.
    lowest: usize,
}

impl Open {
    /// An empty open list.
    pub(crate) fn new() -> Self {
        Self {
            buckets: Vec::new(),
            lowest: 0,
        }
    }

    /// Adds node `index` with estimate `f` and depth `g` (`g <= f`, as the heuristic is never
    /// negative).
    pub(crate) fn push(&mut self, f: usize, g: usize, index: u32) {
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        let row = &mut self.buckets[f];
        if row.len() <= g {
            row.resize_with(g + 1, VecDeque::new);
        }
        row[g].push_back(index);
        self.lowest = self.lowest.min(f);
    }

    /// Takes the oldest node of lowest f and, among those, deepest g; returns it with its g.
    pub(crate) fn pop(&mut self) -> Option<(u32, u16)> {
        while self.lowest < self.buckets.len() {
            let row = &mut self.buckets[self.lowest];
            for g in (0..row.len()).rev() {
                if let Some(index) = row[g].pop_front() {
                    return Some((index, g as u16));
                }
            }
            self.lowest += 1;
        }
        None
    }
}
