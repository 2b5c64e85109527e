//! Position puzzles: "win in N" and "best move" problems from real games of the two-player
//! games, proven by their solvers, written once for every game.
//!
//! A game takes part by implementing [`Adapter`] (how its positions are written in IDs, and
//! the proven values of a position's moves) and [`PuzzleBoard`] (its board widget) in its own
//! folder; the registry lists `Puzzles<ThatAdapter>`. The rest is here:
//!
//! - pure: [`goal`] (what a puzzle asks), [`state`] (the puzzle's rules: the player's moves,
//!   the defence's replies, the verdict), [`notation`], [`judge`] (the puzzle's side, played by
//!   the solver: replies, verdicts, hints, solutions), [`game`] (the puzzle as a
//!   [`crate::core::Game`], with its ID), [`pack`] (the shipped puzzles), [`generate`] (puzzles
//!   from self-play games), [`plain`] (line mode), [`args`];
//! - screen: [`ui`] (the game's own board showing the puzzle), [`list`] (the pack's list).

pub mod adapter;
pub mod args;
pub mod game;
pub mod generate;
pub mod goal;
pub mod id;
pub mod judge;
#[cfg(feature = "tui")]
pub mod list;
pub mod notation;
pub mod pack;
pub mod plain;
pub mod proof;
pub mod state;
#[cfg(feature = "tui")]
pub mod ui;

use std::io;
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;

pub use adapter::Adapter;
#[cfg(feature = "tui")]
pub use ui::{PuzzleBoard, PuzzleUi};

use crate::config::Config;
use crate::core::Ending;
use crate::core::Game;
use crate::games::entry::{Launch, PlainIo, Registration};
use crate::games::error::LaunchError;
use args::Choice;
use game::{Params, PuzzleGame};

/// The menu item every game's position puzzles are listed under.
pub const GROUP: &str = "Position puzzles";

/// Self-play games `--depth` searches before it gives up.
const SEARCH_GAMES: u64 = 400;

/// The registration of one game's position puzzles.
pub struct Puzzles<A>(PhantomData<A>);

/// Why the command line's puzzle cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ChoiceError {
    /// `--number` past the end of the list.
    #[error("there is no puzzle {number}; the list has {count}")]
    NoSuchNumber {
        /// The number asked for.
        number: u32,
        /// How many there are.
        count: usize,
    },
    /// An ID that is not one of these puzzles.
    #[error(transparent)]
    Id(#[from] crate::core::IdError),
    /// `--depth` found nothing.
    #[error(
        "no puzzle of depth {depth} was found in {games} of the computer's games; try another depth or seed"
    )]
    NotFound {
        /// The depth asked for.
        depth: u32,
        /// How many games were searched.
        games: u64,
    },
    /// A depth the game's puzzles do not have.
    #[error("{title} have depths {low} to {high} ({means})")]
    Depth {
        /// The puzzles' title.
        title: &'static str,
        /// The lowest depth.
        low: u32,
        /// The highest depth.
        high: u32,
        /// What a depth counts.
        means: &'static str,
    },
}

/// The puzzle the arguments ask for; `None` for the list.
///
/// # Errors
/// [`ChoiceError`] naming what is not there.
pub fn chosen<A: Adapter>(args: &args::Args) -> Result<Option<Params>, ChoiceError> {
    match args.choice() {
        Choice::List => Ok(None),
        Choice::Id(id) => {
            if id.code != A::CODE {
                return Err(crate::core::IdError::OtherGame {
                    id: id.to_string(),
                    title: A::TITLE,
                }
                .into());
            }
            Ok(Some(PuzzleGame::<A>::from_puzzle_id(&id)?))
        }
        Choice::Number(number) => {
            let entries = pack::ids::<A>();
            let entry = usize::try_from(number)
                .ok()
                .and_then(|n| entries.get(n.checked_sub(1)?))
                .ok_or(ChoiceError::NoSuchNumber {
                    number,
                    count: entries.len(),
                })?;
            Ok(Some(Params {
                id: entry.id.clone(),
            }))
        }
        Choice::New { depth, seed } => {
            if let Some(depth) = depth
                && !A::DEPTHS.contains(&depth)
            {
                return Err(ChoiceError::Depth {
                    title: A::TITLE,
                    low: *A::DEPTHS.start(),
                    high: *A::DEPTHS.end(),
                    means: A::DEPTH_MEANS,
                });
            }
            let seed = seed.unwrap_or_else(clock_seed);
            let never = AtomicBool::new(false);
            let found = generate::find::<A>(seed, depth, SEARCH_GAMES, &never).ok_or(
                ChoiceError::NotFound {
                    depth: depth.unwrap_or(0),
                    games: SEARCH_GAMES,
                },
            )?;
            Ok(Some(Params {
                id: found.id.to_string(),
            }))
        }
    }
}

/// A seed from the clock, for a new puzzle without `--seed`.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The first shipped puzzle (plain mode without a choice; the tests' default game).
fn first<A: Adapter>() -> Result<Params, ChoiceError> {
    pack::ids::<A>()
        .first()
        .map(|entry| Params {
            id: entry.id.clone(),
        })
        .ok_or(ChoiceError::NoSuchNumber {
            number: 1,
            count: 0,
        })
}

impl<A: Adapter> Registration for Puzzles<A> {
    type Game = PuzzleGame<A>;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = A::ALIASES;
    const BLURB: &'static str = A::BLURB;
    const EXAMPLE: &'static str = A::EXAMPLE;
    const GROUP: Option<&'static str> = Some(GROUP);

    fn params(args: &args::Args, _config: &Config) -> Result<Params, LaunchError> {
        match chosen::<A>(args).map_err(LaunchError::choice)? {
            Some(params) => Ok(params),
            None => first::<A>().map_err(LaunchError::choice),
        }
    }

    fn plain(args: &args::Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let params = Self::params(args, launch.config).map_err(io::Error::other)?;
        plain::run_plain::<A>(&params, io.input, io.out)
    }
}
