//! `parlor serve` with the real OpenSSH client: the server on 127.0.0.1 (a port the system
//! picks), keys made here with `ssh-keygen`, a throwaway `known_hosts`, and the client in tmux
//! for the arcade. A first visit asks the player's name and then shows the menu; the name is
//! kept for the key's next visit; a key not in `--authorized-keys` is refused, and so are
//! passwords, commands and forwarding; a remote player cannot make the server open a path.
//! Skips (with a message) where tmux or ssh is missing (`.ci/run` installs both).

use crate::support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use support::tmux::{PATIENCE, Terminal, available};

/// Whether `ssh` and `ssh-keygen` can run here; says why not (the test then skips).
fn ssh_available(test: &str) -> bool {
    let found = |program: &str| {
        Command::new(program)
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success() || !o.stderr.is_empty())
    };
    let ok = found("ssh") && Command::new("ssh-keygen").arg("-?").output().is_ok();
    if !ok {
        eprintln!("SKIPPED {test}: the OpenSSH client is not installed (.ci/run installs it)");
    }
    ok && available(test)
}

/// A server run by the test, stopped (SIGTERM, as a service manager would) when dropped.
struct Server {
    child: Child,
    port: u16,
    data_dir: PathBuf,
}

impl Server {
    /// `parlor serve` on a free port of 127.0.0.1 with its data in `data_dir`, plus `args`.
    fn start(data_dir: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .args(args)
            // The server's log (`parlor.log` in the data directory), as a host would keep it.
            .env("PARLOR_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("parlor serve starts");
        let stdout = child.stdout.take().expect("piped");
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = sender.send(line);
        });
        let line = receiver
            .recv_timeout(Duration::from_secs(120))
            .expect("the server says where it listens");
        let port = line
            .split("ssh -t -p ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Self {
            child,
            port,
            data_dir: data_dir.to_path_buf(),
        }
    }

    /// The ssh options of a client with `key`: this server, no agent, no user config, a
    /// throwaway `known_hosts`.
    fn ssh_args(&self, key: &Path) -> Vec<String> {
        let known_hosts = key.with_file_name("known_hosts");
        [
            "-F",
            "/dev/null",
            "-p",
            &self.port.to_string(),
            "-i",
            &key.display().to_string(),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "IdentityAgent=none",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            &format!("UserKnownHostsFile={}", known_hosts.display()),
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "ConnectTimeout=60",
        ]
        .iter()
        .map(ToString::to_string)
        .collect()
    }

    /// A client in a `size` tmux terminal, asking for a pty and the arcade.
    fn client(&self, name: &str, size: (u16, u16), key: &Path) -> Terminal {
        self.client_running(name, size, key, &[])
    }

    /// A client in a `size` tmux terminal, asking for a pty and running `command` after the
    /// host (`join CODE`; nothing: the arcade).
    fn client_running(
        &self,
        name: &str,
        size: (u16, u16),
        key: &Path,
        command: &[&str],
    ) -> Terminal {
        let mut args = vec!["-t".to_string()];
        args.extend(self.ssh_args(key));
        args.push("player@127.0.0.1".to_string());
        args.extend(command.iter().map(ToString::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Terminal::start(name, size, "ssh", &args)
    }

    /// `ssh` without a terminal, running `command` (or asking for a shell when empty),
    /// with `extra` options before the host.
    fn run(&self, key: &Path, extra: &[&str], command: &[&str]) -> Output {
        Command::new("ssh")
            .args(self.ssh_args(key))
            .args(extra)
            .arg("player@127.0.0.1")
            .args(command)
            .stdin(Stdio::null())
            .output()
            .expect("ssh runs")
    }

    /// Stops the server with `signal` (`TERM` as a service manager does, `HUP` as its
    /// terminal closing does) and waits for it to end.
    fn stop(&mut self, signal: &str) -> std::process::ExitStatus {
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let _ = Command::new("kill")
                .args([&format!("-{signal}"), &pid.to_string()])
                .status();
        }
        // Bounded: a server that does not stop fails the test instead of hanging CI.
        let deadline = std::time::Instant::now() + PATIENCE * 4;
        loop {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "the server did not stop within {:?} of SIG{signal}",
                    PATIENCE * 4
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The player folders the server has made.
    fn players(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.data_dir.join("players"))
            .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Already stopped (and reaped): its pid may be another process's by now.
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return;
        }
        if let Ok(pid) = i32::try_from(self.child.id()) {
            let _ = Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
        }
        let _ = self.child.wait();
    }
}

