//! The new-game form: labelled text, number and choice fields with Start and Cancel buttons.
//! On Start it asks the game to build its screen from the values, and replaces itself with it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::screen::{Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::footer::bottom_row;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::centered;

/// One input of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field {
    /// Free text (a player name). Empty means the placeholder.
    Text {
        /// The label.
        label: String,
        /// What was typed.
        value: String,
        /// Shown and used when nothing is typed.
        placeholder: String,
    },
    /// A whole number typed as text, checked against a range on Start.
    Number {
        /// The label.
        label: String,
        /// What was typed.
        value: String,
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// One of several options, cycled with ←/→ or a click.
    Choice {
        /// The label.
        label: String,
        /// The options.
        options: Vec<String>,
        /// The chosen option.
        selected: usize,
    },
}

impl Field {
    /// A text field with a placeholder.
    pub fn text(label: &str, placeholder: &str) -> Self {
        Self::Text {
            label: label.into(),
            value: String::new(),
            placeholder: placeholder.into(),
        }
    }

    /// A number field with a starting value and a range.
    pub fn number(label: &str, value: i64, min: i64, max: i64) -> Self {
        Self::Number {
            label: label.into(),
            value: value.to_string(),
            min,
            max,
        }
    }

    /// A choice field.
    pub fn choice(label: &str, options: &[&str], selected: usize) -> Self {
        Self::Choice {
            label: label.into(),
            options: options.iter().map(|s| (*s).to_string()).collect(),
            selected,
        }
    }

    fn label(&self) -> &str {
        match self {
            Self::Text { label, .. } | Self::Number { label, .. } | Self::Choice { label, .. } => {
                label
            }
        }
    }
}

/// The values of a submitted form, read by the game's builder.
pub struct FormValues<'a>(&'a [Field]);

impl FormValues<'_> {
    /// The text of field `i` (its placeholder when empty), sanitized.
    #[must_use]
    pub fn text(&self, i: usize) -> String {
        match self.0.get(i) {
            Some(Field::Text {
                value, placeholder, ..
            }) => crate::core::text::player_name(value, placeholder),
            _ => String::new(),
        }
    }

    /// The chosen option's index of field `i`.
    #[must_use]
    pub fn choice(&self, i: usize) -> usize {
        match self.0.get(i) {
            Some(Field::Choice { selected, .. }) => *selected,
            _ => 0,
        }
    }

    /// The number in field `i`, checked against its range and converted to the type the
    /// game keeps it in (a board side as `u8`).
    ///
    /// # Errors
    /// [`FormError::OutOfRange`] naming the field and the range (also when the type cannot
    /// hold the number), [`FormError::NoSuchField`] when field `i` is not a number.
    pub fn number<T: TryFrom<i64>>(&self, i: usize) -> Result<T, FormError> {
        match self.0.get(i) {
            Some(Field::Number {
                label,
                value,
                min,
                max,
            }) => value
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|n| (*min..=*max).contains(n))
                .and_then(|n| T::try_from(n).ok())
                .ok_or_else(|| FormError::OutOfRange {
                    field: i,
                    label: label.clone(),
                    min: *min,
                    max: *max,
                }),
            _ => Err(FormError::NoSuchField(i)),
        }
    }
}

