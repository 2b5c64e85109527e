//! Nine Almonds as text: squares `x,y` (`(0,0)` lower left), jumps `2,2 to 2,4`, the chain
//! line `2,2 to 2,4 to 4,2` plain mode prints and the screen shows, and the board rows a save
//! stores.

use crate::core::{NotationError, NotationReason};

use super::rules::{Move, NineAlmonds, SIZE, Setup, SetupError, Square};

/// The word [`Move::EndTurn`] is written as, in the history panel and in saves.
pub const END_TURN: &str = "end turn";

/// Reads a square written `x,y` (spaces and surrounding parentheses allowed: `(2, 3)`).
///
/// # Errors
/// A [`NotationError`] saying what was expected when the text is not two numbers 0–4.
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let trimmed = text.trim();
    let (x, y) = crate::core::coordinates::parse_xy(trimmed).ok_or_else(|| {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{trimmed}\" is not a square: type x,y with x and y from 0 to 4, such as 2,2."
            ),
        )
    })?;
    Square::new(x, y).ok_or_else(|| {
        NotationError::new(
            NotationReason::OffBoard,
            format!(
                "{x},{y} is off the board: x and y go from 0 to {}.",
                SIZE - 1
            ),
        )
    })
}

#[cfg(test)]
/// Writes a square as `x,y`.
pub fn format_square(square: Square) -> String {
    square.to_string()
}

/// Writes a move: a jump as `2,2 to 2,4`, ending a chain as [`END_TURN`].
pub fn format_move(mv: &Move) -> String {
    match mv {
        Move::Jump { from, to } => format!("{from} to {to}"),
        Move::EndTurn => END_TURN.to_owned(),
    }
}

/// Reads a move as [`format_move`] writes it (`2,2 to 2,4`, `end turn`).
///
/// # Errors
/// A [`NotationError`] for anything else, saying what was expected.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case(END_TURN) {
        return Ok(Move::EndTurn);
    }
    let (from, to) = trimmed.split_once(" to ").ok_or_else(|| {
        NotationError::new(
            NotationReason::Malformed,
            format!("\"{trimmed}\" is not a move: write a jump as 2,2 to 2,4, or \"{END_TURN}\"."),
        )
    })?;
    Ok(Move::Jump {
        from: parse_square(from)?,
        to: parse_square(to)?,
    })
}

/// The chain line of a turn: the almond's squares joined by ` to `, e.g. `2,2 to 2,4 to 4,2`.
pub fn chain_line(squares: &[Square]) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" to ")
}

/// The board as rows of text for a save, top row (y = 4) first: `A` an almond, `.` empty.
pub fn rows(position: &NineAlmonds) -> Vec<String> {
    (0..SIZE)
        .rev()
        .map(|y| {
            (0..SIZE)
                .filter_map(|x| Square::new(x, y))
                .map(|s| if position.has_almond(s) { 'A' } else { '.' })
                .collect()
        })
        .collect()
}

