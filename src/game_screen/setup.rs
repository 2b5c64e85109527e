//! Starting two-player games: the new-game form (a person with a name, or the computer at a
//! level, for each seat) and the seats of a game started from the command line.

use super::game_ui::{GameUi, ParamsOf, RulesOf};
use super::screen::GameScreen;
use crate::core::{Game, History, LEVEL_NAMES, Player, Players};
use crate::modal::form::{Field, Form};
use crate::screen::{Ctx, Screen};

/// The options of a seat's "who plays" field: a person, then the computer's levels.
fn seat_options() -> Vec<String> {
    std::iter::once("Person".to_string())
        .chain(LEVEL_NAMES.iter().map(|level| format!("Computer: {level}")))
        .collect()
}

/// The new-game form of a two-player game: for each seat who plays (when the game has an
/// engine) and a name. Start builds the game with `params`.
#[must_use]
pub fn two_player_form<U: GameUi>(params: ParamsOf<U>) -> Box<dyn Screen> {
    seats_form::<U>(format!("New game of {}", U::Game::TITLE), params, None)
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
        Some(history),
    )
}

/// The seats' form, starting a new game or one that goes on from `history`.
fn seats_form<U: GameUi>(
    title: String,
    params: ParamsOf<U>,
    history: Option<History<RulesOf<U>>>,
) -> Box<dyn Screen> {
    let options = seat_options();
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let mut fields = Vec::new();
    for (seat, fallback) in U::Game::SEAT_NAMES.iter().enumerate() {
        let label = match U::Game::seat_label(if seat == 0 {
            crate::core::Seat::First
        } else {
            crate::core::Seat::Second
        }) {
            "" => format!("Player {}", seat + 1),
            label => format!("Player {} ({label})", seat + 1),
        };
        if U::Game::HAS_ENGINE {
            fields.push(Field::choice(&label, &options, 0));
            fields.push(Field::text("Name", fallback));
        } else {
            fields.push(Field::text(&label, fallback));
        }
    }
    Box::new(Form::new(
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
            let players = Players::two(seat(0), seat(1));
            Ok(match &history {
                Some(history) => Box::new(GameScreen::<U>::continuing(
                    history.clone(),
                    players,
                    params.clone(),
                    ctx,
                )) as Box<dyn Screen>,
                None => Box::new(GameScreen::<U>::new(params.clone(), players, ctx)?),
            })
        }),
    ))
}
