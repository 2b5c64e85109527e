//! The load screen: every save, newest first, with a preview; open, delete, or import a file.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::games::registry::Registry;
use crate::modal::dialog::Dialog;
use crate::modal::help::HelpOverlay;
use crate::save::catalog::CatalogEntry;
use crate::screen::{Answer, Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::input::{Action, Event};
use crate::ui::list::list_step;

/// The load screen's help page.
const HELP: &str = include_str!("../../assets/help/load.md");
use crate::core::text::sanitize;
use crate::core::text::truncate;
use crate::modal::prompt::Prompt;

/// What a dialog pushed by the load screen is about.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    Delete(String),
    Import,
    Rename(String),
}

/// The list of saves. ↑/↓ choose, Enter or a click opens, `d` deletes (after asking), `r`
/// renames, `i` imports a game file by path, `x` exports, Esc goes back.
pub struct LoadScreen {
    selected: usize,
    hover: Option<usize>,
    pending: Option<Pending>,
    message: Option<String>,
    /// The selected save, opened through its game (which replays it) when the selection or
    /// the catalog changes ([`Screen::sync`]), so drawing its board costs nothing per frame.
    opened: Option<Opened>,
    /// The games whose saves it opens.
    games: Registry,
}

/// A save opened for the preview, with what it was opened from: the preview is drawn only
/// while the selection is still that file as the catalog last read it.
struct Opened {
    path: std::path::PathBuf,
    saved_at: String,
    game: Box<dyn Screen>,
}

impl Opened {
    fn is_of(&self, entry: &CatalogEntry) -> bool {
        self.path == entry.path && self.saved_at == entry.saved_at
    }
}

struct LoadLayout {
    list: Rect,
    rows: Vec<Rect>,
    first_row: usize,
    preview: Rect,
    status: Rect,
    footer: Rect,
}

/// The list's narrowest width beside the preview; wider terminals give it more (up to
/// [`LIST_MAX`]) so entries are not cut.
const LIST_WIDTH: u16 = 42;
/// The widest the list grows.
const LIST_MAX: u16 = 64;

