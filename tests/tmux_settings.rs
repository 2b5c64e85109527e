//! The Settings screen in a real terminal: the config file is found through `XDG_CONFIG_HOME`
//! (as on any Linux desktop), a change is written there with the person's comments kept, and
//! the mouse switch turns the terminal's mouse reporting off and on at once.

#![cfg(feature = "tui")]

use crate::support;

use support::tmux::{PATIENCE, Terminal, available};

const MINE: &str = "# my settings\n[ui]\n# the look I like\ntheme = \"dark\" # for now\n";

#[test]
fn settings_write_under_xdg_config_home_and_switch_the_mouse_at_once() {
    if !available("tmux settings test") {
        return;
    }
    let home = tempfile::tempdir().expect("tempdir");
    let config_home = home.path().join("config");
    let file = config_home.join("parlor").join("config.toml");
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("folder");
    std::fs::write(&file, MINE).expect("written");
    let data = format!("PARLOR_DATA_DIR={}", home.path().join("data").display());
    let xdg = format!("XDG_CONFIG_HOME={}", config_home.display());
    let home_var = format!("HOME={}", home.path().display());
    let term = Terminal::start(
        "settings",
        (80, 24),
        "env",
        &[
            &data,
            &xdg,
            &home_var,
            "TERM=xterm-256color",
            env!("CARGO_BIN_EXE_parlor"),
        ],
    );
    term.wait_for("Settings");
    term.wait_for_modes("mouse reporting on", |m| m.mouse);
    term.click_text("Settings");
    term.wait_for("Mouse capture");
    // Enter on the theme steps from dark to light and writes it.
    term.keys(&["Enter"]);
    term.wait_for("[light]");
    let screen = term.wait_for("Saved in");
    assert!(screen.contains("config.toml"), "{screen}");
    let text = std::fs::read_to_string(&file).expect("the file");
    assert_eq!(
        text,
        MINE.replace("\"dark\" # for now", "\"light\" # for now"),
        "the theme is written in place, comments kept"
    );
    // The mouse switch: reporting stops at once, and comes back.
    term.keys(&["Down", "Enter"]);
    term.wait_until("the mouse switched off", PATIENCE, |screen| {
        setting_shows(screen, "Mouse capture", "[off]")
    });
    term.wait_for_modes("mouse reporting off", |m| !m.mouse);
    term.keys(&["Enter"]);
    term.wait_until("the mouse switched on", PATIENCE, |screen| {
        setting_shows(screen, "Mouse capture", "[on]")
    });
    term.wait_for_modes("mouse reporting on again", |m| m.mouse);
    term.keys(&["Escape"]);
    term.wait_for("Load game");
    term.keys(&["q"]);
    term.wait_for_modes("the terminal restored", |m| !m.alternate && !m.mouse);
    assert!(
        std::fs::read_to_string(&file)
            .expect("the file")
            .contains("mouse = true"),
        "the last mouse setting is kept"
    );
}

/// Whether the screen's row for `setting` shows `value`.
fn setting_shows(screen: &str, setting: &str, value: &str) -> bool {
    screen
        .lines()
        .any(|line| line.contains(setting) && line.trim_end().ends_with(value))
}
