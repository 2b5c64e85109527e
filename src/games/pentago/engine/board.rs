//! The engine's board: one 36-bit set per player (bit `6 * row + col`, `A1` is bit 0),
//! quadrant turns by table lookup, fives by shifts, and the children of a position with
//! moves that lead to the same position merged.
//!
//! The rules' semantics are kept exactly (see [`crate::games::pentago::rules`]): a placement
//! that makes five wins at once without a rotation; after the rotation one five wins, fives
//! for both are a tie, and a full board without fives is a tie.

use crate::games::pentago::rules::{self, Dir, Quadrant, SIZE};

/// All 36 squares.
pub const FULL: u64 = (1 << 36) - 1;

/// Marks a placement that wins at once: no quadrant is turned.
pub const NO_ROTATION: u8 = u8::MAX;

/// The bit of a rules square `(row, col)`.
#[must_use]
pub const fn bit(row: usize, col: usize) -> u64 {
    1 << (row * SIZE + col)
}

/// A 3×3 quadrant read as nine bits (bit `3 * row + col` inside it) turned a quarter turn:
/// index 0 left (anticlockwise), 1 right (clockwise), as [`Dir::ALL`] orders them.
static TURNS: [[u16; 512]; 2] = turn_tables();

const fn turn_tables() -> [[u16; 512]; 2] {
    let mut tables = [[0u16; 512]; 2];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 9 {
            if x & (1 << k) != 0 {
                let (r, c) = (k / 3, k % 3);
                // Left: (r, c) -> (2 - c, r); right: (r, c) -> (c, 2 - r), as rules.rs.
                tables[0][x] |= 1 << ((2 - c) * 3 + r);
                tables[1][x] |= 1 << (c * 3 + (2 - r));
            }
            k += 1;
        }
        x += 1;
    }
    tables
}

/// The lowest bit of each quadrant, in quadrant order 1–4.
const ORIGIN: [u32; 4] = [0, 3, 18, 21];

/// The nine squares of each quadrant.
const QUADRANT: [u64; 4] = [
    0b111 * (1 | 1 << 6 | 1 << 12),
    0b111 << 3 | 0b111 << 9 | 0b111 << 15,
    0b111 << 18 | 0b111 << 24 | 0b111 << 30,
    0b111 << 21 | 0b111 << 27 | 0b111 << 33,
];

/// `bits` with quadrant `rotation / 2` (0-based) turned left (`rotation % 2 == 0`) or right.
#[must_use]
pub fn rotate(bits: u64, rotation: u8) -> u64 {
    let q = usize::from(rotation / 2);
    let s = ORIGIN[q];
    let x = (bits >> s) & 7 | ((bits >> (s + 6)) & 7) << 3 | ((bits >> (s + 12)) & 7) << 6;
    if x == 0 {
        return bits;
    }
    let y = u64::from(TURNS[usize::from(rotation % 2)][x as usize]);
    (bits & !QUADRANT[q]) | (y & 7) << s | ((y >> 3) & 7) << (s + 6) | (y >> 6) << (s + 12)
}

/// Start squares of the row fives (columns 1–2 of every row).
const ROW_STARTS: u64 = 0b11 * (1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24 | 1 << 30);
/// Start squares of the down-right diagonal fives: A1, A2, B1, B2.
const DIAG_STARTS: u64 = 0b11 | 0b11 << 6;
/// Start squares of the down-left diagonal fives: A5, A6, B5, B6.
const ANTI_STARTS: u64 = 0b11 << 4 | 0b11 << 10;

/// Whether `b` (a subset of [`FULL`]) holds five in a line.
#[must_use]
pub fn has_five(b: u64) -> bool {
    let row = b & b >> 1 & b >> 2 & b >> 3 & b >> 4 & ROW_STARTS;
    // Columns need no mask: a start below row B would reach past the board, where b is 0.
    let col = b & b >> 6 & b >> 12 & b >> 18 & b >> 24;
    let diag = b & b >> 7 & b >> 14 & b >> 21 & b >> 28 & DIAG_STARTS;
    let anti = b & b >> 5 & b >> 10 & b >> 15 & b >> 20 & ANTI_STARTS;
    row | col | diag | anti != 0
}

