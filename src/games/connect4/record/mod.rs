//! Connect Four's records: Pascal Pons's column strings (`4453…`, the moves as 1-based
//! columns from the empty board; his benchmark files add a score after each) and the seed's
//! game file (two names and a position, see [`super::seedfile`]).

use super::notation::{parse_position, to_position_text};
use super::params::Params;
use super::rules::Board;
use super::seedfile::{game_file_text, parse_game_file};
use crate::core::Rules;
use crate::core::record::error::{ErrorKind, Place, RecordError, WriteError};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordFormat, RecordHead, RecordInfo, text,
};

/// Connect Four's formats: column strings first (they keep every move), the seed's file
/// (which keeps only the position) second.
pub const FORMATS: &[RecordFormat<Params, u8>] = &[PONS, SEED];

/// Pons's column strings.
const PONS: RecordFormat<Params, u8> = RecordFormat {
    id: "pons",
    title: "Connect Four column string",
    extension: "txt",
    sniff: pons_sniff,
    read: pons_read,
    write: Some(pons_write),
    whole_game: true,
};

/// The seed's game file.
const SEED: RecordFormat<Params, u8> = RecordFormat {
    id: "seed",
    title: "Connect Four game file",
    extension: "txt",
    sniff: seed_sniff,
    read: seed_read,
    write: Some(seed_write),
    whole_game: false,
};

/// The column string of a line: its first word, when it is all columns 1–7.
fn columns(line: &str) -> Option<&str> {
    let first = line.split_whitespace().next()?;
    first
        .chars()
        .all(|c| ('1'..='7').contains(&c))
        .then_some(first)
}

fn pons_sniff(bytes: &[u8]) -> bool {
    text(bytes).is_ok_and(|text| {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
        lines.peek().is_some()
            && lines.all(|line| {
                let mut words = line.split_whitespace();
                columns(line).is_some()
                    && words
                        .nth(1)
                        .is_none_or(|score| score.parse::<i32>().is_ok())
                    && words.next().is_none()
            })
    })
}

fn pons_read(bytes: &[u8]) -> Result<Vec<Listed<Params, u8>>, RecordError> {
    let text = text(bytes)?;
    let mut games = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset + (line.len() - line.trim_start().len());
        offset += line.len();
        let Some(columns) = columns(line) else {
            continue;
        };
        if games.len() >= MAX_GAMES {
            return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
        }
        games.push(pons_game(text, columns, start));
    }
    if games.is_empty() {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(games)
}

fn pons_game(text: &str, columns: &str, start: usize) -> Listed<Params, u8> {
    let mut board = Board::new();
    let mut moves = Vec::new();
    for (i, c) in columns.char_indices() {
        let column = u8::try_from(c.to_digit(10).unwrap_or(0))
            .unwrap_or(0)
            .saturating_sub(1);
        if let Err(err) = board.play(&column) {
            return Err(FailedGame {
                head: Box::default(),
                error: RecordError::bad_move(
                    Place::in_text(text, start + i),
                    moves.len() + 1,
                    &c.to_string(),
                    &err.message,
                ),
            });
        }
        moves.push(column);
    }
    Ok(GameRecord {
        head: RecordHead::default(),
        params: Params::default(),
        moves,
    })
}

fn pons_write(record: &GameRecord<Params, u8>) -> Result<String, WriteError> {
    if record.params.start.is_some() {
        return Err(WriteError::Unsupported(
            "a column string starts from the empty board, and this game starts from a position",
        ));
    }
    if record.moves.is_empty() {
        return Err(WriteError::Unsupported(
            "a column string of a game with no move yet would be an empty file",
        ));
    }
    let mut out: String = record
        .moves
        .iter()
        .map(|&c| super::notation::format_move(c))
        .collect();
    out.push('\n');
    Ok(out)
}

fn seed_sniff(bytes: &[u8]) -> bool {
    text(bytes).is_ok_and(|text| {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        lines.len() == 3 && lines[2].contains('/')
    })
}

fn seed_read(bytes: &[u8]) -> Result<Vec<Listed<Params, u8>>, RecordError> {
    let text = text(bytes)?;
    let file = parse_game_file(text).map_err(|err| {
        // The position is the third line that is not blank.
        let line = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .nth(2)
            .map_or(1, |(i, _)| i + 1);
        RecordError::at(
            Place::Text { line, column: 1 },
            ErrorKind::Invalid {
                what: "the position",
                source: Box::new(err),
            },
        )
    })?;
    let usual = file.board == Board::new();
    Ok(vec![Ok(GameRecord {
        head: RecordHead {
            names: vec![file.first, file.second],
            info: RecordInfo::default(),
        },
        params: Params {
            start: (!usual).then(|| to_position_text(&file.board)),
        },
        moves: Vec::new(),
    })])
}

fn seed_write(record: &GameRecord<Params, u8>) -> Result<String, WriteError> {
    let mut board = match &record.params.start {
        None => Board::new(),
        Some(text) => parse_position(text)
            .map_err(|_| WriteError::Unsupported("the game's start position is not a position"))?,
    };
    for column in &record.moves {
        board.play(column).map_err(|_| {
            WriteError::Unsupported("a move of the game is not legal where it stands")
        })?;
    }
    let name = |i: usize, fallback: &str| {
        record
            .head
            .names
            .get(i)
            .filter(|n| !n.is_empty())
            .map_or(fallback, String::as_str)
            .to_string()
    };
    Ok(game_file_text(
        &name(0, "Player 1"),
        &name(1, "Player 2"),
        &board,
    ))
}

#[cfg(test)]
mod tests;
