//! Completion search: can this board still become a magic square, how many ways, and which
//! placement keeps it possible. Behind the screen's Hint (`h`) and Solve.
//!
//! A depth-first search over the empty squares with constraint propagation, on the pieces'
//! offsets from the lowest one (`0 ..= n²-1`, so the target is `n(n²−1)/2` whatever MIN is and
//! nothing can overflow):
//!
//! - a line with one empty square forces its value (`target - sum`), which must be unused;
//! - a line with `k` empty squares needs a remainder between the sums of the `k` smallest and
//!   the `k` largest unused pieces;
//! - so each empty square has a range of possible values per line through it; the square with
//!   the fewest unused pieces in range is branched on next, and one with a single candidate is
//!   filled at once.
//!
//! 3×3 and 4×4 are settled in milliseconds (every 4×4 square is enumerated in well under a
//! second), 5×5 usually within thousands of nodes; beyond that the node budget (and a cancel
//! flag for a search on another thread) bounds the work and the answer may be "undecided".

use std::sync::atomic::{AtomicBool, Ordering};

use super::rules::{MagicSquare, Placement};

/// Nodes an interactive hint or solve may spend: about a second at the test/release
/// optimisation level, enough for most 5×5 boards.
pub const INTERACTIVE_NODES: u64 = 1_000_000;

/// How much work a search may do before it gives up with "undecided".
#[derive(Debug, Clone, Copy)]
pub struct Budget<'a> {
    /// Search nodes (placements tried) allowed.
    pub nodes: u64,
    /// Set from another thread to stop the search early (answers "undecided").
    pub cancel: Option<&'a AtomicBool>,
}

impl Budget<'_> {
    /// A budget of `nodes` search nodes, without a cancel flag.
    pub fn nodes(nodes: u64) -> Self {
        Self {
            nodes,
            cancel: None,
        }
    }

    /// No limit: only for boards known to be small (3×3, 4×4) or in tests.
    pub fn unlimited() -> Self {
        Self::nodes(u64::MAX)
    }
}

/// The hint's verdict on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintAnswer {
    /// The board can still become a magic square, and after this placement it still can.
    Completable(Placement),
    /// No way of filling the empty squares makes the board magic (always so for size 2).
    Impossible,
    /// The board is already full and magic; nothing is left to place.
    Solved,
    /// The budget ran out (or the search was cancelled) before an answer was found.
    Undecided,
}

/// What Solve found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveAnswer {
    /// Placements that complete the board into a magic square, in the order to play them
    /// (empty when the board is already solved).
    Solution(Vec<Placement>),
    /// No completion exists.
    Impossible,
    /// The budget ran out (or the search was cancelled) first.
    Undecided,
}

#[cfg(test)]
/// How many ways the empty squares can be filled to make a magic square, counting at most
/// `limit` (the search stops there). A full magic board has exactly one completion: itself.
/// Unbounded work: use it on boards the caller knows to be small.
pub fn count_completions(state: &MagicSquare, limit: u64) -> u64 {
    let mut count = 0;
    if limit == 0 {
        return 0;
    }
    search(state, Budget::unlimited(), &mut |_| {
        count += 1;
        count < limit
    });
    count
}

/// Whether the board can still be completed and, if so, one placement that keeps it so: the
/// first square the search fills (the most constrained one) with its value in the completion
/// found.
pub fn hint(state: &MagicSquare, budget: Budget<'_>) -> HintAnswer {
    match solve(state, budget) {
        SolveAnswer::Solution(placements) => match placements.first() {
            Some(&first) => HintAnswer::Completable(first),
            None => HintAnswer::Solved,
        },
        SolveAnswer::Impossible => HintAnswer::Impossible,
        SolveAnswer::Undecided => HintAnswer::Undecided,
    }
}

/// One completion of the board as placements to play, if there is one within the budget.
pub fn solve(state: &MagicSquare, budget: Budget<'_>) -> SolveAnswer {
    match find_one(state, budget) {
        Ok(Some(board)) => SolveAnswer::Solution(board.placements(state)),
        Ok(None) => SolveAnswer::Impossible,
        Err(OutOfBudget) => SolveAnswer::Undecided,
    }
}

