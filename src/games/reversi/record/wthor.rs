//! WTHOR databases (`.wtb`), the French Othello federation's archive of tournament games: a
//! 16-byte header (creation date, the number of games as a little-endian `u32`, a zero `u16`,
//! the year of the games as a `u16`, the board size, the solitaire flag, the depth of the
//! theoretical score, a reserved byte), then 68 bytes a game: the tournament, black and
//! white players' numbers (three `u16`), black's discs at the end, the theoretical score,
//! and 60 moves of one byte each, `10 × rank + file` (`56` is f5), `0` once the game is
//! over. Passes are left out.
//!
//! A small reader of its own: the `wthor` crate pulls in `encoding` 0.2, flagged as
//! unmaintained (RUSTSEC-2021-0153), and refuses a whole year for one bad move byte, where a
//! browser should still open the other games. The players' names live in a separate
//! `WTHOR.JOU` file, so games are listed by the players' numbers.

use super::super::params::Params;
use super::super::rules::{Board, Move};
use super::{pass_if_forced, play_placement, square};
use crate::core::record::error::{ErrorKind, Place, RecordError};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordFormat, RecordHead, RecordInfo,
};

/// The WTHOR format (read only: Parlor games are not tournament games).
pub const FORMAT: RecordFormat<Params, Move> = RecordFormat {
    id: "wthor",
    title: "WTHOR database",
    extension: "wtb",
    sniff,
    read,
    write: None,
    whole_game: true,
};

/// The header's size.
const HEADER: usize = 16;
/// One game's size on an 8×8 board.
const RECORD: usize = 68;

/// The header's fields Parlor reads.
struct Header {
    games: usize,
    year: u16,
    board: u8,
    solitaire: bool,
}

fn header(bytes: &[u8]) -> Option<Header> {
    let field = |range: std::ops::Range<usize>| bytes.get(range);
    let games = u32::from_le_bytes(field(4..8)?.try_into().ok()?);
    let records = u16::from_le_bytes(field(8..10)?.try_into().ok()?);
    let year = u16::from_le_bytes(field(10..12)?.try_into().ok()?);
    // A players' or tournaments' file has its count here and none of games.
    (records == 0).then_some(Header {
        games: usize::try_from(games).ok()?,
        year,
        board: *bytes.get(12)?,
        solitaire: *bytes.get(13)? == 1,
    })
}

fn sniff(bytes: &[u8]) -> bool {
    header(bytes).is_some_and(|h| {
        matches!(h.board, 0 | 8 | 10)
            && h.games
                .checked_mul(RECORD)
                .and_then(|n| n.checked_add(HEADER))
                == Some(bytes.len())
    })
}

fn read(bytes: &[u8]) -> Result<Vec<Listed<Params, Move>>, RecordError> {
    let header = header(bytes).ok_or_else(|| {
        RecordError::file(ErrorKind::Truncated("shorter than a WTHOR header".into()))
    })?;
    let unsupported = |what, value: String| {
        RecordError::file(ErrorKind::Unsupported {
            what,
            value,
            plays: "8×8 Othello games",
        })
    };
    if !matches!(header.board, 0 | 8) {
        return Err(unsupported("the board size", header.board.to_string()));
    }
    if header.solitaire {
        return Err(unsupported("a solitaire file", "(puzzles)".into()));
    }
    if header.games > MAX_GAMES {
        return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
    }
    let body = &bytes[HEADER..];
    if body.len() < header.games * RECORD {
        return Err(RecordError::file(ErrorKind::Truncated(format!(
            "the header lists {} games but the file holds {}",
            header.games,
            body.len() / RECORD
        ))));
    }
    if header.games == 0 {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(body
        .chunks_exact(RECORD)
        .take(header.games)
        .enumerate()
        .map(|(index, record)| game(index, record, header.year))
        .collect())
}

fn game(index: usize, record: &[u8], year: u16) -> Listed<Params, Move> {
    let number = |at: usize| u16::from_le_bytes([record[at], record[at + 1]]);
    let black = record[6];
    let head = RecordHead {
        names: vec![
            format!("player {}", number(2)),
            format!("player {}", number(4)),
        ],
        info: RecordInfo {
            event: Some(format!("tournament {}", number(0))),
            date: (year > 0).then(|| year.to_string()),
            result: Some(format!("{black}-{}", 64u8.saturating_sub(black))),
        },
    };
    let offset = HEADER + index * RECORD;
    let mut state = Board::new();
    let mut moves = Vec::new();
    for (i, &byte) in record[8..].iter().take_while(|&&b| b != 0).enumerate() {
        let place = Place::Record {
            game: index + 1,
            offset: offset + 8 + i,
        };
        let written = byte.to_string();
        let Some((x, y)) = (byte % 10)
            .checked_sub(1)
            .and_then(|file| square(file, byte / 10))
        else {
            return Err(FailedGame {
                head: Box::new(head),
                error: RecordError::bad_move(place, i + 1, &written, "not a square (11 to 88)"),
            });
        };
        if let Err(err) = play_placement(&mut state, &mut moves, x, y) {
            let name = super::super::notation::standard_square(x, y);
            return Err(FailedGame {
                head: Box::new(head),
                error: RecordError::bad_move(place, i + 1, &name, &err.message),
            });
        }
    }
    pass_if_forced(&mut state, &mut moves);
    Ok(GameRecord {
        head,
        params: Params::default(),
        moves,
    })
}
