//! The search: iterative-deepening principal-variation alpha-beta over [`Position`]s with a
//! Zobrist-keyed transposition table, move ordering (table move, captures, killers, history),
//! a one-ply extension when the side to move has a single move (usually a forced capture),
//! late move reductions and hanging moves ordered last for Master
//! ([`Searcher::with_reductions`], [`Searcher::with_hanging_last`]) and a quiescence search
//! that plays out captures before evaluating.
//!
//! Pure: it stops when its node budget is spent or its cancel flag is raised, never by a clock.

use std::sync::atomic::{AtomicBool, Ordering};

use super::board::{EngineMove, MoveList, Position};
use super::eval::evaluate;
use crate::games::checkers::endgame::database::Database;
use crate::games::checkers::endgame::solve::Wdl;

/// A static evaluation: the plain one or Master's ([`super::eval`]).
pub type Evaluation = fn(&Position) -> i32;

/// A won game outweighs any evaluation (which stays within a few thousand).
pub const WIN: i32 = 20_000;
/// Beyond any score.
const INFINITY: i32 = 30_000;
/// Scores beyond this are wins or losses found by the search.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// A win the endgame database proves, less the plies the search took to reach it (so the
/// search heads for it instead of putting it off); below any win the search sees to the end.
pub const DATABASE_WIN: i32 = WIN - 2_000;
/// Scores beyond this (and up to [`WIN_BOUND`]) are wins or losses the database proves.
const DATABASE_BOUND: i32 = WIN - 3_000;
/// The deepest ply the search goes (extensions and quiescence included).
const MAX_PLY: usize = 128;
/// Plies without a capture or pawn move after which the game is drawn (the rules' limit).
const DRAW_PLIES: u8 = crate::games::checkers::rules::DRAW_PLIES;

/// The number of plies to the end of a won or lost game for a search score: positive when the
/// side to move wins, negative when it loses; `None` for an ordinary evaluation.
pub const fn win_in(score: i32) -> Option<i32> {
    if score > WIN_BOUND {
        Some(WIN - score)
    } else if score < -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// The database's result behind a search score: `Some(true)` for a win the database proves,
/// `Some(false)` for a loss, `None` otherwise (an evaluation, or a win seen to the end, which
/// [`win_in`] tells).
pub const fn database_result(score: i32) -> Option<bool> {
    if score > DATABASE_BOUND && score <= WIN_BOUND {
        Some(true)
    } else if score < -DATABASE_BOUND && score >= -WIN_BOUND {
        Some(false)
    } else {
        None
    }
}

/// Zobrist keys: one per (black pawn, white pawn, black king, white king) and square.
static KEYS: [[u64; 32]; 4] = zobrist_keys();
/// Mixed in when black is to move.
const BLACK_TO_MOVE: u64 = 0x9E37_79B9_7F4A_7C15;

const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_keys() -> [[u64; 32]; 4] {
    let mut keys = [[0; 32]; 4];
    let mut i = 0;
    while i < 128 {
        keys[i / 32][i % 32] = splitmix(
            (i as u64)
                .wrapping_mul(0x1234_5678_9ABC_DEF1)
                .wrapping_add(7),
        );
        i += 1;
    }
    keys
}

/// The Zobrist key of a position (pieces and side to move; not the draw counter).
pub fn hash(pos: &Position) -> u64 {
    let mut h = if pos.black_to_move { BLACK_TO_MOVE } else { 0 };
    let sets = [
        pos.black & !pos.kings,
        pos.white & !pos.kings,
        pos.black & pos.kings,
        pos.white & pos.kings,
    ];
    for (kind, mut bits) in sets.into_iter().enumerate() {
        while bits != 0 {
            h ^= KEYS[kind][bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
    }
    h
}

/// A move packed into a `u64` for the table and the killers (0 is no move: a real move always
/// differs in `from` and `to` or jumps).
fn pack(m: &EngineMove) -> u64 {
    1 | (u64::from(m.from) << 1)
        | (u64::from(m.to) << 6)
        | (u64::from(m.jumps) << 11)
        | (u64::from(m.dirs) << 16)
}

/// What a table entry's score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    best: u64,
    score: i16,
    depth: i8,
    bound: Bound,
}

/// The transposition table: one entry per slot, replaced when the new search is as deep.
struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Self {
            entries: vec![None; size],
            mask: size - 1,
        }
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.is_none_or(|old| old.key != entry.key || old.depth <= entry.depth) {
            *slot = Some(entry);
        }
    }
}

