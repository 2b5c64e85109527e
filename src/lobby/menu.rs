//! The main menu: every game, Continue, Load game, Statistics, Settings, Help, Quit. Only Quit (or its
//! key) leaves Parlor: Esc on the menu does nothing, so backing out of a screen one Esc too
//! many never ends the program.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::load::LoadScreen;
use super::settings::SettingsScreen;
use super::stats::StatsScreen;
use crate::games::registry::{self, GAMES};
use crate::modal::help::HelpOverlay;
use crate::screen::{Ctx, KeyHint, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::list::list_step;

/// The title art above the menu.
const TITLE: &str = include_str!("../../assets/title.txt");
/// Parlor's own help page.
const HELP: &str = include_str!("../../assets/help/parlor.md");

/// One line of the menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    Continue,
    Game(usize),
    Load,
    Statistics,
    Settings,
    Help,
    Quit,
}

/// The main menu. ↑/↓ (or `j`/`k`) and Enter, or click; the wheel moves the selection and
/// hovering highlights.
pub struct Menu {
    /// The selected item, kept as an item rather than a row: `Continue` comes and goes with
    /// the saves, and the selection must stay on the same game when it does.
    selected: Item,
    hover: Option<usize>,
}

struct MenuLayout {
    title: Rect,
    items: Vec<Rect>,
    blurb: Rect,
    footer: Rect,
}

const ITEM_WIDTH: u16 = 30;

impl Default for Menu {
    fn default() -> Self {
        Self::new()
    }
}

impl Menu {
    /// The menu with its first item selected (Continue when there is a game to continue).
    #[must_use]
    pub fn new() -> Self {
        Self {
            selected: Item::Continue,
            hover: None,
        }
    }

    /// The row of the selected item in `items`, or the first row when it is not there (no
    /// Continue).
    fn row(&self, items: &[Item]) -> usize {
        items
            .iter()
            .position(|&item| item == self.selected)
            .unwrap_or(0)
    }

    fn items(ctx: &Ctx) -> Vec<Item> {
        let mut items = Vec::new();
        if ctx.catalog.latest_unfinished().is_some() {
            items.push(Item::Continue);
        }
        items.extend((0..GAMES.len()).map(Item::Game));
        items.extend([
            Item::Load,
            Item::Statistics,
            Item::Settings,
            Item::Help,
            Item::Quit,
        ]);
        items
    }

    fn label(item: Item, ctx: &Ctx) -> String {
        match item {
            Item::Continue => ctx.catalog.latest_unfinished().map_or_else(
                || "Continue".to_string(),
                |e| {
                    format!(
                        "Continue: {}",
                        e.summary.as_ref().map_or("", |s| s.game_title.as_str())
                    )
                },
            ),
            Item::Game(i) => GAMES[i].title.to_string(),
            Item::Load => "Load game".into(),
            Item::Statistics => "Statistics".into(),
            Item::Settings => "Settings".into(),
            Item::Help => "Help".into(),
            Item::Quit => "Quit".into(),
        }
    }

    fn layout(area: Rect, count: usize) -> MenuLayout {
        // The logo gives way to a one-line title when the terminal is short.
        let art = TITLE.lines().count() as u16;
        let title_height = if area.height >= art + count as u16 + 4 {
            art
        } else {
            1
        };
        let [title, _, list, blurb, footer] = Layout::vertical([
            Constraint::Length(title_height),
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(2),
            Constraint::Length(1),
        ])
        .areas(area);
        let x = list.x + list.width.saturating_sub(ITEM_WIDTH) / 2;
        let top = list.y + list.height.saturating_sub(count as u16) / 2;
        let items = (0..count as u16)
            .map(|i| Rect::new(x, top + i, ITEM_WIDTH, 1).intersection(list))
            .collect();
        MenuLayout {
            title,
            items,
            blurb,
            footer,
        }
    }