/// Rebuilds a position from a save's rows (as [`rows`] writes them; spaces between squares are
/// ignored), the chain almond and the turn count, checking everything.
///
/// # Errors
/// A [`SetupError`] naming the first thing wrong: the shape of the rows, an unknown character,
/// or a position no game can reach (see [`NineAlmonds::try_from`]).
pub fn from_rows<S: AsRef<str>>(
    board: &[S],
    chain: Option<Square>,
    turns: u32,
) -> Result<NineAlmonds, SetupError> {
    if board.len() != usize::from(SIZE) {
        return Err(SetupError::RowCount(board.len()));
    }
    let mut almonds = Vec::new();
    for (row, text) in board.iter().enumerate() {
        let y = SIZE - 1 - row as u8;
        let cells: Vec<char> = text.as_ref().chars().filter(|c| *c != ' ').collect();
        if cells.len() != usize::from(SIZE) {
            return Err(SetupError::RowLength {
                row: y,
                len: cells.len(),
            });
        }
        for (x, cell) in (0..SIZE).zip(cells) {
            let square = Square::new(x, y).expect("x and y are below SIZE");
            match cell {
                'A' | 'a' => almonds.push(square),
                '.' => {}
                found => return Err(SetupError::BadCell { square, found }),
            }
        }
    }
    NineAlmonds::try_from(Setup {
        almonds,
        chain,
        turns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{History, Rules};
    use crate::games::nine_almonds::rules::tests::{jump, sq, walk};
    use proptest::prelude::*;

    #[test]
    fn squares_read_and_print_as_x_comma_y() {
        assert_eq!(parse_square("2,3"), Ok(sq(2, 3)));
        assert_eq!(parse_square(" 0 , 4 "), Ok(sq(0, 4)));
        assert_eq!(parse_square("(4,0)"), Ok(sq(4, 0)));
        assert_eq!(format_square(sq(2, 3)), "2,3");
        assert_eq!(
            parse_square("5,1"),
            Err(NotationError::new(
                NotationReason::OffBoard,
                "5,1 is off the board: x and y go from 0 to 4."
            ))
        );
        for bad in ["", "2", "2,", ",2", "a,b", "-1,2", "2;2", "2,2,2"] {
            assert!(parse_square(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn moves_read_and_print_as_the_seed_writes_them() {
        assert_eq!(format_move(&jump((2, 2), (2, 4))), "2,2 to 2,4");
        assert_eq!(parse_move("2,2 to 2,4"), Ok(jump((2, 2), (2, 4))));
        assert_eq!(format_move(&Move::EndTurn), "end turn");
        assert_eq!(parse_move("End Turn"), Ok(Move::EndTurn));
        assert!(parse_move("2,2 2,4").is_err());
        assert!(parse_move("2,2 to 9,9").is_err());
    }

    #[test]
    fn the_chain_line_joins_the_squares_of_a_turn() {
        assert_eq!(
            chain_line(&[sq(2, 2), sq(2, 4), sq(4, 2)]),
            "2,2 to 2,4 to 4,2"
        );
        let mut history = History::new(NineAlmonds::new());
        let line = |h: &History<NineAlmonds>| chain_line(&h.current().trail());
        assert_eq!(line(&history), "");
        for mv in [jump((2, 2), (2, 4)), jump((2, 4), (4, 2))] {
            history.play(&mv).expect("legal");
        }
        assert_eq!(line(&history), "2,2 to 2,4 to 4,2");
        // Ending the turn keeps the last turn's line until the next turn starts.
        history.play(&Move::EndTurn).expect("legal");
        assert_eq!(line(&history), "2,2 to 2,4 to 4,2");
        history.play(&jump((1, 2), (3, 0))).expect("legal");
        assert_eq!(line(&history), "1,2 to 3,0");
        history.undo();
        history.undo();
        assert_eq!(line(&history), "2,2 to 2,4 to 4,2");
        history.undo();
        assert_eq!(line(&history), "2,2 to 2,4");
    }

    #[test]
    fn rows_show_the_board_top_row_first() {
        assert_eq!(
            rows(&NineAlmonds::new()),
            vec![".....", ".AAA.", ".AAA.", ".AAA.", "....."]
        );
        assert_eq!(
            from_rows(&[".....", ". A A A .", ".AAA.", ".aaa.", "....."], None, 0),
            Ok(NineAlmonds::new())
        );
    }

    #[test]
    fn bad_rows_are_refused_with_a_reason() {
        assert_eq!(
            from_rows(&["....."; 4], None, 0),
            Err(SetupError::RowCount(4))
        );
        assert_eq!(
            from_rows(&[".....", "....", ".....", ".....", "....."], None, 0),
            Err(SetupError::RowLength { row: 3, len: 4 })
        );
        assert_eq!(
            from_rows(&[".....", ".....", "..X..", ".....", "....."], None, 0),
            Err(SetupError::BadCell {
                square: sq(2, 2),
                found: 'X'
            })
        );
        assert_eq!(
            from_rows(&["....."; 5], None, 0),
            Err(SetupError::NoAlmonds)
        );
        let message = from_rows(&[".....", ".....", "..X..", ".....", "....."], None, 0)
            .expect_err("bad cell")
            .to_string();
        assert_eq!(
            message,
            "square 2,2 holds 'X', expected A (almond) or . (empty)"
        );
    }

    proptest! {
        #[test]
        fn rows_round_trip(choices in proptest::collection::vec(any::<usize>(), 0..12)) {
            let p = walk(&choices);
            prop_assert_eq!(from_rows(&rows(&p), p.chain(), p.turns()), Ok(p));
        }

        #[test]
        fn moves_round_trip(choices in proptest::collection::vec(any::<usize>(), 0..12)) {
            let p = walk(&choices);
            for mv in p.legal_moves() {
                prop_assert_eq!(parse_move(&format_move(&mv)), Ok(mv));
            }
        }
    }
}
