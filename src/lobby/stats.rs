//! The Statistics screen: each game's records as a table, one game at a time (Left/Right or a
//! click on the arrows), scrolled with Up/Down, Page Up/Down, Home/End or the wheel when a
//! game's table is taller than the terminal. A terminal wide enough for two columns of
//! tables shows as many games as fit side by side, starting from the chosen one.
//! `parlor stats` prints the same tables.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use crate::games::registry::{GameEntry, Registry};
use crate::save::records::Records;
use crate::screen::{Ctx, KeyHint, Screen, Transition};
use crate::stats_report::{Row, section_within};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::scroll::scroll_step;

/// Width of one column of tables when a big terminal shows several games at once.
const GRID_COLUMN: u16 = 64;

/// On a terminal wide enough for two columns of tables or more: the games shown at once,
/// from `first` on (in menu order, wrapping), each whole table (title first) stacked in a
/// column while it fits, then the next column. `None` when only one column fits, where the
/// screen shows one game and scrolls.
fn grid(
    games: &[&'static GameEntry],
    first: usize,
    table: Rect,
    records: &Records,
) -> Option<Vec<(Rect, Vec<Row>)>> {
    let columns = table.width / GRID_COLUMN;
    if columns < 2 {
        return None;
    }
    let sections: Vec<Vec<Row>> = (0..games.len())
        .map(|offset| {
            section_within(
                records,
                games[(first + offset) % games.len()],
                usize::from(GRID_COLUMN - 2),
            )
        })
        .collect();
    // The shortest columns that still take every table (within the screen's height), so
    // the tables spread over the width instead of filling the first column.
    let heights: Vec<u16> = sections.iter().map(|rows| rows.len() as u16).collect();
    let per_column = (1..=table.height)
        .find(|&limit| columns_needed(&heights, limit) <= columns)
        .unwrap_or(table.height);
    let limit = table.y + per_column;
    let mut placed = Vec::new();
    let (mut column, mut y) = (0, table.y);
    for rows in sections {
        let height = rows.len() as u16;
        if y > table.y && y + height > limit {
            column += 1;
            y = table.y;
        }
        if column >= columns || y + height > table.bottom() {
            break;
        }
        let x = table.x + column * GRID_COLUMN;
        placed.push((Rect::new(x, y, GRID_COLUMN - 2, height), rows));
        y += height + 1;
    }
    Some(placed)
}

/// How many columns of at most `limit` rows the tables of these heights take, stacked in
/// order with a blank row between them (a table taller than `limit` gets a column of its own).
fn columns_needed(heights: &[u16], limit: u16) -> u16 {
    let mut columns = 1;
    let mut used = 0;
    for &height in heights {
        if used > 0 && used + height > limit {
            columns += 1;
            used = 0;
        }
        used += height + 1;
    }
    columns
}

/// The Statistics screen.
#[derive(Debug)]
pub struct StatsScreen {
    /// The game shown, an index into the registry's games.
    game: usize,
    /// How many rows the table is scrolled down.
    scroll: usize,
    /// The games whose tables it shows.
    games: Registry,
}

struct StatsLayout {
    previous: Rect,
    title: Rect,
    next: Rect,
    table: Rect,
    footer: Rect,
}

impl StatsScreen {
    /// The screen showing the first game.
    #[must_use]
    pub fn new(games: Registry) -> Self {
        Self {
            game: 0,
            scroll: 0,
            games,
        }
    }

    fn layout(area: Rect) -> StatsLayout {
        let [top, _, table, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [previous, title, next] = Layout::horizontal([
            Constraint::Length(3),
            Constraint::Min(1),
            Constraint::Length(3),
        ])
        .areas(top);
        StatsLayout {
            previous,
            title,
            next,
            table,
            footer,
        }
    }

    fn rows(&self, ctx: &Ctx) -> Vec<Row> {
        // The game's title is in the top line, between the arrows.
        let width = Self::layout(ctx.area).table.width;
        section_within(
            &ctx.records,
            self.games.games()[self.game],
            usize::from(width),
        )
        .into_iter()
        .skip(1)
        .collect()
    }

    fn max_scroll(&self, ctx: &Ctx) -> usize {
        let table = Self::layout(ctx.area).table;
        if grid(self.games.games(), self.game, table, &ctx.records).is_some() {
            // Whole tables side by side: nothing to scroll.
            return 0;
        }
        let height = usize::from(table.height);
        self.rows(ctx).len().saturating_sub(height)
    }

    fn turn(&mut self, forward: bool) {
        let count = self.games.games().len();
        self.game = if forward {
            (self.game + 1) % count
        } else {
            (self.game + count - 1) % count
        };
        self.scroll = 0;
    }

    /// One game's table, scrolled, with the game's title between the arrows.
    fn render_one(&self, frame: &mut Frame, layout: &StatsLayout, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let title = format!(
            "Statistics: {} ({}/{})",
            self.games.games()[self.game].title,
            self.game + 1,
            self.games.games().len()
        );
        frame.render_widget(
            Paragraph::new(Line::styled(title, theme.title))
                .alignment(ratatui::layout::Alignment::Center),
            layout.title,
        );
        let rows = self.rows(ctx);
        let more_below = rows.len() > self.scroll + usize::from(layout.table.height);
        let lines: Vec<Line> = rows
            .iter()
            .skip(self.scroll)
            .take(usize::from(layout.table.height))
            .map(|row| {
                let style = if row.heading { theme.title } else { theme.text };
                Line::styled(
                    crate::core::text::truncate(&row.text, usize::from(layout.table.width)),
                    style,
                )
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), layout.table);
        if self.scroll > 0 || more_below {
            let mark = format!(
                "rows {}-{} of {}",
                self.scroll + 1,
                (self.scroll + usize::from(layout.table.height)).min(rows.len()),
                rows.len()
            );
            let width = mark.len() as u16;
            let spot = Rect::new(
                layout.table.right().saturating_sub(width),
                layout.table.y.saturating_sub(1),
                width,
                1,
            )
            .intersection(area);
            frame.render_widget(Paragraph::new(Line::styled(mark, theme.dim)), spot);
        }
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Left, Action::Right]), "game"),
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "scroll"),
            KeyHint::essential(keys.key_name(Action::Back), "back").sends(Action::Back),
        ]
    }
}

