//! The main menu: every game (a group of games, such as the position puzzles, as one item),
//! Continue, (on a server) Join a table, the daily puzzle, a puzzle by its ID, Load game,
//! Statistics, Settings, Help, Quit.
//! Only Quit (or its key) leaves Parlor: Esc on the menu does nothing, so backing out of a
//! screen one Esc too many never ends the program.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::load::LoadScreen;
use super::settings::SettingsScreen;
use super::stats::StatsScreen;
use crate::games::registry::Registry;
use crate::modal::help::HelpOverlay;
use crate::modal::prompt::Prompt;
use crate::screen::{Ctx, KeyHint, Reply, Screen, Transition};
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
    /// The games of a registry group, listed on a screen of their own.
    Group(&'static str),
    /// The server's open tables, to join or watch (a served arcade only).
    JoinTable,
    Daily,
    EnterId,
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
    /// The games it offers.
    games: Registry,
    /// What the open prompt asks for (its reply is that), if the menu opened one.
    asking: Option<Question>,
}

/// The menu's questions, asked in a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    PuzzleId,
}

/// The rows every screen has at the smallest size it must work at (60×20): a longer menu
/// scrolls its list there rather than asking for a bigger terminal.
const MIN_ROWS: u16 = 20;

struct MenuLayout {
    title: Rect,
    items: Vec<Rect>,
    blurb: Rect,
    footer: Rect,
}

const ITEM_WIDTH: u16 = 30;

