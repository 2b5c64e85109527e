//! GGF, the Generic Game Format of the Internet Othello servers (GGS) and of `NBoard`:
//! `(;GM[Othello]PB[black]PW[white]TY[8]BO[8 ---…--- *]B[f5]W[d6//1.2];)`. Properties are
//! `KEY[value]`; `BO` is the start (64 squares from a1, `*` black, `O` white, `-` empty, then
//! the side to move), `B`/`W` the moves (`pa` or `pass` a pass, anything after a `/` the
//! evaluation and time). A file may hold many games, one per `(; … ;)`, with anything between
//! them (GGS archives put a count before each).

use std::fmt::Write as _;

use super::super::params::Params;
use super::super::rules::{Board, Disc, Move, SIZE, Setup};
use super::{margin, parse_square, start_params};
use crate::core::Rules;
use crate::core::record::error::{ErrorKind, Place, RecordError, WriteError, quote};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordFormat, RecordHead, RecordInfo, text_or_latin1,
};

/// The GGF format.
pub const FORMAT: RecordFormat<Params, Move> = RecordFormat {
    id: "ggf",
    title: "GGF",
    extension: "ggf",
    sniff,
    read,
    write: Some(write),
    whole_game: true,
};

/// The most moves a GGF game may list: 60 placements and their passes, with room to spare.
const MAX_MOVES: usize = 200;

fn sniff(bytes: &[u8]) -> bool {
    let text = text_or_latin1(bytes);
    let Some(open) = text.find("(;") else {
        return false;
    };
    text[..open]
        .trim()
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace())
        && text[open..].to_ascii_uppercase().contains("GM[OTHELLO]")
}

/// One `KEY[value]` property: its key, its value and where the value starts.
struct Property<'a> {
    key: &'a str,
    value: String,
    at: usize,
}

