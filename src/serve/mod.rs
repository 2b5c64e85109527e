//! `parlor serve`: the arcade over SSH, a front end beside the local terminal's. Each player
//! who connects with a pty and a shell gets the whole arcade ([`crate::app::App`]) on a thread
//! of its own, drawing into their channel at their window's size, in their own folder under
//! the server's data directory (`players/<key fingerprint>/`: saves, records, settings, their
//! name). Every session's computer players search on one bounded work pool.
//!
//! - `connection`: authentication (public keys only), the channel requests, input bytes in.
//! - `session`: one player's app on its thread.
//! - `remote_terminal`: the backend writing to the channel and the event source reading it.
//! - `input`: terminal bytes to key, mouse events.
//! - `keys`: the host key and the authorized keys.

mod connection;
pub mod input;
pub mod keys;
pub mod remote_terminal;
mod session;

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use russh::keys::PublicKey;
use russh::server::Server as _;

use crate::games::registry::Registry;
use crate::table::hub::{TableHub, TableLink};
use crate::work_pool::WorkPool;
use connection::Connection;
use remote_terminal::Input;

/// The address served when `--listen` is not given: this machine only.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:2222";

/// The most sessions at once when `--max-sessions` is not given.
pub const DEFAULT_MAX_SESSIONS: usize = 200;

/// Connections one address may open per minute before its keys are refused, when
/// `--max-attempts` is not given.
pub const DEFAULT_ATTEMPTS_PER_MINUTE: usize = 30;

/// A player who types nothing for this long is let go (their game autosaved).
const IDLE_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// A connection on which nothing at all happens for this long is closed by russh (one that
/// never gets as far as a session; sessions end sooner, at [`IDLE_TIMEOUT`]).
const DEAD_CONNECTION: Duration = Duration::from_secs(2 * 60 * 60);

/// How long a stopping server waits for its sessions to save and say goodbye.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// What `parlor serve` was asked to do.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The server's data directory (players' folders, the host key).
    pub data_dir: PathBuf,
    /// Only these keys get in (`--authorized-keys`); `None`: any key.
    pub authorized_keys: Option<PathBuf>,
    /// The most sessions at once.
    pub max_sessions: usize,
    /// The most connections one address may open a minute (`--max-attempts`).
    pub attempts_per_minute: usize,
    /// The host key file (`--host-key`); `None`: `host_key` in the data directory.
    pub host_key: Option<PathBuf>,
    /// The games every player's arcade offers.
    pub games: Registry,
}

