//! Nine Almonds as a state machine (GAMES.md §1): the almonds on a 5×5 board, the almond in the
//! middle of a chain of jumps, and the number of turns begun.
//!
//! One [`Move`] is one jump (or the decision to end a chain), so undo in [`crate::core::History`]
//! takes back a single jump, as the issue asks.

use std::fmt;

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

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
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                format!("no more moves: {why}."),
            ));
        }
        match mv {
            Move::EndTurn => {
                if self.chain.is_none() {
                    return Err(IllegalMove::new(
                        IllegalReason::Forbidden,
                        "there is no chain of jumps to end: pick an almond to jump with.",
                    ));
                }
            }
            Move::Jump { from, to } => {
                if let Some(chained) = self.chain
                    && chained != from
                {
                    return Err(IllegalMove::new(
                        IllegalReason::Forbidden,
                        format!("only the almond on {chained} may jump until this turn ends."),
                    ));
                }
                if !self.has_almond(from) {
                    return Err(IllegalMove::new(
                        IllegalReason::NoPiece,
                        format!("there is no almond on {from}."),
                    ));
                }
                if self.has_almond(to) {
                    return Err(IllegalMove::new(
                        IllegalReason::Occupied,
                        format!("{to} is not empty."),
                    ));
                }
                let Some((over, _)) = jump_lines(from).find(|&(_, landing)| landing == to) else {
                    return Err(IllegalMove::new(
                        IllegalReason::Unreachable,
                        format!(
                            "{from} to {to} is not a jump: an almond lands two squares away in a \
                         straight or diagonal line."
                        ),
                    ));
                };
                if !self.has_almond(over) {
                    return Err(IllegalMove::new(
                        IllegalReason::Unreachable,
                        format!("there is no almond on {over} to jump over."),
                    ));
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
#[path = "rules_tests.rs"]
pub(crate) mod tests;
