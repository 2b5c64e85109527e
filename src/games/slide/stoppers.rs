//! A part of the solver's heuristic that sees stoppers: an `O` off every goal line needs two
//! moves of its own only if its first slide *stops* on a goal line, and a slide stops only
//! against a piece or the edge.
//!
//! The argument. Count a solution's moves as each `O`'s minimum (one to enter a goal, one more
//! for an `O` off every goal line) plus the *extra* moves: every `X` step and every `O` move
//! beyond its minimum. In a solution with no extra move, no `X` ever moves, and each `O` makes
//! its minimum: an `O` on a goal line only enters a goal, and one off them first slides onto a
//! goal line and then enters. So every `O` stands either on its square now, on a goal-line
//! square its first slide can reach, or nowhere. Then the first slide of an `O` off the goal
//! lines stops on a goal-line square `t` along one of its rays, before the first `X` on that
//! ray, and the square past `t` holds an `X`, an `O` on its square now, or an `O` that stopped
//! there the same way, unless `t` is at the edge. The squares that can ever hold such a
//! stopper are found as a least fixed point; if some `O` off the goal lines has no goal-line
//! square it can stop on even so, no solution is without an extra move, and the bound may
//! count one.

use super::rules::{Dir, SIZE};
use super::squares::{Pos, bit, bits, step};

/// Every square of the board.
const BOARD: u128 = (1 << (SIZE * SIZE)) - 1;

/// The squares of column `col`.
const fn column(col: usize) -> u128 {
    let mut mask = 0;
    let mut row = 0;
    while row < SIZE {
        mask |= 1 << (row * SIZE + col);
        row += 1;
    }
    mask
}

/// The squares of row `row`.
const fn row(row: usize) -> u128 {
    ((1 << SIZE) - 1) << (row * SIZE)
}

/// The squares `t` whose neighbour in direction `dir` is in `stoppers` or off the board: where
/// a slide in that direction can end.
fn stops_before(stoppers: u128, dir: usize) -> u128 {
    match Dir::ALL[dir] {
        Dir::Up => (stoppers << SIZE) & BOARD | row(0),
        Dir::Down => stoppers >> SIZE | row(SIZE - 1),
        Dir::Left => (stoppers << 1) & BOARD & !column(0) | column(0),
        Dir::Right => (stoppers >> 1) & !column(SIZE - 1) | column(SIZE - 1),
    }
}

/// The squares a slide from the square whose ray (in `dir`) is `ray` passes or can stop on
/// before the first of `walls`.
fn before_first(ray: u128, walls: u128, dir: usize) -> u128 {
    let hits = ray & walls;
    if hits == 0 {
        return ray;
    }
    if matches!(Dir::ALL[dir], Dir::Down | Dir::Right) {
        // Increasing squares: the nearest hit is the lowest bit.
        ray & (hits & hits.wrapping_neg()).wrapping_sub(1)
    } else {
        let nearest = 127 - hits.leading_zeros() as usize;
        ray & !((bit(nearest) << 1).wrapping_sub(1))
    }
}

/// Whether some `O` off every goal line can stop on no goal-line square without an extra move
/// first (see the module documentation); `ray[square * 4 + dir]` is every square beyond
/// `square` in that direction.
pub(crate) fn stranded(pos: Pos, goal_lines: u128, ray: &[u128]) -> bool {
    let off = pos.o & !goal_lines;
    if off == 0 {
        return false;
    }
    let reach = Reach::new(off, pos.x, goal_lines, ray);
    reach.strands(off, pos.x | pos.o)
}

/// The goal-line squares each `O` off the goal lines (up to four) can slide onto in each
/// direction, before the first wall.
struct Reach {
    /// The `O` pieces' squares.
    squares: [usize; 4],
    /// `lines[i][dir]`: the goal-line squares of the i-th `O` in that direction.
    lines: [[u128; 4]; 4],
    /// How many `O` pieces.
    count: usize,
}

