//! Motion, frame by frame on `TestBackend` with a fake clock: Connect Four's token falls,
//! Reversi's discs turn ring by ring from the placed one, a Checkers jump steps on with the
//! taken men fading, a Pentago quadrant turns through a half turn. A key ends a motion at once,
//! `[ui] speed = "off"` has none, and once a motion is over nothing is due (the app blocks on
//! input and uses no CPU). Frames are paced: input already waiting (a paste) is worked through
//! without a frame per key.

#![cfg(feature = "tui")]

use std::sync::Arc;
use std::time::{Duration, Instant};

use parlor::clock::{Clock, ManualClock};
use parlor::testing::FROZEN_NOW;

use parlor::core::{Player, Players};
use parlor::game_screen::GameScreen;
use parlor::testing::Harness;
use ratatui::style::Modifier;

/// Squares named as the seed does (`x,y` from the lower left), as the screen tests do.
const ORIGINAL: &str = "[ui]\ncoordinates = \"original\"\n";

/// The screen cell of square `(x, y)` of an 8×8 board drawn in the 4×2 tier, found from the
/// frame's top left corner.
fn square(h: &mut Harness, x: u16, y: u16) -> (u16, u16) {
    let (left, top) = h.find("┌───┬───┬").expect("the board's frame on screen");
    (left + 2 + 4 * x, top + 1 + 2 * (7 - y))
}

fn glyph(h: &Harness, (x, y): (u16, u16)) -> String {
    h.cell(x, y).symbol().to_string()
}

/// Steps a motion of `count` pictures started by the last input: the first tick starts the
/// clock, each later one comes `each` after the previous, the last one ends the motion.
/// Returns the screens drawn, the first being what the input itself left (before any tick).
fn frames(h: &mut Harness, each: Duration, count: u32) -> Vec<String> {
    let mut shots = vec![h.text()];
    let t0 = Instant::now();
    h.tick_at(t0);
    for k in 1..=count {
        shots.push(h.tick_at(t0 + each * k));
    }
    shots
}

/// The screens joined for one snapshot, each under its picture number.
fn film(shots: &[String]) -> String {
    let mut out = String::new();
    for (i, shot) in shots.iter().enumerate() {
        out.push_str("--- picture ");
        out.push_str(&i.to_string());
        out.push_str(" ---\n");
        out.push_str(shot);
    }
    out
}

fn two_person_connect4(config: &str) -> Harness {
    let mut h = Harness::with_config(80, 24, config);
    h.start_two_player("Connect Four", "Alice", "Bob");
    h
}

/// The screen rows (top first) where board column `column` (1-based) shows a token, in
/// whatever tier the board is drawn: the column is found from its label under the board.
fn token_rows(h: &mut Harness, column: u16) -> Vec<u16> {
    let text = h.draw();
    let (labels, line) = text
        .lines()
        .enumerate()
        .find(|(_, line)| {
            let words: Vec<&str> = line.split_whitespace().take(7).collect();
            words == ["1", "2", "3", "4", "5", "6", "7"]
        })
        .expect("column labels on screen");
    let label = char::from_digit(u32::from(column), 10).expect("a digit");
    let x = line.chars().position(|c| c == label).expect("the label");
    let x = u16::try_from(x).expect("on screen");
    let labels = u16::try_from(labels).expect("on screen");
    (0..labels)
        .filter(|&y| matches!(h.cell(x, y).symbol(), "●" | "○"))
        .collect()
}

#[test]
fn a_connect_four_token_falls_row_by_row() {
    let mut h = two_person_connect4("");
    h.keep_motion();
    h.press("enter");
    // Five pictures on the way down (rows 6 to 2), then the token at the bottom.
    let shots = frames(&mut h, Duration::from_millis(50), 5);
    insta::assert_snapshot!("connect4_fall", film(&shots));
    assert_eq!(
        h.app().deadline(),
        None,
        "nothing is due once it has landed"
    );
    h.assert_shows("1. x 4");
}

