//! The Settings screen: the theme (applied at once), mouse capture, speed, coordinates and
//! every game's rule switches, each written into the user's config file as it changes (comments kept, see
//! `config_edit`). Up/Down choose, Enter, Space, Left/Right or a click change; a file that
//! cannot be written is a message here, and the change still lasts until Parlor quits. The
//! last row opens the key bindings page.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::keys::KeysScreen;
use crate::config_edit::{Kind, Setting, settings};
use crate::games::registry::Registry;
use crate::screen::{Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};

/// Width of a setting's name.
const NAME: usize = 34;

/// The Settings screen.
pub struct SettingsScreen {
    settings: Vec<Setting>,
    selected: usize,
    /// The last change's result: the file written, or why not (an error).
    message: Option<(String, bool)>,
    /// The games whose settings sections it names.
    games: Registry,
}

struct SettingsLayout {
    title: Rect,
    rows: Vec<Rect>,
    about: Rect,
    message: Rect,
    footer: Rect,
}

impl SettingsScreen {
    /// The screen with the first setting (the theme) selected.
    #[must_use]
    pub fn new(games: Registry) -> Self {
        Self {
            settings: settings(),
            selected: 0,
            message: None,
            games,
        }
    }

    /// The rows: every setting, then the key bindings page.
    fn row_count(&self) -> usize {
        self.settings.len() + 1
    }

    fn layout(&self, area: Rect) -> SettingsLayout {
        let count = self.row_count() as u16;
        let [title, _, list, _, about, message, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(count),
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(3),
            Constraint::Length(1),
        ])
        .areas(area);
        let rows = (0..count)
            .map(|i| Rect::new(list.x, list.y + i, list.width, 1).intersection(list))
            .collect();
        SettingsLayout {
            title,
            rows,
            about,
            message,
            footer,
        }
    }

    /// "Theme", "Mouse capture", "Checkers: forced capture".
    fn name(setting: &Setting, games: Registry) -> String {
        match (setting.section.as_str(), setting.key.as_str()) {
            ("ui", "theme") => "Theme".into(),
            ("ui", "colors") => "Colours".into(),
            ("ui", "mouse") => "Mouse capture".into(),
            ("ui", "speed") => "Speed".into(),
            ("ui", "coordinates") => "Coordinates".into(),
            (section, key) => {
                let game = games.find(section).map_or(section, |g| g.title);
                format!("{game}: {}", key.replace('_', " "))
            }
        }
    }

    fn shown_value(setting: &Setting, ctx: &Ctx) -> String {
        match ctx.config.value(&setting.section, &setting.key) {
            Some(toml::Value::Boolean(true)) => "on".into(),
            Some(toml::Value::Boolean(false)) => "off".into(),
            Some(toml::Value::String(text)) => text.clone(),
            Some(other) => other.to_string(),
            None => "-".into(),
        }
    }

    /// The value after a change: a switch flips, a choice steps forward or back.
    fn next_value(setting: &Setting, ctx: &Ctx, forward: bool) -> Option<toml::Value> {
        let current = ctx.config.value(&setting.section, &setting.key)?;
        Some(match &setting.kind {
            Kind::Switch => toml::Value::Boolean(!current.as_bool()?),
            Kind::Choice(choices) => {
                let at = choices
                    .iter()
                    .position(|c| Some(c.as_str()) == current.as_str())
                    .unwrap_or(0);
                let count = choices.len();
                let next = if forward {
                    (at + 1) % count
                } else {
                    (at + count - 1) % count
                };
                toml::Value::String(choices[next].clone())
            }
        })
    }

    fn change(&mut self, forward: bool, ctx: &mut Ctx) -> Transition {
        let Some(setting) = self.settings.get(self.selected) else {
            return Transition::Push(Box::new(KeysScreen::new()));
        };
        if let Some(value) = Self::next_value(setting, ctx, forward) {
            ctx.effect(Effect::ChangeSetting {
                section: setting.section.clone(),
                key: setting.key.clone(),
                value,
            });
        }
        Transition::Stay
    }

    fn hints(ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Up, Action::Down]), "choose"),
            KeyHint::new(keys.key_name(Action::Confirm), "change").sends(Action::Confirm),
            KeyHint::essential(keys.key_name(Action::Back), "back").sends(Action::Back),
        ]
    }
}

