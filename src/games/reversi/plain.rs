//! Plain line mode for Reversi: the seed's prompts and text board, in one dialect at a time:
//! by default the board's labels, the prompt and every message name squares the standard
//! way (`d3`), with `--original` the seed's way (`x,y`, "enter the coordinate (x,y) …").
//! Both names are read either way.
//!
//! A pass is never silent: when the side to move has no placement the driver says so in
//! words and plays the pass itself (there is nothing else the player could type).

use std::io::{self, BufRead, Write};

use crate::core::plain::read_line;
use crate::core::{Coordinates, Ending, Game, Outcome, Rules, Seat};
use crate::save::journal::Journal;

use super::game::{Params, ReversiGame, StartPosition};
use super::notation::{ReversiSquares, parse_move};
use super::rules::{Board, Disc, Move};
use super::text::board_text;
use crate::core::plain::computer_move;

/// The two players' names, black (first seat) then white.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players {
    /// The name of the player with the black (`X`) pieces, who moves first.
    pub black: String,
    /// The name of the player with the white (`O`) pieces.
    pub white: String,
}

impl Default for Players {
    /// The names used when the command line gives none.
    fn default() -> Self {
        Self {
            black: "Black".to_string(),
            white: "White".to_string(),
        }
    }
}

impl Players {
    /// The name of the player who plays `disc`.
    #[must_use]
    pub fn name(&self, disc: Disc) -> &str {
        match disc {
            Disc::Black => &self.black,
            Disc::White => &self.white,
        }
    }
}

/// What a plain-mode game starts from: who plays and the position (the start, or a loaded one).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlainSetup {
    /// Who plays black and who plays white.
    pub players: Players,
    /// The position the first prompt is asked in.
    pub start: Board,
    /// The computer's level at each seat it plays (`--computer`); its moves are announced and
    /// played without a prompt.
    pub computer: [Option<u8>; 2],
    /// How the messages name squares (`d3` unless `--original` or the setting asks for the
    /// seed's `x,y`); both are accepted as input either way.
    pub names: Coordinates,
}

/// The counts line the seed prints after every move.
#[must_use]
pub fn counts_line(board: &Board) -> String {
    format!(
        "black piece: {}; white piece: {}",
        board.count(Disc::Black),
        board.count(Disc::White)
    )
}

/// The sentence that closes a finished game: winner (or draw) with the counts.
#[must_use]
pub fn result_line(board: &Board, players: &Players, outcome: Outcome) -> String {
    let black = board.count(Disc::Black);
    let white = board.count(Disc::White);
    match outcome {
        Outcome::Won(seat) => {
            let disc = Disc::of_seat(seat);
            let (winner, loser) = if seat == Seat::First {
                (black, white)
            } else {
                (white, black)
            };
            format!(
                "game over! {} ({}) wins with {winner} pieces to {loser}.",
                players.name(disc),
                disc.name()
            )
        }
        Outcome::Draw | Outcome::Solved | Outcome::Lost => {
            format!("game over! it is a draw: {black} pieces each.")
        }
    }
}

/// Plays one game of Reversi in line mode: prints the board, asks each player for a square,
/// announces passes, and ends with the result, on `q` or `quit`, or at the end of the input.
///
/// # Errors
/// Only I/O errors from `input` or `out`; bad move texts and illegal moves are answered with a
/// sentence and the question again.
pub fn run_plain(
    setup: &PlainSetup,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let players = &setup.players;
    let mut board = setup.start;
    let mut turn = 0;
    let mut journal = journal(setup);
    write!(out, "{}\n\n", board_text(&board, setup.names))?;
    loop {
        if let Some(outcome) = board.outcome() {
            writeln!(out, "{}", result_line(&board, players, outcome))?;
            return Ok(Ending::Finished(outcome));
        }
        let disc = board.turn();
        let name = players.name(disc);
        if board.must_pass() {
            writeln!(
                out,
                "{name} ({}) has no valid move and must pass; now it is {}'s turn again.\n",
                disc.name(),
                players.name(disc.other())
            )?;
            board
                .play(&Move::Pass)
                .expect("must_pass means a pass is legal");
            journal.played(&Move::Pass);
            continue;
        }
        if let Some(level) = setup.computer[disc.seat().index()] {
            let mv = computer_move::<ReversiGame>(&board, &Params::default(), level, turn)
                .ok_or_else(|| io::Error::other("the computer found no move"))?;
            writeln!(
                out,
                "{name} plays {}.",
                ReversiGame::name_move(&board, &mv, setup.names)
            )?;
            board
                .play(&mv)
                .map_err(|err| io::Error::other(err.message))?;
            journal.played(&mv);
        } else {
            writeln!(out, "now is {name}'s turn.")?;
            let Some(mv) = ask_move(&mut board, disc, setup.names, input, out)? else {
                return Ok(Ending::Quit);
            };
            journal.played(&mv);
        }
        turn += 1;
        write!(
            out,
            "\n\n{}\n\n{}\n\n",
            counts_line(&board),
            board_text(&board, setup.names)
        )?;
    }
}

/// Asks the person for a square until a legal move is typed, and plays it. `None` when the
/// person quit (`q`, `quit` or the end of the input), after saying so.
fn ask_move(
    board: &mut Board,
    disc: Disc,
    names: Coordinates,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Option<Move>> {
    loop {
        write!(out, "{}", prompt(names, disc))?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out, "\nuser quit!")?;
            return Ok(None);
        };
        let text = line.trim();
        if crate::core::plain::is_quit(text) {
            writeln!(out, "user quit!")?;
            return Ok(None);
        }
        let name = |x, y| names.name::<ReversiSquares>((x, y));
        let played = parse_move(text).map_err(|err| err.message).and_then(|mv| {
            match board.refusal_named(&mv, &name) {
                Some(err) => Err(err.message),
                None => board.play(&mv).map(|()| mv).map_err(|err| err.message),
            }
        });
        match played {
            Ok(mv) => return Ok(Some(mv)),
            Err(message) => writeln!(out, "{message}")?,
        }
    }
}

/// The question for a placement, naming squares as the board's labels do: the seed's
/// "coordinate (x,y)" with `--original`, a standard name otherwise.
fn prompt(names: Coordinates, disc: Disc) -> String {
    let what = match names {
        Coordinates::Standard => "square (a1 to h8)",
        Coordinates::Original => "coordinate (x,y)",
    };
    format!(
        "enter the {what} you want to put your {} piece: ",
        disc.name()
    )
}

/// The autosave's record of this game: the seats (the computer's at its level), and the start
/// position unless it is the standard one.
fn journal(setup: &PlainSetup) -> Journal<ReversiGame> {
    let start = (setup.start != Board::new()).then(|| StartPosition {
        rows: super::notation::rows(&setup.start),
        to_move: setup.start.turn(),
    });
    let seat = |index: usize, name: &str| match setup.computer[index] {
        Some(level) => crate::core::Player::computer(level),
        None => crate::core::Player::person(name, ReversiGame::SEAT_NAMES[index]),
    };
    let players =
        crate::core::Players::two(seat(0, &setup.players.black), seat(1, &setup.players.white));
    Journal::new(Params { start }, players, &setup.start)
}