/// A new Ed25519 key pair in `dir` named `name`; returns the private key's path.
fn make_key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .status()
        .expect("ssh-keygen runs");
    assert!(status.success(), "ssh-keygen failed");
    path
}

fn public_key(key: &Path) -> String {
    std::fs::read_to_string(key.with_extension("pub")).expect("the public key")
}

/// A first visit: the name question, then the menu at the window's size, a resize and a
/// click; leaving ends the ssh session; the same key's next visit goes straight to the menu,
/// greeted by its name, and the host key is the one kept (0600) from the first start.
#[test]
fn a_player_connects_names_themselves_plays_the_menu_and_comes_back() {
    if !ssh_available("serve: first visit") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let key = make_key(dir.path(), "ann");
    let server = Server::start(&data, &[]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(data.join("host_key"))
            .expect("the host key is kept in the data directory")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the host key is the owner's only");
    }

    let ann = server.client("serve-first", (80, 24), &key);
    ann.wait_for("Welcome to Parlor");
    ann.type_text("Ann");
    ann.keys(&["Enter"]);
    // The menu stands behind the question: wait for the question to be gone, not for the menu.
    ann.wait_until("the menu without the name question", PATIENCE, |screen| {
        screen.contains("Connect Four") && !screen.contains("Welcome to Parlor")
    });
    let players = server.players();
    assert_eq!(players.len(), 1, "one folder per key: {players:?}");
    let kept = std::fs::read_to_string(players[0].join("player.toml")).expect("the name is kept");
    assert!(kept.contains("Ann"), "{kept}");

    // The window's size is the arcade's: a resize redraws it at the new size.
    ann.resize(60, 20);
    ann.wait_until("the menu at 60x20", PATIENCE, |screen| {
        screen.contains("Connect Four") && screen.lines().all(|l| l.chars().count() <= 60)
    });
    ann.resize(100, 30);
    ann.wait_for("Connect Four");
    // The mouse works through the channel: a click opens Connect Four's new-game form.
    ann.click_text("Connect Four");
    ann.wait_for("Start");
    ann.keys(&["Escape"]);
    ann.wait_for("Connect Four");
    ann.keys(&["q"]);
    ann.wait_until("ssh to end with the arcade", PATIENCE, |screen| {
        !screen.contains("Connect Four")
    });
    drop(ann);

    let again = server.client("serve-again", (80, 24), &key);
    let menu = again.wait_for("Connect Four");
    assert!(!menu.contains("Welcome to Parlor"), "asked again:\n{menu}");
    assert_eq!(server.players().len(), 1);
}

/// With `--authorized-keys`, another key is refused; passwords are never offered; commands
/// (anything but the arcade) are refused with a sentence; a client without a terminal is told
/// to use one.
#[test]
fn only_listed_keys_get_in_and_nothing_but_the_arcade_is_served() {
    if !ssh_available("serve: authorized keys") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let listed = make_key(dir.path(), "listed");
    let stranger = make_key(dir.path(), "stranger");
    let authorized = dir.path().join("authorized_keys");
    std::fs::write(&authorized, public_key(&listed)).expect("written");
    let server = Server::start(
        &data,
        &["--authorized-keys", &authorized.display().to_string()],
    );

    let refused = server.run(&stranger, &[], &["tables"]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(255), "{said}");
    assert!(said.contains("Permission denied (publickey)"), "{said}");
    let password = server.run(
        &listed,
        &[
            "-o",
            "PreferredAuthentications=password,keyboard-interactive",
        ],
        &["tables"],
    );
    assert_eq!(password.status.code(), Some(255));
    assert!(server.players().is_empty(), "{:?}", server.players());

    // The listed key gets in, but a command (here: a server path) is refused.
    let command = server.run(&listed, &[], &["cat", "/etc/passwd"]);
    let said = String::from_utf8_lossy(&command.stderr);
    assert_eq!(command.status.code(), Some(1), "{said}");
    assert!(said.contains("not commands"), "{said}");
    assert!(command.stdout.is_empty(), "{:?}", command.stdout);
    let port_forward = server.run(
        &listed,
        &[
            "-o",
            "ExitOnForwardFailure=yes",
            "-N",
            "-L",
            "0:127.0.0.1:22",
        ],
        &[],
    );
    assert_ne!(port_forward.status.code(), Some(0));
    let no_terminal = server.run(&listed, &["-T"], &[]);
    let said = String::from_utf8_lossy(&no_terminal.stderr);
    assert!(said.contains("ssh -t"), "{said}");
}

