//! Two arcades in one process, as a server of many terminals would run them: each app on its
//! own `TestBackend`, with its own data directory, settings and clock, the two sharing only
//! the pool their computer players search on. Each plays its own game against the computer;
//! nothing one does shows in, or is saved by, the other.

#![cfg(feature = "tui")]

use parlor::testing::Harness;
use parlor::work_pool::WorkPool;

#[test]
fn two_apps_in_one_process_play_two_games_without_touching_each_other() {
    let pool = WorkPool::new(2);
    let mut four =
        Harness::command_line_on(100, 30, &["connect4", "Ann", "--computer", "second"], &pool);
    let mut othello =
        Harness::command_line_on(100, 30, &["reversi", "Cid", "--computer", "second"], &pool);
    assert_ne!(four.data_dir(), othello.data_dir());

    // Interleaved: a move in each, then both computers answer on the shared pool.
    four.press("enter");
    othello.press("enter");
    four.wait_for("2. o ");
    othello.wait_for("2. white ");
    four.assert_shows("Ann (x) to move");
    othello.assert_shows("Cid (black) to move");
    for (h, other) in [(&four, "Reversi"), (&othello, "Connect Four")] {
        assert!(
            !h.text().contains(other),
            "{other} shows in the wrong app:\n{}",
            h.text()
        );
    }

    // A save lands in the saving app's own folder only, and its load screen alone lists it.
    four.press("s");
    four.assert_shows("Saved to");
    assert_eq!(four.saves().len(), 1);
    assert!(othello.saves().is_empty(), "{:?}", othello.saves());
    // Each app's catalog of saves (what its load screen lists) is its own.
    let listed = |h: &Harness| -> Vec<String> {
        h.app()
            .ctx()
            .catalog
            .entries()
            .iter()
            .filter_map(|entry| entry.summary.as_ref().ok())
            .map(|summary| summary.game_title.clone())
            .collect()
    };
    assert_eq!(listed(&four), ["Connect Four"]);
    assert!(listed(&othello).is_empty(), "{:?}", listed(&othello));
    othello.assert_shows("Cid (black) to move");
}

/// The arcade `parlor serve` gives a player (a guest, see `screen::Guest`): the first visit
/// asks a name (again when the question is cancelled) and keeps it in their folder; the load screen
/// offers no import by path and says why on its key; a save names only their own folder.
#[test]
fn a_served_player_is_asked_their_name_and_names_no_server_path() {
    let mut guest = Harness::guest(80, 24);
    guest.assert_shows("Welcome to Parlor");
    guest.press("esc");
    guest.assert_shows("A name is needed to play.");
    guest.answer_prompt("Ann");
    guest.assert_shows("Connect Four");
    let kept = std::fs::read_to_string(guest.data_dir().join("player.toml")).expect("kept");
    assert_eq!(kept.trim(), "name = \"Ann\"");
    assert_eq!(
        guest
            .app()
            .ctx()
            .guest
            .as_ref()
            .and_then(|g| g.name.as_deref()),
        Some("Ann")
    );

    guest.click_text("Load game");
    assert!(!guest.text().contains("import"), "{}", guest.text());
    guest.type_text("i");
    guest.assert_shows("Files are not imported by path on a server.");
    guest.press("esc");

    // A save says where it went inside the player's folder, not on the server.
    guest.press("esc");
    let mut four = Harness::guest(80, 24);
    four.answer_prompt("Bo");
    four.click_text("Connect Four");
    four.press("enter");
    four.press("enter");
    four.press("s");
    four.assert_shows("in your folder");
    let dir = four.data_dir().display().to_string();
    assert!(!four.text().contains(&dir), "{}", four.text());
}