/// A win found `ply` plies from the root is worth more the sooner it comes; the table stores
/// it relative to the position, so it is moved by `ply` on the way in and out.
fn to_table(score: i32, ply: usize) -> i16 {
    let s = if score > DATABASE_BOUND {
        score + ply as i32
    } else if score < -DATABASE_BOUND {
        score - ply as i32
    } else {
        score
    };
    s as i16
}

fn from_table(score: i16, ply: usize) -> i32 {
    let s = i32::from(score);
    if s > DATABASE_BOUND {
        s - ply as i32
    } else if s < -DATABASE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The result of a search: the move to play and its value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best move found.
    pub best: EngineMove,
    /// Its score, hundredths of a pawn; beyond ±19000 a forced win or loss.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
}

/// One search's state: the table, the counters that stop it, and the ordering heuristics.
pub struct Searcher<'a> {
    table: Table,
    forced_capture: bool,
    /// Nodes visited so far (all iterations).
    pub nodes: u64,
    budget: u64,
    cancel: &'a AtomicBool,
    aborted: bool,
    killers: [[u64; 2]; MAX_PLY],
    history: Box<[[u32; 32]; 32]>,
    lists: Vec<MoveList>,
    evaluation: Evaluation,
    /// Whether late quiet moves are searched a ply shallower first (Master's search).
    reductions: bool,
    /// Whether quiet moves that let the opponent capture are ordered after the others
    /// (Master's search).
    hanging_last: bool,
    /// The endgame database, probed at every node it covers (Master's search, compulsory
    /// capture only).
    endgame: Option<&'static Database>,
}

impl<'a> Searcher<'a> {
    /// A searcher with a `2^table_bits`-entry table that stops after `budget` nodes or when
    /// `cancel` is raised.
    pub fn new(table_bits: u32, budget: u64, forced_capture: bool, cancel: &'a AtomicBool) -> Self {
        Self {
            table: Table::new(table_bits),
            forced_capture,
            nodes: 0,
            budget,
            cancel,
            aborted: false,
            killers: [[0; 2]; MAX_PLY],
            history: Box::new([[0; 32]; 32]),
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            evaluation: evaluate,
            reductions: false,
            hanging_last: false,
            endgame: None,
        }
    }

    /// The same searcher taking the result of every position of few enough pieces from the
    /// endgame database ([`crate::games::checkers::endgame`]) instead of searching it. Only
    /// under compulsory capture, the database's rules; otherwise unchanged.
    ///
    /// The database's results leave the draw rule aside, which is exact where the counter
    /// has just been reset (no database position is more than 80 plies from its next
    /// conversion, `endgame::play`), so only such positions are probed: a search from a
    /// position the database does not cover enters it by a capture, which resets the counter.
    /// Positions the database covers are played from it directly, not searched.
    #[must_use]
    pub fn with_endgame(mut self) -> Self {
        if self.forced_capture {
            self.endgame = crate::games::checkers::endgame::play::shipped();
        }
        self
    }

    /// The database's score for `pos`, if it covers it and the draw counter has just been
    /// reset (where the database's result is the game's): a win less the ply it is met at, a
    /// draw, or a loss.
    #[inline]
    fn probe(&self, pos: &Position, ply: usize) -> Option<i32> {
        let db = self.endgame?;
        if pos.quiet_plies != 0 || !db.covers(pos) {
            return None;
        }
        Some(match db.wdl(pos)? {
            Wdl::Win => DATABASE_WIN - ply as i32,
            Wdl::Draw => 0,
            Wdl::Loss => -DATABASE_WIN + ply as i32,
        })
    }

    /// The same searcher with late move reductions: in a quiet position, steps ordered after
    /// the table move and the killers are first searched a ply shallower (two from the sixth
    /// move on), and searched again at full depth only if they beat alpha. The budget then
    /// goes deeper on the lines that matter.
    #[must_use]
    pub fn with_reductions(mut self) -> Self {
        self.reductions = true;
        self
    }