#[test]
fn each_picture_of_the_fall_is_a_row_lower() {
    let mut h = two_person_connect4("");
    h.keep_motion();
    h.press("enter");
    let mut seen = vec![token_rows(&mut h, 4)];
    let t0 = Instant::now();
    h.tick_at(t0);
    for k in 1..=4 {
        h.tick_at(t0 + Duration::from_millis(50) * k);
        seen.push(token_rows(&mut h, 4));
    }
    let steps: Vec<u16> = seen
        .windows(2)
        .map(|pair| pair[1][0] - pair[0][0])
        .collect();
    assert!(
        steps[0] > 0 && steps.iter().all(|&step| step == steps[0]),
        "one board row lower a picture: {seen:?}"
    );
}

#[test]
fn a_key_ends_the_motion_at_once_and_does_its_own_work() {
    let mut h = two_person_connect4("");
    h.keep_motion();
    h.press("enter");
    assert!(h.app().deadline().is_some(), "the token is falling");
    let top = token_rows(&mut h, 4);
    h.press("right");
    assert_eq!(h.app().deadline(), None, "{}", h.text());
    let landed = token_rows(&mut h, 4);
    assert!(
        landed[0] > top[0],
        "the token is at the bottom: {top:?} {landed:?}"
    );
    // The key still moved the cursor: Bob's drop goes into column 5, one token as tall as
    // Alice's in column 4 (a token fills its cell's rows).
    h.press("enter");
    h.press("right");
    let alices = token_rows(&mut h, 4);
    let bobs = token_rows(&mut h, 5);
    assert!(!alices.is_empty(), "{}", h.text());
    assert_eq!(bobs, alices, "{}", h.text());
}

#[test]
fn a_click_ends_the_motion_too() {
    let mut h = two_person_connect4("");
    h.keep_motion();
    h.press("enter");
    assert!(h.app().deadline().is_some());
    let (x, y) = h.find("Alice").expect("a name on screen");
    h.click(x, y);
    assert_eq!(h.app().deadline(), None, "{}", h.text());
}

#[test]
fn speed_off_shows_every_move_at_once() {
    let mut h = two_person_connect4("[ui]\nspeed = \"off\"\n");
    h.keep_motion();
    h.press("enter");
    assert_eq!(h.app().deadline(), None, "no motion is due");
    let rows = token_rows(&mut h, 4);
    h.press("u");
    h.press("r");
    assert_eq!(
        token_rows(&mut h, 4),
        rows,
        "already at the bottom:\n{}",
        h.text()
    );
}

#[test]
fn reversi_discs_turn_ring_by_ring_from_the_placed_one() {
    use parlor::games::reversi::game::{Params, StartPosition};
    use parlor::games::reversi::rules::Disc;
    use parlor::games::reversi::ui::ReversiUi;
    // Black plays 7,0 and turns the five white discs to its left, nearest first.
    let rows = [
        "........", "........", "........", "...OX...", "...XO...", "........", "........",
        ".XOOOOO.",
    ];
    let mut h = Harness::with_screen_and_config(100, 30, ORIGINAL, move |ctx| {
        let params = Params {
            start: Some(StartPosition {
                rows: rows.iter().map(ToString::to_string).collect(),
                to_move: Disc::Black,
            }),
        };
        let players = Players::two(
            Player::person("Alice", "Black"),
            Player::person("Bob", "White"),
        );
        Box::new(GameScreen::<ReversiUi>::new(params, players, ctx).expect("valid position"))
    });
    h.keep_motion();
    let target = square(&mut h, 7, 0);
    h.click(target.0, target.1);
    let cells: Vec<(u16, u16)> = (2..=6).map(|x| square(&mut h, x, 0)).collect();
    let mut turned = Vec::new();
    let t0 = Instant::now();
    for k in 0..=5u32 {
        if k > 0 {
            h.tick_at(t0 + Duration::from_millis(70) * (k - 1));
        }
        turned.push(
            cells
                .iter()
                .rev()
                .map(|&cell| if glyph(&h, cell) == "●" { 'b' } else { 'w' })
                .collect::<String>(),
        );
    }
    h.tick_at(t0 + Duration::from_millis(70) * 5);
    turned.push(
        cells
            .iter()
            .rev()
            .map(|&cell| if glyph(&h, cell) == "●" { 'b' } else { 'w' })
            .collect::<String>(),
    );
    // Nearest to the placed disc first: before the first tick and at it nothing has turned,
    // then one more disc a picture.
    assert_eq!(
        turned,
        [
            "wwwww", "wwwww", "bwwww", "bbwww", "bbbww", "bbbbw", "bbbbb"
        ],
        "{}",
        h.text()
    );
    assert_eq!(h.app().deadline(), None);
    // Undo and redo show positions at once: only a move being played is in motion.
    h.press("u");
    h.press("r");
    assert_eq!(h.app().deadline(), None);
    h.assert_shows("● Black  9");
}

