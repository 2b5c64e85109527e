//! Tic-tac-toe in line mode: the board, whose turn, a square read per line (`q` quits).

use std::io::{self, BufRead, Write};

use super::game::{Params, TicTacToeGame, format_move, parse_move, rows};
use super::rules::Board;
use parlor::core::plain::{computer_move, read_line};
use parlor::core::{Ending, Game, Outcome, Players, Rules};

/// Plays one game on these streams; how it ended.
///
/// # Errors
/// Reading or writing the streams failed.
pub fn run(players: &Players, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<Ending> {
    let mut board = Board::default();
    let mut turn = 0;
    loop {
        for (row, text) in (1..=3).rev().zip(rows(&board)) {
            let cells: Vec<String> = text.chars().map(String::from).collect();
            writeln!(out, "{row} {}", cells.join(" "))?;
        }
        writeln!(out, "  a b c")?;
        let Some(seat) = board.to_move() else {
            match board.outcome() {
                Some(Outcome::Won(seat)) => writeln!(out, "{} wins.", name(players, seat))?,
                _ => writeln!(out, "A draw.")?,
            }
            return Ok(Ending::Finished(board.outcome().unwrap_or(Outcome::Draw)));
        };
        let mv = if let Some(level) = players.computer_level(seat) {
            let Some(mv) = computer_move::<TicTacToeGame>(&board, &Params::default(), level, turn)
            else {
                return Ok(Ending::Quit);
            };
            writeln!(out, "{} plays {}", name(players, seat), format_move(&mv))?;
            mv
        } else {
            writeln!(
                out,
                "{} ({}) to move (a square like b2, q to quit):",
                name(players, seat),
                TicTacToeGame::seat_label(seat)
            )?;
            let Some(line) = read_line(input)? else {
                return Ok(Ending::Quit);
            };
            if line.trim().eq_ignore_ascii_case("q") {
                return Ok(Ending::Quit);
            }
            match parse_move(&line) {
                Ok(mv) => mv,
                Err(err) => {
                    writeln!(out, "{err}")?;
                    continue;
                }
            }
        };
        match board.play(&mv) {
            Ok(()) => turn += 1,
            Err(err) => writeln!(out, "{err}")?,
        }
    }
}

fn name(players: &Players, seat: parlor::core::Seat) -> String {
    players.at(seat).map_or_else(
        || TicTacToeGame::SEAT_NAMES[seat.index()].to_string(),
        |p| p.name.clone(),
    )
}
