//! The coach: the shortest way to win from any position, measured in turns, not jumps.
//!
//! A position for the search is the almonds plus the almond in the middle of a chain. Moving
//! between positions costs a turn only when a jump starts a new turn; continuing a chain or
//! ending it is free. That makes the search a 0-1 breadth-first search (free steps go to the
//! front of the queue, turn-starting jumps to the back), which pops positions in order of turns
//! used, so the first solved position popped is a shortest win.
//!
//! The search space is small: from the start 11,620 positions (almonds plus chain almond) are
//! reachable, and a position loaded from a save holds at most nine almonds too, so a search
//! takes milliseconds and needs no budget or cancel flag. It works on a packed `u32` (25 bits of almonds, 5 bits of
//! chain square) rather than on [`NineAlmonds`] values to keep the tables small.

use std::collections::{HashMap, VecDeque};

use super::rules::{CENTRE, Move, NineAlmonds, SIZE, Square};

/// Squares on the board.
const SQUARES: usize = (SIZE * SIZE) as usize;

/// A position packed for the search: bits 0–24 the almonds, bits 25–29 the chain square plus
/// one (0 when no chain is in progress).
type Node = u32;

/// The almond bits of a node.
const ALMONDS: u32 = (1 << SQUARES) - 1;

/// For each square, every straight line of a jump from it: (bit of the square jumped over,
/// index of the landing square).
fn jump_table() -> Vec<Vec<(u32, u8)>> {
    (0..SQUARES as u8)
        .map(|index| {
            let from = Square::from_index(index).expect("index below 25");
            let mut lines = Vec::new();
            for dx in -1i8..=1 {
                for dy in -1i8..=1 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    let at = |steps: i8| {
                        let x = u8::try_from(from.x() as i8 + dx * steps).ok()?;
                        let y = u8::try_from(from.y() as i8 + dy * steps).ok()?;
                        Square::new(x, y)
                    };
                    if let (Some(over), Some(to)) = (at(1), at(2)) {
                        lines.push((1 << over.index(), to.index()));
                    }
                }
            }
            lines
        })
        .collect()
}

/// The search's view of the rules: jumps on packed nodes.
struct Searcher {
    lines: Vec<Vec<(u32, u8)>>,
}

impl Searcher {
    fn new() -> Self {
        Self {
            lines: jump_table(),
        }
    }

    /// The landing squares of the almond on `from` in `almonds`.
    fn landings(&self, almonds: u32, from: u8) -> impl Iterator<Item = (u32, u8)> + '_ {
        self.lines[usize::from(from)]
            .iter()
            .copied()
            .filter(move |&(over, to)| almonds & over != 0 && almonds & (1 << to) == 0)
    }

    /// Every move from `node` with the node it leads to and whether it starts a new turn.
    fn successors(&self, node: Node) -> Vec<(Move, Node, bool)> {
        let almonds = node & ALMONDS;
        let chain = (node >> SQUARES) as u8;
        let mut out = Vec::new();
        let starts: Vec<u8> = if chain == 0 {
            (0..SQUARES as u8)
                .filter(|&i| almonds & (1 << i) != 0)
                .collect()
        } else {
            out.push((Move::EndTurn, almonds, false));
            vec![chain - 1]
        };
        for from in starts {
            for (over, to) in self.landings(almonds, from) {
                let after = (almonds & !(1 << from) & !over) | (1 << to);
                let continues = self.landings(after, to).next().is_some();
                let next = if continues {
                    after | (u32::from(to) + 1) << SQUARES
                } else {
                    after
                };
                let mv = Move::Jump {
                    from: Square::from_index(from).expect("index below 25"),
                    to: Square::from_index(to).expect("index below 25"),
                };
                out.push((mv, next, chain == 0));
            }
        }
        out
    }

    /// A shortest winning line from `start`: its moves and how many turns they begin.
    fn shortest(&self, start: Node) -> Option<(Vec<Move>, u32)> {
        let goal = 1 << CENTRE.index();
        let mut turns: HashMap<Node, u32> = HashMap::from([(start, 0)]);
        let mut parent: HashMap<Node, (Node, Move)> = HashMap::new();
        let mut queue = VecDeque::from([(start, 0)]);
        while let Some((node, used)) = queue.pop_front() {
            if turns.get(&node).is_some_and(|&best| best < used) {
                continue; // Reached more cheaply since it was queued.
            }
            if node == goal {
                let mut moves = Vec::new();
                let mut at = node;
                while let Some(&(before, mv)) = parent.get(&at) {
                    moves.push(mv);
                    at = before;
                }
                moves.reverse();
                return Some((moves, used));
            }
            for (mv, next, new_turn) in self.successors(node) {
                let cost = used + u32::from(new_turn);
                if turns.get(&next).is_some_and(|&best| best <= cost) {
                    continue;
                }
                turns.insert(next, cost);
                parent.insert(next, (node, mv));
                if new_turn {
                    queue.push_back((next, cost));
                } else {
                    queue.push_front((next, cost));
                }
            }
        }
        None
    }
}

