//! Nine Almonds as a state machine (GAMES.md §1): the almonds on a 5×5 board, the almond in the
//! middle of a chain of jumps, and the number of turns begun.
//!
//! One [`Move`] is one jump (or the decision to end a chain), so undo in [`crate::core::History`]
//! takes back a single jump, as the issue asks.

use std::fmt;

use crate::core::{IllegalMove, Outcome, Rules, Seat};

/// Squares per side of the board.
pub const SIZE: u8 = 5;

/// The square the last almond must end on to win.
pub const CENTRE: Square = Square { x: 2, y: 2 };

/// How many almonds the game starts with; no reachable position has more.
pub const START_ALMONDS: u32 = 9;

/// The eight directions an almond may jump in: orthogonal and diagonal.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A square of the board as `(x,y)`, `(0,0)` at the lower left, the way the seed prints it.
///
/// Only squares on the board can be built through [`Square::new`], so code holding a `Square`
/// never has to re-check the bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    x: u8,
    y: u8,
}

impl Square {
    /// The square at column `x`, row `y`, or `None` off the board.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Option<Self> {
        if x < SIZE && y < SIZE {
            Some(Self { x, y })
        } else {
            None
        }
    }

    /// The column, 0 at the left.
    pub const fn x(self) -> u8 {
        self.x
    }

    /// The row, 0 at the bottom.
    pub const fn y(self) -> u8 {
        self.y
    }

    /// Position in the 25-bit board mask (row by row from the bottom), shared with the solver.
    pub const fn index(self) -> u8 {
        self.y * SIZE + self.x
    }

    /// The square with the given mask index, `None` from 25 on.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Self> {
        Self::new(index % SIZE, index / SIZE)
    }

    /// Every square, bottom row first, left to right: the stable order of [`Rules::legal_moves`].
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SIZE * SIZE).filter_map(Self::from_index)
    }

    /// The square `steps` squares away in direction `(dx, dy)`, if it is on the board.
    fn step(self, (dx, dy): (i8, i8), steps: i8) -> Option<Self> {
        let x = self.x as i8 + dx * steps;
        let y = self.y as i8 + dy * steps;
        if x < 0 || y < 0 {
            return None;
        }
        Self::new(x as u8, y as u8)
    }

    /// The mask bit of this square.
    const fn bit(self) -> u32 {
        1 << self.index()
    }
}

impl fmt::Display for Square {
    /// `x,y`, the form plain mode reads and the seed prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// One step of a turn: a jump, or ending the chain of jumps early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// The almond on `from` jumps over its neighbour onto the empty `to`, two squares away.
    Jump {
        /// Where the jumping almond stands.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Stop the chain in progress; the next jump starts a new turn with any almond.
    EndTurn,
}

/// The squares `(over, to)` of every jump `from` could make on an empty-enough board: the
/// neighbour jumped and the landing square, in [`DIRECTIONS`] order.
fn jump_lines(from: Square) -> impl Iterator<Item = (Square, Square)> {
    DIRECTIONS
        .into_iter()
        .filter_map(move |d| Some((from.step(d, 1)?, from.step(d, 2)?)))
}

/// The squares one almond visited in a turn, in order: at most nine (eight jumps empty the
/// board down to one almond). A fixed array keeps positions `Copy`.
#[derive(Debug, Clone, Copy, Default)]
struct Trail {
    squares: [u8; START_ALMONDS as usize],
    len: u8,
}

impl Trail {
    /// A trail starting on `square`.
    fn starting_at(square: Square) -> Self {
        let mut trail = Self::default();
        trail.push(square);
        trail
    }

    fn push(&mut self, square: Square) {
        if let Some(slot) = self.squares.get_mut(usize::from(self.len)) {
            *slot = square.index();
            self.len += 1;
        }
    }

