//! Pentago's part of the game screen: a cursor to place the piece, then the rotation step with
//! keys (1–4, `[`/`]` or `l`/`r`) or the arrows at the quadrant corners, previewed before it
//! is confirmed. The turn itself is the pure [`Turn`] machine; this file maps input to it.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::game::{Params, PentagoGame};
use super::rules::{Board, Dir, Pentago, Quadrant, SIZE, Square, rotated_square};
use super::turn::{Stage, Turn, TurnInput, TurnReply};
use super::view::{self, Marks, Target};
use crate::core::Rules;
use crate::game_screen::{BoardReply, BoardView, Frames, GameUi, MotionFrame, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::theme::Theme;

/// The board's UI state: the placing cursor, the turn in progress, what the mouse points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PentagoUi {
    cursor: Square,
    turn: Turn,
    hover: Option<Target>,
    /// Whether the status line may hold a message (ours, or the screen's after a key we left
    /// to it). The game screen keeps a message until the next move; while one may be up, each
    /// step of the turn replaces it with the step's prompt so a stale "Move undone" or "That
    /// board location is already taken." never hides what to do next.
    message_up: bool,
    /// Whether the move just handed to the screen was the player's own, confirmed after its
    /// preview (cleared by the reset that follows every move): it was already seen turning.
    confirmed: bool,
}

impl PentagoUi {
    /// The turn in progress (for tests and the status line).
    #[must_use]
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    fn reply(&mut self, state: &Pentago, input: TurnInput) -> BoardReply<super::rules::Move> {
        match self.turn.apply(state, input) {
            TurnReply::Handled if self.message_up => self
                .turn
                .prompt(state)
                .map_or(BoardReply::Handled, BoardReply::Message),
            TurnReply::Handled => BoardReply::Handled,
            TurnReply::Ignored => BoardReply::Ignored,
            TurnReply::Play(mv) => BoardReply::Play(mv),
            TurnReply::Message(text) => BoardReply::Message(text),
        }
    }

    fn rotating(&self) -> Option<Quadrant> {
        match self.turn.stage() {
            Stage::Rotate { quadrant, .. } => Some(quadrant),
            Stage::Place => None,
        }
    }

    fn move_cursor(&mut self, action: Action) -> bool {
        let (row, col) = self.cursor;
        self.cursor = match action {
            Action::Up => (row.saturating_sub(1), col),
            Action::Down => ((row + 1).min(SIZE - 1), col),
            Action::Left => (row, col.saturating_sub(1)),
            Action::Right => (row, (col + 1).min(SIZE - 1)),
            Action::Home => (row, 0),
            Action::End => (row, SIZE - 1),
            _ => return false,
        };
        true
    }

    /// Arrow keys during the rotation step move between the quadrants on screen.
    fn neighbour(quadrant: Quadrant, action: Action) -> Option<Quadrant> {
        let (row, col) = quadrant.origin();
        let square = match action {
            Action::Up => (0, col),
            Action::Down => (3, col),
            Action::Left => (row, 0),
            Action::Right => (row, 3),
            _ => return None,
        };
        Some(Quadrant::of(square))
    }

    /// Turns one event into a reply; [`GameUi::handle_board`] keeps track of messages.
    fn route(
        &mut self,
        event: &Event,
        view: &BoardView<'_, PentagoGame>,
        area: Rect,
    ) -> BoardReply<super::rules::Move> {
        let state = view.state;
        // While the computer is to move only the hover highlight follows the mouse.
        let hover_only = event.mouse().is_some_and(|m| m.kind == MouseKind::Hover);
        if view.computer_to_move && !hover_only {
            return BoardReply::Ignored;
        }
        if event.mouse().is_some() {
            return self.handle_mouse(event, state, area);
        }
        if let Some(quadrant) = self.rotating() {
            // The rotation step owns 1–4, l/r (r is redo elsewhere) and [ ].
            match event.text().map(|c| c.to_ascii_lowercase()) {
                Some(digit @ '1'..='4') => {
                    let number = digit as u8 - b'0';
                    if let Some(q) = Quadrant::from_number(number) {
                        return self.reply(state, TurnInput::Quadrant(q));
                    }
                }
                Some('l') => return self.reply(state, TurnInput::Dir(Dir::Left)),
                Some('r') => return self.reply(state, TurnInput::Dir(Dir::Right)),
                _ => {}
            }
            return match event.action() {
                Some(Action::PrevItem) => self.reply(state, TurnInput::Dir(Dir::Left)),
                Some(Action::NextItem) => self.reply(state, TurnInput::Dir(Dir::Right)),
                Some(Action::Confirm) => self.reply(state, TurnInput::Confirm),
                Some(Action::Back) => self.reply(state, TurnInput::Back),
                Some(Action::Undo) => self.reply(state, TurnInput::TakeBack),
                Some(action @ (Action::Up | Action::Down | Action::Left | Action::Right)) => {
                    match Self::neighbour(quadrant, action) {
                        Some(q) => self.reply(state, TurnInput::Quadrant(q)),
                        None => BoardReply::Handled,
                    }
                }
                _ => BoardReply::Ignored,
            };
        }
        match event.action() {
            Some(Action::Confirm) => self.reply(state, TurnInput::Place(self.cursor)),
            Some(Action::PrevItem | Action::NextItem) if state.outcome().is_none() => {
                BoardReply::Message("Place a piece first, then turn a quadrant.".into())
            }
            Some(action) if self.move_cursor(action) => BoardReply::Handled,
            _ => BoardReply::Ignored,
        }
    }

