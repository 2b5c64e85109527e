//! Magic Square's part of the game screen: a square cursor, the chosen piece (typed, cycled with
//! `[`/`]` or clicked in the tray), and the solver behind Hint and Solve.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::game::MagicSquareGame;
use super::rules::{MagicSquare, Params, Placement};
use super::view::{self, Marks, Target};
use crate::core::{Players, Rules};
use crate::game_screen::{BoardReply, GameScreen, GameUi, ViewOf};
use crate::modal::form::{Field, Form};
use crate::screen::{Ctx, KeyHint, Screen};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::theme::Theme;

/// The board's UI state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagicSquareUi {
    cursor: (u8, u8),
    /// The piece chosen to place next.
    selected: Option<i64>,
    /// Characters typed towards a piece value (`-`, digits).
    typed: String,
    hover: Option<Target>,
}

impl GameUi for MagicSquareUi {
    type Game = MagicSquareGame;
    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn new_ui(state: &MagicSquare, _params: &Params, _ctx: &Ctx) -> Self {
        let middle = state.size() / 2;
        Self {
            cursor: (middle, middle),
            selected: None,
            typed: String::new(),
            hover: None,
        }
    }

    fn board_size(&self, state: &MagicSquare, _params: &Params) -> (u16, u16) {
        view::board_size(state)
    }

    fn preferred_board_size(&self, state: &MagicSquare, _params: &Params) -> (u16, u16) {
        view::roomy_size(state)
    }

    fn board_extent(&self, state: &MagicSquare, _params: &Params, area: Rect) -> (u16, u16) {
        view::extent(state, area)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let marks = Marks {
            cursor: self.cursor,
            selected: self.selected,
            typed: self.typed.clone(),
            hover: self.hover,
            last: view.last.map(|(_, mv)| *mv),
            hint: view.hint.copied(),
            // A preview (drawn as if nobody's turn) shows no cursor, like a finished game.
            active: view.state.outcome().is_none() && !view.computer_to_move,
        };
        view::render(view.state, &marks, view.area, buf, theme);
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Placement> {
        let state = view.state;
        if let Some(mouse) = event.mouse() {
            let target = view::geometry(state, view.area, self.selected)
                .and_then(|geo| geo.target_at(mouse.position()));
            return match (mouse.kind, target) {
                (MouseKind::Hover, target) => {
                    self.hover = target;
                    BoardReply::Handled
                }
                (MouseKind::Click, Some(Target::Piece(value))) => {
                    self.select(Some(value));
                    BoardReply::Handled
                }
                (MouseKind::Click, Some(Target::Square(x, y))) => {
                    self.cursor = (x, y);
                    self.typed.clear();
                    self.place(state)
                }
                (MouseKind::RightClick, _) => {
                    self.select(None);
                    BoardReply::Handled
                }
                _ => BoardReply::Ignored,
            };
        }
        if let Some(c) = event.text()
            && (c.is_ascii_digit() || c == '-')
        {
            return self.type_char(state, c);
        }
        let n = state.size();
        let (x, y) = self.cursor;
        match event.action() {
            Some(arrow @ (Action::Left | Action::Right | Action::Up | Action::Down)) => {
                crate::ui::cursor::arrow_step(arrow, (x, y), (n, n))
                    .map_or(BoardReply::Handled, |(nx, ny)| self.move_to(nx, ny))
            }
            Some(Action::Home) => self.move_to(0, y),
            Some(Action::End) => self.move_to(n - 1, y),
            Some(Action::PrevItem) => self.cycle(state, false),
            Some(Action::NextItem) => self.cycle(state, true),
            Some(Action::Backspace) if !self.typed.is_empty() => {
                self.typed.pop();
                self.selected = self.typed.parse().ok().filter(|v| usable(state, *v));
                BoardReply::Handled
            }
            Some(Action::Confirm) => {
                self.typed.clear();
                self.place(state)
            }
            Some(Action::Back) if self.selected.is_some() || !self.typed.is_empty() => {
                self.select(None);
                BoardReply::Handled
            }
            _ => BoardReply::Ignored,
        }
    }

    fn reset(&mut self, state: &MagicSquare) {
        self.typed.clear();
        if self.selected.is_some_and(|v| !usable(state, v)) {
            self.selected = None;
        }
        let n = state.size();
        self.cursor = (self.cursor.0.min(n - 1), self.cursor.1.min(n - 1));
    }

    fn key_hints(&self, _state: &MagicSquare, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new("←↑→↓", "square"),
            KeyHint::new("0-9 -", "type piece"),
            KeyHint::new(
                keys.key_names(&[Action::PrevItem, Action::NextItem]),
                "tray",
            ),
            KeyHint::new(keys.key_name(Action::Confirm), "place").sends(Action::Confirm),
        ]
    }