/// Every completion of the board, for tests that need the squares themselves.
#[cfg(test)]
fn completions(state: &MagicSquare, limit: usize) -> Vec<MagicSquare> {
    use crate::core::Rules;
    let mut out = Vec::new();
    search(state, Budget::unlimited(), &mut |board| {
        let mut full = state.clone();
        for p in board.placements(state) {
            full.play(&p).expect("solver placements are legal");
        }
        out.push(full);
        out.len() < limit
    });
    out
}

const MAX_CELLS: usize = 81;
const MAX_LINES: usize = 20;
const EMPTY: u8 = u8::MAX;

/// The board's lines as square indices, shared by every node of one search.
struct Geometry {
    cells: usize,
    /// The magic sum of the offsets `0 ..= n²-1`.
    target: i32,
    /// Offsets `0 ..= n²-1` as bits.
    all: u128,
    line_cells: Vec<Vec<usize>>,
    cell_lines: Vec<Vec<usize>>,
}

impl Geometry {
    fn new(n: usize) -> Self {
        let mut line_cells: Vec<Vec<usize>> = Vec::new();
        for y in 0..n {
            line_cells.push((0..n).map(|x| y * n + x).collect());
        }
        for x in 0..n {
            line_cells.push((0..n).map(|y| y * n + x).collect());
        }
        line_cells.push((0..n).map(|i| i * n + i).collect());
        line_cells.push((0..n).map(|i| (n - 1 - i) * n + i).collect());
        let cells = n * n;
        let mut cell_lines = vec![Vec::new(); cells];
        for (l, squares) in line_cells.iter().enumerate() {
            for &c in squares {
                cell_lines[c].push(l);
            }
        }
        let count = cells as i32;
        Self {
            cells,
            target: n as i32 * (count - 1) / 2,
            // At most 81 squares, so the shift stays inside 128 bits.
            all: (1_u128 << cells) - 1,
            line_cells,
            cell_lines,
        }
    }

    fn lines(&self) -> usize {
        self.line_cells.len()
    }
}

/// One search node: offsets on the squares, line sums and free counts, unused pieces, and the
/// squares filled by the search in order (for the hint and Solve).
#[derive(Clone)]
struct Board {
    cells: [u8; MAX_CELLS],
    sum: [i32; MAX_LINES],
    empty: [u8; MAX_LINES],
    used: u128,
    filled: usize,
    order: [u8; MAX_CELLS],
    placed: usize,
}

impl Board {
    /// The state's board, or `None` when a full line already misses the target.
    fn from_state(geo: &Geometry, state: &MagicSquare) -> Option<Self> {
        let n = state.size();
        let mut board = Self {
            cells: [EMPTY; MAX_CELLS],
            sum: [0; MAX_LINES],
            empty: [0; MAX_LINES],
            used: 0,
            filled: 0,
            order: [0; MAX_CELLS],
            placed: 0,
        };
        for (l, squares) in geo.line_cells.iter().enumerate() {
            board.empty[l] = squares.len() as u8;
        }
        for y in 0..n {
            for x in 0..n {
                if let Some(value) = state.get(x, y) {
                    // In range by the state's invariant, so the offset is below n² <= 81.
                    let offset = (value - state.min()) as u8;
                    let cell = usize::from(y) * usize::from(n) + usize::from(x);
                    if !board.place(geo, cell, offset) {
                        return None;
                    }
                }
            }
        }
        board.placed = 0;
        Some(board)
    }

    /// Puts `v` on `cell`; false when that completes a line off target.
    fn place(&mut self, geo: &Geometry, cell: usize, v: u8) -> bool {
        self.cells[cell] = v;
        self.used |= 1 << v;
        self.filled += 1;
        self.order[self.placed] = cell as u8;
        self.placed += 1;
        let mut ok = true;
        for &l in &geo.cell_lines[cell] {
            self.sum[l] += i32::from(v);
            self.empty[l] -= 1;
            if self.empty[l] == 0 && self.sum[l] != geo.target {
                ok = false;
            }
        }
        ok
    }

