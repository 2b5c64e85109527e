//! English draughts (GAMES.md §4) as a pure state machine.
//!
//! The rules keep no move generator of their own: they hold the pieces in the engine's
//! bitboard layout and ask [`crate::games::checkers::engine::board`] for the legal moves, so
//! the computer, perft and the players' moves all come from one generator. Everything public
//! speaks in [`Square`]s and [`Move`]s whose path is the list of squares the piece visits, so
//! every distinct jump path is a separate move and undo takes back a whole turn.
//!
//! Split by concern: [`pieces`] (squares, pieces, the board, moves), [`setup`] (positions from
//! saves), and here the game state and its rules.

mod pieces;
mod setup;

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};
use crate::games::checkers::engine::board::{EngineMove, MoveList, Position, perft};
pub use pieces::{Board, Move, Piece, SIZE, Square, color_name};
pub use setup::{Setup, SetupError};

/// Plies without a capture or a pawn move after which the game is drawn: 40 moves by each
/// side, so that games between two kings that cannot catch each other end.
pub const DRAW_PLIES: u8 = 80;

/// Pieces each side starts with; a valid position never has more.
pub const PIECES_PER_SIDE: u32 = 12;

/// A checkers position: the board, whose turn it is, the draw counter and the capture rule in
/// force. Always a valid position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Checkers {
    board: Board,
    to_move: Seat,
    quiet_plies: u8,
    forced_capture: bool,
}

impl Default for Checkers {
    /// The start position under standard rules (captures compulsory).
    fn default() -> Self {
        Self::new(true)
    }
}

/// A legal move in the engine's form with the squares of its path, for matching what a
/// player builds square by square.
struct PathMove {
    engine: EngineMove,
    path: Vec<Square>,
}

impl PathMove {
    fn starts_with(&self, prefix: &[Square]) -> bool {
        self.path.starts_with(prefix)
    }
}

impl Checkers {
    /// The start position: twelve pawns each, black to move. `forced_capture: false` plays the
    /// seed's variant where a player may decline a capture.
    pub fn new(forced_capture: bool) -> Self {
        let start = Position::start();
        Self {
            board: Board::of_position(&start),
            to_move: Seat::First,
            quiet_plies: 0,
            forced_capture,
        }
    }

    /// The engine's position for this state (pieces, turn and draw counter): the one
    /// conversion from the rules to the engine. The capture rule is passed to the engine
    /// separately ([`Checkers::forced_capture`]).
    pub const fn position(&self) -> Position {
        self.board.position(self.to_move, self.quiet_plies)
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }

    /// Whose turn it is, even when the game is over (the side that lost or that would move).
    pub fn side_to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether captures are compulsory in this game.
    pub fn forced_capture(&self) -> bool {
        self.forced_capture
    }

    /// Plies since the last capture or pawn move; the game is drawn at [`DRAW_PLIES`].
    pub fn quiet_plies(&self) -> u8 {
        self.quiet_plies
    }

    /// Whether the side to move is obliged to capture now (so only capturing pieces may move).
    pub fn must_capture(&self) -> bool {
        self.forced_capture && self.quiet_plies < DRAW_PLIES && self.position().has_capture()
    }

    /// The squares of the pieces that have a legal move, in board order: what a player may
    /// select. When a capture is compulsory these are exactly the pieces that can capture.
    pub fn movable_pieces(&self) -> Vec<Square> {
        let mut from: Vec<Square> = self
            .engine_moves()
            .iter()
            .map(|m| Square::from_index(m.from))
            .collect();
        from.sort_unstable_by_key(|s| (s.y, s.x));
        from.dedup();
        from
    }

    /// The squares that may come next after the partial path `path` (start square first), so
    /// a screen can build a multi-jump one square at a time. Empty when `path` is already a
    /// whole legal move or leads nowhere.
    pub fn next_squares(&self, path: &[Square]) -> Vec<Square> {
        let mut next: Vec<Square> = self
            .path_moves()
            .into_iter()
            .filter(|m| m.path.len() > path.len() && m.starts_with(path))
            .map(|m| m.path[path.len()])
            .collect();
        next.sort_unstable_by_key(|s| (s.y, s.x));
        next.dedup();
        next
    }

    /// The legal move whose path is exactly `path`, if there is one: a partial multi-jump
    /// becomes a move once it can go no further.
    pub fn find_move(&self, path: &[Square]) -> Option<Move> {
        self.find(path).map(|m| Move::new(m.path))
    }