    fn squares(&self) -> Vec<Square> {
        self.squares[..usize::from(self.len)]
            .iter()
            .filter_map(|&i| Square::from_index(i))
            .collect()
    }
}

/// A Nine Almonds position: which squares hold almonds, which almond is in the middle of a
/// chain (only it may jump until the chain ends), and how many turns have been begun.
///
/// A turn counts from its first jump, so a game quit in the middle of a chain reports that
/// turn, and the turn counter at the win is the number of turns the player took.
///
/// The position also remembers the squares of the latest turn (the chain line the player
/// reads, `2,2 to 2,4 to 4,2`), so a screen can show it without the move list. That trail is
/// an annotation, not part of the position: equality and hashing ignore it.
#[derive(Debug, Clone, Copy)]
pub struct NineAlmonds {
    /// Bit `Square::index` set when the square holds an almond.
    almonds: u32,
    /// The almond that has just jumped and may jump again; `None` between turns.
    chain: Option<Square>,
    /// Turns begun so far.
    turns: u32,
    /// The squares of the turn in progress, or of the last turn once it ended.
    trail: Trail,
}

impl PartialEq for NineAlmonds {
    fn eq(&self, other: &Self) -> bool {
        (self.almonds, self.chain, self.turns) == (other.almonds, other.chain, other.turns)
    }
}

impl Eq for NineAlmonds {}

impl std::hash::Hash for NineAlmonds {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.almonds, self.chain, self.turns).hash(state);
    }
}

impl Default for NineAlmonds {
    fn default() -> Self {
        Self::new()
    }
}

impl NineAlmonds {
    /// The starting position: the centre 3×3 full, no turn played.
    #[must_use]
    pub fn new() -> Self {
        let almonds = Square::all()
            .filter(|s| (1..=3).contains(&s.x) && (1..=3).contains(&s.y))
            .fold(0, |mask, s| mask | s.bit());
        Self {
            almonds,
            chain: None,
            turns: 0,
            trail: Trail::default(),
        }
    }

    /// Whether `square` holds an almond.
    pub fn has_almond(&self, square: Square) -> bool {
        self.almonds & square.bit() != 0
    }

    /// The occupied squares as a 25-bit mask (bit `Square::index`), for the solver's tables.
    pub fn mask(&self) -> u32 {
        self.almonds
    }

    /// How many almonds are left.
    pub fn almond_count(&self) -> u32 {
        self.almonds.count_ones()
    }

    /// The almond in the middle of a chain, which alone may jump next; `None` between turns.
    pub fn chain(&self) -> Option<Square> {
        self.chain
    }

    /// Turns begun so far (a chain of jumps is one turn).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// The squares of the turn in progress, or of the last turn once it has ended: the chain
    /// line `2,2 to 2,4 to 4,2`. Empty before the first jump (and for a position loaded
    /// between turns, whose last turn is not known).
    pub fn trail(&self) -> Vec<Square> {
        self.trail.squares()
    }

    /// The landing squares of every jump the almond on `from` can make now, ignoring whose
    /// turn it is (the screen marks these for a selected almond).
    pub fn landings(&self, from: Square) -> Vec<Square> {
        if !self.has_almond(from) {
            return Vec::new();
        }
        jump_lines(from)
            .filter(|&(over, to)| self.has_almond(over) && !self.has_almond(to))
            .map(|(_, to)| to)
            .collect()
    }

    /// Whether the almond on `from` has at least one jump.
    pub fn can_jump_from(&self, from: Square) -> bool {
        !self.landings(from).is_empty()
    }