    /// The search's placements, as moves on `state`.
    fn placements(&self, state: &MagicSquare) -> Vec<Placement> {
        let n = usize::from(state.size());
        self.order[..self.placed]
            .iter()
            .map(|&cell| {
                let cell = usize::from(cell);
                Placement {
                    value: state.min() + i64::from(self.cells[cell]),
                    x: (cell % n) as u8,
                    y: (cell / n) as u8,
                }
            })
            .collect()
    }
}

/// Sums of the `k` smallest and `k` largest unused offsets, for every `k`.
struct Extremes {
    low: [i32; MAX_CELLS + 1],
    high: [i32; MAX_CELLS + 1],
}

impl Extremes {
    fn of(free: u128) -> Self {
        let mut low = [0; MAX_CELLS + 1];
        let mut high = [0; MAX_CELLS + 1];
        let mut values = [0_i32; MAX_CELLS];
        let mut count = 0;
        let mut bits = free;
        while bits != 0 {
            values[count] = bits.trailing_zeros() as i32;
            bits &= bits - 1;
            count += 1;
        }
        for k in 1..=count {
            low[k] = low[k - 1] + values[k - 1];
            high[k] = high[k - 1] + values[count - k];
        }
        Self { low, high }
    }
}

/// Bits `lo ..= hi` (both within `0 ..= 127`).
fn range_mask(lo: i32, hi: i32) -> u128 {
    let upper = if hi >= 127 {
        u128::MAX
    } else {
        (1_u128 << (hi + 1)) - 1
    };
    upper & !((1_u128 << lo) - 1)
}

enum Flow {
    Continue,
    Stop,
    OutOfBudget,
}

struct Search<'a, 'b> {
    geo: &'a Geometry,
    budget: Budget<'b>,
    nodes: u64,
    /// Random state for shuffling candidates, `None` for ascending order.
    shuffle: Option<u64>,
}

#[cfg(test)]
/// Runs the search, calling `on_solution` with each completed board until it returns false.
/// Returns true when the whole space was searched (not stopped by the budget nor the callback).
fn search(
    state: &MagicSquare,
    budget: Budget<'_>,
    on_solution: &mut dyn FnMut(&Board) -> bool,
) -> bool {
    let geo = Geometry::new(usize::from(state.size()));
    let Some(board) = Board::from_state(&geo, state) else {
        return true;
    };
    let mut search = Search {
        geo: &geo,
        budget,
        nodes: 0,
        shuffle: None,
    };
    matches!(search.node(board, on_solution), Flow::Continue)
}

/// Nodes of the first, deterministic attempt of [`solve`]; later attempts grow by half each.
const FIRST_ATTEMPT_NODES: u64 = 20_000;

/// Looks for one completion with restarts: a depth-first search that goes wrong near the root
/// can waste any budget on large boards, so after a first deterministic attempt the search
/// starts over with the candidate order shuffled (seeded, so answers are reproducible) and a
/// growing node allowance. Every attempt is complete on its own, so one that runs out of
/// candidates without finding a square proves there is none.
fn find_one(state: &MagicSquare, budget: Budget<'_>) -> Result<Option<Board>, OutOfBudget> {
    let geo = Geometry::new(usize::from(state.size()));
    let Some(board) = Board::from_state(&geo, state) else {
        return Ok(None);
    };
    let mut spent = 0_u64;
    let mut allowance = FIRST_ATTEMPT_NODES;
    let mut shuffle = None;
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    while spent < budget.nodes {
        let nodes = allowance.min(budget.nodes - spent);
        let mut search = Search {
            geo: &geo,
            budget: Budget {
                nodes,
                cancel: budget.cancel,
            },
            nodes: 0,
            shuffle,
        };
        let mut found = None;
        let flow = search.node(board.clone(), &mut |b| {
            found = Some(b.clone());
            false
        });
        match flow {
            Flow::Stop => return Ok(found),
            Flow::Continue => return Ok(None),
            Flow::OutOfBudget => {}
        }
        if budget
            .cancel
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            break;
        }
        spent += nodes;
        allowance += allowance / 2;
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        shuffle = Some(seed | 1);
    }
    Err(OutOfBudget)
}