/// The 32 five-square segments as masks (the same as [`rules::LINES`]), for the evaluation.
pub static LINES: [u64; rules::LINE_COUNT] = line_masks();

const fn line_masks() -> [u64; rules::LINE_COUNT] {
    let mut masks = [0u64; rules::LINE_COUNT];
    let mut i = 0;
    while i < rules::LINE_COUNT {
        let mut k = 0;
        while k < 5 {
            let (r, c) = rules::LINES[i][k];
            masks[i] |= bit(r, c);
            k += 1;
        }
        i += 1;
    }
    masks
}

/// A move in the engine's terms: the square's bit index and the rotation
/// (`2 * (quadrant - 1) + direction`, direction 0 left, 1 right) or [`NO_ROTATION`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EngineMove {
    /// Bit index of the placed piece, `6 * row + col`.
    pub place: u8,
    /// Which quadrant turns which way, or [`NO_ROTATION`] for a winning placement.
    pub rotation: u8,
}

impl EngineMove {
    /// The rules' move: always legal in the position the engine generated it from.
    #[must_use]
    pub fn to_rules(self) -> rules::Move {
        let place = usize::from(self.place);
        rules::Move {
            place: (place / SIZE, place % SIZE),
            rotation: (self.rotation != NO_ROTATION).then(|| {
                (
                    Quadrant::ALL[usize::from(self.rotation / 2)],
                    Dir::ALL[usize::from(self.rotation % 2)],
                )
            }),
        }
    }

    #[cfg(test)]
    /// The engine's form of a rules move (no legality check).
    #[must_use]
    pub fn from_rules(mv: &rules::Move) -> Self {
        let (row, col) = mv.place;
        let rotation = mv.rotation.map_or(NO_ROTATION, |(q, d)| {
            let q = Quadrant::ALL.iter().position(|&x| x == q).unwrap_or(0);
            let d = Dir::ALL.iter().position(|&x| x == d).unwrap_or(0);
            (2 * q + d) as u8
        });
        Self {
            place: (row * SIZE + col) as u8,
            rotation,
        }
    }
}

/// A position with the side to place next first: its pieces and the other side's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The pieces of the side about to place.
    pub me: u64,
    /// The other side's pieces.
    pub you: u64,
}

/// How a move ends, seen from the side that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum After {
    /// The mover has five (alone): the game is won.
    Win,
    /// Fives for both, or a full board without fives.
    Tie,
    /// Only the other side has five: the rotation made the opponent win.
    Loss,
    /// The game goes on; the position is from the next mover's side.
    Open(Position),
}

/// One merged child: a move and where it leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Child {
    /// A move reaching [`Child::after`] (the first generated, of all that do).
    pub mv: EngineMove,
    /// The result of the move.
    pub after: After,
}

