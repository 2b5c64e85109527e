//! The manual page: `doc/parlor.1` is exactly what `parlor man` prints (regenerate it with
//! `cargo run -- man > doc/parlor.1`, or `PARLOR_UPDATE_MAN=1 cargo test --test all man_page::`), it
//! has every subcommand with its own options, and `parlor --help` / `parlor help GAME` say the
//! same things, from the same clap definitions.

use clap::Command;

use crate::support;
use support::cli::parlor;

fn man_page() -> String {
    parlor::cli::man_page()
}

#[test]
fn the_committed_page_is_what_parlor_man_prints() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("doc/parlor.1");
    if std::env::var_os("PARLOR_UPDATE_MAN").is_some() {
        std::fs::write(&path, man_page()).expect("doc/parlor.1 written");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == man_page(),
        "doc/parlor.1 is out of date: regenerate it with `cargo run -- man > doc/parlor.1`"
    );
    let (out, _) = parlor(&["man"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), committed);
}

/// Every subcommand below `cmd` (the whole grammar, built so each knows its full name), but
/// not the `help` subcommand clap adds.
fn every_subcommand(cmd: &Command, into: &mut Vec<Command>) {
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        into.push(sub.clone());
        every_subcommand(sub, into);
    }
}

/// Text as roff writes it: dashes and apostrophes escaped.
fn roff_text(text: &str) -> String {
    text.replace('-', "\\-").replace('\'', "\\*(Aq")
}

/// The page's text of one subcommand: from its `.SS` line to the next.
fn entry<'a>(page: &'a str, name: &str) -> Option<&'a str> {
    let start = page.find(&format!(".SS \"{name}\"\n"))?;
    let rest = &page[start + 1..];
    Some(&rest[..rest.find("\n.S").unwrap_or(rest.len())])
}

#[test]
fn every_subcommand_is_on_the_page_with_its_own_options() {
    let page = man_page();
    let mut cmd = parlor::cli::command();
    cmd.build();
    let mut subs = Vec::new();
    every_subcommand(&cmd, &mut subs);
    assert!(subs.len() > 20, "games, commands and their games");
    for sub in &subs {
        let name = sub.get_bin_name().expect("built");
        let text = entry(&page, name).unwrap_or_else(|| panic!("no entry for {name}"));
        // The page gives the long description where there is one, as `--help` does.
        let about = sub
            .get_long_about()
            .or_else(|| sub.get_about())
            .expect("every subcommand says what it does");
        let about = roff_text(&about.to_string());
        assert!(text.contains(&about), "{name}: {about}\n{text}");
        for arg in sub.get_arguments() {
            let id = arg.get_id().as_str();
            if id == "help" || cmd.get_arguments().any(|a| a.get_id() == id) {
                continue;
            }
            // An option by its long name, an argument by its name in italics.
            let shown = arg.get_long().map_or_else(
                || format!("\\fi{id}\\fr"),
                |long| roff_text(&format!("--{long}")),
            );
            assert!(
                text.to_lowercase().contains(&shown.to_lowercase()),
                "{name}: {shown} missing\n{text}"
            );
        }
    }
    for global in ["load", "plain", "config", "data\\-dir"] {
        assert!(page.contains(&format!("\\-\\-{global}")), "--{global}");
    }
    for section in [
        "GAMES",
        "COMMANDS",
        "FILES",
        "ENVIRONMENT",
        "\"EXIT STATUS\"",
    ] {
        assert!(page.contains(&format!("\n.SH {section}\n")), "{section}");
    }
}

#[test]
fn help_for_a_game_is_its_own_help_and_names_what_the_page_names() {
    let page = man_page();
    for (args, name) in [
        (&["help", "reversi"][..], "parlor reversi"),
        (&["help", "Connect4"], "parlor connect4"),
        (&["help", "solve", "slide"], "parlor solve slide"),
    ] {
        let (out, _) = parlor(args, "");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut direct: Vec<&str> = name.split(' ').skip(1).collect();
        direct.push("--help");
        let (same, _) = parlor(&direct, "");
        assert_eq!(help, String::from_utf8_lossy(&same.stdout), "{args:?}");
        assert!(help.contains(&format!("Usage: {name}")), "{help}");
        let text = entry(&page, name).expect("on the page");
        let options = help
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('-'))
            .filter_map(|l| l.split_once("--").map(|(_, rest)| rest));
        for line in options {
            let long = line.split([' ', '=']).next().unwrap_or_default();
            if long == "help" || ["load", "plain", "config", "original", "data-dir"].contains(&long)
            {
                continue;
            }
            assert!(
                text.contains(&roff_text(&format!("--{long}"))),
                "{name}: --{long} in the help, not on the page"
            );
        }
    }
}
