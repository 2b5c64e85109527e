//! The games of a record file that holds several (a PDN collection, a WTHOR year): listed
//! with their players, event, date and result, filtered by `/`, one opened with Enter or a
//! click. Games that do not read are listed too, with the reason.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::core::text::truncate;
use crate::games::open_file::{Opened, open_record};
use crate::games::registry::Registry;
use crate::modal::help::HelpOverlay;
use crate::modal::prompt::Prompt;
use crate::record::erased::Imported;
use crate::screen::{Ctx, KeyHint, Reply, Screen, Transition};
use crate::ui::input::{Action, Event};
use crate::ui::list::list_step;

/// The list's help page.
const HELP: &str = include_str!("../../assets/help/game_list.md");

/// The screen of a file's games.
pub struct GameList {
    /// The games whose records it opens.
    registry: Registry,
    name: String,
    games: Vec<Imported>,
    /// Indexes into `games` of the games the filter keeps, in file order.
    shown: Vec<usize>,
    filter: String,
    selected: usize,
    hover: Option<usize>,
    message: Option<String>,
}

/// Where the list and its rows are, for drawing and hit-testing alike.
struct ListLayout {
    block: Rect,
    rows: Vec<Rect>,
    first: usize,
    status: Rect,
    footer: Rect,
}

impl GameList {
    /// The list of `games` read from the file called `name`, opened through `registry`.
    #[must_use]
    pub fn new(name: String, games: Vec<Imported>, registry: Registry) -> Self {
        let shown = (0..games.len()).collect();
        Self {
            registry,
            name,
            games,
            shown,
            filter: String::new(),
            selected: 0,
            hover: None,
            message: None,
        }
    }

    /// The games shown, as their lines: number, label and length, or why they do not read.
    fn line(&self, index: usize) -> String {
        let game = &self.games[index];
        let label = if game.label.is_empty() {
            game.game_title.to_string()
        } else {
            game.label.clone()
        };
        match &game.record {
            Ok(record) => format!("{:>4}. {label} · {} moves", index + 1, record.moves()),
            Err(_) => format!("{:>4}. {label} · does not read", index + 1),
        }
    }

    fn layout(&self, area: Rect) -> ListLayout {
        let [block, status, footer] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let inner = Block::new().borders(Borders::ALL).inner(block);
        let visible = usize::from(inner.height).max(1);
        let selected = self.selected.min(self.shown.len().saturating_sub(1));
        let first = selected
            .saturating_sub(visible - 1)
            .min(self.shown.len().saturating_sub(visible));
        let rows = (0..self.shown.len().saturating_sub(first).min(visible))
            .map(|i| Rect::new(inner.x, inner.y + i as u16, inner.width, 1))
            .collect();
        ListLayout {
            block,
            rows,
            first,
            status,
            footer,
        }
    }

    fn apply_filter(&mut self, filter: String) {
        let needle = filter.to_lowercase();
        self.shown = (0..self.games.len())
            .filter(|&i| needle.is_empty() || self.line(i).to_lowercase().contains(&needle))
            .collect();
        self.filter = filter;
        self.selected = 0;
        self.hover = None;
    }

    fn open(&mut self, ctx: &Ctx) -> Transition {
        let Some(&index) = self.shown.get(self.selected) else {
            return Transition::Stay;
        };
        let game = &self.games[index];
        match &game.record {
            Ok(record) => match open_record(record.as_ref(), game.game, self.registry, ctx) {
                Ok(screen) => Transition::Push(screen),
                Err(err) => {
                    self.message = Some(format!("Cannot open game {}: {err}", index + 1));
                    Transition::Stay
                }
            },
            Err(err) => {
                self.message = Some(format!("Game {} does not read: {err}", index + 1));
                Transition::Stay
            }
        }
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "choose"),
            KeyHint::new(keys.key_name(Action::Confirm), "open").sends(Action::Confirm),
            KeyHint::new("/", "filter").types('/'),
            KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help),
            KeyHint::essential(keys.key_name(Action::Back), "back").sends(Action::Back),
        ]
    }
}

