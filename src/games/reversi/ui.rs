//! Reversi's part of the game screen: a square cursor moved with the arrows (or the mouse),
//! Enter or a click to place, legal-square markers that can be toggled, and passes that are
//! announced and acknowledged instead of happening silently.

use std::time::Duration;

use ratatui::buffer::Buffer;
use serde::Deserialize;

use super::game::{Params, ReversiGame, colour_title};
use super::notation::ReversiSquares;
use super::rules::{Board, Move, SIZE};
use super::view::{self, Marks};
use crate::core::{Coordinates, Game, Rules};
use crate::game_screen::{BoardReply, Frames, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::cursor::{CursorInput, SquareCursor};
use crate::ui::input::{Action, Event};
use crate::ui::square_board::BoardSpec;
use crate::ui::theme::Theme;

/// Reversi's section of the configuration (`[reversi]` in `config.toml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Whether the legal squares are marked when a game opens (`m` toggles them).
    pub show_legal_moves: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            show_legal_moves: true,
        }
    }
}

/// The board's UI-only state: the cursor, the square under the mouse, and whether the legal
/// squares are marked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReversiUi {
    cursor: SquareCursor,
    show_legal: bool,
    /// `[ui] coordinates`: the names on the board's edges and in the history.
    names: Coordinates,
}

/// A rules sentence turned into a status-line sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_uppercase(), chars.as_str())
    })
}

impl ReversiUi {
    /// The cursor's square.
    #[must_use]
    pub fn cursor(&self) -> (u8, u8) {
        self.cursor.at
    }

    /// What pressing Enter or clicking `square` means in `board`: the pass when that is the
    /// only move, the placement when it is legal, otherwise the reason it is not.
    fn choose(&self, board: &Board, square: (u8, u8)) -> BoardReply<Move> {
        if board.outcome().is_some() {
            return BoardReply::GameOver;
        }
        if board.must_pass() {
            return BoardReply::Play(Move::Pass);
        }
        let mv = Move::Place(square.0, square.1);
        let name = |x, y| self.names.name::<ReversiSquares>((x, y));
        match board.refusal_named(&mv, &name) {
            None => BoardReply::Play(mv),
            Some(err) => BoardReply::Message(sentence(&err.message)),
        }
    }
}

impl GameUi for ReversiUi {
    type Game = ReversiGame;

    fn new_ui(state: &Board, _params: &Params, ctx: &Ctx) -> Self {
        let cursor = state
            .placements(state.turn())
            .first()
            .copied()
            .unwrap_or((3, 3));
        Self {
            cursor: SquareCursor::new(cursor, (SIZE, SIZE)),
            show_legal: ctx
                .config
                .game_section::<Settings>(ReversiGame::ID)
                .show_legal_moves,
            names: ctx.config.coordinates,
        }
    }

    fn board_spec(&self, _state: &Board, _params: &Params) -> Option<BoardSpec> {
        Some(view::SPEC)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let state = view.state;
        if let Some(motion) = &view.motion {
            // The placed disc first, then the turned discs ring by ring outwards from it.
            let (placed, rings) = turning_rings(motion.before, *motion.mv);
            let (flipped, unturned) = rings
                .into_iter()
                .partition(|&(_, ring)| ring <= motion.index);
            let squares = |list: Vec<Ringed>| list.into_iter().map(|(sq, _)| sq);
            let marks = Marks {
                cursor: None,
                hover: None,
                legal: Vec::new(),
                last: placed,
                flipped: squares(flipped).collect(),
                unturned: squares(unturned).collect(),
                hint: None,
                note: None,
                names: self.names,
            };
            view::render(state, &marks, view.area, buf, theme);
            return;
        }
        let active = !view.computer_to_move && state.outcome().is_none();
        let (last, flipped, pass_note) = match view.last {
            Some((before, mv @ Move::Place(x, y))) => (Some((*x, *y)), before.flipped_by(mv), None),
            Some((before, mv)) => (None, Vec::new(), view::pass_note(before, mv)),
            None => (None, Vec::new(), None),
        };
        let note = if state.must_pass() {
            let disc = state.turn();
            Some(if active {
                format!(
                    "{} has no legal move: Enter or a click passes.",
                    colour_title(disc)
                )
            } else {
                format!("{} has no legal move and must pass.", colour_title(disc))
            })
        } else {
            pass_note
        };
        let marks = Marks {
            cursor: active.then_some(self.cursor.at),
            hover: self.cursor.hover,
            legal: if active && self.show_legal {
                state.placements(state.turn())
            } else {
                Vec::new()
            },
            last,
            flipped,
            unturned: Vec::new(),
            hint: match view.hint {
                Some(Move::Place(x, y)) => Some((*x, *y)),
                _ => None,
            },
            note,
            names: self.names,
        };
        view::render(state, &marks, view.area, buf, theme);
    }

