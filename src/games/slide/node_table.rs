//! The solver's memory: every search node in one arena, an open-addressing index over it,
//! and an open list of buckets by (f, g).
//!
//! A node is 20 bytes (the position packed as the squares of its pieces, [`Key`], the parent,
//! the move from it and the depth) and an index slot 4, against 48 and 4 with the position as
//! two masks. The buckets pop lowest f first, then deepest g, then oldest.

use std::collections::VecDeque;

use super::squares::{Pos, bit, bits};

/// No pending `X` move, and no move (the root).
pub(crate) const NONE: u16 = u16::MAX;

/// Most `O` pieces a packed position holds (a board's maximum, `level::MAX_O`).
pub(crate) const KEY_O: usize = 4;
/// Most `X` pieces a packed position holds (a board's maximum, `level::MAX_X`).
pub(crate) const KEY_X: usize = 8;
/// A square number that stands for no piece in a [`Key`].
const NO_SQUARE: u8 = u8::MAX;

/// A position packed as the squares of its pieces in increasing order: the `O` pieces first,
/// then the `X` pieces, each list padded with [`NO_SQUARE`]. 12 bytes instead of 32.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key([u8; KEY_O + KEY_X]);

impl Key {
    /// Packs `pos`, or `None` when it holds more pieces than a key has room for (a board
    /// never does: the level loader caps the counts).
    pub(crate) fn pack(pos: Pos) -> Option<Self> {
        if pos.o.count_ones() as usize > KEY_O || pos.x.count_ones() as usize > KEY_X {
            return None;
        }
        let mut key = [NO_SQUARE; KEY_O + KEY_X];
        for (slot, square) in bits(pos.o).enumerate() {
            key[slot] = square as u8;
        }
        for (slot, square) in bits(pos.x).enumerate() {
            key[KEY_O + slot] = square as u8;
        }
        Some(Self(key))
    }

    /// The position back as two masks.
    pub(crate) fn unpack(self) -> Pos {
        let mask = |squares: &[u8]| {
            squares
                .iter()
                .filter(|&&square| square != NO_SQUARE)
                .fold(0, |mask, &square| mask | bit(usize::from(square)))
        };
        Pos {
            o: mask(&self.0[..KEY_O]),
            x: mask(&self.0[KEY_O..]),
        }
    }

    /// Mixes the key into 64 bits: plain squares, with no need to resist crafted collisions.
    fn hash(self) -> u64 {
        let mut low = [0; 8];
        let mut high = [0; 4];
        low.copy_from_slice(&self.0[..8]);
        high.copy_from_slice(&self.0[8..]);
        let h = u64::from_le_bytes(low).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(u32::from_le_bytes(high)).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^ (h >> 29)
    }
}

/// One search node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The position.
    pub(crate) key: Key,
    /// The node it was reached from (`u32::MAX` for the root).
    pub(crate) parent: u32,
    /// The move from the parent (`from * 4 + dir`, or [`NONE`] for the root), with
    /// [`X_STEP`] set when it was an `X` step.
    step: u16,
    /// Moves from the start along the best path found so far.
    pub(crate) g: u16,
}

/// The flag of [`Node`]'s move that marks an `X` step: that move is then *pending*, part of
/// the node's identity, because it restricts the next move (see the solver).
const X_STEP: u16 = 1 << 15;

impl Node {
    /// A node reached from `parent` by move `mv` (`from * 4 + dir`, or [`NONE`]), which is
    /// pending when it is an `X` step.
    pub(crate) fn new(key: Key, parent: u32, mv: u16, x_step: bool, g: u16) -> Self {
        let step = if x_step && mv != NONE {
            mv | X_STEP
        } else {
            mv
        };
        Self {
            key,
            parent,
            step,
            g,
        }
    }

    /// The move from the parent, or [`NONE`] for the root.
    pub(crate) fn mv(&self) -> u16 {
        if self.step == NONE {
            NONE
        } else {
            self.step & !X_STEP
        }
    }

    /// The pending `X` move, or [`NONE`].
    pub(crate) fn pending(&self) -> u16 {
        if self.step != NONE && self.step & X_STEP != 0 {
            self.step & !X_STEP
        } else {
            NONE
        }
    }
}

/// An empty index slot.
const EMPTY: u32 = u32::MAX;

/// The arena of nodes and an index from (position, pending move) to a node.
pub(crate) struct Nodes {
    nodes: Vec<Node>,
    /// Each slot: a node's index, or [`EMPTY`].
    slots: Vec<u32>,
}

/// What a lookup found for a (position, pending move) pair.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    /// The node of the same position with no pending move, if stored.
    pub(crate) plain: Option<u32>,
    /// The node asked for, if stored.
    pub(crate) node: Option<u32>,
    /// The free slot to insert it at when it is not stored (pass it to [`Nodes::insert`]).
    slot: usize,
}

impl Nodes {
    /// An arena holding only `root`.
    pub(crate) fn new(root: Node) -> Self {
        let mut table = Self {
            nodes: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
        };
        let found = table.find(root.key, root.pending());
        table.insert(found, root);
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

    /// Looks up (position, pending move), and the same position with no pending move: both
    /// share a probe sequence, since the hash is the position's alone.
    pub(crate) fn find(&self, key: Key, pending: u16) -> Found {
        let mask = self.slots.len() - 1;
        let hash = key.hash();
        let mut slot = hash as usize & mask;
        let mut found = Found {
            plain: None,
            node: None,
            slot: 0,
        };
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                found.slot = slot;
                return found;
            }
            let node = &self.nodes[entry as usize];
            if node.key == key {
                let stored = node.pending();
                if stored == NONE {
                    found.plain = Some(entry);
                }
                if stored == pending {
                    found.node = Some(entry);
                    if pending == NONE || found.plain.is_some() {
                        return found;
                    }
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores `node`, which the lookup `found` (just made, for this node) did not find, and
    /// returns its index.
    pub(crate) fn insert(&mut self, found: Found, node: Node) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(node);
        self.slots[found.slot] = index;
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
            let hash = node.key.hash();
            let mut slot = hash as usize & mask;
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

    /// Takes the oldest node of lowest f and, among those, deepest g; returns it with its f
    /// and g.
    pub(crate) fn pop(&mut self) -> Option<(u32, usize, u16)> {
        while self.lowest < self.buckets.len() {
            let row = &mut self.buckets[self.lowest];
            for g in (0..row.len()).rev() {
                if let Some(index) = row[g].pop_front() {
                    return Some((index, self.lowest, g as u16));
                }
            }
            self.lowest += 1;
        }
        None
    }
}