/// Why the server did not start or stopped early.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The host key or the authorized keys.
    #[error(transparent)]
    Keys(#[from] keys::KeyError),
    /// The address cannot be listened on.
    #[error("cannot listen on {address}: {source}")]
    Listen {
        /// The address.
        address: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The runtime, the signals or the listener failed.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// A running session, as the server knows it to stop it.
struct SessionEntry {
    input: Sender<Input>,
    /// The task carrying its screen to the channel (taken when the server stops, to wait
    /// for the goodbye to be sent).
    forward: Option<tokio::task::JoinHandle<()>>,
}

/// What every connection shares.
pub(crate) struct Shared {
    data_dir: PathBuf,
    authorized: Option<Vec<PublicKey>>,
    max_sessions: usize,
    attempts_per_minute: usize,
    pool: WorkPool,
    games: Registry,
    sessions: Mutex<HashMap<u64, SessionEntry>>,
    next_session: AtomicU64,
    attempts: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    /// Connections that started a session and are still open: a stopping server waits for
    /// them to close (their players have been told and their channels closed) before it
    /// disconnects whoever is left, so the goodbye is not cut off.
    playing: AtomicUsize,
    /// The tables every session shares.
    tables: Arc<TableHub>,
    /// Itself, for the wakers the tables keep (weak: the tables belong to it).
    this: Weak<Shared>,
}

impl Shared {
    /// What the connections of a server run with `options` share, with no session yet.
    fn new(
        options: &ServeOptions,
        authorized: Option<Vec<PublicKey>>,
        pool: WorkPool,
    ) -> Arc<Self> {
        Arc::new_cyclic(|this| Self {
            data_dir: options.data_dir.clone(),
            authorized,
            max_sessions: options.max_sessions.max(1),
            attempts_per_minute: options.attempts_per_minute.max(1),
            pool,
            games: options.games,
            sessions: Mutex::new(HashMap::new()),
            next_session: AtomicU64::new(1),
            attempts: Mutex::new(HashMap::new()),
            playing: AtomicUsize::new(0),
            tables: Arc::new(TableHub::default()),
            this: Weak::clone(this),
        })
    }

    /// Lists a new session, unless the server is full.
    fn register(&self, input: Sender<Input>) -> Option<u64> {
        let mut sessions = self.sessions.lock().unwrap_or_else(PoisonError::into_inner);
        if sessions.len() >= self.max_sessions {
            return None;
        }
        let id = self.next_session.fetch_add(1, Ordering::Relaxed);
        sessions.insert(
            id,
            SessionEntry {
                input,
                forward: None,
            },
        );
        log::info!("serve: session {id} starts ({} running)", sessions.len());
        Some(id)
    }

    /// Keeps the task carrying the session's screen, to wait for it when stopping.
    fn set_forward(&self, id: u64, forward: tokio::task::JoinHandle<()>) {
        if let Some(entry) = self
            .sessions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_mut(&id)
        {
            entry.forward = Some(forward);
        }
    }

    /// The session's thread has ended.
    fn finished(&self, id: u64) {
        self.sessions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id);
    }

    /// The session's connection is gone: its input ends once the connection's own sender is
    /// dropped too (the list's is dropped here), and the session autosaves and ends.
    fn disconnect(&self, id: u64) {
        if let Some(entry) = self
            .sessions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get_mut(&id)
        {
            // Replaced by a sender whose receiver is gone: the list keeps the forward task.
            entry.input = std::sync::mpsc::channel().0;
        }
    }

    /// Session `id`'s way to the tables: a change at its table wakes it through its input
    /// (a gone session's is a dead sender, see [`Shared::disconnect`]: the waker keeps no
    /// connection alive).
    fn table_link(&self, id: u64, player: &str) -> TableLink {
        let shared = Weak::clone(&self.this);
        TableLink {
            hub: Arc::clone(&self.tables),
            session: id,
            player: player.to_string(),
            wake: Arc::new(move || {
                if let Some(shared) = shared.upgrade() {
                    shared.wake(id);
                }
            }),
        }
    }

    /// Wakes session `id` (its table changed).
    fn wake(&self, id: u64) {
        if let Some(entry) = self
            .sessions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
        {
            let _ = entry.input.send(Input::Wake);
        }
    }

    /// Counts a connection from `address`; whether it is one too many this minute.
    fn too_many_attempts(&self, address: IpAddr) -> bool {
        let now = Instant::now();
        let mut attempts = self.attempts.lock().unwrap_or_else(PoisonError::into_inner);
        attempts.retain(|_, times| {
            times.retain(|t| now.duration_since(*t) < Duration::from_secs(60));
            !times.is_empty()
        });
        let times = attempts.entry(address).or_default();
        times.push_back(now);
        times.len() > self.attempts_per_minute
    }
}

/// Makes a [`Connection`] for every client.
struct ParlorServer {
    shared: Arc<Shared>,
}

impl russh::server::Server for ParlorServer {
    type Handler = Connection;

    fn new_client(&mut self, peer: Option<SocketAddr>) -> Connection {
        let throttled = peer.is_some_and(|p| self.shared.too_many_attempts(p.ip()));
        if throttled {
            log::warn!(
                "serve: too many connections from {}: refused",
                peer.map_or_else(String::new, |p| p.ip().to_string())
            );
        }
        Connection::new(Arc::clone(&self.shared), peer, throttled)
    }

    fn handle_session_error(&mut self, error: russh::Error) {
        log::info!("serve: a connection ended with an error: {error}");
    }
}

/// Runs the server until Ctrl-C, SIGTERM or SIGHUP; then every session autosaves, its player is told,
/// and the server ends. `ready` is called with the address really listened on (the port the
/// system chose for `:0`) once connections are taken.
///
/// # Errors
/// [`ServeError`]: the keys, the address, the runtime.
pub fn run(options: &ServeOptions, ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let host_key_path = options
        .host_key
        .clone()
        .unwrap_or_else(|| keys::default_host_key(&options.data_dir));
    let host_key = keys::host_key(&host_key_path)?;
    let authorized = match &options.authorized_keys {
        Some(path) => Some(keys::authorized_keys(path)?),
        None => None,
    };
    let config = russh::server::Config {
        methods: russh::MethodSet::from(&[russh::MethodKind::PublicKey][..]),
        keys: vec![host_key],
        auth_rejection_time: Duration::from_millis(500),
        auth_rejection_time_initial: Some(Duration::ZERO),
        inactivity_timeout: Some(DEAD_CONNECTION),
        keepalive_interval: Some(Duration::from_secs(60)),
        nodelay: true,
        ..Default::default()
    };
    let shared = Shared::new(options, authorized, WorkPool::per_core());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|source| ServeError::Listen {
                address: options.listen,
                source,
            })?;
        let address = listener.local_addr()?;
        log::info!("serve: listening on {address}");
        let mut server = ParlorServer {
            shared: Arc::clone(&shared),
        };
        let running = server.run_on_socket(Arc::new(config), &listener);
        let handle = running.handle();
        tokio::spawn(expire_tables(Arc::clone(&shared.tables)));
        ready(address);
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        // The terminal the server runs in closing (SIGHUP) stops it as cleanly as SIGTERM
        // (by default it would kill it, every game in progress unsaved), unless it was
        // started to outlive its terminal (`nohup`: SIGHUP ignored, and left so).
        let mut hangup = if hangup_ignored() {
            None
        } else {
            Some(tokio::signal::unix::signal(
                tokio::signal::unix::SignalKind::hangup(),
            )?)
        };
        let hung_up = async {
            match hangup.as_mut() {
                Some(signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            result = running => result?,
            _ = tokio::signal::ctrl_c() => {},
            _ = terminate.recv() => {},
            () = hung_up => {},
        }
        log::info!("serve: stopping");
        stop_sessions(&shared).await;
        wait_until(|| shared.playing.load(Ordering::SeqCst) == 0).await;
        handle.shutdown("The Parlor server is stopping.".to_string());
        wait_until(|| {
            shared
                .sessions
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_empty()
        })
        .await;
        Ok(())
    })
}

