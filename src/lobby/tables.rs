//! The menu's "Join a table" (a served arcade, issue 39): the server's open tables, one per
//! line (code, game, host, seats), chosen with the list keys and Enter or a click; a full
//! table is watched. The last line asks for a table's code instead, for a code read out by
//! a friend. An empty list says so and how to open a table.
//!
//! The list is what the app last read from the server's tables into
//! [`Ctx::open_tables`](crate::screen::Ctx): this screen asks for a fresh read when it opens
//! and every few seconds while it is shown ([`Effect::RefreshTables`]), and never reads the
//! tables itself.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use crate::games::registry::Registry;
use crate::modal::prompt::Prompt;
use crate::screen::{Ctx, Effect, Reply, Screen, Transition};
use crate::table::{Listing, TableCode};
use crate::ui::input::{Action, Event};
use crate::ui::picker::{Picked, Picker};

/// The widest the list is drawn.
const WIDTH: u16 = 72;

/// How often the list is read again while it is shown.
const REFRESH: Duration = Duration::from_secs(2);

/// The rows the explanation above the list takes (the empty list's; one otherwise).
const NOTE_ROWS: u16 = 4;

/// The last line of the list: a code typed instead.
const TYPE_A_CODE: &str = "Type a table's code…";

/// The open tables of the server, to join or watch.
pub struct TableList {
    picker: Picker,
    games: Registry,
    /// The refusal of the last join, or a mistyped code, said on the hint line.
    message: Option<String>,
    /// The code prompt is open (its reply is a code).
    asking: bool,
    /// When the list is read again.
    next_refresh: Option<Instant>,
}

/// Where the list's parts are, for drawing and for the mouse alike.
struct TablesLayout {
    note: Rect,
    list: Rect,
}

impl TableList {
    /// The list, with a first read of the tables asked for.
    #[must_use]
    pub fn new(games: Registry, ctx: &mut Ctx) -> Self {
        ctx.effect(Effect::RefreshTables);
        Self {
            picker: Picker::default(),
            games,
            message: None,
            asking: false,
            next_refresh: None,
        }
    }

    /// The list's lines: a table each, then the line to type a code.
    fn entries(&self, ctx: &Ctx) -> Vec<String> {
        ctx.open_tables
            .iter()
            .map(|listing| self.entry(listing))
            .chain(std::iter::once(format!(" {TYPE_A_CODE}")))
            .collect()
    }

    fn entry(&self, listing: &Listing) -> String {
        let title = self
            .games
            .find(&listing.game)
            .map_or(listing.game.as_str(), |game| game.title);
        let what = if listing.yours {
            "your seat"
        } else if listing.seats.starts_with('2') {
            "watch"
        } else {
            "join"
        };
        let host = crate::core::text::truncate(&crate::core::text::sanitize(&listing.host), 18);
        format!(
            " {}  {:<14} {:<18} {} {what}",
            listing.code, title, host, listing.seats
        )
    }

    /// The note above the list and the list's frame in `area`: one geometry for drawing and
    /// hit-testing.
    fn layout(area: Rect, count: usize, empty: bool) -> TablesLayout {
        let note_rows = if empty { NOTE_ROWS } else { 1 }.min(area.height / 3);
        let list_rows = u16::try_from(count)
            .unwrap_or(u16::MAX)
            .saturating_add(3)
            .min(area.height.saturating_sub(note_rows));
        let width = WIDTH.min(area.width);
        let block = crate::ui::layout::centered(area, width, note_rows + list_rows);
        TablesLayout {
            note: Rect::new(block.x, block.y, block.width, note_rows),
            list: Rect::new(block.x, block.y + note_rows, block.width, list_rows),
        }
    }

    fn note(ctx: &Ctx) -> String {
        if ctx.open_tables.is_empty() {
            "No table is open on this server. To open one, start a two-player game \
             (Connect Four, Reversi, Checkers, Pentago) and choose \"Online: open a table\" \
             as the second player, then give its code to a friend."
                .into()
        } else {
            "Choose a table to join, or a full one to watch.".into()
        }
    }

    fn code_prompt() -> Prompt {
        Prompt::new("Join a table", "The table's code (its host sees it):")
    }

    /// Sits at the table of a typed code, or asks again with the reason.
    fn join_typed(&mut self, text: &str, ctx: &mut Ctx) -> Transition {
        match text.parse::<TableCode>() {
            Ok(code) => self.join(code, ctx),
            Err(err) => {
                // Said in the prompt itself, which covers the list, with the text to correct.
                self.asking = true;
                Transition::Push(Box::new(
                    Prompt::new(
                        "Join a table",
                        format!("That is not a table's code: {err}. The table's code:"),
                    )
                    .with_value(text),
                ))
            }
        }
    }

    fn join(&mut self, code: TableCode, ctx: &mut Ctx) -> Transition {
        self.message = None;
        ctx.effect(Effect::JoinTable(code));
        Transition::Stay
    }

    fn hint(&self, ctx: &Ctx) -> String {
        self.message.clone().unwrap_or_else(|| {
            let keys = &ctx.config.keymap;
            format!(
                "{} join · {} back",
                keys.key_name(Action::Confirm),
                keys.key_name(Action::Back)
            )
        })
    }
}

impl Screen for TableList {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let entries = self.entries(ctx);
        let layout = Self::layout(ctx.area, entries.len(), ctx.open_tables.is_empty());
        match self.picker.handle(event, layout.list, entries.len()) {
            Picked::Chosen(index) => {
                return match ctx.open_tables.get(index) {
                    Some(listing) => {
                        let code = listing.code;
                        self.join(code, ctx)
                    }
                    None => {
                        self.asking = true;
                        Transition::Push(Box::new(Self::code_prompt()))
                    }
                };
            }
            Picked::Moved => return Transition::Stay,
            Picked::Ignored => {}
        }
        match event.action() {
            Some(Action::Back | Action::Quit) => Transition::Pop(None),
            _ => Transition::Stay,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let entries = self.entries(ctx);
        let layout = Self::layout(area, entries.len(), ctx.open_tables.is_empty());
        frame.render_widget(
            Paragraph::new(Line::styled(Self::note(ctx), ctx.theme.text))
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true }),
            layout.note,
        );
        let title = format!("Open tables ({})", ctx.open_tables.len());
        self.picker.render(
            frame,
            layout.list,
            &title,
            &entries,
            &self.hint(ctx),
            &ctx.theme,
        );
    }

    fn deadline(&self) -> Option<Instant> {
        self.next_refresh
    }

    fn tick(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        ctx.effect(Effect::RefreshTables);
        self.next_refresh = Some(now + REFRESH);
        Transition::Stay
    }

    fn sync(&mut self, ctx: &Ctx) {
        // The list may have shrunk under the cursor.
        self.picker.cursor = self.picker.cursor.min(ctx.open_tables.len());
        if self.next_refresh.is_none() {
            self.next_refresh = Some(ctx.instant + REFRESH);
        }
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        let asked = std::mem::take(&mut self.asking);
        ctx.effect(Effect::RefreshTables);
        match reply {
            Some(Reply::Text(text)) if asked => self.join_typed(&text, ctx),
            Some(Reply::Failed(why)) => {
                self.message = Some(why);
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 8)
    }
}
