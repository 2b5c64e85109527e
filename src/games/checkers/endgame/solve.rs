//! Retrograde analysis of one pawn placement: the value and the distance to conversion of
//! every position in a [`PawnBlock`] and in its mirror (the same placement seen by the other
//! side, where every king move leads), given the value of every position a capture or a pawn
//! move reaches ([`Known`]).
//!
//! Within the pair only kings move, so the pair is closed: a position whose king moves all
//! lead to positions the other side wins, and whose other moves (captures, pawn moves) are no
//! better, is lost; a position with a move to a lost one is won. The solve goes outwards from
//! the positions decided at once (no move, or a capture or pawn move that wins or is the only
//! kind of move there is), one ply at a time, so each position is decided at its distance to
//! conversion: the plies, both sides' counted, until the next capture or pawn move (or the end
//! of the game) when the winner hurries and the loser holds out. What is never decided is a
//! draw. That distance is what the draw rule counts (GAMES.md §4: 80 plies without a capture
//! or pawn move), and a winner who always shortens it converts, again and again, until the
//! game is won.
//!
//! The generator (`generate`) solves every placement of every material this way; the game
//! solves the placement on the board when it needs the distances (`play`), except the
//! kings-only five-piece ones, shipped solved (`distances`).

use super::index::{Normal, PawnBlock, rotate};
use crate::games::checkers::engine::board::Position;
use crate::games::checkers::engine::board::{DIRECTIONS, MoveList, step};

/// A theoretical result for the side to move, the draw rule aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins with best play.
    Win,
}

impl Wdl {
    /// The result for the other side.
    #[must_use]
    pub const fn flipped(self) -> Self {
        match self {
            Self::Loss => Self::Win,
            Self::Draw => Self::Draw,
            Self::Win => Self::Loss,
        }
    }
}

/// A result with its distance to conversion in plies, in one byte: 0 a draw, 1–127 a win in
/// that many plies, 128 + d a loss in d plies (0 when the side to move has no move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Code(pub u8);

/// The longest distance a [`Code`] holds.
pub const MAX_DISTANCE: u8 = 126;

impl Code {
    /// A draw.
    pub const DRAW: Self = Self(0);
    /// Not decided yet (only while solving).
    const UNKNOWN: Self = Self(255);

    /// A win `plies` plies from conversion.
    pub const fn win(plies: u8) -> Self {
        assert!(
            plies >= 1 && plies <= MAX_DISTANCE,
            "distance beyond a code"
        );
        Self(plies)
    }

    /// A loss `plies` plies from conversion.
    pub const fn loss(plies: u8) -> Self {
        assert!(plies <= MAX_DISTANCE, "distance beyond a code");
        Self(128 + plies)
    }

    /// The result without the distance.
    pub const fn wdl(self) -> Wdl {
        match self.0 {
            0 => Wdl::Draw,
            1..=127 => Wdl::Win,
            _ => Wdl::Loss,
        }
    }

    /// Plies to conversion (0 for a draw).
    pub const fn distance(self) -> u8 {
        match self.0 {
            0 => 0,
            1..=127 => self.0,
            _ => self.0 - 128,
        }
    }
}

/// What the solve asks about positions outside the pair: the result for the side to move of
/// a position reached by a capture or a pawn move (white to move, as the engine plays it).
pub trait Known {
    /// The position's theoretical result for its side to move.
    fn wdl(&self, pos: &Position) -> Wdl;
}

impl<F: Fn(&Position) -> Wdl> Known for F {
    fn wdl(&self, pos: &Position) -> Wdl {
        self(pos)
    }
}

/// The solved pair: the codes of `block`'s positions by kings' number, and of its mirror's
/// (`None` when the block is its own mirror).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The block asked for.
    pub block: PawnBlock,
    /// Its positions' codes.
    pub codes: Vec<Code>,
    /// The mirror's codes, when it is another block.
    pub mirror: Option<Vec<Code>>,
}

impl Solved {
    /// The code of a position of the pair.
    pub fn code(&self, pos: Normal) -> Option<Code> {
        let block = PawnBlock::of(pos);
        let local = usize::try_from(block.local(pos)).ok()?;
        if block == self.block {
            self.codes.get(local).copied()
        } else if block == self.block.swapped() {
            self.mirror.as_ref()?.get(local).copied()
        } else {
            None
        }
    }
}

