//! The footer line of key hints every screen shows, cut to the width available.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::input::{Action, KeyInput};
use super::theme::Theme;

/// A key and what it does, for footers and the help overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyHint {
    /// The key as shown ("u", "←→", "Enter").
    pub key: String,
    /// What it does, in two or three words.
    pub what: String,
    /// Kept when space is short; the other hints give way, the last ones first.
    pub essential: bool,
    /// What a click on the hint does: the key press it stands for (`None`: a hint that names
    /// several keys, like the arrows, is not clickable).
    pub press: Option<KeyInput>,
}

impl KeyHint {
    /// A hint from any two strings.
    pub fn new(key: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            what: what.into(),
            essential: false,
            press: None,
        }
    }

    /// The same hint, clickable: a click does what the key bound to `action` does.
    #[must_use]
    pub fn sends(self, action: Action) -> Self {
        Self {
            press: Some(KeyInput {
                action: Some(action),
                text: None,
            }),
            ..self
        }
    }

    /// The same hint, clickable: a click types `letter` (a screen's own letter keys).
    #[must_use]
    pub fn types(self, letter: char) -> Self {
        Self {
            press: Some(KeyInput {
                action: None,
                text: Some(letter),
            }),
            ..self
        }
    }

    /// A hint the footer never drops (help, leave): a newcomer in a small terminal must
    /// still learn how to get help and how to get out.
    pub fn essential(key: impl Into<String>, what: impl Into<String>) -> Self {
        Self {
            essential: true,
            ..Self::new(key, what)
        }
    }

    /// Columns the hint takes: the key, a space, what it does.
    fn width(&self) -> usize {
        crate::core::text::width(&self.key) + 1 + crate::core::text::width(&self.what)
    }
}

/// What the help hint reads when the footer had to leave keys out: they are all listed there.
pub const KEYS: &str = "keys";

/// Key hints drawn as `key what · key what`, as many as fit.
pub struct Footer<'a> {
    /// The hints, most important first.
    pub hints: &'a [KeyHint],
    /// The theme.
    pub theme: &'a Theme,
}

impl KeyHint {
    /// Whether this is the hint that opens help (the screen's full key list).
    fn opens_help(&self) -> bool {
        self.press.as_ref().and_then(|press| press.action) == Some(Action::Help)
    }
}

impl Footer<'_> {
    /// Which hints fit in `width` columns: every essential one, then the others in order
    /// while they fit beside them, each separated by ` · `. When some give way, the help hint
    /// moves to the end and reads `keys` (`? keys`): the hidden keys are listed there, one
    /// press away, so no key silently disappears.
    fn chosen(&self, width: usize) -> Vec<Cow<'_, KeyHint>> {
        const SEP: usize = 3;
        let cost = |hint: &KeyHint| hint.width() + SEP;
        let essentials: usize = self
            .hints
            .iter()
            .filter(|hint| hint.essential)
            .map(cost)
            .sum();
        let total: usize = self.hints.iter().map(cost).sum();
        if total <= width + SEP {
            return self.hints.iter().map(Cow::Borrowed).collect();
        }
        let help = self.hints.iter().find(|hint| hint.opens_help());
        // `? keys` may be longer than `? help` was: count it instead.
        let help_cost = help.map_or(0, |hint| {
            let as_keys = KeyHint {
                what: KEYS.to_string(),
                ..hint.clone()
            };
            cost(&as_keys).saturating_sub(if hint.essential { cost(hint) } else { 0 })
        });
        let mut left = (width + SEP).saturating_sub(essentials + help_cost);
        let mut out: Vec<Cow<'_, KeyHint>> = self
            .hints
            .iter()
            .filter(|hint| !hint.opens_help())
            .filter(|hint| {
                if hint.essential {
                    return true;
                }
                let fits = cost(hint) <= left;
                if fits {
                    left -= cost(hint);
                } else {
                    left = 0;
                }
                fits
            })
            .map(Cow::Borrowed)
            .collect();
        if let Some(hint) = help {
            out.push(Cow::Owned(KeyHint {
                what: KEYS.to_string(),
                ..hint.clone()
            }));
        }
        out
    }

    /// Where each hint that fits is drawn in `area`: one rectangle per hint (its key and what
    /// it does), separated by ` · `. Drawing and the click test both use it, so a click lands
    /// on the hint it sees.
    #[must_use]
    pub fn placed(&self, area: Rect) -> Vec<(Rect, Cow<'_, KeyHint>)> {
        let mut x = area.x;
        let mut out = Vec::new();
        for hint in self.chosen(usize::from(area.width)) {
            if !out.is_empty() {
                x = x.saturating_add(3);
            }
            let width = u16::try_from(hint.width()).unwrap_or(u16::MAX);
            let right = x.saturating_add(width).min(area.right());
            if x >= right {
                break;
            }
            out.push((Rect::new(x, area.y, right - x, 1), hint));
            x = x.saturating_add(width);
        }
        out
    }

    /// The key press a click at `pos` stands for: the clickable hint drawn there, if any.
    #[must_use]
    pub fn press_at(&self, area: Rect, pos: Position) -> Option<KeyInput> {
        self.placed(area)
            .into_iter()
            .find(|(rect, _)| rect.contains(pos))
            .and_then(|(_, hint)| hint.press)
    }
}

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        for (i, (rect, hint)) in self.placed(area).into_iter().enumerate() {
            if i > 0 {
                buf.set_string(rect.x.saturating_sub(3), rect.y, " · ", self.theme.dim);
            }
            let line = Line::from(vec![
                Span::styled(hint.key.clone(), self.theme.title),
                Span::styled(format!(" {}", hint.what), self.theme.text),
            ]);
            buf.set_line(rect.x, rect.y, &line, rect.width);
        }
    }
}