/// Why the form's values do not start a game. Shown under the buttons; a value out of range
/// also takes the focus to its field, so the player can correct it at once.
#[derive(Debug, thiserror::Error)]
pub enum FormError {
    /// A number field holds no whole number in its range.
    #[error("{label} must be a whole number from {min} to {max}")]
    OutOfRange {
        /// The field's index, where the focus goes.
        field: usize,
        /// The field's label.
        label: String,
        /// The lowest number allowed.
        min: i64,
        /// The highest number allowed.
        max: i64,
    },
    /// The builder asked for a number from a field that is not one (a bug in the game's form).
    #[error("no such field")]
    NoSuchField(usize),
    /// The values are in range but give no playable game (the game's own reason).
    #[error(transparent)]
    Start(#[from] crate::core::StartError),
    /// The choices do not go together (a table's host who is not a person): the reason,
    /// said to the player as it is.
    #[error("{0}")]
    Choices(&'static str),
}

/// What Start leads to.
pub enum Started {
    /// The game on this screen, which replaces the form.
    Screen(Box<dyn Screen>),
    /// Something only the app can do (open a table on the server, whose game screen the app
    /// then shows): the form closes and asks for it; a refusal is said by the screen under it.
    Effect(Effect),
}

impl From<Box<dyn Screen>> for Started {
    fn from(screen: Box<dyn Screen>) -> Self {
        Self::Screen(screen)
    }
}

/// Builds the game screen from the form's values (or asks the app for a table), or says what
/// is wrong.
pub type Builder = Box<dyn Fn(&FormValues<'_>, &Ctx) -> Result<Started, FormError>>;

/// A new-game form.
pub struct Form {
    title: String,
    fields: Vec<Field>,
    /// Focus: a field index, then Start (`fields.len()`), then Cancel.
    focus: usize,
    hover: Option<usize>,
    error: Option<String>,
    build: Builder,
    /// Fields shown only while a choice does not hold a given option (see [`Form::hiding`]).
    hidden_when: Vec<HiddenWhen>,
}

/// A field that is left out of the form while a choice field holds one option: the second
/// seat's name when that seat is a player online, who brings their own.
struct HiddenWhen {
    field: usize,
    choice: usize,
    option: usize,
}

struct FormLayout {
    popup: Rect,
    /// Each shown field's index and row.
    rows: Vec<(usize, Rect)>,
    start: Rect,
    cancel: Rect,
    error: Rect,
}

const LABEL_WIDTH: u16 = 16;

/// The cells before a field's value: the focus marker, the label right-aligned in a column
/// of `LABEL_WIDTH` (a longer label widens it), and ": ". Drawing and the ◀ hit-test use it.
fn value_column(label: &str) -> u16 {
    LABEL_WIDTH.max(crate::core::text::width(label) as u16 + 3)
}

/// A field's value fitted to the columns its row leaves after the label: while typing, the
/// end of the text (where the cursor is) stays in view; otherwise a long value is cut with an
/// ellipsis. A name of wide characters takes two columns a character.
fn fit_value<'a>(
    value: &'a str,
    cursor: &str,
    row: Rect,
    field: &Field,
) -> std::borrow::Cow<'a, str> {
    let room = usize::from(row.width.saturating_sub(value_column(field.label())));
    if cursor.is_empty() {
        crate::core::text::truncate(value, room).into()
    } else {
        crate::core::text::tail(value, room.saturating_sub(crate::core::text::width(cursor))).into()
    }
}

/// Where a choice's ◀ is drawn in its row: its value begins with the arrow.
fn back_arrow(row: Rect, label: &str) -> Rect {
    Rect::new(row.x + value_column(label), row.y, 2, 1).intersection(row)
}
const VALUE_WIDTH: u16 = 28;

impl Form {
    /// A form with fields and the function that starts the game.
    #[must_use]
    pub fn new(title: impl Into<String>, fields: Vec<Field>, build: Builder) -> Self {
        Self {
            title: title.into(),
            fields,
            focus: 0,
            hover: None,
            error: None,
            build,
            hidden_when: Vec::new(),
        }
    }

    /// Leaves field `field` out (not drawn, not focused, its value still there for the
    /// builder) while choice field `choice` holds option `option`.
    #[must_use]
    pub fn hiding(mut self, field: usize, choice: usize, option: usize) -> Self {
        self.hidden_when.push(HiddenWhen {
            field,
            choice,
            option,
        });
        self
    }

