use super::*;

fn sitter(player: &str) -> Sitter {
    Sitter {
        player: player.to_string(),
        name: format!("{player}'s name"),
    }
}

fn wait() -> Duration {
    Duration::from_secs(600)
}

/// A table `ann` opened and `bob` joined.
fn playing(tables: &mut Tables) -> TableCode {
    let code = tables
        .open("connect4", "", sitter("ann"), 7)
        .expect("ann sits nowhere yet");
    assert_eq!(
        tables.join(code, sitter("bob")),
        Ok(Joined::Seat(Seat::Second))
    );
    code
}

#[test]
fn an_open_table_is_listed_until_the_second_player_sits() {
    let mut tables = Tables::new(wait());
    let code = tables
        .open("connect4", "", sitter("ann"), 7)
        .expect("as the rules say");
    let listings = tables.listings();
    assert_eq!(listings.len(), 1);
    assert_eq!(
        listings[0].line(),
        format!("{code} connect4 ann's name 1/2")
    );
    assert_eq!(
        tables.get(code).expect("as the rules say").stage,
        Stage::Open
    );
    tables.join(code, sitter("bob")).expect("as the rules say");
    assert_eq!(
        tables.get(code).expect("as the rules say").stage,
        Stage::Playing
    );
    assert_eq!(tables.listings()[0].seats, "2/2");
    // Each reader: the two seated players see their own seat, a third player a table to watch.
    let yours = |who: &str| tables.listings_for(Some(who))[0].yours;
    assert!(yours("ann") && yours("bob"));
    assert!(!yours("cy"));
    assert!(!tables.listings()[0].yours);
}

#[test]
fn a_third_player_watches() {
    let mut tables = Tables::new(wait());
    let code = playing(&mut tables);
    assert_eq!(tables.join(code, sitter("cy")), Ok(Joined::Watching));
    assert_eq!(tables.get(code).expect("as the rules say").watchers, 1);
    assert_eq!(
        tables.play(code, "cy", 0, "4"),
        Err(TableError::NotSeated),
        "a watcher cannot move"
    );
}

#[test]
fn moves_are_kept_in_order_and_a_stale_one_is_refused() {
    let mut tables = Tables::new(wait());
    let code = playing(&mut tables);
    let before = tables.get(code).expect("as the rules say").version;
    assert!(tables.play(code, "ann", 0, "4").expect("as the rules say") > before);
    assert_eq!(tables.play(code, "ann", 0, "3"), Err(TableError::Stale));
    tables.play(code, "bob", 1, "3").expect("as the rules say");
    assert_eq!(
        tables.get(code).expect("as the rules say").moves,
        ["4", "3"]
    );
}

#[test]
fn no_move_before_the_second_player_or_after_the_end() {
    let mut tables = Tables::new(wait());
    let code = tables
        .open("connect4", "", sitter("ann"), 7)
        .expect("as the rules say");
    assert_eq!(tables.play(code, "ann", 0, "4"), Err(TableError::Stale));
    tables.join(code, sitter("bob")).expect("as the rules say");
    tables.finish(code);
    assert_eq!(
        tables.get(code).expect("as the rules say").stage,
        Stage::Finished
    );
    assert_eq!(tables.play(code, "ann", 0, "4"), Err(TableError::Stale));
    assert!(tables.listings().is_empty());
}

#[test]
fn a_player_who_drops_keeps_their_seat_and_comes_back_to_it() {
    let mut tables = Tables::new(wait());
    let code = playing(&mut tables);
    tables.play(code, "ann", 0, "4").expect("as the rules say");
    let t0 = Instant::now();
    tables.disconnect(code, "bob", false, t0);
    let minute = t0 + Duration::from_secs(60);
    assert_eq!(
        tables
            .get(code)
            .expect("as the rules say")
            .away(Seat::Second, minute),
        Some(Duration::from_secs(60))
    );
    assert!(tables.expire(minute).is_empty());
    assert_eq!(tables.seated("bob"), Some((code, Seat::Second)));
    assert_eq!(
        tables.join(code, sitter("bob")),
        Ok(Joined::Seat(Seat::Second))
    );
    assert_eq!(
        tables
            .get(code)
            .expect("as the rules say")
            .away(Seat::Second, minute),
        None
    );
    assert_eq!(tables.get(code).expect("as the rules say").moves, ["4"]);
}

#[test]
fn a_seat_left_empty_past_the_wait_ends_the_game_for_nobody() {
    let mut tables = Tables::new(wait());
    let code = playing(&mut tables);
    let t0 = Instant::now();
    tables.disconnect(code, "bob", false, t0);
    assert_eq!(tables.expire(t0 + wait()), vec![code]);
    assert_eq!(
        tables.get(code).expect("as the rules say").stage,
        Stage::Abandoned
    );
    assert_eq!(tables.seated("ann"), None, "ann may open another table");
    tables.disconnect(code, "ann", false, t0 + wait());
    tables.expire(t0 + wait());
    assert_eq!(tables.get(code), None, "nobody is left: forgotten");
}

#[test]
fn a_host_who_leaves_an_open_table_closes_it() {
    let mut tables = Tables::new(wait());
    let code = tables
        .open("connect4", "", sitter("ann"), 7)
        .expect("as the rules say");
    tables.disconnect(code, "ann", false, Instant::now());
    assert_eq!(tables.get(code), None);
    assert_eq!(
        tables.join(code, sitter("bob")),
        Err(TableError::NoSuchTable(code))
    );
}

#[test]
fn one_table_at_a_time_and_codes_never_collide() {
    let mut tables = Tables::new(wait());
    let first = tables
        .open("connect4", "", sitter("ann"), 7)
        .expect("as the rules say");
    assert_eq!(
        tables.open("reversi", "", sitter("ann"), 8),
        Err(TableError::AlreadySeated(first))
    );
    let second = tables
        .open("reversi", "", sitter("bob"), 7)
        .expect("as the rules say");
    assert_ne!(first, second, "the same draw gives the next free code");
    assert_eq!(
        tables.join(second, sitter("ann")),
        Err(TableError::AlreadySeated(first))
    );
}

#[test]
fn a_seat_given_up_stops_the_game_and_a_watcher_or_a_finished_game_gives_nothing_up() {
    let mut tables = Tables::new(wait());
    let now = Instant::now();
    let code = playing(&mut tables);
    tables.give_up(code, "cy", now);
    assert_eq!(tables.get(code).map(|t| t.stage), Some(Stage::Playing));
    tables.give_up(code, "bob", now);
    let table = tables.get(code).expect("still there for Ann to read");
    assert_eq!(
        (table.stage, table.given_up),
        (Stage::Abandoned, Some(Seat::Second))
    );
    assert_eq!(tables.seated("bob"), None, "bob is not taken back");
    assert!(tables.listings().is_empty());

    // A host alone gives up: the table closes.
    let alone = tables
        .open("connect4", "", sitter("dee"), 9)
        .expect("dee sits nowhere yet");
    tables.give_up(alone, "dee", now);
    assert!(tables.get(alone).is_none());

    // A finished game stays finished.
    let mut other = Tables::new(wait());
    let done = playing(&mut other);
    other.finish(done);
    other.give_up(done, "ann", now);
    assert_eq!(other.get(done).map(|t| t.stage), Some(Stage::Finished));
}