    /// The almonds that may start or continue a jump right now: the chain almond alone during
    /// a chain, otherwise every almond with a jump.
    pub fn movable(&self) -> Vec<Square> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        match self.chain {
            Some(square) => vec![square],
            None => Square::all().filter(|&s| self.can_jump_from(s)).collect(),
        }
    }

    /// Whether any almond anywhere can jump.
    fn any_jump(&self) -> bool {
        Square::all().any(|s| self.can_jump_from(s))
    }

    /// Checks a move against the position and says why it is refused, in one sentence.
    fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            let why = match outcome {
                Outcome::Solved => "the puzzle is already solved",
                _ => "the game is over",
            };
            return Err(IllegalMove(format!("no more moves: {why}.")));
        }
        match mv {
            Move::EndTurn => {
                if self.chain.is_none() {
                    return Err(IllegalMove(
                        "there is no chain of jumps to end: pick an almond to jump with.".into(),
                    ));
                }
            }
            Move::Jump { from, to } => {
                if let Some(chained) = self.chain
                    && chained != from
                {
                    return Err(IllegalMove(format!(
                        "only the almond on {chained} may jump until this turn ends."
                    )));
                }
                if !self.has_almond(from) {
                    return Err(IllegalMove(format!("there is no almond on {from}.")));
                }
                if self.has_almond(to) {
                    return Err(IllegalMove(format!("{to} is not empty.")));
                }
                let Some((over, _)) = jump_lines(from).find(|&(_, landing)| landing == to) else {
                    return Err(IllegalMove(format!(
                        "{from} to {to} is not a jump: an almond lands two squares away in a \
                         straight or diagonal line."
                    )));
                };
                if !self.has_almond(over) {
                    return Err(IllegalMove(format!(
                        "there is no almond on {over} to jump over."
                    )));
                }
            }
        }
        Ok(())
    }
}

impl Rules for NineAlmonds {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let jumps = self.movable().into_iter().flat_map(|from| {
            self.landings(from)
                .into_iter()
                .map(move |to| Move::Jump { from, to })
        });
        let mut moves: Vec<Move> = jumps.collect();
        if self.chain.is_some() {
            moves.push(Move::EndTurn);
        }
        moves
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        self.check(*mv)?;
        match *mv {
            Move::EndTurn => self.chain = None,
            Move::Jump { from, to } => {
                let over = Square {
                    x: u8::midpoint(from.x, to.x),
                    y: u8::midpoint(from.y, to.y),
                };
                if self.chain.is_none() {
                    self.turns += 1;
                    self.trail = Trail::starting_at(from);
                }
                self.trail.push(to);
                self.almonds &= !(from.bit() | over.bit());
                self.almonds |= to.bit();
                self.chain = self.can_jump_from(to).then_some(to);
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.almonds == CENTRE.bit() {
            Some(Outcome::Solved)
        } else if self.chain.is_none() && !self.any_jump() {
            Some(Outcome::Lost)
        } else {
            None
        }
    }

    fn to_move(&self) -> Option<Seat> {
        None
    }
}

/// A position as untrusted data (a save): the almonds, the chain almond and the turn count,
/// not yet checked. [`NineAlmonds::try_from`] turns it into a position once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The squares holding almonds.
    pub almonds: Vec<Square>,
    /// The almond in the middle of a chain, if any.
    pub chain: Option<Square>,
    /// Turns begun so far.
    pub turns: u32,
}

/// Why a save's position cannot be a Nine Almonds position. One sentence each, shown to the
/// player as is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board text does not have one row per board row.
    #[error("the board has {0} rows, expected 5")]
    RowCount(usize),
    /// A row of the board text is too short or too long.
    #[error("board row {row} has {len} squares, expected 5")]
    RowLength {
        /// Row number as printed, 4 at the top.
        row: u8,
        /// How many squares it has.
        len: usize,
    },
    /// A square holds something other than an almond (`A`) or nothing (`.`).
    #[error("square {square} holds {found:?}, expected A (almond) or . (empty)")]
    BadCell {
        /// Where.
        square: Square,
        /// What was found.
        found: char,
    },
    /// The board is empty: no game reaches that.
    #[error("the board has no almonds")]
    NoAlmonds,
    /// More almonds than the game starts with.
    #[error("the board has {0} almonds, the game never has more than 9")]
    TooManyAlmonds(u32),
    /// The same square was listed twice.
    #[error("square {0} is listed twice")]
    Duplicate(Square),
    /// The chain almond is missing or could not jump again (its turn would have ended).
    #[error("the almond in the middle of a chain, on {0}, {1}")]
    BadChain(Square, &'static str),
    /// The turn count cannot go with this many almonds.
    #[error("{turns} turns cannot leave {almonds} almonds: every turn removes at least one")]
    Turns {
        /// Turns claimed.
        turns: u32,
        /// Almonds on the board.
        almonds: u32,
    },
}

