//! The two steps of a turn on screen, as a pure state machine: place a piece, then choose a
//! quadrant and a direction, see the rotation previewed, and confirm it.
//!
//! Kept apart from keys and mouse so the whole interaction can be tested as a sequence of
//! intentions ("place on C3, pick quadrant 2, turn right, confirm"); the screen only maps
//! events to [`TurnInput`]s.

use crate::core::Rules;

use super::notation::square_name;
use super::rules::{Board, Dir, Move, Pentago, Quadrant, Square, rotate};

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Choosing the square for the piece.
    Place,
    /// The piece is down (not yet played): choosing the rotation.
    Rotate {
        /// The square the piece was put on.
        place: Square,
        /// The quadrant chosen (starts as the one holding the piece).
        quadrant: Quadrant,
        /// The direction chosen: the rotation is then previewed, waiting to be confirmed.
        dir: Option<Dir>,
    },
}

/// What the player means, whatever key or click expressed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnInput {
    /// Put the piece on this square (Enter on the cursor, or a click).
    Place(Square),
    /// Choose the quadrant to turn (keys 1–4, a click on a quadrant).
    Quadrant(Quadrant),
    /// Choose the direction for the chosen quadrant (`[`/`]`, `l`/`r`); the same direction
    /// a second time confirms.
    Dir(Dir),
    /// A click on a rotation arrow: the first click previews, a second one confirms.
    Arrow(Quadrant, Dir),
    /// Confirm the previewed rotation (Enter).
    Confirm,
    /// Step back: drop the preview, or take the piece back up.
    Back,
    /// Take the piece back up at once, whatever was chosen.
    TakeBack,
}

/// What the screen should do after an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnReply {
    /// The turn changed (or stayed) and nothing else happens.
    Handled,
    /// The input meant nothing at this stage; the screen may use the key for itself.
    Ignored,
    /// The turn is complete: play this move.
    Play(Move),
    /// Tell the player this.
    Message(String),
}

/// The turn in progress. Reset to [`Stage::Place`] whenever the position changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    stage: Stage,
}

impl Default for Turn {
    fn default() -> Self {
        Self::new()
    }
}

impl Turn {
    /// A turn that has not started.
    #[must_use]
    pub const fn new() -> Self {
        Self {
            stage: Stage::Place,
        }
    }

    /// The current step.
    #[must_use]
    pub const fn stage(&self) -> Stage {
        self.stage
    }

    /// Forgets the turn in progress (after a move, an undo, a load).
    pub fn reset(&mut self) {
        self.stage = Stage::Place;
    }

    /// The board to draw: the position, plus the pending piece, turned as previewed.
    #[must_use]
    pub fn shown_board(&self, game: &Pentago) -> Board {
        match self.stage {
            Stage::Place => *game.board(),
            Stage::Rotate {
                place,
                quadrant,
                dir,
            } => {
                let placed = game.placed(place).unwrap_or(*game.board());
                match dir {
                    Some(dir) => rotate(&placed, quadrant, dir),
                    None => placed,
                }
            }
        }
    }

    /// The move the preview shows, if a rotation is chosen.
    #[must_use]
    pub fn previewed(&self) -> Option<Move> {
        match self.stage {
            Stage::Rotate {
                place,
                quadrant,
                dir: Some(dir),
            } => Some(Move {
                place,
                rotation: Some((quadrant, dir)),
            }),
            _ => None,
        }
    }

    /// One sentence telling the player what to do next.
    #[must_use]
    pub fn prompt(&self, game: &Pentago) -> Option<String> {
        if game.outcome().is_some() {
            return None;
        }
        Some(match self.stage {
            Stage::Place => "Place a piece: arrows and Enter, or click a square.".into(),
            Stage::Rotate {
                place,
                quadrant,
                dir: None,
            } => format!(
                "{} placed. Turn quadrant {}: [ or ] (l/r), 1-4 other, Esc takes back.",
                square_name(place),
                quadrant.number()
            ),
            Stage::Rotate {
                quadrant,
                dir: Some(dir),
                ..
            } => format!(
                "Preview of quadrant {} turned {}: Enter confirms, Esc goes back.",
                quadrant.number(),
                match dir {
                    Dir::Left => "left",
                    Dir::Right => "right",
                }
            ),
        })
    }

