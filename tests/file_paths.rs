//! Every file operation stays inside its folder. Saves, deletes, the sweep of temporary files,
//! exports (never over a file) and the records file are tried with hostile names (`..`, absolute
//! paths, separators), symbolic links pointing out of the data directory, a FIFO where a save
//! should be, a data directory that is itself a symbolic link, and one that cannot be written.
//! Beside each data directory is an `outside` folder; after every attempt it must be exactly as
//! it was (same files, same contents): nothing outside is read through a link, written or
//! deleted unless the user named it.
#![cfg(unix)]

use std::collections::BTreeMap;
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use parlor::save::format::SaveFile;
use parlor::save::stats::Stats;
use parlor::save::store::{
    delete_save, list_saves, read_own_file, saves_dir, sweep_stale_temps, write_beside, write_save,
};

/// A save as Parlor writes them, with this id.
fn save(id: &str, title: &str) -> SaveFile {
    SaveFile {
        format: 1,
        written_by: None,
        game: "connect4".into(),
        saved_at: "2026-11-23T21:00:00Z".into(),
        title: title.into(),
        autosave: false,
        id: id.into(),
        base: None,
        state: toml::Table::new(),
    }
}

/// A temporary root with `data/` (the data directory) and `outside/` holding a valid save, a
/// records file and a plain file: the things a traversal or a link would reach.
struct Playground {
    root: tempfile::TempDir,
}

impl Playground {
    fn new() -> Self {
        let root = tempfile::tempdir().expect("tempdir");
        let outside = root.path().join("outside");
        std::fs::create_dir_all(&outside).expect("outside");
        std::fs::create_dir_all(root.path().join("data")).expect("data");
        let text = save("secret", "Outside vs Secret")
            .to_text()
            .expect("a save's text");
        std::fs::write(outside.join("secret.toml"), text).expect("outside save");
        std::fs::write(outside.join("stats.toml"), "[slide]\n\"1\" = 3\n").expect("stats");
        std::fs::write(outside.join("notes.txt"), "keep me").expect("notes");
        Self { root }
    }

    fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    fn outside(&self) -> PathBuf {
        self.root.path().join("outside")
    }

    /// Every file under `outside/` with its contents.
    fn outside_files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        let mut stack = vec![self.outside()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("readable").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.insert(path.clone(), std::fs::read(&path).unwrap_or_default());
                }
            }
        }
        files
    }
}

#[test]
fn hostile_save_names_are_refused_and_touch_nothing() {
    let ground = Playground::new();
    let before = ground.outside_files();
    let outside = ground.outside().join("secret").display().to_string();
    let hostile = [
        "../outside/secret".to_string(),
        "../../outside/secret".to_string(),
        "..".to_string(),
        ".".to_string(),
        outside.clone(),
        format!("{outside}.toml"),
        "a/b".to_string(),
        "a\\b".to_string(),
        "saves/../../outside/secret".to_string(),
        String::new(),
        "nul\0byte".to_string(),
        "x".repeat(500),
    ];
    for id in &hostile {
        assert!(
            write_save(&ground.data(), &save(id, "Hostile")).is_err(),
            "a save named {id:?} was written"
        );
        assert!(
            delete_save(&ground.data(), id).is_err(),
            "a delete of {id:?} was tried"
        );
    }
    assert_eq!(ground.outside_files(), before);
}