impl TryFrom<Setup> for NineAlmonds {
    type Error = SetupError;

    /// Checks what any real game satisfies: 1 to 9 almonds, a chain almond that exists and can
    /// still jump, and a turn count between 1 and the number of almonds removed (0 only for
    /// the untouched start).
    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        let mut almonds = 0u32;
        for square in &setup.almonds {
            if almonds & square.bit() != 0 {
                return Err(SetupError::Duplicate(*square));
            }
            almonds |= square.bit();
        }
        let count = almonds.count_ones();
        if count == 0 {
            return Err(SetupError::NoAlmonds);
        }
        if count > START_ALMONDS {
            return Err(SetupError::TooManyAlmonds(count));
        }
        let removed = START_ALMONDS - count;
        let turns_ok = if removed == 0 {
            setup.turns == 0
        } else {
            (1..=removed).contains(&setup.turns)
        };
        if !turns_ok {
            return Err(SetupError::Turns {
                turns: setup.turns,
                almonds: count,
            });
        }
        let position = Self {
            almonds,
            chain: None,
            turns: setup.turns,
            trail: Trail::default(),
        };
        if let Some(chain) = setup.chain {
            if !position.has_almond(chain) {
                return Err(SetupError::BadChain(chain, "is not there"));
            }
            if !position.can_jump_from(chain) {
                return Err(SetupError::BadChain(chain, "has no jump left"));
            }
        }
        Ok(Self {
            chain: setup.chain,
            trail: setup.chain.map(Trail::starting_at).unwrap_or_default(),
            ..position
        })
    }
}

impl From<&NineAlmonds> for Setup {
    fn from(position: &NineAlmonds) -> Self {
        Self {
            almonds: Square::all().filter(|&s| position.has_almond(s)).collect(),
            chain: position.chain,
            turns: position.turns,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::core::History;
    use proptest::prelude::*;

    pub(crate) fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y).expect("test square on the board")
    }

    pub(crate) fn jump(from: (u8, u8), to: (u8, u8)) -> Move {
        Move::Jump {
            from: sq(from.0, from.1),
            to: sq(to.0, to.1),
        }
    }

    /// A position with almonds on the given squares, no chain, turns consistent.
    pub(crate) fn position(squares: &[(u8, u8)]) -> NineAlmonds {
        let almonds: Vec<Square> = squares.iter().map(|&(x, y)| sq(x, y)).collect();
        let turns = START_ALMONDS - almonds.len() as u32;
        NineAlmonds::try_from(Setup {
            almonds,
            chain: None,
            turns: turns.min(1),
        })
        .expect("valid test position")
    }

    #[test]
    fn the_start_has_the_centre_three_by_three() {
        let p = NineAlmonds::new();
        assert_eq!(p.almond_count(), 9);
        for s in Square::all() {
            let inner = (1..=3).contains(&s.x()) && (1..=3).contains(&s.y());
            assert_eq!(p.has_almond(s), inner, "{s}");
        }
        assert_eq!(p.turns(), 0);
        assert_eq!(p.chain(), None);
        assert_eq!(p.outcome(), None);
        assert_eq!(p.to_move(), None);
    }