    /// The board as it looks part-way along `path`: the piece moved to the last square and the
    /// pieces it jumped removed. Used to show a multi-jump as it grows.
    pub fn preview(&self, path: &[Square]) -> Board {
        let board = self.board;
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return board;
        };
        let (Some(from_index), Some(to_index)) = (from.index(), to.index()) else {
            return board;
        };
        let Some(piece) = board.piece_at(from) else {
            return board;
        };
        let captured = Move::new(path.to_vec())
            .captured()
            .iter()
            .filter_map(|sq| sq.index())
            .fold(0, |bits, i| bits | 1u32 << i);
        let partial = EngineMove {
            from: from_index,
            to: to_index,
            jumps: 0,
            dirs: 0,
            captured,
        };
        // The moving piece's side moves, whoever's turn it is.
        let pos = board.position(piece.side, self.quiet_plies);
        Board::of_position(&pos.play(&partial))
    }

    /// Counts the leaf positions `depth` plies ahead under this game's capture rule, every
    /// distinct jump path counted as its own move: the standard check of a move generator
    /// against published numbers. Ignores the draw rule, as the published counts do.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(&self.position(), depth, self.forced_capture)
    }

    /// The legal moves in the engine's form; none once the draw rule has ended the game (or
    /// the side to move has lost).
    fn engine_moves(&self) -> MoveList {
        let mut out = Vec::new();
        if self.quiet_plies < DRAW_PLIES {
            self.position().generate(self.forced_capture, &mut out);
        }
        out
    }

    /// The legal moves with their paths.
    fn path_moves(&self) -> Vec<PathMove> {
        self.engine_moves()
            .into_iter()
            .map(|engine| PathMove {
                path: Move::from_engine(&engine).path,
                engine,
            })
            .collect()
    }

    /// The legal move along exactly `path`.
    fn find(&self, path: &[Square]) -> Option<PathMove> {
        self.path_moves().into_iter().find(|m| m.path == path)
    }

    /// Plays a legal engine move.
    fn apply(&mut self, m: &EngineMove) {
        let next = self.position().play(m);
        self.board = Board::of_position(&next);
        self.quiet_plies = next.quiet_plies;
        self.to_move = self.to_move.other();
    }

    /// A readable sentence on why `path` is not a legal move here.
    fn explain(&self, path: &[Square]) -> IllegalMove {
        use IllegalReason::{Forbidden, Incomplete, NoPiece, Unreachable};
        let Some(&from) = path.first() else {
            return IllegalMove::new(
                Incomplete,
                "a move needs at least a start and a destination",
            );
        };
        let me = color_name(self.to_move);
        match self.piece_at(from) {
            None => return IllegalMove::new(NoPiece, format!("there is no piece on {from}")),
            Some(p) if p.side != self.to_move => {
                return IllegalMove::new(NoPiece, format!("the piece on {from} is not {me}"));
            }
            Some(_) => {}
        }
        let movable = self.movable_pieces();
        if !movable.contains(&from) {
            return if self.must_capture() {
                IllegalMove::new(
                    Forbidden,
                    format!(
                        "a capture is compulsory: move {}",
                        join_squares(&movable, " or ")
                    ),
                )
            } else {
                IllegalMove::new(
                    Unreachable,
                    format!("the piece on {from} has no legal move"),
                )
            };
        }
        if path.len() < 2 {
            return IllegalMove::new(
                Incomplete,
                format!("the piece on {from} needs a destination"),
            );
        }
        for n in 1..path.len() {
            if !self.next_squares(&path[..n]).contains(&path[n]) {
                return IllegalMove::new(
                    Unreachable,
                    format!("the piece cannot move from {} to {}", path[n - 1], path[n]),
                );
            }
        }
        IllegalMove::new(
            Incomplete,
            format!(
                "the jump is not finished: the piece can go on to {}",
                join_squares(&self.next_squares(path), " or ")
            ),
        )
    }
}

/// Squares as `a or b or c`, for messages.
pub fn join_squares(squares: &[Square], sep: &str) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

impl Rules for Checkers {
    type Move = Move;

    /// Jumps first, then steps; each in the engine generator's order.
    fn legal_moves(&self) -> Vec<Move> {
        self.engine_moves().iter().map(Move::from_engine).collect()
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                match outcome {
                    Outcome::Draw => "the game is over: it is a draw",
                    _ => "the game is over",
                },
            ));
        }
        match self.find(&mv.path) {
            Some(m) => {
                self.apply(&m.engine);
                Ok(())
            }
            None => Err(self.explain(&mv.path)),
        }
    }

    /// A side with no piece or no legal move loses; that takes precedence over the draw rule,
    /// so a quiet move that leaves the opponent stuck still wins.
    fn outcome(&self) -> Option<Outcome> {
        if self
            .position()
            .count_moves(self.forced_capture, &mut Vec::new())
            == 0
        {
            Some(Outcome::Won(self.to_move.other()))
        } else if self.quiet_plies >= DRAW_PLIES {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome().is_none().then_some(self.to_move)
    }
}

#[cfg(test)]
mod tests;
