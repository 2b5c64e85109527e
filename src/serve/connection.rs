//! One SSH connection: who may in (public keys only, `--authorized-keys`), what they may ask
//! (a pty and a shell: the arcade; Parlor's own commands after the host: `tables`,
//! `join CODE`, `GAME --table`; nothing else: no forwarding, no agent), and
//! the bytes between their channel and their session's thread.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;

use ratatui::crossterm::event::Event;
use russh::keys::PublicKey;
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, Pty};

use super::input::InputDecoder;
use super::remote_terminal::{ChannelOutput, Input, QUEUED_FRAMES, SharedSize};
use super::session::SessionStart;
use super::{Shared, keys::player_id};
use crate::table::command::ServedCommand;

/// The biggest window taken from a client (cells each way): a bigger one is clamped.
const MAX_SIDE: u32 = 1000;

/// What the connection knows of one of its session channels.
struct ChannelState {
    size: SharedSize,
    term: Option<String>,
    pty: bool,
    decoder: InputDecoder,
    /// The running session's input, once the shell started.
    input: Option<Sender<Input>>,
    /// The session's number in the server's list of sessions.
    session: Option<u64>,
}

/// The handler of one connection (russh makes one per client).
pub struct Connection {
    shared: Arc<Shared>,
    peer: Option<SocketAddr>,
    /// Too many attempts from this address lately: every key is refused.
    throttled: bool,
    /// The key that got in.
    player: Option<PublicKey>,
    channels: HashMap<ChannelId, ChannelState>,
    /// A session was started on this connection (counted in `Shared::playing`).
    playing: bool,
}

impl Connection {
    /// A new connection from `peer`; `throttled` refuses it every key.
    pub(super) fn new(shared: Arc<Shared>, peer: Option<SocketAddr>, throttled: bool) -> Self {
        Self {
            shared,
            peer,
            throttled,
            player: None,
            channels: HashMap::new(),
            playing: false,
        }
    }

    fn peer(&self) -> String {
        self.peer
            .map_or_else(|| "an unknown address".to_string(), |p| p.to_string())
    }

    /// Whether `key` may in: not throttled, and listed when a list was given.
    fn admits(&self, key: &PublicKey) -> bool {
        !self.throttled
            && self.shared.authorized.as_ref().is_none_or(|listed| {
                listed
                    .iter()
                    .any(|allowed| allowed.key_data() == key.key_data())
            })
    }

    /// Says `message` on the channel's error stream, then ends the channel with `status`.
    fn refuse_channel(channel: ChannelId, message: &str, status: u32, session: &mut Session) {
        let _ = session.extended_data(channel, 1, format!("{message}\r\n").into_bytes());
        let _ = session.exit_status_request(channel, status);
        let _ = session.eof(channel);
        let _ = session.close(channel);
    }

    /// Tells the player why their session did not start.
    fn refuse_start(&self, channel: ChannelId, why: &str, session: &mut Session) {
        let message = if why == "full" {
            format!(
                "The Parlor server is full ({} players): try again later.",
                self.shared.max_sessions
            )
        } else {
            log::error!("serve: session not started: {why}");
            "The Parlor server could not start your session.".to_string()
        };
        Self::refuse_channel(channel, &message, 1, session);
    }

    /// Starts the player's arcade on its own thread (at a table when `command` says so), and
    /// the task that carries its screen to the channel.
    fn start_session(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
        command: Option<ServedCommand>,
    ) -> Result<(), String> {
        let key = self.player.as_ref().ok_or("no player")?;
        let player = player_id(key);
        let state = self.channels.get_mut(&channel).ok_or("no such channel")?;
        let (input_sender, input) = std::sync::mpsc::channel();
        let id = self.shared.register(input_sender.clone()).ok_or("full")?;
        let (frames, mut queued) = tokio::sync::mpsc::channel::<Vec<u8>>(QUEUED_FRAMES);
        let handle = session.handle();
        let forward = tokio::spawn(async move {
            while let Some(frame) = queued.recv().await {
                if handle.data(channel, frame).await.is_err() {
                    return;
                }
            }
            // The session ended (every writer is gone): the client's ssh exits.
            let _ = handle.exit_status_request(channel, 0).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        });
        self.shared.set_forward(id, forward);
        let start = SessionStart {
            player,
            data_dir: self.shared.data_dir.clone(),
            size: state.size.clone(),
            term: state.term.clone(),
            input,
            output: ChannelOutput::new(frames),
            pool: self.shared.pool.clone(),
            games: self.shared.games,
            idle_limit: super::IDLE_TIMEOUT,
            table: self.shared.table_link(id, &player_id(key)),
            command,
        };
        let shared = Arc::clone(&self.shared);
        let spawned = std::thread::Builder::new()
            .name(format!("parlor-session-{id}"))
            .spawn(move || {
                super::session::run(start);
                shared.finished(id);
            });
        if let Err(err) = spawned {
            self.shared.finished(id);
            return Err(format!("no thread for the session: {err}"));
        }
        state.input = Some(input_sender);
        state.session = Some(id);
        if !self.playing {
            self.playing = true;
            self.shared.playing.fetch_add(1, Ordering::SeqCst);
        }
        Ok(())
    }