/// The budget ran out (or the search was cancelled) before an answer.
struct OutOfBudget;

impl Search<'_, '_> {
    fn node(&mut self, mut board: Board, on_solution: &mut dyn FnMut(&Board) -> bool) -> Flow {
        self.nodes += 1;
        if self.nodes > self.budget.nodes {
            return Flow::OutOfBudget;
        }
        if self.nodes % 4096 == 1
            && self
                .budget
                .cancel
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Flow::OutOfBudget;
        }
        let Some((cell, domain)) = self.narrow(&mut board) else {
            return Flow::Continue;
        };
        if board.filled == self.geo.cells {
            return if on_solution(&board) {
                Flow::Continue
            } else {
                Flow::Stop
            };
        }
        let mut candidates = [0_u8; MAX_CELLS];
        let mut count = 0;
        let mut bits = domain;
        while bits != 0 {
            candidates[count] = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            count += 1;
        }
        if let Some(state) = self.shuffle.as_mut() {
            for i in (1..count).rev() {
                // xorshift64: cheap, and the order only needs to vary between attempts.
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                candidates.swap(i, (*state % (i as u64 + 1)) as usize);
            }
        }
        for &v in &candidates[..count] {
            let mut child = board.clone();
            if child.place(self.geo, cell, v) {
                match self.node(child, on_solution) {
                    Flow::Continue => {}
                    stop => return stop,
                }
            }
        }
        Flow::Continue
    }

    /// Propagates forced values, then picks the empty square with the fewest candidates.
    /// `None` for a dead end; on a full board the square returned is meaningless.
    fn narrow(&self, board: &mut Board) -> Option<(usize, u128)> {
        let geo = self.geo;
        loop {
            if !self.fill_last_squares(board) {
                return None;
            }
            if board.filled == geo.cells {
                return Some((0, 0));
            }
            let free = geo.all & !board.used;
            let extremes = Extremes::of(free);
            for l in 0..geo.lines() {
                let k = usize::from(board.empty[l]);
                let need = geo.target - board.sum[l];
                if k >= 2 && (need < extremes.low[k] || need > extremes.high[k]) {
                    return None;
                }
            }
            let mut best: Option<(usize, u128, u32)> = None;
            for cell in 0..geo.cells {
                if board.cells[cell] != EMPTY {
                    continue;
                }
                let domain = self.domain(board, &extremes, free, cell);
                let size = domain.count_ones();
                if size == 0 {
                    return None;
                }
                if best.is_none_or(|(_, _, s)| size < s) {
                    best = Some((cell, domain, size));
                    if size == 1 {
                        break;
                    }
                }
            }
            let (cell, domain, size) = best.expect("the board is not full");
            if size > 1 {
                return Some((cell, domain));
            }
            // A single candidate: fill it and propagate again.
            if !board.place(geo, cell, domain.trailing_zeros() as u8) {
                return None;
            }
        }
    }

    /// Fills every line that has one empty square left; false on a contradiction.
    fn fill_last_squares(&self, board: &mut Board) -> bool {
        let geo = self.geo;
        loop {
            let mut changed = false;
            for l in 0..geo.lines() {
                if board.empty[l] != 1 {
                    continue;
                }
                let need = geo.target - board.sum[l];
                if need < 0 || need >= geo.cells as i32 || board.used & (1 << need) != 0 {
                    return false;
                }
                let cell = geo.line_cells[l]
                    .iter()
                    .copied()
                    .find(|&c| board.cells[c] == EMPTY)
                    .expect("the line has one empty square");
                if !board.place(geo, cell, need as u8) {
                    return false;
                }
                changed = true;
            }
            if !changed {
                return true;
            }
        }
    }

    /// The unused offsets that fit every line through `cell`.
    fn domain(&self, board: &Board, extremes: &Extremes, free: u128, cell: usize) -> u128 {
        let geo = self.geo;
        let mut lo = 0;
        let mut hi = geo.cells as i32 - 1;
        for &l in &geo.cell_lines[cell] {
            let others = usize::from(board.empty[l]) - 1;
            let need = geo.target - board.sum[l];
            // The other squares take at least the `others` smallest unused pieces and at most
            // the `others` largest (counting this one's candidate among them only loosens it).
            hi = hi.min(need - extremes.low[others]);
            lo = lo.max(need - extremes.high[others]);
        }
        if lo > hi {
            0
        } else {
            free & range_mask(lo, hi)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Rules};
    use crate::games::magic_square::rules::Params;
    use proptest::prelude::*;

    fn game(size: u8, min: i64) -> MagicSquare {
        MagicSquare::new(Params { size, min }).expect("valid")
    }

    #[test]
    fn order_three_has_eight_squares() {
        assert_eq!(count_completions(&game(3, 1), u64::MAX), 8);
        assert_eq!(count_completions(&game(3, -9), u64::MAX), 8);
        let squares = completions(&game(3, 1), 100);
        assert_eq!(squares.len(), 8);
        for s in &squares {
            assert_eq!(s.outcome(), Some(Outcome::Solved));
            assert_eq!(s.get(1, 1), Some(5));
        }
        let mut distinct = squares.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
    }

    #[test]
    fn order_four_has_7040_squares() {
        assert_eq!(count_completions(&game(4, 1), u64::MAX), 7040);
    }

    #[test]
    fn every_order_four_completion_is_magic_and_distinct() {
        let squares = completions(&game(4, -3), usize::MAX);
        assert_eq!(squares.len(), 7040);
        let mut seen = std::collections::HashSet::new();
        for s in squares {
            assert!(s.is_magic());
            assert!(seen.insert(s));
        }
    }

    #[test]
    fn the_limit_stops_counting() {
        assert_eq!(count_completions(&game(4, 1), 10), 10);
        assert_eq!(count_completions(&game(3, 1), 0), 0);
    }

    #[test]
    fn orders_one_and_two() {
        assert_eq!(count_completions(&game(1, 5), u64::MAX), 1);
        assert_eq!(count_completions(&game(2, 1), u64::MAX), 0);
        assert_eq!(
            hint(&game(2, 1), Budget::unlimited()),
            HintAnswer::Impossible
        );
        assert_eq!(
            solve(&game(2, -4), Budget::unlimited()),
            SolveAnswer::Impossible
        );
        assert_eq!(
            hint(&game(1, 5), Budget::unlimited()),
            HintAnswer::Completable(Placement {
                value: 5,
                x: 0,
                y: 0
            })
        );
    }

    #[test]
    fn full_boards() {
        let mut won = game(3, 1);
        for p in [
            (2, 0, 0),
            (7, 1, 0),
            (6, 2, 0),
            (9, 0, 1),
            (5, 1, 1),
            (1, 2, 1),
            (4, 0, 2),
            (3, 1, 2),
            (8, 2, 2),
        ] {
            won.play(&Placement {
                value: p.0,
                x: p.1,
                y: p.2,
            })
            .expect("legal");
        }
        assert_eq!(won.outcome(), Some(Outcome::Solved));
        assert_eq!(count_completions(&won, u64::MAX), 1);
        assert_eq!(hint(&won, Budget::unlimited()), HintAnswer::Solved);
        assert_eq!(
            solve(&won, Budget::unlimited()),
            SolveAnswer::Solution(vec![])
        );
    }

    #[test]
    fn solve_completes_larger_boards() {
        for size in 5_u8..=9 {
            let start = game(size, -7);
            let SolveAnswer::Solution(placements) = solve(&start, Budget::nodes(INTERACTIVE_NODES))
            else {
                panic!("no {size}×{size} square found within the budget");
            };
            let mut g = start;
            for p in &placements {
                g.play(p).expect("solver placements are legal");
            }
            assert_eq!(g.outcome(), Some(Outcome::Solved));
        }
    }

    #[test]
    fn a_tiny_budget_is_undecided_and_a_set_cancel_flag_stops() {
        assert_eq!(hint(&game(7, 1), Budget::nodes(3)), HintAnswer::Undecided);
        let cancel = AtomicBool::new(true);
        let mut budget = Budget {
            nodes: u64::MAX,
            cancel: Some(&cancel),
        };
        let mut g = game(5, 1);
        for (value, x, y) in [(1, 0, 0), (2, 1, 0), (3, 0, 1)] {
            g.play(&Placement { value, x, y }).expect("legal");
        }
        assert_eq!(solve(&g, budget), SolveAnswer::Undecided);
        cancel.store(false, Ordering::Relaxed);
        budget.nodes = INTERACTIVE_NODES;
        assert!(matches!(solve(&g, budget), SolveAnswer::Solution(_)));
    }

    /// Counts completions by trying every arrangement of the unused pieces.
    fn brute_force(state: &MagicSquare) -> u64 {
        let squares = state.empty_squares();
        let Some(&(x, y)) = squares.first() else {
            return u64::from(state.is_magic());
        };
        state
            .available()
            .into_iter()
            .map(|value| {
                let mut next = state.clone();
                next.play(&Placement { value, x, y }).expect("legal");
                brute_force(&next)
            })
            .sum()
    }

    /// A partial board: a random magic square with some squares emptied (often completable), or
    /// random placements (usually not).
    fn partial_board(
        size: u8,
        min: i64,
        from_square: bool,
        picks: &[usize],
        keep: usize,
    ) -> MagicSquare {
        let mut g = game(size, min);
        if from_square {
            let squares = completions(&g, 64);
            let square = &squares[picks[0] % squares.len()];
            let mut cells: Vec<(u8, u8)> = (0..size)
                .flat_map(|y| (0..size).map(move |x| (x, y)))
                .collect();
            let len = cells.len();
            for (i, pick) in picks.iter().enumerate().take(len) {
                cells.swap(i, i + pick % (len - i));
            }
            for &(x, y) in cells.iter().take(keep) {
                let value = square.get(x, y).expect("full square");
                g.play(&Placement { value, x, y }).expect("legal");
            }
        } else {
            for pick in picks.iter().take(keep) {
                let moves = g.legal_moves();
                g.play(&moves[pick % moves.len()]).expect("legal");
            }
        }
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        #[test]
        fn counts_match_brute_force_on_order_three(
            from_square: bool,
            picks in prop::collection::vec(any::<usize>(), 9),
            keep in 2_usize..=9,
            min in -20_i64..20,
        ) {
            let g = partial_board(3, min, from_square, &picks, keep);
            prop_assert_eq!(count_completions(&g, u64::MAX), brute_force(&g));
        }

        #[test]
        fn a_hint_never_leads_to_a_dead_end(
            size in 3_u8..=4,
            from_square: bool,
            picks in prop::collection::vec(any::<usize>(), 16),
            keep in 0_usize..=15,
            min in -20_i64..20,
        ) {
            let g = partial_board(size, min, from_square, &picks, keep.min(usize::from(size * size) - 1));
            match hint(&g, Budget::unlimited()) {
                HintAnswer::Completable(p) => {
                    let mut next = g.clone();
                    prop_assert!(next.play(&p).is_ok());
                    prop_assert!(count_completions(&next, 1) == 1);
                    // And following hints all the way solves the board.
                    while next.outcome().is_none() {
                        let HintAnswer::Completable(p) = hint(&next, Budget::unlimited()) else {
                            return Err(TestCaseError::fail("a hint led to a dead end"));
                        };
                        next.play(&p).expect("hints are legal");
                    }
                    prop_assert_eq!(next.outcome(), Some(Outcome::Solved));
                }
                HintAnswer::Impossible => prop_assert_eq!(count_completions(&g, 1), 0),
                other => return Err(TestCaseError::fail(format!("unexpected {other:?}"))),
            }
        }
    }
}