/// The bottom row of `area`, where a modal screen draws its own footer over the one below.
#[must_use]
pub fn bottom_row(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.bottom().saturating_sub(1),
        area.width,
        area.height.min(1),
    )
}

/// Draws `hints` over `row` (a modal screen's [`bottom_row`]), replacing the footer of the
/// screen below: a dialog, form or prompt shows its own keys while it is open, never the keys
/// of a screen they do not reach.
pub fn render_over(frame: &mut Frame, row: Rect, hints: &[KeyHint], theme: &Theme) {
    frame.render_widget(Clear, row);
    frame.render_widget(Footer { hints, theme }, row);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn footer_text(hints: &[KeyHint], width: u16) -> String {
        let theme = Theme::new(crate::ui::theme::ThemeKind::Dark, false);
        let area = Rect::new(0, 0, width, 1);
        let mut buf = Buffer::empty(area);
        Footer {
            hints,
            theme: &theme,
        }
        .render(area, &mut buf);
        (0..width)
            .map(|x| buf[(x, 0)].symbol().to_string())
            .collect::<String>()
            .trim_end()
            .to_string()
    }

    #[test]
    fn help_and_leave_stay_when_space_is_short_and_the_rest_gives_way_in_order() {
        let hints = [
            KeyHint::new("←→", "column"),
            KeyHint::new("u", "undo"),
            KeyHint::new("r", "redo"),
            KeyHint::essential("?", "help"),
            KeyHint::essential("q", "leave"),
        ];
        assert_eq!(
            footer_text(&hints, 60),
            "←→ column · u undo · r redo · ? help · q leave"
        );
        assert_eq!(
            footer_text(&hints, 37),
            "←→ column · u undo · ? help · q leave"
        );
        assert_eq!(footer_text(&hints, 36), "←→ column · ? help · q leave");
        assert_eq!(footer_text(&hints, 20), "? help · q leave");
    }

    #[test]
    fn a_footer_that_leaves_keys_out_ends_with_help_reading_keys() {
        let hints = [
            KeyHint::new("←→", "column"),
            KeyHint::new("u", "undo"),
            KeyHint::new("s", "save"),
            KeyHint::essential("?", "help").sends(Action::Help),
            KeyHint::essential("q", "leave"),
        ];
        assert_eq!(
            footer_text(&hints, 80),
            "←→ column · u undo · s save · ? help · q leave"
        );
        // Everything fits exactly: nothing is hidden, so help stays help.
        assert_eq!(
            footer_text(&hints, 46),
            "←→ column · u undo · s save · ? help · q leave"
        );
        assert_eq!(
            footer_text(&hints, 45),
            "←→ column · u undo · q leave · ? keys"
        );
        assert_eq!(footer_text(&hints, 20), "q leave · ? keys");
    }

    #[test]
    fn each_hint_is_drawn_where_a_click_finds_it() {
        let theme = Theme::new(crate::ui::theme::ThemeKind::Dark, false);
        let hints = vec![
            KeyHint::new("←→", "column"),
            KeyHint::new("u", "undo").sends(Action::Undo),
            KeyHint::new("r", "rename").types('r'),
            KeyHint::essential("q", "leave").sends(Action::Quit),
        ];
        for width in [14, 30, 80] {
            let area = Rect::new(2, 5, width, 1);
            let mut buf = Buffer::empty(Rect::new(0, 0, 100, 10));
            let footer = Footer {
                hints: &hints,
                theme: &theme,
            };
            Footer {
                hints: &hints,
                theme: &theme,
            }
            .render(area, &mut buf);
            let placed = footer.placed(area);
            assert!(
                placed.iter().any(|(_, hint)| hint.key == "q"),
                "essential kept"
            );
            for (rect, hint) in &placed {
                let drawn: String = (rect.x..rect.x + rect.width)
                    .map(|x| buf[(x, rect.y)].symbol().to_string())
                    .collect();
                assert!(drawn.starts_with(&hint.key), "{drawn:?} at {rect:?}");
                for x in rect.x..rect.right() {
                    assert_eq!(footer.press_at(area, Position::new(x, rect.y)), hint.press);
                }
                // Just left of a hint is the separator (or the edge): never a press.
                assert_eq!(
                    footer.press_at(area, Position::new(rect.x - 1, rect.y)),
                    None
                );
            }
        }
    }
}
