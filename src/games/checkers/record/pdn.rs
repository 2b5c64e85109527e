//! PDN, Portable Draughts Notation, for English draughts (`GameType 21`): tag pairs, then
//! the moves in standard numbers (`11-15`, `15x22x29`, or a jump by its ends, `15x29`), with
//! comments `{…}`, variations `(…)`, move strengths and a result (`1-0` Black won, `0-1`
//! White, `1/2-1/2`, `*` unfinished). A file holds any number of games.
//!
//! Read as the PDN 3.0 standard asks readers to: liberally. Move numbers are optional and
//! may be glued to the move (`1.32-28`), a multi-jump may be split over two moves
//! (`11x18 18x25`), `-` and `x` are not checked against whether the move jumps, and a
//! variation is skipped.

use super::super::params::Params;
use super::super::rules::{Checkers, Move, Square};
use super::fen;
use crate::core::record::error::{ErrorKind, Place, RecordError, WriteError};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordFormat, RecordHead, RecordInfo, text_or_latin1,
};
use crate::core::record::tags::{self, Tag, write_tag};
use crate::core::{Rules, Seat};

/// The PDN format.
pub const FORMAT: RecordFormat<Params, Move> = RecordFormat {
    id: "pdn",
    title: "PDN",
    extension: "pdn",
    sniff,
    read,
    write: Some(write),
    whole_game: true,
};

/// The tag of Parlor's free-capture variant (the seed's), which PDN has no game type for.
const CAPTURES_TAG: &str = "Captures";

/// The most moves a game may list.
const MAX_MOVES: usize = crate::save::game::MAX_MOVES;

/// Tags PDN files start with; a file whose first tag is one of them is PDN.
const PDN_TAGS: [&str; 11] = [
    "Event", "Site", "Date", "Round", "Black", "White", "Red", "Result", "FEN", "GameType", "SetUp",
];

fn sniff(bytes: &[u8]) -> bool {
    let text = text_or_latin1(bytes);
    let start = text.trim_start();
    if start.starts_with('[') {
        return tags::read_tag(start, 0)
            .is_ok_and(|(tag, _)| PDN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(&tag.name)));
    }
    // Moves without tags: `1. 11-15 23-19 …`.
    let mut words = start.split_whitespace();
    words
        .next()
        .is_some_and(|w| w.trim_end_matches('.') == "1" && w.ends_with('.'))
        && words.next().is_some_and(|w| squares_of(w).is_some())
}

/// One piece of PDN text and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Token<'a> {
    Tag(Tag),
    Word(&'a str),
}

/// The tokens of a PDN file: tags and words, with comments, variations and move strength
/// marks left out.
fn tokens(text: &str) -> Result<Vec<(usize, Token<'_>)>, RecordError> {
    let mut out = Vec::new();
    let mut pos = 0;
    let bytes = text.as_bytes();
    while pos < text.len() {
        let c = text[pos..].chars().next().unwrap_or(' ');
        match c {
            c if c.is_whitespace() => pos += c.len_utf8(),
            '[' => {
                let (tag, after) = tags::read_tag(text, pos)?;
                out.push((pos, Token::Tag(tag)));
                pos = after;
            }
            '{' => pos = closing(text, pos, '{', '}', "a comment")?,
            '(' => pos = closing(text, pos, '(', ')', "a variation")?,
            ';' => pos = text[pos..].find('\n').map_or(text.len(), |i| pos + i),
            '%' if pos == 0 || bytes[pos - 1] == b'\n' => {
                pos = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            }
            _ => {
                let end = text[pos..]
                    .find(|c: char| c.is_whitespace() || matches!(c, '[' | '{' | '(' | ';'))
                    .map_or(text.len(), |i| pos + i);
                out.push((pos, Token::Word(&text[pos..end])));
                pos = end;
            }
        }
    }
    Ok(out)
}

/// The offset after the `close` that matches the `open` at `start` (nesting, with comments
/// inside variations skipped whole).
fn closing(
    text: &str,
    start: usize,
    open: char,
    close: char,
    what: &'static str,
) -> Result<usize, RecordError> {
    let mut depth = 0usize;
    let mut in_comment = false;
    for (i, c) in text[start..].char_indices() {
        match c {
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '{' if open != '{' => in_comment = true,
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return Ok(start + i + c.len_utf8());
                }
            }
            _ => {}
        }
    }
    Err(RecordError::at(
        Place::in_text(text, start),
        ErrorKind::Unterminated(what),
    ))
}

/// Whether a word ends a game, as a result.
fn is_result(word: &str) -> bool {
    matches!(
        word,
        "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1" | "0-0"
    )
}