    /// One picture per ring of turned discs around the placed one (a pass has none).
    fn motion(&self, before: &Board, mv: &Move) -> Frames {
        let (_, rings) = turning_rings(before, *mv);
        let count = rings.iter().map(|&(_, ring)| ring).max().unwrap_or(0);
        Frames::within_budget(count, TURN_STEP)
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Move> {
        let geo = view::geometry(view.area);
        let square_at = |pos| geo.as_ref().and_then(|geo| view::square_at(geo, pos));
        match self.cursor.handle(event, square_at) {
            CursorInput::Moved => BoardReply::Handled,
            CursorInput::Chosen(_) if view.computer_to_move => BoardReply::Handled,
            CursorInput::Chosen(square) => self.choose(view.state, square),
            // A click anywhere passes when passing is all there is to do.
            CursorInput::ClickedOff if view.state.must_pass() && !view.computer_to_move => {
                BoardReply::Play(Move::Pass)
            }
            CursorInput::ClickedOff => BoardReply::Ignored,
            CursorInput::Other => match event.action() {
                Some(Action::ToggleMarks) => {
                    self.show_legal = !self.show_legal;
                    BoardReply::Message(
                        if self.show_legal {
                            "Legal squares are marked."
                        } else {
                            "Legal squares are no longer marked."
                        }
                        .into(),
                    )
                }
                _ => BoardReply::Ignored,
            },
        }
    }

    fn reset(&mut self, _state: &Board) {}

    fn move_label(&self, before: &Board, mv: &Move) -> String {
        ReversiGame::name_move(before, mv, self.names)
    }

    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn key_hints(&self, state: &Board, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let arrows = keys.arrows();
        let toggle = KeyHint::new(
            keys.key_name(Action::ToggleMarks),
            if self.show_legal {
                "hide legal"
            } else {
                "show legal"
            },
        )
        .sends(Action::ToggleMarks);
        if state.outcome().is_some() {
            return vec![toggle];
        }
        let confirm = if state.must_pass() { "pass" } else { "place" };
        vec![
            KeyHint::new(arrows, "move"),
            KeyHint::new(keys.key_name(Action::Confirm), confirm).sends(Action::Confirm),
            toggle,
        ]
    }

    fn prompt(&self, state: &Board) -> Option<String> {
        state.must_pass().then(|| {
            format!(
                "{} has no legal move: press Enter to pass",
                colour_title(state.turn())
            )
        })
    }
}

/// How long each ring of turning discs takes (at the normal speed).
const TURN_STEP: Duration = Duration::from_millis(70);

/// A square with its ring: how many squares away from the placed disc it lies (1 for a
/// neighbour), the order the motion turns discs in.
type Ringed = ((u8, u8), usize);

/// The square a move places on, and each disc it turns with its ring.
fn turning_rings(before: &Board, mv: Move) -> (Option<(u8, u8)>, Vec<Ringed>) {
    let Move::Place(px, py) = mv else {
        return (None, Vec::new());
    };
    let rings = before
        .flipped_by(&mv)
        .into_iter()
        .map(|(x, y)| ((x, y), usize::from(x.abs_diff(px).max(y.abs_diff(py)))))
        .collect();
    (Some((px, py)), rings)
}

impl crate::games::screen_entry::ScreenRegistration for super::Reversi {
    type Ui = ReversiUi;
}

/// Reversi's puzzles are drawn on its own board.
impl crate::games::position::PuzzleBoard for super::puzzle::Puzzles {
    type Ui = ReversiUi;
}
