//! The rules of a position puzzle: a two-player game's position played between the player and
//! the puzzle, as one [`Rules`] value the generic game screen, saves and plain mode use like any
//! puzzle's.
//!
//! The player moves for the side to move at the start. The puzzle then answers: with the
//! defence's best reply while the goal is still met (`Answer`), or with its verdict: `Right`
//! (a one-move goal met) or `Wrong` (the goal missed: what the move was worth, and the reply
//! that shows it). The rules only keep turns; what is right is proven by the solver that plays
//! the puzzle's side ([`super::judge`]), as a referee would.

use crate::core::{IllegalMove, IllegalReason, MoveValue, Outcome, Rules, Seat};

use super::goal::Goal;

/// One move of a position puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<M> {
    /// The player's move on the board.
    Play(M),
    /// The defence's reply: the goal is still met.
    Answer(M),
    /// The player's move met a one-move goal.
    Right,
    /// The player's last move missed the goal: what it was worth to the player, and the
    /// defence's reply that shows it (if any).
    Wrong {
        /// The value of the player's move, from the player's side.
        got: MoveValue,
        /// The defence's best reply, played on the board.
        reply: Option<M>,
    },
}

/// The puzzle's verdict, once given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The goal was met.
    Right,
    /// The goal was missed; the player's move was worth this.
    Wrong(MoveValue),
}

/// A position puzzle in play: the board, the goal, whose side the player takes, how many moves
/// the player made, and the verdict once there is one. Always a valid state: the board is the
/// game's own rules value.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleState<R: Rules> {
    board: R,
    goal: Goal,
    player: Seat,
    made: u32,
    verdict: Option<Verdict>,
}

/// Why a position cannot be a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The game is already over in this position.
    #[error("the game is already over in this position")]
    Over,
    /// Nobody is to move (a position the rules would never show a player).
    #[error("no side is to move in this position")]
    NoTurn,
}

impl<R: Rules> PuzzleState<R> {
    /// The puzzle of `board` for the side to move.
    ///
    /// # Errors
    /// [`PuzzleError`] when the game is over or nobody is to move.
    pub fn new(board: R, goal: Goal) -> Result<Self, PuzzleError> {
        if board.outcome().is_some() {
            return Err(PuzzleError::Over);
        }
        let player = board.to_move().ok_or(PuzzleError::NoTurn)?;
        Ok(Self {
            board,
            goal,
            player,
            made: 0,
            verdict: None,
        })
    }

    /// The game's position as it stands.
    pub const fn board(&self) -> &R {
        &self.board
    }

    /// The goal.
    pub const fn goal(&self) -> Goal {
        self.goal
    }

    /// The side the player takes.
    pub const fn player(&self) -> Seat {
        self.player
    }

    /// The player's moves so far.
    pub const fn made(&self) -> u32 {
        self.made
    }

    /// The verdict, once given.
    pub const fn verdict(&self) -> Option<Verdict> {
        self.verdict
    }

    /// Whether the puzzle is to answer now (the defence's turn, or a one-move goal's verdict).
    pub fn answers(&self) -> bool {
        self.outcome().is_none() && self.board.to_move() != Some(self.player)
    }
}

impl<R: Rules> Rules for PuzzleState<R> {
    type Move = Step<R::Move>;