    fn open(&self, item: Item, ctx: &mut Ctx) -> Transition {
        match item {
            Item::Continue => match ctx.catalog.latest_unfinished().and_then(|e| e.file.clone()) {
                Some(file) => match registry::open(&file, ctx) {
                    Ok((_, screen)) => Transition::Push(screen),
                    Err(err) => {
                        ctx.notice = Some(format!("Cannot continue: {err}"));
                        Transition::Stay
                    }
                },
                None => Transition::Stay,
            },
            Item::Game(i) => Transition::Push((GAMES[i].screens.new_game)(ctx)),
            Item::Load => {
                ctx.effect(crate::screen::Effect::RefreshSaves);
                Transition::Push(Box::new(LoadScreen::new()))
            }
            Item::Statistics => Transition::Push(Box::new(StatsScreen::new())),
            Item::Settings => Transition::Push(Box::new(SettingsScreen::new())),
            Item::Help => Transition::Push(Box::new(HelpOverlay::new(
                "Parlor — help",
                &ctx.config.keymap.expand(HELP),
            ))),
            Item::Quit => Transition::Quit,
        }
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "choose"),
            KeyHint::new(keys.key_name(Action::Confirm), "open").sends(Action::Confirm),
            KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help),
            KeyHint::essential(keys.key_name(Action::Quit), "quit").sends(Action::Quit),
        ]
    }
}

impl Screen for Menu {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let items = Self::items(ctx);
        let count = items.len();
        let row = self.row(&items);
        if let Some(mouse) = event.mouse() {
            let layout = Self::layout(ctx.area, count);
            let hit = layout
                .items
                .iter()
                .position(|r| r.contains(mouse.position()));
            match mouse.kind {
                MouseKind::Click => {
                    if let Some(i) = hit {
                        self.selected = items[i];
                        return self.open(items[i], ctx);
                    }
                }
                MouseKind::Hover => self.hover = hit,
                MouseKind::ScrollUp => self.selected = items[row.saturating_sub(1)],
                MouseKind::ScrollDown => self.selected = items[(row + 1).min(count - 1)],
                MouseKind::RightClick => {}
            }
            return Transition::Stay;
        }
        if let Some(next) = event
            .action()
            .and_then(|action| list_step(action, row, count, true))
        {
            self.selected = items[next];
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Confirm) => return self.open(items[row], ctx),
            Some(Action::Help) => return self.open(Item::Help, ctx),
            Some(Action::Quit) => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let items = Self::items(ctx);
        let layout = Self::layout(area, items.len());
        // Pad the art to one width so it is centred as a block, not line by line.
        let art_width = TITLE.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        let title: Vec<Line> = if layout.title.height == 1 {
            vec![Line::styled("Parlor — a terminal arcade", theme.title)]
        } else {
            TITLE
                .lines()
                .map(|l| Line::styled(format!("{l:<art_width$}"), theme.title))
                .collect()
        };
        frame.render_widget(
            Paragraph::new(title).alignment(Alignment::Center),
            layout.title,
        );
        let selected = self.row(&items);
        for (i, (item, rect)) in items.iter().zip(&layout.items).enumerate() {
            let label = Self::label(*item, ctx);
            let (text, style) = if i == selected {
                (format!("{} {label}", theme.glyph("▶", ">")), theme.cursor)
            } else if self.hover == Some(i) {
                (format!("  {label}"), theme.hover)
            } else {
                (format!("  {label}"), theme.text)
            };
            frame.render_widget(
                Paragraph::new(crate::core::text::truncate(&text, usize::from(ITEM_WIDTH)))
                    .style(style),
                *rect,
            );
        }
        let blurb = match items[selected] {
            Item::Continue => ctx.catalog.latest_unfinished().map_or(String::new(), |e| {
                format!(
                    "{} — {}",
                    crate::core::text::sanitize(&e.title),
                    crate::save::time::describe_age(&e.saved_at, ctx.now)
                )
            }),
            Item::Game(i) => GAMES[i].blurb.to_string(),
            Item::Load => "Open a saved game, import a game file, or delete saves.".into(),
            Item::Statistics => "Games played, won and lost; puzzles' best results.".into(),
            Item::Settings => "Theme, mouse, speed, coordinates, the games' rules and keys.".into(),
            Item::Help => "Keys, mouse, saves and settings.".into(),
            Item::Quit => "Leave Parlor.".into(),
        };
        let mut lines = vec![Line::styled(blurb, theme.dim)];
        if let Some(notice) = &ctx.notice {
            lines.push(Line::styled(notice.clone(), theme.error));
        }
        frame.render_widget(
            Paragraph::new(lines)
                .alignment(Alignment::Center)
                .wrap(ratatui::widgets::Wrap { trim: true }),
            layout.blurb,
        );
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((
            Self::layout(area, Self::items(ctx).len()).footer,
            Self::hints(ctx),
        ))
    }

    fn min_size(&self, ctx: &Ctx) -> (u16, u16) {
        (
            ITEM_WIDTH + 4,
            // A one-line title, a blank, the items, the blurb and the footer.
            Self::items(ctx).len() as u16 + 5,
        )
    }
}