/// The first visit's question fits a 60×20 terminal: its label is wrapped inside the box, so
/// the longer one after a refused answer is read whole, not cut at the box's edge.
#[test]
fn the_name_question_is_read_whole_at_60_by_20() {
    let mut guest = Harness::guest(60, 20);
    guest.assert_shows("Welcome to Parlor");
    guest.press("esc");
    guest.assert_shows("A name is needed to play.");
    // The label's end, on the box's next line: cut at the edge, it would not show.
    guest.assert_shows("as other players");
    guest.assert_shows("will see it:");
    guest.answer_prompt("Ann");
    guest.assert_shows("Connect Four");
}

/// A served arcade named `name`, at the tables of `hub` as session `session` (its wake-ups
/// are counted: the server would send them down the session's input).
fn at_server(
    hub: &std::sync::Arc<parlor::table::hub::TableHub>,
    session: u64,
    name: &str,
    (width, height): (u16, u16),
) -> (Harness, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut arcade = Harness::guest(width, height);
    arcade.answer_prompt(name);
    let woken = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&woken);
    arcade
        .app_mut()
        .set_table_link(parlor::table::hub::TableLink {
            hub: Arc::clone(hub),
            session,
            player: format!("key-of-{name}"),
            wake: Arc::new(move || {
                count.fetch_add(1, Ordering::SeqCst);
            }),
        });
    (arcade, woken)
}

/// What the server does for a woken session: its app ticks (and reads its table).
fn wake(arcade: &mut Harness) {
    arcade.tick_at(std::time::Instant::now());
}

/// Two served arcades at one table (issue 39): a move on one shows on the other once it is
/// woken, a third watches, moves out of turn and undo are refused, and a player whose
/// connection drops keeps their seat while the other is told.
#[test]
fn two_arcades_at_one_table_play_and_a_third_watches() {
    use parlor::table::command::ServedCommand;
    use std::sync::atomic::Ordering;
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, ann_woken) = at_server(&hub, 1, "Ann", (80, 24));
    let (mut bob, _) = at_server(&hub, 2, "Bob", (60, 20));
    let (mut cy, _) = at_server(&hub, 3, "Cy", (80, 24));

    ann.app_mut()
        .start_at_table(&ServedCommand::Open("connect4".into()));
    ann.draw();
    let listed = hub.read(parlor::table::Tables::listings);
    assert_eq!(listed.len(), 1);
    let code = listed[0].code;
    assert_eq!(listed[0].line(), format!("{code} connect4 Ann 1/2"));
    ann.assert_shows(&format!("Table {code}: waiting for a player"));
    ann.press("enter");
    ann.assert_shows("Waiting for a second player");

    bob.app_mut().start_at_table(&ServedCommand::Join(code));
    bob.draw();
    assert_eq!(
        ann_woken.load(Ordering::SeqCst),
        1,
        "Ann is woken by Bob's arrival"
    );
    wake(&mut ann);
    ann.assert_shows("Ann (x) to move");
    bob.assert_shows("Ann (x) to move");
    bob.press("enter");
    bob.assert_shows("It is the other player's turn.");

    ann.press("enter");
    ann.assert_shows("Bob (o) to move");
    wake(&mut bob);
    bob.assert_shows("Bob (o) to move");
    bob.press("u");
    bob.assert_shows("At a table, moves stand: no undo, no hints.");
    assert!(
        !bob.text().contains("undo ·") && !bob.text().contains("hint ·"),
        "the footer offers what a table refuses:\n{}",
        bob.text()
    );

    cy.app_mut().start_at_table(&ServedCommand::Join(code));
    cy.draw();
    cy.assert_shows("Bob (o) to move");
    cy.press("enter");
    cy.assert_shows("You are watching this table.");
    // A watcher's session that ends saves nothing in their folder: the game is not theirs.
    assert!(cy.app_mut().autosave_all().is_empty());
    assert!(cy.saves().is_empty(), "{:?}", cy.saves());

    // The game to its end: Ann fills her column; both see the result, the watcher too,
    // and each player's records count a game against a person online.
    bob.press("left");
    for _ in 0..3 {
        bob.press("enter");
        wake(&mut ann);
        ann.press("enter");
        wake(&mut bob);
    }
    wake(&mut cy);
    for arcade in [&ann, &bob, &cy] {
        arcade.assert_shows("Ann wins with x");
    }
    assert!(hub.read(parlor::table::Tables::listings).is_empty());
    for (arcade, result) in [(&ann, "won = 1"), (&bob, "lost = 1")] {
        let records = std::fs::read_to_string(arcade.data_dir().join("records.toml"))
            .expect("the records are written");
        assert!(
            records.contains("online") && records.contains(result),
            "{result}:\n{records}"
        );
    }
    assert!(
        !cy.data_dir().join("records.toml").exists(),
        "a watcher counts nothing"
    );
}