fn read(bytes: &[u8]) -> Result<Vec<Listed<Params, Move>>, RecordError> {
    let text = text_or_latin1(bytes);
    let text = text.as_ref();
    let mut games = Vec::new();
    let mut pos = 0;
    while let Some(found) = text[pos..].find("(;") {
        if games.len() >= MAX_GAMES {
            return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
        }
        let start = pos + found;
        let (properties, end) = properties(text, start + 2)?;
        games.push(game(text, &properties));
        pos = end;
    }
    if games.is_empty() {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(games)
}

/// The properties of the game whose `(;` ends just before `pos`, and the offset after its
/// closing `;)` or `)`.
fn properties(text: &str, mut pos: usize) -> Result<(Vec<Property<'_>>, usize), RecordError> {
    let mut found = Vec::new();
    loop {
        let rest = &text[pos..];
        let skipped = rest.len() - rest.trim_start().len();
        pos += skipped;
        let rest = &text[pos..];
        if rest.starts_with(";)") {
            return Ok((found, pos + 2));
        }
        if rest.starts_with(')') {
            return Ok((found, pos + 1));
        }
        let key_len = rest.len()
            - rest
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        if key_len == 0 || !rest[key_len..].starts_with('[') {
            let place = Place::in_text(text, pos);
            return Err(if rest.is_empty() {
                RecordError::at(place, ErrorKind::Unterminated("a GGF game"))
            } else {
                RecordError::expected(place, "a property like PB[name] or the end ;)", rest)
            });
        }
        let key = &rest[..key_len];
        let at = pos + key_len + 1;
        let mut value = String::new();
        let mut chars = text[at..].char_indices();
        let end = loop {
            match chars.next() {
                Some((i, ']')) => break at + i + 1,
                Some((_, '\\')) => {
                    if let Some((_, c)) = chars.next() {
                        value.push(c);
                    }
                }
                Some((_, c)) => value.push(c),
                None => {
                    return Err(RecordError::at(
                        Place::in_text(text, pos),
                        ErrorKind::Unterminated("a GGF property"),
                    ));
                }
            }
        };
        found.push(Property { key, value, at });
        pos = end;
    }
}

/// The players and information of a game's properties.
fn head(properties: &[Property<'_>]) -> RecordHead {
    let value = |key: &str| {
        properties
            .iter()
            .find(|p| p.key.eq_ignore_ascii_case(key))
            .map(|p| crate::core::text::sanitize(&p.value))
            .filter(|v| !v.is_empty() && v != "?")
    };
    RecordHead {
        names: ["PB", "PW"]
            .iter()
            .map(|key| crate::core::text::player_name(&value(key).unwrap_or_default(), ""))
            .collect(),
        info: RecordInfo {
            event: value("PC"),
            date: value("DT"),
            result: value("RE"),
        },
    }
}

fn game(text: &str, properties: &[Property<'_>]) -> Listed<Params, Move> {
    let head = head(properties);
    replay(text, properties, head.clone()).map_err(|error| FailedGame {
        head: Box::new(head),
        error,
    })
}

fn replay(
    text: &str,
    properties: &[Property<'_>],
    head: RecordHead,
) -> Result<GameRecord<Params, Move>, RecordError> {
    let place = |p: &Property<'_>| Place::in_text(text, p.at);
    let mut state = Board::new();
    let mut moves = Vec::new();
    let mut seen_board = false;
    for property in properties {
        match property.key.to_ascii_uppercase().as_str() {
            "GM" if !property.value.eq_ignore_ascii_case("othello") => {
                return Err(unsupported(place(property), "the game", &property.value));
            }
            "TY" => {
                game_type(property)
                    .map_err(|what| unsupported(place(property), what, &property.value))?;
            }
            // The start must be the one the moves are played from (the save starts there):
            // a board after a move, or a second one, would reset the position mid-game.
            "BO" if seen_board || !moves.is_empty() => {
                return Err(RecordError::expected(
                    place(property),
                    "one board (BO), before the moves",
                    &property.value,
                ));
            }
            "BO" => {
                seen_board = true;
                state = board(&property.value).ok_or_else(|| {
                    RecordError::expected(
                        place(property),
                        "a board: 8, 64 squares of - * O, and * or O to move",
                        &property.value,
                    )
                })?;
            }
            "B" | "W" => {
                if moves.len() >= MAX_MOVES {
                    return Err(RecordError::at(
                        place(property),
                        ErrorKind::TooManyMoves(MAX_MOVES),
                    ));
                }
                let colour = if property.key.eq_ignore_ascii_case("B") {
                    Disc::Black
                } else {
                    Disc::White
                };
                play(&mut state, &mut moves, colour, &property.value).map_err(|reason| {
                    RecordError::bad_move(
                        place(property),
                        moves.len() + 1,
                        &property.value,
                        &reason,
                    )
                })?;
            }
            _ => {}
        }
    }
    let start = properties
        .iter()
        .find(|p| p.key.eq_ignore_ascii_case("BO"))
        .and_then(|p| board(&p.value))
        .unwrap_or_default();
    Ok(GameRecord {
        head,
        params: start_params(&start),
        moves,
    })
}

fn unsupported(place: Place, what: &'static str, value: &str) -> RecordError {
    RecordError::at(
        place,
        ErrorKind::Unsupported {
            what,
            value: quote(value),
            plays: "Othello on 8×8",
        },
    )
}

/// Checks a game type (`8`, `s8` synchro, `8r` random start, `k8` komi): the board must be
/// 8×8 and the game not anti-Othello (which reverses the winner).
fn game_type(property: &Property<'_>) -> Result<(), &'static str> {
    let value = property.value.to_ascii_lowercase();
    let digits: String = value
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    if digits != "8" {
        return Err("the board size");
    }
    if value.contains('a') {
        return Err("the game type");
    }
    Ok(())
}

/// A `BO` value: `8`, then 64 squares from a1 row by row, then the side to move.
fn board(value: &str) -> Option<Board> {
    let mut words = value.split_whitespace();
    if words.next()? != "8" {
        return None;
    }
    let rest: String = words.collect();
    let (squares, side) = rest.split_at_checked(64)?;
    let mut cells = [[None; 8]; 8];
    for (i, c) in squares.chars().enumerate() {
        let (x, rank) = (i % 8, i / 8);
        cells[usize::from(SIZE) - 1 - rank][x] = match c {
            '-' | '.' => None,
            '*' | 'x' | 'X' | '#' => Some(Disc::Black),
            'O' | 'o' => Some(Disc::White),
            _ => return None,
        };
    }
    let to_move = match side {
        "*" | "x" | "X" | "#" => Disc::Black,
        "O" | "o" => Disc::White,
        _ => return None,
    };
    Board::try_from(Setup { cells, to_move }).ok()
}

/// Plays a `B` or `W` move: a square or a pass, after any pass the record leaves out.
fn play(state: &mut Board, moves: &mut Vec<Move>, colour: Disc, value: &str) -> Result<(), String> {
    let written = value.split('/').next().unwrap_or("").trim();
    let is_pass = ["pa", "pass", "ps"]
        .iter()
        .any(|p| written.eq_ignore_ascii_case(p));
    let square = if is_pass {
        None
    } else {
        Some(parse_square(written).ok_or("not a square from a1 to h8 or a pass")?)
    };
    if state.turn() != colour && state.must_pass() {
        state.play(&Move::Pass).map_err(|e| e.message)?;
        moves.push(Move::Pass);
    }
    if state.turn() != colour {
        return Err(format!("it is {}'s turn", state.turn().name()));
    }
    let mv = square.map_or(Move::Pass, |(x, y)| Move::Place(x, y));
    state.play(&mv).map_err(|e| e.message)?;
    moves.push(mv);
    Ok(())
}

/// A square's letter on a `BO` board.
fn cell(disc: Option<Disc>) -> char {
    match disc {
        None => '-',
        Some(Disc::Black) => '*',
        Some(Disc::White) => 'O',
    }
}

/// A property value with `]` and `\` escaped.
fn escaped(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            ']' | '\\' => vec!['\\', c],
            c => vec![c],
        })
        .collect()
}

fn write(record: &GameRecord<Params, Move>) -> Result<String, WriteError> {
    let start = record
        .params
        .position()
        .map_err(|_| WriteError::Unsupported("the game's start position is not a position"))?;
    let name = |i: usize| escaped(record.head.names.get(i).map_or("", String::as_str));
    let place = record.head.info.event.as_deref().unwrap_or("Parlor");
    let mut out = format!("(;GM[Othello]PC[{}]", escaped(place));
    if let Some(date) = &record.head.info.date {
        let _ = write!(out, "DT[{}]", escaped(date));
    }
    let _ = write!(out, "PB[{}]PW[{}]TY[8]", name(0), name(1));
    let mut board = String::from("8");
    for rank in 0..SIZE {
        board.push(' ');
        let y = SIZE - 1 - rank;
        board.extend((0..SIZE).map(|x| cell(start.disc_at(x, y))));
    }
    board.push_str(if start.turn() == Disc::Black {
        " *"
    } else {
        " O"
    });
    let mut state = start;
    let mut list = String::new();
    for mv in &record.moves {
        let colour = if state.turn() == Disc::Black {
            'B'
        } else {
            'W'
        };
        let square = match mv {
            Move::Pass => "PA".to_string(),
            Move::Place(..) => super::super::notation::format_standard(mv),
        };
        let _ = write!(list, "{colour}[{square}]");
        state.play(mv).map_err(|_| {
            WriteError::Unsupported("a move of the game is not legal where it stands")
        })?;
    }
    let result = margin(&state).map_or_else(|| "?".to_string(), |m| format!("{m:+}"));
    let _ = writeln!(out, "RE[{result}]BO[{board}]{list};)");
    Ok(out)
}
