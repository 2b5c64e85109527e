//! The game screen's side panel: the players and the game's own lines on top, the move
//! history below, scrolled back with the wheel or Page Up/Down.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::game_ui::GameUi;
use super::screen::GameScreen;
use crate::core::{Game, Rules, Seat};
use crate::screen::Ctx;
use crate::ui::input::{Action, MouseKind};
use crate::ui::theme::Theme;

/// History rows one wheel notch scrolls.
const HISTORY_WHEEL: usize = 3;

impl<U: GameUi> GameScreen<U> {
    /// The wheel over the side panel scrolls the history.
    pub(super) fn scroll_side(&mut self, kind: MouseKind, side: Rect, ctx: &Ctx) {
        let step = match kind {
            MouseKind::ScrollUp => Some(Action::PageUp),
            MouseKind::ScrollDown => Some(Action::PageDown),
            _ => None,
        };
        if let Some(action) = step {
            self.scroll_history(action, HISTORY_WHEEL, side, &ctx.theme);
        }
    }

    /// Scrolls the history panel back (`PageUp`) or forward by `rows`, never before the first
    /// move nor past the latest.
    pub(super) fn scroll_history(
        &mut self,
        action: Action,
        rows: usize,
        side: Rect,
        theme: &Theme,
    ) {
        let [_, moves_area] = self.side_split(side, theme);
        let latest = self.history_latest(moves_area);
        self.history_back = match action {
            Action::PageUp => (self.history_back + rows).min(latest),
            _ => self.history_back.saturating_sub(rows),
        };
    }

    /// The move (its index, 0 the first) whose history row is at `position`, when the side
    /// panel is shown there: review's click on a move.
    pub(super) fn history_row_at(
        &self,
        position: ratatui::layout::Position,
        ctx: &Ctx,
    ) -> Option<usize> {
        let side = self.layout(ctx.area).side()?;
        let [_, moves_area] = self.side_split(side, &ctx.theme);
        let inner = Block::new().borders(Borders::ALL).inner(moves_area);
        if !inner.contains(position) {
            return None;
        }
        let skip = self
            .history_latest(moves_area)
            .saturating_sub(self.history_back);
        let index = skip + usize::from(position.y - inner.y);
        (index < self.history.len()).then_some(index)
    }

    /// The side panel's two boxes: the game box (as tall as its lines) and the history below.
    /// Drawing and the history's scrolling both use it.
    fn side_split(&self, area: Rect, theme: &Theme) -> [Rect; 2] {
        let top_height = self.game_box_lines(area, theme).len() as u16 + 2;
        Layout::vertical([Constraint::Length(top_height), Constraint::Min(0)]).areas(area)
    }

    /// The first history row shown when not scrolled back: the window then ends at the
    /// current move (in review, a third of the window further: the moves to come can be
    /// seen and clicked).
    fn history_latest(&self, moves_area: Rect) -> usize {
        let visible = usize::from(moves_area.height.saturating_sub(2));
        let ahead = if self.in_review() { visible / 3 } else { 0 };
        (self.history.applied() + ahead)
            .min(self.history.len())
            .max(visible)
            .saturating_sub(visible)
            .min(self.history.len().saturating_sub(visible))
    }

    /// The lines of the side panel's game box: players, the game's status lines, moves.
    fn game_box_lines(&self, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
        let state = self.history.current();
        let mut lines: Vec<Line> = Vec::new();
        let to_move = state.to_move();
        for (i, player) in self.players.0.iter().enumerate() {
            let seat = seat_of(i);
            let arrow = if to_move == Some(seat) {
                theme.glyph("▶ ", "> ")
            } else {
                "  "
            };
            let mut spans = vec![Span::styled(arrow, theme.selected)];
            spans.extend(seat_label::<U>(theme, seat, &player.name));
            // The name gets what the panel's border, the arrow and the label leave; a longer
            // one wraps under itself ("Computer" then "(Casual)"), never losing its bracket.
            let used: usize = spans
                .iter()
                .map(|span| crate::core::text::width(&span.content))
                .sum();
            let room = usize::from(area.width.saturating_sub(2)).saturating_sub(used);
            let style = if to_move == Some(seat) {
                theme.selected
            } else {
                theme.text
            };
            let mut rows = crate::core::text::wrap(&player.name, room.max(1)).into_iter();
            spans.push(Span::styled(rows.next().unwrap_or_default(), style));
            lines.push(Line::from(spans));
            lines.extend(rows.map(|row| {
                Line::from(vec![Span::raw(" ".repeat(used)), Span::styled(row, style)])
            }));
        }
        // The game's lines wrap to the panel (a puzzle's "Best move: +16 · black to play");
        // only a word wider than the whole panel ends in an ellipsis.
        let room = usize::from(area.width.saturating_sub(2));
        let mut facts = Vec::new();
        if self.players.0.is_empty() {
            facts.push(U::Game::describe(&self.params));
        }
        facts.extend(U::Game::status_lines(state, &self.params));
        for fact in facts {
            // A line that fits is kept as the game laid it out (its own indents).
            let rows = if crate::core::text::width(&fact) <= room {
                vec![fact]
            } else {
                crate::core::text::wrap_hanging(&fact, room, 2)
            };
            lines.extend(rows.into_iter().map(|row| Line::styled(row, theme.text)));
        }
        lines.push(Line::styled(
            format!("Moves played: {}", self.history.applied()),
            theme.dim,
        ));
        if let Some(outcome) = state.outcome() {
            // The result and what comes next, in the panel rather than over the board.
            let room = usize::from(area.width.saturating_sub(2));
            lines.push(Line::default());
            for line in crate::core::text::wrap(&self.outcome_sentence(outcome), room) {
                lines.push(Line::styled(line, theme.good));
            }
        }
        lines
    }