/// Ann (80×24) opens a Connect Four table at `hub`, Bob (at `bob_size`) joins it, and Ann
/// plays the first move (Bob is not woken yet).
fn ann_plays_bob(
    hub: &std::sync::Arc<parlor::table::hub::TableHub>,
    bob_size: (u16, u16),
) -> (Harness, Harness, parlor::table::TableCode) {
    use parlor::table::command::ServedCommand;
    let (mut ann, _) = at_server(hub, 1, "Ann", (80, 24));
    let (mut bob, _) = at_server(hub, 2, "Bob", bob_size);
    ann.app_mut()
        .start_at_table(&ServedCommand::Open("connect4".into()));
    let code = hub.read(parlor::table::Tables::listings)[0].code;
    bob.app_mut().start_at_table(&ServedCommand::Join(code));
    wake(&mut ann);
    ann.press("enter");
    (ann, bob, code)
}

/// A player whose connection drops keeps their seat; the other player is told how long.
#[test]
fn a_dropped_players_seat_waits_and_the_other_is_told() {
    use parlor::table::command::ServedCommand;
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, mut bob, code) = ann_plays_bob(&hub, (80, 24));
    // Bob's session ends: his seat waits, and Ann is told.
    bob.app_mut().leave_table();
    wake(&mut ann);
    ann.assert_shows("Bob is away: their seat is kept 10 more minutes.");
    assert_eq!(
        hub.read(|t| t.seated("key-of-Bob")).map(|(at, _)| at),
        Some(code)
    );
    // He comes back with the same key: to his seat, at the game where it stood.
    let (mut again, _) = at_server(&hub, 3, "Bob", (80, 24));
    again.app_mut().start_at_table(&ServedCommand::Join(code));
    again.draw();
    again.assert_shows("Bob (o) to move");
    wake(&mut ann);
    assert!(!ann.text().contains("is away"), "{}", ann.text());
}