    #[test]
    fn from_the_start_the_centre_and_edge_almonds_jump_and_the_corners_cannot() {
        let p = NineAlmonds::new();
        let moves = p.legal_moves();
        // The centre almond jumps over each of its eight neighbours onto the empty outer ring.
        assert_eq!(p.landings(sq(2, 2)).len(), 8);
        // An edge almond such as 1,2 jumps outward along the side of the 3x3, both ways
        // orthogonally and both ways diagonally; inward it would land on an almond.
        let mut edge = p.landings(sq(1, 2));
        edge.sort();
        assert_eq!(edge, vec![sq(1, 0), sq(1, 4), sq(3, 0), sq(3, 4)]);
        // A corner almond's jumps all land inside the full 3x3.
        for corner in [sq(1, 1), sq(3, 1), sq(1, 3), sq(3, 3)] {
            assert!(p.landings(corner).is_empty(), "{corner}");
        }
        assert_eq!(moves.len(), 8 + 4 * 4);
        assert!(
            !moves.contains(&Move::EndTurn),
            "no chain to end at the start"
        );
        for mv in &moves {
            let Move::Jump { from, to } = *mv else {
                panic!("only jumps outside a chain")
            };
            assert!(p.has_almond(from) && !p.has_almond(to));
        }
    }

    #[test]
    fn an_almond_jumps_in_each_of_the_eight_directions() {
        // Centre almond with a ring of eight neighbours and the outer ring empty.
        let mut squares = vec![(2, 2)];
        for (dx, dy) in DIRECTIONS {
            squares.push(((2 + dx) as u8, (2 + dy) as u8));
        }
        let p = position(&squares);
        let landings = p.landings(sq(2, 2));
        assert_eq!(landings.len(), 8);
        for (dx, dy) in DIRECTIONS {
            let to = sq((2 + 2 * dx) as u8, (2 + 2 * dy) as u8);
            assert!(landings.contains(&to), "direction ({dx},{dy})");
            let mut after = p;
            after
                .play(&Move::Jump { from: sq(2, 2), to })
                .expect("legal jump");
            let over = sq((2 + dx) as u8, (2 + dy) as u8);
            assert!(!after.has_almond(over), "jumped almond removed");
            assert!(!after.has_almond(sq(2, 2)), "jumper left its square");
            assert!(after.has_almond(to), "jumper landed");
            assert_eq!(after.almond_count(), 8);
        }
    }