#[test]
fn reversi_film() {
    let mut h = Harness::with_config(80, 24, ORIGINAL);
    h.start_two_player("Reversi", "Alice", "Bob");
    h.keep_motion();
    h.press("enter");
    // One ring: the placed disc, then the turned one.
    let shots = frames(&mut h, Duration::from_millis(70), 1);
    assert_eq!(h.app().deadline(), None);
    insta::assert_snapshot!("reversi_turn", film(&shots));
}

/// Six moves after which black may take two white pieces in one jump: 5,5x3,3x1,1.
const TO_DOUBLE_JUMP: &[&[(u16, u16)]] = &[
    &[(1, 5), (2, 4)],
    &[(2, 2), (3, 3)],
    &[(0, 6), (1, 5)],
    &[(1, 1), (2, 2)],
    &[(7, 5), (6, 4)],
    &[(3, 3), (4, 4)],
];

fn click_square(h: &mut Harness, x: u16, y: u16) {
    let (cx, cy) = square(h, x, y);
    h.click(cx, cy);
}

#[test]
fn a_checkers_jump_ends_with_the_taken_men_fading() {
    let mut h = Harness::with_config(100, 28, ORIGINAL);
    h.start_two_player("Checkers", "Alice", "Bob");
    for path in TO_DOUBLE_JUMP {
        for &(x, y) in *path {
            click_square(&mut h, x, y);
        }
    }
    h.keep_motion();
    click_square(&mut h, 5, 5);
    click_square(&mut h, 3, 3);
    click_square(&mut h, 1, 1);
    // The player saw the first landing while choosing it: the motion shows the last step,
    // with both men it took still there, faint.
    let faint = |h: &mut Harness, x, y| {
        let cell = square(h, x, y);
        (
            glyph(h, cell),
            h.cell(cell.0, cell.1).modifier.contains(Modifier::DIM),
        )
    };
    assert_eq!(faint(&mut h, 1, 1).0, "●", "{}", h.text());
    assert_eq!(faint(&mut h, 4, 4), ("○".to_string(), true), "{}", h.text());
    assert_eq!(faint(&mut h, 2, 2), ("○".to_string(), true), "{}", h.text());
    let shots = frames(&mut h, Duration::from_millis(160), 1);
    assert_eq!(h.app().deadline(), None);
    insta::assert_snapshot!("checkers_jump_end", film(&shots));
    assert_eq!(faint(&mut h, 4, 4).0, " ");
    assert_eq!(faint(&mut h, 2, 2).0, " ");
}

/// Board cells drawn faint with a piece on them (men a jump in motion has taken).
fn faint_pieces(h: &Harness) -> usize {
    let area = h.app().ctx().area;
    (area.top()..area.bottom())
        .flat_map(|y| (area.left()..area.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let cell = h.cell(x, y);
            matches!(cell.symbol(), "●" | "○") && cell.modifier.contains(Modifier::DIM)
        })
        .count()
}