/// Solves `block` and its mirror; `known` answers for every position a capture or a pawn
/// move reaches (fewer pieces, a crowned pawn, or a pawn one step further on).
///
/// # Panics
/// When a distance exceeds [`MAX_DISTANCE`] (none does up to five pieces).
pub fn solve(block: PawnBlock, known: &dyn Known) -> Solved {
    let mirror = block.swapped();
    let blocks: &[PawnBlock] = if mirror == block {
        &[block]
    } else {
        &[block, mirror]
    };
    let len = block.len() as usize;
    let total = len * blocks.len();
    let mut state = vec![Code::UNKNOWN; total];
    // King moves still undecided; one more when a capture or pawn move draws, so that such a
    // position is never counted lost.
    let mut pending = vec![0u8; total];
    let mut layer0 = Vec::new();
    let mut layer1 = Vec::new();
    let mut moves = MoveList::with_capacity(32);
    for (b, &which) in blocks.iter().enumerate() {
        for local in 0..len {
            let u = b * len + local;
            let pos = which.position(local as u64).position();
            pos.generate(true, &mut moves);
            if moves.is_empty() {
                state[u] = Code::loss(0);
                layer0.push(u as u32);
                continue;
            }
            let (mut kings, mut wins, mut draws) = (0u8, false, false);
            for m in &moves {
                if !m.is_capture() && pos.kings & (1 << m.from) != 0 {
                    kings += 1;
                    continue;
                }
                match known.wdl(&pos.play(m)) {
                    Wdl::Loss => wins = true,
                    Wdl::Draw => draws = true,
                    Wdl::Win => {}
                }
            }
            if wins {
                state[u] = Code::win(1);
                layer1.push(u as u32);
            } else if kings == 0 {
                state[u] = if draws { Code::DRAW } else { Code::loss(1) };
                if !draws {
                    layer1.push(u as u32);
                }
            } else {
                pending[u] = kings + u8::from(draws);
            }
        }
    }
    let mut queue = layer0;
    queue.append(&mut layer1);
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head] as usize;
        head += 1;
        let code = state[u];
        let b = u / len;
        let here = blocks[b].position((u % len) as u64);
        let back = blocks.len() - 1 - b;
        let parents = &blocks[back];
        for_each_parent(here, |parent| {
            let p = back * len + parents.local(parent) as usize;
            if state[p] != Code::UNKNOWN {
                return;
            }
            match code.wdl() {
                Wdl::Loss => {
                    state[p] = Code::win(code.distance() + 1);
                    queue.push(p as u32);
                }
                Wdl::Win => {
                    pending[p] -= 1;
                    if pending[p] == 0 {
                        state[p] = Code::loss(code.distance() + 1);
                        queue.push(p as u32);
                    }
                }
                Wdl::Draw => {}
            }
        });
    }
    for s in &mut state {
        if *s == Code::UNKNOWN {
            *s = Code::DRAW;
        }
    }
    let mirror_codes = (blocks.len() == 2).then(|| state.split_off(len));
    Solved {
        block,
        codes: state,
        mirror: mirror_codes,
    }
}

/// Every position (seen from its side to move) from which the other side's king step leads to
/// `here`: in `here`'s frame, a king of the side not to move steps back to an empty square.
/// Whether that step was legal there (no capture compulsory) is the caller's business: such
/// positions are decided before any parent is looked for.
fn for_each_parent(here: Normal, mut visit: impl FnMut(Normal)) {
    let empty = !(here.mover | here.other);
    let mut kings = here.other & here.kings;
    while kings != 0 {
        let at = kings & kings.wrapping_neg();
        kings &= kings - 1;
        for d in DIRECTIONS {
            let from = step(at, d) & empty;
            if from == 0 {
                continue;
            }
            let other = here.other ^ at ^ from;
            let all_kings = here.kings ^ at ^ from;
            visit(Normal {
                mover: rotate(other),
                other: rotate(here.mover),
                kings: rotate(all_kings),
            });
        }
    }
}