/// The same table through the screens (issue 39): the new-game form's second seat opens a
/// table ("Online: open a table"), the menu's "Join a table" takes its code (a mistyped code
/// is asked again, a code of no table is refused over the menu), and the list scrolls at
/// 60×20 when a Continue line makes it longer than the terminal.
#[test]
fn a_table_is_opened_from_the_form_and_joined_from_the_menu() {
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, _) = at_server(&hub, 1, "Ann", (80, 24));
    let (mut bob, _) = at_server(&hub, 2, "Bob", (60, 20));

    ann.click_text("Connect Four");
    ann.press("down");
    ann.press("down");
    ann.press("left");
    ann.assert_shows("Online: open a table");
    // A player online brings their own name: the second seat's name field is gone.
    assert_eq!(ann.text().matches("Name:").count(), 1, "{}", ann.text());
    // The host plays the first seat: a computer there is refused by the form.
    ann.press("up");
    ann.press("up");
    ann.press("right");
    ann.press("enter");
    ann.assert_shows("At a table you play the first seat");
    // Enter left the focus on Start: back up (over the second seat's choice and the first
    // seat's name) to the first seat, a person again.
    for _ in 0..3 {
        ann.press("up");
    }
    ann.press("left");
    ann.press("enter");
    let listed = hub.read(parlor::table::Tables::listings);
    assert_eq!(listed.len(), 1, "the form opened one table");
    let code = listed[0].code;
    assert_eq!(listed[0].line(), format!("{code} connect4 Ann 1/2"));
    ann.assert_shows(&format!("Table {code}: waiting for a player"));

    // Bob has a game to continue: with "Join a table" the menu is one row longer than 60×20
    // holds, so it scrolls instead of asking for a bigger terminal.
    bob.click_text("Reversi");
    bob.press("enter");
    bob.press("enter");
    bob.press("s");
    bob.press("q");
    bob.assert_shows("Continue: Reversi");
    assert!(!bob.text().contains("enlarge"), "{}", bob.text());
    for _ in 0..16 {
        if bob.text().contains("▶ Quit") {
            break;
        }
        bob.press("down");
    }
    bob.assert_shows("▶ Quit");
    assert!(
        !bob.text().contains("Continue: Reversi"),
        "the list scrolled to its last row:\n{}",
        bob.text()
    );
    // The menu's "Join a table" lists the open table (code, game, host, seats); a code is
    // still typed on its last line (a mistyped one asked again, one of no table refused).
    bob.click_text("Join a table");
    bob.assert_shows("Open tables (1)");
    bob.assert_shows(&format!("{code}  Connect Four   Ann"));
    bob.assert_shows("1/2 join");
    bob.click_text("Type a table's code");
    bob.assert_shows("The table's code");
    bob.answer_prompt("K7");
    bob.assert_shows("That is not a table's code");
    // The prompt is back with the text typed (answered anew), then a code of no table.
    let unused = if code.to_string() == "AAAA" {
        "CCCC"
    } else {
        "AAAA"
    };
    bob.answer_prompt(unused);
    bob.assert_shows("No table");
    bob.click_text("Type a table's code");
    bob.answer_prompt(&code.to_string().to_lowercase());
    bob.assert_shows("Ann (x) to move");
    wake(&mut ann);
    ann.assert_shows("Ann (x) to move");
    ann.press("enter");
    wake(&mut bob);
    bob.assert_shows("Bob (o) to move");
}

/// A seated player who leaves is asked whether to keep their seat; giving it up stops the
/// game for both at once (the other is told, moves are refused) and the table no longer
/// takes them back.
#[test]
fn a_player_who_gives_up_their_seat_stops_the_game_for_both() {
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, mut bob, code) = ann_plays_bob(&hub, (60, 20));
    wake(&mut bob);

    bob.press("q");
    bob.assert_shows("Leave the table");
    bob.assert_shows("Keep my seat");
    // Read whole at 60×20 (the dialog does not wrap its lines).
    bob.assert_shows("stops the game for both of you.");
    bob.click_text("Give it up");
    bob.assert_shows("Join a table");
    assert_eq!(
        hub.read(|t| t.get(code).map(|table| table.stage)),
        Some(parlor::table::Stage::Abandoned)
    );
    assert_eq!(hub.read(|t| t.seated("key-of-Bob")), None);
    wake(&mut ann);
    ann.assert_shows("Bob gave up their seat");
    ann.press("left");
    ann.press("enter");
    ann.assert_shows("This table's game has stopped.");
    // Leaving a stopped game asks nothing: neither the seat nor saving it.
    ann.press("q");
    assert!(
        !ann.text().contains("Save before leaving?"),
        "{}",
        ann.text()
    );
    ann.assert_shows("Join a table");
}

