//! The solver's fast position: two 100-bit masks, and the fixed part of a puzzle (the goals)
//! with tables precomputed from it so a slide is a few bit operations instead of a walk.
//!
//! Squares are numbered `row * 10 + col`; directions by their index in [`Dir::ALL`] (up, down,
//! left, right).

use super::clearance::Clearance;
use super::rules::{Board, Cell, Dir, SIZE};
use super::stoppers;

pub(crate) use super::squares::{Pos, bit, bits, step};

/// Where a slide ends.
enum End {
    /// The `O` entered a goal and left the board.
    Goal,
    /// The `O` stopped on this square.
    Stop(usize),
}

/// The fixed part of a puzzle (the goals) and what the moves and the heuristic precompute
/// from it.
pub(crate) struct Puzzle {
    goals: u128,
    /// Squares in a row or column of a goal.
    goal_lines: u128,
    /// `ray[square * 4 + dir]`: every square beyond `square` in that direction.
    ray: [u128; SIZE * SIZE * 4],
    /// `to_goal[square * 4 + dir]`: the squares strictly between `square` and the first goal
    /// in that direction, or `None` when the ray meets no goal.
    to_goal: [Option<u128>; SIZE * SIZE * 4],
    /// The `X` moves a walled-in goal needs before the next `O` can enter it.
    clearance: Clearance,
}

impl Puzzle {
    /// The puzzle of a board and its starting position.
    pub(crate) fn new(board: &Board) -> (Self, Pos) {
        let mut pos = Pos { o: 0, x: 0 };
        let mut goals = 0;
        for r in 0..SIZE {
            for c in 0..SIZE {
                let i = r * SIZE + c;
                match board.cell((r as u8, c as u8)) {
                    Cell::O => pos.o |= bit(i),
                    Cell::X => pos.x |= bit(i),
                    Cell::Goal => goals |= bit(i),
                    Cell::Empty => {}
                }
            }
        }
        let mut goal_lines = 0;
        for g in bits(goals) {
            for k in 0..SIZE {
                goal_lines |= bit((g / SIZE) * SIZE + k) | bit(k * SIZE + g % SIZE);
            }
        }
        let mut ray = [0; SIZE * SIZE * 4];
        let mut to_goal = [None; SIZE * SIZE * 4];
        for square in 0..SIZE * SIZE {
            for dir in 0..4 {
                let (mut at, mut beyond, mut between, mut met) = (square, 0, 0, None);
                while let Some(next) = step(at, dir) {
                    beyond |= bit(next);
                    if met.is_none() {
                        if goals & bit(next) != 0 {
                            met = Some(between);
                        } else {
                            between |= bit(next);
                        }
                    }
                    at = next;
                }
                ray[square * 4 + dir] = beyond;
                to_goal[square * 4 + dir] = met;
            }
        }
        (
            Self {
                goals,
                goal_lines,
                ray,
                to_goal,
                clearance: Clearance::new(goals),
            },
            pos,
        )
    }

    /// Every square beyond `from` in direction `dir`: all a move of the piece there can
    /// depend on or change, besides `from` itself.
    pub(crate) fn reach(&self, from: usize, dir: usize) -> u128 {
        self.ray[from * 4 + dir]
    }

    /// Where an `O` on `from` sliding in `dir` ends, or `None` when it cannot move.
    fn slide(&self, occupied: u128, from: usize, dir: usize) -> Option<End> {
        let ray = self.ray[from * 4 + dir];
        if ray == 0 {
            return None;
        }
        let hits = ray & (occupied | self.goals);
        // Down and right go to higher squares, so the nearest hit is the lowest bit.
        let increasing = matches!(Dir::ALL[dir], Dir::Down | Dir::Right);
        let stop = if hits == 0 {
            // Nothing in the way: the last square of the ray, at the edge.
            if increasing {
                127 - ray.leading_zeros() as usize
            } else {
                ray.trailing_zeros() as usize
            }
        } else {
            let hit = if increasing {
                hits.trailing_zeros() as usize
            } else {
                127 - hits.leading_zeros() as usize
            };
            if self.goals & bit(hit) != 0 {
                return Some(End::Goal);
            }
            // The square before the hit, seen from `from`.
            let back = dir ^ 1;
            step(hit, back)?
        };
        (stop != from).then_some(End::Stop(stop))
    }

    /// The position after moving the piece on `from` in direction `dir` (an index into
    /// [`Dir::ALL`]), if it moves.
    pub(crate) fn apply(&self, pos: Pos, from: usize, dir: usize) -> Option<Pos> {
        if pos.o & bit(from) != 0 {
            let o = match self.slide(pos.o | pos.x, from, dir)? {
                End::Goal => pos.o & !bit(from),
                End::Stop(stop) => pos.o & !bit(from) | bit(stop),
            };
            Some(Pos { o, x: pos.x })
        } else if pos.x & bit(from) != 0 {
            let next = step(from, dir)?;
            let taken = pos.o | pos.x | self.goals;
            (taken & bit(next) == 0).then(|| Pos {
                o: pos.o,
                x: pos.x & !bit(from) | bit(next),
            })
        } else {
            None
        }
    }

