//! A position puzzle's board on the game screen: the two-player game's own board widget,
//! shown the puzzle's position and handed the player's clicks and keys, so every game's
//! puzzles look and play like the game itself.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::adapter::{Adapter, BoardOf, MoveOfA};
use super::game::PuzzleGame;
use super::state::{PuzzleState, Step};
use crate::core::{Game, MoveValue};
use crate::game_screen::{BoardReply, BoardView, Frames, GameUi, MotionFrame, ParamsOf, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::Event;
use crate::ui::square_board::BoardSpec;
use crate::ui::theme::Theme;

/// The board widget of an adapter's game: what the puzzle screen draws.
pub trait PuzzleBoard: Adapter {
    /// The game's own board on the game screen.
    type Ui: GameUi<Game = Self::Game>;
}

/// The puzzle's board: the game's board widget and the parameters it is drawn with.
pub struct PuzzleUi<A: PuzzleBoard> {
    board: A::Ui,
    params: <A::Game as Game>::Params,
}

/// The board move a step shows on the board, if any.
fn board_move<M>(step: &Step<M>) -> Option<&M> {
    match step {
        Step::Play(m) | Step::Answer(m) | Step::Wrong { reply: Some(m), .. } => Some(m),
        Step::Right | Step::Wrong { reply: None, .. } => None,
    }
}

/// The game's view of the puzzle's view: the same position, marks and area.
fn inner_view<'a, A: PuzzleBoard>(
    view: &ViewOf<'a, PuzzleUi<A>>,
    params: &'a <A::Game as Game>::Params,
) -> BoardView<'a, A::Game> {
    BoardView {
        state: view.state.board(),
        last: view
            .last
            .and_then(|(before, step)| Some((before.board(), board_move(step)?))),
        hint: view.hint.and_then(board_move),
        computer_to_move: view.computer_to_move,
        params,
        motion: view.motion.as_ref().and_then(|frame| {
            Some(MotionFrame {
                before: frame.before.board(),
                mv: board_move(frame.mv)?,
                index: frame.index,
                count: frame.count,
            })
        }),
        area: view.area,
    }
}

impl<A: PuzzleBoard> GameUi for PuzzleUi<A> {
    type Game = PuzzleGame<A>;

    fn new_ui(state: &PuzzleState<BoardOf<A>>, _params: &ParamsOf<Self>, ctx: &Ctx) -> Self {
        let params = A::game_params();
        Self {
            board: A::Ui::new_ui(state.board(), &params, ctx),
            params,
        }
    }

    fn board_spec(
        &self,
        state: &PuzzleState<BoardOf<A>>,
        _params: &ParamsOf<Self>,
    ) -> Option<BoardSpec> {
        self.board.board_spec(state.board(), &self.params)
    }

    fn board_size(&self, state: &PuzzleState<BoardOf<A>>, _params: &ParamsOf<Self>) -> (u16, u16) {
        self.board.board_size(state.board(), &self.params)
    }

    fn preferred_board_size(
        &self,
        state: &PuzzleState<BoardOf<A>>,
        _params: &ParamsOf<Self>,
    ) -> (u16, u16) {
        self.board.preferred_board_size(state.board(), &self.params)
    }

    fn board_extent(
        &self,
        state: &PuzzleState<BoardOf<A>>,
        _params: &ParamsOf<Self>,
        area: Rect,
    ) -> (u16, u16) {
        self.board.board_extent(state.board(), &self.params, area)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        self.board
            .render_board(&inner_view::<A>(view, &self.params), buf, theme);
    }

    fn handle_board(
        &mut self,
        event: &Event,
        view: &ViewOf<'_, Self>,
    ) -> BoardReply<Step<MoveOfA<A>>> {
        let Self { board, params } = self;
        match board.handle_board(event, &inner_view::<A>(view, params)) {
            BoardReply::Ignored => BoardReply::Ignored,
            BoardReply::Handled => BoardReply::Handled,
            BoardReply::Play(mv) => BoardReply::Play(Step::Play(mv)),
            BoardReply::Message(text) => BoardReply::Message(text),
            BoardReply::GameOver => BoardReply::GameOver,
        }
    }

    fn reset(&mut self, state: &PuzzleState<BoardOf<A>>) {
        self.board.reset(state.board());
    }

    fn key_hints(&self, state: &PuzzleState<BoardOf<A>>, ctx: &Ctx) -> Vec<KeyHint> {
        self.board.key_hints(state.board(), ctx)
    }

    fn move_label(&self, before: &PuzzleState<BoardOf<A>>, mv: &Step<MoveOfA<A>>) -> String {
        let board = before.board();
        match mv {
            Step::Play(m) => self.board.move_label(board, m),
            Step::Answer(m) => format!("{} (reply)", self.board.move_label(board, m)),
            Step::Right => "right!".into(),
            Step::Wrong { got, reply } => {
                let value = match got {
                    MoveValue::Estimate(_) => "no".into(),
                    other => other.short(),
                };
                // The reply's row: it punishes the player's move on the row above, whose
                // value was `value` ("wrong" on this row read as if the reply were wrong).
                match reply {
                    Some(m) => format!("{} (refutes: {value})", self.board.move_label(board, m)),
                    None => format!("wrong: {value}"),
                }
            }
        }
    }

    fn prompt(&self, state: &PuzzleState<BoardOf<A>>) -> Option<String> {
        if state.answers() {
            return None;
        }
        self.board.prompt(state.board())
    }

    fn motion(&self, before: &PuzzleState<BoardOf<A>>, mv: &Step<MoveOfA<A>>) -> Frames {
        board_move(mv).map_or(Frames::NONE, |m| self.board.motion(before.board(), m))
    }

    fn deadline(&self) -> Option<Instant> {
        self.board.deadline()
    }

    fn tick(&mut self, now: Instant) {
        self.board.tick(now);
    }

    const PAINTS: Option<&'static BoardPaints> = <A::Ui as GameUi>::PAINTS;
}