impl LoadScreen {
    /// The screen with the newest save selected.
    #[must_use]
    pub fn new(games: Registry) -> Self {
        Self {
            selected: 0,
            hover: None,
            pending: None,
            message: None,
            opened: None,
            games,
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
            let width = (title_body.width * 9 / 20).clamp(LIST_WIDTH, LIST_MAX);
            Layout::horizontal([Constraint::Length(width), Constraint::Min(10)]).areas(title_body)
        } else {
            // The list keeps six rows (two saves and its frame); the preview takes the rest,
            // up to twelve, so a board's text rows fit beside the facts at 60x20.
            Layout::vertical([
                Constraint::Min(6),
                Constraint::Length(title_body.height.saturating_sub(6).min(12)),
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
            (Some(file), Ok(_)) => self.games.open(file, ctx).map_err(|e| e.to_string()),
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

    /// `v`: the selected save as a replay from its first move.
    fn review(&mut self, ctx: &Ctx) -> Transition {
        let Some(entry) = self.selected_entry(ctx) else {
            return Transition::Stay;
        };
        let opened = match &entry.file {
            Some(file) => self.games.open_review(file, ctx).map_err(|e| e.to_string()),
            None => Err("the file could not be read".into()),
        };
        match opened {
            Ok(screen) => Transition::Push(screen),
            Err(err) => {
                self.message = Some(format!("Cannot review this save: {err}"));
                Transition::Stay
            }
        }
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "choose"),
            KeyHint::new(keys.key_name(Action::Confirm), "open").sends(Action::Confirm),
            KeyHint::new(keys.key_name(Action::Delete), "delete").sends(Action::Delete),
            KeyHint::new("r", "rename").types('r'),
            KeyHint::new("i", "import").types('i'),
            KeyHint::new("x", "export").types('x'),
            KeyHint::new("v", "review").types('v'),
            KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help),
            KeyHint::essential(keys.key_name(Action::Back), "back").sends(Action::Back),
        ]
        .into_iter()
        // A served player names no file of the server: no import by path.
        .filter(|hint| ctx.guest.is_none() || hint.key != "i")
        .collect()
    }
}

impl Screen for LoadScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let count = ctx.catalog.entries().len();
        self.selected = self.selected.min(count.saturating_sub(1));
        if let Some(mouse) = event.mouse() {
            let layout = self.layout(ctx.area, count);
            let opened = crate::ui::list::list_mouse(
                mouse,
                &layout.rows,
                layout.first_row,
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
        if event.text() == Some('x') {
            let Some(entry) = self.selected_entry(ctx) else {
                return Transition::Stay;
            };
            match &entry.file {
                Some(file) => match self.games.export(file, None) {
                    Ok(exported) => ctx.effect(Effect::Export {
                        name: exported.name,
                        text: exported.text,
                    }),
                    Err(err) => self.message = Some(format!("Cannot export: {err}")),
                },
                None => {
                    self.message =
                        Some("This save cannot be read, so it cannot be exported.".into());
                }
            }
            return Transition::Stay;
        }
        if event.text() == Some('v') {
            return self.review(ctx);
        }
        if event.text() == Some('r') {
            let Some(entry) = self.selected_entry(ctx) else {
                return Transition::Stay;
            };
            if entry.file.is_none() {
                self.message = Some("This save cannot be read, so it cannot be renamed.".into());
                return Transition::Stay;
            }
            self.pending = Some(Pending::Rename(entry.id.clone()));
            return Transition::Push(Box::new(
                Prompt::new("Rename save", "New name:").with_value(&sanitize(&entry.title)),
            ));
        }
        if event.text() == Some('i') && ctx.guest.is_some() {
            self.message = Some("Files are not imported by path on a server.".into());
            return Transition::Stay;
        }
        if event.text() == Some('i') {
            self.pending = Some(Pending::Import);
            return Transition::Push(Box::new(Prompt::new(
                "Import a game record",
                "Path of a save, GGF, PDN, WTHOR, transcript or game record file:",
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

    fn sync(&mut self, ctx: &Ctx) {
        let Some(entry) = self.selected_entry(ctx) else {
            self.opened = None;
            return;
        };
        if self.opened.as_ref().is_some_and(|o| o.is_of(entry)) {
            return;
        }
        self.opened = entry
            .file
            .as_ref()
            .and_then(|file| self.games.open(file, ctx).ok())
            .map(|(_, game)| Opened {
                path: entry.path.clone(),
                saved_at: entry.saved_at.clone(),
                game,
            });
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
            (Some(Pending::Rename(id)), Some(Reply::Text(title))) => {
                ctx.effect(Effect::RenameSave { id, title });
            }
            (_, Some(Reply::Saved(_))) => self.message = Some("Save renamed.".into()),
            (_, Some(Reply::Failed(err))) => self.message = Some(err),
            (_, Some(Reply::Exported(path))) => {
                self.message = Some(format!("Exported to {}", ctx.shown_path(&path)));
            }
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let entries = ctx.catalog.entries();
        let layout = self.layout(area, entries.len());
        let above = layout.first_row;
        let below = entries.len().saturating_sub(above + layout.rows.len());
        let list_block = Block::new()
            .borders(Borders::ALL)
            .border_set(theme.border_set())
            .border_style(theme.border)
            .title(Line::styled(
                format!(" Saved games ({}) ", entries.len()),
                theme.title,
            ));
        let list_block = crate::ui::list::with_more(list_block, above, below, theme);
        frame.render_widget(list_block, layout.list);
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
            let autosave = entry.file.as_ref().is_some_and(|f| f.autosave);
            let tag = if autosave { " · autosave" } else { "" };
            let (first, second) = match &entry.summary {
                Ok(summary) => (
                    format!(
                        "{marker}{}",
                        truncate(
                            &sanitize(&entry.title),
                            width.saturating_sub(crate::core::text::width(tag))
                        )
                    ),
                    second_line(
                        &format!("  {}", summary.game_title),
                        &format!("move {}", summary.moves),
                        &when(entries, i, ctx.now),
                        width + 2,
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
                    Line::from(vec![
                        Span::styled(first, style),
                        Span::styled(tag, theme.dim),
                    ]),
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
        let mut board_rows: Vec<Line> = Vec::new();
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
                    let autosave = if entry.file.as_ref().is_some_and(|f| f.autosave) {
                        ", autosave"
                    } else {
                        ""
                    };
                    let age = crate::save::time::describe_age(&entry.saved_at, ctx.now);
                    let stamped = format!("{age} ({}){autosave}", sanitize(&entry.saved_at));
                    // Every fact is one row, so the board below knows where the text ends: the
                    // exact time goes when it does not fit beside the age.
                    let saved = if crate::core::text::width(&stamped) <= after_label {
                        stamped
                    } else {
                        truncate(&format!("{age}{autosave}"), after_label)
                    };
                    lines.push(Line::from(vec![
                        Span::styled("Saved:   ", theme.dim),
                        Span::styled(saved, theme.text),
                    ]));
                    lines.push(Line::raw(""));
                    board_rows = summary
                        .preview
                        .iter()
                        .map(|row| Line::styled(format!("  {}", sanitize(row)), theme.text))
                        .collect();
                }
                Err(err) => {
                    lines.push(Line::styled("This file cannot be loaded", theme.error));
                    lines.push(Line::styled(err.to_string(), theme.text));
                    lines.push(Line::raw(""));
                    lines.push(Line::styled(
                        format!("File: {}", ctx.shown_path(&entry.path)),
                        theme.dim,
                    ));
                    lines.push(Line::styled("Press d to delete it.", theme.dim));
                }
            }
        }
        let text_rows = lines.len() as u16;
        let block = Block::new()
            .borders(Borders::ALL)
            .border_set(theme.border_set())
            .border_style(theme.border)
            .title(Line::styled(" Preview ", theme.title))
            // The version that reads these saves and writes new ones (`parlor --version`).
            .title_bottom(
                Line::styled(format!(" {} ", crate::save::format::WRITTEN_BY), theme.dim)
                    .right_aligned(),
            );
        let inner = block.inner(layout.preview);
        frame.render_widget(
            Paragraph::new(lines.clone())
                .wrap(Wrap { trim: false })
                .block(block),
            layout.preview,
        );
        // The board below the text: drawn by the game itself when it fits, else as the
        // save's text rows.
        let board_area = Rect {
            y: inner.y + text_rows.min(inner.height),
            height: inner.height.saturating_sub(text_rows),
            ..inner
        };
        // A board one row too tall for the room under the text (Pentago's at 80x24) takes the
        // blank row that ends the text, so every game's preview is a board where it can be.
        let taller = Rect {
            y: board_area.y.saturating_sub(1),
            height: board_area.height + 1,
            ..board_area
        };
        let drawn = self
            .selected_entry(ctx)
            .zip(self.opened.as_ref())
            .filter(|(entry, opened)| opened.is_of(entry))
            .is_some_and(|(_, opened)| {
                let buf = frame.buffer_mut();
                opened.game.render_board_preview(board_area, buf, ctx)
                    || (text_rows > 0 && opened.game.render_board_preview(taller, buf, ctx))
            });
        if !drawn && !board_rows.is_empty() {
            let area = beside_if_cut(inner, board_area, &lines, &board_rows);
            frame.render_widget(Paragraph::new(board_rows), area);
        }
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
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((
            self.layout(area, ctx.catalog.entries().len()).footer,
            Self::hints(ctx),
        ))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, 14)
    }
}

/// The parts of a line joined with " · ", as many whole parts as fit in `width`: a part that
/// does not fit is left out rather than cut mid-word.
fn fit_parts(parts: &[&str], width: usize) -> String {
    let mut line = String::new();
    for part in parts {
        let next = if line.is_empty() {
            (*part).to_string()
        } else {
            format!("{line} · {part}")
        };
        if crate::core::text::width(&next) > width {
            break;
        }
        line = next;
    }
    line
}

/// An entry's second line: the game, the move and the first of the `times` (longest first)
/// that fits in `width`; without a time when none does.
fn second_line(game: &str, moves: &str, times: &[String], width: usize) -> String {
    times
        .iter()
        .map(|time| (time, fit_parts(&[game, moves, time], width)))
        .find(|(time, line)| line.ends_with(time.as_str()))
        .map_or_else(|| fit_parts(&[game, moves], width), |(_, line)| line)
}

/// When entry `i` was saved, as the list may say it, longest first: its age, and when
/// another save of the same game at the same move has the same age (two quick saves) the
/// clock time too ("just now 10:04:05", or "at 10:04:05" where space is short).
fn when(entries: &[CatalogEntry], i: usize, now: std::time::SystemTime) -> Vec<String> {
    use crate::save::time::describe_age;
    let Some(entry) = entries.get(i) else {
        return Vec::new();
    };
    let age = describe_age(&entry.saved_at, now);
    let key = |e: &CatalogEntry| {
        e.summary
            .as_ref()
            .ok()
            .map(|s| (s.game_title.clone(), s.moves))
    };
    let twin = entries.iter().enumerate().any(|(j, other)| {
        j != i
            && key(other).is_some()
            && key(other) == key(entry)
            && describe_age(&other.saved_at, now) == age
    });
    match entry.saved_at.get(11..19) {
        Some(clock) if twin => vec![format!("{age} {clock}"), format!("at {clock}")],
        _ => vec![age],
    }
}

/// Where a save's board is written as text rows: under the facts (`under`) when all its rows
/// fit there, else beside them at the right of the preview's inner area when it is wide enough
/// (the preview under the list at 60x20 has few rows but many columns), else under them cut.
fn beside_if_cut(inner: Rect, under: Rect, facts: &[Line], rows: &[Line]) -> Rect {
    let tall = u16::try_from(rows.len()).unwrap_or(u16::MAX);
    let wide = rows.iter().map(Line::width).max().unwrap_or(0);
    let text = facts.iter().map(Line::width).max().unwrap_or(0);
    let wide = u16::try_from(wide).unwrap_or(u16::MAX);
    if tall <= under.height || text + usize::from(wide) + 2 > usize::from(inner.width) {
        return under;
    }
    Rect {
        x: inner.right() - wide,
        width: wide,
        ..inner
    }
}
