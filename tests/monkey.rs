//! The monkey test: long random sequences of key presses, clicks, wheel turns, hovers and
//! resizes (down to 1×1 and up to 500×200) through the real app, from the menu into every
//! screen. Nothing may panic, and after every event every open game must agree with its rules
//! (history replays, generated moves are legal, a save loads back to the same position).
//!
//! `MONKEY_SEEDS` and `MONKEY_EVENTS` raise the default effort; the number of events covered is
//! printed.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

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
const CHARS: &str = "uurhhS?qqdieRmx0123456789-[]lrawsdjkzZ\u{1b}é中";

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
        94..96 => key(KeyCode::Char('c'), KeyModifiers::CONTROL),
        _ => {
            let sizes = [
                (1, 1),
                (2, 2),
                (10, 3),
                (40, 12),
                (80, 24),
                (100, 30),
                (120, 40),
                (500, 200),
            ];
            let (w, h) = sizes[rng.random_range(0..sizes.len())];
            Event::Resize(w, h)
        }
    }
}

fn run_seed(seed: u64, events: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut harness = Harness::menu(100, 30);
    let (mut width, mut height) = (100u16, 30u16);
    let mut covered = 0;
    for step in 0..events {
        if !harness.app().is_running() {
            harness = Harness::menu(width, height);
        }
        let event = random_event(&mut rng, width, height);
        if let Event::Resize(w, h) = event {
            (width, height) = (w, h);
            harness.resize(w, h);
        } else {
            harness.send_raw(&event);
        }
        harness.tick_now();
        harness.draw();
        covered += 1;
        if let Err(problem) = harness.app().check_invariants() {
            panic!(
                "seed {seed}, event {step} ({event:?}): {problem}\n{}",
                harness.text()
            );
        }
    }
    covered
}

#[test]
fn random_input_never_panics_and_games_stay_valid() {
    let seeds: u64 = std::env::var("MONKEY_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let events: usize = std::env::var("MONKEY_EVENTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let covered: usize = (0..seeds).map(|seed| run_seed(seed, events)).sum();
    println!("monkey: {covered} events over {seeds} seeds");
    assert_eq!(covered, seeds as usize * events);
}