impl Position {
    /// The position of a rules game (its mover first); `None` once the game is over.
    #[must_use]
    pub fn from_game(game: &rules::Pentago) -> Option<Self> {
        use crate::core::Rules;
        let mover = game.to_move()?;
        let (mut me, mut you) = (0, 0);
        for (r, row) in game.board().iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                match cell {
                    Some(seat) if *seat == mover => me |= bit(r, c),
                    Some(_) => you |= bit(r, c),
                    None => {}
                }
            }
        }
        Some(Self { me, you })
    }

    /// The empty squares.
    #[must_use]
    pub fn empty(self) -> u64 {
        FULL & !(self.me | self.you)
    }

    /// What playing `mv` leads to (the move must be on an empty square).
    #[must_use]
    pub fn after(self, mv: EngineMove) -> After {
        let me = self.me | 1 << mv.place;
        if mv.rotation == NO_ROTATION {
            return After::Win;
        }
        let me = rotate(me, mv.rotation);
        let you = rotate(self.you, mv.rotation);
        judge(me, you)
    }

    /// Every distinct result of a move, with one move for each (the first in generation
    /// order: squares A1 to F6, rotations 1L, 1R … 4R), wins first, then ties, losses and
    /// the open positions. A placement that makes five gives one child
    /// [`After::Win`] and no rotations, as the rules want.
    ///
    /// `stop_at_win` ends the list at the first win, which is then its only entry: searches
    /// need no more.
    pub fn children_into(self, out: &mut Vec<Child>, stop_at_win: bool) {
        out.clear();
        let mut empty = self.empty();
        while empty != 0 {
            let place = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let me = self.me | 1 << place;
            let rotations = if has_five(me) {
                NO_ROTATION..=NO_ROTATION
            } else {
                0..=7
            };
            for rotation in rotations {
                let after = if rotation == NO_ROTATION {
                    After::Win
                } else {
                    judge(rotate(me, rotation), rotate(self.you, rotation))
                };
                let child = Child {
                    mv: EngineMove { place, rotation },
                    after,
                };
                if stop_at_win && after == After::Win {
                    out.clear();
                    out.push(child);
                    return;
                }
                out.push(child);
            }
        }
        // Merge: a turn of an empty quadrant (or of one that looks the same turned), and now
        // and then two different placements, lead to the same position; so do all wins, all
        // ties and all losses. One move per result is kept: the first in generation order.
        out.sort_unstable_by_key(|c| (c.after, c.mv));
        out.dedup_by_key(|c| c.after);
    }

    /// [`Position::children_into`] into a new list.
    #[must_use]
    pub fn children(self) -> Vec<Child> {
        let mut out = Vec::with_capacity(288);
        self.children_into(&mut out, false);
        out
    }

    /// A move that wins at once, if there is one.
    #[must_use]
    pub fn winning_move(self) -> Option<EngineMove> {
        let mut empty = self.empty();
        let mut rotating = None;
        while empty != 0 {
            let place = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let me = self.me | 1 << place;
            if has_five(me) {
                return Some(EngineMove {
                    place,
                    rotation: NO_ROTATION,
                });
            }
            if rotating.is_none() {
                rotating = (0..8u8)
                    .find(|&r| judge(rotate(me, r), rotate(self.you, r)) == After::Win)
                    .map(|rotation| EngineMove { place, rotation });
            }
        }
        rotating
    }

    /// Whether the side to place can win at once.
    #[must_use]
    pub fn can_win_now(self) -> bool {
        self.winning_move().is_some()
    }
}