    /// The same searcher ordering quiet moves that hang a piece (after them the opponent has
    /// a capture) after the quiet moves that do not, each group by history, instead of by
    /// history alone (the table's move and the killers keep their places). Such a move is seldom the best (a sacrifice is the exception, and it is
    /// still searched), so the cut-offs come sooner and the reductions fall on it: worth about
    /// two points of Master's wins against Strong over 2 000 games (`docs/BENCHMARKS.md`).
    #[must_use]
    pub fn with_hanging_last(mut self) -> Self {
        self.hanging_last = true;
        self
    }

    /// The same searcher judging quiet positions with `evaluation` instead of the plain
    /// [`evaluate`].
    #[must_use]
    pub fn with_evaluation(mut self, evaluation: Evaluation) -> Self {
        self.evaluation = evaluation;
        self
    }

    /// Whether the last search stopped early (budget or cancel).
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The line the table expects after `first` (which it starts with): each position's
    /// stored best move while that move is legal there and no position repeats, at most 64
    /// moves. Call after [`Searcher::iterate`] on `pos`.
    pub fn principal_variation(&self, pos: &Position, first: EngineMove) -> Vec<EngineMove> {
        let mut line = vec![first];
        let mut now = pos.play(&first);
        let mut seen = vec![hash(pos), hash(&now)];
        let mut moves = Vec::new();
        while line.len() < 64 {
            let Some(entry) = self.table.probe(hash(&now)) else {
                break;
            };
            now.generate(self.forced_capture, &mut moves);
            let Some(&m) = moves.iter().find(|m| pack(m) == entry.best) else {
                break;
            };
            line.push(m);
            now = now.play(&m);
            let key = hash(&now);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
        }
        line
    }