    fn send(&self, channel: ChannelId, event: Event) {
        if let Some(input) = self.channels.get(&channel).and_then(|s| s.input.as_ref()) {
            // A session that has ended takes nothing more: nothing to do.
            let _ = input.send(Input::Event(event));
        }
    }

    /// The channel is gone: its session sees its input end, autosaves and ends.
    fn forget(&mut self, channel: ChannelId) {
        if let Some(state) = self.channels.remove(&channel)
            && let Some(id) = state.session
        {
            self.shared.disconnect(id);
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        let channels: Vec<ChannelId> = self.channels.keys().copied().collect();
        for channel in channels {
            self.forget(channel);
        }
        if self.playing {
            self.shared.playing.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn side(cells: u32) -> u16 {
    cells.clamp(1, MAX_SIDE) as u16
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(if self.admits(offer.public_key) {
            Auth::Accept
        } else {
            Auth::reject()
        })
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if !self.admits(key.public_key) {
            log::info!(
                "serve: key {} from {} refused",
                key.public_key.fingerprint(russh::keys::HashAlg::Sha256),
                self.peer()
            );
            return Ok(Auth::reject());
        }
        log::info!(
            "serve: {} connects with key {}",
            self.peer(),
            key.public_key.fingerprint(russh::keys::HashAlg::Sha256)
        );
        self.player = Some(key.public_key.clone());
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.insert(
            channel.id(),
            ChannelState {
                size: SharedSize::new(80, 24),
                term: None,
                pty: false,
                decoder: InputDecoder::new(),
                input: None,
                session: None,
            },
        );
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) => {
                state.size.set(side(col_width), side(row_height));
                state.term = Some(crate::core::text::clip(term, 64));
                state.pty = true;
                session.channel_success(channel)
            }
            None => session.channel_failure(channel),
        }
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self.channels.get(&channel) else {
            return session.channel_failure(channel);
        };
        if state.input.is_some() {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        if !state.pty {
            Self::refuse_channel(
                channel,
                "Parlor is played in a terminal: connect with ssh -t.",
                1,
                session,
            );
            return Ok(());
        }
        if let Err(why) = self.start_session(channel, session, None) {
            self.refuse_start(channel, &why, session);
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let text = String::from_utf8_lossy(data);
        let command = crate::core::text::clip(&crate::core::text::sanitize(&text), 60);
        session.channel_success(channel)?;
        let parsed = text.parse::<ServedCommand>();
        log::info!("serve: {} runs {command:?}: {parsed:?}", self.peer());
        match parsed {
            Ok(ServedCommand::Tables) => {
                let mut lines = String::new();
                for listing in self.shared.tables.read(crate::table::Tables::listings) {
                    lines.push_str(&listing.line());
                    lines.push_str("\r\n");
                }
                let _ = session.data(channel, lines.into_bytes());
                let _ = session.exit_status_request(channel, 0);
                let _ = session.eof(channel);
                let _ = session.close(channel);
            }
            Ok(command) => {
                let has_pty = self.channels.get(&channel).is_some_and(|state| state.pty);
                if !has_pty {
                    Self::refuse_channel(
                        channel,
                        "A table is played in a terminal: connect with ssh -t.",
                        1,
                        session,
                    );
                } else if let Err(why) = self.start_session(channel, session, Some(command)) {
                    self.refuse_start(channel, &why, session);
                }
            }
            Err(err) => Self::refuse_channel(
                channel,
                &format!(
                    "This server runs the Parlor arcade, not commands ({command:?} refused: \
                     {err}): connect with ssh -t and no command, or run ssh -t HOST join CODE, \
                     ssh -t HOST GAME --table, ssh HOST tables."
                ),
                1,
                session,
            ),
        }
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let events = match self.channels.get_mut(&channel) {
            Some(state) => state.decoder.feed(data),
            None => return Ok(()),
        };
        for event in events {
            self.send(channel, event);
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (width, height) = (side(col_width), side(row_height));
        if let Some(state) = self.channels.get(&channel) {
            state.size.set(width, height);
        }
        self.send(channel, Event::Resize(width, height));
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.forget(channel);
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.forget(channel);
        Ok(())
    }
}
