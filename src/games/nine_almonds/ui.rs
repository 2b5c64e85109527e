//! Nine Almonds' part of the game screen: a cursor that reaches every square (so diagonal
//! jumps are made by moving to the landing square), a selected almond with its landing squares
//! marked, and the coach's hints and solutions.
//!
//! One model serves keys and mouse: Enter at the cursor and a click on a square do the same
//! thing — select an almond, land the selected one, or, on the almond in the middle of a
//! chain, end the turn.

use ratatui::buffer::Buffer;

use super::game::{NineAlmondsGame, Params};
use super::rules::{CENTRE, Move, NineAlmonds, SIZE, Square};
use super::view::{self, Marks};
use crate::core::Rules;
use crate::game_screen::{BoardReply, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::cursor::{CursorInput, SquareCursor};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::square_board::BoardSpec;
use crate::ui::theme::Theme;

/// The board's UI state: the cursor, the almond selected before its first jump, and the
/// square under the mouse. The almond in the middle of a chain is the rules' business
/// ([`NineAlmonds::chain`]), so undo and redo can never leave it out of step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NineAlmondsUi {
    cursor: SquareCursor,
    selected: Option<Square>,
}

impl NineAlmondsUi {
    /// The almond whose landing squares are marked: the chaining one, else the selected one.
    fn active(&self, state: &NineAlmonds) -> Option<Square> {
        if state.outcome().is_some() {
            return None;
        }
        state.chain().or(self.selected)
    }

    /// Enter at the cursor, or a click on it: select, jump, end a chain, or say why not.
    fn choose(&mut self, state: &NineAlmonds) -> BoardReply<Move> {
        let at = self.at();
        if state.outcome().is_some() {
            return BoardReply::GameOver;
        }
        if let Some(chain) = state.chain() {
            return if at == chain {
                BoardReply::Play(Move::EndTurn)
            } else if state.landings(chain).contains(&at) {
                BoardReply::Play(Move::Jump {
                    from: chain,
                    to: at,
                })
            } else {
                BoardReply::Message(format!(
                    "Jump on with the almond on {chain} (marked squares), or end the turn on it."
                ))
            };
        }
        if let Some(from) = self.selected {
            if at == from {
                self.selected = None;
                return BoardReply::Handled;
            }
            if state.landings(from).contains(&at) {
                return BoardReply::Play(Move::Jump { from, to: at });
            }
        }
        if state.has_almond(at) {
            if state.can_jump_from(at) {
                self.selected = Some(at);
                BoardReply::Handled
            } else {
                BoardReply::Message(format!("The almond on {at} has no jump."))
            }
        } else if let Some(from) = self.selected {
            BoardReply::Message(format!("The almond on {from} cannot land on {at}."))
        } else {
            BoardReply::Message(format!("There is no almond on {at}."))
        }
    }

    /// The cursor's square.
    fn at(&self) -> Square {
        let (x, y) = self.cursor.at;
        Square::new(x, y).unwrap_or(CENTRE)
    }
}

impl GameUi for NineAlmondsUi {
    type Game = NineAlmondsGame;
    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn new_ui(_state: &NineAlmonds, _params: &Params, _ctx: &Ctx) -> Self {
        Self {
            cursor: SquareCursor::new((CENTRE.x(), CENTRE.y()), (SIZE, SIZE)),
            selected: None,
        }
    }

