//! Every registered game reaches every part of Parlor through its one registry line: the menu,
//! the command line, its help, its settings, saves and the invariant checks. This is the proof
//! of `docs/GAME-MODULES.md`'s recipe: a new game that is registered is covered here without a
//! line of this file changing.

#![cfg(feature = "tui")]

use crate::support;

use parlor::config::DEFAULT_CONFIG;
use parlor::games::registry::GAMES;
use parlor::testing::Harness;

/// The menu's items as the registry makes them: each game on its own, except the games of a
/// group, which share the group's one item (at the first of them), with their index inside it.
fn menu_place(index: usize) -> (usize, Option<usize>) {
    let mut items: Vec<Option<&str>> = Vec::new();
    for game in &GAMES[..=index] {
        match game.group {
            Some(group) if items.contains(&Some(group)) => {}
            group => items.push(group),
        }
    }
    let game = GAMES[index];
    let item = items.len() - 1;
    match game.group {
        None => (item, None),
        Some(group) => {
            let item = items.iter().position(|i| *i == Some(group)).unwrap_or(item);
            let inside = GAMES[..index]
                .iter()
                .filter(|g| g.group == Some(group))
                .count();
            (item, Some(inside))
        }
    }
}

#[test]
fn the_menu_lists_every_registered_game() {
    let mut harness = Harness::menu(100, 40);
    let screen = harness.draw();
    for game in GAMES {
        // A game of a group is listed on the group's screen; the menu shows the group.
        let shown = game.group.unwrap_or(game.title);
        assert!(
            screen.contains(shown),
            "{shown} is missing from the menu:\n{screen}"
        );
    }
}

#[test]
fn every_registered_game_is_a_subcommand_with_its_blurb() {
    for game in GAMES {
        let (out, _dir) = support::cli::parlor(&[game.id, "--help"], "");
        assert!(out.status.success(), "`parlor {} --help` failed", game.id);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains(game.blurb),
            "`parlor {} --help` does not describe the game:\n{text}",
            game.id
        );
        for alias in game.aliases {
            let (out, _dir) = support::cli::parlor(&[alias, "--help"], "");
            assert!(out.status.success(), "the alias {alias} is not accepted");
        }
    }
}

#[test]
fn every_registered_game_has_help_and_its_settings_are_documented() {
    for game in GAMES {
        assert!(
            game.help.starts_with("# "),
            "{}'s help does not start with a heading",
            game.id
        );
        assert!(
            DEFAULT_CONFIG.contains(game.settings),
            "{}'s settings are not in the shipped config.toml:\n{}",
            game.id,
            game.settings
        );
    }
    // Every per-game section of the shipped config belongs to a registered game.
    for line in DEFAULT_CONFIG.lines() {
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']'))
            && !["ui", "keys"].contains(&section)
        {
            assert!(
                GAMES
                    .iter()
                    .any(|g| g.id == section && !g.settings.is_empty()),
                "config.toml has a section [{section}] no registered game owns"
            );
        }
    }
}

#[test]
fn every_registered_game_starts_valid_and_its_invariant_check_sees_a_broken_state() {
    let harness = Harness::menu(100, 32);
    let ctx = harness.app().ctx();
    for game in GAMES {
        let mut screen =
            (game.screens.start)(ctx).unwrap_or_else(|e| panic!("{} starts: {e}", game.id));
        screen
            .check_invariants()
            .unwrap_or_else(|e| panic!("{}: a new game is invalid: {e}", game.id));
        assert!(
            screen.corrupt_for_tests(),
            "{}: there was nothing to corrupt",
            game.id
        );
        assert!(
            screen.check_invariants().is_err(),
            "{}: a corrupted game passed its invariant check",
            game.id
        );
    }
}

#[test]
fn every_registered_game_opens_from_the_menu_into_a_screen() {
    for (index, game) in GAMES.iter().enumerate() {
        let mut harness = Harness::menu(100, 32);
        harness.draw();
        let (item, inside) = menu_place(index);
        for _ in 0..item {
            harness.press("down");
        }
        harness.press("enter");
        if let Some(inside) = inside {
            harness.draw();
            for _ in 0..inside {
                harness.press("down");
            }
            harness.press("enter");
        }
        let screen = harness.draw();
        assert!(
            screen.contains(game.title),
            "the menu's entry {item} did not open {}:\n{screen}",
            game.title
        );
    }
}