impl Screen for StatsScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if let Some(mouse) = event.mouse() {
            let layout = Self::layout(ctx.area);
            match mouse.kind {
                MouseKind::Click if layout.previous.contains(mouse.position()) => {
                    self.turn(false);
                }
                MouseKind::Click if layout.next.contains(mouse.position()) => self.turn(true),
                _ => {}
            }
        }
        let page = usize::from(Self::layout(ctx.area).table.height);
        if let Some(top) = scroll_step(event, self.scroll, self.max_scroll(ctx), page) {
            self.scroll = top;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Left | Action::PrevItem | Action::PrevField) => self.turn(false),
            Some(Action::Right | Action::NextItem | Action::NextField) => self.turn(true),
            Some(Action::Back | Action::Quit) => return Transition::Pop(None),
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let layout = Self::layout(area);
        frame.render_widget(
            Paragraph::new(Line::styled(theme.glyph(" ◀", " <"), theme.cursor)),
            layout.previous,
        );
        frame.render_widget(
            Paragraph::new(Line::styled(theme.glyph("▶ ", "> "), theme.cursor)),
            layout.next,
        );
        let games = self.games.games();
        if let Some(cells) = grid(games, self.game, layout.table, &ctx.records) {
            let last = (self.game + cells.len().max(1) - 1) % games.len();
            let title = format!(
                "Statistics: {} to {} ({} of {})",
                games[self.game].title,
                games[last].title,
                cells.len(),
                games.len()
            );
            frame.render_widget(
                Paragraph::new(Line::styled(title, theme.title))
                    .alignment(ratatui::layout::Alignment::Center),
                layout.title,
            );
            for (rect, rows) in cells {
                let lines: Vec<Line> = rows
                    .iter()
                    .map(|row| {
                        let style = if row.heading { theme.title } else { theme.text };
                        Line::styled(
                            crate::core::text::truncate(&row.text, usize::from(rect.width)),
                            style,
                        )
                    })
                    .collect();
                frame.render_widget(Paragraph::new(lines), rect);
            }
        } else {
            self.render_one(frame, &layout, area, ctx);
        }
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((Self::layout(area).footer, Self::hints(ctx)))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 8)
    }
}