/// A remote player cannot make the server read a path: the load screen does not offer
/// importing by path, and its key says why; the settings and keys pages name only the
/// player's own folder.
#[test]
fn a_remote_player_cannot_reach_a_server_path() {
    if !ssh_available("serve: server paths") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let key = make_key(dir.path(), "mallory");
    let server = Server::start(&data, &[]);
    let client = server.client("serve-paths", (100, 30), &key);
    client.wait_for("Welcome to Parlor");
    client.type_text("Mallory");
    client.keys(&["Enter"]);
    client.wait_for("Connect Four");
    client.click_text("Load");
    let load = client.wait_for("Esc");
    assert!(!load.contains("import"), "import is offered:\n{load}");
    client.type_text("i");
    client.wait_for("not imported by path on a server");
    let shown = client.screen();
    assert!(
        !shown.contains(&data.display().to_string()),
        "a server path is shown:\n{shown}"
    );
}

/// Two players on two terminals (issue 39): one opens a Connect Four table with
/// `connect4 --table`, `tables` lists it, the other joins with `join CODE`; they play the game
/// to its end, each move showing on the other's screen; both see the result, and each
/// player's records count a game against a person online.
#[test]
fn two_players_open_and_join_a_table_and_play_connect_four_to_the_end() {
    if !ssh_available("serve: a table for two") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let ann_key = make_key(dir.path(), "ann");
    let bob_key = make_key(dir.path(), "bob");
    let mut server = Server::start(&data, &[]);

    let ann = server.client_running(
        "serve-table-ann",
        (80, 24),
        &ann_key,
        &["connect4", "--table"],
    );
    ann.wait_for("Welcome to Parlor");
    ann.type_text("Ann");
    ann.keys(&["Enter"]);
    let waiting = ann.wait_for("waiting for a player");
    let code: String = waiting.split("Table ").nth(1).map_or_else(
        || panic!("no code shown:\n{waiting}"),
        |rest| rest.chars().take(4).collect(),
    );

    let listed = server.run(&bob_key, &[], &["tables"]);
    let lines = String::from_utf8_lossy(&listed.stdout);
    assert_eq!(listed.status.code(), Some(0), "{lines}");
    assert_eq!(lines.trim_end(), format!("{code} connect4 Ann 1/2"));

    let bob = server.client_running("serve-table-bob", (60, 20), &bob_key, &["join", &code]);
    bob.wait_for("Welcome to Parlor");
    bob.type_text("Bob");
    bob.keys(&["Enter"]);
    bob.wait_for("Ann (x) to move");
    ann.wait_for("Ann (x) to move");

    // Ann fills one column, Bob the next: Ann's fourth disc wins. Each waits for their own
    // move on their own screen first, so no screen is read before it changed.
    let moved = |screen: &str| screen.contains("Bob (o) to move") || screen.contains("Ann wins");
    ann.keys(&["Enter"]);
    ann.wait_for("Bob (o) to move");
    bob.wait_for("Bob (o) to move");
    bob.keys(&["Left"]);
    bob.keys(&["Enter"]);
    bob.wait_for("Ann (x) to move");
    ann.wait_for("Ann (x) to move");
    ann.keys(&["Enter"]);
    ann.wait_for("Bob (o) to move");

    // Bob's connection drops: Ann is told his seat waits; he comes back with his key, to
    // the game where it stood. A third key joining the full table watches it.
    drop(bob);
    ann.wait_for("Bob is away");
    let bob = server.client("serve-table-bob-again", (60, 20), &bob_key);
    bob.wait_for("Bob (o) to move");
    // A new screen: its drop cursor starts in the middle again, over Ann's column.
    bob.keys(&["Left"]);
    ann.wait_until("Bob back", PATIENCE, |screen| !screen.contains("is away"));
    let cy_key = make_key(dir.path(), "cy");
    let cy = server.client_running("serve-table-cy", (80, 24), &cy_key, &["join", &code]);
    cy.wait_for("Welcome to Parlor");
    cy.type_text("Cy");
    cy.keys(&["Enter"]);
    cy.wait_for("you watch");
    cy.wait_for("Bob (o) to move");

    for _ in 0..2 {
        bob.keys(&["Enter"]);
        bob.wait_for("Ann (x) to move");
        ann.wait_for("Ann (x) to move");
        ann.keys(&["Enter"]);
        ann.wait_until("Ann's move on her screen", PATIENCE, moved);
        bob.wait_until("Ann's move on Bob's screen", PATIENCE, moved);
    }
    ann.wait_for("Ann wins");
    bob.wait_for("Ann wins");
    cy.wait_for("Ann wins");

    let mut results = Vec::new();
    for folder in server.players() {
        let name = std::fs::read_to_string(folder.join("player.toml")).unwrap_or_default();
        let records = std::fs::read_to_string(folder.join("records.toml")).unwrap_or_default();
        if name.contains("Cy") {
            assert!(
                !records.contains("online"),
                "a watcher counts nothing: {records}"
            );
            continue;
        }
        assert!(records.contains("online"), "{name}: {records}");
        results.push((name.contains("Ann"), records.contains("won = 1")));
    }
    results.sort_unstable();
    assert_eq!(results, [(false, false), (true, true)], "Ann won, Bob lost");
    // The host's log has the connections and the table.
    let log = std::fs::read_to_string(data.join("parlor.log")).unwrap_or_default();
    for logged in [
        "session 1 starts",
        &format!("opens table {code}"),
        &format!("joins table {code}"),
    ] {
        assert!(log.contains(logged), "{logged:?} not in the log:\n{log}");
    }
    // The terminal the server runs in closes (SIGHUP): it stops as cleanly as on SIGTERM
    // (by default the signal would kill it with the games in progress). A server started with
    // SIGHUP ignored (`nohup`) keeps it ignored by design, and it inherits that from these
    // tests when they run under `nohup`: then only SIGTERM can be checked here.
    let signal = if sighup_ignored_here() {
        eprintln!("serve: SIGHUP is ignored in this process (nohup?): stopping with SIGTERM");
        "TERM"
    } else {
        "HUP"
    };
    let status = server.stop(signal);
    assert!(status.success(), "{status:?}");
}

