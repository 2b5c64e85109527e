//! Saves survive being killed mid-write, and two processes saving at once never overwrite each
//! other. The writers are this test binary run again in a child mode (no hook in the product):
//! `PARLOR_TEST_WRITER=loop:<dir>` rewrites one save forever, `PARLOR_TEST_WRITER=new:<dir>`
//! writes fresh saves as fast as it can.
//!
//! `KILL_ROUNDS` sets how many writers are killed mid-write (40 by default; the README's
//! Reliability section has a long-run example).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use parlor::save::format::SaveFile;
use parlor::save::store::{list_saves, new_id, read_save, saves_dir, store_save, write_save};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

const WRITER: &str = "PARLOR_TEST_WRITER";
/// Big enough that a write takes a while (more moments to be killed in), under the size cap.
const PADDING: usize = 300_000;

/// A save whose contents prove it complete: the title's number repeated through the padding.
fn numbered_save(id: &str, n: u64) -> SaveFile {
    let mut state = toml::Table::new();
    let digit = char::from(b'0' + (n % 10) as u8);
    state.insert(
        "padding".into(),
        toml::Value::String(std::iter::repeat_n(digit, PADDING).collect()),
    );
    SaveFile {
        format: 1,
        written_by: None,
        game: "connect4".into(),
        saved_at: "2026-11-22T10:04:00Z".into(),
        title: format!("write {n}"),
        autosave: false,
        id: id.into(),
        base: None,
        state,
    }
}

/// The save is one complete write: its padding is whole and matches its title.
fn assert_complete(path: &Path) -> u64 {
    let file = read_save(path).unwrap_or_else(|err| panic!("a broken save: {err}"));
    let n: u64 = file
        .title
        .strip_prefix("write ")
        .and_then(|n| n.parse().ok())
        .expect("a numbered title");
    let padding = file
        .state
        .get("padding")
        .and_then(toml::Value::as_str)
        .expect("padding");
    let digit = char::from(b'0' + (n % 10) as u8);
    assert_eq!(padding.len(), PADDING, "write {n} is cut short");
    assert!(padding.chars().all(|c| c == digit), "write {n} is mixed");
    n
}

fn spawn_writer(mode: &str, dir: &Path, test: &str) -> Child {
    Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", test, "--nocapture", "--test-threads=1"])
        .env(WRITER, format!("{mode}:{}", dir.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the writer starts")
}

fn temp_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(saves_dir(dir))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_none_or(|ext| ext != "toml"))
                .collect()
        })
        .unwrap_or_default()
}

/// The child side: does nothing unless started by one of the tests below.
#[test]
fn writer_child() {
    let Some(spec) = std::env::var_os(WRITER) else {
        return;
    };
    let spec = spec.to_string_lossy().into_owned();
    let (mode, dir) = spec.split_once(':').expect("mode:dir");
    let dir = Path::new(dir);
    let start = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // The looping writer is one game saved again and again: each save replaces the revision
    // the last one wrote (the first, whatever the killed writer before it left).
    let mut base = read_save(&saves_dir(dir).join("slot.toml"))
        .ok()
        .and_then(|save| save.base);
    for n in 0..200_000u64 {
        let save = match mode {
            "loop" => SaveFile {
                base,
                ..numbered_save("slot", start + n)
            },
            _ => {
                let mut save = numbered_save(&new_id("connect4"), n);
                save.state.clear();
                save
            }
        };
        base = Some(store_save(dir, &save).expect("the writer writes").revision);
        if mode == "new" && n == 39 {
            return;
        }
    }
}

/// How many writers to kill: `KILL_ROUNDS`, or the default.
fn kill_rounds(default: usize) -> usize {
    std::env::var("KILL_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
fn a_save_killed_mid_write_is_the_old_or_the_new_never_broken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let slot = saves_dir(dir.path()).join("slot.toml");
    write_save(dir.path(), &numbered_save("slot", 0)).expect("the first save");
    let mut rng = SmallRng::seed_from_u64(11);
    let mut last = 0;
    let kills = kill_rounds(40);
    let mut completed = std::collections::BTreeSet::new();
    for round in 0..kills {
        let mut child = spawn_writer("loop", dir.path(), "save_kill_loop::writer_child");
        std::thread::sleep(Duration::from_millis(rng.random_range(5..80)));
        child.kill().expect("SIGKILL");
        child.wait().expect("reaped");
        last = assert_complete(&slot);
        completed.insert(last);
        let listed = list_saves(dir.path());
        assert_eq!(listed.len(), 1, "round {round}: {listed:?}");
        // Each writer sweeps what the killed ones left: at most the last one's file remains.
        let temps = temp_files(dir.path());
        assert!(
            temps.len() <= 1,
            "round {round}: temporary files pile up: {temps:?}"
        );
    }
    assert!(
        last > 0,
        "no writer ever completed a save in {kills} rounds"
    );
    println!(
        "save kill loop: {kills} writers killed mid-write; {} distinct complete saves seen, none broken",
        completed.len()
    );
    // The next save anywhere cleans up after the last killed writer.
    write_save(dir.path(), &numbered_save("other", 1)).expect("a save");
    assert_eq!(temp_files(dir.path()), Vec::<PathBuf>::new());
    assert_eq!(list_saves(dir.path()).len(), 2);
}

#[test]
fn two_processes_saving_at_once_keep_every_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    let writers: Vec<Child> = (0..2)
        .map(|_| spawn_writer("new", dir.path(), "save_kill_loop::writer_child"))
        .collect();
    for mut writer in writers {
        assert!(writer.wait().expect("the writer ends").success());
    }
    let listed = list_saves(dir.path());
    assert_eq!(listed.len(), 80, "a save was overwritten");
    assert!(listed.iter().all(|(_, save)| save.is_ok()));
    assert_eq!(temp_files(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn threads_saving_at_once_keep_every_save() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                for _ in 0..25 {
                    let mut save = numbered_save(&new_id("connect4"), 0);
                    save.state.clear();
                    write_save(dir.path(), &save).expect("saved");
                }
            });
        }
    });
    assert_eq!(list_saves(dir.path()).len(), 100);
}