/// The menu's "Join a table" lists the server's tables at every size (issue 39): an empty
/// list says so and how to open one; the arrows and Enter join a table, a click on a full
/// table watches it.
#[test]
fn the_join_list_shows_the_tables_and_joins_or_watches_the_chosen_one() {
    use parlor::table::command::ServedCommand;
    for size in [(80, 24), (60, 20), (200, 60)] {
        let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
        let (mut cy, _) = at_server(&hub, 3, "Cy", size);
        cy.click_text("Join a table");
        cy.assert_shows("Open tables (0)");
        cy.assert_shows("No table is open on this server.");
        cy.assert_shows("\"Online: open a");
        cy.assert_shows("Type a table's code");
        cy.press("esc");

        let (mut ann, _) = at_server(&hub, 1, "Ann", (80, 24));
        let (mut dee, _) = at_server(&hub, 4, "Dee", (80, 24));
        ann.app_mut()
            .start_at_table(&ServedCommand::Open("connect4".into()));
        dee.app_mut()
            .start_at_table(&ServedCommand::Open("reversi".into()));
        let listed = hub.read(parlor::table::Tables::listings);
        assert_eq!(listed.len(), 2);
        cy.click_text("Join a table");
        cy.assert_shows("Open tables (2)");
        for listing in &listed {
            cy.assert_shows(&listing.code.to_string());
        }
        // The second table, with the arrows and Enter.
        cy.press("down");
        cy.press("enter");
        let title = if listed[1].game == "connect4" {
            "Connect Four"
        } else {
            "Reversi"
        };
        cy.assert_shows(title);
        assert_eq!(
            hub.read(|t| t.seated("key-of-Cy")).map(|(code, _)| code),
            Some(listed[1].code),
            "{size:?}: Cy sits at the second table"
        );
        // Back on the list (the seat given up): the table Cy left is gone, the other is
        // full once Bob joins it, and a click on it watches.
        cy.press("q");
        if cy.text().contains("Give it up") {
            cy.click_text("Give it up");
        }
        let (mut bob, _) = at_server(&hub, 2, "Bob", (80, 24));
        bob.app_mut()
            .start_at_table(&ServedCommand::Join(listed[0].code));
        bob.draw();
        wake(&mut cy);
        cy.assert_shows("2/2 watch");
        cy.click_text(&listed[0].code.to_string());
        cy.assert_shows("you watch");
        assert_eq!(
            hub.read(|t| t.get(listed[0].code).map(|table| table.watchers)),
            Some(1)
        );
    }
}

/// Each player sees the board from their own seat (issue 39): the Checkers board is turned
/// for black, whose men start at the top, and a click on the turned board moves the man
/// drawn there; the status says which side is "you"; Connect Four's drop marker shows only
/// to the player whose turn it is.
#[test]
fn each_player_sees_the_board_from_their_own_seat() {
    use parlor::table::command::ServedCommand;
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, _) = at_server(&hub, 1, "Ann", (100, 30));
    let (mut bob, _) = at_server(&hub, 2, "Bob", (100, 30));
    ann.app_mut()
        .start_at_table(&ServedCommand::Open("checkers".into()));
    let code = hub.read(parlor::table::Tables::listings)[0].code;
    bob.app_mut().start_at_table(&ServedCommand::Join(code));
    bob.draw();
    wake(&mut ann);
    ann.assert_shows("you play black");
    bob.assert_shows("you play white");
    // The empty middle squares are numbered: 13 is on black's side of 20. Bob (white) has
    // black at the top, Ann (black) has it at the bottom.
    let row = |h: &mut parlor::testing::Harness, n: &str| h.find(n).expect("a numbered square").1;
    assert!(row(&mut bob, "13") < row(&mut bob, "20"), "{}", bob.text());
    assert!(row(&mut ann, "13") > row(&mut ann, "20"), "{}", ann.text());

    // Ann clicks the man beyond 14 on the diagonal from 18 (square 9, one of hers), then 14:
    // on a board drawn turned, the clicks must be read through the same turned geometry.
    let fourteen = ann.find("14").expect("square 14");
    let eighteen = ann.find("18").expect("square 18");
    let man = (
        (2 * i32::from(fourteen.0) - i32::from(eighteen.0)) as u16,
        (2 * i32::from(fourteen.1) - i32::from(eighteen.1)) as u16,
    );
    ann.click(man.0, man.1);
    ann.click(fourteen.0, fourteen.1);
    let moves = hub.read(|t| t.get(code).map(|table| table.moves.clone()));
    // 9-14, in the seed's x,y that tables and saves keep.
    assert_eq!(moves, Some(vec!["1,5-2,4".to_string()]), "{}", ann.text());
    wake(&mut bob);
    bob.assert_shows("1. black 9-14");

    // Connect Four: the drop marker only on the screen of the player to move.
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, mut bob, _) = ann_plays_bob(&hub, (80, 24));
    wake(&mut bob);
    ann.draw();
    bob.assert_shows("you play o");
    assert!(bob.text().contains('▼'), "Bob's turn:\n{}", bob.text());
    assert!(!ann.text().contains('▼'), "not Ann's turn:\n{}", ann.text());
    // The footer offers the board's keys only to the player who may move.
    assert!(bob.text().contains("drop"), "Bob's turn:\n{}", bob.text());
    assert!(
        !ann.text().contains("drop"),
        "not Ann's turn:\n{}",
        ann.text()
    );
}