    fn handle_mouse(
        &mut self,
        event: &Event,
        state: &Pentago,
        area: Rect,
    ) -> BoardReply<super::rules::Move> {
        let Some(mouse) = event.mouse() else {
            return BoardReply::Ignored;
        };
        let target = view::geometry(area).and_then(|geo| geo.target_at(mouse.position()));
        match mouse.kind {
            MouseKind::Hover => {
                self.hover = target;
                BoardReply::Handled
            }
            MouseKind::RightClick if self.rotating().is_some() => {
                self.reply(state, TurnInput::Back)
            }
            MouseKind::Click => match target {
                Some(Target::Square(square)) => {
                    self.cursor = square;
                    self.reply(state, TurnInput::Place(square))
                }
                Some(Target::Arrow(quadrant, dir)) => {
                    self.reply(state, TurnInput::Arrow(quadrant, dir))
                }
                Some(Target::Frame(quadrant)) if self.rotating().is_some() => {
                    self.reply(state, TurnInput::Quadrant(quadrant))
                }
                _ => BoardReply::Handled,
            },
            _ => BoardReply::Ignored,
        }
    }
}

impl GameUi for PentagoUi {
    type Game = PentagoGame;

    fn new_ui(_state: &Pentago, _params: &Params, _ctx: &Ctx) -> Self {
        Self {
            cursor: (2, 2),
            turn: Turn::new(),
            hover: None,
            // A game screen starts without a message.
            message_up: false,
            confirmed: false,
        }
    }

    fn board_size(&self, _state: &Pentago, _params: &Params) -> (u16, u16) {
        view::board_size()
    }

    fn preferred_board_size(&self, _state: &Pentago, _params: &Params) -> (u16, u16) {
        view::roomy_size()
    }

    fn board_extent(&self, _state: &Pentago, _params: &Params, area: Rect) -> (u16, u16) {
        view::geometry(area).map_or((area.width, area.height), |geo| {
            (geo.area.width, geo.area.height)
        })
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        if let Some(motion) = &view.motion {
            render_motion(motion, view.area, buf, theme);
            return;
        }
        let state = view.state;
        let board = self.turn.shown_board(state);
        let over = state.outcome().is_some();
        let stage = self.turn.stage();
        let last = view.last.map(|(_, mv)| match mv.rotation {
            Some((quadrant, dir)) => rotated_square(quadrant, dir, mv.place),
            None => mv.place,
        });
        let marks = Marks {
            cursor: (matches!(stage, Stage::Place) && !over && !view.computer_to_move)
                .then_some(self.cursor),
            hover: self.hover,
            last,
            pending: match stage {
                Stage::Rotate {
                    place,
                    quadrant,
                    dir,
                } => Some(dir.map_or(place, |d| rotated_square(quadrant, d, place))),
                Stage::Place => None,
            },
            rotation: match stage {
                Stage::Rotate { quadrant, dir, .. } => Some((quadrant, dir)),
                Stage::Place => None,
            },
            arrows_active: matches!(stage, Stage::Rotate { .. }),
            winning: state
                .winning_lines()
                .into_iter()
                .map(|(_, line)| line)
                .collect(),
            hint: view.hint.copied().filter(|_| !view.computer_to_move),
        };
        view::render(&board, &marks, view.area, buf, theme);
    }

    /// The marble placed, the quadrant half turned, then the final position; a move the
    /// player previewed and confirmed was already seen turning and is shown at once.
    fn motion(&self, _before: &Pentago, mv: &super::rules::Move) -> Frames {
        if self.confirmed || mv.rotation.is_none() {
            return Frames::NONE;
        }
        Frames::within_budget(2, TURN_STEP)
    }

