//! The monkey test: long random sequences of key presses, clicks, wheel turns, hovers and
//! resizes (down to 1×1 and up to 500×200) through the real app, from the menu into every
//! screen. Nothing may panic, and after every event every open game must agree with its rules
//! (history replays, generated moves are legal, a save loads back to the same position).
//!
//! A second run starts each two-player game with computer seats (person against the computer,
//! and the computer against itself), so random undo, hint, leave and resize land while a search
//! is running on its thread.
//!
//! `MONKEY_SEEDS` and `MONKEY_EVENTS` raise the default effort (the README's Reliability section
//! has a long-run example). The report (`cargo test --test all monkey:: -- --nocapture`) lists, per
//! game, the events during which it was open, those with moves made, and the invariant checks
//! made on it. The test fails if a game was never played in (the monkey is not reaching it) or
//! if a game was open during events but never checked (a screen that does not forward
//! `check_invariants`, as Slide's level wrapper once did).

#![cfg(feature = "tui")]

use crate::support;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use std::time::Duration;

use parlor::core::Seat;
use parlor::core::{Player, Players};
use parlor::games::registry::GameEntry;
use parlor::screen::{Ctx, Screen};
use parlor::testing::Harness;
use support::monkey::{Coverage, drive, open_from_menu, report};

/// One seed from the menu. Each new app (at the start, and after the monkey quits) first opens
/// the next game in menu order, starting at the seed's, so every game gets played in; then
/// the events are random.
fn run_seed(seed: u64, events: usize, coverage: &mut Coverage) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let games = parlor::games::registry::GAMES;
    let mut next = seed as usize;
    drive(
        &format!("seed {seed}"),
        &mut rng,
        events,
        |w, h| {
            let mut harness = Harness::menu(w, h);
            open_from_menu(&mut harness, games[next % games.len()]);
            next += 1;
            harness
        },
        coverage,
    )
}

/// The effort: `MONKEY_SEEDS` seeds of `MONKEY_EVENTS` events, or the defaults.
fn effort(seeds: u64, events: usize) -> (u64, usize) {
    let seeds = std::env::var("MONKEY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(seeds);
    let events = std::env::var("MONKEY_EVENTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(events);
    (seeds, events)
}

/// A two-player game opened straight on its screen with these players (its default
/// parameters), as `parlor <game> --computer ...` does.
fn two_player_game(game: &'static GameEntry, players: Players) -> impl Fn(&Ctx) -> Box<dyn Screen> {
    move |ctx| (game.screens.play)(players.clone(), ctx).expect("a valid new game")
}

/// Lets the computer, moving first, make its first move before the monkey starts, so the game
/// has moves however slow the machine is (the limit only stops a computer that never answers;
/// nothing here measures speed).
fn wait_for_a_move(harness: &mut Harness) {
    for _ in 0..600 {
        if !harness.app().pending_autosaves().is_empty() {
            return;
        }
        harness.run_until(Duration::from_millis(50), |_| false);
    }
}

/// The menu phase: `seeds` seeds of `events` events from the menu. Returns the events sent.
fn from_the_menu(seeds: u64, events: usize, coverage: &mut Coverage) -> usize {
    (0..seeds)
        .map(|seed| run_seed(seed, events, coverage))
        .sum()
}

/// The computer phase: each two-player game with an engine (every one in the registry), with
/// a person against the computer and the computer against itself, `seeds` seeds of `events`
/// events each. Returns the events sent.
fn against_the_computer(seeds: u64, events: usize, coverage: &mut Coverage) -> usize {
    let mut covered = 0;
    let games = parlor::games::registry::GAMES;
    for &game in games.iter().filter(|g| g.two_player && g.has_engine) {
        let lineups = [
            Players::two(Player::person("Ann", "P1"), Player::computer(1)),
            Players::two(Player::computer(2), Player::computer(1)),
        ];
        for players in lineups {
            for seed in 0..seeds {
                let mut rng = SmallRng::seed_from_u64(seed);
                let computer_first = players.computer_level(Seat::First).is_some();
                let open = two_player_game(game, players.clone());
                covered += drive(
                    &format!("{} against the computer, seed {seed}", game.id),
                    &mut rng,
                    events,
                    |w, h| {
                        let mut harness = Harness::with_screen(w, h, &open);
                        if computer_first {
                            wait_for_a_move(&mut harness);
                        }
                        harness
                    },
                    coverage,
                );
            }
        }
    }
    covered
}

/// Both phases, then the coverage check: moves were made in every game (random clicks alone
/// seldom complete a Checkers move; the computer phase plays there), and every game open during
/// events had its rules checked.
#[test]
fn random_input_never_panics_and_games_stay_valid() {
    let (seeds, events) = effort(12, 1000);
    let mut coverage = Coverage::new();
    let menu = from_the_menu(seeds, events, &mut coverage);
    let computer = against_the_computer(seeds.div_ceil(6), events * 2 / 5, &mut coverage);
    let report = report(&coverage);
    println!(
        "monkey: {} events ({menu} from the menu over {seeds} seeds of {events}, {computer} against the computer); per game:\n{report}",
        menu + computer
    );
    assert_eq!(menu, seeds as usize * events);
    for game in parlor::games::registry::GAMES {
        // A shipped puzzle (a game under a menu group) takes one exact move sequence that
        // random input seldom finds (a checkers capture in a given position): there the
        // monkey must have had it open, with its rules checked.
        let covered = coverage.get(game.id).is_some_and(|c| {
            c.with_moves > 0 || (game.group.is_some() && c.events > 0 && c.checks > 0)
        });
        assert!(
            covered,
            "the monkey never made a move in {}:\n{report}",
            game.id
        );
    }
    for (game, count) in &coverage {
        assert!(
            count.events == 0 || count.checks > 0,
            "{game} was open during {} events but its rules were never checked:\n{report}",
            count.events
        );
    }
}
