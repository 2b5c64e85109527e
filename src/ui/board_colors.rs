//! A board in its own colours: what a palette is ([`BoardPaints`]: the squares, the frame, the
//! pieces, the marks), mapped to the terminal's depth ([`BoardColors`]) and checked for
//! contrast ([`BoardPaints::pairs`], tested for every depth). Each game defines its own
//! palette in its `view.rs` (`PAINTS`) and names it in `GameUi::PAINTS`; nothing here lists
//! the games. Squares are painted with a background colour and pieces drawn on them.
//!
//! The colour themes (dark and light) share these palettes: a board brings its own
//! background, so it reads the same on either terminal. The mono theme and `NO_COLOR` have
//! none, and every board is drawn as before, with glyphs and marks only.

use ratatui::style::{Color, Style};

use super::palette::{Depth, PIECE_CONTRAST, Paint, TEXT_CONTRAST, contrast};

/// A board's colours, as defined ([`Paint`]s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardPaints {
    /// The squares pieces stand on.
    pub square: Paint,
    /// The other squares: Checkers' light squares (nothing stands there), Pentago's second
    /// shade of quadrant (pieces do).
    pub other: Paint,
    /// Whether pieces and marks are drawn on [`BoardPaints::other`] too.
    pub other_holds_pieces: bool,
    /// Whether the pieces are text (Magic Square's numbers, Slide's letters): held to the
    /// text ratio, not the piece ratio.
    pub pieces_are_text: bool,
    /// The background of the frame and the lines between squares.
    pub frame: Paint,
    /// The lines drawn on the frame (decoration: they show no state, so no ratio applies).
    pub lines: Paint,
    /// The first seat's pieces (or the only kind: almonds, Magic Square's numbers).
    pub first: Paint,
    /// The second seat's pieces.
    pub second: Paint,
    /// A third kind of piece (Slide's goal).
    pub third: Paint,
    /// An empty place where the board shows one (Connect Four's round holes); decoration, as
    /// the lines are.
    pub hole: Paint,
    /// Marks and text that show a state on a square: the hint `<?>`, legal moves, the last
    /// move, the path of a jump.
    pub mark: Paint,
    /// Quiet text on a square: Checkers' square numbers, Pentago's empty points.
    pub note: Paint,
}

/// One pair a contrast rule applies to: what is drawn on what, and the least ratio allowed.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// What the pair is, for a failure message.
    pub what: String,
    /// The foreground.
    pub fg: Paint,
    /// The background.
    pub bg: Paint,
    /// The least contrast ratio allowed.
    pub min: f64,
}

impl Pair {
    /// The pair's contrast at `depth`, from the colours actually sent there.
    #[must_use]
    pub fn ratio(&self, depth: Depth) -> f64 {
        let bg = self.fg.ground(self.bg, depth);
        let bg = super::palette::color_rgb(bg).unwrap_or_else(|| self.bg.shown(depth));
        contrast(self.fg.shown(depth), bg)
    }
}

/// The pairs below their minimum at `depth`, each as a sentence with its ratio (empty: all
/// pass).
#[must_use]
pub fn failures(pairs: &[Pair], depth: Depth) -> Vec<String> {
    pairs
        .iter()
        .filter_map(|pair| {
            let ratio = pair.ratio(depth);
            (ratio < pair.min).then(|| {
                format!(
                    "{} at {depth:?}: {ratio:.2}:1, needs {}:1",
                    pair.what, pair.min
                )
            })
        })
        .collect()
}

impl BoardPaints {
    /// Every (piece, square) pair at 3:1 and (text, square) pair at 4.5:1 the board draws.
    #[must_use]
    pub fn pairs(&self, board: &str) -> Vec<Pair> {
        let mut squares = vec![("square", self.square)];
        if self.other_holds_pieces {
            squares.push(("other square", self.other));
        }
        let piece = if self.pieces_are_text {
            TEXT_CONTRAST
        } else {
            PIECE_CONTRAST
        };
        let mut pairs = Vec::new();
        for (name, bg) in squares {
            for (what, fg, min) in [
                ("first piece", self.first, piece),
                ("second piece", self.second, piece),
                ("third piece", self.third, piece),
                ("mark", self.mark, TEXT_CONTRAST),
                ("note", self.note, TEXT_CONTRAST),
            ] {
                pairs.push(Pair {
                    what: format!("{board}: {what} on {name}"),
                    fg,
                    bg,
                    min,
                });
            }
        }
        pairs
    }

    /// The colours at `depth`.
    #[must_use]
    pub fn at(&self, depth: Depth) -> BoardColors {
        BoardColors {
            square: self.square.color(depth),
            other: self.other.color(depth),
            frame: self.frame.color(depth),
            lines: self.lines.color(depth),
            first: self.first.color(depth),
            first_ground: self.first.ground(self.square, depth),
            second: self.second.color(depth),
            second_ground: self.second.ground(self.square, depth),
            third: self.third.color(depth),
            hole: self.hole.color(depth),
            mark: self.mark.color(depth),
            note: self.note.color(depth),
        }
    }
}

/// A board's colours at the terminal's depth, as drawing uses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardColors {
    /// See [`BoardPaints::square`].
    pub square: Color,
    /// See [`BoardPaints::other`].
    pub other: Color,
    /// See [`BoardPaints::frame`].
    pub frame: Color,
    /// See [`BoardPaints::lines`].
    pub lines: Color,
    /// See [`BoardPaints::first`].
    pub first: Color,
    /// What the first seat's pieces stand on: the square, or their own ground
    /// ([`Paint::on_ansi_ground`]).
    pub first_ground: Color,
    /// See [`BoardPaints::second`].
    pub second: Color,
    /// What the second seat's pieces stand on (see `first_ground`).
    pub second_ground: Color,
    /// See [`BoardPaints::third`].
    pub third: Color,
    /// See [`BoardPaints::hole`].
    pub hole: Color,
    /// See [`BoardPaints::mark`].
    pub mark: Color,
    /// See [`BoardPaints::note`].
    pub note: Color,
}

impl BoardColors {
    /// `style` drawn on a square: its colour is `fg`, the square's is the background.
    #[must_use]
    pub fn on_square(&self, style: Style, fg: Color) -> Style {
        style.fg(fg).bg(self.square)
    }

    /// A seat's pieces on their square (or their own ground, [`Paint::on_ansi_ground`]): how
    /// the board draws them and the side panel shows whose pieces are whose.
    #[must_use]
    pub fn seat(&self, seat: crate::core::Seat) -> Style {
        let (piece, ground) = match seat {
            crate::core::Seat::First => (self.first, self.first_ground),
            crate::core::Seat::Second => (self.second, self.second_ground),
        };
        Style::new().fg(piece).bg(ground)
    }

    /// The style of the frame and the lines between squares.
    #[must_use]
    pub fn lattice(&self) -> Style {
        Style::new().fg(self.lines).bg(self.frame)
    }
}