    /// Applies one input to the turn.
    pub fn apply(&mut self, game: &Pentago, input: TurnInput) -> TurnReply {
        if game.outcome().is_some() {
            return match input {
                TurnInput::Place(_) | TurnInput::Arrow(..) | TurnInput::Confirm => {
                    TurnReply::Message("The game is over: undo, or leave with q.".into())
                }
                _ => TurnReply::Ignored,
            };
        }
        match (self.stage, input) {
            (Stage::Place, TurnInput::Place(square)) => self.place(game, square),
            (Stage::Place, TurnInput::Arrow(..)) => {
                TurnReply::Message("Place a piece first, then turn a quadrant.".into())
            }
            (Stage::Place, _) => TurnReply::Ignored,
            (
                Stage::Rotate {
                    place,
                    quadrant,
                    dir,
                },
                input,
            ) => match input {
                TurnInput::Place(square) if square == place => self.take_back(),
                TurnInput::Place(square) => {
                    if game.at(square).is_some() {
                        TurnReply::Message("That board location is already taken.".into())
                    } else {
                        self.stage = Stage::Place;
                        self.place(game, square)
                    }
                }
                TurnInput::Quadrant(q) => {
                    self.stage = Stage::Rotate {
                        place,
                        quadrant: q,
                        dir,
                    };
                    TurnReply::Handled
                }
                TurnInput::Dir(d) if dir == Some(d) => self.confirm(),
                TurnInput::Dir(d) => {
                    self.stage = Stage::Rotate {
                        place,
                        quadrant,
                        dir: Some(d),
                    };
                    TurnReply::Handled
                }
                TurnInput::Arrow(q, d) if q == quadrant && dir == Some(d) => self.confirm(),
                TurnInput::Arrow(q, d) => {
                    self.stage = Stage::Rotate {
                        place,
                        quadrant: q,
                        dir: Some(d),
                    };
                    TurnReply::Handled
                }
                TurnInput::Confirm => match dir {
                    Some(_) => self.confirm(),
                    None => TurnReply::Message(format!(
                        "Choose a direction for quadrant {}: [ or l left, ] or r right.",
                        quadrant.number()
                    )),
                },
                TurnInput::Back if dir.is_some() => {
                    self.stage = Stage::Rotate {
                        place,
                        quadrant,
                        dir: None,
                    };
                    TurnReply::Handled
                }
                TurnInput::Back | TurnInput::TakeBack => self.take_back(),
            },
        }
    }

    fn place(&mut self, game: &Pentago, square: Square) -> TurnReply {
        if game.at(square).is_some() {
            return TurnReply::Message("That board location is already taken.".into());
        }
        if game.wins_on_placement(square) {
            self.stage = Stage::Place;
            return TurnReply::Play(Move {
                place: square,
                rotation: None,
            });
        }
        match game.placed(square) {
            Ok(_) => {
                self.stage = Stage::Rotate {
                    place: square,
                    quadrant: Quadrant::of(square),
                    dir: None,
                };
                TurnReply::Handled
            }
            Err(err) => TurnReply::Message(format!("{err}.")),
        }
    }

    fn confirm(&mut self) -> TurnReply {
        match self.previewed() {
            Some(mv) => {
                self.stage = Stage::Place;
                TurnReply::Play(mv)
            }
            None => TurnReply::Handled,
        }
    }

    /// No message: the prompt already says to place a piece, and the game screen keeps a
    /// message on the status line until the next move, where it would hide the prompt.
    fn take_back(&mut self) -> TurnReply {
        self.stage = Stage::Place;
        TurnReply::Handled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Outcome, Seat};
    use crate::games::pentago::notation::from_rows;

    fn run(game: &Pentago, inputs: &[TurnInput]) -> (Turn, Vec<TurnReply>) {
        let mut turn = Turn::new();
        let replies = inputs.iter().map(|&i| turn.apply(game, i)).collect();
        (turn, replies)
    }

    #[test]
    fn place_choose_preview_confirm() {
        let game = Pentago::new();
        let (turn, replies) = run(
            &game,
            &[
                TurnInput::Place((2, 2)),
                TurnInput::Quadrant(Quadrant::UpperLeft),
                TurnInput::Dir(Dir::Right),
            ],
        );
        assert_eq!(replies, vec![TurnReply::Handled; 3]);
        // The preview shows C3 turned to C1 without touching the game.
        let shown = turn.shown_board(&game);
        assert_eq!(shown[2][0], Some(Seat::First));
        assert_eq!(shown[2][2], None);
        assert_eq!(game.pieces(), 0);
        let mut turn = turn;
        let expected = Move {
            place: (2, 2),
            rotation: Some((Quadrant::UpperLeft, Dir::Right)),
        };
        assert_eq!(
            turn.apply(&game, TurnInput::Confirm),
            TurnReply::Play(expected)
        );
        assert_eq!(turn.stage(), Stage::Place);
        // The same direction twice confirms too.
        let (_, replies) = run(
            &game,
            &[
                TurnInput::Place((2, 2)),
                TurnInput::Dir(Dir::Right),
                TurnInput::Dir(Dir::Right),
            ],
        );
        assert_eq!(replies[2], TurnReply::Play(expected));
    }

