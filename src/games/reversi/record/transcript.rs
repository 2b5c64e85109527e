//! Othello transcripts: the moves as standard squares run together, `f5d6c3d3c4f4`, passes
//! left out (a side with no placement passes, as everyone reads them). One game a line; a
//! line may end with a score after a space (`f5d6… +12`), which is ignored.

use super::super::params::Params;
use super::super::rules::{Board, Move};
use super::{parse_square, pass_if_forced, play_placement};
use crate::core::record::error::{ErrorKind, Place, RecordError, WriteError};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordFormat, RecordHead, text,
};

/// The transcript format.
pub const FORMAT: RecordFormat<Params, Move> = RecordFormat {
    id: "transcript",
    title: "Othello transcript",
    extension: "txt",
    sniff,
    read,
    write: Some(write),
    whole_game: true,
};

/// The moves of a line: its first word, or all of it when the words are two-character
/// squares (`F5 D6 C3`).
fn moves_part(line: &str) -> &str {
    let line = line.trim();
    if line.split_whitespace().all(|word| word.len() == 2) {
        line
    } else {
        line.split_whitespace().next().unwrap_or("")
    }
}

/// Whether `part` is squares run together (spaces allowed between them).
fn is_transcript(part: &str) -> bool {
    let squares: String = part.chars().filter(|c| !c.is_whitespace()).collect();
    !squares.is_empty()
        && squares.len().is_multiple_of(2)
        && squares.as_bytes().chunks(2).all(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(parse_square)
                .is_some()
        })
}

fn sniff(bytes: &[u8]) -> bool {
    text(bytes).is_ok_and(|text| {
        text.lines()
            .find(|line| !line.trim().is_empty())
            .is_some_and(|line| is_transcript(moves_part(line)))
    })
}

fn read(bytes: &[u8]) -> Result<Vec<Listed<Params, Move>>, RecordError> {
    let text = text(bytes)?;
    let mut games = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        if line.trim().is_empty() {
            continue;
        }
        if games.len() >= MAX_GAMES {
            return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
        }
        let part = moves_part(line);
        let at = start + line.find(part).unwrap_or(0);
        games.push(read_line(text, part, at).map_err(|error| FailedGame {
            head: Box::default(),
            error,
        }));
    }
    if games.is_empty() {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(games)
}

/// One game: the squares of `part`, which starts at byte `at` of `text`.
fn read_line(text: &str, part: &str, at: usize) -> Result<GameRecord<Params, Move>, RecordError> {
    let mut state = Board::new();
    let mut moves = Vec::new();
    let mut number = 0;
    let mut chars = part
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .peekable();
    while let Some((i, first)) = chars.next() {
        let place = Place::in_text(text, at + i);
        let second = chars.next().map(|(_, c)| c);
        let written: String = std::iter::once(first).chain(second).collect();
        number += 1;
        let (x, y) = parse_square(&written)
            .ok_or_else(|| RecordError::expected(place, "a square from a1 to h8", &written))?;
        play_placement(&mut state, &mut moves, x, y)
            .map_err(|err| RecordError::bad_move(place, number, &written, &err.message))?;
    }
    pass_if_forced(&mut state, &mut moves);
    Ok(GameRecord {
        head: RecordHead::default(),
        params: Params::default(),
        moves,
    })
}

fn write(record: &GameRecord<Params, Move>) -> Result<String, WriteError> {
    if record.params.start.is_some() {
        return Err(WriteError::Unsupported(
            "a transcript starts from the usual four discs, and this game starts from another position",
        ));
    }
    if record.moves.iter().all(|mv| *mv == Move::Pass) {
        return Err(WriteError::Unsupported(
            "a transcript of a game with no move yet would be an empty file",
        ));
    }
    let mut out: String = record
        .moves
        .iter()
        .filter(|mv| **mv != Move::Pass)
        .map(super::super::notation::format_standard)
        .collect();
    out.push('\n');
    Ok(out)
}