/// Whether this process was started with SIGHUP ignored (`nohup parlor serve`), read from
/// the kernel's `SigIgn` mask in `/proc/self/status` (no unsafe code); `false` where that
/// cannot be read.
fn hangup_ignored() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| sighup_in_mask(&status))
}

/// Whether the `SigIgn:` line of a `/proc/PID/status` text has SIGHUP (signal 1, the mask's
/// lowest bit).
fn sighup_in_mask(status: &str) -> bool {
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & 1 == 1)
}

/// Tells every session to autosave and end, and waits (a while) for their goodbyes to reach
/// their players.
async fn stop_sessions(shared: &Shared) {
    let forwards: Vec<tokio::task::JoinHandle<()>> = {
        let mut sessions = shared
            .sessions
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        sessions
            .values_mut()
            .filter_map(|entry| {
                let _ = entry.input.send(Input::Stop);
                entry.forward.take()
            })
            .collect()
    };
    let goodbyes = async {
        for forward in forwards {
            let _ = forward.await;
        }
    };
    if tokio::time::timeout(STOP_GRACE, goodbyes).await.is_err() {
        log::warn!("serve: some players were not told in time");
    }
}

/// Every few seconds, ends the games whose absent player stayed away past the wait and
/// forgets the tables nobody is at (their followers are woken by the change).
async fn expire_tables(tables: Arc<TableHub>) {
    let mut every = tokio::time::interval(Duration::from_secs(5));
    loop {
        every.tick().await;
        let ended = tables.change(|t| t.expire(Instant::now()));
        for code in ended {
            log::info!("serve: table {code} abandoned (a player stayed away)");
        }
    }
}

/// Waits until `done` (checked every 20 ms), or [`STOP_GRACE`] at most.
async fn wait_until(done: impl Fn() -> bool) {
    let deadline = Instant::now() + STOP_GRACE;
    while Instant::now() < deadline {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    log::warn!("serve: some sessions did not end in time");
}

#[cfg(test)]
mod tests {

    #[test]
    fn sighup_is_read_from_the_ignored_mask() {
        let status =
            |mask: &str| format!("Name:\tparlor\nSigBlk:\t0000000000000001\nSigIgn:\t{mask}\n");
        assert!(sighup_in_mask(&status("0000000000000001")));
        assert!(sighup_in_mask(&status("0000000000001001")));
        // SIGINT ignored (bit 2), SIGHUP not; a blocked SIGHUP is not an ignored one.
        assert!(!sighup_in_mask(&status("0000000000000002")));
        assert!(!sighup_in_mask("SigBlk:\t0000000000000001\n"));
        assert!(!sighup_in_mask(&status("not hex")));
    }
    use super::*;

    /// A server's shared state without a listener: what the limits are checked on.
    fn shared(max_sessions: usize) -> Arc<Shared> {
        let options = ServeOptions {
            listen: DEFAULT_LISTEN.parse().expect("an address"),
            data_dir: PathBuf::from("unused"),
            authorized_keys: None,
            max_sessions,
            attempts_per_minute: DEFAULT_ATTEMPTS_PER_MINUTE,
            host_key: None,
            games: Registry::STANDARD,
        };
        Shared::new(&options, None, WorkPool::new(1))
    }

    #[test]
    fn sessions_stop_at_the_limit_and_a_finished_one_frees_its_place() {
        let shared = shared(2);
        let input = || std::sync::mpsc::channel().0;
        let first = shared.register(input()).expect("room for one");
        assert!(shared.register(input()).is_some(), "room for two");
        assert_eq!(shared.register(input()), None, "the server is full");
        shared.finished(first);
        assert!(shared.register(input()).is_some(), "a place came free");
    }

    #[test]
    fn an_address_is_refused_past_its_attempts_a_minute_and_others_are_not() {
        let shared = shared(1);
        let busy: IpAddr = [127, 0, 0, 2].into();
        for attempt in 0..DEFAULT_ATTEMPTS_PER_MINUTE {
            assert!(!shared.too_many_attempts(busy), "attempt {attempt} let in");
        }
        assert!(shared.too_many_attempts(busy), "one too many this minute");
        assert!(!shared.too_many_attempts([127, 0, 0, 3].into()));
    }
}
