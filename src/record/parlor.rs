//! Parlor's own notation for game records (docs/NOTATION.md): tag pairs, then one move a
//! line in the game's notation, the one plain mode reads and the history panel shows.
//!
//! ```text
//! [Game "Pentago"]
//! [Player1 "Alice"]
//! [Player2 "Bob"]
//! [Result "1-0"]
//!
//! 1. a11r
//! 2. f64l
//! ```
//!
//! Written once for every game over [`Game`]: the game's parameters come from its
//! [`Game::record_tags`], its moves from [`Game::format_move`] and [`Game::parse_move`]. A file
//! may hold several games, each starting with its `Game` tag.

use crate::core::record::error::{ErrorKind, Place, RecordError};
use crate::core::record::format::{
    FailedGame, GameRecord, Listed, MAX_GAMES, RecordHead, RecordInfo,
};
use crate::core::record::tags::{self, Tag, write_tag};
use crate::core::{Game, MoveOf, Outcome, Rules, Seat};

/// The format's name for `parlor export --format`.
pub const ID: &str = "parlor";
/// What people call it.
pub const TITLE: &str = "Parlor notation";
/// The extension of exported files.
pub const EXTENSION: &str = "pgr";

/// The tags of the two seats' names.
const PLAYER_TAGS: [&str; 2] = ["Player1", "Player2"];

/// The most moves one game may list (as saves: longer than any real game).
const MAX_MOVES: usize = crate::save::game::MAX_MOVES;

/// Whether `name` (a `Game` tag's value) names game `G`: its id or its title, ignoring case,
/// spaces, `_` and `-` (`Nine Almonds`, `nine_almonds`, `connect-four`).
fn names_game<G: Game>(name: &str) -> bool {
    let key = |s: &str| {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .flat_map(char::to_lowercase)
            .collect::<String>()
    };
    let name = key(name);
    name == key(G::ID) || name == key(G::TITLE)
}

/// Whether the bytes are a record in Parlor's notation of game `G`: the first line that is
/// not blank or a comment is a `Game` tag naming it.
pub fn sniff<G: Game>(bytes: &[u8]) -> bool {
    let Ok(text) = crate::core::record::format::text(bytes) else {
        return false;
    };
    let Some(start) = first_line(text) else {
        return false;
    };
    matches!(tags::read_tag(text, start), Ok((tag, _))
        if tag.name.eq_ignore_ascii_case("Game") && names_game::<G>(&tag.value))
}

/// The byte offset of the first line that is not blank or a `#` comment.
fn first_line(text: &str) -> Option<usize> {
    lines(text)
        .find(|(_, line)| !is_blank(line))
        .map(|(start, line)| start + (line.len() - line.trim_start().len()))
}

/// Each line with the byte offset it starts at.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |offset, line| {
        let start = *offset;
        *offset += line.len();
        Some((start, line.trim_end_matches(['\n', '\r'])))
    })
}

