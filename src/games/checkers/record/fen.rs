//! Checkers positions as PDN's `FEN` tag: `B:W18,24,K10:B12,16,K22` — the side to move,
//! then each colour's squares (a `K` before a king), in the standard numbering: 1 to 32 row
//! by row from Black's side, so Black's men start on 1–12 and White's on 21–32 (Parlor's
//! `x,y` board has Black at the top, so square 1 is `1,7` and square 32 is `6,0`).
//!
//! Read liberally, as the PDN 3.0 standard asks: ranges (`W21-32`), a `?` side to move, a
//! trailing `.`, spaces, alphanumeric squares (`c3`, `a1` at White's lower left), and a man
//! on its crowning row read as the king it must be.

use super::super::rules::{Checkers, Piece, SIZE, Setup, SetupError, Square};
use crate::core::Seat;

/// Why a FEN text is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The shape is wrong (no colon, an unknown side).
    #[error("expected a side to move (B or W) and each colour's squares, like B:W21,22:B1,2")]
    Shape,
    /// A square that is not 1–32 or a1–h8.
    #[error("{0:?} is not a square (1 to 32)")]
    Square(String),
    /// Squares the rules refuse together.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// The square numbered `number` in standard notation (1 to 32).
#[must_use]
pub fn numbered(number: u8) -> Option<Square> {
    if !(1..=32).contains(&number) {
        return None;
    }
    let row = (number - 1) / 4;
    let y = SIZE - 1 - row;
    let x = ((number - 1) % 4) * 2 + u8::from(row.is_multiple_of(2));
    Some(Square::new(x, y))
}

/// A square written as a number (`15`, `05`) or in alphanumeric notation (`c3`: files from
/// White's left, ranks from White's side, so `a1` is square 29).
#[must_use]
pub fn parse_square(text: &str) -> Option<Square> {
    if let Ok(number) = text.parse::<u8>() {
        return numbered(number);
    }
    let mut chars = text.chars();
    let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    let x = u8::try_from(u32::from(file.to_ascii_lowercase()).checked_sub(u32::from('a'))?).ok()?;
    let y = u8::try_from(rank.to_digit(10)?.checked_sub(1)?).ok()?;
    let square = Square::new(x, y);
    square.is_dark().then_some(square)
}

/// Reads a FEN value into the position's pieces and the side to move (`?` reads as Black,
/// who moves first).
///
/// # Errors
/// [`FenError`] for a text that is not a FEN or squares that are not on the board.
pub fn parse(text: &str) -> Result<(Vec<(Square, Piece)>, Seat), FenError> {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.strip_suffix('.').unwrap_or(&text);
    let mut sections = text.split(':');
    let to_move = match sections.next().map(str::to_ascii_uppercase).as_deref() {
        Some("B" | "?") => Seat::First,
        Some("W") => Seat::Second,
        _ => return Err(FenError::Shape),
    };
    let mut pieces = Vec::new();
    for section in sections {
        let mut chars = section.chars();
        let side = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('B') => Seat::First,
            Some('W') => Seat::Second,
            _ => return Err(FenError::Shape),
        };
        for item in chars.as_str().split(',').filter(|s| !s.is_empty()) {
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, item),
            };
            let bad = || FenError::Square(crate::core::record::error::quote(item));
            let range = match squares.split_once('-') {
                Some((first, last)) => {
                    let first: u8 = first.parse().map_err(|_| bad())?;
                    let last: u8 = last.parse().map_err(|_| bad())?;
                    (first..=last.max(first))
                        .map(|n| numbered(n).ok_or_else(bad))
                        .collect::<Result<Vec<_>, _>>()?
                }
                None => vec![parse_square(squares).ok_or_else(bad)?],
            };
            // A man on its crowning row can only be a king: problem collections leave the K
            // out there (`B32`), and a reader should take what they mean.
            let crowning = |square: Square| match side {
                Seat::First => square.y == 0,
                Seat::Second => square.y == SIZE - 1,
            };
            pieces.extend(range.into_iter().map(|square| {
                (
                    square,
                    Piece {
                        side,
                        king: king || crowning(square),
                    },
                )
            }));
        }
    }
    Ok((pieces, to_move))
}

/// The position of a FEN under a capture rule, checked by the rules (no two pieces on a
/// square, no uncrowned man on its crowning row, at most twelve a side).
///
/// # Errors
/// [`FenError`] for a text that is not a FEN or a position the rules refuse.
pub fn position(text: &str, forced_capture: bool) -> Result<Checkers, FenError> {
    let (pieces, to_move) = parse(text)?;
    Ok(Checkers::try_from(Setup {
        pieces,
        to_move,
        quiet_plies: 0,
        forced_capture,
    })?)
}

/// A position as a FEN value: the side to move, White's squares, Black's squares, each in
/// number order, kings marked `K`.
#[must_use]
pub fn write(game: &Checkers) -> String {
    let side = |seat: Seat| {
        let mut squares: Vec<(u8, bool)> = game
            .board()
            .pieces()
            .filter(|(_, piece)| piece.side == seat)
            .filter_map(|(square, piece)| {
                super::super::notation::square_number(square).map(|n| (n, piece.king))
            })
            .collect();
        squares.sort_unstable();
        squares
            .iter()
            .map(|&(n, king)| if king { format!("K{n}") } else { n.to_string() })
            .collect::<Vec<_>>()
            .join(",")
    };
    let turn = match game.side_to_move() {
        Seat::First => 'B',
        Seat::Second => 'W',
    };
    format!("{turn}:W{}:B{}", side(Seat::Second), side(Seat::First))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_standard_board() {
        for n in 1..=32 {
            let square = numbered(n).expect("on the board");
            assert!(square.is_dark());
            assert_eq!(
                super::super::super::notation::square_number(square),
                Some(n)
            );
        }
        assert_eq!(numbered(1), Some(Square::new(1, 7)));
        assert_eq!(numbered(29), Some(Square::new(0, 0)));
        assert_eq!(parse_square("a1"), numbered(29));
        assert_eq!(parse_square("h8"), numbered(4));
        assert_eq!(parse_square("b1"), None, "a light square");
        assert_eq!(parse_square("33"), None);
    }

    #[test]
    fn the_start_position_reads_and_writes() {
        let start = Checkers::new(true);
        let text = write(&start);
        assert_eq!(
            text,
            "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
        );
        assert_eq!(position(&text, true), Ok(start.clone()));
        assert_eq!(position("B:W21-32:B1-12", true), Ok(start.clone()));
        assert_eq!(position(" b : w21-32 : b1-12 .", true), Ok(start));
    }

    #[test]
    fn kings_sides_and_faults() {
        let game = position("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", true).expect("valid");
        assert_eq!(game.side_to_move(), Seat::Second);
        let king = game
            .piece_at(numbered(10).expect("square"))
            .expect("a piece");
        assert!(king.king && king.side == Seat::Second);
        assert_eq!(
            position("W:W18", true).map(|g| g.board().count(Seat::Second)),
            Ok(1)
        );
        assert_eq!(position("X:W18:B1", true), Err(FenError::Shape));
        assert_eq!(
            position("B:W40:B1", true),
            Err(FenError::Square("40".into()))
        );
        // A white man on 1 can only be a king.
        let crowned = position("B:W1:B9", true).expect("read as a king");
        assert!(
            crowned
                .piece_at(numbered(1).expect("square"))
                .is_some_and(|p| p.king)
        );
        assert!(matches!(position("B:W9:B9", true), Err(FenError::Setup(_))));
    }
}