impl Reach {
    /// The reach of the `O` pieces on `movers` with `walls` in the way.
    fn new(movers: u128, walls: u128, goal_lines: u128, ray: &[u128]) -> Self {
        let mut reach = Self {
            squares: [0; 4],
            lines: [[0; 4]; 4],
            count: 0,
        };
        for o in bits(movers).take(4) {
            reach.squares[reach.count] = o;
            for dir in 0..4 {
                reach.lines[reach.count][dir] =
                    before_first(ray[o * 4 + dir], walls, dir) & goal_lines;
            }
            reach.count += 1;
        }
        reach
    }

    /// The fixed point: whether some `O` on `check` has no goal-line square to stop on, when
    /// every one of them may stop on its goal-line squares against a piece of `stoppers` or
    /// one stopped the same way.
    fn strands(&self, check: u128, mut stoppers: u128) -> bool {
        let lines = &self.lines[..self.count];
        loop {
            let mut grown = stoppers;
            for line in lines {
                for (dir, &squares) in line.iter().enumerate() {
                    grown |= squares & stops_before(stoppers, dir);
                }
            }
            if grown == stoppers {
                break;
            }
            stoppers = grown;
        }
        lines.iter().zip(self.squares).any(|(line, o)| {
            check & bit(o) != 0
                && line
                    .iter()
                    .enumerate()
                    .all(|(dir, &squares)| squares & stops_before(stoppers, dir) == 0)
        })
    }
}

/// Whether a stranded position (see [`stranded`]) stays stranded whatever single extra move
/// is made, so that two extra moves are certain. The extra move is an `X` step, or one more
/// slide of some `O`; every other move is an `O`'s minimum, as in [`stranded`].
///
/// - One more slide of an `O`: that `O` need not stop on a goal line first, and it may stand
///   anywhere a slide from its square reaches, or on a goal-line square a slide from there
///   reaches, before the first `X` (without asking what stopped it).
/// - An `X` step from `a` to a neighbour `b`, at any time: before it the `X` is on `a`, after
///   it on `b`, so `a` is no wall (it may be gone) and both may hold a stopper. A step with
///   both squares off the rays [`stranded`] reads changes nothing it sees.
pub(crate) fn stranded_twice(pos: Pos, goal_lines: u128, ray: &[u128]) -> bool {
    let off = pos.o & !goal_lines;
    if off == 0 {
        return false;
    }
    let base = Reach::new(off, pos.x, goal_lines, ray);
    for c in bits(pos.o) {
        let check = off & !bit(c);
        if check == 0 {
            return false;
        }
        let first = span(bit(c), pos.x);
        let second = span(first, pos.x) & goal_lines;
        if !base.strands(check, pos.x | pos.o | first | second) {
            return false;
        }
    }
    let watch = watched(pos, goal_lines, ray);
    for a in bits(pos.x) {
        let mut moved = None;
        for dir in 0..4 {
            let Some(b) = step(a, dir) else {
                continue;
            };
            if pos.x & bit(b) != 0 || (bit(a) | bit(b)) & watch == 0 {
                continue;
            }
            let reach = moved.get_or_insert_with(|| {
                if watch & bit(a) == 0 {
                    Reach { ..base }
                } else {
                    Reach::new(off, pos.x & !bit(a), goal_lines, ray)
                }
            });
            if !reach.strands(off, pos.x | pos.o | bit(b)) {
                return false;
            }
        }
    }
    true
}

/// Every square a slide from one of `from` passes or may stop on, before the first of
/// `walls`.
fn span(from: u128, walls: u128) -> u128 {
    let open = BOARD & !walls;
    let mut all = 0;
    let (mut up, mut down, mut left, mut right) = (from, from, from, from);
    for _ in 1..SIZE {
        up = (up >> SIZE) & open;
        down = (down << SIZE) & open;
        left = (left >> 1) & !column(SIZE - 1) & open;
        right = (right << 1) & !column(0) & open;
        all |= up | down | left | right;
    }
    all
}

