//! Tests of the opening book: lookups in both mirror images, deriving a ply from the next,
//! the file form against damage of every kind, and the shipped book against Pascal Pons's
//! published scores.

use proptest::prelude::*;

use super::*;
use crate::games::connect4::engine::position::WIDTH;

/// A made-up score for each position, only to test the bookkeeping.
fn fake_score(p: &Position) -> i32 {
    (p.symmetric_key() % 7) as i32 - 3
}

/// A book of plies 0-2 whose ply 2 holds made-up scores.
fn fake_book() -> Book {
    let mut book = Book::empty(2);
    let ply2: Vec<Position> = book.positions(2).map(|(_, p, _)| p).collect();
    for p in ply2 {
        book.set(&p, fake_score(&p));
    }
    book
}

#[test]
fn scores_are_found_in_both_mirror_images() {
    let book = fake_book();
    for line in ["12", "17", "44", "45", "67", "26"] {
        let p = Position::from_moves(line).expect("legal");
        assert_eq!(book.score(&p), Some(fake_score(&p)), "{line}");
        assert_eq!(
            book.score(&p.mirrored()),
            Some(fake_score(&p)),
            "{line} mirrored"
        );
    }
    // Not held: a ply the book has no scores for yet, and one it has no room for.
    assert_eq!(book.score(&Position::from_moves("4").expect("legal")), None);
    assert_eq!(
        book.score(&Position::from_moves("444").expect("legal")),
        None
    );
    // 16 height vectors up to mirroring, two colourings each (one is o under x in the same
    // column: play never makes it, but it is a position the solver can answer).
    assert_eq!(book.known(2), (32, 32));
}

#[test]
fn a_ply_is_derived_from_the_next_one() {
    let mut book = fake_book();
    assert_eq!(book.derive(1), 4, "the first moves up to mirroring");
    assert_eq!(book.derive(1), 0, "nothing left to fill");
    for col in 0..WIDTH {
        let mut p = Position::empty();
        p.play(col);
        let best = (0..WIDTH)
            .map(|reply| {
                let mut child = p;
                child.play(reply);
                -fake_score(&child)
            })
            .max();
        assert_eq!(book.score(&p), best, "column {col}");
        let (column, score) = book.best_move(&p).expect("every child known");
        assert_eq!(Some(score), best);
        let mut child = p;
        child.play(column);
        assert_eq!(-fake_score(&child), score);
    }
    assert_eq!(book.derive(0), 1);
    assert!(book.score(&Position::empty()).is_some());
}

#[test]
fn best_move_needs_every_child() {
    let book = Book::empty(3);
    assert_eq!(
        book.best_move(&Position::from_moves("44").expect("legal")),
        None
    );
    // A win at once needs no score from the book.
    let p = Position::from_moves("121212").expect("legal");
    assert_eq!(book.best_move(&p), Some((0, 18)));
}

#[test]
fn round_trip_and_growth() {
    let book = fake_book();
    assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
    let grown = book.clone().extended_to(4);
    assert_eq!(grown.deepest_ply(), Some(4));
    let p = Position::from_moves("35").expect("legal");
    assert_eq!(grown.score(&p), book.score(&p));
    assert_eq!(Book::default().deepest_ply(), None);
}

#[test]
fn damaged_books_are_refused() {
    let bytes = fake_book().to_bytes();
    let short = Book::from_bytes(&bytes[..bytes.len() - 1]);
    assert!(matches!(short, Err(BookError::Length { .. })));
    let mut header = bytes.clone();
    header[2] ^= 1;
    assert_eq!(Book::from_bytes(&header), Err(BookError::BadHeader));
    let mut version = bytes.clone();
    version[7] = 2;
    assert_eq!(Book::from_bytes(&version), Err(BookError::Version(2)));
    let mut plies = bytes.clone();
    plies[8] = 200;
    assert_eq!(Book::from_bytes(&plies), Err(BookError::Plies(200)));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x10;
    assert_eq!(Book::from_bytes(&flipped), Err(BookError::Checksum));
    // A score beyond the ply's range, with a checksum made to match.
    let mut forged = bytes;
    let body_start = HEADER_LEN;
    forged[body_start] = 200;
    let sum = fnv1a(&forged[body_start..]).to_le_bytes();
    forged[9..HEADER_LEN].copy_from_slice(&sum);
    assert_eq!(
        Book::from_bytes(&forged),
        Err(BookError::Score { ply: 0, index: 0 })
    );
    assert_eq!(
        Book::from_bytes(&vec![0; MAX_BOOK_BYTES + 1]),
        Err(BookError::TooLarge(MAX_BOOK_BYTES + 1))
    );
}

#[test]
fn the_shipped_book_reads() {
    let book = Book::embedded_status().expect("the shipped book reads");
    assert!(book.deepest_ply().is_some());
}

/// Every position of Pascal Pons's reference sets with up to the book's deepest ply of tokens
/// is in the shipped book, with his score (the sets' early positions have up to 14 tokens;
/// 774 of Begin-Hard's have 8 or fewer).
#[test]
fn the_shipped_book_agrees_with_the_published_scores() {
    let book = Book::embedded().expect("the shipped book reads");
    let deepest = book.deepest_ply().expect("the shipped book has plies");
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/connect4");
    let mut held = 0;
    for set in ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        let text = std::fs::read_to_string(dir.join(set)).expect("the reference set");
        for line in text.lines() {
            let mut fields = line.split_whitespace();
            let (Some(moves), Some(score)) = (fields.next(), fields.next()) else {
                continue;
            };
            let position = Position::from_moves(moves).expect("a legal line");
            if position.moves_played() > deepest {
                continue;
            }
            let found = book.score(&position);
            assert_eq!(found, score.parse().ok(), "{set}: {moves}");
            held += 1;
        }
    }
    assert!(held >= 774, "only {held} published positions checked");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any damage to a book (bytes changed, the file cut short) is refused with a one-line
    /// message or, if it still reads, answers lookups without a panic.
    #[test]
    fn a_mutated_book_is_refused_or_still_answers(
        cuts in proptest::collection::vec((proptest::num::usize::ANY, proptest::num::u8::ANY), 1..5),
        truncate in proptest::option::of(proptest::num::usize::ANY),
    ) {
        let mut bytes = fake_book().to_bytes();
        for (at, byte) in cuts {
            let at = at % bytes.len();
            bytes[at] = byte;
        }
        if let Some(len) = truncate {
            bytes.truncate(len % (bytes.len() + 1));
        }
        match Book::from_bytes(&bytes) {
            Ok(book) => {
                for moves in ["", "4", "44", "4455", "12345"] {
                    let position = Position::from_moves(moves).expect("legal");
                    let _ = book.score(&position);
                    let _ = book.best_move(&position);
                }
            }
            Err(err) => prop_assert!(!err.to_string().contains('\n')),
        }
    }
}