    fn prompt(&self, state: &MagicSquare) -> Option<String> {
        if state.outcome().is_some() {
            return None;
        }
        Some(match self.selected {
            Some(v) => format!("Place {v}: Enter on an empty square, or click one."),
            None if !self.typed.is_empty() => format!("Typing a piece: {}", self.typed),
            None => "Choose a piece: type its value, [ ] to cycle, or click the tray.".into(),
        })
    }
}

/// Whether `value` is a piece still in the tray.
fn usable(state: &MagicSquare, value: i64) -> bool {
    state.is_piece(value) && !state.is_used(value)
}

impl MagicSquareUi {
    fn move_to(&mut self, x: u8, y: u8) -> BoardReply<Placement> {
        self.cursor = (x, y);
        self.typed.clear();
        BoardReply::Handled
    }

    fn select(&mut self, value: Option<i64>) {
        self.selected = value;
        self.typed.clear();
    }

    /// Adds a typed character; the piece whose value was typed becomes the selection. A
    /// character that cannot continue any unused piece's value starts a new value.
    fn type_char(&mut self, state: &MagicSquare, c: char) -> BoardReply<Placement> {
        let extended = format!("{}{c}", self.typed);
        let continues = |text: &str| {
            state
                .available()
                .iter()
                .any(|v| v.to_string().starts_with(text))
        };
        if continues(&extended) {
            self.typed = extended;
        } else if continues(&c.to_string()) {
            self.typed = c.to_string();
        } else {
            self.typed.clear();
            self.selected = None;
            return BoardReply::Message(format!(
                "No unused piece starts with {c}: the tray holds {}.",
                tray_summary(state)
            ));
        }
        self.selected = self.typed.parse().ok().filter(|v| usable(state, *v));
        BoardReply::Handled
    }

    /// Selects the next (or previous) unused piece, wrapping around the tray.
    fn cycle(&mut self, state: &MagicSquare, forward: bool) -> BoardReply<Placement> {
        let tray = state.available();
        if tray.is_empty() {
            return BoardReply::Ignored;
        }
        let next = match self
            .selected
            .and_then(|v| tray.iter().position(|&t| t == v))
        {
            Some(i) if forward => tray[(i + 1) % tray.len()],
            Some(i) => tray[(i + tray.len() - 1) % tray.len()],
            None if forward => tray[0],
            None => tray[tray.len() - 1],
        };
        self.select(Some(next));
        BoardReply::Handled
    }

    /// Places the selected piece on the cursor's square.
    fn place(&mut self, state: &MagicSquare) -> BoardReply<Placement> {
        if state.outcome().is_some() {
            return BoardReply::GameOver;
        }
        let (x, y) = self.cursor;
        if let Some(there) = state.get(x, y) {
            return BoardReply::Message(format!("Square {x},{y} already holds {there}."));
        }
        match self.selected {
            Some(value) if usable(state, value) => BoardReply::Play(Placement { value, x, y }),
            _ => BoardReply::Message(
                "Choose a piece first: type its value, press [ or ], or click the tray.".into(),
            ),
        }
    }
}

