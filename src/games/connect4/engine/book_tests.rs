//! Tests of the opening book: the file form against damage of every kind, and the shipped
//! book against live solving.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;

use super::*;
use crate::games::connect4::engine::solver::Solver;

/// A small book of late positions, cheap to solve exactly.
fn small_book() -> Book {
    let mut solver = Solver::with_table_bits(16);
    let never = AtomicBool::new(false);
    // The first five positions of Pascal Pons's End-Easy set.
    let lines = [
        "2252576253462244111563365343671351441",
        "7422341735647741166133573473242566",
        "23163416124767223154467471272416755633",
        "71255763773133525731261364622167124446454",
        "65214673556155731566316327373221417",
    ];
    Book::from_entries(lines.iter().map(|line| {
        let p = Position::from_moves(line).expect("legal");
        let (column, score) = solver
            .best_move(&p, &never, None)
            .expect("no limits")
            .expect("not over");
        (
            p,
            BookMove {
                column,
                score,
                exact: true,
            },
        )
    }))
}

#[test]
fn round_trip_and_mirrors() {
    let book = small_book();
    assert_eq!(book.len(), 5);
    assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
    let p = Position::from_moves("7422341735647741166133573473242566").expect("legal");
    let held = book.best_move(&p).expect("held");
    let mirrored = book.best_move(&p.mirrored()).expect("mirror held");
    assert_eq!(mirrored.column, WIDTH - 1 - held.column);
    assert_eq!(mirrored.score, held.score);
    assert_eq!(book.get(&p), Some(held.score));
    assert_eq!(book.max_depth(), 41);
    // Not held: a position off the list, and anything deeper than the book.
    assert_eq!(
        book.best_move(&Position::from_moves("44").expect("legal")),
        None
    );
}

#[test]
fn weak_entries_are_not_exact_leaves() {
    let p = Position::from_moves("4661237137541742643224").expect("legal");
    let book = Book::from_entries([(
        p,
        BookMove {
            column: 3,
            score: 5,
            exact: false,
        },
    )]);
    let read = Book::from_bytes(&book.to_bytes()).expect("reads back");
    assert_eq!(
        read.best_move(&p).map(|m| (m.score, m.exact)),
        Some((1, false))
    );
    assert_eq!(read.get(&p), None);
}

#[test]
fn every_kind_of_damage_is_refused_with_a_reason() {
    let bytes = small_book().to_bytes();
    assert_eq!(Book::from_bytes(b"nonsense"), Err(BookError::BadHeader));
    assert!(matches!(
        Book::from_bytes(&bytes[..bytes.len() - 1]),
        Err(BookError::Length { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Book::from_bytes(&longer),
        Err(BookError::Length { .. })
    ));
    let mut version = bytes.clone();
    version[7] = 1;
    assert_eq!(Book::from_bytes(&version), Err(BookError::Version(1)));
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 0x10;
    assert_eq!(Book::from_bytes(&flipped), Err(BookError::Checksum));
    let huge = vec![0u8; MAX_BOOK_BYTES + 1];
    assert_eq!(
        Book::from_bytes(&huge),
        Err(BookError::TooLarge(MAX_BOOK_BYTES + 1))
    );
    // A count that would overflow the expected length.
    let mut count = bytes.clone();
    count[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&count),
        Err(BookError::Length { .. })
    ));
    // Entries swapped, with the checksum made to match: caught by the order check.
    let mut swapped = bytes[HEADER_LEN..].to_vec();
    swapped[..ENTRY_LEN * 2].rotate_left(ENTRY_LEN);
    assert!(matches!(
        Book::from_bytes(&with_body(&bytes, &swapped)),
        Err(BookError::Entry { index: 1, .. })
    ));
    let message = Book::from_bytes(&bytes[..bytes.len() - 3])
        .expect_err("truncated")
        .to_string();
    assert!(message.contains("truncated"), "{message}");
}

/// The file with another body and a checksum that matches it.
fn with_body(bytes: &[u8], body: &[u8]) -> Vec<u8> {
    let mut out = bytes[..HEADER_LEN].to_vec();
    out[8..12].copy_from_slice(&((body.len() / ENTRY_LEN) as u32).to_le_bytes());
    out[12..HEADER_LEN].copy_from_slice(&fnv1a(body).to_le_bytes());
    out.extend_from_slice(body);
    out
}

