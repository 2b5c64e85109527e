//! Negamax alpha-beta over merged children with a transposition table: the exact solver
//! (search to the end, values win/tie/loss) and the depth-limited search of the levels
//! (line-count evaluation at the horizon) are the same function.
//!
//! Every node first looks for a win in one (a placement or a turn that makes five for the
//! mover alone), so a win one move away is never missed, even at the horizon. No clock: a
//! node budget and a cancel flag end a search, which then reports itself aborted.

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{After, Child, EngineMove, LINES, Position};

/// The score of a won game; the evaluation stays far inside it.
pub const WIN: i32 = 1_000_000;

/// Weights of a line holding only one side's pieces, by how many it holds.
const LINE_WEIGHT: [i32; 6] = [0, 1, 6, 40, 300, 0];

/// A static guess of the position for the side to place: the lines each side could still
/// fill, weighted steeply by how full they are. Always well inside ±[`WIN`].
#[must_use]
pub fn evaluate(pos: Position) -> i32 {
    let mut score = 0;
    for &line in &LINES {
        let mine = line & pos.me;
        let yours = line & pos.you;
        if yours == 0 {
            score += LINE_WEIGHT[mine.count_ones() as usize];
        } else if mine == 0 {
            score -= LINE_WEIGHT[yours.count_ones() as usize];
        }
    }
    score
}

#[derive(Clone, Copy, Default)]
struct Entry {
    me: u64,
    /// The other side's pieces in bits 0..36, the depth in 40..48, the bound kind in 48..50,
    /// the best move's index in 50..59 (511 for none). Zero `me` and `you` marks an unused
    /// slot (the empty board is never stored).
    packed: u64,
    score: i32,
}

const LOWER: u64 = 1;
const UPPER: u64 = 2;
const EXACT: u64 = 3;

/// A search: its table, its node count and budget, and the cancel flag.
pub struct Searcher<'a> {
    table: Vec<Entry>,
    mask: usize,
    /// Nodes visited so far.
    pub nodes: u64,
    budget: u64,
    cancel: &'a AtomicBool,
    aborted: bool,
    /// One child list per ply, reused so a node allocates nothing.
    lists: Vec<Vec<Child>>,
}

impl<'a> Searcher<'a> {
    /// A searcher with `2^table_bits` table entries that gives up after `budget` nodes or
    /// when `cancel` is raised.
    #[must_use]
    pub fn new(table_bits: u32, budget: u64, cancel: &'a AtomicBool) -> Self {
        let size = 1usize << table_bits;
        Self {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            budget,
            cancel,
            aborted: false,
            lists: Vec::new(),
        }
    }

    /// Whether the budget ran out or the search was cancelled: the last answer is not to
    /// be trusted.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    fn slot(&self, pos: Position) -> usize {
        let h = (pos.me.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ pos.you.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .rotate_left(29);
        (h as usize) & self.mask
    }

    /// The exact value of `pos` for the side to place: 1 win, 0 tie, −1 loss; `None` when
    /// the search was cut short.
    pub fn solve(&mut self, pos: Position) -> Option<(i32, Option<EngineMove>)> {
        let (score, best) = self.root(pos, 64, -1, 1);
        (!self.aborted).then_some((score.signum(), best))
    }

    /// The negamax score of `pos` searched `depth` plies (whole moves) deep within
    /// `(alpha, beta)`, and the best move found (None only when the node was cut off or
    /// aborted before any move).
    pub fn root(
        &mut self,
        pos: Position,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> (i32, Option<EngineMove>) {
        let mut best = None;
        let score = self.node(pos, depth, alpha, beta, 0, &mut best);
        (score, best)
    }

    /// The score of `pos` searched to `depth` (full width), for the level's root loop.
    pub fn score(&mut self, pos: Position, depth: u32, alpha: i32, beta: i32) -> i32 {
        let mut best = None;
        self.node(pos, depth, alpha, beta, 0, &mut best)
    }

    fn node(
        &mut self,
        pos: Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        best_out: &mut Option<EngineMove>,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.budget
            || (self.nodes.trailing_zeros() >= 10 && self.cancel.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let empties = pos.empty().count_ones();
        // Searching past the end is searching to the end: one table depth for both.
        let depth = depth.min(empties);

        let slot = self.slot(pos);
        let entry = self.table[slot];
        let mut hint_index = usize::MAX;
        let stored_you = entry.packed & ((1 << 36) - 1);
        if entry.me == pos.me && stored_you == pos.you && (pos.me | pos.you) != 0 {
            let stored_depth = ((entry.packed >> 40) & 0xFF) as u32;
            hint_index = ((entry.packed >> 50) & 511) as usize;
            if stored_depth >= depth && ply > 0 {
                let kind = (entry.packed >> 48) & 3;
                let s = entry.score;
                if kind == EXACT || (kind == LOWER && s >= beta) || (kind == UPPER && s <= alpha) {
                    return s;
                }
            }
        }

        if depth == 0 {
            // The horizon: a win in one still counts, otherwise the static guess.
            return if pos.can_win_now() {
                WIN
            } else {
                evaluate(pos)
            };
        }

        if self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(288));
        }
        let mut kids = std::mem::take(&mut self.lists[ply]);
        pos.children_into(&mut kids, true);
        if let Some(win) = kids.first().filter(|c| c.after == After::Win) {
            *best_out = Some(win.mv);
            self.lists[ply] = kids;
            return WIN;
        }
        let alpha0 = alpha;
        let mut best_score = -WIN - 1;
        let mut best_index = usize::MAX;
        // Settled children first (ties), then the table's move, then the rest ordered by the
        // evaluation when deep enough to be worth it.
        let mut order: Vec<(i32, usize)> = Vec::with_capacity(kids.len());
        for (i, kid) in kids.iter().enumerate() {
            let key = match kid.after {
                After::Win => unreachable!("a win returned above"),
                After::Tie => i32::MIN + 1,
                After::Loss => i32::MAX,
                After::Open(_) if i == hint_index => i32::MIN + 2,
                After::Open(next) if depth >= 2 => evaluate(next),
                After::Open(_) => 0,
            };
            order.push((key, i));
        }
        order.sort_unstable();
        for &(_, i) in &order {
            let kid = kids[i];
            let score = match kid.after {
                After::Win => WIN,
                After::Tie => 0,
                After::Loss => -WIN,
                After::Open(next) => {
                    let mut ignored = None;
                    -self.node(next, depth - 1, -beta, -alpha, ply + 1, &mut ignored)
                }
            };
            if self.aborted {
                self.lists[ply] = kids;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_index = i;
                *best_out = Some(kid.mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let kind = if best_score <= alpha0 {
            UPPER
        } else if best_score >= beta {
            LOWER
        } else {
            EXACT
        };
        let index = if best_index < 511 {
            best_index as u64
        } else {
            511
        };
        self.table[slot] = Entry {
            me: pos.me,
            packed: pos.you | u64::from(depth) << 40 | kind << 48 | index << 50,
            score: best_score,
        };
        self.lists[ply] = kids;
        best_score
    }
}
