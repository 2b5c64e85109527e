//! Load on `parlor serve` (issue 39): many SSH sessions at once against a server on
//! 127.0.0.1, most idle on the menu and a few pairs playing Connect Four at tables. Prints the
//! server's memory per session (its RSS after the sessions came, less before, over their
//! number), the move latency (from a move's key sent by one player to the first bytes of the
//! other player's screen showing it) at p50/p99, and the server's CPU use while idle and while
//! the pairs play. A figure, not a test: a run's figures go in `docs/BENCHMARKS.md`, with the
//! date, the machine and the command.
//!
//! ```sh
//! cargo build --release
//! nice -n 19 cargo run --features tools --example serve_load -- \
//!     [--sessions 200] [--pairs 10] [--bin target/release/parlor]
//! ```
//!
//! The clients are russh's, in this process (a dev build of the example is enough); the server
//! is the release binary, spawned (so its memory and CPU are its own, read from `/proc`), with
//! `--max-attempts` raised since every client comes from 127.0.0.1. Linux only.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};

/// The columns dropped in, in order, the first player on even moves: each column is filled
/// x, o, x, o, x, o, and no four of a kind ever line up, so a game lasts all these moves.
const COLUMNS: [u8; 30] = [
    3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6,
];

/// How long a screen must have been still before a move is timed (a move's falling token is
/// animated for a moment: its frames must not be taken for the next move's).
const QUIET: Duration = Duration::from_millis(400);

struct Accept;

impl client::Handler for Accept {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What one client's screen received: when the last bytes came, and how many.
#[derive(Default)]
struct Received {
    last: Option<Instant>,
    bytes: usize,
}

/// One connected client: its way to send keys and what it received.
struct Player {
    send: russh::ChannelWriteHalf<client::Msg>,
    seen: Arc<Mutex<Received>>,
    _session: client::Handle<Accept>,
}

impl Player {
    async fn keys(&self, bytes: &[u8]) {
        let _ = self.send.data(bytes).await;
    }

    fn received(&self) -> (Option<Instant>, usize) {
        let seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        (seen.last, seen.bytes)
    }