/// A good host (issue 39): past `--max-sessions` a client is told the server is full; SIGTERM
/// stops the server cleanly: the game in progress is saved in its player's folder and the
/// player is told, and the server exits with success.
#[test]
fn a_full_server_refuses_and_a_stopped_one_saves_the_game_and_tells_the_player() {
    if !ssh_available("serve: full, then stopped") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let ann_key = make_key(dir.path(), "ann");
    let bob_key = make_key(dir.path(), "bob");
    let mut server = Server::start(&data, &["--max-sessions", "1"]);

    let ann = server.client("serve-stop-ann", (80, 24), &ann_key);
    ann.wait_for("Welcome to Parlor");
    ann.type_text("Ann");
    ann.keys(&["Enter"]);
    ann.wait_until("the menu", PATIENCE, |screen| {
        screen.contains("Connect Four") && !screen.contains("Welcome to Parlor")
    });
    ann.click_text("Connect Four");
    ann.wait_for("Start");
    ann.keys(&["Enter"]);
    ann.wait_for("(x) to move");
    ann.keys(&["Enter"]);
    ann.wait_for("(o) to move");

    let full = server.run(&bob_key, &["-tt"], &[]);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&full.stdout),
        String::from_utf8_lossy(&full.stderr)
    );
    assert!(
        said.contains("The Parlor server is full (1 players)"),
        "{said}"
    );

    let status = server.stop("TERM");
    assert!(status.success(), "{status:?}");
    // Said on the way out, after the arcade's screen: tmux scrolls it up when ssh ends.
    let goodbye = [
        "The Parlor server is stopping.",
        "Your unfinished game was saved",
    ];
    let start = std::time::Instant::now();
    loop {
        let said = ann.screen_and_history(100);
        if goodbye.iter().all(|line| said.contains(line)) {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "no goodbye within {PATIENCE:?}:\n{said}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let players = server.players();
    assert_eq!(players.len(), 1, "Bob never got a folder: {players:?}");
    let saves: Vec<_> = std::fs::read_dir(players[0].join("saves"))
        .expect("Ann's saves folder")
        .filter_map(Result::ok)
        .collect();
    assert_eq!(saves.len(), 1, "Ann's game was autosaved: {saves:?}");
}

/// Whether this test process ignores SIGHUP (it runs under `nohup`), which the server it
/// starts inherits: the `SigIgn:` mask of `/proc/self/status` has bit 0 (signal 1) set.
fn sighup_ignored_here() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find_map(|line| line.strip_prefix("SigIgn:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & 1 == 1)
    })
}
