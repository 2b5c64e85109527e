//! Checkers' part of the game screen: a square cursor, selecting a piece, and building a move
//! one square at a time (a multi-jump step by step), by keys or by clicks.

use std::time::Duration;

use ratatui::buffer::Buffer;

use super::game::{CheckersGame, Params};
use super::notation::{CheckersSquares, join_named};
use super::rules::{Checkers, Move, SIZE, Square, color_name};
use super::view::{self, Marks};
use crate::core::{Coordinates, Game, Rules};
use crate::game_screen::{BoardReply, BoardView, Frames, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::cursor::{CursorInput, SquareCursor};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::square_board::BoardSpec;
use crate::ui::theme::Theme;

/// How long a jumping piece rests on each landing square (at the normal speed).
const JUMP_STEP: Duration = Duration::from_millis(160);

/// The board's UI state: the cursor, the square under the mouse and the move being built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckersUi {
    cursor: SquareCursor,
    /// The selected piece's square, then each square chosen for it so far.
    path: Vec<Square>,
    /// `[ui] coordinates`: the names on the board and in the history.
    names: Coordinates,
    /// How many steps of the move just played the player already saw while building it click
    /// by click (set as the move is handed over, cleared by the reset after it): its motion
    /// starts from there instead of jumping back to the start.
    shown_steps: usize,
}

impl GameUi for CheckersUi {
    type Game = CheckersGame;

    fn new_ui(state: &Checkers, _params: &Params, ctx: &Ctx) -> Self {
        let start = state
            .movable_pieces()
            .first()
            .copied()
            .unwrap_or(Square::new(1, 5));
        Self {
            cursor: SquareCursor::new((start.x, start.y), (SIZE, SIZE)),
            path: Vec::new(),
            names: ctx.config.coordinates,
            shown_steps: 0,
        }
    }

    fn board_spec(&self, _state: &Checkers, _params: &Params) -> Option<BoardSpec> {
        Some(view::spec(self.names))
    }

    fn move_label(&self, before: &Checkers, mv: &Move) -> String {
        CheckersGame::name_move(before, mv, self.names)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        if let Some(motion) = &view.motion {
            // The jump in motion: the piece one landing further each picture, the men it has
            // jumped so far fading where they stood.
            let path = &motion.mv.path;
            let steps = path.len().saturating_sub(1);
            let landed = steps.saturating_sub(motion.count) + motion.index + 1;
            let prefix = path[..(landed + 1).min(path.len())].to_vec();
            let fading = Move::new(prefix.clone())
                .captured()
                .into_iter()
                .filter_map(|square| Some((square, motion.before.piece_at(square)?)))
                .collect();
            let marks = Marks {
                path: prefix,
                fading,
                names: self.names,
                ..Marks::default()
            };
            view::render(motion.before, &marks, view.area, buf, theme);
            return;
        }
        let state = view.state;
        let active = !view.computer_to_move && state.outcome().is_none();
        let marks = Marks {
            cursor: active.then(|| to_square(self.cursor.at)),
            hover: self.cursor.hover.map(to_square),
            destinations: if self.path.is_empty() {
                Vec::new()
            } else {
                state.next_squares(&self.path)
            },
            must_capture: if active && state.must_capture() {
                state.movable_pieces()
            } else {
                Vec::new()
            },
            path: self.path.clone(),
            last: view.last.map(|(_, mv)| mv.path.clone()).unwrap_or_default(),
            hint: view.hint.map(|mv| mv.path.clone()).unwrap_or_default(),
            names: self.names,
            fading: Vec::new(),
        };
        view::render(state, &marks, view.area, buf, theme);
    }

    /// A jump steps along its path, one landing a picture, from where the player's own
    /// clicks left it (the computer's from the start); a plain step is shown at once.
    fn motion(&self, _before: &Checkers, mv: &Move) -> Frames {
        if mv.captured().is_empty() {
            return Frames::NONE;
        }
        let steps = mv.path.len().saturating_sub(1);
        Frames::within_budget(steps.saturating_sub(self.shown_steps), JUMP_STEP)
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Move> {
        if let Some(mouse) = event.mouse()
            && mouse.kind == MouseKind::RightClick
            && !self.path.is_empty()
        {
            self.path.clear();
            return BoardReply::Handled;
        }
        let geo = view::geometry(self.names, view.area);
        let square_at = |pos| {
            geo.as_ref()
                .and_then(|geo| view::square_at(geo, pos))
                .map(|square| (square.x, square.y))
        };
        match self.cursor.handle(event, square_at) {
            CursorInput::Moved => BoardReply::Handled,
            CursorInput::Chosen(square) => self.choose(view, to_square(square)),
            CursorInput::ClickedOff => BoardReply::Ignored,
            CursorInput::Other => match event.action() {
                Some(Action::Back) if !self.path.is_empty() => {
                    self.path.pop();
                    if self.path.len() == 1 && view.state.next_squares(&self.path).is_empty() {
                        self.path.clear();
                    }
                    BoardReply::Handled
                }
                _ => BoardReply::Ignored,
            },
        }
    }

    fn reset(&mut self, _state: &Checkers) {
        self.shown_steps = 0;
        self.path.clear();
    }

    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn key_hints(&self, _state: &Checkers, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let mut hints = vec![
            KeyHint::new(keys.arrows(), "square"),
            KeyHint::new(
                keys.key_name(Action::Confirm),
                if self.path.is_empty() {
                    "select"
                } else {
                    "move here"
                },
            )
            .sends(Action::Confirm),
        ];
        if !self.path.is_empty() {
            hints.push(KeyHint::new(keys.key_name(Action::Back), "step back").sends(Action::Back));
        }
        hints
    }

    fn prompt(&self, state: &Checkers) -> Option<String> {
        if state.outcome().is_some() {
            return None;
        }
        match self.path.as_slice() {
            [] if state.must_capture() => Some(format!(
                "A capture is compulsory: select {}.",
                self.names_of(&state.movable_pieces())
            )),
            [] => None,
            [from] => Some(format!(
                "Move the piece on {} to {}.",
                self.name(*from),
                self.names_of(&state.next_squares(&self.path))
            )),
            [.., at] => Some(format!(
                "Jump on from {} to {}.",
                self.name(*at),
                self.names_of(&state.next_squares(&self.path))
            )),
        }
    }
}

impl CheckersUi {
    /// A square as the board names it: `11`, or the seed's `x,y`. Standard notation numbers
    /// only the dark squares: a light one is called what it is.
    fn name(&self, square: Square) -> String {
        match (self.names, super::notation::square_number(square)) {
            (Coordinates::Standard, None) => "a light square".to_string(),
            (names, _) => names.name::<CheckersSquares>(square),
        }
    }