    #[test]
    fn jumps_never_leave_the_board() {
        // An almond on the edge with a neighbour towards the edge cannot jump off the board.
        let p = position(&[(0, 0), (1, 1), (0, 4), (0, 3), (4, 2), (3, 2)]);
        assert!(
            p.landings(sq(1, 1)).is_empty(),
            "(1,1) over (0,0) leaves the board"
        );
        assert!(
            p.landings(sq(0, 3)).is_empty(),
            "(0,3) over (0,4) leaves the board"
        );
        assert!(
            p.landings(sq(3, 2)).is_empty(),
            "(3,2) over (4,2) leaves the board"
        );
        assert_eq!(p.landings(sq(0, 0)), vec![sq(2, 2)]);
        assert_eq!(p.landings(sq(0, 4)), vec![sq(0, 2)]);
        assert_eq!(p.landings(sq(4, 2)), vec![sq(2, 2)]);
        assert_eq!(Square::new(5, 0), None, "no square off the board");
        assert_eq!(Square::new(0, 5), None, "no square off the board");
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing() {
        let p = NineAlmonds::new();
        let cases = [
            (jump((0, 0), (2, 2)), "there is no almond on 0,0."),
            (jump((1, 1), (3, 3)), "3,3 is not empty."),
            (
                jump((2, 2), (3, 4)),
                "2,2 to 3,4 is not a jump: an almond lands two squares away in a straight or \
                 diagonal line.",
            ),
            (
                Move::EndTurn,
                "there is no chain of jumps to end: pick an almond to jump with.",
            ),
        ];
        for (mv, why) in cases {
            let mut q = p;
            assert_eq!(q.play(&mv), Err(IllegalMove(why.into())), "{mv:?}");
            assert_eq!(q, p);
        }
        let blocked = position(&[(0, 0), (1, 1), (2, 2)]);
        let mut q = blocked;
        assert_eq!(
            q.play(&jump((0, 0), (2, 2))),
            Err(IllegalMove("2,2 is not empty.".into()))
        );
        let gap = position(&[(0, 0), (3, 3), (3, 4)]);
        let mut q = gap;
        assert_eq!(
            q.play(&jump((0, 0), (2, 2))),
            Err(IllegalMove(
                "there is no almond on 1,1 to jump over.".into()
            ))
        );
    }

    #[test]
    fn a_chain_continues_with_the_same_almond_only() {
        let mut p = NineAlmonds::new();
        p.play(&jump((2, 2), (2, 4))).expect("legal");
        assert_eq!(
            p.chain(),
            Some(sq(2, 4)),
            "2,4 can jump again over 3,3 or 1,3"
        );
        assert_eq!(p.turns(), 1);
        let moves = p.legal_moves();
        assert!(moves.contains(&Move::EndTurn));
        assert!(moves.iter().all(|m| match m {
            Move::Jump { from, .. } => *from == sq(2, 4),
            Move::EndTurn => true,
        }));
        let mut q = p;
        assert_eq!(
            q.play(&jump((1, 2), (3, 2))),
            Err(IllegalMove(
                "only the almond on 2,4 may jump until this turn ends.".into()
            ))
        );
        p.play(&jump((2, 4), (4, 2))).expect("legal chain jump");
        assert_eq!(p.turns(), 1, "a chain is one turn");
        p.play(&Move::EndTurn).expect("end the chain");
        assert_eq!(p.chain(), None);
        assert_eq!(p.turns(), 1);
        p.play(&jump((1, 3), (1, 1))).ok();
        assert_eq!(p.turns(), 1, "1,1 is occupied: refused, no turn counted");
        p.play(&jump((1, 2), (3, 0)))
            .expect("a new turn with any almond");
        assert_eq!(p.turns(), 2);
    }

    #[test]
    fn the_turn_ends_by_itself_when_the_almond_cannot_jump_again() {
        // The seed's losing game: 1,2 to 1,4 leaves the almond on 1,4 with no jump.
        let mut p = NineAlmonds::new();
        p.play(&jump((1, 2), (1, 4))).expect("legal");
        assert_eq!(p.chain(), None);
        assert!(!p.legal_moves().contains(&Move::EndTurn));
        assert_eq!(p.turns(), 1);
        p.play(&jump((2, 2), (2, 4))).expect("legal");
        assert_eq!(p.turns(), 2);
    }

    #[test]
    fn winning_needs_the_last_almond_on_the_centre() {
        let mut p = position(&[(0, 2), (1, 2)]);
        p.play(&jump((0, 2), (2, 2))).expect("legal");
        assert_eq!(p.outcome(), Some(Outcome::Solved));
        assert!(p.legal_moves().is_empty());
        assert!(p.clone().play(&Move::EndTurn).is_err());

        let mut q = position(&[(0, 1), (1, 1)]);
        q.play(&jump((0, 1), (2, 1))).expect("legal");
        assert_eq!(q.almond_count(), 1);
        assert_eq!(
            q.outcome(),
            Some(Outcome::Lost),
            "one almond off the centre"
        );
    }

    #[test]
    fn no_jump_anywhere_is_a_loss() {
        // The seed's lost game ends with the four almonds on 0,4 3,4 0,1 3,1.
        let p = position(&[(0, 4), (3, 4), (0, 1), (3, 1)]);
        assert_eq!(p.outcome(), Some(Outcome::Lost));
        assert!(p.legal_moves().is_empty());
        let alive = position(&[(0, 4), (1, 4), (0, 1), (3, 1)]);
        assert_eq!(alive.outcome(), None);
    }

    #[test]
    fn setup_rejects_impossible_positions() {
        let ok = Setup {
            almonds: vec![sq(2, 2), sq(2, 3)],
            chain: None,
            turns: 3,
        };
        assert!(NineAlmonds::try_from(ok.clone()).is_ok());
        let bad = |f: &dyn Fn(&mut Setup)| {
            let mut s = ok.clone();
            f(&mut s);
            NineAlmonds::try_from(s).expect_err("should be refused")
        };
        assert_eq!(bad(&|s| s.almonds.clear()), SetupError::NoAlmonds);
        assert_eq!(
            bad(&|s| s.almonds.push(sq(2, 2))),
            SetupError::Duplicate(sq(2, 2))
        );
        assert_eq!(
            bad(&|s| s.almonds = Square::all().take(10).collect()),
            SetupError::TooManyAlmonds(10)
        );
        assert_eq!(
            bad(&|s| s.turns = 8),
            SetupError::Turns {
                turns: 8,
                almonds: 2
            }
        );
        assert_eq!(
            bad(&|s| s.turns = 0),
            SetupError::Turns {
                turns: 0,
                almonds: 2
            }
        );
        assert_eq!(
            bad(&|s| s.chain = Some(sq(0, 0))),
            SetupError::BadChain(sq(0, 0), "is not there")
        );
        assert_eq!(
            bad(&|s| {
                s.almonds = vec![sq(2, 2), sq(4, 4)];
                s.chain = Some(sq(2, 2));
            }),
            SetupError::BadChain(sq(2, 2), "has no jump left")
        );
        let start = Setup::from(&NineAlmonds::new());
        assert_eq!(NineAlmonds::try_from(start), Ok(NineAlmonds::new()));
    }

    /// A reachable position: a random walk of up to `steps` legal moves from the start.
    pub(crate) fn walk(choices: &[usize]) -> NineAlmonds {
        let mut p = NineAlmonds::new();
        for &choice in choices {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(&moves[choice % moves.len()])
                .expect("generated moves are legal");
        }
        p
    }

    proptest! {
        #[test]
        fn every_generated_move_is_legal_and_keeps_the_invariants(
            choices in proptest::collection::vec(any::<usize>(), 0..12)
        ) {
            let mut p = NineAlmonds::new();
            for choice in choices {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    prop_assert!(p.outcome().is_some());
                    break;
                }
                let before = p;
                let mv = moves[choice % moves.len()];
                prop_assert!(p.play(&mv).is_ok());
                if let Move::Jump { .. } = mv {
                    prop_assert_eq!(p.almond_count() + 1, before.almond_count());
                    let new_turn = before.chain().is_none();
                    prop_assert_eq!(p.turns(), before.turns() + u32::from(new_turn));
                }
                // The position always survives a trip through its setup.
                prop_assert_eq!(NineAlmonds::try_from(Setup::from(&p)), Ok(p));
                // A chain almond always has a jump; otherwise its turn would have ended.
                if let Some(c) = p.chain() {
                    prop_assert!(p.can_jump_from(c));
                }
            }
        }

        #[test]
        fn undo_then_redo_is_the_identity(
            choices in proptest::collection::vec(any::<usize>(), 0..12),
            back in 0usize..12,
        ) {
            let mut history = History::new(NineAlmonds::new());
            let mut positions = vec![*history.current()];
            for choice in choices {
                let moves = history.current().legal_moves();
                if moves.is_empty() {
                    break;
                }
                history.play(&moves[choice % moves.len()]).expect("legal");
                positions.push(*history.current());
            }
            let played = history.applied();
            let back = back.min(played);
            // Undo takes back one jump (or one EndTurn) at a time.
            for step in 1..=back {
                prop_assert!(history.undo());
                prop_assert_eq!(history.current(), &positions[played - step]);
            }
            for _ in 0..back {
                prop_assert!(history.redo());
            }
            prop_assert_eq!(history.current(), &positions[played]);
            prop_assert!(!history.redo());
        }
    }
}
