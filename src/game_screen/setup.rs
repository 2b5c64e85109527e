//! Starting two-player games: the new-game form (a person with a name, or the computer at a
//! level, for each seat) and the seats of a game started from the command line.

use super::game_ui::{GameUi, ParamsOf};
use super::screen::GameScreen;
use crate::core::{Game, LEVEL_NAMES, Player, Players};
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
        format!("New game of {}", U::Game::TITLE),
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
            Ok(Box::new(GameScreen::<U>::new(params.clone(), players, ctx)?) as Box<dyn Screen>)
        }),
    ))
}
