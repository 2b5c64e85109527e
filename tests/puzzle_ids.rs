//! Puzzle IDs from the outside: every puzzle of the registry shows one and opens from it (the
//! menu's "Enter a puzzle ID", the puzzle's own `--id`, plain mode), typos are refused with a
//! sentence, and IDs round-trip.

use crate::support;

use parlor::core::{Game, PuzzleId};
use parlor::games::magic_square::game::MagicSquareGame;
use parlor::games::magic_square::rules::Params as MagicParams;
use parlor::games::open_id;
use parlor::games::registry::GAMES;
use parlor::testing::Harness;
use proptest::prelude::*;

/// The ID shown at the right of a puzzle's title row.
fn shown_id(screen: &str) -> Option<String> {
    let first = screen.lines().next()?;
    let at = first.find(" ID ")?;
    Some(first[at + 4..].trim().to_string())
}

#[test]
fn every_puzzle_with_ids_shows_one_that_opens_the_same_puzzle() {
    let mut codes = Vec::new();
    for game in GAMES.iter().filter(|g| !g.id_code.is_empty()) {
        codes.push(game.id_code);
        let mut h = Harness::with_screen(100, 32, |ctx| (game.screens.start)(ctx).expect("starts"));
        let screen = h.draw();
        let id = shown_id(&screen).unwrap_or_else(|| panic!("{} shows no ID:\n{screen}", game.id));
        let mut again = Harness::with_screen(100, 32, |ctx| {
            open_id::open(&id, ctx).unwrap_or_else(|e| panic!("{id}: {e}"))
        });
        assert_eq!(again.draw(), screen, "{id} opens another puzzle");
    }
    // Every puzzle of the arcade has IDs, and no two share a code.
    assert!(codes.len() >= 7, "{codes:?}");
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "{codes:?}");
}

#[test]
fn the_menu_opens_an_id_and_keeps_a_mistyped_one_to_correct() {
    let mut h = Harness::menu(80, 24);
    h.click_text("Enter a puzzle ID");
    h.assert_shows("ID:");
    h.type_text("magic-1-4-n9-tx");
    h.press("enter");
    let screen = h.draw();
    assert!(screen.contains("check characters do not match"), "{screen}");
    assert!(
        screen.contains("magic-1-4-n9-tx"),
        "the text stays to be corrected:\n{screen}"
    );
    h.press("backspace");
    h.type_text("w");
    h.press("enter");
    let screen = h.draw();
    assert!(
        screen.contains("Magic Square") && screen.contains("4×4 from -9"),
        "{screen}"
    );
    assert!(screen.contains("ID magic-1-4-n9-tw"), "{screen}");
}

#[test]
fn unknown_codes_and_shapes_are_said_in_words() {
    let h = Harness::menu(80, 24);
    let ctx = h.app().ctx();
    let err = |text: &str| {
        open_id::open(text, ctx)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(err("chess-s4"), "no puzzle has IDs starting with \"chess\"");
    assert!(
        err("slide").contains("is not a puzzle ID"),
        "{}",
        err("slide")
    );
    assert!(
        err("magic-2-3-1-xx").contains("check"),
        "{}",
        err("magic-2-3-1-xx")
    );
    let newer = PuzzleId::descriptive("magic", 2, vec!["3".into(), "1".into()]).to_string();
    assert!(err(&newer).contains("format 2"), "{}", err(&newer));
    let bad_side = PuzzleId::descriptive("magic", 1, vec!["10".into(), "1".into()]).to_string();
    assert!(err(&bad_side).contains("board side"), "{}", err(&bad_side));
}

#[test]
fn the_command_line_takes_ids_and_refuses_typos_as_usage_errors() {
    let (out, _dir) =
        support::cli::parlor(&["magic-square", "--id", "magic-1-3-n9-2r", "--plain"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("check characters do not match"), "{err}");
    let (out, _dir) = support::cli::parlor(&["slide", "--id", "magic-1-3-n9-2q"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a Slide ID"));
    // Plain mode plays the puzzle the ID names.
    let (out, _dir) = support::cli::parlor(
        &["magic-square", "--id", "magic-1-3-n9-2q", "--plain"],
        "quit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("-9"), "{text}");
    let (out, _dir) = support::cli::parlor(
        &["nine-almonds", "--id", "almonds-1-6m", "--plain"],
        "quit\n",
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("enter the piece"));
}

#[test]
fn a_seeded_slide_level_has_its_short_id() {
    let mut h = Harness::command_line(100, 30, &["slide", "--seed", "42", "--difficulty", "easy"]);
    let screen = h.draw();
    assert_eq!(
        shown_id(&screen).as_deref(),
        Some("slide-s42-easy"),
        "{screen}"
    );
    let mut h = Harness::command_line(100, 30, &["slide", "--id", "slide-s42-easy"]);
    assert_eq!(h.draw(), screen);
}

proptest! {
    #[test]
    fn magic_square_ids_round_trip(size in 1u8..=9, min in -1_000_000i64..1_000_000) {
        let params = MagicParams { size, min };
        let id = MagicSquareGame::puzzle_id(&params).expect("an ID").to_string();
        let read: PuzzleId = id.parse().expect("reads");
        prop_assert_eq!(MagicSquareGame::from_puzzle_id(&read), Ok(params));
    }
}