/// The squares whose `X` pieces [`stranded`] depends on in `pos`: the rays of the `O` pieces
/// off the goal lines. It reads `X` pieces only on those rays, as walls before a goal-line
/// square or as stoppers just past one, which is on the same ray or off the board.
pub(crate) fn watched(pos: Pos, goal_lines: u128, ray: &[u128]) -> u128 {
    bits(pos.o & !goal_lines).fold(0, |mask, o| {
        mask | ray[o * 4] | ray[o * 4 + 1] | ray[o * 4 + 2] | ray[o * 4 + 3]
    })
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;
    use crate::games::slide::level::board_from_rows;
    use crate::games::slide::position::Puzzle;
    use crate::games::slide::rules::{Board, Cell};

    /// The goals at (4,4) and (4,5): row 4 and columns 4 and 5 are the goal lines.
    const LINES: u128 = row(4) | column(4) | column(5);

    fn rays() -> Vec<u128> {
        let mut rays = vec![0; SIZE * SIZE * 4];
        for square in 0..SIZE * SIZE {
            for dir in 0..4 {
                let mut at = square;
                while let Some(next) = crate::games::slide::squares::step(at, dir) {
                    rays[square * 4 + dir] |= bit(next);
                    at = next;
                }
            }
        }
        rays
    }

    fn stranded_on(rows: &[&str]) -> bool {
        let board = board_from_rows(rows).expect("valid test board");
        let (_, pos) = Puzzle::new(&board);
        stranded(pos, LINES, &rays())
    }

    const FORTRESS: [&str; SIZE] = [
        "O........O",
        "..........",
        "..........",
        "....XX....",
        "...XGGX...",
        "....XX....",
        "..........",
        "..........",
        "..........",
        "OX......XO",
    ];

    #[test]
    fn a_corner_o_with_no_stopper_in_reach_is_stranded() {
        // Fortress: every corner O slides to the next corner or onto an X's row, never onto
        // row 4 or columns 4 and 5, and no other O can stop there to help without an extra
        // move either.
        assert!(stranded_on(&FORTRESS));
    }

    #[test]
    fn an_x_or_a_waiting_o_past_a_goal_line_square_is_a_stopper() {
        // An X at (0,6): the O at (0,0) stops on (0,5), in column 5. The others still have
        // nowhere to stop, so the board stays stranded until each O has a way.
        let mut rows = FORTRESS;
        rows[0] = "O.....X..O";
        rows[9] = "..........";
        rows[8] = "..........";
        // (0,9) slides left onto (0,7): not a goal line; it alone is stranded.
        assert!(stranded_on(&rows));
        rows[0] = "O.....X...";
        assert!(!stranded_on(&rows));
        // An O waiting at (5,0) stops the O at (0,0) on (4,0), in row 4; the O at (5,0) itself
        // slides right to (5,3), off the lines, and is stranded, unless something stops it:
        // an X at (5,5) lets it stop on (5,4).
        rows[0] = "O.........";
        rows[5] = "O...X.....";
        assert!(stranded_on(&rows));
        rows[5] = "O....X....";
        rows[4] = "...XGG.X..";
        assert!(!stranded_on(&rows));
    }

    #[test]
    fn no_single_extra_move_frees_every_corner_of_fortress() {
        // Whichever O makes one slide more, or whichever X steps, some corner O still has no
        // stopper: the O at (9,0), say, needs a piece on (3,0) or (5,0), and neither a slide
        // of another corner O nor a step of an X next to a corner's lines puts one there
        // without a second extra move.
        let board = board_from_rows(&FORTRESS).expect("valid");
        let (_, pos) = Puzzle::new(&board);
        assert!(stranded_twice(pos, LINES, &rays()));
        // With an X at (0,6) the O at (0,0) is not stranded, and the only stranded O, at
        // (0,9), is freed by a slide of its own: one extra move may be enough.
        let mut rows = FORTRESS;
        rows[0] = "O.....X..O";
        rows[9] = "..........";
        let board = board_from_rows(&rows).expect("valid");
        let (_, pos) = Puzzle::new(&board);
        assert!(stranded(pos, LINES, &rays()));
        assert!(!stranded_twice(pos, LINES, &rays()));
    }

    #[test]
    fn pieces_on_the_goal_lines_are_never_stranded() {
        let mut rows = [".........."; SIZE];
        rows[4] = "O...GG....";
        rows[0] = "....O.....";
        assert!(!stranded_on(&rows));
    }

    /// The fewest moves from `start` to a solved position and the positions of one shortest
    /// line, by breadth-first search over the solver's own moves (which a property test in
    /// `position.rs` checks against the rules); `None` when it is not found within `cap`
    /// positions.
    fn shortest_line(puzzle: &Puzzle, start: Pos, cap: usize) -> Option<Vec<Pos>> {
        let mut parent: HashMap<Pos, Pos> = HashMap::from([(start, start)]);
        let mut queue = VecDeque::from([start]);
        while let Some(here) = queue.pop_front() {
            if here.o == 0 {
                let mut line = vec![here];
                let mut at = here;
                while at != start {
                    at = parent[&at];
                    line.push(at);
                }
                line.reverse();
                return Some(line);
            }
            if parent.len() > cap {
                return None;
            }
            for from in bits(here.o | here.x) {
                for dir in 0..4 {
                    if let Some(next) = puzzle.apply(here, from, dir)
                        && !parent.contains_key(&next)
                    {
                        parent.insert(next, here);
                        queue.push_back(next);
                    }
                }
            }
        }
        None
    }

    #[test]
    fn the_whole_bound_never_exceeds_the_true_distance_on_random_boards() {
        // Random boards with one to three O and up to six X, goals anywhere: along a shortest
        // solution found by breadth-first search, the i-th position is exactly (length - i)
        // moves from the end, and the bound must never say more. The draw is fixed, and
        // boards where an O is stranded must be among those checked.
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut draw = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below as u64) as usize
        };
        let (mut checked, mut stranded_seen) = (0, 0);
        for _ in 0..120 {
            let mut rows = vec![vec!['.'; SIZE]; SIZE];
            let (r, c) = (draw(SIZE), draw(SIZE - 1));
            let (r2, c2) = if draw(2) == 0 || r + 1 == SIZE {
                (r, c + 1)
            } else {
                (r + 1, c)
            };
            rows[r][c] = 'G';
            rows[r2][c2] = 'G';
            for (piece, count) in [('O', 1 + draw(3)), ('X', draw(7))] {
                let mut left = count;
                while left > 0 {
                    let (r, c) = (draw(SIZE), draw(SIZE));
                    if rows[r][c] == '.' {
                        rows[r][c] = piece;
                        left -= 1;
                    }
                }
            }
            let rows: Vec<String> = rows.into_iter().map(String::from_iter).collect();
            let board: Board = board_from_rows(&rows).expect("drawn boards are valid");
            let (puzzle, start) = Puzzle::new(&board);
            let Some(line) = shortest_line(&puzzle, start, 150_000) else {
                continue;
            };
            checked += 1;
            let lines = (0..SIZE * SIZE)
                .filter(|&i| board.cell(((i / SIZE) as u8, (i % SIZE) as u8)) == Cell::Goal)
                .fold(0, |mask, g| mask | row(g / SIZE) | column(g % SIZE));
            let rays = rays();
            for (played, &pos) in line.iter().enumerate() {
                let left = (line.len() - 1 - played) as u32;
                assert!(
                    puzzle.heuristic(pos) <= left,
                    "{rows:?} after {played} moves"
                );
                let here = stranded(pos, lines, &rays);
                stranded_seen += usize::from(here);
                // The solver reuses the answer after an X step off the watched squares.
                let watch = watched(pos, lines, &rays);
                for from in bits(pos.x) {
                    for dir in 0..4 {
                        if let Some(next) = puzzle.apply(pos, from, dir)
                            && (pos.x ^ next.x) & watch == 0
                        {
                            assert_eq!(stranded(next, lines, &rays), here, "{rows:?}");
                        }
                    }
                }
            }
        }
        assert!(checked >= 60, "only {checked} boards solved within the cap");
        assert!(
            stranded_seen >= 20,
            "only {stranded_seen} stranded positions met"
        );
    }
}
