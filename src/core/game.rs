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
use super::{IdError, MoveValues, NotationError, Outcome, PuzzleId, Rules, Seat, StartError};
use crate::core::record::error::RecordError;
use crate::core::record::format::RecordFormat;
use crate::core::record::tags::Tag;

/// The move type of a game, for signatures that would otherwise spell out the projection.
pub type MoveOf<G> = <<G as Game>::Rules as Rules>::Move;

/// What a solver or engine suggests: a move to mark (if any) and a sentence about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintAnswer<M> {
    /// The suggested move, marked on the board.
    pub mv: Option<M>,
    /// "Win in 3 turns from here; next {move}", "No win is reachable any more": the move is
    /// written [`HintAnswer::MOVE`], which the screen replaces by the move as its history
    /// names it, so a hint follows the `[ui] coordinates` setting like every other text.
    pub message: String,
}

impl<M> HintAnswer<M> {
    /// Where the suggested move goes in [`HintAnswer::message`].
    pub const MOVE: &'static str = "{move}";
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

    /// A move as plain mode and `parlor move` print it under the coordinates setting (or
    /// `--original`): the game's notation, unless its squares have a standard name besides
    /// the seed's (Reversi `d3`, Checkers `11-15`), which such a game writes here.
    fn name_move(before: &Self::Rules, mv: &MoveOf<Self>, names: super::Coordinates) -> String {
        let _ = names;
        Self::format_move(before, mv)
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

    /// What the footer calls [`Game::next_puzzle`], in the words the game's help uses:
    /// Slide has levels, the position packs puzzles.
    const NEXT_PUZZLE: &'static str = "next level";

    /// The word that starts this puzzle's IDs (`slide`, `magic`), by which the registry finds
    /// the game an ID belongs to; empty for a game without IDs.
    const ID_CODE: &'static str = "";

    /// This puzzle instance as an ID a person can type and send (see `core::puzzle_id`):
    /// shown on its screen and in plain mode, and opened by `--id` and the menu.
    fn puzzle_id(_params: &Self::Params) -> Option<PuzzleId> {
        None
    }

    /// The parameters an ID of this game stands for (its code already matched).
    ///
    /// # Errors
    /// [`IdError`] naming what in the ID this game cannot read.
    fn from_puzzle_id(id: &PuzzleId) -> Result<Self::Params, IdError> {
        Err(IdError::UnknownCode(id.code.clone()))
    }

    /// The ID of the puzzle of the day for a date's hash (see `save::daily`): the same hash
    /// always gives the same puzzle, without generating it (Slide answers with a seed ID);
    /// `None` for a game without daily puzzles (two-player games, and Nine Almonds, which has
    /// one puzzle only).
    fn daily_puzzle(_hash: u64) -> Option<PuzzleId> {
        None
    }

    /// Whether the puzzle itself answers the player's move now (a position puzzle's defence,
    /// found by a solver): the screen then asks [`Game::engine_move`] off the event-loop
    /// thread, as it would a computer seat. Only puzzles answer; two-player games have seats.
    fn answers(_state: &Self::Rules) -> bool {
        false
    }

    /// What a finished game adds to its outcome sentence from what only the game screen
    /// knows, the moves played and the parameters: Slide's result against par. `None` (the
    /// default) where the state already tells all (turn counts, winners).
    fn result_text(params: &Self::Params, moves: usize) -> Option<String> {
        let _ = (params, moves);
        None
    }

    /// The standard record formats the game reads and writes besides Parlor's own notation
    /// (Reversi's GGF and transcripts, Checkers' PDN), most preferred first: exports use the
    /// first that can hold the game. Each is written in the game's `record.rs`.
    const RECORD_FORMATS: &'static [RecordFormat<Self::Params, MoveOf<Self>>] = &[];

    /// The parameters as tags of Parlor's notation (docs/NOTATION.md). The default writes
    /// them in one `Params` tag as the save stores them; a game whose parameters people read
    /// (a board size, a level) names its own tags.
    fn record_tags(params: &Self::Params) -> Vec<(&'static str, String)> {
        crate::core::record::params::generic_tags(params)
    }

    /// The parameters read back from the tags [`Game::record_tags`] writes.
    ///
    /// # Errors
    /// [`RecordError`] naming the tag whose value is not a parameter of the game.
    fn params_from_tags(tags: &[Tag]) -> Result<Self::Params, RecordError> {
        crate::core::record::params::generic_params(tags)
    }

    /// The sentence announcing an outcome, in the arcade's one form for two-player games
    /// ("Ann wins with x", "Draw": [`crate::core::outcome::win_line`]) and a puzzle's own
    /// ("Solved in 4 turns!").
    fn outcome_text(outcome: Outcome, names: &[String], state: &Self::Rules) -> String {
        let _ = state;
        match outcome {
            Outcome::Solved => "Solved!".into(),
            Outcome::Lost => "No valid move left: the puzzle is lost.".into(),
            Outcome::Draw => crate::core::outcome::draw_line(None),
            Outcome::Won(seat) => crate::core::outcome::win_line(
                names.get(seat.index()).map_or("The winner", String::as_str),
                Self::seat_label(seat),
                None,
            ),
        }
    }
}

/// The parameters of `text` as an ID of `G` (`parlor slide --id …`): read, checked, and read
/// by the game.
///
/// # Errors
/// [`IdError`]: not an ID, a typo caught by the check, another game's ID, or fields the game
/// cannot read.
pub fn read_puzzle_id<G: Game>(text: &str) -> Result<G::Params, IdError> {
    let id: PuzzleId = text.parse()?;
    if id.code != G::ID_CODE {
        return Err(IdError::OtherGame {
            id: id.to_string(),
            title: G::TITLE,
        });
    }
    G::from_puzzle_id(&id)
}