/// Packs a position for the search.
fn node(position: &NineAlmonds) -> Node {
    let chain = position.chain().map_or(0, |s| u32::from(s.index()) + 1);
    position.mask() | chain << SQUARES
}

/// The rest of a shortest win from `position`: every move (jumps and, where the line needs
/// them, [`Move::EndTurn`]) in order, and how many more turns it begins. `Some((vec![], 0))`
/// when already solved; `None` when no win can be reached any more.
pub fn solve(position: &NineAlmonds) -> Option<(Vec<Move>, u32)> {
    Searcher::new().shortest(node(position))
}

/// The next step of a shortest win from `position` and how many more turns that win begins
/// (after a hint in the middle of a chain, finishing the chain costs nothing). `None` when
/// solved already or when no win can be reached any more.
///
/// In the middle of a chain the step may be [`Move::EndTurn`]: sometimes the almond must stop
/// even though it could jump on.
pub fn hint(position: &NineAlmonds) -> Option<(Move, u32)> {
    let (moves, turns) = solve(position)?;
    moves.first().map(|&mv| (mv, turns))
}

#[cfg(test)]
/// How many more turns a shortest win from `position` begins; `None` when no win is reachable.
pub fn shortest_turns(position: &NineAlmonds) -> Option<u32> {
    solve(position).map(|(_, turns)| turns)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::core::{Outcome, Rules};
    use crate::games::nine_almonds::notation::from_rows;
    use crate::games::nine_almonds::rules::tests::{jump, walk};
    use proptest::prelude::*;

    /// An independent count, by whole turns: the sets of boards reachable after 0, 1, 2…
    /// turns, each turn being one almond's chain of one or more jumps, stopped anywhere. It
    /// uses only the public rules, not the search above. Returns the first level holding the
    /// won board, looking at most `max_turns` turns ahead.
    fn turn_levels_until_won(start: &NineAlmonds, max_turns: u32) -> Option<u32> {
        /// Every board the turn in progress (or a fresh turn) can stop on.
        fn one_turn(position: &NineAlmonds, out: &mut HashSet<u32>) {
            for mv in position.legal_moves() {
                let mut next = *position;
                next.play(&mv).expect("legal");
                out.insert(next.mask());
                if mv != Move::EndTurn && next.chain().is_some() {
                    one_turn(&next, out);
                }
            }
        }
        /// The board as a position between turns.
        fn between_turns(mask: u32) -> NineAlmonds {
            let rows: Vec<String> = (0..SIZE)
                .rev()
                .map(|y| {
                    (0..SIZE)
                        .map(|x| {
                            let s = Square::new(x, y).expect("on board");
                            if mask & (1 << s.index()) != 0 {
                                'A'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            let turns = (9 - mask.count_ones()).min(1);
            from_rows(&rows, None, turns).expect("a board the rules reached")
        }
        let won = 1u32 << CENTRE.index();
        let mut level: HashSet<u32> = HashSet::from([start.mask()]);
        if start.chain().is_some() {
            // The turn in progress may end anywhere, for free.
            one_turn(start, &mut level);
        }
        for turns in 0..=max_turns {
            if level.contains(&won) {
                return Some(turns);
            }
            let mut next = HashSet::new();
            for &mask in &level {
                one_turn(&between_turns(mask), &mut next);
            }
            level = next;
        }
        None
    }

    #[test]
    fn from_the_start_the_shortest_win_takes_exactly_four_turns() {
        let start = NineAlmonds::new();
        assert_eq!(shortest_turns(&start), Some(4));
        // Confirmed by counting whole turns independently: no win within 3 turns.
        assert_eq!(turn_levels_until_won(&start, 3), None);
        assert_eq!(turn_levels_until_won(&start, 4), Some(4));
    }

    #[test]
    fn the_solution_wins_in_the_turns_it_promises() {
        let start = NineAlmonds::new();
        let (moves, turns) = solve(&start).expect("solvable");
        let mut p = start;
        for mv in &moves {
            p.play(mv).expect("the solution plays legal moves");
        }
        assert_eq!(p.outcome(), Some(Outcome::Solved));
        assert_eq!(p.turns(), turns);
        assert_eq!(turns, 4);
    }

    #[test]
    fn mid_chain_the_hint_may_be_to_end_the_turn() {
        // After the seed's first jump, 2,2 to 2,4, a 4-turn win is still open: this turn
        // counts already, so 3 more turns.
        let mut p = NineAlmonds::new();
        p.play(&jump((2, 2), (2, 4))).expect("legal");
        let (mv, turns) = hint(&p).expect("still solvable");
        assert!(p.legal_moves().contains(&mv));
        assert_eq!(
            turns, 3,
            "the seed finishes this line in 4 turns, 3 after this one"
        );

        // Here the almond on 2,1 is in the middle of a chain and could jump on, but every
        // jump it makes needs more turns to win than stopping now: stopping is the hint.
        let q = from_rows(
            &[".....", ".A.A.", "...A.", "..AA.", "..A.."],
            Square::new(2, 1),
            3,
        )
        .expect("a position reached by the rules");
        assert_eq!(shortest_turns(&q), Some(2));
        let mut stopped = q;
        stopped.play(&Move::EndTurn).expect("legal");
        assert_eq!(shortest_turns(&stopped), Some(2));
        let jumps: Vec<Move> = q
            .legal_moves()
            .into_iter()
            .filter(|&m| m != Move::EndTurn)
            .collect();
        assert!(!jumps.is_empty(), "the almond could jump on");
        for mv in jumps {
            let mut r = q;
            r.play(&mv).expect("legal");
            assert!(shortest_turns(&r).is_none_or(|t| t > 2), "{mv:?}");
        }
        assert_eq!(hint(&q), Some((Move::EndTurn, 2)));
    }

    #[test]
    fn solved_and_lost_positions_have_no_hint() {
        let solved =
            from_rows(&[".....", ".....", "..A..", ".....", "....."], None, 4).expect("valid");
        assert_eq!(solve(&solved), Some((vec![], 0)));
        assert_eq!(hint(&solved), None);
        let lost =
            from_rows(&["A..A.", ".....", ".....", "A..A.", "....."], None, 5).expect("valid");
        assert_eq!(hint(&lost), None);
        // Two almonds side by side off the centre line cannot end on the centre.
        let hopeless =
            from_rows(&["AA...", ".....", ".....", ".....", "....."], None, 1).expect("valid");
        assert_eq!(hopeless.outcome(), None);
        assert_eq!(hint(&hopeless), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_hint_lies_on_a_shortest_path(
            choices in proptest::collection::vec(any::<usize>(), 0..10)
        ) {
            let p = walk(&choices);
            let best = shortest_turns(&p);
            match hint(&p) {
                Some((mv, turns)) => {
                    prop_assert_eq!(best, Some(turns));
                    prop_assert!(p.legal_moves().contains(&mv));
                    let mut next = p;
                    next.play(&mv).expect("hint is legal");
                    let spent = next.turns() - p.turns();
                    prop_assert_eq!(shortest_turns(&next), Some(turns - spent));
                    // And no legal move does better than the hinted one.
                    for other in p.legal_moves() {
                        let mut q = p;
                        q.play(&other).expect("legal");
                        if let Some(rest) = shortest_turns(&q) {
                            prop_assert!(rest + (q.turns() - p.turns()) >= turns);
                        }
                    }
                }
                None => {
                    prop_assert!(p.outcome() == Some(Outcome::Solved) || best.is_none());
                }
            }
            // The turn-by-turn count agrees between turns (it is slow mid-chain, so skip there).
            if p.chain().is_none() && p.almond_count() <= 7 {
                prop_assert_eq!(turn_levels_until_won(&p, 8), best);
            }
        }
    }
}