/// A line with nothing to read: empty, or a comment.
fn is_blank(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// Every game of a file in Parlor's notation.
///
/// # Errors
/// [`RecordError`] when the file is not text or holds no game.
pub fn read<G: Game>(
    bytes: &[u8],
) -> crate::core::record::format::ReadResult<G::Params, MoveOf<G>> {
    let text = crate::core::record::format::text(bytes)?;
    let mut games = Vec::new();
    let mut current: Option<Section> = None;
    for (start, line) in lines(text) {
        if is_blank(line) {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let begins_game = line.trim_start().starts_with('[')
            && tags::read_tag(text, start + indent)
                .is_ok_and(|(tag, _)| tag.name.eq_ignore_ascii_case("Game"));
        if begins_game || current.is_none() {
            if let Some(section) = current.take() {
                games.push(section);
            }
            if games.len() >= MAX_GAMES {
                return Err(RecordError::file(ErrorKind::TooManyGames(MAX_GAMES)));
            }
            current = Some(Section::default());
        }
        if let Some(section) = current.as_mut() {
            section.lines.push((start + indent, line.trim()));
        }
    }
    games.extend(current);
    if games.is_empty() {
        return Err(RecordError::file(ErrorKind::Empty));
    }
    Ok(games
        .into_iter()
        .map(|section| section.read::<G>(text))
        .collect())
}

/// The lines of one game, with their offsets.
#[derive(Default)]
struct Section<'a> {
    lines: Vec<(usize, &'a str)>,
}

impl Section<'_> {
    fn read<G: Game>(&self, text: &str) -> Listed<G::Params, MoveOf<G>> {
        let mut found = Vec::new();
        let mut moves_from = self.lines.len();
        for (index, &(start, line)) in self.lines.iter().enumerate() {
            if !line.starts_with('[') {
                moves_from = index;
                break;
            }
            match tags::read_tag(text, start) {
                Ok((tag, _)) => found.push(tag),
                Err(error) => {
                    return Err(FailedGame {
                        head: Box::new(head::<G>(&found)),
                        error,
                    });
                }
            }
        }
        let head = head::<G>(&found);
        let fail = |error| FailedGame {
            head: Box::new(head.clone()),
            error,
        };
        let game_tag = tags::find(&found, "Game");
        match game_tag {
            Some(tag) if names_game::<G>(&tag.value) => {}
            _ => {
                let (place, value) = game_tag.map_or_else(
                    || {
                        (
                            self.lines
                                .first()
                                .map_or(Place::File, |&(s, _)| Place::in_text(text, s)),
                            "",
                        )
                    },
                    |tag| (tag.at, tag.value.as_str()),
                );
                return Err(fail(RecordError::expected(
                    place,
                    "a Game tag naming the game",
                    value,
                )));
            }
        }
        let params = G::params_from_tags(&found).map_err(fail)?;
        let mut state = G::start(&params).map_err(|e| fail(RecordError::file(e.into())))?;
        let mut moves = Vec::new();
        for &(start, line) in &self.lines[moves_from..] {
            if line.starts_with('[') {
                return Err(fail(RecordError::expected(
                    Place::in_text(text, start),
                    "a move (tags come before the moves)",
                    line,
                )));
            }
            if moves.len() >= MAX_MOVES {
                return Err(fail(RecordError::at(
                    Place::in_text(text, start),
                    ErrorKind::TooManyMoves(MAX_MOVES),
                )));
            }
            let (skip, written) = without_number(line);
            let place = Place::in_text(text, start + skip);
            let number = moves.len() + 1;
            let mv = G::parse_move(&state, written)
                .map_err(|e| fail(RecordError::bad_move(place, number, written, &e.message)))?;
            state
                .play(&mv)
                .map_err(|e| fail(RecordError::bad_move(place, number, written, &e.message)))?;
            moves.push(mv);
        }
        Ok(GameRecord {
            head,
            params,
            moves,
        })
    }
}

/// A move line without its leading move number (`12.` or `12...`): the bytes skipped and the
/// move's text.
fn without_number(line: &str) -> (usize, &str) {
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &line[digits..];
    if digits == 0 || !after.starts_with('.') {
        return (0, line);
    }
    let dots = after.len() - after.trim_start_matches('.').len();
    let rest = &after[dots..];
    let text = rest.trim_start();
    (line.len() - text.len(), text)
}

/// The head of a game from its tags.
fn head<G: Game>(found: &[Tag]) -> RecordHead {
    let names = if G::is_puzzle() {
        Vec::new()
    } else {
        PLAYER_TAGS
            .iter()
            .zip(G::SEAT_NAMES)
            .map(|(tag, seat)| {
                crate::core::text::player_name(tags::value(found, tag).unwrap_or(""), seat)
            })
            .collect()
    };
    RecordHead {
        names,
        info: RecordInfo {
            event: tags::known(found, "Event").map(str::to_string),
            date: tags::known(found, "Date").map(str::to_string),
            result: tags::known(found, "Result").map(str::to_string),
        },
    }
}

/// The result of a finished game as the `Result` tag writes it: PGN's `1-0`, `0-1`,
/// `1/2-1/2`, or `solved`/`lost` for a puzzle; `*` while it goes on.
#[must_use]
pub fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Won(Seat::First)) => "1-0",
        Some(Outcome::Won(Seat::Second)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        Some(Outcome::Solved) => "solved",
        Some(Outcome::Lost) => "lost",
        None => "*",
    }
}