/// The result once a turn is complete with `me` the side that just moved.
#[must_use]
pub fn judge(me: u64, you: u64) -> After {
    match (has_five(me), has_five(you)) {
        (true, true) => After::Tie,
        (true, false) => After::Win,
        (false, true) => After::Loss,
        (false, false) if me | you == FULL => After::Tie,
        (false, false) => After::Open(Position { me: you, you: me }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Rules, Seat};
    use crate::games::pentago::rules::{
        Board, Pentago, has_five as rules_has_five, rotate as rules_rotate,
    };
    use proptest::prelude::*;

    fn to_bits(board: &Board, seat: Seat) -> u64 {
        let mut b = 0;
        for (r, row) in board.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if *cell == Some(seat) {
                    b |= bit(r, c);
                }
            }
        }
        b
    }

    fn arb_board() -> impl Strategy<Value = Board> {
        proptest::collection::vec(
            prop_oneof![
                Just(None),
                Just(Some(Seat::First)),
                Just(Some(Seat::Second))
            ],
            36,
        )
        .prop_map(|cells| {
            let mut board = [[None; SIZE]; SIZE];
            for (i, cell) in cells.into_iter().enumerate() {
                board[i / SIZE][i % SIZE] = cell;
            }
            board
        })
    }

    /// Plays random legal moves (picked by `choices`) from the empty board.
    fn random_game(choices: &[usize]) -> Pentago {
        let mut game = Pentago::new();
        for &choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(&moves[choice % moves.len()]).expect("legal");
        }
        game
    }

    #[test]
    fn line_masks_are_the_rules_lines_and_distinct() {
        let mut masks = LINES.to_vec();
        masks.sort_unstable();
        masks.dedup();
        assert_eq!(masks.len(), 32);
        assert!(masks.iter().all(|m| m.count_ones() == 5 && m & !FULL == 0));
        for m in LINES {
            assert!(has_five(m));
            for k in 0..36 {
                if m & 1 << k != 0 {
                    assert!(!has_five(m & !(1 << k)));
                }
            }
        }
    }

    #[test]
    fn the_empty_boards_288_moves_merge_into_36_results() {
        let start = Position { me: 0, you: 0 };
        let kids = start.children();
        // All 288 moves leave one piece on an otherwise empty board, and every square can
        // be where it ends up: 36 distinct results, merged across placements too.
        assert_eq!(kids.len(), 36);
        let mut squares: Vec<u64> = kids
            .iter()
            .map(|c| match c.after {
                After::Open(next) => next.you,
                other => panic!("{other:?}"),
            })
            .collect();
        squares.sort_unstable();
        squares.dedup();
        assert_eq!(squares.len(), 36);
    }

    proptest! {
        #[test]
        fn fives_agree_with_the_rules(board in arb_board()) {
            for seat in [Seat::First, Seat::Second] {
                prop_assert_eq!(has_five(to_bits(&board, seat)), rules_has_five(&board, seat));
            }
        }

        #[test]
        fn turns_agree_with_the_rules(board in arb_board(), rotation in 0u8..8) {
            let mv = EngineMove { place: 0, rotation }.to_rules();
            let (q, d) = mv.rotation.expect("a rotation");
            let turned = rules_rotate(&board, q, d);
            for seat in [Seat::First, Seat::Second] {
                prop_assert_eq!(rotate(to_bits(&board, seat), rotation), to_bits(&turned, seat));
            }
        }

        /// Merging never drops a distinct result: the merged children's results are exactly
        /// the results of all the rules' legal moves, and every merged move is legal and
        /// leads where the child says.
        #[test]
        fn merged_children_cover_every_rules_move(choices in proptest::collection::vec(0usize..1000, 0..36)) {
            let game = random_game(&choices);
            let Some(pos) = Position::from_game(&game) else { return Ok(()); };
            let mover = game.next_seat();
            let result = |g: &Pentago| -> After {
                match g.outcome() {
                    Some(Outcome::Won(seat)) if seat == mover => After::Win,
                    Some(Outcome::Won(_)) => After::Loss,
                    Some(_) => After::Tie,
                    None => After::Open(Position::from_game(g).expect("open")),
                }
            };
            let mut from_rules: Vec<After> = game.legal_moves().iter().map(|mv| {
                let mut g = game.clone();
                g.play(mv).expect("legal");
                result(&g)
            }).collect();
            from_rules.sort_unstable();
            from_rules.dedup();
            let kids = pos.children();
            let mut merged: Vec<After> = kids.iter().map(|c| c.after).collect();
            merged.sort_unstable();
            let before = merged.len();
            merged.dedup();
            prop_assert_eq!(before, merged.len(), "children are distinct");
            prop_assert_eq!(&merged, &from_rules);
            for kid in kids {
                let mut g = game.clone();
                g.play(&kid.mv.to_rules()).expect("engine moves are legal");
                prop_assert_eq!(result(&g), kid.after);
                prop_assert_eq!(pos.after(kid.mv), kid.after);
                prop_assert_eq!(EngineMove::from_rules(&kid.mv.to_rules()), kid.mv);
            }
            // A win in one exists exactly when some rules move wins.
            prop_assert_eq!(pos.can_win_now(), from_rules.contains(&After::Win));
        }
    }
}