    /// The focusable items in order: the shown fields' indices, then Start
    /// (`fields.len()`) and Cancel.
    fn items(&self) -> Vec<usize> {
        let values = FormValues(&self.fields);
        (0..self.fields.len())
            .filter(|&i| {
                !self
                    .hidden_when
                    .iter()
                    .any(|h| h.field == i && values.choice(h.choice) == h.option)
            })
            .chain([self.fields.len(), self.fields.len() + 1])
            .collect()
    }

    /// Moves the focus `forward` (or back) to the next shown item, wrapping around.
    fn step_focus(&mut self, forward: bool) {
        let items = self.items();
        let at = items.iter().position(|&i| i == self.focus).unwrap_or(0);
        let n = items.len();
        let next = if forward {
            (at + 1) % n
        } else {
            (at + n - 1) % n
        };
        self.focus = items[next];
    }

    fn layout(&self, area: Rect) -> FormLayout {
        let shown: Vec<usize> = self
            .items()
            .into_iter()
            .filter(|&i| i < self.fields.len())
            .collect();
        // Border, a blank row, the fields, a blank row, the buttons, and two rows for an
        // error: a range message ("… from -1000 to 1000000") needs the second.
        let height = shown.len() as u16 + 7;
        let popup = centered(area, LABEL_WIDTH + VALUE_WIDTH + 4, height);
        let inner = Block::new().borders(Borders::ALL).inner(popup);
        let rows = shown
            .iter()
            .zip(0u16..)
            .map(|(&field, y)| {
                let row = Rect::new(inner.x, inner.y + 1 + y, inner.width, 1).intersection(inner);
                (field, row)
            })
            .collect();
        let button_row = inner.y + shown.len() as u16 + 2;
        let start = Rect::new(
            inner.x + inner.width.saturating_sub(22) / 2,
            button_row,
            10,
            1,
        )
        .intersection(inner);
        let cancel = Rect::new(start.x + 12, button_row, 10, 1).intersection(inner);
        let error = Rect::new(inner.x, button_row + 1, inner.width, 2).intersection(inner);
        FormLayout {
            popup,
            rows,
            start,
            cancel,
            error,
        }
    }

    fn submit(&mut self, ctx: &mut Ctx) -> Transition {
        match (self.build)(&FormValues(&self.fields), ctx) {
            Ok(Started::Screen(screen)) => Transition::Replace(screen),
            Ok(Started::Effect(effect)) => {
                ctx.effect(effect);
                Transition::Pop(None)
            }
            Err(err) => {
                if let FormError::OutOfRange { field, .. } = err {
                    self.focus = field;
                }
                self.error = Some(err.to_string());
                Transition::Stay
            }
        }
    }

    /// A click on row `index`: a button presses it, a choice steps to its next option (the
    /// previous one when the click was on its ◀), any field takes the focus.
    fn activate(&mut self, index: usize, back: bool, ctx: &mut Ctx) -> Transition {
        self.focus = index;
        if index == self.fields.len() {
            self.submit(ctx)
        } else if index == self.fields.len() + 1 {
            Transition::Pop(Some(Reply::Cancelled))
        } else {
            self.cycle(!back);
            Transition::Stay
        }
    }