impl Menu {
    /// The menu of these games with its first item selected (Continue when there is a game
    /// to continue).
    #[must_use]
    pub fn new(games: Registry) -> Self {
        Self {
            selected: Item::Continue,
            hover: None,
            games,
            asking: None,
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

    fn items(&self, ctx: &Ctx) -> Vec<Item> {
        let mut items = Vec::new();
        if ctx.catalog.latest_unfinished().is_some() {
            items.push(Item::Continue);
        }
        for (index, game) in self.games.games().iter().enumerate() {
            match game.group {
                None => items.push(Item::Game(index)),
                Some(group) if !items.contains(&Item::Group(group)) => {
                    items.push(Item::Group(group));
                }
                Some(_) => {}
            }
        }
        if ctx.has_tables() {
            items.push(Item::JoinTable);
        }
        items.extend([
            Item::Daily,
            Item::EnterId,
            Item::Load,
            Item::Statistics,
            Item::Settings,
            Item::Help,
            Item::Quit,
        ]);
        items
    }

    fn label(&self, item: Item, ctx: &Ctx) -> String {
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
            Item::Game(i) => self.games.games()[i].title.to_string(),
            Item::Group(group) => group.to_string(),
            Item::JoinTable => "Join a table".into(),
            Item::Daily => "Daily puzzle".into(),
            Item::EnterId => "Enter a puzzle ID".into(),
            Item::Load => "Load game".into(),
            Item::Statistics => "Statistics".into(),
            Item::Settings => "Settings".into(),
            Item::Help => "Help".into(),
            Item::Quit => "Quit".into(),
        }
    }

    /// The menu's parts; the list scrolls to keep row `selected` in view when the area has
    /// fewer rows than items (a row out of view gets an empty rectangle: not drawn, never hit).
    fn layout(area: Rect, count: usize, selected: usize) -> MenuLayout {
        // The logo gives way to a one-line title when the terminal is short.
        let art = TITLE.lines().count() as u16;
        let title_height = if area.height >= art + count as u16 + 4 {
            art
        } else {
            1
        };
        // The blank line under the title goes first when rows are short.
        let gap = u16::from(area.height > count as u16 + 4);
        let [body, footer] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
        // On a tall terminal title, list and blurb stay together in the middle, a line apart,
        // rather than the list floating far from both; when rows are short the list takes
        // whatever the title and blurb leave.
        let rows = u16::try_from(count).unwrap_or(u16::MAX);
        let block = title_height + gap + rows + 1 + 2;
        let (list_rows, flex) = if body.height >= block {
            (Constraint::Length(rows + 1), ratatui::layout::Flex::Center)
        } else {
            (Constraint::Min(1), ratatui::layout::Flex::Start)
        };
        let [title, _, list, blurb] = Layout::vertical([
            Constraint::Length(title_height),
            Constraint::Length(gap),
            list_rows,
            Constraint::Length(2),
        ])
        .flex(flex)
        .areas(body);
        let x = list.x + list.width.saturating_sub(ITEM_WIDTH) / 2;
        let shown = usize::from(list.height).min(count);
        let first = selected
            .saturating_sub(shown / 2)
            .min(count.saturating_sub(shown));
        let top = list.y + list.height.saturating_sub(count as u16) / 2;
        let items = (0..count)
            .map(|i| {
                if (first..first + shown).contains(&i) {
                    Rect::new(x, top + (i - first) as u16, ITEM_WIDTH, 1).intersection(list)
                } else {
                    Rect::default()
                }
            })
            .collect();
        MenuLayout {
            title,
            items,
            blurb,
            footer,
        }
    }

    fn open(&mut self, item: Item, ctx: &mut Ctx) -> Transition {
        match item {
            Item::Continue => match ctx.catalog.latest_unfinished().and_then(|e| e.file.clone()) {
                Some(file) => match self.games.open(&file, ctx) {
                    Ok((_, screen)) => Transition::Push(screen),
                    Err(err) => {
                        ctx.notice = Some(format!("Cannot continue: {err}"));
                        Transition::Stay
                    }
                },
                None => Transition::Stay,
            },
            Item::Game(i) => Transition::Push((self.games.games()[i].screens.new_game)(ctx)),
            Item::Group(group) => {
                Transition::Push(Box::new(super::group::GroupList::new(group, self.games)))
            }
            Item::Daily => {
                let today = crate::save::daily::today(ctx.now);
                match crate::games::daily::for_date(today)
                    .ok_or_else(|| "No puzzle has daily puzzles.".to_string())
                    .and_then(|daily| {
                        super::daily::open(&daily, ctx).map_err(|err| err.to_string())
                    }) {
                    Ok(screen) => Transition::Push(screen),
                    Err(err) => {
                        ctx.notice = Some(format!("Cannot open the daily puzzle: {err}"));
                        Transition::Stay
                    }
                }
            }
            Item::JoinTable => {
                Transition::Push(Box::new(super::tables::TableList::new(self.games, ctx)))
            }
            Item::EnterId => {
                self.asking = Some(Question::PuzzleId);
                Transition::Push(Box::new(Prompt::new("Enter a puzzle ID", "ID:")))
            }
            Item::Load => {
                ctx.effect(crate::screen::Effect::RefreshSaves);
                Transition::Push(Box::new(LoadScreen::new(self.games)))
            }
            Item::Statistics => Transition::Push(Box::new(StatsScreen::new(self.games))),
            Item::Settings => Transition::Push(Box::new(SettingsScreen::new(self.games))),
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
        let items = self.items(ctx);
        let count = items.len();
        let row = self.row(&items);
        if let Some(mouse) = event.mouse() {
            let layout = Self::layout(ctx.area, count, row);
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
        let items = self.items(ctx);
        let selected = self.row(&items);
        let layout = Self::layout(area, items.len(), selected);
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
        for (i, (item, rect)) in items.iter().zip(&layout.items).enumerate() {
            let label = self.label(*item, ctx);
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
            Item::Game(i) => self.games.games()[i].blurb.to_string(),
            Item::Group(group) => self
                .games
                .games()
                .iter()
                .filter(|game| game.group == Some(group))
                .map(|game| game.title)
                .collect::<Vec<_>>()
                .join(", "),
            Item::Daily => daily_blurb(ctx),
            Item::JoinTable => "Play a person online: the open tables, or a table's code.".into(),
            Item::EnterId => "Open a puzzle someone sent you, or one you played before.".into(),
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

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        match (self.asking.take(), reply) {
            (Some(Question::PuzzleId), Some(Reply::Text(text))) => self.open_id(&text, ctx),
            // A table that could not be opened or joined (from here or from a new-game
            // form that closed to open it).
            (_, Some(Reply::Failed(why))) => {
                ctx.notice = Some(why);
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        let items = self.items(ctx);
        Some((
            Self::layout(area, items.len(), self.row(&items)).footer,
            Self::hints(ctx),
        ))
    }

    fn min_size(&self, ctx: &Ctx) -> (u16, u16) {
        (
            ITEM_WIDTH + 4,
            // A one-line title, the items, the blurb and the footer; a longer list scrolls.
            (self.items(ctx).len() as u16 + 4).min(MIN_ROWS),
        )
    }
}

impl Menu {
    /// The puzzle of a typed ID, or the prompt again with the reason.
    fn open_id(&mut self, text: &str, ctx: &mut Ctx) -> Transition {
        match crate::games::open_id::open(text, ctx) {
            Ok(screen) => {
                ctx.notice = None;
                Transition::Push(screen)
            }
            Err(err) => {
                // The text stays in the prompt, to be corrected rather than typed again, and
                // the reason is said in the prompt, wrapped, where it is read whole.
                ctx.notice = None;
                self.asking = Some(Question::PuzzleId);
                Transition::Push(Box::new(
                    Prompt::new("Enter a puzzle ID", "ID:")
                        .with_value(text)
                        .with_error(format!("Cannot open that ID: {err}")),
                ))
            }
        }
    }
}

/// The daily puzzle's line in the menu: today's kind of puzzle and the streak.
fn daily_blurb(ctx: &Ctx) -> String {
    let today = crate::save::daily::today(ctx.now);
    let daily = ctx.records.daily();
    let kind = crate::games::daily::for_date(today).map_or("", |d| d.entry.title);
    let done = if daily.solved(today) { " (solved)" } else { "" };
    match daily.streak(today) {
        0 => format!("Today: {kind}{done}. The same puzzle for everyone, every day."),
        1 => format!("Today: {kind}{done} · streak: 1 day"),
        n => format!("Today: {kind}{done} · streak: {n} days"),
    }
}
