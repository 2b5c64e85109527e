//! The [`GameUi`] trait: what one game supplies to the generic [`super::GameScreen`].

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::core::{NotationError, Outcome, Rules, Seat};
use crate::screen::{Ctx, KeyHint};
use crate::ui::input::Event;
use crate::ui::theme::Theme;

/// What the board did with an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardReply<M> {
    /// Not the board's business: the game screen handles it (undo, save, help…).
    Ignored,
    /// Consumed (the cursor moved, a piece was selected); nothing else to do.
    Handled,
    /// Play this move.
    Play(M),
    /// Consumed, with a message for the status line ("that column is full").
    Message(String),
}

/// What a solver or engine suggests: a move to mark (if any) and a sentence about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintAnswer<M> {
    /// The suggested move, marked on the board.
    pub mv: Option<M>,
    /// "Win in 3 turns from here", "No win is reachable any more".
    pub message: String,
}

/// Everything a board may read while drawing or handling input.
pub struct BoardView<'a, G: GameUi> {
    /// The current position.
    pub state: &'a G::Rules,
    /// The last applied move and the position it was played in (for last-move marks).
    pub last: Option<(&'a G::Rules, &'a <G::Rules as Rules>::Move)>,
    /// The move a hint suggests, to be marked.
    pub hint: Option<&'a <G::Rules as Rules>::Move>,
    /// Whether the side to move is a computer (the board then ignores move input).
    pub computer_to_move: bool,
    /// The game's parameters.
    pub params: &'a G::Params,
}

/// One game's part of the game screen.
///
/// `Self` is the board's UI-only state (cursor, selection, partial move); the rules state lives
/// in the screen's history and is passed in read-only, so rendering can never change the game.
pub trait GameUi: Sized + 'static {
    /// The rules. `Send` so engines and solvers can search a copy off the event-loop thread.
    type Rules: Rules<Move: Send> + Send + 'static;
    /// What a new game needs besides the players (board size, level…), as saved in `[state]`.
    type Params: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + 'static;

    /// The registry id, also the `game` of saves.
    const ID: &'static str;
    /// The title shown in the menu and the header.
    const TITLE: &'static str;
    /// The rules and controls shown by `?` (from `assets/help/`).
    const HELP: &'static str;
    /// Default names for the two seats; empty for puzzles.
    const SEAT_NAMES: [&'static str; 2] = ["", ""];

    /// The start position for these parameters.
    ///
    /// # Errors
    /// A sentence when the parameters (from a save or a form) are not playable.
    fn start(params: &Self::Params) -> Result<Self::Rules, String>;

    /// A move in the game's notation, as the history panel and plain mode show it.
    fn format_move(before: &Self::Rules, mv: &<Self::Rules as Rules>::Move) -> String;

    /// Reads a move written by [`GameUi::format_move`] (saves store moves this way).
    ///
    /// # Errors
    /// [`NotationError`] for text that is not a move here.
    fn parse_move(
        before: &Self::Rules,
        text: &str,
    ) -> Result<<Self::Rules as Rules>::Move, NotationError>;

    /// The position as readable rows of text, top row first (saves and load previews).
    fn rows(state: &Self::Rules) -> Vec<String>;

    /// How the pieces of a seat are called ("x", "Black").
    fn seat_label(_seat: Seat) -> &'static str {
        ""
    }

    /// A puzzle's parameters in a few words ("3×3 from 1"); two-player games show the players.
    fn describe(_params: &Self::Params) -> String {
        String::new()
    }

    /// Whose turn or which turn it is, for the status line while the game goes on. Two-player
    /// games get "NAME (x) to move" from the screen and return `None`; puzzles count their own
    /// turns (a Nine Almonds turn is several moves).
    fn turn_text(_state: &Self::Rules, applied: usize) -> Option<String> {
        Some(format!("Move {}", applied + 1))
    }

    /// Extra lines for the side panel (disc counts, tray size, par).
    fn status_lines(_state: &Self::Rules, _params: &Self::Params) -> Vec<String> {
        Vec::new()
    }

    /// The board's UI state for a position.
    fn new_ui(state: &Self::Rules, params: &Self::Params, ctx: &Ctx) -> Self;

    /// The smallest area the board can be drawn in.
    fn board_size(&self, state: &Self::Rules, params: &Self::Params) -> (u16, u16);

    /// Draws the board in `area` (its own geometry function decides the cells).
    fn render_board(&self, view: &BoardView<'_, Self>, area: Rect, buf: &mut Buffer, theme: &Theme);

    /// Handles input aimed at the board; `area` is the same board area [`GameUi::render_board`]
    /// was given, so hit-testing uses the same geometry.
    fn handle_board(
        &mut self,
        event: &Event,
        view: &BoardView<'_, Self>,
        area: Rect,
    ) -> BoardReply<<Self::Rules as Rules>::Move>;

    /// The position changed by undo, redo, a move or a load: drop selections that no longer
    /// make sense, keep the cursor.
    fn reset(&mut self, state: &Self::Rules);

    /// The board's own key hints for the footer, most important first.
    fn key_hints(&self, state: &Self::Rules, ctx: &Ctx) -> Vec<KeyHint>;

    /// A sentence for the status line about the board's own state ("Choose where to jump").
    fn prompt(&self, _state: &Self::Rules) -> Option<String> {
        None
    }

    /// The board wants a redraw at this time (an animation frame).
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// Advances an animation; returns the move to play when one finishes, if any.
    fn tick(&mut self, _now: Instant) {}

    /// A hint from the solver (puzzles) or the top engine level (two-player games); runs off
    /// the event-loop thread and should return early when `cancel` is set.
    fn hint(
        _state: &Self::Rules,
        _params: &Self::Params,
        _cancel: &AtomicBool,
    ) -> Option<HintAnswer<<Self::Rules as Rules>::Move>> {
        None
    }

    /// The rest of a solution (puzzles), played one step at a time as undoable moves.
    fn solve(
        _state: &Self::Rules,
        _params: &Self::Params,
        _cancel: &AtomicBool,
    ) -> Option<Vec<<Self::Rules as Rules>::Move>> {
        None
    }

    /// Whether the game has an engine: only then can a seat be the computer.
    const HAS_ENGINE: bool = false;

    /// The computer's move at a level (1–4), deterministic for a seed; runs off the event-loop
    /// thread and returns early (with any legal move or `None`) when `cancel` is set.
    fn engine_move(
        _state: &Self::Rules,
        _params: &Self::Params,
        _level: u8,
        _seed: u64,
        _cancel: &AtomicBool,
    ) -> Option<<Self::Rules as Rules>::Move> {
        None
    }

    /// What a finished game adds to its outcome sentence from what only the game screen
    /// knows, the moves played and the parameters: Slide's result against par. `None` (the
    /// default) where the state already tells all (turn counts, winners).
    fn result_text(params: &Self::Params, moves: usize) -> Option<String> {
        let _ = (params, moves);
        None
    }

    /// The sentence announcing an outcome ("Alice wins!", "Solved in 4 turns!").
    fn outcome_text(outcome: Outcome, names: &[String], state: &Self::Rules) -> String {
        let _ = state;
        match outcome {
            Outcome::Solved => "Solved!".into(),
            Outcome::Lost => "No valid move left: the puzzle is lost.".into(),
            Outcome::Draw => "A draw!".into(),
            Outcome::Won(seat) => format!(
                "{} wins!",
                names.get(seat.index()).map_or("The winner", String::as_str)
            ),
        }
    }
}
