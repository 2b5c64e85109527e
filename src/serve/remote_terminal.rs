//! A remote player's terminal as the app sees it: a ratatui backend whose bytes go down the
//! SSH channel (through a bounded queue, so a client that stops reading stops its own session's
//! drawing, never the server's memory), whose size is the channel's window, and an
//! [`EventSource`] fed by the channel's decoded input.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Size};

use crate::app::events::EventSource;

/// How many frames may wait for a slow client before the session's drawing waits for it.
pub const QUEUED_FRAMES: usize = 32;

/// The bytes of one session's screen, on their way to the channel: written by the session's
/// thread, sent by the connection's task. Cloned for the backend and the event source (which
/// switches mouse reporting).
#[derive(Clone)]
pub struct ChannelOutput {
    frames: tokio::sync::mpsc::Sender<Vec<u8>>,
    pending: Vec<u8>,
}

impl ChannelOutput {
    /// Output into `frames`, whose other end writes to the channel.
    #[must_use]
    pub fn new(frames: tokio::sync::mpsc::Sender<Vec<u8>>) -> Self {
        Self {
            frames,
            pending: Vec::new(),
        }
    }
}

impl Write for ChannelOutput {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Sends what was written as one message; waits while the queue is full (the client is
    /// slow to read), fails once the connection is gone.
    fn flush(&mut self) -> std::io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let frame = std::mem::take(&mut self.pending);
        self.frames
            .blocking_send(frame)
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))
    }
}

/// The size of a remote terminal: set by the pty request and each window change, read by the
/// backend when ratatui measures the screen.
#[derive(Clone, Debug)]
pub struct SharedSize(Arc<Mutex<Size>>);

impl SharedSize {
    /// A terminal of `width` × `height` cells.
    #[must_use]
    pub fn new(width: u16, height: u16) -> Self {
        Self(Arc::new(Mutex::new(Size::new(width, height))))
    }

