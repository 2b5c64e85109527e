//! The exact solver of `parlor solve pentago`, of Master's moves from 16 stones on when it
//! finishes within the move's budget ([`super::levels`]) and of the analysis strip's exact
//! values (`games::pentago::values`): two boolean
//! searches, "can the side to place win?" and, when not, "can it at least tie?", each an
//! AND/OR search in which a node succeeds as soon as one move does.
//!
//! What makes it fast enough for 20-stone positions: a win in one is found with shifts at
//! every node ([`super::threats`]); a move after which the opponent wins at once is dropped
//! before it is searched; positions are stored once for their eight symmetric images
//! ([`super::symmetry`]) in a table of bounds that survives between searches and positions
//! ([`super::table`]); a node first looks its children up in the table, in case one is already
//! known to do; and moves are tried in the order: the table's move, moves that leave the most
//! threats of one's own, then by a history of moves that proved nodes before.
//!
//! No clock inside: a node budget and a cancel flag end a search (the answer is then `None`),
//! and a progress callback is called about once a second with the counts so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::board::{EngineMove, FULL, Position, has_five, rotate};
use super::potential::can_make_five;
use super::scan::Scan;
use super::symmetry::{canonical, inverse, map_move};
use super::table::Table;
use super::threats::wins_now;

/// From this many empty squares a node scans its lines once for all its children
/// ([`Scan`]), which also counts threats for ordering; below, each child is checked on its own
/// and ordered by history only (measured: ordering by threats there costs more than it saves).
const SCAN_FROM: u32 = 6;

/// From this many empty squares a node first looks up all its children in the table, in case
/// one is already known to be refuted (an enhanced transposition cut-off). Measured on the
/// 18–22-stone reference positions: from 10, 7, 4 and 2 empty squares the nodes fall from
/// 22.5 M to 19.3, 11.9, 7.4 and 5.2 M; CPU time is lowest from 4 (the look-ups cost too).
const ETC_FROM: u32 = 4;

/// Up to this many empty squares a node is solved by trying every move directly, without the
/// table, the scan or a move list ([`Solver::small`]): there a probe and a store cost more
/// than the few dozen moves left. Measured on the 18–22-stone reference positions (issue #41
/// part 4): CPU 20.0 s → 13.4 s in all with 2, 15.7 s with 3.
const DIRECT_UP_TO: u32 = 2;

/// What the progress callback is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Nodes visited since the solve started.
    pub nodes: u64,
    /// The question being searched: 1 "can the side to place win?", 0 "can it tie?".
    pub goal: i8,
    /// The deepest ply reached so far.
    pub deepest: usize,
    /// Positions written to the table so far (all solves of this solver).
    pub stored: u64,
}

/// The callback told of a solve's progress.
type ProgressFn<'a> = Box<dyn FnMut(&Report) + 'a>;

/// The exact solver: its table, budget and counters.
pub struct Solver<'a> {
    table: Table,
    nodes: u64,
    budget: u64,
    cancel: &'a AtomicBool,
    aborted: bool,
    deepest: usize,
    goal: i8,
    /// Success counts of (place, rotation) pairs, for ordering the remaining moves.
    history: [u32; 288],
    /// One move list per ply, reused.
    lists: Vec<Vec<(u32, EngineMove, Position)>>,
    progress: Option<ProgressFn<'a>>,
    every: Duration,
    last_report: Option<Instant>,
}

impl<'a> Solver<'a> {
    /// A solver with a table of `table_mb` MB that gives up after `budget` nodes per solve
    /// or when `cancel` is raised.
    #[must_use]
    pub fn new(table_mb: usize, budget: u64, cancel: &'a AtomicBool) -> Self {
        Self {
            table: Table::with_megabytes(table_mb),
            nodes: 0,
            budget,
            cancel,
            aborted: false,
            deepest: 0,
            goal: 1,
            history: [0; 288],
            lists: Vec::new(),
            progress: None,
            every: Duration::from_secs(1),
            last_report: None,
        }
    }

    /// Calls `report` during each solve, at most once per `every` (checked every 65,536
    /// nodes, a few hundredths of a second).
    #[must_use]
    pub fn with_progress(mut self, every: Duration, report: impl FnMut(&Report) + 'a) -> Self {
        self.progress = Some(Box::new(report));
        self.every = every;
        self
    }