#[test]
fn checkers_jumps_against_the_computer_step_and_fade() {
    use parlor::games::checkers::game::Params;
    use parlor::games::checkers::ui::CheckersUi;
    let mut h = Harness::with_screen_and_config(100, 28, ORIGINAL, |ctx| {
        let players = Players::two(Player::person("Alice", "P1"), Player::computer(1));
        Box::new(GameScreen::<CheckersUi>::new(Params::default(), players, ctx).expect("valid"))
    });
    click_square(&mut h, 1, 5);
    click_square(&mut h, 2, 4);
    // The Beginner (seeded, so the same on every run) offers a man.
    h.wait_for("2. white 4,2-3,3");
    h.keep_motion();
    click_square(&mut h, 2, 4);
    click_square(&mut h, 4, 2);
    // Alice's jump: one picture, the man she took still there, faint.
    assert_eq!(faint_pieces(&h), 1, "{}", h.text());
    frames(&mut h, Duration::from_millis(160), 1);
    assert_eq!(faint_pieces(&h), 0);
    // The computer must take back: its jump is shown from its start square on.
    let answered = h.run_until(Duration::from_secs(60), |screen| {
        screen.contains("4. white ")
    });
    assert!(answered, "{}", h.text());
    assert!(
        h.text().contains("4. white 3,1x5,3") || h.text().contains("4. white 5,1x3,3"),
        "{}",
        h.text()
    );
    assert_eq!(faint_pieces(&h), 1, "{}", h.text());
    let shots = frames(&mut h, Duration::from_millis(160), 1);
    insta::assert_snapshot!("checkers_computer_jump", film(&shots));
    assert_eq!(faint_pieces(&h), 0);
}

#[test]
fn a_pentago_quadrant_turns_through_a_half_turn() {
    let mut h = Harness::command_line(80, 24, &["pentago", "--computer", "first", "--level", "1"]);
    h.keep_motion();
    let moved = h.run_until(Duration::from_secs(60), |screen| screen.contains("1. "));
    assert!(moved, "{}", h.text());
    // Placed, half turned, turned.
    let shots = frames(&mut h, Duration::from_millis(130), 2);
    insta::assert_snapshot!("pentago_turn", film(&shots));
    assert_ne!(shots[0], shots[1]);
    assert_ne!(shots[1], shots[2]);
    assert_eq!(h.app().deadline(), None);
}

#[test]
fn a_pentago_move_the_player_previewed_is_shown_at_once() {
    let mut h = Harness::with_config(80, 24, "");
    h.start_two_player("Pentago", "Alice", "Bob");
    h.keep_motion();
    // Place at the cursor, choose quadrant 1, turn it right, confirm.
    h.press_all(&["enter", "1", "]", "enter"]);
    h.assert_shows("1. ");
    assert_eq!(h.app().deadline(), None, "{}", h.text());
}

/// The app's next deadline, checked to be measured on `clock` (due within `within` of its
/// time): a deadline set from the system's clock instead falls an hour early.
fn due_on(h: &Harness, clock: &ManualClock, within: Duration) -> Instant {
    let due = h.app().deadline().expect("something is due");
    let now = clock.instant();
    assert!(
        due + Duration::from_millis(1) >= now && due <= now + within,
        "a deadline {:?} from the app's clock: not set on it",
        due.checked_duration_since(now)
            .map_or_else(|| format!("-{:?}", now - due), |ahead| format!("{ahead:?}"))
    );
    due
}

