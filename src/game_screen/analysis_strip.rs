//! The analysis strip: what each legal move is worth, under the board. The values come from
//! [`crate::core::Game::move_values`] on a background thread; the strip shows each report as
//! it arrives, and any change of position drops the work (cancelling it) and starts again.
//! Input is never held up: the event loop only polls.

use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::game_ui::GameUi;
use super::pending::{Analysis, Move};
use super::screen::GameScreen;
use crate::core::{Game, MoveValue, MoveValues, Rules};
use crate::screen::Ctx;
use crate::ui::input::Action;
use crate::ui::theme::Theme;

/// How often a running analysis is polled for new reports.
const POLL_EVERY: Duration = Duration::from_millis(100);

/// Columns between two values on the strip.
const GAP: &str = "  ";

impl<U: GameUi> GameScreen<U> {
    /// The analysis key: shows the strip (and starts the analysis) or hides it.
    pub(super) fn toggle_analysis(&mut self, ctx: &Ctx) {
        if !U::Game::HAS_ANALYSIS {
            let keys = &ctx.config.keymap;
            self.message = Some(if U::Game::is_puzzle() {
                format!(
                    "Puzzles have no analysis strip: {} gives a hint.",
                    keys.key_name(Action::Hint)
                )
            } else {
                format!("{} has no analysis.", U::Game::TITLE)
            });
            return;
        }
        if self.analysis.take().is_some() {
            self.message = Some("Analysis hidden.".into());
            return;
        }
        self.analysis = Some(Analysis::idle());
        self.restart_analysis();
        self.message = if self.layout(ctx.area).analysis.is_none() {
            Some("No room for the analysis strip: make the terminal taller.".into())
        } else {
            None
        };
    }

    /// A new position (or the strip just shown): forget the old values, cancel their search
    /// and start one for the position on screen, unless the game is over or the computer is
    /// to move (its own search needs the processor; the strip resumes on a person's turn).
    pub(super) fn restart_analysis(&mut self) {
        let Some(analysis) = self.analysis.as_mut() else {
            return;
        };
        *analysis = Analysis::idle();
        let state = self.history.current();
        if state.outcome().is_some() || self.computer_to_move().is_some() {
            return;
        }
        let state = state.clone();
        let params = self.params.clone();
        let Some(analysis) = self.analysis.as_mut() else {
            return;
        };
        analysis.updates = Some(self.pool.updates(move |cancel, report| {
            U::Game::move_values(&state, &params, cancel, report);
        }));
        analysis.next_poll = Some(self.now + POLL_EVERY);
    }

    /// When the strip next wants a poll.
    pub(super) fn analysis_deadline(&self) -> Option<Instant> {
        self.analysis
            .as_ref()
            .filter(|a| a.updates.is_some())
            .and_then(|a| a.next_poll)
    }

    /// A tick: take the newest report of a running analysis.
    pub(super) fn poll_analysis(&mut self, now: Instant) {
        let Some(analysis) = self.analysis.as_mut() else {
            return;
        };
        if analysis.next_poll.is_none_or(|t| t > now) {
            return;
        }
        let Some(updates) = analysis.updates.as_ref() else {
            return;
        };
        let (report, ended) = updates.drain();
        analysis.polls = analysis.polls.wrapping_add(1);
        if let Some(values) = report {
            analysis.values = Some(values);
        }
        if ended {
            analysis.updates = None;
            analysis.next_poll = None;
        } else {
            analysis.next_poll = Some(now + POLL_EVERY);
        }
    }

    /// The best move by the finished analysis of this position, for the hint: no search
    /// needed when the strip already knows every value.
    pub(super) fn analysed_best(&self) -> Option<(Move<U>, MoveValue)> {
        let analysis = self.analysis.as_ref()?;
        if analysis.updates.is_some() {
            return None;
        }
        analysis.values.as_ref()?.best()
    }

    /// Whether the strip is shown (tests and the footer).
    pub(super) fn analysis_shown(&self) -> bool {
        self.analysis.is_some()
    }

