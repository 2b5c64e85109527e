//! Saving when the saves folder cannot be written: a message, the game stays open, and the save
//! goes to another file the player names (screen test through the real input path). Names with
//! escape sequences in a save never reach the terminal.

#![cfg(feature = "tui")]

use parlor::testing::Harness;

/// Opens Connect Four from the menu, Alice against Bob.
fn start_connect4(h: &mut Harness) {
    h.start_two_player("Connect Four", "Alice", "Bob");
}

#[test]
fn an_unwritable_saves_folder_offers_another_file_and_the_game_stays_open() {
    let mut h = Harness::menu(100, 30);
    // A file where the saves folder should be: no save can be written there (even as root).
    std::fs::write(h.data_dir().join("saves"), "not a folder").expect("write");
    start_connect4(&mut h);
    h.press_all(&["4", "3"]);
    h.press("s");
    let screen = h.draw();
    assert!(screen.contains("Not saved"), "{screen}");
    assert!(screen.contains("save to another file?"), "{screen}");
    // Esc: the game is still there, nothing lost, and saving can be tried again.
    h.press("esc");
    let screen = h.draw();
    assert!(screen.contains("Moves played: 2"), "{screen}");
    h.press("s");
    assert!(h.draw().contains("save to another file?"));
    // Another place: clear the suggestion, type a path, Enter.
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let target = elsewhere.path().join("rescued.toml");
    h.answer_prompt(&target.display().to_string());
    let screen = h.draw();
    assert!(screen.contains("Saved to"), "{screen}");
    assert!(screen.contains("Moves played: 2"), "{screen}");
    let file = parlor::save::store::read_save(&target).expect("the rescued save reads");
    let (summary, _) = parlor::games::registry::Registry::STANDARD
        .open(&file, h.app().ctx())
        .expect("and loads");
    assert_eq!(summary.moves, 2);
}

#[test]
fn escape_sequences_in_a_save_never_reach_the_screen() {
    let mut h = Harness::menu(120, 40);
    let saves = h.data_dir().join("saves");
    std::fs::create_dir_all(&saves).expect("saves");
    let evil = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m";
    // TOML strings cannot hold raw control characters; escapes can (and decode to them).
    let escaped = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m";
    let text = format!(
        "format = 1\ngame = \"connect4\"\nsaved_at = \"2026-11-22T10:00:00Z\"\ntitle = \"T{escaped}itle\"\n[state]\napplied = 1\nmoves = [\"4\"]\nrows = [\".......\", \".......\", \".......\", \".......\", \".......\", \"...x...\"]\n[state.params]\n[[state.players]]\nname = \"Al{escaped}ice\"\n[[state.players]]\nname = \"Bob\"\n"
    );
    std::fs::write(saves.join("evil.toml"), &text).expect("write");
    // A broken save whose reason quotes a line with escape sequences, and a hostile file name.
    std::fs::write(saves.join("broken.toml"), format!("{evil} = [\n")).expect("write");
    std::fs::write(saves.join(format!("na{}me.toml", "\u{1b}[31m")), "x").expect("write");
    h.click_text("Load game");
    let mut seen = String::new();
    for _ in 0..4 {
        let screen = h.draw();
        seen.push_str(&screen);
        h.press("down");
    }
    h.press_all(&["up", "up", "up", "up", "enter"]);
    seen.push_str(&h.draw());
    // The control characters are gone; what is left of the sequences is harmless text.
    assert!(seen.contains("T]0;pwned[2J31mitle"), "{seen}");
    assert!(seen.contains("Al]0;pwned[2J31mice vs Bob"), "{seen}");
    assert!(seen.contains("unreadable"), "{seen}");
    for bad in ['\u{1b}', '\u{7}', '\u{9b}'] {
        assert!(!seen.contains(bad), "{bad:?} reached the screen:\n{seen}");
    }
}
