//! The [`Game`] trait: everything one game is, apart from how it looks on screen.
//!
//! Plain mode, saves, the analysis commands and the game screen all need a game's identity,
//! parameters, rules, notation and engines; only the game screen needs its board widget. Keeping
//! those here, in the pure layer, lets plain mode and saves be written once for every game
//! without depending on the terminal library (the board widget is `game::GameUi`).

use std::sync::atomic::AtomicBool;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::strength::Strength;
use super::{MoveValues, NotationError, Outcome, Rules, Seat, StartError};

/// The move type of a game, for signatures that would otherwise spell out the projection.
pub type MoveOf<G> = <<G as Game>::Rules as Rules>::Move;

/// What a solver or engine suggests: a move to mark (if any) and a sentence about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintAnswer<M> {
    /// The suggested move, marked on the board.
    pub mv: Option<M>,
    /// "Win in 3 turns from here", "No win is reachable any more".
    pub message: String,
}

/// What the computer is asked to play at: the level (checked once, by the caller, so every
/// engine gets a real [`Strength`]), the seed of its randomness, and the flag that stops it.
#[derive(Debug, Clone, Copy)]
pub struct EngineAsk<'a> {
    /// How strongly to play.
    pub level: Strength,
    /// Drives the weaker levels' noise: the same seed gives the same moves.
    pub seed: u64,
    /// Raised when the answer is no longer wanted (undo, leave, a new position).
    pub cancel: &'a AtomicBool,
}

/// How a game writes its moves and positions: the three functions of its `notation` module,
/// named once in [`Game::NOTATION`] so the trait's notation methods need no copy in every game.
pub struct Notation<R: Rules> {
    /// A move in the game's notation (`notation::format_move`).
    pub format_move: fn(&R::Move) -> String,
    /// A move read back from that notation (`notation::parse_move`).
    pub parse_move: fn(&str) -> Result<R::Move, NotationError>,
    /// The position as readable rows of text, top row first (`notation::rows`).
    pub rows: fn(&R) -> Vec<String>,
}