/// The record in Parlor's notation.
///
/// # Errors
/// [`crate::core::record::error::WriteError`] never in practice: every game can be written (the signature
/// is a format writer's).
#[allow(clippy::unnecessary_wraps)] // a `RecordFormat::write`, whose other writers can fail
pub fn write<G: Game>(
    record: &GameRecord<G::Params, MoveOf<G>>,
) -> Result<String, crate::core::record::error::WriteError> {
    let mut out = write_tag("Game", G::TITLE);
    for (name, value) in [
        ("Event", &record.head.info.event),
        ("Date", &record.head.info.date),
    ] {
        if let Some(value) = value {
            out.push_str(&write_tag(name, value));
        }
    }
    if !G::is_puzzle() {
        for (tag, name) in PLAYER_TAGS.iter().zip(&record.head.names) {
            out.push_str(&write_tag(tag, name));
        }
    }
    for (name, value) in G::record_tags(&record.params) {
        out.push_str(&write_tag(name, &value));
    }
    let mut lines = Vec::with_capacity(record.moves.len());
    let mut state = G::start(&record.params).ok();
    for (index, mv) in record.moves.iter().enumerate() {
        let Some(before) = state.as_mut() else {
            break;
        };
        lines.push(format!("{}. {}", index + 1, G::format_move(before, mv)));
        if before.play(mv).is_err() {
            state = None;
        }
    }
    out.push_str(&write_tag(
        "Result",
        result_text(state.as_ref().and_then(Rules::outcome)),
    ));
    out.push('\n');
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::format::RecordHead;
    use crate::games::{nine_almonds::game::NineAlmondsGame, pentago::game::PentagoGame};
    use proptest::prelude::*;

    /// A random game of `G` from `params` (each choice picks among the legal moves), written
    /// in Parlor's notation with `names` and read back: the same parameters, names and moves.
    fn round_trips<G: Game>(
        params: &G::Params,
        names: Vec<String>,
        choices: &[usize],
    ) -> Result<(), TestCaseError>
    where
        G::Params: PartialEq,
    {
        let mut state = G::start(params).expect("starts");
        let mut moves = Vec::new();
        for &choice in choices {
            let legal = state.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[choice % legal.len()].clone();
            state.play(&mv).expect("legal");
            moves.push(mv);
        }
        let head = RecordHead {
            names,
            ..RecordHead::default()
        };
        let game = GameRecord {
            head: head.clone(),
            params: params.clone(),
            moves: moves.clone(),
        };
        let text = write::<G>(&game).expect("writes");
        prop_assert!(sniff::<G>(text.as_bytes()), "{}", text);
        let mut read_back = read::<G>(text.as_bytes()).expect("reads");
        prop_assert_eq!(read_back.len(), 1);
        let back = read_back
            .remove(0)
            .map_err(|e| e.error.to_string())
            .expect("a game");
        prop_assert!(back.params == *params);
        prop_assert_eq!(back.head.names, head.names);
        prop_assert_eq!(back.moves, moves);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn pentago_games_round_trip(
            first in "\\PC{0,20}",
            second in "\\PC{0,20}",
            choices in proptest::collection::vec(0usize..300, 0..36),
        ) {
            // The names a game can have: what `Player::person` makes of any text.
            let names = vec![
                crate::core::text::player_name(&first, "Player 1"),
                crate::core::text::player_name(&second, "Player 2"),
            ];
            round_trips::<PentagoGame>(&<PentagoGame as Game>::Params::default(), names, &choices)?;
        }

        #[test]
        fn nine_almonds_games_round_trip(
            choices in proptest::collection::vec(0usize..50, 0..40),
        ) {
            round_trips::<NineAlmondsGame>(&<NineAlmondsGame as Game>::Params::default(), Vec::new(), &choices)?;
        }
    }

    #[test]
    fn move_numbers_are_optional() {
        assert_eq!(without_number("12. c31r"), (4, "c31r"));
        assert_eq!(without_number("3... 2,2 to 2,4"), (5, "2,2 to 2,4"));
        assert_eq!(without_number("end turn"), (0, "end turn"));
        assert_eq!(without_number("5@1,2"), (0, "5@1,2"));
    }
}