    fn handle_board(
        &mut self,
        event: &Event,
        view: &ViewOf<'_, Self>,
    ) -> BoardReply<super::rules::Move> {
        let reply = self.route(event, view, view.area);
        match &reply {
            // The screen clears its message when a move is played...
            BoardReply::Play(_) => {
                self.message_up = false;
                self.confirmed = true;
            }
            // ...and may set one for a key we leave to it (undo, save, hint…).
            BoardReply::Message(_) => self.message_up = true,
            BoardReply::Ignored if event.mouse().is_none() => self.message_up = true,
            _ => {}
        }
        reply
    }

    fn reset(&mut self, _state: &Pentago) {
        self.turn.reset();
        self.confirmed = false;
    }

    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn key_hints(&self, state: &Pentago, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        if state.outcome().is_some() {
            Vec::new()
        } else if self.rotating().is_some() {
            vec![
                KeyHint::new("1-4", "quadrant"),
                KeyHint::new(
                    format!(
                        "{} l r",
                        keys.key_names(&[Action::PrevItem, Action::NextItem])
                    ),
                    "turn",
                ),
                KeyHint::new(keys.key_name(Action::Confirm), "confirm").sends(Action::Confirm),
                KeyHint::new(keys.key_name(Action::Back), "take back").sends(Action::Back),
            ]
        } else {
            vec![
                KeyHint::new("←↑↓→", "square"),
                KeyHint::new(keys.key_name(Action::Confirm), "place").sends(Action::Confirm),
            ]
        }
    }

    fn prompt(&self, state: &Pentago) -> Option<String> {
        self.turn.prompt(state)
    }
}

/// How long each picture of a quadrant's turn stays (at the normal speed).
const TURN_STEP: Duration = Duration::from_millis(130);

/// The squares around a quadrant's centre in clockwise order, as offsets from its corner: a
/// turn moves each marble two places along this ring, half a turn one place.
const RING: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
];

/// The board with `quadrant` half way through its quarter turn `dir`: each marble one place
/// along the ring (an eighth of a turn), the centre still.
fn half_turned(board: &Board, quadrant: Quadrant, dir: Dir) -> Board {
    let mut out = *board;
    let (r0, c0) = quadrant.origin();
    for (i, &(dr, dc)) in RING.iter().enumerate() {
        let j = match dir {
            Dir::Right => (i + 1) % RING.len(),
            Dir::Left => (i + RING.len() - 1) % RING.len(),
        };
        let (nr, nc) = RING[j];
        out[r0 + nr][c0 + nc] = board[r0 + dr][c0 + dc];
    }
    out
}

/// A picture of a move in motion: the marble placed (0), the quadrant half turned (1).
fn render_motion(
    motion: &MotionFrame<'_, PentagoGame>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let mv = motion.mv;
    let placed = motion
        .before
        .placed(mv.place)
        .unwrap_or(*motion.before.board());
    let (board, last) = match (motion.index, mv.rotation) {
        (0, _) | (_, None) => (placed, Some(mv.place)),
        (_, Some((quadrant, dir))) => (half_turned(&placed, quadrant, dir), None),
    };
    let marks = Marks {
        last,
        rotation: mv.rotation.map(|(quadrant, dir)| (quadrant, Some(dir))),
        ..Marks::default()
    };
    view::render(&board, &marks, area, buf, theme);
}

impl crate::games::screen_entry::ScreenRegistration for super::Pentago {
    type Ui = PentagoUi;
}

/// Pentago's puzzles are drawn on its own board.
impl crate::games::position::PuzzleBoard for super::puzzle::Puzzles {
    type Ui = PentagoUi;
}

#[cfg(test)]
mod motion_tests {
    use super::*;
    use crate::games::pentago::rules::rotate;

    #[test]
    fn two_half_turns_make_the_quarter_turn() {
        let mut board: Board = [[None; SIZE]; SIZE];
        board[0][0] = Some(crate::core::Seat::First);
        board[0][1] = Some(crate::core::Seat::Second);
        board[1][1] = Some(crate::core::Seat::First);
        board[2][0] = Some(crate::core::Seat::Second);
        for quadrant in Quadrant::ALL {
            for dir in Dir::ALL {
                let twice = half_turned(&half_turned(&board, quadrant, dir), quadrant, dir);
                assert_eq!(twice, rotate(&board, quadrant, dir), "{quadrant:?} {dir:?}");
            }
        }
    }
}
