//! Nine Almonds (GAMES.md §1): nine almonds in the centre of a 5×5 board; jump them over each
//! other, one almond per turn (chains allowed), until one almond is left on the centre square.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (squares, jumps, chain lines,
//! save rows), [`text`] (the seed's board layout), [`plain`] (line mode), [`args`] (command
//! line) and [`solver`] (the coach's shortest solutions, in turns). The screen: [`view`] (board
//! geometry and drawing) and [`ui`] (keys, mouse, hints on the generic game screen).

pub mod analysis;
pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;
pub mod ui;
pub mod view;

use clap::Args as _;

use crate::game::screen::open_save;
use crate::game::{GameScreen, Players};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use ui::{NineAlmondsUi, Params};

/// Nine Almonds' registry entry: the menu, `parlor nine-almonds` (or the seed's `NineAlmonds`),
/// plain mode and saves all reach the game through it.
pub static ENTRY: GameEntry = GameEntry {
    id: "nine_almonds",
    title: "Nine Almonds",
    aliases: &["nine-almonds", "NineAlmonds", "almonds"],
    blurb: "Jump almonds over each other until one is left, in the centre.",
    example: "parlor nine-almonds",
    two_player: false,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game,
    open_save: open_save::<NineAlmondsUi>,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: None,
    perft: None,
};

/// The game screen for a new puzzle (the menu and the command line open the same thing).
fn screen(ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    Ok(Box::new(GameScreen::<NineAlmondsUi>::new(
        Params::default(),
        Players::none(),
        ctx,
    )?))
}

fn launch(_launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    screen(ctx)
}

fn new_game(ctx: &Ctx) -> Box<dyn Screen> {
    match screen(ctx) {
        Ok(screen) => screen,
        // The start position needs nothing that can fail; should that change, say so.
        Err(err) => Box::new(crate::ui::dialog::Dialog::new(
            "Nine Almonds",
            &[err.as_str()],
            &["OK"],
        )),
    }
}

fn plain(
    _launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    plain::run_plain(input, out)
}