/// The new-game form's first name is the table's host name (issue 39), and the game at a
/// table is saved in each player's own folder: on keeping the seat when leaving, and when
/// the session ends (a dropped connection, the server stopping: the server autosaves).
#[test]
fn the_forms_name_hosts_the_table_and_both_players_keep_the_game() {
    let hub = std::sync::Arc::new(parlor::table::hub::TableHub::default());
    let (mut ann, _) = at_server(&hub, 1, "Ann", (80, 24));
    ann.click_text("Connect Four");
    ann.press("down");
    ann.type_text("Annie");
    ann.press("down");
    ann.press("left");
    ann.assert_shows("Online: open a table");
    // By mouse: Start has moved up a row with the second name left out, and a click there
    // still starts (the rows hit are the rows drawn).
    ann.click_text("Start");
    let listed = hub.read(parlor::table::Tables::listings);
    assert_eq!(listed.len(), 1, "{}", ann.text());
    assert_eq!(listed[0].host, "Annie");
    let code = listed[0].code;

    let (mut bob, _) = at_server(&hub, 2, "Bob", (80, 24));
    bob.app_mut()
        .start_at_table(&parlor::table::command::ServedCommand::Join(code));
    bob.draw();
    wake(&mut ann);
    ann.assert_shows("Annie (x) to move");
    ann.press("enter");
    wake(&mut bob);
    bob.press("enter");
    wake(&mut ann);
    assert!(ann.saves().is_empty() && bob.saves().is_empty());

    // Ann leaves keeping her seat: her game is saved in her folder.
    ann.press("q");
    ann.click_text("Keep my seat");
    ann.assert_shows("Join a table");
    assert_eq!(ann.saves().len(), 1, "{:?}", ann.saves());
    // Bob's session ends: the server autosaves his game in his folder.
    assert!(bob.app_mut().autosave_all().is_empty(), "no failure");
    assert_eq!(bob.saves().len(), 1, "{:?}", bob.saves());

    // Ann comes back to her seat and plays on; when her session ends (the server stops),
    // the game goes into the save she left, not into a second one.
    let left = ann.saves();
    ann.app_mut()
        .start_at_table(&parlor::table::command::ServedCommand::Join(code));
    ann.draw();
    ann.assert_shows("Annie (x) to move");
    ann.press("enter");
    assert!(ann.app_mut().autosave_all().is_empty(), "no failure");
    assert_eq!(ann.saves(), left, "one save for one table game");
    let path = ann.data_dir().join("saves").join(&left[0]);
    let saved = parlor::save::store::read_save(&path).expect("Ann's save reads");
    let moves = saved.state.get("moves").and_then(toml::Value::as_array);
    assert_eq!(moves.map(Vec::len), Some(3), "{saved:?}");
}