#[test]
fn entries_the_rules_forbid_are_refused() {
    let bytes = small_book().to_bytes();
    let entry = |e: u64| with_body(&bytes, &e.to_le_bytes());
    let p = Position::from_moves("4661237137541742643224").expect("legal");
    let key = p.symmetric_key();
    let good = (key << KEY_SHIFT) | EXACT_BIT | (3 << COLUMN_SHIFT) | 0x14;
    assert!(Book::from_bytes(&entry(good)).is_ok());
    let reason = |e| match Book::from_bytes(&entry(e)) {
        Err(BookError::Entry { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(reason(good | (1 << 12)), "reserved bits set");
    assert_eq!(reason((0x7F << KEY_SHIFT) | 0x14), "not a legal position");
    assert_eq!(reason(good & !0x3F | 0x3F), "impossible score");
    assert_eq!(reason(good & !EXACT_BIT), "impossible score");
    assert_eq!(
        reason(good & !(7 << COLUMN_SHIFT) | (7 << COLUMN_SHIFT)),
        "its move is not playable"
    );
    let won = Position::from_moves("1212121").expect("legal");
    assert_eq!(
        reason((won.symmetric_key() << KEY_SHIFT) | (1 << COLUMN_SHIFT) | 0x14),
        "the game is over there"
    );
    let other_half = p.key().max(p.mirrored().key());
    assert_eq!(
        reason((other_half << KEY_SHIFT) | 0x14),
        "not the smaller of a mirror pair"
    );
}

proptest! {
    /// Whatever is done to a valid file, reading it never panics, and a book that is
    /// accepted only names playable moves in unfinished positions.
    #[test]
    fn mutated_books_are_refused_or_safe(
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6),
        cut in any::<usize>(),
        fix_checksum in any::<bool>(),
    ) {
        let bytes = small_book().to_bytes();
        let mut mutated = bytes.clone();
        for (at, xor) in flips {
            let i = at % mutated.len();
            mutated[i] ^= xor;
        }
        mutated.truncate(HEADER_LEN + cut % (mutated.len() - HEADER_LEN + 1));
        if fix_checksum {
            let body = mutated[HEADER_LEN..].to_vec();
            mutated = with_body(&mutated, &body);
        }
        if let Ok(book) = Book::from_bytes(&mutated) {
            for entry in book.entries() {
                prop_assert!(!entry.position.is_over());
                prop_assert!(entry.position.can_play(entry.best.column));
                let m = book.best_move(&entry.position.mirrored()).expect("mirror");
                prop_assert!(entry.position.mirrored().can_play(m.column));
            }
            prop_assert_eq!(book.entries().count(), book.len());
        }
    }
}

#[test]
fn master_faces_every_first_move_as_second_player() {
    let book = Book::default();
    assert_eq!(master_positions(&book, 0), vec![Position::empty()]);
    // Seven first moves, mirror pairs merged: columns 1-4.
    assert_eq!(master_positions(&book, 1).len(), 4);
    assert!(master_positions(&book, 2).is_empty());
    // With the empty board's move (column 4) in the book, ply 2 has its seven replies,
    // merged to four.
    let book = Book::from_entries([(
        Position::empty(),
        BookMove {
            column: 3,
            score: 1,
            exact: true,
        },
    )]);
    assert_eq!(master_positions(&book, 2).len(), 4);
}

/// The shipped book parses, its entries are exactly the positions Master can face from the
/// entries above them, and a sample of the deepest entries agrees with live solving (where
/// that is quick: each check gets a node budget, and the ones that run out are skipped).
#[test]
fn the_shipped_book_is_consistent() {
    let book = Book::embedded_status().expect("the shipped book parses");
    if book.is_empty() {
        return;
    }
    if let Some(m) = book.best_move(&Position::empty()) {
        // The published value of the empty board: the first player wins with its last
        // token, by playing in the centre.
        assert_eq!((m.column, m.score), (3, 1));
    }
    for ply in 0..=book.max_depth() {
        let faced: std::collections::HashSet<u64> = master_positions(&book, ply)
            .iter()
            .map(Position::symmetric_key)
            .collect();
        for entry in book.entries() {
            if entry.position.moves_played() == ply {
                assert!(
                    faced.contains(&entry.position.symmetric_key()),
                    "an entry Master cannot face"
                );
            }
        }
    }
    let mut solver = Solver::with_table_bits(20);
    let never = AtomicBool::new(false);
    let (mut attempts, mut checked) = (0u32, 0u32);
    let mut entries: Vec<BookEntry> = book.entries().collect();
    entries.sort_by_key(|e| std::cmp::Reverse(e.position.moves_played()));
    for entry in entries.iter().take(20) {
        attempts += 1;
        let p = entry.position;
        let mut child = p;
        child.play(entry.best.column);
        let Ok(score) = solver.solve_with(&p, &never, Some(1_000_000)) else {
            continue;
        };
        let Ok(after) = solver.solve_with(&child, &never, Some(1_000_000)) else {
            continue;
        };
        if entry.best.exact {
            assert_eq!(score, entry.best.score);
            assert_eq!(-after, score, "the book move reaches the score");
        } else {
            assert_eq!(score.signum(), entry.best.score);
            assert_eq!(
                (-after).signum(),
                score.signum(),
                "the book move keeps the value"
            );
        }
        checked += 1;
    }
    // Entries deep enough to check live exist once the book reaches plies where a solve takes
    // under a million positions (ply 8 or so); shallower books are checked for structure only.
    if book.max_depth() >= 9 {
        assert!(checked * 2 >= attempts, "{checked} of {attempts} checked");
    }
}