    /// Gives later solves `budget` nodes each (the table stays): the analysis strip shares one
    /// budget out over the moves it solves.
    pub fn set_budget(&mut self, budget: u64) {
        self.budget = budget;
    }

    /// Nodes visited by the last solve.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of open position `pos` for the side to place (1 win, 0 tie, −1 loss)
    /// and a best move (`None` only when the board is full); `None` when the budget ran out
    /// or the search was cancelled.
    pub fn solve(&mut self, pos: Position) -> Option<(i32, Option<EngineMove>)> {
        self.nodes = 0;
        self.aborted = false;
        // A fresh history each solve: the same line gets the same answer whatever came before.
        self.history = [0; 288];
        self.deepest = 0;
        self.last_report = Some(Instant::now());
        if pos.empty() == 0 {
            return Some((0, None));
        }
        for goal in [1, 0] {
            self.goal = goal;
            let mut best = None;
            let proved = self.search(pos, goal, 0, &mut best, false);
            if self.aborted {
                return None;
            }
            if proved {
                return Some((i32::from(goal), best));
            }
        }
        // Lost: any move will do; prefer one that does not lose at once.
        let kids = pos.children();
        let best = kids
            .iter()
            .find(|c| match c.after {
                super::board::After::Open(next) => !wins_now(next.me, next.you),
                _ => false,
            })
            .or_else(|| kids.first())
            .map(|c| c.mv);
        Some((-1, best))
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.aborted = true;
        }
        if self.nodes.trailing_zeros() >= 12 {
            if self.cancel.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if self.nodes.trailing_zeros() >= 16 {
                self.report();
            }
        }
    }

    fn report(&mut self) {
        let Some(progress) = self.progress.as_mut() else {
            return;
        };
        let due = self.last_report.is_none_or(|t| t.elapsed() >= self.every);
        if due {
            self.last_report = Some(Instant::now());
            progress(&Report {
                nodes: self.nodes,
                goal: self.goal,
                deepest: self.deepest,
                stored: self.table.stored(),
            });
        }
    }

    /// Whether the value of open `pos` for the side to place is at least `goal` (0 or 1);
    /// `best` gets the move that shows it.
    fn search(
        &mut self,
        pos: Position,
        goal: i8,
        ply: usize,
        best: &mut Option<EngineMove>,
        checked: bool,
    ) -> bool {
        self.tick();
        if self.aborted {
            return false;
        }
        self.deepest = self.deepest.max(ply);
        if !checked && wins_now(pos.me, pos.you) {
            if ply == 0 {
                *best = pos.winning_move();
            }
            return true;
        }
        if ply > 0 {
            // A side that can never make five can neither win nor lose.
            let empties = pos.empty().count_ones();
            if goal == 1 && !can_make_five(pos.me, pos.you, empties.div_ceil(2), empties) {
                return false;
            }
            if goal == 0 && !can_make_five(pos.you, pos.me, empties / 2, empties) {
                return true;
            }
        }
        if ply > 0 && pos.empty().count_ones() <= DIRECT_UP_TO {
            return Self::small(pos, goal);
        }
        let (key, sym) = canonical(pos);
        let known = self.table.probe(key);
        let mut hint = None;
        if let Some(k) = known {
            if ply > 0 {
                if k.lower >= goal {
                    return true;
                }
                if k.upper < goal {
                    return false;
                }
            }
            hint = k.best.map(|mv| map_move(inverse(sym), mv));
        }
        let start = self.nodes;

        if self.lists.len() <= ply {
            self.lists.push(Vec::with_capacity(288));
        }
        let mut kids = std::mem::take(&mut self.lists[ply]);
        let tie = self.expand(pos, goal, hint, &mut kids);
        let mut proved = None;
        if let Some(mv) = tie {
            // A move that ends the game in a tie reaches the goal of not losing.
            proved = Some(mv);
        } else if pos.empty().count_ones() >= ETC_FROM
            && let Some(&(_, mv, _)) = kids.iter().find(|kid| {
                self.table
                    .probe(canonical(kid.2).0)
                    .is_some_and(|k| k.upper < 1 - goal)
            })
        {
            // A child the table already shows refuted: no search needed.
            proved = Some(mv);
        } else {
            kids.sort_unstable_by_key(|kid| std::cmp::Reverse(kid.0));
            for &(_, mv, child) in &kids {
                let mut ignored = None;
                let refuted = self.search(child, 1 - goal, ply + 1, &mut ignored, true);
                if self.aborted {
                    self.lists[ply] = kids;
                    return false;
                }
                if !refuted {
                    proved = Some(mv);
                    break;
                }
            }
        }
        self.lists[ply] = kids;
        let cost = 64 - (self.nodes - start).leading_zeros();
        match proved {
            Some(mv) => {
                *best = Some(mv);
                if mv.rotation < 8 {
                    let slot =
                        &mut self.history[usize::from(mv.place) * 8 + usize::from(mv.rotation)];
                    *slot = slot.saturating_add(1 << (cost / 2).min(20));
                }
                self.table
                    .store(key, goal, 1, Some(map_move(sym, mv)), cost);
                true
            }
            None => {
                self.table.store(key, -1, goal - 1, None, cost);
                false
            }
        }
    }

    /// Whether the value of open `pos` (at most [`DIRECT_UP_TO`] empty squares) for the side
    /// to place is at least `goal`, by trying every move to the end, without the table. Counts
    /// as one node: its whole tree costs about as much as one node of the full search.
    fn small(pos: Position, goal: i8) -> bool {
        let mut empty = pos.empty();
        while empty != 0 {
            let place = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let me = pos.me | 1 << place;
            if has_five(me) {
                // Five on placing ends the game at once, without a turn.
                return true;
            }
            for rotation in 0..8u8 {
                let (me2, you2) = (rotate(me, rotation), rotate(pos.you, rotation));
                let (mine, yours) = (has_five(me2), has_five(you2));
                if mine && !yours {
                    return true;
                }
                if mine || yours || me2 | you2 == FULL {
                    // Both fives or a full board: a tie; the opponent's five alone: a loss.
                    if mine == yours && goal <= 0 {
                        return true;
                    }
                    continue;
                }
                if !Self::small(Position { me: you2, you: me2 }, 1 - goal) {
                    return true;
                }
            }
        }
        false
    }

    /// Fills `kids` with the moves worth trying for `goal`, each with its ordering key and the
    /// position it leads to (the opponent to place); returns a move that reaches the goal at
    /// once (a tie when `goal` is 0) if there is one, and then `kids` is not needed. Moves that lose at once,
    /// hand the opponent a win in one, or tie when a win is wanted are left out.
    fn expand(
        &self,
        pos: Position,
        goal: i8,
        hint: Option<EngineMove>,
        kids: &mut Vec<(u32, EngineMove, Position)>,
    ) -> Option<EngineMove> {
        kids.clear();
        let mut empty = pos.empty();
        let scan = (empty.count_ones() >= SCAN_FROM).then(|| Scan::new(pos.me, pos.you));
        while empty != 0 {
            let place = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let me = pos.me | 1 << place;
            let mut still_done = false;
            for rotation in 0..8u8 {
                let me2 = rotate(me, rotation);
                let you2 = rotate(pos.you, rotation);
                if me2 == me && you2 == pos.you {
                    // Turning a quadrant that looks the same turned: one such move is enough.
                    if still_done {
                        continue;
                    }
                    still_done = true;
                }
                let (mine, yours) = (has_five(me2), has_five(you2));
                let mv = EngineMove { place, rotation };
                if mine || yours || me2 | you2 == FULL {
                    // The game ends: a win was found before; a tie is all a goal of 0 wants.
                    if mine && yours || !mine && !yours {
                        if goal <= 0 {
                            return Some(mv);
                        }
                    } else if mine {
                        return Some(mv);
                    }
                    continue;
                }
                let threats = match &scan {
                    Some(scan) => scan.child(place, rotation),
                    // Near the end the order matters less than the cost of counting threats.
                    None => (!wins_now(you2, me2)).then_some(0),
                };
                let Some(threats) = threats else {
                    // The opponent would win at once.
                    continue;
                };
                let key = if Some(mv) == hint {
                    u32::MAX
                } else {
                    threats.min(30) << 27
                        | self.history[usize::from(place) * 8 + usize::from(rotation)]
                            .min((1 << 27) - 1)
                };
                kids.push((key, mv, Position { me: you2, you: me2 }));
            }
        }
        None
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::games::pentago::engine::board::After;
    use crate::games::pentago::engine::search::Searcher;
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// An open position `empties` squares from the end, by seeded random play (the potential
    /// test's tests use it too).
    pub(in super::super) fn random_position(seed: u64, empties: u32) -> Option<Position> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pos = Position { me: 0, you: 0 };
        while pos.empty().count_ones() > empties {
            let kids = pos.children();
            match kids[rng.random_range(0..kids.len())].after {
                After::Open(next) => pos = next,
                _ => return None,
            }
        }
        Some(pos)
    }

    /// The value of a move's result for the side that played it.
    fn value_after(solver: &mut Solver<'_>, pos: Position, mv: EngineMove) -> i32 {
        match pos.after(mv) {
            After::Win => 1,
            After::Tie => 0,
            After::Loss => -1,
            After::Open(next) => -solver.solve(next).expect("no budget").0,
        }
    }

    /// The boolean searches agree with the alpha-beta search of the levels (an independent
    /// full-window negamax without symmetry or scans) on random positions from 6 to 9 empty
    /// squares, of all three values, and the best move given keeps the value.
    #[test]
    fn agrees_with_the_alpha_beta_search_and_best_moves_keep_the_value() {
        let never = AtomicBool::new(false);
        let mut solver = Solver::new(4, u64::MAX, &never);
        let mut seen = [0; 3];
        for seed in 0..400u64 {
            let empties = 6 + (seed % 4) as u32;
            let Some(pos) = random_position(seed, empties) else {
                continue;
            };
            let (value, best) = solver.solve(pos).expect("no budget");
            let mut reference = Searcher::new(16, u64::MAX, &never);
            assert_eq!(Some(value), reference.solve(pos).map(|(v, _)| v), "{pos:?}");
            seen[(value + 1) as usize] += 1;
            let best = best.expect("an open position has a move");
            if value >= 0 {
                assert_eq!(value_after(&mut solver, pos, best), value, "{pos:?}");
            }
        }
        assert!(seen.iter().all(|&n| n >= 5), "values seen: {seen:?}");
    }

    /// The direct solve of the last few empty squares agrees with the alpha-beta search of the
    /// levels on random positions with one to three empty squares, for both goals, and sees
    /// all three values (three empty squares are past [`DIRECT_UP_TO`], as a test only).
    #[test]
    fn the_direct_solve_of_the_last_squares_agrees_with_the_alpha_beta_search() {
        let never = AtomicBool::new(false);
        let mut seen = [0; 3];
        for seed in 0..1500u64 {
            let Some(pos) = random_position(seed, 1 + (seed % 3) as u32) else {
                continue;
            };
            let mut reference = Searcher::new(12, u64::MAX, &never);
            let value = reference.solve(pos).expect("no budget").0;
            seen[(value + 1) as usize] += 1;
            for goal in [0, 1] {
                assert_eq!(
                    Solver::small(pos, goal),
                    value >= i32::from(goal),
                    "{pos:?}"
                );
            }
        }
        assert!(seen.iter().all(|&n| n >= 10), "values seen: {seen:?}");
    }

    /// A budget or a raised cancel flag ends a solve with no answer; progress is reported
    /// while it runs; the same solver then answers in full once the budget allows.
    #[test]
    fn budget_cancel_and_progress() {
        // values.tsv: 20 stones, a tie for x (about 150 000 nodes).
        let line = ".x..x.xoooox...ox..x.ooo..x.x..o.xox x";
        let pos = crate::games::pentago::engine::solve::parse_line(line)
            .expect("parses")
            .pos;
        let never = AtomicBool::new(false);
        let mut small = Solver::new(16, 1000, &never);
        assert_eq!(small.solve(pos), None);
        assert!(small.nodes() >= 1000);

        let raised = AtomicBool::new(true);
        let mut cancelled = Solver::new(16, u64::MAX, &raised);
        assert_eq!(cancelled.solve(pos), None);

        let mut reports = Vec::new();
        let mut full = Solver::new(16, u64::MAX, &never)
            .with_progress(Duration::ZERO, |r: &Report| reports.push(*r));
        assert_eq!(full.solve(pos).map(|(v, _)| v), Some(0));
        let nodes = full.nodes();
        drop(full);
        assert!(!reports.is_empty() && nodes > 65_536);
        assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
        assert!(reports.iter().any(|r| r.goal == 1));
    }
}