    /// The client's window changed.
    pub fn set(&self, width: u16, height: u16) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Size::new(width, height);
    }

    /// The size now.
    #[must_use]
    pub fn get(&self) -> Size {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Crossterm's drawing into a [`ChannelOutput`], measured by the channel's window instead of
/// the server's own terminal (which crossterm would ask, and which a server has none of).
pub struct RemoteBackend {
    inner: CrosstermBackend<ChannelOutput>,
    size: SharedSize,
    cursor: Position,
}

impl RemoteBackend {
    /// Draws into `output` at the size `size` says.
    #[must_use]
    pub fn new(output: ChannelOutput, size: SharedSize) -> Self {
        Self {
            inner: CrosstermBackend::new(output),
            size,
            cursor: Position::ORIGIN,
        }
    }
}

impl Backend for RemoteBackend {
    type Error = std::io::Error;

    fn draw<'a, I>(&mut self, content: I) -> std::io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> std::io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> std::io::Result<()> {
        self.inner.show_cursor()
    }

    /// Where the cursor was last put: asking the remote terminal would mean waiting for its
    /// answer among the player's keys.
    fn get_cursor_position(&mut self) -> std::io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> std::io::Result<()> {
        let position = position.into();
        self.cursor = position;
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> std::io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> std::io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> std::io::Result<Size> {
        Ok(self.size.get())
    }

    fn window_size(&mut self) -> std::io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size.get(),
            pixels: Size::new(0, 0),
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// What the connection hands a session's thread.
#[derive(Debug)]
pub enum Input {
    /// A key, a click, a resize.
    Event(Event),
    /// The server is stopping: autosave and end.
    Stop,
    /// The table this session follows changed (a move, a player who came or went): the app
    /// wakes up and reads it. Not the player's doing: it does not count against idleness.
    Wake,
}

/// The session's input: events decoded from the channel, in order. When the connection ends
/// (every sender gone) or the server stops, the source is closed and the app autosaves.
pub struct RemoteEvents {
    input: Receiver<Input>,
    output: ChannelOutput,
    closed: bool,
    /// The server asked the session to end (not the player leaving).
    stopped: bool,
    /// A player who sends nothing for this long is let go (their game autosaved): a
    /// forgotten window does not hold a place on the server for ever.
    idle_limit: Duration,
    /// When the player last sent something.
    last_input: Instant,
    /// The session ended because the player was idle.
    idled: bool,
}

impl RemoteEvents {
    /// Events from `input`; mouse reporting is switched by writing to `output`.
    /// The session ends after `idle_limit` without input.
    #[must_use]
    pub fn new(input: Receiver<Input>, output: ChannelOutput, idle_limit: Duration) -> Self {
        Self {
            input,
            output,
            closed: false,
            stopped: false,
            idle_limit,
            last_input: Instant::now(),
            idled: false,
        }
    }

    /// Whether the session ended because the server is stopping.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the session ended because the player sent nothing for too long.
    #[must_use]
    pub fn idled(&self) -> bool {
        self.idled
    }

    fn take(&mut self, input: Input) -> Option<Event> {
        match input {
            Input::Event(event) => Some(event),
            Input::Stop => {
                self.closed = true;
                self.stopped = true;
                None
            }
            Input::Wake => None,
        }
    }
}

impl EventSource for RemoteEvents {
    fn next(&mut self, timeout: Option<Duration>) -> std::io::Result<Option<Event>> {
        if self.closed {
            return Ok(None);
        }
        let idle_left = self.idle_limit.saturating_sub(self.last_input.elapsed());
        let wait = timeout.map_or(idle_left, |timeout| timeout.min(idle_left));
        let received = self.input.recv_timeout(wait).map_err(|err| match err {
            RecvTimeoutError::Timeout => TryRecvError::Empty,
            RecvTimeoutError::Disconnected => TryRecvError::Disconnected,
        });
        match received {
            Ok(Input::Wake) => Ok(None),
            Ok(input) => {
                self.last_input = Instant::now();
                Ok(self.take(input))
            }
            Err(TryRecvError::Empty) if self.last_input.elapsed() >= self.idle_limit => {
                self.closed = true;
                self.idled = true;
                Ok(None)
            }
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => {
                self.closed = true;
                Ok(None)
            }
        }
    }

    fn closed(&self) -> bool {
        self.closed
    }

    fn set_mouse_capture(&mut self, on: bool) -> std::io::Result<()> {
        use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
        if on {
            ratatui::crossterm::execute!(self.output, EnableMouseCapture)
        } else {
            ratatui::crossterm::execute!(self.output, DisableMouseCapture)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backend_measures_the_channel_window_and_draws_into_the_queue() {
        let (frames, mut queued) = tokio::sync::mpsc::channel(4);
        let size = SharedSize::new(30, 10);
        let mut terminal =
            ratatui::Terminal::new(RemoteBackend::new(ChannelOutput::new(frames), size.clone()))
                .expect("a remote terminal");
        terminal
            .draw(|frame| {
                frame.render_widget(ratatui::widgets::Paragraph::new("hello"), frame.area());
            })
            .expect("drawn");
        let frame = queued.try_recv().expect("one frame sent");
        assert!(String::from_utf8_lossy(&frame).contains("hello"));
        size.set(50, 20);
        let drawn = terminal.draw(|_| {}).expect("drawn");
        assert_eq!(drawn.area, ratatui::layout::Rect::new(0, 0, 50, 20));
    }

    #[test]
    fn a_gone_connection_is_a_broken_pipe_and_a_closed_input_ends_the_events() {
        let (frames, queued) = tokio::sync::mpsc::channel(1);
        drop(queued);
        let mut output = ChannelOutput::new(frames);
        output.write_all(b"x").expect("buffered");
        let err = output.flush().expect_err("nobody reads");
        assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe);

        let (sender, input) = std::sync::mpsc::channel();
        let mut events = RemoteEvents::new(input, output.clone(), Duration::from_secs(60));
        sender.send(Input::Stop).expect("sent");
        assert_eq!(events.next(None).expect("no error"), None);
        assert!(events.closed() && events.stopped() && !events.idled());

        // Nothing from the player for the idle limit: the source closes, and says why.
        let (_sender, input) = std::sync::mpsc::channel();
        let mut events = RemoteEvents::new(input, output, Duration::from_millis(30));
        while !events.closed() {
            assert_eq!(events.next(None).expect("no error"), None);
        }
        assert!(events.idled() && !events.stopped());
    }
}