    /// Squares named as on the board, joined with "or".
    fn names_of(&self, squares: &[Square]) -> String {
        join_named(squares, self.names, " or ")
    }

    /// Acts on a square chosen by Enter or a click: select a piece, extend the move, finish it.
    fn choose(&mut self, view: &BoardView<'_, CheckersGame>, square: Square) -> BoardReply<Move> {
        let state = view.state;
        if state.outcome().is_some() {
            return BoardReply::GameOver;
        }
        if view.computer_to_move {
            return BoardReply::Ignored;
        }
        let side = state.side_to_move();
        let movable = state.movable_pieces();
        if !self.path.is_empty() {
            if state.next_squares(&self.path).contains(&square) {
                self.path.push(square);
                if let Some(mv) = state.find_move(&self.path) {
                    // The landings before the last one were already on screen.
                    self.shown_steps = self.path.len().saturating_sub(2);
                    self.path.clear();
                    return BoardReply::Play(mv);
                }
                return BoardReply::Handled;
            }
            if self.path == [square] {
                self.path.clear();
                return BoardReply::Handled;
            }
            if self.path.len() > 1 {
                return BoardReply::Message(format!(
                    "The jump goes on: choose {} (Esc steps back).",
                    self.names_of(&state.next_squares(&self.path))
                ));
            }
        }
        if movable.contains(&square) {
            self.path = vec![square];
            return BoardReply::Handled;
        }
        match state.piece_at(square) {
            Some(piece) if piece.side == side && state.must_capture() => BoardReply::Message(
                format!("A capture is compulsory: move {}.", self.names_of(&movable)),
            ),
            Some(piece) if piece.side == side => {
                BoardReply::Message(format!("The piece on {} cannot move.", self.name(square)))
            }
            _ if self.path.len() == 1 => BoardReply::Message(format!(
                "The piece on {} cannot go to {}.",
                self.name(self.path[0]),
                self.name(square)
            )),
            _ => BoardReply::Message(format!("Select one of the {} pieces.", color_name(side))),
        }
    }
}

/// A cursor position as a board square.
fn to_square((x, y): (u8, u8)) -> Square {
    Square::new(x, y)
}

impl crate::games::screen_entry::ScreenRegistration for super::Checkers {
    type Ui = CheckersUi;
}

/// Checkers's puzzles are drawn on its own board.
impl crate::games::position::PuzzleBoard for super::puzzle::Puzzles {
    type Ui = CheckersUi;
}

#[cfg(test)]
mod tests {
    use super::super::rules::{Piece, Setup};
    use super::*;
    use crate::config::Config;
    use crate::core::{Game, Outcome, Seat};

    #[test]
    fn the_config_decides_the_capture_rule_of_new_games() {
        let standard = Config::defaults();
        assert!(Params::from_config(&standard).forced_capture);
        let free = Config::from_overrides(Some("[checkers]\nforced_capture = false\n"), "test")
            .expect("valid config");
        assert!(!Params::from_config(&free).forced_capture);
        let start = CheckersGame::start(&Params::from_config(&free)).expect("playable");
        assert!(!start.forced_capture());
    }

    #[test]
    fn the_side_panel_counts_towards_the_draw() {
        let mut setup = Checkers::default().setup();
        setup.quiet_plies = 30;
        let game = Checkers::try_from(setup).expect("valid");
        let lines = CheckersGame::status_lines(&game, &Params::default());
        assert_eq!(lines[0], "Captures: compulsory");
        assert_eq!(lines[1], "Black: 12 pieces, 0 kings");
        assert_eq!(lines[3], "Quiet moves: 30 of 80");
        let lines = CheckersGame::status_lines(
            &Checkers::new(false),
            &Params {
                forced_capture: false,
                start: None,
            },
        );
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], "Captures: optional");
    }

    #[test]
    fn saved_params_without_the_flag_mean_standard_rules() {
        let params: Params = toml::from_str("").expect("empty table");
        assert_eq!(params, Params::default());
        assert!(params.forced_capture);
    }

    #[test]
    fn outcomes_name_the_winner_and_the_reason() {
        let names = ["Alice".to_string(), "Bob".to_string()];
        let game = Checkers::try_from(Setup {
            pieces: vec![(
                Square::new(3, 3),
                Piece {
                    side: Seat::First,
                    king: false,
                },
            )],
            to_move: Seat::Second,
            quiet_plies: 0,
            forced_capture: true,
        })
        .expect("valid");
        assert_eq!(
            CheckersGame::outcome_text(Outcome::Won(Seat::First), &names, &game),
            "Alice wins with black, Bob has no pieces left"
        );
        assert_eq!(
            CheckersGame::outcome_text(Outcome::Draw, &names, &game),
            "Draw, 40 moves each without a capture or a pawn move"
        );
    }
}
