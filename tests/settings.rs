//! The Settings screen through the real input path: the theme changes at once, every change
//! lands in the user's config file with its comments kept, and a file that cannot be written
//! is a message on the screen.

#![cfg(feature = "tui")]

use parlor::config::Config;
use parlor::testing::Harness;
use parlor::ui::theme::ThemeKind;

const MINE: &str = "# my own settings\n[ui]\n# I like it dark\ntheme = \"dark\" # for now\n\n[keys]\nundo = [\"u\", \"z\"]\n";

/// The menu with the config file at `path`, Settings open.
fn settings(width: u16, height: u16, path: &std::path::Path) -> Harness {
    let mut h = Harness::menu(width, height);
    h.app_mut().set_config_file(path.to_path_buf());
    h.click_text("Settings");
    h.assert_shows("Mouse capture");
    h
}

#[test]
fn the_theme_applies_at_once_and_is_written_with_the_comments_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("parlor").join("config.toml");
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
    std::fs::write(&path, MINE).expect("written");
    let mut h = settings(80, 24, &path);
    h.assert_shows("▶ Theme");
    h.assert_shows("[dark]");
    insta::assert_snapshot!("settings_80x24", h.text());
    // Left steps back from dark to mono: ASCII glyphs at once.
    h.press("left");
    h.assert_shows("> Theme");
    h.assert_shows("[mono]");
    assert_eq!(h.app().ctx().config.theme, ThemeKind::Mono);
    assert!(h.app().ctx().theme.ascii);
    h.assert_shows("Saved in");
    let text = std::fs::read_to_string(&path).expect("the file");
    assert_eq!(
        text,
        MINE.replace("\"dark\" # for now", "\"mono\" # for now")
    );
    // The file is still a valid config, giving the same setting.
    let reread = Config::from_overrides(Some(&text), "test").expect("valid");
    assert_eq!(reread.theme, ThemeKind::Mono);
    // A click on a game's rule flips it, in a section of its own.
    h.click_text("Checkers: forced capture");
    h.assert_shows("[off]");
    let text = std::fs::read_to_string(&path).expect("the file");
    assert!(
        text.starts_with(&MINE.replace("\"dark\"", "\"mono\"")),
        "{text}"
    );
    assert!(
        text.ends_with("[checkers]\nforced_capture = false\n"),
        "{text}"
    );
    assert_eq!(
        h.app().ctx().config.value("checkers", "forced_capture"),
        Some(&toml::Value::Boolean(false))
    );
    // Esc goes back to the menu.
    h.press("esc");
    h.assert_shows("Load game");
}

#[test]
fn a_missing_file_is_created_and_an_unwritable_one_is_a_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("new").join("config.toml");
    let mut h = settings(60, 20, &path);
    h.press_all(&["down", "enter"]);
    h.assert_shows("[off]");
    let text = std::fs::read_to_string(&path).expect("created");
    assert_eq!(
        text,
        "# Parlor's settings: yours override the defaults (see the shipped config.toml).\n[ui]\nmouse = false\n"
    );
    assert!(
        Config::from_overrides(Some(&text), "test").is_ok(),
        "{text}"
    );
    // A config "file" whose folder is a file cannot be written: said on the screen, and the
    // change still holds for this run.
    let blocked = dir.path().join("plain-file");
    std::fs::write(&blocked, "").expect("written");
    let mut h = settings(60, 20, &blocked.join("config.toml"));
    insta::assert_snapshot!("settings_60x20", h.text());
    h.press("enter");
    h.assert_shows("Not saved");
    h.assert_shows("Not a directory");
    h.assert_shows("[light]");
    // A file that is not TOML is left as it is.
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[ui\n").expect("written");
    let mut h = settings(60, 20, &broken);
    h.press("enter");
    h.assert_shows("was left as it is");
    assert_eq!(std::fs::read_to_string(&broken).expect("kept"), "[ui\n");
}

/// Feeds the app's own event loop and notes what it asks of the terminal's mouse reporting.
struct Recorder {
    events: std::collections::VecDeque<ratatui::crossterm::event::Event>,
    mouse: Vec<bool>,
}

impl parlor::app::events::EventSource for Recorder {
    fn next(
        &mut self,
        _timeout: Option<std::time::Duration>,
    ) -> std::io::Result<Option<ratatui::crossterm::event::Event>> {
        Ok(self.events.pop_front())
    }

    fn closed(&self) -> bool {
        self.events.is_empty()
    }

    fn set_mouse_capture(&mut self, on: bool) -> std::io::Result<()> {
        self.mouse.push(on);
        Ok(())
    }
}

