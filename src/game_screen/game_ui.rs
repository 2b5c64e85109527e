//! The [`GameUi`] trait: a game's board widget, what one game adds to the generic
//! [`super::GameScreen`] besides its pure [`Game`] part.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::motion::{Frames, MotionFrame};
use crate::core::{Game, MoveOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::Event;
use crate::ui::square_board::{BoardGeometry, BoardSpec};
use crate::ui::theme::Theme;

/// What the board did with an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardReply<M> {
    /// Not the board's business: the game screen handles it (undo, save, help…).
    Ignored,
    /// Consumed (the cursor moved, a piece was selected); nothing else to do.
    Handled,
    /// Play this move.
    Play(M),
    /// Consumed, with a message for the status line ("that column is full").
    Message(String),
    /// A move was tried on a finished game: the screen says so, naming its own keys.
    GameOver,
}

/// Everything a board may read while drawing or handling input.
pub struct BoardView<'a, G: Game> {
    /// The current position.
    pub state: &'a G::Rules,
    /// The last applied move and the position it was played in (for last-move marks).
    pub last: Option<(&'a G::Rules, &'a MoveOf<G>)>,
    /// The move a hint suggests, to be marked.
    pub hint: Option<&'a MoveOf<G>>,
    /// Whether the side to move is a computer (the board then ignores move input).
    pub computer_to_move: bool,
    /// The game's parameters.
    pub params: &'a G::Params,
    /// A move in motion: the board draws this picture of it instead of the final position
    /// (see [`GameUi::motion`]).
    pub motion: Option<MotionFrame<'a, G>>,
    /// The board's area: drawing and hit-testing get the same one, so they cannot disagree.
    pub area: Rect,
}

/// One game's board on the game screen.
///
/// `Self` is the board's UI-only state (cursor, selection, partial move); the rules state lives
/// in the screen's history and is passed in read-only, so rendering can never change the game.
pub trait GameUi: Sized + 'static {
    /// The game this board shows.
    type Game: Game;

    /// The board's UI state for a position.
    fn new_ui(state: &RulesOf<Self>, params: &ParamsOf<Self>, ctx: &Ctx) -> Self;

    /// The board as a shared labelled square board ([`crate::ui::board`]), for the games
    /// drawn that way: the sizes below then follow from it, in every tier.
    fn board_spec(&self, _state: &RulesOf<Self>, _params: &ParamsOf<Self>) -> Option<BoardSpec> {
        None
    }

    /// The smallest area the board can be drawn in (a board without a [`BoardSpec`] says).
    fn board_size(&self, state: &RulesOf<Self>, params: &ParamsOf<Self>) -> (u16, u16) {
        self.board_spec(state, params)
            .map_or((0, 0), |spec| spec.min_size())
    }

    /// The area of the board's classic look: the screen folds its side panel into a strip
    /// before it lets the board go below this.
    fn preferred_board_size(&self, state: &RulesOf<Self>, params: &ParamsOf<Self>) -> (u16, u16) {
        self.board_spec(state, params)
            .map_or_else(|| self.board_size(state, params), |spec| spec.framed_size())
    }

    /// How much of `area` the board covers once drawn there (boards that grow with the space
    /// say their tier's size), so the screen can centre board and panel together. A board is
    /// drawn centred in its area: the analysis strip lies over the rows under it.
    fn board_extent(
        &self,
        state: &RulesOf<Self>,
        params: &ParamsOf<Self>,
        area: Rect,
    ) -> (u16, u16) {
        self.board_spec(state, params)
            .and_then(|spec| BoardGeometry::fit(spec, area))
            .map_or((area.width, area.height), |geo| {
                (geo.outer.width, geo.outer.height)
            })
    }

    /// Draws the board in `view.area` (its own geometry function decides the cells).
    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme);

    /// Handles input aimed at the board; `view.area` is the same board area
    /// [`GameUi::render_board`] was given, so hit-testing uses the same geometry.
    fn handle_board(
        &mut self,
        event: &Event,
        view: &ViewOf<'_, Self>,
    ) -> BoardReply<MoveOf<Self::Game>>;

    /// The position changed by undo, redo, a move or a load: drop selections that no longer
    /// make sense, keep the cursor.
    fn reset(&mut self, state: &RulesOf<Self>);

    /// The board's own key hints for the footer, most important first.
    fn key_hints(&self, state: &RulesOf<Self>, ctx: &Ctx) -> Vec<KeyHint>;

    /// A move as the history panel shows it: the game's notation, unless the board names its
    /// squares another way on screen (Reversi's and Checkers' standard coordinates, Slide's
    /// `x,y`), so the history reads like the board's own labels.
    fn move_label(&self, before: &RulesOf<Self>, mv: &MoveOf<Self::Game>) -> String {
        Self::Game::format_move(before, mv)
    }

    /// A sentence for the status line about the board's own state ("Choose where to jump").
    fn prompt(&self, _state: &RulesOf<Self>) -> Option<String> {
        None
    }

    /// How many pictures show `mv` being played from `before` (a token falling, discs
    /// turning): the screen keeps the clock and hands each picture to
    /// [`GameUi::render_board`] as [`BoardView::motion`]. Most boards show moves at once.
    fn motion(&self, _before: &RulesOf<Self>, _mv: &MoveOf<Self::Game>) -> Frames {
        Frames::NONE
    }

    /// The board wants a redraw at this time (an animation frame).
    fn deadline(&self) -> Option<Instant> {
        None
    }

    /// Advances an animation.
    fn tick(&mut self, _now: Instant) {}

    /// This board's palette (its `view.rs`'s `PAINTS`), `None` for a board with no colours of
    /// its own. The theme maps it to the terminal's depth; the side panel puts a piece in each
    /// player's colours on the board's square before their label, so "black" shows a black
    /// disc on Reversi's felt rather than the theme's first-seat colour (red); the contrast
    /// tests read every game's palette from the registry through it.
    const PAINTS: Option<&'static BoardPaints> = None;
}

/// The rules type of a board's game.
pub type RulesOf<U> = <<U as GameUi>::Game as Game>::Rules;
/// The parameters type of a board's game.
pub type ParamsOf<U> = <<U as GameUi>::Game as Game>::Params;
/// What a board sees of its game screen ([`BoardView`] of the board's game), so the board
/// methods' signatures fit on one line.
pub type ViewOf<'a, U> = BoardView<'a, <U as GameUi>::Game>;