    #[test]
    fn the_placed_quadrant_is_chosen_first() {
        let game = Pentago::new();
        let (turn, _) = run(&game, &[TurnInput::Place((4, 5))]);
        assert_eq!(
            turn.stage(),
            Stage::Rotate {
                place: (4, 5),
                quadrant: Quadrant::LowerRight,
                dir: None
            }
        );
        assert_eq!(turn.shown_board(&game)[4][5], Some(Seat::First));
    }

    #[test]
    fn arrows_preview_on_the_first_click_and_play_on_the_second() {
        let game = Pentago::new();
        let (mut turn, replies) = run(
            &game,
            &[
                TurnInput::Arrow(Quadrant::UpperRight, Dir::Left),
                TurnInput::Place((0, 0)),
                TurnInput::Arrow(Quadrant::UpperRight, Dir::Left),
            ],
        );
        assert!(matches!(replies[0], TurnReply::Message(_)));
        assert_eq!(
            turn.previewed().map(|m| m.rotation),
            Some(Some((Quadrant::UpperRight, Dir::Left)))
        );
        assert_eq!(
            turn.apply(&game, TurnInput::Arrow(Quadrant::UpperRight, Dir::Right)),
            TurnReply::Handled
        );
        assert_eq!(
            turn.apply(&game, TurnInput::Arrow(Quadrant::UpperRight, Dir::Right)),
            TurnReply::Play(Move {
                place: (0, 0),
                rotation: Some((Quadrant::UpperRight, Dir::Right))
            })
        );
    }

    #[test]
    fn the_placement_can_be_taken_back_before_the_rotation() {
        let game = Pentago::new();
        // Esc drops the preview first, then the piece.
        let (turn, _) = run(
            &game,
            &[
                TurnInput::Place((1, 1)),
                TurnInput::Dir(Dir::Left),
                TurnInput::Back,
            ],
        );
        assert!(matches!(turn.stage(), Stage::Rotate { dir: None, .. }));
        let mut turn = turn;
        assert_eq!(turn.apply(&game, TurnInput::Back), TurnReply::Handled);
        assert_eq!(turn.stage(), Stage::Place);
        assert_eq!(turn.shown_board(&game), *game.board());
        // Clicking the pending piece or undo takes it back at once.
        let (turn, _) = run(&game, &[TurnInput::Place((1, 1)), TurnInput::Place((1, 1))]);
        assert_eq!(turn.stage(), Stage::Place);
        let (turn, _) = run(
            &game,
            &[
                TurnInput::Place((1, 1)),
                TurnInput::Dir(Dir::Left),
                TurnInput::TakeBack,
            ],
        );
        assert_eq!(turn.stage(), Stage::Place);
        // Clicking another empty square moves the piece there.
        let (turn, _) = run(&game, &[TurnInput::Place((1, 1)), TurnInput::Place((5, 5))]);
        assert!(matches!(turn.stage(), Stage::Rotate { place: (5, 5), .. }));
        // Back with nothing placed is not the turn's business (the screen then leaves).
        let (_, replies) = run(&game, &[TurnInput::Back]);
        assert_eq!(replies, vec![TurnReply::Ignored]);
    }

    #[test]
    fn a_winning_placement_plays_at_once() {
        let game = from_rows(&["XXXX..", "OOOO..", "......", "......", "......", "......"])
            .expect("valid");
        let (turn, replies) = run(&game, &[TurnInput::Place((0, 4))]);
        assert_eq!(
            replies,
            vec![TurnReply::Play(Move {
                place: (0, 4),
                rotation: None
            })]
        );
        assert_eq!(turn.stage(), Stage::Place);
        let mut after = game.clone();
        after
            .play(&Move {
                place: (0, 4),
                rotation: None,
            })
            .expect("legal");
        assert_eq!(after.outcome(), Some(Outcome::Won(Seat::First)));
        let (_, replies) = run(&after, &[TurnInput::Place((5, 5))]);
        assert!(matches!(replies[0], TurnReply::Message(_)));
    }

    #[test]
    fn taken_squares_and_missing_directions_are_explained() {
        let mut game = Pentago::new();
        game.play(&Move {
            place: (0, 0),
            rotation: Some((Quadrant::LowerRight, Dir::Left)),
        })
        .expect("legal");
        let (turn, replies) = run(&game, &[TurnInput::Place((0, 0))]);
        assert_eq!(
            replies,
            vec![TurnReply::Message(
                "That board location is already taken.".into()
            )]
        );
        assert_eq!(turn.stage(), Stage::Place);
        let (_, replies) = run(&game, &[TurnInput::Place((0, 1)), TurnInput::Confirm]);
        assert!(matches!(&replies[1], TurnReply::Message(m) if m.contains("direction")));
        let (turn, _) = run(&game, &[TurnInput::Place((0, 1)), TurnInput::Place((0, 0))]);
        assert!(matches!(turn.stage(), Stage::Rotate { place: (0, 1), .. }));
    }
}