#[test]
fn the_mouse_switch_turns_mouse_reporting_off_and_on_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut h = settings(80, 24, &dir.path().join("config.toml"));
    let mut source = Recorder {
        events: ["down", "enter", "enter", "enter", "esc", "q"]
            .into_iter()
            .map(parlor::testing::key_press)
            .collect(),
        mouse: Vec::new(),
    };
    h.run_events(&mut source).expect("the loop runs");
    // Off, on, off: one call per change, in order, and none when nothing changed.
    assert_eq!(source.mouse, [false, true, false]);
    assert!(!h.app().ctx().config.mouse);
    let text = std::fs::read_to_string(dir.path().join("config.toml")).expect("written");
    assert!(text.contains("mouse = false"), "{text}");
}

#[test]
fn speed_coordinates_and_the_key_bindings_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("config.toml");
    let mut h = settings(80, 24, &path);
    h.assert_shows("Speed");
    h.assert_shows("[normal]");
    h.assert_shows("Coordinates");
    h.assert_shows("[standard]");
    // Speed steps normal → fast → off, and back with Left.
    h.click_text("Speed");
    h.assert_shows("[fast]");
    h.press("right");
    h.assert_shows("[off]");
    assert_eq!(h.app().ctx().config.speed, parlor::config::Speed::Off);
    h.press("left");
    h.assert_shows("[fast]");
    h.click_text("Coordinates");
    h.assert_shows("[original]");
    assert_eq!(
        h.app().ctx().config.coordinates,
        parlor::core::Coordinates::Original
    );
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("speed = \"fast\""), "{text}");
    assert!(text.contains("coordinates = \"original\""), "{text}");
    // The last row opens every binding, scrolled with the keys and the wheel.
    h.click_text("Key bindings");
    h.assert_shows("Key bindings (more below)");
    h.assert_shows("take back a move");
    h.assert_shows("take back a move");
    h.assert_shows(&path.display().to_string());
    insta::assert_snapshot!(
        "keys_80x24",
        h.text().replace(&path.display().to_string(), "CONFIG")
    );
    h.press("end");
    h.assert_shows("new game after a game ends");
    h.assert_shows("(more above)");
    h.press("home");
    h.assert_shows("cursor or selection up");
    h.scroll(10, 10, true);
    h.assert_shows("(more above and below)");
    h.press("esc");
    h.assert_shows("Mouse capture");
}

#[test]
fn settings_and_keys_at_the_three_sizes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("config.toml");
    for (w, hgt) in [(60, 20), (200, 60)] {
        let mut h = settings(w, hgt, &path);
        assert!(!h.text().contains("too small"), "{}", h.text());
        insta::assert_snapshot!(format!("settings_{w}x{hgt}_rows"), h.text());
        h.click_text("Key bindings");
        h.assert_shows("cursor or selection up");
        insta::assert_snapshot!(
            format!("keys_{w}x{hgt}"),
            h.text().replace(&path.display().to_string(), "CONFIG")
        );
    }
}

#[test]
fn the_colour_depth_can_be_forced_and_applies_at_once() {
    use parlor::ui::palette::{ColorEnv, Depth};
    use ratatui::style::Color;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("config.toml");
    let mut h = Harness::in_color(80, 24, "", ColorEnv::with_depth(Depth::TrueColor), &[]);
    h.app_mut().set_config_file(path.clone());
    h.click_text("Settings");
    h.assert_shows("Colours");
    h.assert_shows("[auto]");
    let felt = |h: &Harness| {
        h.app()
            .ctx()
            .theme
            .board(&parlor::games::reversi::view::PAINTS)
            .map(|b| b.square)
    };
    assert_eq!(
        felt(&h),
        Some(Color::Rgb(0, 135, 0)),
        "auto finds truecolor"
    );
    // auto → truecolor → 256 → 16, each applied at once and written.
    h.click_text("Colours");
    h.assert_shows("[truecolor]");
    h.press("right");
    h.assert_shows("[256]");
    assert_eq!(felt(&h), Some(Color::Indexed(28)));
    h.press("right");
    h.assert_shows("[16]");
    // Green in 16 colours too (it was grey): a white disc stands on black there.
    assert_eq!(felt(&h), Some(Color::Green));
    assert_eq!(
        h.app().ctx().config.colors,
        parlor::config::ColorSetting::Ansi16
    );
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("colors = \"16\""), "{text}");
}

/// Every setting's description ends its last sentence on the screen at 60x20 and 80x24: at
/// 60x20 the longest ones (Speed, Coordinates) were cut mid-sentence while three rows kept
/// for a message stood empty.
#[test]
fn every_description_is_whole_at_60x20_and_80x24() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("config.toml");
    for (w, hgt) in [(60, 20), (80, 24)] {
        let mut h = settings(w, hgt, &path);
        for row in 0..8 {
            let text = h.draw();
            let lines: Vec<&str> = text.lines().collect();
            let list_end = lines
                .iter()
                .position(|l| l.contains("Key bindings"))
                .expect("the last row");
            let about = lines[list_end + 1..lines.len() - 1]
                .iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                about.ends_with('.'),
                "{w}x{hgt}, row {row}: {about:?}\n{text}"
            );
            h.press("down");
        }
    }
}