impl Screen for GameList {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let count = self.shown.len();
        if let Some(mouse) = event.mouse() {
            let layout = self.layout(ctx.area);
            let opened = crate::ui::list::list_mouse(
                mouse,
                &layout.rows,
                layout.first,
                self.selected,
                count,
            )
            .apply(&mut self.selected, &mut self.hover);
            return if opened.is_some() {
                self.open(ctx)
            } else {
                Transition::Stay
            };
        }
        if event.text() == Some('/') {
            return Transition::Push(Box::new(
                Prompt::new("Filter games", "Show the games whose line contains:")
                    .with_value(&self.filter),
            ));
        }
        if let Some(next) = event
            .action()
            .and_then(|action| list_step(action, self.selected, count, false))
        {
            self.selected = next;
            self.message = None;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Confirm) => self.open(ctx),
            Some(Action::Help) => Transition::Push(Box::new(
                HelpOverlay::new("Games in a file — help", &ctx.config.keymap.expand(HELP))
                    .with_keys(&Self::hints(ctx)),
            )),
            Some(Action::Back) if !self.filter.is_empty() => {
                self.apply_filter(String::new());
                Transition::Stay
            }
            Some(Action::Back | Action::Quit) => Transition::Pop(None),
            _ => Transition::Stay,
        }
    }

    fn resume(&mut self, reply: Option<Reply>, _ctx: &mut Ctx) -> Transition {
        if let Some(Reply::Text(filter)) = reply {
            self.apply_filter(crate::core::text::sanitize(&filter));
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let layout = self.layout(area);
        let title = if self.filter.is_empty() {
            format!(" {} · {} games ", self.name, self.games.len())
        } else {
            format!(
                " {} · {} of {} games with \"{}\" ",
                self.name,
                self.shown.len(),
                self.games.len(),
                self.filter
            )
        };
        let block = Block::new()
            .borders(Borders::ALL)
            .border_set(theme.border_set())
            .border_style(theme.border)
            .title(Line::styled(
                truncate(&title, usize::from(area.width.saturating_sub(4))),
                theme.title,
            ));
        frame.render_widget(block, layout.block);
        let width = usize::from(layout.block.width.saturating_sub(2));
        for (offset, rect) in layout.rows.iter().enumerate() {
            let position = layout.first + offset;
            let Some(&index) = self.shown.get(position) else {
                continue;
            };
            let selected = position == self.selected.min(self.shown.len().saturating_sub(1));
            let style = if selected {
                theme.cursor
            } else if self.hover == Some(position) {
                theme.hover
            } else if self.games[index].record.is_err() {
                theme.dim
            } else {
                theme.text
            };
            let marker = if selected {
                theme.glyph("▶", ">")
            } else {
                " "
            };
            let text = truncate(&format!("{marker}{}", self.line(index)), width);
            frame.render_widget(Paragraph::new(text).style(style), *rect);
        }
        if self.shown.is_empty() {
            let inner = Block::new().borders(Borders::ALL).inner(layout.block);
            frame.render_widget(
                Paragraph::new("No game matches the filter. Esc shows them all.").style(theme.dim),
                inner,
            );
        }
        let status = self.message.clone().unwrap_or_else(|| {
            self.shown
                .get(self.selected)
                .and_then(|&i| self.games[i].record.as_ref().err())
                .map_or_else(String::new, |err| format!("Does not read: {err}"))
        });
        frame.render_widget(
            Paragraph::new(truncate(
                &format!(" {status}"),
                usize::from(layout.status.width),
            ))
            .style(theme.selected),
            layout.status,
        );
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((self.layout(area).footer, Self::hints(ctx)))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 8)
    }
}

/// The screen a file opens as: its game, or the list of its games (opened through `registry`).
#[must_use]
pub fn screen_of(opened: Opened, registry: Registry) -> Box<dyn Screen> {
    match opened {
        Opened::Game(screen) => screen,
        Opened::Games { name, games } => Box::new(GameList::new(name, games, registry)),
    }
}
