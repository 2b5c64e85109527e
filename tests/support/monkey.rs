//! The monkey's hands: random key presses, clicks, wheel turns, hovers and resizes through
//! the real app, checking every open game against its rules after each event. Shared by the
//! monkey test (Parlor's games) and the toy game's test (a game added by a test).

use std::collections::BTreeMap;

use rand::RngExt;
use rand::rngs::SmallRng;
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
const CHARS: &str = "uurhhS?qdieRmx0123456789-[]lrawsdjkzZ\u{1b}é中";

pub fn random_event(rng: &mut SmallRng, width: u16, height: u16) -> Event {
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
pub struct GameCount {
    /// Events after which the game was open (it had moves, or its rules were checked).
    pub events: usize,
    /// Events after which the game was open with moves made (its autosave exists).
    pub with_moves: usize,
    /// Invariant checks of the game's rules.
    pub checks: usize,
}

/// Per game id.
pub type Coverage = BTreeMap<String, GameCount>;

/// Counts, after one event, the games open in the app: those with moves made (what stopping
/// now would save) and those whose rules `checked` names. Both witnesses are counted as an
/// event so that a game the checks miss still shows up.
pub fn note_games(harness: &Harness, checked: &[&'static str], coverage: &mut Coverage) {
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
pub fn report(coverage: &Coverage) -> String {
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
pub fn drive(
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
pub fn open_from_menu(harness: &mut Harness, game: &parlor::games::game_entry::GameEntry) {
    // A game listed under a group ("Position puzzles") is one click further.
    if let Some(group) = game.group
        && let Some((x, y)) = harness.find(group)
    {
        harness.click(x, y);
    }
    let Some((x, y)) = harness.find(game.title) else {
        return;
    };
    harness.click(x, y);
    let text = harness.draw();
    if text.contains("New game of") {
        if let Some((x, y)) = harness.find("Start") {
            harness.click(x, y);
        }
    } else if text.contains("levels") || game.group.is_some() {
        // A list of levels or of shipped puzzles: the first one.
        harness.press("enter");
    }
}