    /// The folded panel: the players on one line, the game's status lines and the move count
    /// on the next, and where the history went.
    pub(super) fn render_strip(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let state = self.history.current();
        let to_move = state.to_move();
        let mut players: Vec<Span> = vec![Span::raw(" ")];
        for (i, player) in self.players.0.iter().enumerate() {
            let seat = seat_of(i);
            let turn = to_move == Some(seat);
            if i > 0 {
                players.push(Span::styled(" vs ", theme.dim));
            }
            if turn {
                players.push(Span::styled(theme.glyph("▶ ", "> "), theme.selected));
            }
            players.extend(seat_label::<U>(theme, seat, &player.name));
            players.push(Span::styled(
                crate::core::text::truncate(&player.name, 20),
                if turn { theme.selected } else { theme.text },
            ));
        }
        if self.players.0.is_empty() {
            players.push(Span::styled(U::Game::describe(&self.params), theme.text));
        }
        let keys = &ctx.config.keymap;
        let mut facts = U::Game::status_lines(state, &self.params);
        facts.push(format!("moves {}", self.history.applied()));
        facts.push(format!("{} history", keys.key_name(Action::PageUp)));
        let width = usize::from(area.width);
        let lines = vec![
            Line::from(players),
            Line::styled(
                crate::core::text::truncate(&format!(" {}", facts.join(" · ")), width),
                theme.dim,
            ),
        ];
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// The move history as an overlay, for when the side panel is folded away.
    pub(super) fn history_overlay(&self, ctx: &Ctx) -> crate::modal::help::HelpOverlay {
        let entries = self.history_texts();
        let lines = if entries.is_empty() {
            vec!["No moves yet.".to_string()]
        } else {
            entries
        };
        crate::modal::help::HelpOverlay::new(format!("{} — moves", U::Game::TITLE), "")
            .with_lines(lines)
            .with_keys(&[crate::screen::KeyHint::essential(
                ctx.config.keymap.key_name(Action::Back),
                "close",
            )])
    }

    /// One text per move played or undone: number, seat label, the move in notation.
    fn history_texts(&self) -> Vec<String> {
        self.history
            .all_moves()
            .enumerate()
            .map(|(i, (before, mv))| {
                let seat = before
                    .to_move()
                    .map(U::Game::seat_label)
                    .filter(|l| !l.is_empty())
                    .map(|l| format!("{l} "))
                    .unwrap_or_default();
                format!("{:>3}. {seat}{}", i + 1, self.board.move_label(before, mv))
            })
            .collect()
    }

    /// One history row: number, seat label, the move in notation, and the current-move mark.
    fn history_line(&self, index: usize, text: String, theme: &Theme) -> Line<'static> {
        let applied = self.history.applied();
        let style = if index + 1 == applied {
            theme.selected
        } else if index < applied {
            theme.text
        } else {
            theme.dim
        };
        let marker = if index + 1 == applied {
            theme.glyph("◀", "<")
        } else {
            ""
        };
        Line::from(vec![
            Span::styled(text, style),
            Span::styled(format!(" {marker}"), theme.selected),
        ])
    }

    pub(super) fn render_side(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let lines = self.game_box_lines(area, theme);
        let [top, moves_area] = self.side_split(area, theme);
        frame.render_widget(
            Paragraph::new(lines).block(panel_block(" Game ".into(), theme)),
            top,
        );
        let entries: Vec<Line> = self
            .history_texts()
            .into_iter()
            .enumerate()
            .map(|(i, text)| self.history_line(i, text, theme))
            .collect();
        // Normally the window ends at the current move; scrolled back, it starts earlier.
        let latest = self.history_latest(moves_area);
        let skip = latest.saturating_sub(self.history_back);
        let title = if skip < latest {
            format!(" History {} ", theme.glyph("↓", "v"))
        } else {
            " History ".to_string()
        };
        frame.render_widget(
            Paragraph::new(entries.into_iter().skip(skip).collect::<Vec<_>>())
                .block(panel_block(title, theme)),
            moves_area,
        );
    }
}

/// A titled box of the side panel.
fn panel_block(title: String, theme: &Theme) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border_set())
        .border_style(theme.border)
        .title(Line::styled(title, theme.title))
}

/// A seat's label before a player's name ("black "), as the side panel and the strip show it.
/// On a board with colours of its own a piece comes first, in its colours on the board's
/// square, and the label is plain text (letters on the square's colour would not meet the
/// text contrast); elsewhere the label is in the theme's seat colour. A player whose name is
/// the label (Reversi's default "Black") is not labelled twice: the piece alone, or nothing.
fn seat_label<U: GameUi>(theme: &Theme, seat: Seat, name: &str) -> Vec<Span<'static>> {
    let label = U::Game::seat_label(seat);
    if label.is_empty() {
        return Vec::new();
    }
    let label = if name.eq_ignore_ascii_case(label) {
        String::new()
    } else {
        format!("{label} ")
    };
    match U::PAINTS.and_then(|paints| theme.board(paints)) {
        Some(colors) => vec![
            Span::styled("●", colors.seat(seat)),
            Span::styled(format!(" {label}"), theme.text),
        ],
        None if label.is_empty() => Vec::new(),
        None => vec![Span::styled(label, theme.seat(seat))],
    }
}

/// The seat of a player index (0 the first).
fn seat_of(index: usize) -> Seat {
    if index == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}