impl Screen for SettingsScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let count = self.row_count();
        if let Some(mouse) = event.mouse() {
            let layout = self.layout(ctx.area);
            let hit = layout
                .rows
                .iter()
                .position(|r| r.contains(mouse.position()));
            match mouse.kind {
                MouseKind::Click => {
                    if let Some(i) = hit {
                        self.selected = i;
                        return self.change(true, ctx);
                    }
                }
                MouseKind::ScrollUp => self.selected = self.selected.saturating_sub(1),
                MouseKind::ScrollDown => {
                    self.selected = (self.selected + 1).min(count.saturating_sub(1));
                }
                MouseKind::Hover | MouseKind::RightClick => {}
            }
            return Transition::Stay;
        }
        if let Some(next) = event
            .action()
            .and_then(|action| crate::ui::list::list_step(action, self.selected, count, true))
        {
            self.selected = next;
            return Transition::Stay;
        }
        match event.action() {
            Some(Action::Confirm | Action::Right) => return self.change(true, ctx),
            Some(Action::Left) => return self.change(false, ctx),
            Some(Action::Back | Action::Quit) => return Transition::Pop(None),
            _ => {}
        }
        Transition::Stay
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        self.message = match reply {
            Some(Reply::Saved(path)) => {
                let later = self.settings.get(self.selected).is_some_and(|s| {
                    s.section != "ui" || matches!(s.key.as_str(), "speed" | "coordinates")
                });
                Some((
                    format!(
                        "Saved in {}{}",
                        ctx.shown_path(&path),
                        if later {
                            " (games opened from now on use it)"
                        } else {
                            ""
                        }
                    ),
                    false,
                ))
            }
            Some(Reply::Failed(err)) => Some((err, true)),
            _ => self.message.take(),
        };
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let layout = self.layout(area);
        frame.render_widget(
            Paragraph::new(Line::styled("Settings", theme.title))
                .alignment(ratatui::layout::Alignment::Center),
            layout.title,
        );
        let keys_row = ("Key bindings".to_string(), "show".to_string());
        let rows = self
            .settings
            .iter()
            .map(|setting| {
                (
                    Self::name(setting, self.games),
                    Self::shown_value(setting, ctx),
                )
            })
            .chain(std::iter::once(keys_row));
        for (i, ((name, value), rect)) in rows.zip(&layout.rows).enumerate() {
            let mark = if i == self.selected {
                theme.glyph("▶", ">")
            } else {
                " "
            };
            let pad = NAME.saturating_sub(crate::core::text::width(&name));
            let text = format!("{mark} {name}{:pad$} [{value}]", "");
            let style = if i == self.selected {
                theme.cursor
            } else {
                theme.text
            };
            frame.render_widget(
                Paragraph::new(crate::core::text::truncate(&text, usize::from(rect.width)))
                    .style(style),
                *rect,
            );
        }
        let about = self.settings.get(self.selected).map_or(
            "Every key and what it does, and where to change them.",
            |setting| setting.about.as_str(),
        );
        // Without a message the description takes the message's rows too: at 60x20 a long
        // one (Speed, Coordinates) needs them to end its sentence.
        let about_area = if self.message.is_some() {
            layout.about
        } else {
            layout.about.union(layout.message)
        };
        frame.render_widget(
            Paragraph::new(Line::styled(about, theme.dim)).wrap(Wrap { trim: true }),
            about_area,
        );
        if let Some((message, error)) = &self.message {
            let style = if *error { theme.error } else { theme.dim };
            frame.render_widget(
                Paragraph::new(Line::styled(crate::core::text::sanitize(message), style))
                    .wrap(Wrap { trim: true }),
                layout.message,
            );
        }
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        Some((self.layout(area).footer, Self::hints(ctx)))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        (40, self.row_count() as u16 + 8)
    }
}