    /// ←/→ on the focused field: a choice cycles through its options, a number steps by one
    /// within its range (a value that is not a number yet starts from the range's nearer
    /// end); a text field is left as typed.
    fn cycle(&mut self, forward: bool) {
        match self.fields.get_mut(self.focus) {
            Some(Field::Choice {
                options, selected, ..
            }) => {
                let n = options.len().max(1);
                *selected = if forward {
                    (*selected + 1) % n
                } else {
                    (*selected + n - 1) % n
                };
            }
            Some(Field::Number {
                value, min, max, ..
            }) => {
                let stepped = match value.trim().parse::<i64>() {
                    Ok(n) if forward => n.saturating_add(1),
                    Ok(n) => n.saturating_sub(1),
                    Err(_) if forward => *min,
                    Err(_) => *max,
                };
                *value = stepped.clamp(*min, *max).to_string();
                self.error = None;
            }
            _ => {}
        }
    }
}

impl Screen for Form {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if let Some(mouse) = event.mouse() {
            let layout = self.layout(ctx.area);
            let buttons = [
                (self.fields.len(), layout.start),
                (self.fields.len() + 1, layout.cancel),
            ];
            let hit = layout
                .rows
                .iter()
                .chain(&buttons)
                .find(|(_, r)| r.contains(mouse.position()))
                .copied();
            return match mouse.kind {
                MouseKind::Click => hit.map_or(Transition::Stay, |(i, row)| {
                    let back = self.fields.get(i).is_some_and(|field| {
                        back_arrow(row, field.label()).contains(mouse.position())
                    });
                    self.activate(i, back, ctx)
                }),
                MouseKind::Hover => {
                    self.hover = hit.map(|(i, _)| i);
                    Transition::Stay
                }
                _ => Transition::Stay,
            };
        }
        let editing = matches!(
            self.fields.get(self.focus),
            Some(Field::Text { .. } | Field::Number { .. })
        );
        if editing {
            if let Some(c) = event.text() {
                match self.fields.get_mut(self.focus) {
                    Some(Field::Text { value, .. })
                        if !crate::core::text::is_unsafe(c)
                            && value.chars().count() < crate::core::text::MAX_NAME_CHARS =>
                    {
                        value.push(c);
                    }
                    Some(Field::Number { value, .. })
                        if (c.is_ascii_digit() || c == '-') && value.len() < 20 =>
                    {
                        value.push(c);
                    }
                    _ => {}
                }
                self.error = None;
                return Transition::Stay;
            }
            if event.action() == Some(Action::Backspace) {
                if let Some(Field::Text { value, .. } | Field::Number { value, .. }) =
                    self.fields.get_mut(self.focus)
                {
                    value.pop();
                }
                return Transition::Stay;
            }
        }
        match event.action() {
            Some(Action::Up | Action::PrevField) => self.step_focus(false),
            Some(Action::Down | Action::NextField) => self.step_focus(true),
            Some(Action::Left | Action::PrevItem) => self.cycle(false),
            Some(Action::Right | Action::NextItem) => self.cycle(true),
            Some(Action::Confirm) => {
                // Space on a choice changes it; Enter anywhere else starts (fields keep what
                // they show, defaults included), so a form never needs one Enter per field.
                if self.focus < self.fields.len()
                    && matches!(self.fields[self.focus], Field::Choice { .. })
                    && event.text() == Some(' ')
                {
                    self.cycle(true);
                    return Transition::Stay;
                }
                let index = if self.focus < self.fields.len() {
                    self.fields.len()
                } else {
                    self.focus
                };
                return self.activate(index, false, ctx);
            }
            Some(Action::Back | Action::Quit) => return Transition::Pop(Some(Reply::Cancelled)),
            _ => {}
        }
        Transition::Stay
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        crate::screen::draw_footer(self, frame, area, ctx);
        let layout = self.layout(area);
        frame.render_widget(Clear, layout.popup);
        frame.render_widget(
            crate::ui::layout::popup_block(&self.title, theme),
            layout.popup,
        );
        for &(i, ref rect) in &layout.rows {
            let Some(field) = self.fields.get(i) else {
                continue;
            };
            let focused = i == self.focus;
            let value = match field {
                Field::Text {
                    value, placeholder, ..
                } => {
                    if value.is_empty() && !focused {
                        placeholder.clone()
                    } else {
                        value.clone()
                    }
                }
                Field::Number { value, .. } => value.clone(),
                Field::Choice {
                    options, selected, ..
                } => {
                    let option = options.get(*selected).cloned().unwrap_or_default();
                    format!(
                        "{} {option} {}",
                        theme.glyph("◀", "<"),
                        theme.glyph("▶", ">")
                    )
                }
            };
            let cursor = if focused && !matches!(field, Field::Choice { .. }) {
                "_"
            } else {
                ""
            };
            let style = if focused {
                theme.cursor
            } else if self.hover == Some(i) {
                theme.hover
            } else {
                theme.text
            };
            let marker = if focused {
                theme.glyph("›", ">")
            } else {
                " "
            };
            let mut spans = vec![
                Span::styled(
                    format!(
                        "{marker}{:>w$}: ",
                        field.label(),
                        w = usize::from(value_column(field.label())) - 3
                    ),
                    theme.dim,
                ),
                Span::styled(
                    format!("{}{cursor}", fit_value(&value, cursor, *rect, field)),
                    style,
                ),
            ];
            // A focused empty name still shows the name it will get, dimmed, until typed over.
            if let Field::Text {
                value, placeholder, ..
            } = field
                && focused
                && value.is_empty()
            {
                let room = usize::from(rect.width.saturating_sub(value_column(field.label()) + 1));
                spans.push(Span::styled(
                    crate::core::text::truncate(placeholder, room),
                    theme.dim,
                ));
            }
            let line = Line::from(spans);
            frame.render_widget(Paragraph::new(line), *rect);
        }
        for (index, (label, rect)) in [("Start", layout.start), ("Cancel", layout.cancel)]
            .into_iter()
            .enumerate()
        {
            let index = self.fields.len() + index;
            let focused = index == self.focus;
            let style = if focused {
                theme.cursor
            } else if self.hover == Some(index) {
                theme.hover
            } else {
                theme.text
            };
            let text = if focused {
                format!("[ {label} ]")
            } else {
                format!("  {label}  ")
            };
            frame.render_widget(Paragraph::new(text).style(style), rect);
        }
        if let Some(error) = &self.error {
            frame.render_widget(
                Paragraph::new(error.as_str())
                    .style(theme.error)
                    .wrap(Wrap { trim: true }),
                layout.error,
            );
        }
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        let keys = &ctx.config.keymap;
        let mut hints = vec![KeyHint::new(
            keys.key_names(&[Action::NextField, Action::Down]),
            "next field",
        )];
        // ←/→ change a choice or a number; on a name or a button they do nothing.
        if matches!(
            self.fields.get(self.focus),
            Some(Field::Choice { .. } | Field::Number { .. })
        ) {
            hints.push(KeyHint::new(
                keys.key_names(&[Action::Left, Action::Right]),
                "change",
            ));
        }
        hints.extend([
            KeyHint::new(keys.key_name(Action::Confirm), "confirm").sends(Action::Confirm),
            KeyHint::essential(keys.key_name(Action::Back), "cancel").sends(Action::Back),
        ]);
        Some((bottom_row(area), hints))
    }

    fn is_opaque(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(label: &str, value: &str, min: i64, max: i64) -> Field {
        Field::Number {
            label: label.into(),
            value: value.into(),
            min,
            max,
        }
    }

    #[test]
    fn a_number_out_of_range_names_its_field_for_the_focus() {
        let fields = [
            Field::text("Name", "Ann"),
            number("Size", "300", 1, 1000),
            number("Lowest", "-4", 0, 9),
        ];
        let values = FormValues(&fields);
        assert_eq!(values.number::<i64>(1).ok(), Some(300));
        // In the field's range, but not in the type the game keeps it in: the same kind.
        assert!(matches!(
            values.number::<u8>(1),
            Err(FormError::OutOfRange { field: 1, .. })
        ));
        let err = values.number::<i64>(2).expect_err("below the range");
        assert!(
            matches!(err, FormError::OutOfRange { field: 2, .. }),
            "{err:?}"
        );
        assert_eq!(err.to_string(), "Lowest must be a whole number from 0 to 9");
        assert!(matches!(
            values.number::<i64>(0),
            Err(FormError::NoSuchField(0))
        ));
    }
}
