//! A position puzzle as a [`Game`]: [`PuzzleGame<A>`] for any [`Adapter`], so plain mode,
//! saves, records and the game screen treat every game's position puzzles as one more puzzle.

use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::adapter::{Adapter, BoardOf, MoveOfA};
use super::goal::Goal;
use super::id::read_id;
use super::state::{PuzzleState, Step, Verdict};
use super::{judge, notation, pack};
use crate::core::puzzle_id::{IdError, PuzzleId};
use crate::core::{EngineAsk, Game, HintAnswer, Notation, NotationError, Outcome, StartError};

/// A position puzzle's parameters: its ID, which holds the position and the goal (so a save
/// names the puzzle the way a person would).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The puzzle's descriptive ID (`c4-1-w3-…`).
    pub id: String,
}

/// The position puzzles of one game.
pub struct PuzzleGame<A>(PhantomData<A>);

impl<A: Adapter> PuzzleGame<A> {
    /// The goal and position of a puzzle's parameters (checked when they were made; a save
    /// with a bad ID is refused when it opens).
    fn read(params: &Params) -> Result<(Goal, BoardOf<A>), IdError> {
        read_id::<A>(&params.id.parse()?)
    }

    /// The side the player takes, as the game calls its pieces ("x", "Black").
    fn player_label(state: &PuzzleState<BoardOf<A>>) -> &'static str {
        A::Game::seat_label(state.player())
    }
}

impl<A: Adapter> Game for PuzzleGame<A> {
    type Rules = PuzzleState<BoardOf<A>>;
    type Params = Params;
    const ID: &'static str = A::ID;
    const TITLE: &'static str = A::TITLE;
    const HELP: &'static str = include_str!("help.md");

    fn start(params: &Params) -> Result<Self::Rules, StartError> {
        let (goal, board) = Self::read(params).map_err(StartError::position)?;
        PuzzleState::new(board, goal).map_err(StartError::position)
    }

    const NOTATION: Notation<Self::Rules> = Notation {
        format_move: notation::format_alone::<A>,
        parse_move: notation::parse_alone::<A>,
        rows: |state| A::Game::rows(state.board()),
    };

    fn format_move(before: &Self::Rules, mv: &Step<MoveOfA<A>>) -> String {
        notation::format_step::<A>(before, mv)
    }

    fn parse_move(before: &Self::Rules, text: &str) -> Result<Step<MoveOfA<A>>, NotationError> {
        notation::parse_step::<A>(before, text)
    }

    fn describe(params: &Params) -> String {
        match Self::read(params) {
            Ok((goal, board)) => match side_label::<A>(&board) {
                Some(label) => format!("{} · {label} to play", goal.title()),
                None => goal.title(),
            },
            Err(_) => "an unreadable puzzle".into(),
        }
    }

    fn turn_text(state: &Self::Rules, _applied: usize) -> Option<String> {
        Some(if state.answers() {
            "The puzzle answers…".into()
        } else {
            format!("Your move ({})", Self::player_label(state))
        })
    }

    fn status_lines(state: &Self::Rules, _params: &Params) -> Vec<String> {
        let goal = state.goal();
        let mut lines = vec![format!("You play {}", Self::player_label(state))];
        match goal {
            Goal::WinIn(n) => lines.push(format!(
                "Win in {n}: {} of your moves left",
                n.saturating_sub(state.made())
            )),
            other => lines.push(other.title()),
        }
        lines
    }

    fn hint(
        state: &Self::Rules,
        _params: &Params,
        cancel: &AtomicBool,
    ) -> Option<HintAnswer<Step<MoveOfA<A>>>> {
        judge::hint::<A>(state, cancel)
    }

    fn solve(
        state: &Self::Rules,
        _params: &Params,
        cancel: &AtomicBool,
    ) -> Option<Vec<Step<MoveOfA<A>>>> {
        judge::solve::<A>(state, cancel)
    }

    /// The puzzle's side: the defence's best reply, or the verdict on the player's move.
    fn engine_move(
        state: &Self::Rules,
        _params: &Params,
        ask: EngineAsk<'_>,
    ) -> Option<Step<MoveOfA<A>>> {
        judge::answer::<A>(state, ask.cancel)
    }

    fn answers(state: &Self::Rules) -> bool {
        state.answers()
    }

    fn record_key(params: &Params) -> Option<String> {
        Some(params.id.clone())
    }

    /// The player's moves: the defence's replies and the verdict are the puzzle's.
    fn puzzle_score(state: &Self::Rules, _moves: usize) -> u32 {
        state.made()
    }

    fn par(params: &Params) -> Option<u32> {
        match Self::read(params).ok()?.0 {
            Goal::WinIn(n) => Some(n),
            _ => Some(1),
        }
    }

    fn outcome_text(outcome: Outcome, _names: &[String], state: &Self::Rules) -> String {
        let moves = |n: u32| {
            if n == 1 {
                "1 move".to_string()
            } else {
                format!("{n} moves")
            }
        };
        match (outcome, state.verdict()) {
            (Outcome::Solved, _) if state.goal().one_move() => {
                format!("Solved: that is the move. {}", state.goal().title())
            }
            (Outcome::Solved, _) => format!("Solved: won in {}.", moves(state.made())),
            (_, Some(Verdict::Wrong(got))) => format!(
                "Not this one: {}. Undo and look again.",
                state.goal().miss(got)
            ),
            _ => "That move does not meet the goal. Undo and look again.".into(),
        }
    }

    const ID_CODE: &'static str = A::CODE;

    fn puzzle_id(params: &Params) -> Option<PuzzleId> {
        params.id.parse().ok()
    }

    fn from_puzzle_id(id: &PuzzleId) -> Result<Params, IdError> {
        read_id::<A>(id)?;
        Ok(Params { id: id.to_string() })
    }

    /// One of the pack's first puzzles ([`pack::DAILY_POOL`]), by the date; `None` (no daily
    /// puzzles of this game) until the pack holds that many, so that a date's puzzle never
    /// changes as puzzles are added.
    fn daily_puzzle(hash: u64) -> Option<PuzzleId> {
        let ids = pack::ids::<A>();
        let pool = ids.get(..pack::DAILY_POOL)?;
        let index = usize::try_from(hash % pack::DAILY_POOL as u64).ok()?;
        pool.get(index)?.id.parse().ok()
    }

    const NEXT_PUZZLE: &'static str = "next puzzle";

    fn next_puzzle(params: &Params) -> Option<Params> {
        let ids = pack::ids::<A>();
        let at = ids.iter().position(|entry| entry.id == params.id)?;
        ids.get(at + 1).map(|entry| Params {
            id: entry.id.clone(),
        })
    }
}

/// How the game calls the side to move ("x", "Black"), if it has a name.
fn side_label<A: Adapter>(board: &BoardOf<A>) -> Option<&'static str> {
    use crate::core::Rules;
    let label = <A::Game as Game>::seat_label(board.to_move()?);
    (!label.is_empty()).then_some(label)
}