    /// Draws the strip: a heading (whose move, exact or how deep, still thinking) over the
    /// values best first, as many as fit; on one row, the values alone.
    pub(super) fn render_analysis(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let Some(analysis) = self.analysis.as_ref() else {
            return;
        };
        let theme = &ctx.theme;
        let width = usize::from(area.width);
        let running = analysis.updates.is_some();
        let state = self.history.current();
        let spin = ["|", "/", "-", "\\"][analysis.polls % 4];
        let known = analysis
            .values
            .as_ref()
            .is_some_and(|v| v.moves.iter().any(|(_, value)| value.is_some()));
        let note = if state.outcome().is_some() {
            Some("The game is over: no moves to value.".to_string())
        } else if self.computer_to_move().is_some() {
            Some("The analysis resumes on your turn.".to_string())
        } else if !known {
            Some(format!("Working out what each move is worth… {spin}"))
        } else {
            None
        };
        // In the side panel's foot (taller than the strip's two rows, a panel's width): a box
        // like the panel's others, heading and values wrapped to its width.
        if area.height > super::layout::STRIP_ROWS {
            let block = Block::new()
                .borders(Borders::ALL)
                .border_set(theme.border_set())
                .border_style(theme.border)
                .title(Line::styled(" Analysis ", theme.title));
            let inner = block.inner(area);
            let width = usize::from(inner.width).saturating_sub(1);
            let rows = usize::from(inner.height);
            let mut lines: Vec<Line> =
                crate::core::text::wrap(&self.analysis_heading(analysis, spin), width)
                    .into_iter()
                    .map(|row| Line::styled(format!(" {row}"), theme.dim))
                    .collect();
            lines.truncate(rows.saturating_sub(1).max(1));
            let left = rows.saturating_sub(lines.len());
            match (note, analysis.values.as_ref()) {
                (Some(note), _) => lines.extend(
                    crate::core::text::wrap(&note, width)
                        .into_iter()
                        .take(left)
                        .map(|row| Line::styled(format!(" {row}"), theme.dim)),
                ),
                (None, None) => {}
                (None, Some(values)) => {
                    lines.extend(self.values_lines(values, " ", width + 1, left, theme));
                }
            }
            frame.render_widget(Paragraph::new(lines).block(block), area);
            return;
        }
        let mut lines = Vec::new();
        if area.height >= 2 {
            lines.push(Line::styled(
                crate::core::text::truncate(&self.analysis_heading(analysis, spin), width),
                theme.dim,
            ));
        }
        match (note, analysis.values.as_ref()) {
            (Some(note), _) => {
                lines.push(Line::styled(
                    crate::core::text::truncate(&format!(" {note}"), width),
                    theme.dim,
                ));
            }
            (None, None) => {}
            (None, Some(values)) => {
                let prefix = if area.height >= 2 {
                    " ".to_string()
                } else if running {
                    format!(" {spin} ")
                } else {
                    " Values: ".to_string()
                };
                lines.extend(self.values_lines(values, &prefix, width, 1, theme));
            }
        }
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// "Move values for Alice (x), best first · exact · thinking /".
    fn analysis_heading(&self, analysis: &Analysis<U>, spin: &str) -> String {
        let state = self.history.current();
        let who = state
            .to_move()
            .and_then(|seat| self.players.at(seat).map(|p| (seat, p)))
            .map(|(seat, player)| {
                crate::core::text::name_with_label(&player.name, U::Game::seat_label(seat))
            })
            .unwrap_or_default();
        let values = analysis
            .values
            .as_ref()
            .filter(|v| v.moves.iter().any(|(_, value)| value.is_some()));
        let note = values.and_then(|v| U::Game::analysis_note(state, &self.params, v));
        // A note takes the room of "best first" (the order is the same).
        let mut parts = vec![if note.is_some() {
            format!(" Move values for {who}")
        } else {
            format!(" Move values for {who}, best first")
        }];
        if let Some(values) = values {
            let exact = values
                .moves
                .iter()
                .all(|(_, v)| v.is_none_or(MoveValue::is_exact));
            match (values.depth, note) {
                (Some(depth), note) if !exact => {
                    parts.push(format!("~ searched {depth} deep"));
                    parts.extend(note);
                }
                (_, Some(note)) => parts.push(note),
                (_, None) => parts.push("exact".into()),
            }
            let known = values.moves.iter().filter(|(_, v)| v.is_some()).count();
            if known < values.moves.len() {
                parts.push(format!("{known} of {}", values.moves.len()));
            }
        }
        if analysis.updates.is_some() {
            parts.push(format!("thinking {spin}"));
        }
        parts.join(" · ")
    }

    /// The values, best first, as many as fit in `rows` rows of `width` (each row starting
    /// with `prefix`), then how many more there are.
    fn values_lines(
        &self,
        values: &MoveValues<Move<U>>,
        prefix: &str,
        width: usize,
        rows: usize,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let state = self.history.current();
        let ranked = values.ranked();
        let best = ranked.first().map(|(_, v)| *v);
        let unknown = values.moves.len() - ranked.len();
        let mut lines = Vec::new();
        let mut spans = vec![Span::raw(prefix.to_string())];
        let mut used = crate::core::text::width(prefix);
        let mut first_of_row = true;
        for (i, (mv, value)) in ranked.iter().enumerate() {
            let text = format!("{} {}", self.board.move_label(state, mv), value.short());
            let rest = ranked.len() - i - 1 + unknown;
            let last_row = lines.len() + 1 >= rows;
            // Room for this entry, and on the last row for "+N more" after it unless it is
            // the last entry.
            let more = if rest > 0 && last_row {
                GAP.len() + format!("+{rest} more").len()
            } else {
                0
            };
            let gap = if first_of_row { 0 } else { GAP.len() };
            let needed = gap + crate::core::text::width(&text);
            if used + needed + more > width && !first_of_row {
                if last_row {
                    spans.push(Span::styled(
                        format!("{GAP}+{} more", ranked.len() - i + unknown),
                        theme.dim,
                    ));
                    lines.push(Line::from(spans));
                    return lines;
                }
                lines.push(Line::from(std::mem::take(&mut spans)));
                spans.push(Span::raw(prefix.to_string()));
                used = crate::core::text::width(prefix);
                first_of_row = true;
            }
            if !first_of_row {
                spans.push(Span::raw(GAP));
                used += GAP.len();
            }
            let style = if Some(*value) == best {
                theme.good
            } else if matches!(value, MoveValue::Loss(_)) {
                theme.dim
            } else {
                theme.text
            };
            used += crate::core::text::width(&text);
            spans.push(Span::styled(text, style));
            first_of_row = false;
        }
        if unknown > 0 {
            spans.push(Span::styled(format!("{GAP}{unknown} more…"), theme.dim));
        }
        lines.push(Line::from(spans));
        lines
    }
}
