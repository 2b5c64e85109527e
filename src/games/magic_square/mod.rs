//! Magic Square (GAMES.md §2): place the pieces `min ..= min+n²-1` on an n×n board so that every
//! row, column and both diagonals add up to the same (magic) sum.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`5@1,2` placements and save
//! rows), [`text`] (the seed's printed board), [`plain`] (the line-mode driver), [`args`] (the
//! command line) and [`solver`] (completion search behind the hint and Solve). The screen:
//! [`view`] (geometry and drawing) and [`ui`] (cursor, tray, typed values).

pub mod analysis;
pub mod args;
pub mod game;
pub mod notation;
pub mod plain;
pub mod record;
pub mod rules;
pub mod solver;
pub mod text;
pub mod ui;
pub mod view;

pub use rules::{MagicSquare, Params, Placement, SetupError};

use std::io;

use crate::config::Config;
use crate::core::{Ending, Players};
use crate::game::GameScreen;
use crate::games::entry::{Launch, PlainIo, Registration};
use crate::modal::form::{Field, Form};
use crate::screen::{Ctx, Screen};
use ui::MagicSquareUi;

/// Magic Square's registration.
pub struct MagicSquareGameEntry;

impl Registration for MagicSquareGameEntry {
    type Ui = MagicSquareUi;
    type Args = args::Args;

    const ALIASES: &'static [&'static str] = &["magic-square", "MagicSquare", "magicsquare"];
    const BLURB: &'static str =
        "Place the numbers so every row, column and diagonal has the same sum.";
    const EXAMPLE: &'static str = "parlor magic-square 3 -9";
    const SOLVE: Option<&'static crate::analysis::AnalysisCommand> = Some(&analysis::SOLVE);

    fn params(
        args: &args::Args,
        _config: &Config,
    ) -> Result<Params, crate::games::error::LaunchError> {
        Ok(args.params())
    }

    fn plain(args: &args::Args, _launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        // clap range-checked both numbers, so every accepted pair makes a board.
        let start = args
            .start()
            .map_err(|err| io::Error::new(io::ErrorKind::InvalidInput, err))?;
        plain::run_plain(start, io.input, io.out)
    }

    /// The menu asks for the board side and the lowest piece first.
    fn new_game(ctx: &Ctx) -> Box<dyn Screen> {
        new_game(ctx)
    }
}

/// The new-game form: board side and lowest piece.
fn new_game(_ctx: &Ctx) -> Box<dyn Screen> {
    let defaults = Params::default();
    Box::new(Form::new(
        "New game of Magic Square",
        vec![
            Field::number(
                "Size (1-9)",
                i64::from(defaults.size),
                1,
                i64::from(rules::MAX_SIZE),
            ),
            Field::number(
                "Lowest piece",
                defaults.min,
                *rules::SAFE_MIN.start(),
                *rules::SAFE_MIN.end(),
            ),
        ],
        Box::new(|values, ctx: &Ctx| {
            let params = Params {
                size: values.number(0)?,
                min: values.number(1)?,
            };
            Ok(Box::new(GameScreen::<MagicSquareUi>::new(
                params,
                Players::none(),
                ctx,
            )?) as Box<dyn Screen>)
        }),
    ))
}
