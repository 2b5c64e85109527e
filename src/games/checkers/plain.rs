//! Plain line mode for checkers, with the seed's prompts:
//!
//! ```text
//! now is Alice's turn. (black)
//! enter the piece you want to move: 5,5
//! enter the destination: 4,4
//! ```
//!
//! A jump prints the board and `a to b`; while the same piece can jump again the player is
//! asked for a further destination, and when it cannot the seed's `this piece cannot be
//! jumped from its new position. this turn is over.` ends the turn. `q` or `quit` at any prompt, or
//! the end of the input, leaves the game.
//!
//! A seat the computer plays (`--computer`) asks nothing: its move is printed as
//! `Computer (Master) plays 5,5-4,4` in the game's notation, then the board.

use std::io::{self, BufRead, Write};

use crate::core::plain::{computer_move, read_line};
use crate::core::{Coordinates, Ending, Outcome, Rules, Seat};

use super::game::CheckersGame;
use super::game::Params;
use super::notation::{CheckersSquares, format_named, join_named, parse_square};
use super::rules::{Checkers, DRAW_PLIES, Square, color_name};
use super::text::board_text;

/// What plain mode starts from: the two names and the position (the start position, or a
/// loaded game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainSetup {
    /// The player with the black pieces (moves first).
    pub black: String,
    /// The player with the white pieces.
    pub white: String,
    /// The position to play on; its `forced_capture` decides the capture rule.
    pub game: Checkers,
    /// The computer's level (1–4) for each seat it plays, black first; `None` for a person.
    pub computer: [Option<u8>; 2],
    /// How the messages name squares (standard numbers unless `--original` or the setting
    /// asks for the seed's `x,y`); both are accepted as input either way.
    pub names: Coordinates,
}

/// What the player typed at a prompt.
enum Answer {
    Square(Square),
    Quit,
    Eof,
}

/// Asks `prompt` until the player types a square or quits; bad text gets one line of advice.
fn ask(prompt: &str, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Answer> {
    loop {
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            return Ok(Answer::Eof);
        };
        let line = line.trim();
        if crate::core::plain::is_quit(line) {
            return Ok(Answer::Quit);
        }
        match parse_square(line) {
            Ok(square) => return Ok(Answer::Square(square)),
            Err(err) => writeln!(out, "{err}.")?,
        }
    }
}

/// Prints the quit message and gives the quit ending. At the end of input the prompt line is
/// still open, so it is closed first.
fn quit(answer: &Answer, out: &mut dyn Write) -> io::Result<Ending> {
    if matches!(answer, Answer::Eof) {
        writeln!(out)?;
    }
    writeln!(out, "user quit!")?;
    Ok(Ending::Quit)
}