    /// The player's moves on the player's turn; on the puzzle's, its replies and verdicts (a
    /// `Wrong` is listed once, as a draw without reply: the rules accept any value, which
    /// only the solver can tell).
    fn legal_moves(&self) -> Vec<Self::Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        if !self.answers() {
            return self
                .board
                .legal_moves()
                .into_iter()
                .map(Step::Play)
                .collect();
        }
        let mut moves: Vec<Self::Move> = if self.goal.one_move() {
            vec![Step::Right]
        } else {
            self.board
                .legal_moves()
                .into_iter()
                .map(Step::Answer)
                .collect()
        };
        moves.push(Step::Wrong {
            got: MoveValue::Draw,
            reply: None,
        });
        moves
    }

    fn play(&mut self, mv: &Self::Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                "the puzzle is over",
            ));
        }
        let answering = self.answers();
        match mv {
            Step::Play(m) if !answering => {
                self.board.play(m)?;
                self.made += 1;
            }
            Step::Answer(m) if answering && !self.goal.one_move() => self.board.play(m)?,
            Step::Right if answering && self.goal.one_move() => self.verdict = Some(Verdict::Right),
            Step::Wrong { got, reply } if answering => {
                if let Some(reply) = reply {
                    self.board.play(reply)?;
                }
                self.verdict = Some(Verdict::Wrong(*got));
            }
            Step::Play(_) => {
                return Err(IllegalMove::new(
                    IllegalReason::Forbidden,
                    "it is the puzzle's turn to answer",
                ));
            }
            _ => {
                return Err(IllegalMove::new(
                    IllegalReason::Forbidden,
                    "it is your move, not the puzzle's",
                ));
            }
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.verdict {
            Some(Verdict::Right) => return Some(Outcome::Solved),
            Some(Verdict::Wrong(_)) => return Some(Outcome::Lost),
            None => {}
        }
        match self.board.outcome()? {
            Outcome::Won(seat) if seat == self.player => Some(Outcome::Solved),
            Outcome::Draw if self.goal == Goal::Hold => Some(Outcome::Solved),
            _ => Some(Outcome::Lost),
        }
    }

    /// A puzzle has no seats: the screen asks [`PuzzleState::answers`] instead.
    fn to_move(&self) -> Option<Seat> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::rules::Board;

    fn board(columns: &[u8]) -> Board {
        let mut board = Board::new();
        for &col in columns {
            board.play(&col).expect("legal");
        }
        board
    }

    #[test]
    fn turns_alternate_and_a_win_solves() {
        // x has three in column 0; x to move wins by playing it again.
        let mut state =
            PuzzleState::new(board(&[0, 1, 0, 1, 0, 1]), Goal::WinIn(1)).expect("a puzzle");
        assert!(!state.answers());
        assert_eq!(state.player(), Seat::First);
        assert!(state.play(&Step::Answer(3)).is_err());
        assert!(state.play(&Step::Right).is_err());
        state.play(&Step::Play(0)).expect("legal");
        assert_eq!(state.outcome(), Some(Outcome::Solved));
        assert!(state.legal_moves().is_empty());
    }

    #[test]
    fn the_puzzle_answers_then_judges() {
        let mut state = PuzzleState::new(board(&[3, 3]), Goal::WinIn(5)).expect("a puzzle");
        state.play(&Step::Play(2)).expect("legal");
        assert!(state.answers());
        assert!(state.play(&Step::Play(2)).is_err());
        assert!(state.legal_moves().contains(&Step::Answer(4)));
        state.play(&Step::Answer(4)).expect("legal");
        assert!(!state.answers());
        state.play(&Step::Play(1)).expect("legal");
        state
            .play(&Step::Wrong {
                got: MoveValue::Draw,
                reply: Some(0),
            })
            .expect("a verdict");
        assert_eq!(state.outcome(), Some(Outcome::Lost));
        assert_eq!(state.verdict(), Some(Verdict::Wrong(MoveValue::Draw)));
        assert_eq!(state.made(), 2);
    }

    #[test]
    fn a_one_move_goal_is_judged_right_or_wrong() {
        let mut state = PuzzleState::new(board(&[3]), Goal::Hold).expect("a puzzle");
        state.play(&Step::Play(3)).expect("legal");
        assert_eq!(state.legal_moves()[0], Step::Right);
        assert!(state.play(&Step::Answer(3)).is_err());
        state.play(&Step::Right).expect("a verdict");
        assert_eq!(state.outcome(), Some(Outcome::Solved));
        let over = board(&[0, 1, 0, 1, 0, 1, 0]);
        assert_eq!(PuzzleState::new(over, Goal::Hold), Err(PuzzleError::Over));
    }
}
