//! The generator: every material up to some number of pieces, fewest pieces first, solved
//! placement by placement ([`solve`]) into full tables of [`Code`]s held in memory.
//!
//! Order makes every lookup land on something already solved: a capture leads to fewer
//! pieces; a crowning to a material with one pawn less (materials of a piece count are taken
//! fewest pawns first); a pawn step to a placement of the same pair nearer to crowning
//! (placements are taken by increasing [`PawnBlock::distance`]).
//!
//! `examples/checkers_endgame.rs` drives it with a checkpoint after every material; tests
//! generate the small materials directly.

use std::collections::HashMap;

use super::index::{Material, Normal, PawnBlock};
use super::solve::{Code, Known, Wdl, solve};
use crate::games::checkers::engine::board::Position;

/// Solved materials: every position's code, by its index (slots of no position hold a draw).
#[derive(Debug, Default, Clone)]
pub struct Tables {
    tables: HashMap<Material, Vec<Code>>,
}

impl Tables {
    /// No material yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A material's codes, if solved.
    pub fn get(&self, material: Material) -> Option<&[Code]> {
        self.tables.get(&material).map(Vec::as_slice)
    }

    /// Adds a solved material (from a checkpoint).
    pub fn insert(&mut self, material: Material, codes: Vec<Code>) {
        self.tables.insert(material, codes);
    }

    /// The solved materials.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.tables.keys().copied()
    }

    /// The code of a position (either side to move); a side without pieces has lost.
    ///
    /// # Panics
    /// When the position's material is not solved.
    pub fn code(&self, pos: &Position) -> Code {
        let normal = Normal::of(pos);
        if normal.mover == 0 {
            return Code::loss(0);
        }
        let material = normal.material();
        let table = self
            .tables
            .get(&material)
            .unwrap_or_else(|| panic!("{} is not solved yet", material.name()));
        table[normal.index() as usize]
    }

    /// Solves `material` and its mirror (the same material seen by the other side), given
    /// every material they lead to by a capture or a crowning, and keeps both. `progress`
    /// hears of each placement solved (done, total).
    pub fn generate(&mut self, material: Material, progress: &mut dyn FnMut(u64, u64)) {
        let mirror = material.swapped();
        let mut units: Vec<(u32, PawnBlock)> = (0..material.pawn_blocks())
            .filter_map(|n| material.pawn_block(n))
            .filter(|b| mirror != material || b.swapped().start() >= b.start())
            .map(|b| (b.distance(), b))
            .collect();
        units.sort_by_key(|&(d, _)| d);
        let mut own = vec![Code::DRAW; material.len() as usize];
        let mut other = if mirror == material {
            Vec::new()
        } else {
            vec![Code::DRAW; mirror.len() as usize]
        };
        let total = units.len() as u64;
        for (done, (_, block)) in units.into_iter().enumerate() {
            let known = |pos: &Position| -> Wdl {
                let normal = Normal::of(pos);
                if normal.mover == 0 {
                    return Wdl::Loss;
                }
                let m = normal.material();
                let table: &[Code] = if m == material {
                    &own
                } else if m == mirror {
                    &other
                } else {
                    self.get(m)
                        .unwrap_or_else(|| panic!("{} is not solved yet", m.name()))
                };
                table[normal.index() as usize].wdl()
            };
            let solved = solve(block, &known as &dyn Known);
            let start = block.start() as usize;
            own[start..start + solved.codes.len()].copy_from_slice(&solved.codes);
            if let Some(codes) = solved.mirror {
                let swapped = block.swapped();
                let start = swapped.start() as usize;
                let table = if mirror == material {
                    &mut own
                } else {
                    &mut other
                };
                table[start..start + codes.len()].copy_from_slice(&codes);
            }
            progress(done as u64 + 1, total);
        }
        self.tables.insert(material, own);
        if mirror != material {
            self.tables.insert(mirror, other);
        }
    }

    /// Generates every material with up to `pieces` pieces that is not solved yet.
    pub fn generate_up_to(&mut self, pieces: u8) {
        for n in 2..=pieces {
            for material in Material::with_pieces(n) {
                if self.get(material).is_none() {
                    self.generate(material, &mut |_, _| {});
                }
            }
        }
    }
}