/// The squares of a move word (`11-15`, `15x22x29`, `c3-d4`, `1118`), its strength marks
/// and any move number glued before it (`1.32-28`) removed; `None` for anything else.
fn squares_of(word: &str) -> Option<Vec<Square>> {
    let word = word.trim_end_matches(['!', '?', '*']);
    let word = match word.split_once('.') {
        Some((number, rest)) if number.chars().all(|c| c.is_ascii_digit()) => {
            rest.trim_start_matches('.')
        }
        _ => word,
    };
    if word.is_empty() {
        return None;
    }
    let parts: Vec<&str> = word.split(['-', 'x', 'X', ':']).collect();
    if parts.len() >= 2 {
        return parts.iter().map(|p| fen::parse_square(p)).collect();
    }
    // Old files run two two-digit squares together: `1115`.
    if word.len() == 4 && word.chars().all(|c| c.is_ascii_digit()) {
        return [&word[..2], &word[2..]]
            .iter()
            .map(|p| fen::parse_square(p))
            .collect();
    }
    None
}

fn read(bytes: &[u8]) -> Result<Vec<Listed<Params, Move>>, RecordError> {
    let text = text_or_latin1(bytes);
    let text = text.as_ref();
    let tokens = tokens(text)?;
    let mut games = Vec::new();
    let mut index = 0;
    while index < tokens.len() {
        if games.len() >= MAX_GAMES {
            return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
        }
        let (game, next) = read_game(text, &tokens, index);
        games.push(game);
        index = next;
    }
    if games.is_empty() {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(games)
}

/// The game whose tokens start at `index`, and the index after it: its tags, then its
/// words up to a result, a tag after a move, or the end.
fn read_game(
    text: &str,
    tokens: &[(usize, Token<'_>)],
    mut index: usize,
) -> (Listed<Params, Move>, usize) {
    let mut found = Vec::new();
    while let Some((_, Token::Tag(tag))) = tokens.get(index) {
        found.push(tag.clone());
        index += 1;
    }
    let mut words = Vec::new();
    while let Some((at, Token::Word(word))) = tokens.get(index) {
        index += 1;
        if is_result(word) {
            break;
        }
        words.push((*at, *word));
    }
    let head = head(&found);
    let game = replay(text, &found, &words, head.clone()).map_err(|error| FailedGame {
        head: Box::new(head),
        error,
    });
    (game, index)
}

fn head(found: &[Tag]) -> RecordHead {
    let name = |tag| crate::core::text::player_name(tags::known(found, tag).unwrap_or(""), "");
    let black = tags::known(found, "Black").map_or_else(|| name("Red"), |_| name("Black"));
    RecordHead {
        names: vec![black, name("White")],
        info: RecordInfo {
            event: tags::known(found, "Event").map(str::to_string),
            date: tags::known(found, "Date").map(str::to_string),
            result: tags::known(found, "Result").map(str::to_string),
        },
    }
}

/// The parameters the tags give: the capture rule and any position set up.
fn params(found: &[Tag]) -> Result<(Params, Checkers), RecordError> {
    if let Some(tag) = tags::find(found, "GameType") {
        let kind = tag.value.split(',').next().unwrap_or("").trim();
        if kind != "21" {
            return Err(RecordError::at(
                tag.at,
                ErrorKind::Unsupported {
                    what: "the game type",
                    value: crate::core::record::error::quote(&tag.value),
                    plays: "English draughts, GameType 21",
                },
            ));
        }
    }
    let forced_capture =
        !tags::value(found, CAPTURES_TAG).is_some_and(|v| v.eq_ignore_ascii_case("optional"));
    let Some(tag) = tags::find(found, "FEN") else {
        return Ok((
            Params {
                forced_capture,
                start: None,
            },
            Checkers::new(forced_capture),
        ));
    };
    let start = fen::position(&tag.value, forced_capture).map_err(|e| tags::bad_value(tag, e))?;
    let written = fen::write(&start);
    let usual = start == Checkers::new(forced_capture);
    Ok((
        Params {
            forced_capture,
            start: (!usual).then_some(written),
        },
        start,
    ))
}

fn replay(
    text: &str,
    found: &[Tag],
    words: &[(usize, &str)],
    head: RecordHead,
) -> Result<GameRecord<Params, Move>, RecordError> {
    let (params, mut state) = params(found)?;
    let mut moves = Vec::new();
    let mut partial: Vec<Square> = Vec::new();
    for &(at, word) in words {
        let place = Place::in_text(text, at);
        if word.starts_with('$')
            || word
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
                && word.ends_with('.')
        {
            continue;
        }
        let Some(mut squares) = squares_of(word) else {
            if word.trim_end_matches(['!', '?']).is_empty() {
                continue;
            }
            return Err(RecordError::expected(
                place,
                "a move like 11-15 or 15x22x29",
                word,
            ));
        };
        if squares.len() == 1 {
            continue;
        }
        if let (Some(last), Some(first)) = (partial.last(), squares.first())
            && last == first
        {
            let mut joined = partial.clone();
            joined.extend_from_slice(&squares[1..]);
            squares = joined;
        }
        if moves.len() >= MAX_MOVES {
            return Err(RecordError::at(place, ErrorKind::TooManyMoves(MAX_MOVES)));
        }
        match resolve(&state, &squares) {
            Resolved::Move(mv) => {
                partial.clear();
                state
                    .play(&mv)
                    .map_err(|e| RecordError::bad_move(place, moves.len() + 1, word, &e.message))?;
                moves.push(mv);
            }
            Resolved::Partial => partial = squares,
            Resolved::Ambiguous => {
                return Err(RecordError::bad_move(
                    place,
                    moves.len() + 1,
                    word,
                    "more than one jump fits: write every square the piece lands on",
                ));
            }
            Resolved::Illegal => {
                let reason = if state.outcome().is_some() {
                    "the game is already over"
                } else {
                    "not a legal move here"
                };
                return Err(RecordError::bad_move(place, moves.len() + 1, word, reason));
            }
        }
    }
    Ok(GameRecord {
        head,
        params,
        moves,
    })
}

/// What a move's written squares are in a position.
enum Resolved {
    Move(Move),
    /// The start of a multi-jump whose rest follows as the next move.
    Partial,
    Ambiguous,
    Illegal,
}

/// The legal move the squares name: its path starts and ends where they do and passes
/// through the others in order. Two paths that capture the same men are the same move.
fn resolve(state: &Checkers, squares: &[Square]) -> Resolved {
    let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
        return Resolved::Illegal;
    };
    let through = |path: &[Square]| {
        let mut rest = path.iter();
        squares.iter().all(|s| rest.any(|p| p == s))
    };
    let moves = state.legal_moves();
    let matching: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            m.path.first() == Some(first) && m.path.last() == Some(last) && through(&m.path)
        })
        .collect();
    match matching.as_slice() {
        [] if moves
            .iter()
            .any(|m| m.path.len() > squares.len() && m.path.starts_with(squares)) =>
        {
            Resolved::Partial
        }
        [] => Resolved::Illegal,
        [only] => Resolved::Move((*only).clone()),
        [one, rest @ ..] => {
            let captured = |m: &Move| {
                let mut c = m.captured();
                c.sort_unstable();
                c
            };
            if rest.iter().all(|m| captured(m) == captured(one)) {
                Resolved::Move((*one).clone())
            } else {
                Resolved::Ambiguous
            }
        }
    }
}