/// The declarative head of a [`Game`] implementation, so that every game's `game.rs` states
/// its identity in one line instead of the same six items in the same order:
///
/// ```ignore
/// impl Game for ConnectFourGame {
///     game_basics! { Board, Params, "connect4", "Connect Four", ["Player 1", "Player 2"] }
/// ```
///
/// declares `type Rules = Board`, `type Params = Params`, [`Game::ID`], [`Game::TITLE`],
/// [`Game::HELP`] (always the game folder's `help.md`: `include_str!` reads it next to the
/// file that invokes this macro) and, for a two-player game, [`Game::SEAT_NAMES`]; a puzzle
/// leaves the seat names out. Everything else in the `impl` is written out as usual.
macro_rules! game_basics {
    ($rules:ty, $params:ty, $id:literal, $title:literal $(, $seats:expr)? $(,)?) => {
        type Rules = $rules;
        type Params = $params;
        const ID: &'static str = $id;
        const TITLE: &'static str = $title;
        const HELP: &'static str = include_str!("help.md");
        $(const SEAT_NAMES: [&'static str; 2] = $seats;)?
    };
}
pub(crate) use game_basics;

/// One game: identity, parameters, rules, notation and its one engine interface.
///
/// Implemented by a unit type per game (`ConnectFourGame`); the type carries no data, so every
/// function here is static and usable from any thread (the engines run off the event loop).
pub trait Game: Sized + 'static {
    /// The rules. `Send` so engines and solvers can search a copy off the event-loop thread.
    type Rules: Rules<Move: Send> + Send + 'static;
    /// What a new game needs besides the players (board size, level…), as saved in `[state]`.
    type Params: Clone + std::fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + 'static;

    /// The registry id, also the `game` of saves.
    const ID: &'static str;
    /// The title shown in the menu and the header.
    const TITLE: &'static str;
    /// The rules and controls shown by `?` (the game folder's `help.md`).
    const HELP: &'static str;
    /// Default names for the two seats; empty for puzzles.
    const SEAT_NAMES: [&'static str; 2] = ["", ""];
    /// Whether the game has an engine: only then can a seat be the computer.
    const HAS_ENGINE: bool = false;

    /// Whether this is a one-person puzzle (it has a solver, restart and best results).
    fn is_puzzle() -> bool {
        Self::SEAT_NAMES[0].is_empty()
    }

    /// The start position for these parameters.
    ///
    /// # Errors
    /// [`StartError`] when the parameters (from a save, a form or a seed file) are not
    /// playable, with the rules' own reason as its source.
    fn start(params: &Self::Params) -> Result<Self::Rules, StartError>;

    /// The game's notation module, as three functions: what [`Game::format_move`],
    /// [`Game::parse_move`] and [`Game::rows`] call.
    const NOTATION: Notation<Self::Rules>;

    /// A move in the game's notation, as the history panel and plain mode show it. The move
    /// alone says it in every game so far; a game whose notation needs the position before
    /// the move overrides this.
    fn format_move(before: &Self::Rules, mv: &MoveOf<Self>) -> String {
        let _ = before;
        (Self::NOTATION.format_move)(mv)
    }

    /// Reads a move written by [`Game::format_move`] (saves store moves this way).
    ///
    /// # Errors
    /// [`NotationError`] for text that is not a move here.
    fn parse_move(before: &Self::Rules, text: &str) -> Result<MoveOf<Self>, NotationError> {
        let _ = before;
        (Self::NOTATION.parse_move)(text)
    }

    /// The position as readable rows of text, top row first (saves and load previews).
    fn rows(state: &Self::Rules) -> Vec<String> {
        (Self::NOTATION.rows)(state)
    }

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

    /// A hint from the solver (puzzles); runs off the event-loop thread and should return
    /// early when `cancel` is set. Two-player games hint with their top engine level instead.
    fn hint(
        _state: &Self::Rules,
        _params: &Self::Params,
        _cancel: &AtomicBool,
    ) -> Option<HintAnswer<MoveOf<Self>>> {
        None
    }

    /// The rest of a solution (puzzles), played one step at a time as undoable moves.
    fn solve(
        _state: &Self::Rules,
        _params: &Self::Params,
        _cancel: &AtomicBool,
    ) -> Option<Vec<MoveOf<Self>>> {
        None
    }

    /// The computer's move at `ask.level`, deterministic for `ask.seed`; runs off the
    /// event-loop thread and returns early (with any legal move or `None`) when `ask.cancel` is
    /// set. The one engine entry point: the arcade, plain mode and `parlor move` all call it.
    fn engine_move(
        state: &Self::Rules,
        params: &Self::Params,
        ask: EngineAsk<'_>,
    ) -> Option<MoveOf<Self>> {
        let _ = (state, params, ask);
        None
    }

    /// Whether the game can value its moves ([`Game::move_values`]): the analysis strip's key
    /// then shows them; other games say there is no analysis.
    const HAS_ANALYSIS: bool = false;

    /// The value of every legal move for the side to move, for the analysis strip and the
    /// hint: exact where a solve is quick, the engine's evaluation otherwise. Runs off the
    /// event-loop thread; calls `report` each time more is known (a move solved, a deeper
    /// search finished), the last call being the final answer, and returns early when
    /// `cancel` is set. Reports nothing when the game is over (the default: no analysis).
    fn move_values(
        _state: &Self::Rules,
        _params: &Self::Params,
        _cancel: &AtomicBool,
        _report: &mut dyn FnMut(MoveValues<MoveOf<Self>>),
    ) {
    }

    /// A few words the analysis strip's heading adds about what `values` (this game's last
    /// report for `state`) rest on, when the game knows more than the values say: Checkers'
    /// "won (database)" in a position its endgame database covers, "perfect with ≤ 5 pieces"
    /// elsewhere. Replaces the heading's "exact" when every value is exact. `None` (the
    /// default) adds nothing. Called when drawing, so it must be cheap and pure.
    fn analysis_note(
        state: &Self::Rules,
        params: &Self::Params,
        values: &MoveValues<MoveOf<Self>>,
    ) -> Option<String> {
        let _ = (state, params, values);
        None
    }

    /// Where a puzzle's best results are kept (Slide's level key); `None` keeps none. A win
    /// the player made alone is recorded under it, the lowest move count kept.
    fn record_key(_params: &Self::Params) -> Option<String> {
        None
    }

    /// What a puzzle's result is measured in, fewest best: the moves played, or Nine Almonds'
    /// turns (a chain of jumps is one turn). The records keep the lowest.
    fn puzzle_score(_state: &Self::Rules, moves: usize) -> u32 {
        u32::try_from(moves).unwrap_or(u32::MAX)
    }

    /// The score a puzzle's records compare with (Slide's par, Nine Almonds' optimum of 4
    /// turns); `None` when there is none to show.
    fn par(_params: &Self::Params) -> Option<u32> {
        None
    }

    /// The one move a person has no choice about (Reversi's pass): the game screen plays it by
    /// itself, with a notice, instead of asking for a key. Plain mode keeps asking, as the
    /// seed does. `None` (the default) when there is a choice.
    fn forced_move(_state: &Self::Rules) -> Option<MoveOf<Self>> {
        None
    }

    /// The puzzle that follows this one (Slide's next level), offered when this one is solved.
    fn next_puzzle(_params: &Self::Params) -> Option<Self::Params> {
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
