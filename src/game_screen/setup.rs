//! Starting two-player games: the new-game form (a person with a name, or the computer at a
//! level, for each seat) and the seats of a game started from the command line.

use super::game_ui::{GameUi, ParamsOf, RulesOf};
use super::screen::GameScreen;
use crate::core::{Game, History, LEVEL_NAMES, Player, Players};
use crate::modal::form::{Field, Form, FormError, Started};
use crate::screen::{Ctx, Effect, Screen};

/// The option of the second seat's "who plays" field in a served arcade: a person on another
/// terminal, at a table this player opens (issue 39).
const AT_A_TABLE: &str = "Online: open a table";

/// The index of [`AT_A_TABLE`] among a seat's options: after Person and the levels.
const ONLINE_OPTION: usize = LEVEL_NAMES.len() + 1;

/// The options of a seat's "who plays" field: a person, then the computer's levels, then (for
/// the second seat of a served arcade) a player online.
fn seat_options(online: bool) -> Vec<String> {
    std::iter::once("Person".to_string())
        .chain(LEVEL_NAMES.iter().map(|level| format!("Computer: {level}")))
        .chain(online.then(|| AT_A_TABLE.to_string()))
        .collect()
}

/// The new-game form of a two-player game: for each seat who plays (when the game has an
/// engine) and a name. Start builds the game with `params`; on a server (see
/// [`Ctx::has_tables`]) the second seat can be a player online, and Start then opens a table.
#[must_use]
pub fn two_player_form<U: GameUi>(params: ParamsOf<U>, ctx: &Ctx) -> Box<dyn Screen> {
    seats_form::<U>(
        format!("New game of {}", U::Game::TITLE),
        params,
        Seating::New {
            tables: ctx.has_tables(),
            host: ctx.guest.as_ref().and_then(|guest| guest.name.clone()),
        },
    )
}

/// The new-game form of review's "play on from here": the seats as for a new game, and the
/// game goes on from `history` (its moves undoable).
#[must_use]
pub fn play_on_form<U: GameUi>(
    params: ParamsOf<U>,
    history: History<RulesOf<U>>,
) -> Box<dyn Screen> {
    seats_form::<U>(
        format!("New game of {}", U::Game::TITLE),
        params,
        Seating::Continuing(history),
    )
}

/// What the seats' form starts.
enum Seating<U: GameUi> {
    /// A new game; `tables`: the arcade is served and the second seat may be online; `host`:
    /// the served player's name, the first seat's name when no other is typed (and the name
    /// the table shows when the form opens one).
    New { tables: bool, host: Option<String> },
    /// A game that goes on from this history, on this terminal.
    Continuing(History<RulesOf<U>>),
}

/// The seats' form, starting a new game (here or at a table) or one that goes on from a
/// history.
fn seats_form<U: GameUi>(
    title: String,
    params: ParamsOf<U>,
    seating: Seating<U>,
) -> Box<dyn Screen> {
    // Only a game with the "who plays" choice offers the table there.
    let tables = U::Game::HAS_ENGINE && matches!(seating, Seating::New { tables: true, .. });
    let host = match &seating {
        Seating::New { host, .. } => host.clone(),
        Seating::Continuing(_) => None,
    };
    let mut fields = Vec::new();
    for (seat, default) in U::Game::SEAT_NAMES.iter().enumerate() {
        // A served player's own name is the first seat's, unless they type another.
        let fallback = match &host {
            Some(name) if seat == 0 => name.as_str(),
            _ => default,
        };
        let label = match U::Game::seat_label(if seat == 0 {
            crate::core::Seat::First
        } else {
            crate::core::Seat::Second
        }) {
            "" => format!("Player {}", seat + 1),
            label => format!("Player {} ({label})", seat + 1),
        };
        if U::Game::HAS_ENGINE {
            let options = seat_options(tables && seat == 1);
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            fields.push(Field::choice(&label, &options, 0));
            fields.push(Field::text("Name", fallback));
        } else {
            fields.push(Field::text(&label, fallback));
        }
    }
    let form = Form::new(
        title,
        fields,
        Box::new(move |values, ctx: &Ctx| {
            let seat = |i: usize| -> Player {
                if U::Game::HAS_ENGINE {
                    let typed = values.text(2 * i + 1);
                    match values.choice(2 * i) {
                        0 => Player::person(&typed, U::Game::SEAT_NAMES[i]),
                        level => {
                            // A name typed over the default names the computer too ("CPU");
                            // left alone, it is "Computer (Beginner)".
                            let mut computer = Player::computer(level as u8);
                            if typed.trim() != U::Game::SEAT_NAMES[i] {
                                computer.name =
                                    crate::core::text::player_name(&typed, &computer.name);
                            }
                            computer
                        }
                    }
                } else {
                    Player::person(&values.text(i), U::Game::SEAT_NAMES[i])
                }
            };
            if tables && values.choice(2) == ONLINE_OPTION {
                return open_table::<U>(values.choice(0), values.text(1), &params);
            }
            let players = Players::two(seat(0), seat(1));
            let screen: Box<dyn Screen> = match &seating {
                Seating::Continuing(history) => Box::new(GameScreen::<U>::continuing(
                    history.clone(),
                    players,
                    params.clone(),
                    ctx,
                )),
                Seating::New { .. } => {
                    Box::new(GameScreen::<U>::new(params.clone(), players, ctx)?)
                }
            };
            Ok(screen.into())
        }),
    );
    // A player online brings their own name: the second seat's name field goes while
    // that seat is "Online".
    Box::new(if tables {
        form.hiding(3, 2, ONLINE_OPTION)
    } else {
        form
    })
}

/// Start with the second seat online: a table for this game and these parameters, where this
/// player (a person: the first seat's choice `host`) sits first, under the first seat's
/// `name`, and the app shows its game.
fn open_table<U: GameUi>(
    host: usize,
    name: String,
    params: &ParamsOf<U>,
) -> Result<Started, FormError> {
    if host != 0 {
        return Err(FormError::Choices(
            "At a table you play the first seat: choose Person for Player 1.",
        ));
    }
    Ok(Started::Effect(Effect::OpenTable {
        game: U::Game::ID.to_string(),
        params: crate::table::params::write(params).unwrap_or_default(),
        name: Some(name),
    }))
}