#[test]
fn links_in_the_saves_folder_are_neither_read_nor_followed() {
    let ground = Playground::new();
    let saves = saves_dir(&ground.data());
    write_save(&ground.data(), &save("mine", "Mine")).expect("a save");
    symlink(
        ground.outside().join("secret.toml"),
        saves.join("linked.toml"),
    )
    .expect("a link");
    symlink(ground.outside(), saves.join("folder.toml")).expect("a folder link");
    let before = ground.outside_files();

    // Listing reads only the folder's own regular files: the linked save stays unread.
    let listed = list_saves(&ground.data());
    let names: Vec<_> = listed
        .iter()
        .filter_map(|(path, _)| path.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    assert_eq!(names, ["mine.toml"], "{listed:?}");
    assert!(read_own_file(&saves.join("linked.toml"), 1 << 20).is_err());

    // Writing a save with the link's name replaces the link, never the file it points to.
    write_save(&ground.data(), &save("linked", "Replaced")).expect("a save");
    assert!(!saves.join("linked.toml").is_symlink());
    assert_eq!(ground.outside_files(), before);

    // Deleting removes the folder's entry only.
    symlink(
        ground.outside().join("secret.toml"),
        saves.join("again.toml"),
    )
    .expect("a link");
    delete_save(&ground.data(), "again").expect("the link is removed");
    assert!(!saves.join("again.toml").exists());
    assert_eq!(ground.outside_files(), before);
}

#[test]
fn the_sweep_of_temporary_files_removes_links_not_their_targets() {
    let ground = Playground::new();
    let saves = saves_dir(&ground.data());
    std::fs::create_dir_all(&saves).expect("saves");
    // Named like a temporary file of a writer that is gone (pids stop below 2^22 on Linux).
    let stale = saves.join(".parlor-4294967-abc.tmp");
    symlink(ground.outside().join("notes.txt"), &stale).expect("a link");
    let stale_dir = saves.join(".parlor-4294966-abc.tmp");
    symlink(ground.outside(), &stale_dir).expect("a folder link");
    let before = ground.outside_files();
    sweep_stale_temps(&saves);
    assert!(!stale.is_symlink(), "the stale link is swept");
    assert_eq!(ground.outside_files(), before);
    // A save written now sweeps the same way and lands inside.
    let path = write_save(&ground.data(), &save("after", "After")).expect("a save");
    assert!(path.starts_with(&saves));
    assert_eq!(ground.outside_files(), before);
}

#[test]
fn a_fifo_in_the_saves_folder_does_not_hang_the_listing() {
    let ground = Playground::new();
    let saves = saves_dir(&ground.data());
    std::fs::create_dir_all(&saves).expect("saves");
    let fifos = [saves.join("pipe.toml"), ground.data().join(Stats::FILE)];
    for fifo in &fifos {
        let made = std::process::Command::new("mkfifo").arg(fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("SKIPPED: mkfifo is not available");
            return;
        }
    }
    let data = ground.data();
    let (send, receive) = mpsc::channel();
    // Opening a FIFO for reading blocks until a writer comes: neither the listing nor the
    // records may open one.
    std::thread::spawn(move || {
        let _ = send.send((list_saves(&data).len(), Stats::load(&data)));
    });
    // A bound, not a timing claim: a read that blocks forever fails here.
    let (listed, stats) = receive
        .recv_timeout(Duration::from_secs(120))
        .expect("the listing and the records return");
    assert_eq!(listed, 0);
    assert_eq!(stats, Stats::default());
}

#[test]
fn a_linked_records_file_is_not_read_and_the_next_write_replaces_the_link() {
    let ground = Playground::new();
    let data = ground.data();
    symlink(ground.outside().join("stats.toml"), data.join(Stats::FILE)).expect("a link");
    let before = ground.outside_files();
    let mut stats = Stats::load(&data);
    assert_eq!(
        stats,
        Stats::default(),
        "the records behind the link were read"
    );
    stats.record("slide", "1", 9);
    stats.store(&data).expect("records written");
    assert!(!data.join(Stats::FILE).is_symlink());
    assert_eq!(Stats::load(&data).best("slide", "1"), Some(9));
    assert_eq!(ground.outside_files(), before);
}

#[test]
fn an_export_over_a_linked_file_goes_beside_it() {
    let ground = Playground::new();
    let exports = ground.data().join("exports");
    std::fs::create_dir_all(&exports).expect("exports");
    symlink(ground.outside().join("notes.txt"), exports.join("game.txt")).expect("a link");
    let before = ground.outside_files();
    let written = write_beside(&exports.join("game.txt"), "exported").expect("exported");
    assert_eq!(written, exports.join("game-2.txt"));
    assert_eq!(
        std::fs::read_to_string(&written).expect("readable"),
        "exported"
    );
    assert!(exports.join("game.txt").is_symlink(), "the link is kept");
    assert_eq!(ground.outside_files(), before);
    // A third export takes the next free name.
    let third = write_beside(&exports.join("game.txt"), "again").expect("exported");
    assert_eq!(third, exports.join("game-3.txt"));
    assert_eq!(
        std::fs::read_to_string(&written).expect("readable"),
        "exported"
    );
}

#[test]
fn a_data_directory_that_is_a_link_is_used_where_it_points() {
    let ground = Playground::new();
    // The user named the link (PARLOR_DATA_DIR, --data-dir): its target is the data directory.
    let real = ground.root.path().join("real-data");
    std::fs::create_dir_all(&real).expect("real");
    let link = ground.root.path().join("linked-data");
    symlink(&real, &link).expect("a link");
    let before = ground.outside_files();
    let path = write_save(&link, &save("one", "One")).expect("a save");
    assert!(saves_dir(&real).join("one.toml").is_file(), "{path:?}");
    assert_eq!(list_saves(&link).len(), 1);
    delete_save(&link, "one").expect("deleted");
    assert!(list_saves(&real).is_empty());
    assert!(link.is_symlink(), "the link itself stays");
    assert_eq!(ground.outside_files(), before);
}

#[test]
fn an_unwritable_data_directory_fails_with_a_message_and_writes_nowhere() {
    let ground = Playground::new();
    let data = ground.data();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    if std::fs::write(data.join("probe"), "x").is_ok() {
        // Root ignores permissions; the case cannot be set up.
        eprintln!("SKIPPED: running as a user who can write anywhere");
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        return;
    }
    let before = ground.outside_files();
    let cwd_before: Vec<_> = std::fs::read_dir(".")
        .expect("cwd")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    let err = write_save(&data, &save("one", "One")).expect_err("nowhere to write");
    assert!(
        err.io_kind().is_some(),
        "an I/O failure, told apart by kind: {err:?}"
    );
    let err = err.to_string();
    assert!(!err.contains('\n') && err.contains("cannot"), "{err}");
    let mut stats = Stats::default();
    stats.record("slide", "1", 4);
    assert!(stats.store(&data).is_err());
    assert!(list_saves(&data).is_empty());
    assert_eq!(ground.outside_files(), before);
    let cwd_after: Vec<_> = std::fs::read_dir(".")
        .expect("cwd")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        cwd_before, cwd_after,
        "nothing falls back to the working directory"
    );
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// A `saves` folder that cannot be written inside a writable data directory: the save fails,
/// and no other folder takes it.
#[test]
fn an_unwritable_saves_folder_fails_and_nothing_lands_elsewhere() {
    let ground = Playground::new();
    let saves = saves_dir(&ground.data());
    std::fs::create_dir_all(&saves).expect("saves");
    std::fs::set_permissions(&saves, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    if std::fs::write(saves.join("probe"), "x").is_ok() {
        eprintln!("SKIPPED: running as a user who can write anywhere");
        return;
    }
    assert!(write_save(&ground.data(), &save("one", "One")).is_err());
    let entries: Vec<_> = std::fs::read_dir(ground.data())
        .expect("data")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(entries, ["saves"]);
    std::fs::set_permissions(&saves, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}