    /// Waits until nothing came for [`QUIET`].
    async fn quiet(&self) {
        loop {
            match self.received().0 {
                Some(last) if last.elapsed() < QUIET => {
                    tokio::time::sleep(QUIET.saturating_sub(last.elapsed())).await;
                }
                _ => return,
            }
        }
    }
}

/// Connects client number `n` (its own key) and asks for a pty and the arcade, or runs
/// `command` after the host; answers the first visit's name question with `name`.
async fn connect(port: u16, n: u32, name: &str, command: Option<&str>) -> Result<Player, String> {
    let mut seed = [7u8; 32];
    seed[..4].copy_from_slice(&n.to_le_bytes());
    let session = signed_in(port, seed).await?;
    let channel = session
        .channel_open_session()
        .await
        .map_err(|e| e.to_string())?;
    channel
        .request_pty(false, "xterm-256color", 80, 24, 0, 0, &[])
        .await
        .map_err(|e| e.to_string())?;
    match command {
        Some(command) => channel.exec(false, command).await,
        None => channel.request_shell(false).await,
    }
    .map_err(|e| e.to_string())?;
    let (mut read, send) = channel.split();
    let seen = Arc::new(Mutex::new(Received::default()));
    let writer = Arc::clone(&seen);
    tokio::spawn(async move {
        while let Some(message) = read.wait().await {
            if let russh::ChannelMsg::Data { data } = message {
                let mut seen = writer
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                seen.last = Some(Instant::now());
                seen.bytes += data.len();
            }
        }
    });
    let player = Player {
        send,
        seen,
        _session: session,
    };
    // The first visit's question, then the name.
    tokio::time::sleep(Duration::from_millis(300)).await;
    player.keys(format!("{name}\r").as_bytes()).await;
    Ok(player)
}

/// A connection to the server on 127.0.0.1:`port`, signed in with the key made from `seed`.
async fn signed_in(port: u16, seed: [u8; 32]) -> Result<client::Handle<Accept>, String> {
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let mut session = client::connect(
        Arc::new(client::Config::default()),
        ("127.0.0.1", port),
        Accept,
    )
    .await
    .map_err(|e| e.to_string())?;
    let auth = session
        .authenticate_publickey("player", PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await
        .map_err(|e| e.to_string())?;
    if !auth.success() {
        return Err("refused".into());
    }
    Ok(session)
}

/// `tables` on a connection of its own: the open tables' lines.
async fn tables(port: u16) -> Result<String, String> {
    let session = signed_in(port, [9u8; 32]).await?;
    let mut channel = session
        .channel_open_session()
        .await
        .map_err(|e| e.to_string())?;
    channel
        .exec(true, "tables")
        .await
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    while let Some(message) = channel.wait().await {
        match message {
            russh::ChannelMsg::Data { data } => out.extend_from_slice(&data),
            russh::ChannelMsg::Eof | russh::ChannelMsg::Close => break,
            _ => {}
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// The server's resident memory (kB) and CPU time (clock ticks) so far.
fn usage(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0);
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name in parentheses: fields 14 and 15 (utime, stime) of the line.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (rss, ticks(11) + ticks(12))
}

fn clock_ticks() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

fn start_server(bin: &str, data: &std::path::Path, sessions: usize) -> (Child, u16) {
    let mut child = Command::new(bin)
        .args(["serve", "--listen", "127.0.0.1:0", "--max-attempts", "1000"])
        .args(["--max-sessions", &(sessions + 10).to_string(), "--data-dir"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    let _ = BufReader::new(child.stdout.take().expect("piped")).read_line(&mut line);
    let port = line
        .split("ssh -t -p ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    (child, port)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// Plays one table's game: the host and the guest alternate [`COLUMNS`]; each move's
/// latency is measured at the other player's screen.
async fn play(host: &Player, guest: &Player) -> Vec<Duration> {
    let mut cursors = [3u8, 3u8];
    let mut latencies = Vec::new();
    for (ply, column) in COLUMNS.iter().enumerate() {
        let (mover, other) = if ply % 2 == 0 {
            (host, guest)
        } else {
            (guest, host)
        };
        mover.quiet().await;
        other.quiet().await;
        let cursor = &mut cursors[ply % 2];
        let mut keys = Vec::new();
        while *cursor > *column {
            keys.extend_from_slice(b"\x1b[D");
            *cursor -= 1;
        }
        while *cursor < *column {
            keys.extend_from_slice(b"\x1b[C");
            *cursor += 1;
        }
        keys.push(b'\r');
        let before = other.received().1;
        let sent = Instant::now();
        mover.keys(&keys).await;
        let deadline = sent + Duration::from_secs(10);
        loop {
            let (last, bytes) = other.received();
            if bytes > before {
                latencies.push(last.map_or(Duration::ZERO, |l| l.saturating_duration_since(sent)));
                break;
            }
            if Instant::now() > deadline {
                eprintln!("a move was not seen in 10 s");
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    latencies
}

fn argument(name: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

fn main() {
    let sessions: usize = argument("--sessions", "200").parse().expect("a number");
    let pairs: usize = argument("--pairs", "10").parse().expect("a number");
    let bin = argument("--bin", "target/release/parlor");
    let data = tempfile::tempdir().expect("a temporary folder");
    let (mut server, port) = start_server(&bin, data.path(), sessions);
    let pid = server.id();
    let hz = clock_ticks();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let (rss_before, _) = usage(pid);
        // The idle ones, twenty at a time.
        let idle_count = sessions.saturating_sub(2 * pairs);
        let mut idle = Vec::new();
        for batch in (0..idle_count).collect::<Vec<_>>().chunks(20) {
            let joins: Vec<_> = batch
                .iter()
                .map(|&i| {
                    let n = u32::try_from(1000 + i).unwrap_or(u32::MAX);
                    tokio::spawn(async move { connect(port, n, &format!("Idle{i}"), None).await })
                })
                .collect();
            for join in joins {
                idle.push(join.await.expect("joined").expect("an idle session"));
            }
        }
        // The pairs: a host opens a table, a guest joins it by the code `tables` lists.
        let mut tables_played = Vec::new();
        for k in 0..pairs {
            let n = u32::try_from(k).unwrap_or(0);
            let host_name = format!("Host{k}");
            let host = connect(port, 2 * n, &host_name, Some("connect4 --table"))
                .await
                .expect("a host");
            let code = loop {
                let listed = tables(port).await.expect("the tables");
                if let Some(code) = listed.lines().find_map(|line| {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    (words.get(2) == Some(&host_name.as_str())).then(|| words[0].to_string())
                }) {
                    break code;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            };
            let guest = connect(port, 2 * n + 1, &format!("Guest{k}"), Some(&format!("join {code}")))
                .await
                .expect("a guest");
            tables_played.push((host, guest));
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (rss_after, idle_start) = usage(pid);
        let idle_wall = Instant::now();
        tokio::time::sleep(Duration::from_secs(10)).await;
        let (_, idle_end) = usage(pid);
        let idle_cpu = (idle_end - idle_start) as f64 / hz / idle_wall.elapsed().as_secs_f64();

        let (_, play_start) = usage(pid);
        let play_wall = Instant::now();
        let games: Vec<_> = tables_played
            .into_iter()
            .map(|(host, guest)| {
                tokio::spawn(async move {
                    let latencies = play(&host, &guest).await;
                    (latencies, host, guest)
                })
            })
            .collect();
        let mut latencies = Vec::new();
        let mut kept = Vec::new();
        for game in games {
            let (mut game_latencies, host, guest) = game.await.expect("a game");
            latencies.append(&mut game_latencies);
            kept.push((host, guest));
        }
        let play_seconds = play_wall.elapsed().as_secs_f64();
        let (_, play_end) = usage(pid);
        let play_cpu = (play_end - play_start) as f64 / hz / play_seconds;
        latencies.sort_unstable();

        let connected = idle.len() + 2 * kept.len();
        println!("sessions: {connected} ({} idle, {} playing in {} pairs)", idle.len(), 2 * kept.len(), kept.len());
        println!(
            "server RSS: {:.1} MB before, {:.1} MB with the sessions: {:.0} kB per session",
            rss_before as f64 / 1024.0,
            rss_after as f64 / 1024.0,
            rss_after.saturating_sub(rss_before) as f64 / connected.max(1) as f64
        );
        println!(
            "moves: {} timed over {play_seconds:.1} s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            latencies.len(),
            percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
            percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
        );
        println!(
            "server CPU: {:.1}% of one core with all sessions idle, {:.1}% while the pairs play",
            idle_cpu * 100.0,
            play_cpu * 100.0
        );
        drop(idle);
        drop(kept);
    });
    let stopping = Instant::now();
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let _ = server.wait();
    println!(
        "server stopped (SIGTERM) in {:.2} s",
        stopping.elapsed().as_secs_f64()
    );
}