fn write(record: &GameRecord<Params, Move>) -> Result<String, WriteError> {
    let start = record
        .params
        .position()
        .map_err(|_| WriteError::Unsupported("the game's start position is not a position"))?;
    let mut out = String::new();
    if let Some(event) = &record.head.info.event {
        out.push_str(&write_tag("Event", event));
    }
    if let Some(date) = &record.head.info.date {
        out.push_str(&write_tag("Date", date));
    }
    for (tag, i) in [("Black", 0), ("White", 1)] {
        out.push_str(&write_tag(
            tag,
            record.head.names.get(i).map_or("", String::as_str),
        ));
    }
    let mut state = start.clone();
    let mut body = Vec::new();
    // From a position with White to move, the first move is White's: `1...`.
    let white_first = usize::from(start.side_to_move() == Seat::Second);
    for (i, mv) in record.moves.iter().enumerate() {
        let ply = i + white_first;
        if ply % 2 == 0 {
            body.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            body.push("1...".to_string());
        }
        body.push(super::super::notation::format_standard(mv));
        state.play(mv).map_err(|_| {
            WriteError::Unsupported("a move of the game is not legal where it stands")
        })?;
    }
    let result = match state.outcome() {
        Some(crate::core::Outcome::Won(Seat::First)) => "1-0",
        Some(crate::core::Outcome::Won(Seat::Second)) => "0-1",
        Some(_) => "1/2-1/2",
        None => "*",
    };
    out.push_str(&write_tag("Result", result));
    out.push_str(&write_tag("GameType", "21"));
    if let Some(fen) = &record.params.start {
        out.push_str(&write_tag("SetUp", "1"));
        out.push_str(&write_tag("FEN", fen));
    }
    if !record.params.forced_capture {
        out.push_str(&write_tag(CAPTURES_TAG, "optional"));
    }
    body.push(result.to_string());
    out.push('\n');
    let mut line = String::new();
    for word in body {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    Ok(out)
}
