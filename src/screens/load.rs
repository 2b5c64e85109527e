//! The load screen: every save, newest first, with a preview; open, delete, or import a file.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::games::registry;
use crate::modal::dialog::Dialog;
use crate::modal::help::HelpOverlay;
use crate::save::catalog::CatalogEntry;
use crate::screen::{Answer, Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::footer::Footer;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::list::list_step;

/// The load screen's help page.
const HELP: &str = include_str!("../../assets/help/load.md");
use crate::core::text::sanitize;
use crate::modal::prompt::Prompt;
use crate::ui::text::truncate;

/// What a dialog pushed by the load screen is about.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    Delete(String),
    Import,
}

/// The list of saves. ↑/↓ choose, Enter or a click opens, `d` deletes (after asking), `i`
/// imports a game file by path, Esc goes back.
pub struct LoadScreen {
    selected: usize,
    hover: Option<usize>,
    pending: Option<Pending>,
    message: Option<String>,
}

struct LoadLayout {
    list: Rect,
    rows: Vec<Rect>,
    first_row: usize,
    preview: Rect,
    status: Rect,
    footer: Rect,
}

const LIST_WIDTH: u16 = 42;

impl Default for LoadScreen {
    fn default() -> Self {
        Self::new()
    }
}

impl LoadScreen {
    /// The screen with the newest save selected.
    #[must_use]
    pub fn new() -> Self {
        Self {
            selected: 0,
            hover: None,
            pending: None,
            message: None,
        }
    }

    fn layout(&self, area: Rect, count: usize) -> LoadLayout {
        let [title_body, status, footer] = Layout::vertical([
            Constraint::Min(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        // The preview sits beside the list when there is room, under it on narrow terminals.
        let [list, preview] = if title_body.width >= LIST_WIDTH + 24 {
            Layout::horizontal([Constraint::Length(LIST_WIDTH), Constraint::Min(10)])
                .areas(title_body)
        } else {
            Layout::vertical([
                Constraint::Min(6),
                Constraint::Length((title_body.height / 2).min(9)),
            ])
            .areas(title_body)
        };
        let inner = Block::new().borders(Borders::ALL).inner(list);
        let visible = usize::from(inner.height / 2).max(1);
        let first_row = self
            .current(count)
            .saturating_sub(visible - 1)
            .min(count.saturating_sub(visible));
        let rows = (0..count.saturating_sub(first_row).min(visible))
            .map(|i| Rect::new(inner.x, inner.y + 2 * i as u16, inner.width, 2).intersection(inner))
            .collect();
        LoadLayout {
            list,
            rows,
            first_row,
            preview,
            status,
            footer,
        }
    }

    /// The selected row, kept inside the list. A delete shortens the list after this screen
    /// answered, which can leave `selected` past the end until the next key; what is drawn as
    /// selected must be what the keys act on, so everything reads it through here.
    fn current(&self, count: usize) -> usize {
        self.selected.min(count.saturating_sub(1))
    }

    fn selected_entry<'a>(&self, ctx: &'a Ctx) -> Option<&'a CatalogEntry> {
        let entries = ctx.catalog.entries();
        entries.get(self.current(entries.len()))
    }

    fn open(&mut self, ctx: &mut Ctx) -> Transition {
        let Some(entry) = self.selected_entry(ctx) else {
            return Transition::Stay;
        };
        let opened = match (&entry.file, &entry.summary) {
            (Some(file), Ok(_)) => registry::open(file, ctx).map_err(|e| e.to_string()),
            (_, Err(err)) => Err(err.to_string()),
            (None, Ok(_)) => Err("the file could not be read".into()),
        };
        match opened {
            Ok((_, screen)) => {
                log::info!("loaded {}", entry.path.display());
                Transition::Replace(screen)
            }
            Err(err) => {
                log::warn!("cannot load {}: {err}", entry.path.display());
                self.message = Some(format!("Cannot open this save: {err}"));
                Transition::Stay
            }
        }
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "choose"),
            KeyHint::new(keys.key_name(Action::Confirm), "open"),
            KeyHint::new(keys.key_name(Action::Delete), "delete"),
            KeyHint::new("i", "import file"),
            KeyHint::new("x", "export game file"),
            KeyHint::essential(keys.key_name(Action::Help), "help"),
            KeyHint::essential(keys.key_name(Action::Back), "back"),
        ]
    }
}