/// Plays a game of checkers on text streams until it ends or the player quits.
///
/// # Errors
/// Only I/O errors of `input` or `out`; everything a player types is answered in the game.
pub fn run_plain(
    setup: PlainSetup,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Ending> {
    let PlainSetup {
        black,
        white,
        mut game,
        computer,
        names: square_names,
    } = setup;
    let mut ply: u64 = 0;
    let names = [black, white];
    let mut journal = super::journal(&names, computer, &game);
    let name = |side: Seat| names[side.index()].as_str();
    write!(out, "\n{}", board_text(game.board(), square_names))?;
    loop {
        if let Some(outcome) = game.outcome() {
            announce(&names, &game, outcome, out)?;
            return Ok(Ending::Finished(outcome));
        }
        let side = game.side_to_move();
        write!(
            out,
            "\n\nnow is {}'s turn. ({})\n",
            name(side),
            color_name(side)
        )?;
        ply += 1;
        if let Some(level) = computer[side.index()] {
            // The shared helper keeps only a move the rules list as legal.
            let ply_index = usize::try_from(ply).unwrap_or(usize::MAX);
            let mv = computer_move::<CheckersGame>(
                &game,
                &Params {
                    forced_capture: game.forced_capture(),
                    start: None,
                },
                level,
                ply_index,
            )
            .ok_or_else(|| io::Error::other("the computer found no move"))?;
            game.play(&mv).map_err(io::Error::other)?;
            writeln!(
                out,
                "{} plays {}",
                name(side),
                format_named(&mv, square_names)
            )?;
            journal.played(&mv);
            write!(out, "\n{}", board_text(game.board(), square_names))?;
            continue;
        }
        let path = match ask_move(&game, square_names, input, out)? {
            Ok(path) => path,
            Err(answer) => return quit(&answer, out),
        };
        let mv = game
            .find_move(&path)
            .expect("the path was built from the legal next squares");
        game.play(&mv).expect("find_move only returns legal moves");
        journal.played(&mv);
        write!(out, "\n{}", board_text(game.board(), square_names))?;
    }
}

/// Asks for one whole move, square by square: the path of a legal move, or the answer that
/// ended the game (quit or end of input).
fn ask_move(
    game: &Checkers,
    names: Coordinates,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> io::Result<Result<Vec<Square>, Answer>> {
    let side = game.side_to_move();
    let movable = game.movable_pieces();
    let named = |square: Square| names.name::<CheckersSquares>(square);
    'piece: loop {
        let from = match ask("enter the piece you want to move: ", input, out)? {
            Answer::Square(square) => square,
            other => return Ok(Err(other)),
        };
        if !movable.contains(&from) {
            match game.piece_at(from) {
                Some(piece) if piece.side == side => {
                    if game.must_capture() {
                        writeln!(
                            out,
                            "a capture is compulsory: move {}.",
                            join_named(&movable, names, " or ")
                        )?;
                    } else {
                        writeln!(out, "the piece on {} cannot move.", named(from))?;
                    }
                }
                _ => writeln!(
                    out,
                    "there is no {} piece on {}.",
                    color_name(side),
                    named(from)
                )?,
            }
            continue 'piece;
        }
        let mut path = vec![from];
        loop {
            let to = match ask("enter the destination: ", input, out)? {
                Answer::Square(square) => square,
                other => return Ok(Err(other)),
            };
            let next = game.next_squares(&path);
            let at = *path.last().expect("the path starts with the piece");
            if !next.contains(&to) {
                writeln!(
                    out,
                    "the piece on {} cannot go to {}; it can go to {}.",
                    named(at),
                    named(to),
                    join_named(&next, names, " or ")
                )?;
                if path.len() == 1 {
                    continue 'piece;
                }
                continue;
            }
            path.push(to);
            if at.x.abs_diff(to.x) == 1 {
                return Ok(Ok(path));
            }
            write!(out, "\n\n{}", board_text(&game.preview(&path), names))?;
            write!(out, "\n{} to {}\n\n", named(at), named(to))?;
            if game.next_squares(&path).is_empty() {
                writeln!(
                    out,
                    "this piece cannot be jumped from its new position. this turn is over."
                )?;
                return Ok(Ok(path));
            }
            writeln!(out, "this piece can jump again from {}.", named(to))?;
        }
    }
}

/// Says how the game ended, in the seed's plain words.
fn announce(
    names: &[String; 2],
    game: &Checkers,
    outcome: Outcome,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out)?;
    match outcome {
        Outcome::Won(winner) => {
            let loser = winner.other();
            let why = if game.board().count(loser) == 0 {
                "has no pieces left"
            } else {
                "has no legal move"
            };
            writeln!(
                out,
                "{} ({}) {why}. {} ({}) wins!",
                names[loser.index()],
                color_name(loser),
                names[winner.index()],
                color_name(winner)
            )
        }
        _ => writeln!(
            out,
            "{} moves by each side without a capture or a pawn move: the game is a draw.",
            DRAW_PLIES / 2
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Piece, Setup};
    use super::*;

    fn run(setup: PlainSetup, input: &str) -> (Ending, String) {
        let mut out = Vec::new();
        let ending = run_plain(setup, &mut input.as_bytes(), &mut out).expect("in-memory I/O");
        (ending, String::from_utf8(out).expect("utf-8 output"))
    }

    fn alice_bob(game: Checkers) -> PlainSetup {
        PlainSetup {
            black: "Alice".into(),
            white: "Bob".into(),
            game,
            computer: [None, None],
            names: Coordinates::Original,
        }
    }

    /// The seed's sample session with the colours swapped so that black moves first (the
    /// board turned half a turn): a step each, then a single jump that ends the turn.
    #[test]
    fn the_seed_sample_session_black_first() {
        let input = "5,5\n4,4\n6,2\n5,3\n4,4\n6,2\nquit\n";
        let expected = "
7   X   X   X   X
6 X   X   X   X
5   X   X   X   X
4
3
2 O   O   O   O
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7


now is Alice's turn. (black)
enter the piece you want to move: enter the destination: 
7   X   X   X   X
6 X   X   X   X
5   X   X       X
4         X
3
2 O   O   O   O
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7


now is Bob's turn. (white)
enter the piece you want to move: enter the destination: 
7   X   X   X   X
6 X   X   X   X
5   X   X       X
4         X
3           O
2 O   O   O
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7


now is Alice's turn. (black)
enter the piece you want to move: enter the destination: 

7   X   X   X   X
6 X   X   X   X
5   X   X       X
4
3
2 O   O   O   X
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7

4,4 to 6,2

this piece cannot be jumped from its new position. this turn is over.

7   X   X   X   X
6 X   X   X   X
5   X   X       X
4
3
2 O   O   O   X
1   O   O   O   O
0 O   O   O   O
X 0 1 2 3 4 5 6 7


now is Bob's turn. (white)
enter the piece you want to move: user quit!
";
        let (ending, output) = run(alice_bob(Checkers::default()), input);
        assert_eq!(output, expected);
        assert_eq!(ending, Ending::Quit);
        assert_eq!(ending.exit_code(), 4);
    }

    #[test]
    fn mistakes_are_explained_and_asked_again() {
        // Bad text, an empty square, a white piece, a blocked piece, a wrong destination.
        let input = "hello\n4,4\n2,2\n0,6\n5,5\n7,3\n5,5\n4,4\nquit\n";
        let (ending, output) = run(alice_bob(Checkers::default()), input);
        assert_eq!(ending, Ending::Quit);
        assert!(output.contains("\"hello\" is not a square"), "{output}");
        assert!(output.contains("there is no black piece on 4,4."));
        assert!(output.contains("there is no black piece on 2,2."));
        assert!(output.contains("the piece on 0,6 cannot move."));
        assert!(output.contains("the piece on 5,5 cannot go to 7,3; it can go to 4,4 or 6,4."));
        assert!(output.contains("now is Bob's turn. (white)"));
    }

    #[test]
    fn standard_names_are_printed_and_both_names_are_read() {
        // The same mistakes typed as square numbers (and one x,y), answered in numbers.
        let input = "15\n22\n5\n11\n20\n11\n4,4\nquit\n";
        let setup = PlainSetup {
            names: Coordinates::Standard,
            ..alice_bob(Checkers::default())
        };
        let (ending, output) = run(setup, input);
        assert_eq!(ending, Ending::Quit);
        assert!(
            output.contains("there is no black piece on 15."),
            "{output}"
        );
        assert!(
            output.contains("there is no black piece on 22."),
            "{output}"
        );
        assert!(output.contains("the piece on 5 cannot move."), "{output}");
        assert!(
            output.contains("the piece on 11 cannot go to 20; it can go to 15 or 16."),
            "{output}"
        );
        assert!(output.contains("now is Bob's turn. (white)"), "{output}");
    }

    fn position(pieces: &[((u8, u8), Piece)], to_move: Seat, forced: bool) -> Checkers {
        Checkers::try_from(Setup {
            pieces: pieces
                .iter()
                .map(|&((x, y), p)| (Square::new(x, y), p))
                .collect(),
            to_move,
            quiet_plies: 0,
            forced_capture: forced,
        })
        .expect("valid test position")
    }

    const fn pawn(side: Seat) -> Piece {
        Piece { side, king: false }
    }

    #[test]
    fn a_double_jump_asks_for_a_further_destination_and_wins() {
        let game = position(
            &[
                ((1, 1), pawn(Seat::Second)),
                ((2, 2), pawn(Seat::First)),
                ((2, 4), pawn(Seat::First)),
            ],
            Seat::Second,
            true,
        );
        let (ending, output) = run(alice_bob(game), "1,1\n3,3\n0,0\n1,5\n");
        assert_eq!(ending, Ending::Finished(Outcome::Won(Seat::Second)));
        assert_eq!(ending.exit_code(), 11);
        assert!(output.contains("1,1 to 3,3\n\nthis piece can jump again from 3,3.\n"));
        assert!(output.contains("the piece on 3,3 cannot go to 0,0; it can go to 1,5."));
        assert!(output.contains("3,3 to 1,5\n\nthis piece cannot be jumped"));
        assert!(output.ends_with("Alice (black) has no pieces left. Bob (white) wins!\n"));
    }

    #[test]
    fn compulsory_captures_are_enforced_and_the_variant_lifts_them() {
        let pieces = [
            ((3, 3), pawn(Seat::First)),
            ((2, 2), pawn(Seat::Second)),
            ((7, 1), pawn(Seat::Second)),
        ];
        let (_, output) = run(
            alice_bob(position(&pieces, Seat::First, true)),
            "3,3\n4,2\nquit\n",
        );
        assert!(output.contains("the piece on 3,3 cannot go to 4,2; it can go to 1,1."));
        let (_, output) = run(
            alice_bob(position(&pieces, Seat::First, false)),
            "3,3\n4,2\nquit\n",
        );
        assert!(output.contains("now is Bob's turn. (white)"), "{output}");
    }

    #[test]
    fn a_player_without_moves_loses_at_once() {
        let game = position(
            &[
                ((0, 0), pawn(Seat::Second)),
                (
                    (1, 1),
                    Piece {
                        side: Seat::First,
                        king: true,
                    },
                ),
                (
                    (2, 2),
                    Piece {
                        side: Seat::First,
                        king: true,
                    },
                ),
            ],
            Seat::Second,
            true,
        );
        let (ending, output) = run(alice_bob(game), "");
        assert_eq!(ending.exit_code(), 10);
        assert!(output.ends_with("Bob (white) has no legal move. Alice (black) wins!\n"));
    }

    #[test]
    fn a_draw_ends_with_code_12() {
        let king = |side| Piece { side, king: true };
        let mut setup = position(
            &[((0, 0), king(Seat::Second)), ((7, 7), king(Seat::First))],
            Seat::First,
            true,
        )
        .setup();
        setup.quiet_plies = DRAW_PLIES - 1;
        let game = Checkers::try_from(setup).expect("valid");
        let (ending, output) = run(alice_bob(game), "7,7\n6,6\n");
        assert_eq!(ending.exit_code(), 12);
        assert!(output.contains("the game is a draw."));
    }

    #[test]
    fn binary_garbage_is_answered_not_fatal() {
        let mut input: Vec<u8> = vec![0xff, 0xfe, b'\n'];
        input.extend(std::iter::repeat_n(b'9', 10_000));
        input.extend(b"\nquit\n");
        let mut out = Vec::new();
        let ending = run_plain(
            alice_bob(Checkers::default()),
            &mut input.as_slice(),
            &mut out,
        )
        .expect("in-memory I/O");
        assert_eq!(ending, Ending::Quit);
        let output = String::from_utf8_lossy(&out);
        assert_eq!(output.matches("is not a square").count(), 2, "{output}");
    }

    #[test]
    fn the_computer_plays_its_seat_and_says_what_it_played() {
        let setup = PlainSetup {
            black: "Alice".into(),
            white: "Computer (Beginner)".into(),
            game: Checkers::default(),
            computer: [None, Some(1)],
            names: Coordinates::Original,
        };
        let (ending, output) = run(setup, "5,5\n4,4\nquit\n");
        assert_eq!(ending, Ending::Quit);
        let line = output
            .lines()
            .find(|l| l.starts_with("Computer (Beginner) plays "))
            .expect("the computer announces its move");
        let text = line.trim_start_matches("Computer (Beginner) plays ");
        let mv = super::super::notation::parse_move(text).expect("in the game's notation");
        let mut game = Checkers::default();
        game.play(&super::super::rules::Move::new(vec![
            Square::new(5, 5),
            Square::new(4, 4),
        ]))
        .expect("legal");
        assert!(game.legal_moves().contains(&mv), "{line}");
        // Then it is the person's turn again, with the board after the computer's move.
        let after = output.split(line).nth(1).expect("more output");
        assert!(after.contains("now is Alice's turn. (black)"), "{after}");
    }

    #[test]
    fn the_computer_against_itself_plays_a_whole_game() {
        let setup = PlainSetup {
            black: "Computer (Beginner)".into(),
            white: "Computer (Beginner)".into(),
            game: Checkers::default(),
            computer: [Some(1), Some(1)],
            names: Coordinates::Original,
        };
        let (ending, output) = run(setup, "");
        assert!(matches!(ending, Ending::Finished(_)), "{output}");
        assert!(output.matches(" plays ").count() >= 10);
        assert!(!output.contains("enter the piece"));
    }

    #[test]
    fn end_of_input_quits() {
        let (ending, output) = run(alice_bob(Checkers::default()), "5,5\n");
        assert_eq!(ending, Ending::Quit);
        assert!(output.ends_with("enter the destination: \nuser quit!\n"));
    }
}
