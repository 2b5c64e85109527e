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
//! has a long-run example). The report (`cargo test --test monkey -- --nocapture`) lists, per
//! game, the events during which it was open, those with moves made, and the invariant checks
//! made on it. The test fails if a game was never played in (the monkey is not reaching it) or
//! if a game was open during events but never checked (a screen that does not forward
//! `check_invariants`, as Slide's level wrapper once did).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

use std::collections::BTreeMap;
use std::time::Duration;

use parlor::core::Seat;
use parlor::core::{Player, Players};
use parlor::game_screen::{GameScreen, GameUi, ParamsOf};
use parlor::screen::{Ctx, Screen};
use parlor::testing::Harness;

const KEYS: &[KeyCode] = &[
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Enter,
    KeyCode::Char(' '),
    KeyCode::Esc,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Backspace,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
    KeyCode::Delete,
];

/// Characters with meaning somewhere (bindings, digits, Pentago's letters) and some without.
const CHARS: &str = "uurhhS?qdieRmx0123456789-[]lrawsdjkzZ\u{1b}é中";

fn random_event(rng: &mut SmallRng, width: u16, height: u16) -> Event {
    let key = |code: KeyCode, modifiers: KeyModifiers| {
        Event::Key(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    };
    let mouse = |kind: MouseEventKind, rng: &mut SmallRng| {
        Event::Mouse(MouseEvent {
            kind,
            column: rng.random_range(0..width.max(1) + 2),
            row: rng.random_range(0..height.max(1) + 2),
            modifiers: KeyModifiers::NONE,
        })
    };
    match rng.random_range(0..100) {
        0..30 => key(KEYS[rng.random_range(0..KEYS.len())], KeyModifiers::NONE),
        30..50 => {
            let chars: Vec<char> = CHARS.chars().collect();
            let c = chars[rng.random_range(0..chars.len())];
            key(
                KeyCode::Char(c),
                if c.is_ascii_uppercase() {
                    KeyModifiers::SHIFT
                } else {
                    KeyModifiers::NONE
                },
            )
        }
        50..53 => key(
            KeyCode::Char(['z', 'y', 'x'][rng.random_range(0..3)]),
            KeyModifiers::CONTROL,
        ),
        53..80 => mouse(MouseEventKind::Down(MouseButton::Left), rng),
        80..83 => mouse(MouseEventKind::Down(MouseButton::Right), rng),
        83..90 => mouse(MouseEventKind::Moved, rng),
        90..94 => mouse(
            if rng.random_bool(0.5) {
                MouseEventKind::ScrollUp
            } else {
                MouseEventKind::ScrollDown
            },
            rng,
        ),
        // Rare, as for a person: each one ends the whole app.
        94 => key(KeyCode::Char('c'), KeyModifiers::CONTROL),
        _ => {
            let sizes = [
                (1, 1),
                (2, 2),
                (10, 3),
                (40, 12),
                (60, 20),
                (80, 24),
                (100, 30),
                (120, 40),
                (200, 60),
                (500, 200),
            ];
            let (w, h) = sizes[rng.random_range(0..sizes.len())];
            Event::Resize(w, h)
        }
    }
}

/// What the monkey did in one game.
#[derive(Debug, Default)]
struct GameCount {
    /// Events after which the game was open (it had moves, or its rules were checked).
    events: usize,
    /// Events after which the game was open with moves made (its autosave exists).
    with_moves: usize,
    /// Invariant checks of the game's rules.
    checks: usize,
}

/// Per game id.
type Coverage = BTreeMap<String, GameCount>;

/// Counts, after one event, the games open in the app: those with moves made (what stopping
/// now would save) and those whose rules `checked` names. Both witnesses are counted as an
/// event so that a game the checks miss still shows up.
fn note_games(harness: &Harness, checked: &[&'static str], coverage: &mut Coverage) {
    let mut open: Vec<String> = checked.iter().map(|id| (*id).to_string()).collect();
    for save in harness.app().pending_autosaves() {
        coverage.entry(save.game.clone()).or_default().with_moves += 1;
        open.push(save.game);
    }
    open.sort();
    open.dedup();
    for game in open {
        coverage.entry(game).or_default().events += 1;
    }
    for id in checked {
        coverage.entry((*id).to_string()).or_default().checks += 1;
    }
}

/// The report: one line per game.
fn report(coverage: &Coverage) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for (game, c) in coverage {
        let _ = writeln!(
            text,
            "  {game}: {} events open ({} with moves made), {} invariant checks",
            c.events, c.with_moves, c.checks
        );
    }
    text
}

/// Drives `harness` with `events` random events from `rng`; `restart` opens a new app when the
/// monkey has quit the old one. Panics on the first invalid state.
fn drive(
    label: &str,
    rng: &mut SmallRng,
    events: usize,
    mut restart: impl FnMut(u16, u16) -> Harness,
    coverage: &mut Coverage,
) -> usize {
    let mut harness = restart(100, 30);
    let (mut width, mut height) = (100u16, 30u16);
    let mut covered = 0;
    for step in 0..events {
        if !harness.app().is_running() {
            harness = restart(width, height);
        }
        let event = random_event(rng, width, height);
        if let Event::Resize(w, h) = event {
            (width, height) = (w, h);
            harness.resize(w, h);
        } else {
            harness.send_raw(&event);
        }
        harness.tick_now();
        harness.draw();
        covered += 1;
        match harness.app().check_invariants() {
            Ok(checked) => note_games(&harness, &checked, coverage),
            Err(problem) => panic!(
                "{label}, event {step} ({event:?}): {problem}\n{}",
                harness.text()
            ),
        }
    }
    covered
}

/// Opens a game from the menu the way a person would: a click on its title, then the new-game
/// dialog's Start button with the defaults, or the first level. Skipped when the title is not on
/// screen (a tiny terminal): the monkey then finds its own way.
fn open_from_menu(harness: &mut Harness, title: &str) {
    let Some((x, y)) = harness.find(title) else {
        return;
    };
    harness.click(x, y);
    let text = harness.draw();
    if text.contains("New game of") {
        if let Some((x, y)) = harness.find("Start") {
            harness.click(x, y);
        }
    } else if text.contains("levels") {
        harness.press("enter");
    }
}

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
            open_from_menu(&mut harness, games[next % games.len()].title);
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

/// A new game of `G` with its default parameters, as a screen.
fn new_game<U: GameUi>(players: Players, ctx: &Ctx) -> Box<dyn Screen>
where
    ParamsOf<U>: Default,
{
    Box::new(
        GameScreen::<U>::new(ParamsOf::<U>::default(), players, ctx).expect("a valid new game"),
    )
}

/// A two-player game opened straight on its screen with these players, as `parlor <game>
/// --computer ...` does.
fn two_player_game(game: &str, players: Players) -> impl Fn(&Ctx) -> Box<dyn Screen> {
    use parlor::games::{checkers, connect4, pentago, reversi};
    let open: fn(Players, &Ctx) -> Box<dyn Screen> = match game {
        "connect4" => new_game::<connect4::ui::ConnectFourUi>,
        "reversi" => new_game::<reversi::ui::ReversiUi>,
        "checkers" => new_game::<checkers::ui::CheckersUi>,
        "pentago" => new_game::<pentago::ui::PentagoUi>,
        other => panic!("not a two-player game: {other}"),
    };
    move |ctx| open(players.clone(), ctx)
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

/// The computer phase: each two-player game with a person against the computer and the
/// computer against itself, `seeds` seeds of `events` events each. Returns the events sent.
fn against_the_computer(seeds: u64, events: usize, coverage: &mut Coverage) -> usize {
    let mut covered = 0;
    for game in ["connect4", "reversi", "checkers", "pentago"] {
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
                    &format!("{game} against the computer, seed {seed}"),
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
        assert!(
            coverage.get(game.id).is_some_and(|c| c.with_moves > 0),
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