/// "1 to 9" or "1, 4 and 7": the unused pieces in a few words.
fn tray_summary(state: &MagicSquare) -> String {
    let tray = state.available();
    match tray.as_slice() {
        [] => "nothing".into(),
        [only] => only.to_string(),
        [first, .., last] if (last - first) as usize == tray.len() - 1 => {
            format!("{first} to {last}")
        }
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

impl crate::games::screen_entry::ScreenRegistration for super::MagicSquareGameEntry {
    type Ui = MagicSquareUi;

    /// The menu asks for the board side and the lowest piece first.
    fn new_game(ctx: &Ctx) -> Box<dyn Screen> {
        new_game(ctx)
    }
}

/// The new-game form: board side and lowest piece.
fn new_game(_ctx: &Ctx) -> Box<dyn Screen> {
    let defaults = Params::default();
    Box::new(Form::new(
        "New game of Magic Square",
        vec![
            Field::number(
                "Size (1-9)",
                i64::from(defaults.size),
                1,
                i64::from(super::rules::MAX_SIZE),
            ),
            Field::number(
                "Lowest piece",
                defaults.min,
                *super::rules::SAFE_MIN.start(),
                *super::rules::SAFE_MIN.end(),
            ),
        ],
        Box::new(|values, ctx: &Ctx| {
            let params = Params {
                size: values.number(0)?,
                min: values.number(1)?,
            };
            let screen: Box<dyn Screen> = Box::new(GameScreen::<MagicSquareUi>::new(
                params,
                Players::none(),
                ctx,
            )?);
            Ok(screen.into())
        }),
    ))
}

#[cfg(test)]
mod tests {
    use super::super::game::hint_answer;
    use super::super::solver::HintAnswer as Verdict;
    use super::*;

    fn fresh() -> MagicSquareUi {
        MagicSquareUi {
            cursor: (0, 0),
            selected: None,
            typed: String::new(),
            hover: None,
        }
    }

    fn game(size: u8, min: i64) -> MagicSquare {
        MagicSquare::new(Params { size, min }).expect("valid")
    }

    #[test]
    fn typing_builds_negative_and_multi_digit_values() {
        let state = game(5, -12);
        let mut ui = fresh();
        for c in "-12".chars() {
            assert_eq!(ui.type_char(&state, c), BoardReply::Handled);
        }
        assert_eq!(ui.selected, Some(-12));
        // "-12" cannot grow; a new digit starts a new value.
        ui.type_char(&state, '7');
        assert_eq!((ui.typed.as_str(), ui.selected), ("7", Some(7)));
        // 71 is no piece, so the 1 starts over.
        ui.type_char(&state, '1');
        assert_eq!((ui.typed.as_str(), ui.selected), ("1", Some(1)));
        ui.type_char(&state, '2');
        assert_eq!(ui.selected, Some(12));
        // "-" alone selects nothing yet.
        ui.type_char(&state, '-');
        assert_eq!((ui.typed.as_str(), ui.selected), ("-", None));
    }

    #[test]
    fn typing_an_impossible_value_explains_the_tray() {
        let state = game(3, 1);
        let mut ui = fresh();
        let reply = ui.type_char(&state, '-');
        assert_eq!(
            reply,
            BoardReply::Message("No unused piece starts with -: the tray holds 1 to 9.".into())
        );
        assert_eq!(ui.selected, None);
    }

    #[test]
    fn the_tray_cycles_both_ways_and_wraps() {
        let mut state = game(2, 0);
        state
            .play(&Placement {
                value: 1,
                x: 0,
                y: 0,
            })
            .expect("legal");
        let mut ui = fresh();
        ui.cycle(&state, true);
        assert_eq!(ui.selected, Some(0));
        ui.cycle(&state, true);
        assert_eq!(ui.selected, Some(2), "1 is on the board");
        ui.cycle(&state, true);
        ui.cycle(&state, true);
        assert_eq!(ui.selected, Some(0));
        ui.cycle(&state, false);
        assert_eq!(ui.selected, Some(3));
    }

    #[test]
    fn tray_summaries() {
        let mut state = game(2, 1);
        assert_eq!(tray_summary(&state), "1 to 4");
        state
            .play(&Placement {
                value: 2,
                x: 0,
                y: 0,
            })
            .expect("legal");
        assert_eq!(tray_summary(&state), "1, 3 and 4");
        for (value, x) in [(1, 1), (3, 0)] {
            state
                .play(&Placement {
                    value,
                    x,
                    y: u8::from(value == 3),
                })
                .expect("legal");
        }
        assert_eq!(tray_summary(&state), "4");
    }

    #[test]
    fn hint_sentences() {
        let two = game(2, 1);
        assert!(
            hint_answer(&two, Verdict::Impossible)
                .message
                .contains("No 2×2 magic square")
        );
        let three = game(3, 1);
        let p = Placement {
            value: 5,
            x: 1,
            y: 1,
        };
        let answer = hint_answer(&three, Verdict::Completable(p));
        assert_eq!(answer.mv, Some(p));
        // The screen writes the move where the placeholder stands (as its history names it).
        assert!(
            answer
                .message
                .contains(crate::core::HintAnswer::<Placement>::MOVE)
        );
        assert!(
            hint_answer(&three, Verdict::Undecided)
                .message
                .contains("Could not decide")
        );
    }
}