impl Screen for LoadScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let count = ctx.catalog.entries().len();
        self.selected = self.selected.min(count.saturating_sub(1));
        if let Some(mouse) = event.mouse() {
            let layout = self.layout(ctx.area, count);
            let hit = layout
                .rows
                .iter()
                .position(|r| r.contains(mouse.position()))
                .map(|i| i + layout.first_row);
            match mouse.kind {
                MouseKind::Click => {
                    if let Some(i) = hit {
                        self.selected = i;
                        return self.open(ctx);
                    }
                }
                MouseKind::Hover => self.hover = hit,
                MouseKind::ScrollUp => self.selected = self.selected.saturating_sub(1),
                MouseKind::ScrollDown => {
                    self.selected = (self.selected + 1).min(count.saturating_sub(1));
                }
                MouseKind::RightClick => {}
            }
            return Transition::Stay;
        }
        if event.text() == Some('x') {
            let Some(entry) = self.selected_entry(ctx) else {
                return Transition::Stay;
            };
            let exporter = entry
                .file
                .as_ref()
                .and_then(|f| registry::GAMES.iter().find(|g| g.id == f.game))
                .and_then(|g| g.export);
            match (exporter, &entry.file) {
                (Some(export), Some(file)) => match export(file) {
                    Ok((name, text)) => ctx.effect(Effect::Export { name, text }),
                    Err(err) => self.message = Some(format!("Cannot export: {err}")),
                },
                _ => self.message = Some("This game has no game-file format to export to.".into()),
            }
            return Transition::Stay;
        }
        if event.text() == Some('i') {
            self.pending = Some(Pending::Import);
            return Transition::Push(Box::new(Prompt::new(
                "Import a game file",
                "Path of a Parlor save or a Connect Four game file:",
            )));
        }
        if let Some(next) = event
            .action()
            .and_then(|action| list_step(action, self.selected, count, false))
        {
            self.selected = next;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Confirm) => return self.open(ctx),
            Some(Action::Help) => {
                return Transition::Push(Box::new(
                    HelpOverlay::new("Load game — help", &ctx.config.keymap.expand(HELP))
                        .with_keys(&Self::hints(ctx)),
                ));
            }
            Some(Action::Delete) => {
                if let Some(entry) = self.selected_entry(ctx) {
                    let question = format!("Delete \"{}\"?", truncate(&sanitize(&entry.title), 40));
                    self.pending = Some(Pending::Delete(entry.id.clone()));
                    return Transition::Push(Box::new(
                        Dialog::new(
                            "Delete save",
                            &[&question, "This cannot be undone."],
                            &[("Delete", Answer::Delete), ("Keep", Answer::Keep)],
                        )
                        .with_cancel(Answer::Keep)
                        .with_focus(Answer::Keep),
                    ));
                }
            }
            Some(Action::Back | Action::Quit) => return Transition::Pop(None),
            _ => {}
        }
        Transition::Stay
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        match (self.pending.take(), reply) {
            (Some(Pending::Delete(id)), Some(Reply::Choice(Answer::Delete))) => {
                ctx.effect(Effect::DeleteSave(id));
                self.message = Some("Save deleted.".into());
            }
            (Some(Pending::Import), Some(Reply::Text(path))) => {
                ctx.effect(Effect::Import(path.into()));
            }
            (_, Some(Reply::Failed(err))) => self.message = Some(err),
            (_, Some(Reply::Exported(path))) => {
                self.message = Some(format!("Exported to {}", path.display()));
            }
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let entries = ctx.catalog.entries();
        let layout = self.layout(area, entries.len());
        frame.render_widget(
            Block::new()
                .borders(Borders::ALL)
                .border_set(theme.border_set())
                .border_style(theme.border)
                .title(Line::styled(
                    format!(" Saved games ({}) ", entries.len()),
                    theme.title,
                )),
            layout.list,
        );
        if entries.is_empty() {
            let inner = Block::new().borders(Borders::ALL).inner(layout.list);
            frame.render_widget(
                Paragraph::new("No saved games yet. Press s in a game to save it.")
                    .style(theme.dim)
                    .wrap(Wrap { trim: true }),
                inner,
            );
        }
        let width = usize::from(layout.list.width.saturating_sub(4));
        let selected = self.current(entries.len());
        for (offset, rect) in layout.rows.iter().enumerate() {
            let i = offset + layout.first_row;
            let Some(entry) = entries.get(i) else {
                continue;
            };
            let style = if i == selected {
                theme.cursor
            } else if self.hover == Some(i) {
                theme.hover
            } else {
                theme.text
            };
            let marker = if i == selected {
                theme.glyph("▶ ", "> ")
            } else {
                "  "
            };
            let (first, second) = match &entry.summary {
                Ok(summary) => (
                    format!("{marker}{}", truncate(&sanitize(&entry.title), width)),
                    format!(
                        "  {} · move {} · {}",
                        summary.game_title,
                        summary.moves,
                        crate::save::time::describe_age(&entry.saved_at, ctx.now)
                    ),
                ),
                Err(_) => (
                    format!(
                        "{marker}{} (unreadable)",
                        truncate(&sanitize(&entry.title), width - 13)
                    ),
                    "  cannot be loaded".to_string(),
                ),
            };
            frame.render_widget(
                Paragraph::new(vec![
                    Line::styled(first, style),
                    Line::styled(
                        truncate(&second, width + 2),
                        if entry.summary.is_ok() {
                            theme.dim
                        } else {
                            theme.error
                        },
                    ),
                ]),
                *rect,
            );
        }
        let mut lines = Vec::new();
        // The preview's rows are cut to its inner width: a name in wide characters must end
        // in an ellipsis, not run into the border. "Players: " and the like take 9 columns.
        let room = usize::from(layout.preview.width.saturating_sub(2));
        let after_label = room.saturating_sub(9);
        if let Some(entry) = self.selected_entry(ctx) {
            match &entry.summary {
                Ok(summary) => {
                    lines.push(Line::styled(
                        truncate(&summary.game_title, room),
                        theme.title,
                    ));
                    lines.push(Line::from(vec![
                        Span::styled(
                            if summary.puzzle {
                                "Puzzle:  "
                            } else {
                                "Players: "
                            },
                            theme.dim,
                        ),
                        Span::styled(
                            truncate(&sanitize(&summary.players), after_label),
                            theme.text,
                        ),
                    ]));
                    lines.push(Line::from(vec![
                        Span::styled("Moves:   ", theme.dim),
                        Span::styled(summary.moves.to_string(), theme.text),
                    ]));
                    lines.push(Line::from(vec![
                        Span::styled("Status:  ", theme.dim),
                        Span::styled(
                            truncate(&sanitize(&summary.status), after_label),
                            theme.text,
                        ),
                    ]));
                    lines.push(Line::from(vec![
                        Span::styled("Saved:   ", theme.dim),
                        Span::styled(
                            format!(
                                "{} ({})",
                                crate::save::time::describe_age(&entry.saved_at, ctx.now),
                                sanitize(&entry.saved_at)
                            ),
                            theme.text,
                        ),
                    ]));
                    lines.push(Line::raw(""));
                    lines.extend(
                        summary
                            .preview
                            .iter()
                            .map(|row| Line::styled(format!("  {}", sanitize(row)), theme.text)),
                    );
                }
                Err(err) => {
                    lines.push(Line::styled("This file cannot be loaded", theme.error));
                    lines.push(Line::styled(err.to_string(), theme.text));
                    lines.push(Line::raw(""));
                    lines.push(Line::styled(
                        format!("File: {}", sanitize(&entry.path.display().to_string())),
                        theme.dim,
                    ));
                    lines.push(Line::styled("Press d to delete it.", theme.dim));
                }
            }
        }
        frame.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: false }).block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_set(theme.border_set())
                    .border_style(theme.border)
                    .title(Line::styled(" Preview ", theme.title)),
            ),
            layout.preview,
        );
        let status = self
            .message
            .clone()
            .or_else(|| ctx.notice.clone())
            .unwrap_or_default();
        frame.render_widget(
            Paragraph::new(truncate(
                &format!(" {status}"),
                usize::from(layout.status.width),
            ))
            .style(theme.selected),
            layout.status,
        );
        frame.render_widget(
            Footer {
                hints: &Self::hints(ctx),
                theme,
            },
            layout.footer,
        );
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 14)
    }
}