    /// Counts a node; true when the search must stop.
    #[inline]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget
            || (self.nodes.trailing_zeros() >= 10 && self.cancel.load(Ordering::Relaxed))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Searches deeper and deeper up to `max_depth` plies; `noise` adds a random amount to
    /// each root move's score (weak levels), and with it every root move gets an exact score.
    /// `None` only when the side to move has no move.
    pub fn iterate(
        &mut self,
        pos: &Position,
        max_depth: u32,
        noise: &mut dyn FnMut() -> i32,
    ) -> Option<Found> {
        self.aborted = false;
        let mut root = Vec::new();
        pos.generate(self.forced_capture, &mut root);
        let first = *root.first()?;
        if root.len() == 1 {
            return Some(Found {
                best: first,
                score: 0,
                depth: 0,
            });
        }
        let noises: Vec<i32> = root.iter().map(|_| noise()).collect();
        let exact_root = noises.iter().any(|&n| n != 0);
        // Moves with their noise, best of the last iteration first.
        let mut order: Vec<(EngineMove, i32)> = root.into_iter().zip(noises).collect();
        let mut found: Option<Found> = None;
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -INFINITY;
            let mut best: Option<(usize, i32)> = None;
            for (i, &(m, n)) in order.iter().enumerate() {
                let child = pos.play(&m);
                let d = depth as i32 - 1;
                let score = if exact_root || i == 0 {
                    -self.negamax(&child, d, -INFINITY, INFINITY, 1)
                } else {
                    let probe = -self.negamax(&child, d, -alpha - 1, -alpha, 1);
                    if probe > alpha && !self.aborted {
                        -self.negamax(&child, d, -INFINITY, -alpha, 1)
                    } else {
                        probe
                    }
                };
                if self.aborted {
                    break;
                }
                let score = score + n;
                if score > alpha {
                    alpha = score;
                    best = Some((i, score));
                }
            }
            if let Some((i, score)) = best {
                // A partial iteration's best is sound too: the last best move was searched
                // first and fully, and any other move only replaced it by beating it.
                let m = order.remove(i);
                order.insert(0, m);
                found = Some(Found {
                    best: m.0,
                    score: score - m.1,
                    depth: if self.aborted { depth - 1 } else { depth },
                });
            }
            if self.aborted {
                break;
            }
            // A forced win or loss found (or proved by the database): deeper search will not
            // change the move.
            if alpha.abs() > DATABASE_BOUND {
                break;
            }
        }
        found.or(Some(Found {
            best: first,
            score: 0,
            depth: 0,
        }))
    }

    /// Every root move of `pos` with its own score searched `depth` plies deep (full window,
    /// so each score is exact for that depth, not just a bound), in generation order: the
    /// analysis strip's values. `None` when stopped before every move was scored.
    pub fn move_scores(&mut self, pos: &Position, depth: u32) -> Option<Vec<(EngineMove, i32)>> {
        self.aborted = false;
        let mut root = Vec::new();
        pos.generate(self.forced_capture, &mut root);
        let mut scores = Vec::with_capacity(root.len());
        for m in root {
            let child = pos.play(&m);
            let score = -self.negamax(&child, depth as i32 - 1, -INFINITY, INFINITY, 1);
            if self.aborted {
                return None;
            }
            scores.push((m, score));
        }
        Some(scores)
    }

    /// The negamax value of `pos` searched `depth` plies deep (then quiescence), within
    /// (`alpha`, `beta`).
    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return (self.evaluation)(pos);
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        pos.generate(self.forced_capture, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return -WIN + ply as i32;
        }
        if pos.quiet_plies >= DRAW_PLIES {
            self.lists[ply] = moves;
            return 0;
        }
        let key = hash(pos);
        let mut table_move = 0;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    self.lists[ply] = moves;
                    return score;
                }
            }
        }
        // What this node's result is worth in the table: `depth` plies, its children being
        // searched one ply less (or as deep when the move is forced, the extension).
        let searched = depth;
        let depth = if moves.len() == 1 { depth } else { depth - 1 };
        self.order(pos, &mut moves, table_move, ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = moves[0];
        for (i, m) in moves.iter().enumerate() {
            let child = pos.play(m);
            let score = if i == 0 {
                -self.negamax(&child, depth, -beta, -alpha, ply + 1)
            } else {
                let reduction = self.reduction(pos, m, &child, i, depth);
                let mut probe = alpha + 1;
                if reduction > 0 {
                    probe = -self.negamax(&child, depth - reduction, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && !self.aborted {
                    probe = -self.negamax(&child, depth, -alpha - 1, -alpha, ply + 1);
                }
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(&child, depth, -beta, -alpha, ply + 1)
                } else {
                    probe
                }
            };
            if self.aborted {
                self.lists[ply] = moves;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = *m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !m.is_capture() {
                    let packed = pack(m);
                    let k = &mut self.killers[ply];
                    if k[0] != packed {
                        k[1] = k[0];
                        k[0] = packed;
                    }
                    let h = &mut self.history[m.from as usize][m.to as usize];
                    *h = h.saturating_add((depth * depth) as u32 + 1);
                }
                break;
            }
        }
        self.lists[ply] = moves;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            best: pack(&best_move),
            score: to_table(best_score, ply),
            depth: searched.clamp(0, 100) as i8,
            bound,
        });
        best_score
    }

    /// How many plies shorter the `i`-th move `m` of `pos` (leading to `child`) is searched first, with
    /// `depth` plies left after it; 0 unless reductions are on.
    fn reduction(
        &self,
        pos: &Position,
        m: &EngineMove,
        child: &Position,
        i: usize,
        depth: i32,
    ) -> i32 {
        if !self.reductions || depth < 2 || i < 3 || m.is_capture() || child.has_capture() {
            return 0;
        }
        // A crowning step changes too much to look at lightly.
        if pos.kings & (1 << m.from) == 0 && child.kings & (1 << m.to) != 0 {
            return 0;
        }
        if i >= 5 && depth >= 3 { 2 } else { 1 }
    }

    /// Plays out captures until the position is quiet, then evaluates. Under compulsory
    /// capture the side to move cannot decline, so there is no standing pat while a capture
    /// is on; under free capture it may.
    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if ply >= MAX_PLY - 1 {
            return (self.evaluation)(pos);
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if !pos.has_capture() {
            let mut scratch = std::mem::take(&mut self.lists[ply]);
            let any = pos.count_moves(true, &mut scratch) > 0;
            self.lists[ply] = scratch;
            return if any {
                (self.evaluation)(pos)
            } else {
                -WIN + ply as i32
            };
        }
        let mut best = -INFINITY;
        if !self.forced_capture {
            best = (self.evaluation)(pos);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let mut moves = std::mem::take(&mut self.lists[ply]);
        moves.clear();
        pos.generate_jumps(&mut moves);
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.jumps));
        for m in &moves {
            if self.tick() {
                break;
            }
            let score = -self.quiesce(&pos.play(m), -beta, -alpha, ply + 1);
            if self.aborted {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.lists[ply] = moves;
        best
    }

    /// Sorts the moves of `pos` best-first: the table's move, captures (more pieces first),
    /// the killers of this ply, then the other quiet moves by history; with
    /// [`Searcher::with_hanging_last`] those other quiet moves that let the opponent capture
    /// come after those that do not (a stable sort, so equal moves keep the generator's order).
    fn order(&self, pos: &Position, moves: &mut MoveList, table_move: u64, ply: usize) {
        let killers = self.killers[ply];
        let key = |m: &EngineMove| -> i64 {
            let packed = pack(m);
            if packed == table_move {
                1 << 40
            } else if m.is_capture() {
                (1 << 36) + i64::from(m.jumps)
            } else if packed == killers[0] {
                1 << 34
            } else if packed == killers[1] {
                1 << 33
            } else {
                let history = i64::from(self.history[m.from as usize][m.to as usize]);
                // History is a u32, so a hanging move falls below every safe one.
                if self.hanging_last && pos.play(m).has_capture() {
                    history - (1 << 32)
                } else {
                    history
                }
            }
        };
        if self.hanging_last {
            moves.sort_by_cached_key(|m| std::cmp::Reverse(key(m)));
        } else {
            moves.sort_unstable_by_key(|m| std::cmp::Reverse(key(m)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_tells_sides_and_kings_apart() {
        let start = Position::start();
        let mut other = start;
        other.black_to_move = false;
        assert_ne!(hash(&start), hash(&other));
        let mut king = start;
        king.kings = 1 << 0;
        assert_ne!(hash(&start), hash(&king));
    }

    #[test]
    fn a_node_is_stored_with_the_depth_it_was_searched_to() {
        // A root child of a three-ply iteration is searched two plies deep (it has several
        // moves, so no extension): the table must say two, or a later probe wanting two
        // plies cannot use it.
        let never = AtomicBool::new(false);
        let start = Position::start();
        let mut searcher = Searcher::new(16, u64::MAX, true, &never);
        assert!(searcher.iterate(&start, 3, &mut || 0).is_some());
        let mut moves = Vec::new();
        start.generate(true, &mut moves);
        for m in &moves {
            let entry = searcher.table.probe(hash(&start.play(m)));
            assert_eq!(entry.map(|e| e.depth), Some(2), "after {m:?}");
        }
    }

    #[test]
    fn hanging_moves_come_after_the_safe_ones() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let never = AtomicBool::new(false);
        let searcher = Searcher::new(12, 1, true, &never).with_hanging_last();
        let hangs = |pos: &Position, m: &EngineMove| !m.is_capture() && pos.play(m).has_capture();
        let mut rng = SmallRng::seed_from_u64(5);
        let mut mixed = 0;
        for _ in 0..40 {
            let mut pos = Position::start();
            let mut moves = Vec::new();
            for _ in 0..30 {
                pos.generate(true, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mut ordered = moves.clone();
                searcher.order(&pos, &mut ordered, 0, 1);
                let first_hanging = ordered.iter().position(|m| hangs(&pos, m));
                if let Some(at) = first_hanging {
                    mixed += usize::from(at > 0);
                    assert!(ordered[at..].iter().all(|m| hangs(&pos, m)), "{pos:?}");
                }
                let mut a = ordered.iter().map(pack).collect::<Vec<_>>();
                let mut b = moves.iter().map(pack).collect::<Vec<_>>();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "the same moves, reordered");
                pos = pos.play(&moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(mixed > 20, "positions with safe and hanging moves: {mixed}");
    }

    #[test]
    fn packing_keeps_distinct_paths_distinct() {
        let a = EngineMove {
            from: 9,
            to: 9,
            jumps: 4,
            dirs: 0b00_10_11_01,
            captured: 0xF,
        };
        let b = EngineMove {
            dirs: 0b01_11_10_00,
            ..a
        };
        assert_ne!(pack(&a), pack(&b));
        assert_ne!(pack(&a), 0);
    }
}
