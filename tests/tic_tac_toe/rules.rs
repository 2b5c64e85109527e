//! The rules: a 3×3 board, x first, three in a line wins, a full board is a draw.

use parlor::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// A square: `(x, y)`, `x` the column from the left (a–c), `y` the row from the bottom (1–3).
pub type Square = (u8, u8);

/// The eight lines.
const LINES: [[Square; 3]; 8] = [
    [(0, 0), (1, 0), (2, 0)],
    [(0, 1), (1, 1), (2, 1)],
    [(0, 2), (1, 2), (2, 2)],
    [(0, 0), (0, 1), (0, 2)],
    [(1, 0), (1, 1), (1, 2)],
    [(2, 0), (2, 1), (2, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 2), (1, 1), (2, 0)],
];

/// A position: the marks, row by row from the bottom.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Board {
    cells: [[Option<Seat>; 3]; 3],
}

impl Board {
    /// The mark on a square.
    #[must_use]
    pub fn at(&self, (x, y): Square) -> Option<Seat> {
        self.cells[usize::from(y)][usize::from(x)]
    }

    fn marks(&self) -> usize {
        self.cells.iter().flatten().filter(|c| c.is_some()).count()
    }

    fn winner(&self) -> Option<Seat> {
        LINES.iter().find_map(|line| {
            let first = self.at(line[0])?;
            line.iter()
                .all(|&sq| self.at(sq) == Some(first))
                .then_some(first)
        })
    }

    /// Every square, bottom row first.
    pub fn squares() -> impl Iterator<Item = Square> {
        (0..3).flat_map(|y| (0..3).map(move |x| (x, y)))
    }
}

impl Rules for Board {
    type Move = Square;

    fn legal_moves(&self) -> Vec<Square> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        Self::squares()
            .filter(|&sq| self.at(sq).is_none())
            .collect()
    }

    fn play(&mut self, &(x, y): &Square) -> Result<(), IllegalMove> {
        let Some(seat) = self.to_move() else {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                "the game is over",
            ));
        };
        if x > 2 || y > 2 {
            return Err(IllegalMove::new(IllegalReason::OffBoard, "not a square"));
        }
        if self.at((x, y)).is_some() {
            return Err(IllegalMove::new(
                IllegalReason::Occupied,
                "that square is taken",
            ));
        }
        self.cells[usize::from(y)][usize::from(x)] = Some(seat);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(seat) => Some(Outcome::Won(seat)),
            None if self.marks() == 9 => Some(Outcome::Draw),
            None => None,
        }
    }

    fn to_move(&self) -> Option<Seat> {
        if self.outcome().is_some() {
            None
        } else if self.marks().is_multiple_of(2) {
            Some(Seat::First)
        } else {
            Some(Seat::Second)
        }
    }
}

/// The best move by a full search (the tree is tiny): wins soonest, loses latest.
#[must_use]
pub fn best_move(board: &Board) -> Option<Square> {
    let mover = board.to_move()?;
    board.legal_moves().into_iter().max_by_key(|mv| {
        let mut next = board.clone();
        let _ = next.play(mv);
        -value(&next, mover.other())
    })
}

/// The position's value for `seat` to move: positive when it wins (sooner is larger).
fn value(board: &Board, seat: Seat) -> i32 {
    match board.outcome() {
        Some(Outcome::Won(winner)) => {
            let score = 10 - i32::try_from(board.marks()).unwrap_or(9);
            if winner == seat { score } else { -score }
        }
        Some(_) => 0,
        None => board
            .legal_moves()
            .iter()
            .map(|mv| {
                let mut next = board.clone();
                let _ = next.play(mv);
                -value(&next, seat.other())
            })
            .max()
            .unwrap_or(0),
    }
}