    fn board_spec(&self, _state: &NineAlmonds, _params: &Params) -> Option<BoardSpec> {
        Some(view::SPEC)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let active = self.active(view.state);
        let marks = Marks {
            // No cursor in a preview (drawn as if nobody's turn).
            cursor: (!view.computer_to_move).then(|| self.at()),
            hover: self.cursor.hover.and_then(|(x, y)| Square::new(x, y)),
            active,
            landings: active.map(|a| view.state.landings(a)).unwrap_or_default(),
            hint: view.hint.copied(),
        };
        view::render(view.state, &marks, view.area, buf, theme);
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Move> {
        if let Some(mouse) = event.mouse()
            && mouse.kind == MouseKind::RightClick
            && self.selected.is_some()
        {
            self.selected = None;
            return BoardReply::Handled;
        }
        let geo = view::geometry(view.area);
        let square_at = |pos| {
            geo.as_ref()
                .and_then(|geo| view::square_at(geo, pos))
                .map(|square| (square.x(), square.y()))
        };
        match self.cursor.handle(event, square_at) {
            CursorInput::Moved => BoardReply::Handled,
            CursorInput::Chosen(_) => self.choose(view.state),
            CursorInput::ClickedOff => BoardReply::Ignored,
            CursorInput::Other => match event.action() {
                Some(Action::EndTurn) => {
                    if view.state.chain().is_some() {
                        BoardReply::Play(Move::EndTurn)
                    } else {
                        BoardReply::Message("There is no chain of jumps to end.".into())
                    }
                }
                Some(Action::Back) if self.selected.is_some() && view.state.chain().is_none() => {
                    self.selected = None;
                    BoardReply::Handled
                }
                _ => BoardReply::Ignored,
            },
        }
    }

    fn reset(&mut self, state: &NineAlmonds) {
        self.selected = None;
        if let Some(chain) = state.chain() {
            self.cursor.at = (chain.x(), chain.y());
        }
    }

    fn key_hints(&self, state: &NineAlmonds, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let mut hints = vec![
            KeyHint::new(keys.arrows(), "move"),
            KeyHint::new(keys.key_name(Action::Confirm), "select/jump").sends(Action::Confirm),
        ];
        if state.chain().is_some() {
            hints.push(
                KeyHint::new(keys.key_name(Action::EndTurn), "end turn").sends(Action::EndTurn),
            );
        } else if self.selected.is_some() {
            hints.push(KeyHint::new(keys.key_name(Action::Back), "cancel").sends(Action::Back));
        }
        hints
    }

    fn prompt(&self, state: &NineAlmonds) -> Option<String> {
        if state.outcome().is_some() {
            return None;
        }
        Some(match (state.chain(), self.selected) {
            (Some(chain), _) => {
                format!("Jump on with the almond on {chain}, or end the turn (Enter on it, e).")
            }
            (None, Some(from)) => format!("Choose where the almond on {from} lands."),
            (None, None) => "Select an almond to jump with.".into(),
        })
    }
}

impl crate::games::screen_entry::ScreenRegistration for super::NineAlmonds {
    type Ui = NineAlmondsUi;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_screen::BoardView;
    use ratatui::layout::Rect;
    use std::sync::atomic::AtomicBool;

    use super::super::game::{PANEL_WIDTH, wrap_chain};
    use crate::core::Game;
    use crate::games::nine_almonds::notation::from_rows;
    use crate::ui::input::{KeyInput, MouseInput};

    fn ui() -> NineAlmondsUi {
        NineAlmondsUi {
            cursor: SquareCursor::new((CENTRE.x(), CENTRE.y()), (SIZE, SIZE)),
            selected: None,
        }
    }

    /// Sends one event to the board laid out in a roomy area.
    fn send(ui: &mut NineAlmondsUi, state: &NineAlmonds, event: Event) -> BoardReply<Move> {
        let params = Params::default();
        let view = BoardView {
            state,
            last: None,
            hint: None,
            computer_to_move: false,
            params: &params,
            motion: None,
            area: Rect::new(0, 0, 40, 20),
        };
        ui.handle_board(&event, &view)
    }

    fn mouse(kind: MouseKind, square: Square) -> Event {
        let geo = view::geometry(Rect::new(0, 0, 40, 20)).expect("fits");
        let cell = view::cell(&geo, square);
        Event::Mouse(MouseInput {
            kind,
            column: cell.x + 1,
            row: cell.y,
        })
    }

    fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y).expect("on board")
    }

    #[test]
    fn a_right_click_or_esc_cancels_a_selection_and_esc_then_leaves() {
        let start = NineAlmonds::new();
        let mut board = ui();
        assert_eq!(
            send(&mut board, &start, mouse(MouseKind::Click, CENTRE)),
            BoardReply::Handled
        );
        assert_eq!(board.selected, Some(CENTRE));
        send(&mut board, &start, mouse(MouseKind::RightClick, sq(4, 4)));
        assert_eq!(board.selected, None);
        send(&mut board, &start, Event::action_key(Action::Confirm));
        assert_eq!(
            send(&mut board, &start, Event::action_key(Action::Back)),
            BoardReply::Handled
        );
        assert_eq!(board.selected, None);
        assert_eq!(
            send(&mut board, &start, Event::action_key(Action::Back)),
            BoardReply::Ignored,
            "with nothing selected Esc leaves the game"
        );
    }

    #[test]
    fn the_cursor_stays_on_the_board_and_reaches_the_corners() {
        let start = NineAlmonds::new();
        let mut board = ui();
        for _ in 0..4 {
            send(&mut board, &start, Event::action_key(Action::Left));
            send(&mut board, &start, Event::action_key(Action::Down));
        }
        assert_eq!(board.at(), sq(0, 0));
        for _ in 0..9 {
            send(&mut board, &start, Event::action_key(Action::Right));
            send(&mut board, &start, Event::action_key(Action::Up));
        }
        assert_eq!(board.at(), sq(4, 4));
    }

    #[test]
    fn e_ends_a_chain_only_during_one() {
        let mut state = NineAlmonds::new();
        let mut board = ui();
        assert!(matches!(
            send(&mut board, &state, Event::action_key(Action::EndTurn)),
            BoardReply::Message(_)
        ));
        state
            .play(&Move::Jump {
                from: CENTRE,
                to: sq(2, 4),
            })
            .expect("legal");
        board.reset(&state);
        assert_eq!(
            board.at(),
            sq(2, 4),
            "the cursor follows the chaining almond"
        );
        assert_eq!(
            send(&mut board, &state, Event::action_key(Action::EndTurn)),
            BoardReply::Play(Move::EndTurn)
        );
        // Typed e arrives as the EndTurn action through the keymap; plain text e is not ours.
        let typed = Event::Key(KeyInput {
            action: None,
            text: Some('e'),
        });
        assert_eq!(send(&mut board, &state, typed), BoardReply::Ignored);
    }

    #[test]
    fn hints_count_turns_in_plain_words() {
        let cancel = AtomicBool::new(false);
        let params = Params::default();
        let start = NineAlmondsGame::hint(&NineAlmonds::new(), &params, &cancel).expect("answer");
        assert!(
            start
                .message
                .ends_with("a shortest win takes 4 turns (4 in all)."),
            "{}",
            start.message
        );
        // Mid-chain, stopping can be the best step.
        let chain = from_rows(
            &[".....", ".A.A.", "...A.", "..AA.", "..A.."],
            Some(sq(2, 1)),
            3,
        )
        .expect("valid");
        let stop = NineAlmondsGame::hint(&chain, &params, &cancel).expect("answer");
        assert_eq!(stop.mv, Some(Move::EndTurn));
        assert_eq!(
            stop.message,
            "End this turn now: a shortest win takes this turn and 2 turns more (5 in all)."
        );
        // A chain that wins by itself: 4,0 over 3,1 onto the centre.
        let last = from_rows(
            &[".....", ".....", ".....", "...A.", "....A"],
            Some(sq(4, 0)),
            3,
        )
        .expect("valid");
        let answer = NineAlmondsGame::hint(&last, &params, &cancel).expect("answer");
        assert_eq!(
            answer.message,
            "Jump 4,0 to 2,2: a shortest win takes only this turn (3 turns in all)."
        );
        let lost =
            from_rows(&["AA...", ".....", ".....", ".....", "....."], None, 1).expect("valid");
        let none = NineAlmondsGame::hint(&lost, &params, &cancel).expect("answer");
        assert_eq!(none.mv, None);
        assert!(none.message.starts_with("No win is reachable"));
    }

    proptest::proptest! {
        /// Any sequence of keys and clicks: every move the board asks for is legal, and the
        /// board never panics (the game screen plays what it returns, as here).
        #[test]
        fn every_move_the_board_asks_for_is_legal(
            events in proptest::collection::vec((0u8..9, 0u8..5, 0u8..5), 0..80)
        ) {
            let mut state = NineAlmonds::new();
            let mut board = ui();
            for (kind, x, y) in events {
                let event = match kind {
                    0 => Event::action_key(Action::Up),
                    1 => Event::action_key(Action::Down),
                    2 => Event::action_key(Action::Left),
                    3 => Event::action_key(Action::Right),
                    4 => Event::action_key(Action::Confirm),
                    5 => Event::action_key(Action::EndTurn),
                    6 => Event::action_key(Action::Back),
                    7 => mouse(MouseKind::RightClick, sq(x, y)),
                    _ => mouse(MouseKind::Click, sq(x, y)),
                };
                if let BoardReply::Play(mv) = send(&mut board, &state, event) {
                    proptest::prop_assert!(state.legal_moves().contains(&mv), "{:?}", mv);
                    state.play(&mv).expect("legal");
                    board.reset(&state);
                }
                if let Some(selected) = board.selected {
                    proptest::prop_assert!(state.can_jump_from(selected));
                }
            }
        }
    }

    #[test]
    fn long_chains_wrap_in_the_side_panel() {
        let squares = [sq(2, 2), sq(2, 4), sq(4, 2), sq(2, 0), sq(0, 2)];
        assert_eq!(
            wrap_chain("Chain", &squares),
            vec!["Chain: 2,2 to 2,4 to 4,2", "  to 2,0 to 0,2"]
        );
        assert_eq!(
            wrap_chain("Chain", &squares[..2]),
            vec!["Chain: 2,2 to 2,4"]
        );
        for line in wrap_chain("Last turn", &squares) {
            assert!(line.chars().count() <= PANEL_WIDTH, "{line}");
        }
    }
}