    /// An admissible lower bound on the moves left (see the solver's module documentation).
    pub(crate) fn heuristic(&self, pos: Pos) -> u32 {
        let (own, extra) = self.heuristic_parts(pos);
        own + if extra <= 1 {
            extra.max(self.stranded_count(pos, self.stranded(pos)))
        } else {
            extra
        }
    }

    /// The heuristic in two parts, without its stranded tests ([`Puzzle::stranded_count`],
    /// which can raise the second part to 1 or 2): the moves the `O` pieces need at least on their own
    /// (which no `X` step can lower), and the extra moves on top (blocked lines, walled-in
    /// goals).
    pub(crate) fn heuristic_parts(&self, pos: Pos) -> (u32, u32) {
        let mut total = 0;
        // Extra moves for `O` pieces whose lines are blocked by `X`: each is an `X` step or
        // the `O`'s own detour. The clearance count (`X` steps) and a stranded `O` (an `X`
        // step or a detour) bound the same extra moves, so only the largest of the three is
        // added.
        let mut charged = 0;
        let mut blockers: u128 = 0;
        for o in bits(pos.o) {
            if self.goal_lines & bit(o) == 0 {
                total += 2;
                continue;
            }
            total += 1;
            // In a goal line: is some goal reachable by a ray crossing only empty squares or
            // other O pieces (which may leave first)? If every ray to a goal crosses an X,
            // one more move is needed: the O's own, or a step of one of those X.
            let mut clear = false;
            let mut crossing: u128 = 0;
            for dir in 0..4 {
                if let Some(between) = self.to_goal[o * 4 + dir] {
                    let xs = between & pos.x;
                    clear |= xs == 0;
                    crossing |= xs;
                }
            }
            // Charged only when none of its blocking X can also free an O charged before, so
            // no single X step is counted twice.
            if !clear && blockers & crossing == 0 {
                blockers |= crossing;
                charged += 1;
            }
        }
        (total, charged.max(self.clearance.lower_bound(pos)))
    }

    /// Whether some `O` off the goal lines has nowhere on them to stop without an extra move
    /// (`stoppers.rs`): the heuristic's last part, one move when the other extra moves count
    /// none. Apart because it is the costliest part, and often known without computing it.
    pub(crate) fn stranded(&self, pos: Pos) -> bool {
        stoppers::stranded(pos, self.goal_lines, &self.ray)
    }

    /// The extra moves stranded `O` pieces make certain in `pos`, given whether
    /// [`Puzzle::stranded`] holds there: 0, 1, or 2 when no single extra move can free them
    /// (`stoppers::stranded_twice`, the costliest test, so the search makes it only on the
    /// positions it takes out of the open list).
    pub(crate) fn stranded_count(&self, pos: Pos, stranded: bool) -> u32 {
        if !stranded {
            0
        } else if stoppers::stranded_twice(pos, self.goal_lines, &self.ray) {
            2
        } else {
            1
        }
    }

    /// The squares whose `X` pieces [`Puzzle::stranded`] looks at in `pos`: after an `X` step
    /// between two other squares its answer is the same.
    pub(crate) fn stranded_watch(&self, pos: Pos) -> u128 {
        stoppers::watched(pos, self.goal_lines, &self.ray)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::core::Rules;
    use crate::games::slide::level::board_from_rows;
    use crate::games::slide::rules::Move;

    fn start() -> Board {
        board_from_rows(&[
            "O...X.....",
            "..........",
            "O....X....",
            "..........",
            "....GG....",
            "...X......",
            "..........",
            ".X......X.",
            "....X...X.",
            "O.X.....O.",
        ])
        .expect("valid")
    }

    /// Every piece in every direction: the bit tables agree with the rules' own moves.
    fn agrees_with_rules(board: &Board) -> Result<(), TestCaseError> {
        let (puzzle, pos) = Puzzle::new(board);
        for from in 0..SIZE * SIZE {
            for dir in 0..4 {
                let mv = Move {
                    from: ((from / SIZE) as u8, (from % SIZE) as u8),
                    dir: Dir::ALL[dir],
                };
                let mut played = board.clone();
                let expected = played.play(&mv).ok().map(|()| Puzzle::new(&played).1);
                prop_assert_eq!(
                    puzzle.apply(pos, from, dir),
                    expected,
                    "{:?} {:?}",
                    board,
                    mv
                );
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn fast_moves_match_the_rules_along_random_walks(picks in proptest::collection::vec(0usize..1000, 0..40)) {
            let mut board = start();
            agrees_with_rules(&board)?;
            for pick in picks {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play(&moves[pick % moves.len()]).expect("listed moves are legal");
                agrees_with_rules(&board)?;
            }
        }
    }
}