/// One clock: every deadline the game screen sets (a move's motion, Slide's trail, the
/// computer's pause, polling its search) is set on the clock the app was given, which tests
/// can stop and move; the game goes on when that clock moves, whatever the system's says.
#[test]
fn every_deadline_is_set_on_the_apps_own_clock() {
    let clock = Arc::new(ManualClock::at_seconds(FROZEN_NOW));
    // Slide's trail after a slide.
    let mut h =
        Harness::command_line_with_clock(100, 30, &["slide", "--level", "1"], clock.clone());
    h.keep_motion();
    // The O at 4,9: under the x number 4, beside the y number 9, whatever the cells' size.
    let text = h.draw();
    let numbers = text
        .lines()
        .find(|line| line.trim_start().starts_with("0 ") && !line.contains('·'))
        .expect("x numbers under the board");
    let x4 = numbers
        .chars()
        .position(|c| c == '4')
        .expect("the x number 4") as u16;
    let (_, y9) = h.find("9  ").expect("y numbers beside the board");
    h.click(x4, y9);
    h.press("down");
    h.assert_shows("1. O 4,9 down");
    due_on(&h, &clock, Duration::from_secs(1));
    // The trail goes when the app's clock has moved past it, and only then.
    h.tick_at(clock.instant());
    clock.advance(Duration::from_secs(1));
    h.tick_at(clock.instant());
    assert_eq!(
        h.app().deadline(),
        None,
        "the trail is over on the app's clock"
    );

    // Connect Four against the computer: the person's token falls, the computer pauses, then
    // searches on the pool while the screen polls it.
    let mut h = Harness::command_line_with_clock(
        80,
        24,
        &["connect4", "--computer", "second", "--level", "1"],
        clock.clone(),
    );
    h.keep_motion();
    h.press("enter");
    due_on(&h, &clock, Duration::from_secs(1));
    let real_limit = Instant::now() + Duration::from_secs(60);
    let moved = loop {
        clock.advance(Duration::from_millis(50));
        let screen = h.tick_at(clock.instant());
        if screen.contains("2. ") {
            break true;
        }
        if Instant::now() > real_limit {
            break false;
        }
        due_on(&h, &clock, Duration::from_secs(1));
        std::thread::yield_now();
    };
    assert!(moved, "the computer answered as the app's clock moved on");
}

/// A paste of `keys` through the app's own event loop: every event is already waiting when the
/// loop asks, and each one moves `clock` on by `step` (the time the rules took).
struct Paste {
    events: std::collections::VecDeque<ratatui::crossterm::event::Event>,
    clock: Arc<ManualClock>,
    step: Duration,
}

impl Paste {
    fn of(keys: &[&str], clock: &Arc<ManualClock>, step: Duration) -> Self {
        Self {
            events: keys
                .iter()
                .copied()
                .map(parlor::testing::key_press)
                .collect(),
            clock: clock.clone(),
            step,
        }
    }
}

impl parlor::app::events::EventSource for Paste {
    fn next(
        &mut self,
        _timeout: Option<Duration>,
    ) -> std::io::Result<Option<ratatui::crossterm::event::Event>> {
        self.clock.advance(self.step);
        Ok(self.events.pop_front())
    }

    fn closed(&self) -> bool {
        self.events.is_empty()
    }

    fn pending(&mut self) -> std::io::Result<bool> {
        Ok(!self.events.is_empty())
    }
}

/// 2 000 keys pasted into Connect Four (column 4 six times, then refusals) and a last key in
/// column 1: all are played, in order, with a frame at the start and one when the input
/// stops, plus one every 50 ms of the app's clock while it lasts; never one per key (a
/// 100 000-key paste took 80 s of drawing in a debug build).
#[test]
fn a_paste_is_worked_through_with_frames_paced_by_the_clock() {
    let mut keys = vec!["4"; 2000];
    keys.push("1");
    for (step, expected) in [
        // The clock stands still: no frame falls due while keys wait.
        (Duration::ZERO, 2..=2),
        // 10 ms a key: 20 s of pasting, a frame every 50 ms (about 400).
        (Duration::from_millis(10), 395..=410),
    ] {
        let clock = Arc::new(ManualClock::at_seconds(FROZEN_NOW));
        let mut h =
            Harness::command_line_with_clock(100, 30, &["connect4", "Ann", "Ben"], clock.clone());
        let before = h.frames_drawn();
        let mut paste = Paste::of(&keys, &clock, step);
        h.run_events(&mut paste).expect("the loop runs");
        let frames = h.frames_drawn() - before;
        assert!(
            expected.contains(&frames),
            "{frames} frames for {} keys, {step:?} each",
            keys.len()
        );
        let text = h.draw();
        assert!(text.contains("6. o 4") && text.contains("7. x 1"), "{text}");
        assert!(!text.contains("8."), "{text}");
    }
}
