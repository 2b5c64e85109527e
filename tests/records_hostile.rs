//! The records file is hostile-input proof (#23): any mutation of a valid file is either read
//! or refused with a typed error, never a panic; a refused file is set aside under a name of
//! its own (never over an earlier one) and its bytes are kept; nothing outside the data
//! directory is touched.

use parlor::core::{Outcome, Player, Players, Seat};
use parlor::save::records::{Finish, Records};
use proptest::prelude::*;

fn valid_text() -> String {
    let mut records = Records::new();
    let people = Players::two(
        Player::person("Ann", "Player 1"),
        Player::person("Bob", "Player 2"),
    );
    records.record(&Finish::two_player(
        "connect4",
        &people,
        Outcome::Won(Seat::First),
    ));
    records.record(&Finish::two_player("reversi", &people, Outcome::Draw));
    let dir = tempfile::tempdir().expect("tempdir");
    records.store(dir.path()).expect("written");
    std::fs::read_to_string(Records::path(dir.path())).expect("read back")
}

/// The files in a directory, sorted, with their bytes.
fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<_> = std::fs::read_dir(dir)
        .expect("listable")
        .map(|entry| {
            let entry = entry.expect("entry");
            (
                entry.file_name().to_string_lossy().into_owned(),
                std::fs::read(entry.path()).unwrap_or_default(),
            )
        })
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn mutated_records_are_read_or_set_aside_with_their_bytes_kept(
        cuts in proptest::collection::vec((0usize..4000, any::<u8>()), 1..6),
        truncate in proptest::option::of(0usize..4000),
    ) {
        let mut bytes = valid_text().into_bytes();
        for (at, byte) in cuts {
            let at = at % bytes.len();
            bytes[at] = byte;
        }
        if let Some(len) = truncate {
            bytes.truncate(len % (bytes.len() + 1));
        }
        let outer = tempfile::tempdir().expect("tempdir");
        let data = outer.path().join("data");
        std::fs::create_dir(&data).expect("data dir");
        std::fs::write(outer.path().join("neighbour"), b"untouched").expect("neighbour");
        std::fs::write(Records::path(&data), &bytes).expect("written");
        let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        let loaded = Records::load(&data, now);
        let after = files(&data);
        match Records::read(&data) {
            Ok(_) => {}
            Err(_) => prop_assert!(false, "after load the file reads or is gone"),
        }
        if loaded.notice.is_some() {
            prop_assert!(after.iter().any(|(name, kept)| name.starts_with("records.toml.broken-") && *kept == bytes));
        } else {
            prop_assert_eq!(after, vec![("records.toml".to_string(), bytes.clone())]);
        }
        prop_assert_eq!(std::fs::read(outer.path().join("neighbour")).expect("read"), b"untouched".to_vec());
    }
}

#[test]
fn two_broken_files_in_one_second_are_both_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    for garbage in ["first garbage", "second garbage"] {
        std::fs::write(Records::path(dir.path()), garbage).expect("written");
        let loaded = Records::load(dir.path(), now);
        assert!(loaded.notice.is_some());
    }
    let kept: Vec<String> = files(dir.path())
        .into_iter()
        .map(|(_, bytes)| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    assert_eq!(kept, ["first garbage", "second garbage"]);
}

#[cfg(unix)]
#[test]
fn a_records_file_that_links_out_of_the_data_directory_is_never_written_through() {
    let outside = tempfile::tempdir().expect("tempdir");
    let target = outside.path().join("elsewhere.toml");
    std::fs::write(&target, "not ours").expect("written");
    let data = tempfile::tempdir().expect("tempdir");
    std::os::unix::fs::symlink(&target, Records::path(data.path())).expect("symlink");
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    let loaded = Records::load(data.path(), now);
    loaded
        .records
        .store(data.path())
        .expect("written in the data directory");
    assert_eq!(
        std::fs::read_to_string(&target).expect("read"),
        "not ours",
        "the file behind the link is neither read as records nor overwritten"
    );
    assert!(
        loaded.notice.is_some(),
        "the link was refused with a notice"
    );
}
