//! Each game's board in its own colours: Reversi's green felt with black and white discs,
//! Checkers' dark and light squares, Connect Four's blue frame with red and yellow tokens,
//! Pentago's shaded quadrants with black and white marbles, and a palette each for Nine
//! Almonds, Magic Square and Slide. Squares are painted with a background colour and pieces
//! drawn on them; the values are [`Paint`]s, so they are mapped to the terminal's colour depth
//! and their contrast is checked ([`BoardPaints::pairs`], tested for every depth).
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
        contrast(self.fg.shown(depth), self.bg.shown(depth))
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
            second: self.second.color(depth),
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
    /// See [`BoardPaints::second`].
    pub second: Color,
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

    /// A seat's pieces on a square: how the side panel shows whose pieces are whose.
    #[must_use]
    pub fn seat(&self, seat: crate::core::Seat) -> Style {
        let piece = match seat {
            crate::core::Seat::First => self.first,
            crate::core::Seat::Second => self.second,
        };
        Style::new().fg(piece).bg(self.square)
    }

    /// The style of the frame and the lines between squares.
    #[must_use]
    pub fn lattice(&self) -> Style {
        Style::new().fg(self.lines).bg(self.frame)
    }
}

/// Every game's board colours at one depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Boards {
    /// Reversi.
    pub reversi: BoardColors,
    /// Checkers.
    pub checkers: BoardColors,
    /// Connect Four.
    pub connect4: BoardColors,
    /// Pentago.
    pub pentago: BoardColors,
    /// Nine Almonds.
    pub nine_almonds: BoardColors,
    /// Magic Square.
    pub magic_square: BoardColors,
    /// Slide.
    pub slide: BoardColors,
}

impl Boards {
    /// Every board's colours at `depth`.
    #[must_use]
    pub fn at(depth: Depth) -> Self {
        Self {
            reversi: REVERSI.at(depth),
            checkers: CHECKERS.at(depth),
            connect4: CONNECT4.at(depth),
            pentago: PENTAGO.at(depth),
            nine_almonds: NINE_ALMONDS.at(depth),
            magic_square: MAGIC_SQUARE.at(depth),
            slide: SLIDE.at(depth),
        }
    }
}

/// Every board's paints with its name (for the contrast test and documentation).
pub const ALL: [(&str, BoardPaints); 7] = [
    ("reversi", REVERSI),
    ("checkers", CHECKERS),
    ("connect4", CONNECT4),
    ("pentago", PENTAGO),
    ("nine_almonds", NINE_ALMONDS),
    ("magic_square", MAGIC_SQUARE),
    ("slide", SLIDE),
];

// The values below are xterm-256 cube and grey-ramp colours, so the 256-colour palette shows
// exactly what truecolor does. The 16-colour stand-ins are chosen for xterm's default values:
// no green among them is dark enough for a white disc, so Reversi's felt is grey there.

/// Reversi: green felt, darker green lines, black and white discs, pale marks.
pub const REVERSI: BoardPaints = BoardPaints {
    square: Paint::new(0, 135, 0, Color::DarkGray),
    other: Paint::new(0, 135, 0, Color::DarkGray),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(0, 135, 0, Color::DarkGray),
    lines: Paint::new(0, 95, 0, Color::Green),
    first: Paint::new(0, 0, 0, Color::Black),
    second: Paint::new(255, 255, 255, Color::White),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(0, 135, 0, Color::DarkGray),
    mark: Paint::new(255, 255, 215, Color::Black),
    note: Paint::new(255, 255, 215, Color::Black),
};

/// Checkers: dark squares (where the men stand) and light ones on a dark wooden frame,
/// black and white men.
pub const CHECKERS: BoardPaints = BoardPaints {
    square: Paint::new(135, 95, 95, Color::Red),
    other: Paint::new(255, 215, 175, Color::Gray),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(95, 0, 0, Color::Black),
    lines: Paint::new(95, 0, 0, Color::Black),
    first: Paint::new(0, 0, 0, Color::Black),
    second: Paint::new(255, 255, 255, Color::White),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(135, 95, 95, Color::Red),
    mark: Paint::new(255, 255, 95, Color::LightYellow),
    note: Paint::new(255, 255, 255, Color::White),
};

/// Connect Four: a blue board with round black holes, red and yellow tokens. In 16 colours no
/// blue is dark enough for a red token, so the holes are black squares in a blue frame.
pub const CONNECT4: BoardPaints = BoardPaints {
    square: Paint::new(0, 0, 175, Color::Black),
    other: Paint::new(0, 0, 175, Color::Black),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(0, 0, 175, Color::Blue),
    lines: Paint::new(0, 0, 175, Color::Blue),
    first: Paint::new(255, 0, 0, Color::LightRed),
    second: Paint::new(255, 215, 0, Color::LightYellow),
    third: Paint::new(255, 0, 0, Color::LightRed),
    hole: Paint::new(0, 0, 0, Color::Black),
    mark: Paint::new(255, 255, 255, Color::White),
    note: Paint::new(175, 175, 215, Color::DarkGray),
};

/// Pentago: quadrants in two shades of wood (red and plum in 16 colours), black and white
/// marbles.
pub const PENTAGO: BoardPaints = BoardPaints {
    square: Paint::new(175, 95, 0, Color::Red),
    other: Paint::new(135, 95, 0, Color::Magenta),
    other_holds_pieces: true,
    pieces_are_text: false,
    frame: Paint::new(175, 95, 0, Color::Red),
    lines: Paint::new(95, 0, 0, Color::Black),
    first: Paint::new(0, 0, 0, Color::Black),
    second: Paint::new(255, 255, 255, Color::White),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(175, 95, 0, Color::Red),
    mark: Paint::new(255, 255, 255, Color::White),
    note: Paint::new(255, 255, 215, Color::White),
};

/// Nine Almonds: brown almonds on a tan board.
pub const NINE_ALMONDS: BoardPaints = BoardPaints {
    square: Paint::new(215, 175, 135, Color::Yellow),
    other: Paint::new(215, 175, 135, Color::Yellow),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(175, 135, 95, Color::Yellow),
    lines: Paint::new(135, 95, 0, Color::Black),
    first: Paint::new(95, 0, 0, Color::Black),
    second: Paint::new(95, 0, 0, Color::Black),
    third: Paint::new(95, 0, 0, Color::Black),
    hole: Paint::new(215, 175, 135, Color::Yellow),
    mark: Paint::new(0, 0, 135, Color::Blue),
    note: Paint::new(0, 0, 135, Color::Blue),
};

/// Magic Square: pale numbers on navy tiles, gold for the last and the hinted placement.
pub const MAGIC_SQUARE: BoardPaints = BoardPaints {
    square: Paint::new(0, 0, 95, Color::Blue),
    other: Paint::new(0, 0, 95, Color::Blue),
    other_holds_pieces: false,
    pieces_are_text: true,
    frame: Paint::new(0, 0, 95, Color::Blue),
    lines: Paint::new(95, 95, 175, Color::LightBlue),
    first: Paint::new(215, 215, 255, Color::White),
    second: Paint::new(215, 215, 255, Color::White),
    third: Paint::new(215, 215, 255, Color::White),
    hole: Paint::new(0, 0, 95, Color::Blue),
    mark: Paint::new(255, 215, 0, Color::LightYellow),
    note: Paint::new(135, 135, 175, Color::LightCyan),
};

/// Slide: an icy board, red `O`, blue `X`, green goal.
pub const SLIDE: BoardPaints = BoardPaints {
    square: Paint::new(215, 215, 255, Color::White),
    other: Paint::new(215, 215, 255, Color::White),
    other_holds_pieces: false,
    pieces_are_text: true,
    frame: Paint::new(215, 215, 255, Color::White),
    lines: Paint::new(215, 215, 255, Color::White),
    first: Paint::new(175, 0, 0, Color::Red),
    second: Paint::new(0, 0, 175, Color::Blue),
    third: Paint::new(0, 95, 0, Color::Black),
    hole: Paint::new(215, 215, 255, Color::White),
    mark: Paint::new(135, 0, 135, Color::Magenta),
    note: Paint::new(95, 95, 95, Color::Black),
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The checker is not a formality: a board whose white discs are lowered to grey on the
    /// felt fails, at every depth, and names the pair.
    #[test]
    fn a_pair_below_its_minimum_is_reported() {
        let lowered = BoardPaints {
            second: Paint::new(95, 135, 95, Color::DarkGray),
            ..REVERSI
        };
        for depth in Depth::ALL {
            let found = failures(&lowered.pairs("reversi"), depth);
            assert!(
                found.iter().any(|f| f.contains("second piece on square")),
                "{depth:?}: {found:?}"
            );
            assert!(failures(&REVERSI.pairs("reversi"), depth).is_empty());
        }
        // Text is held to 4.5:1: a mark at about 4:1 fails though a piece would pass.
        let dull = BoardPaints {
            mark: Paint::new(215, 215, 215, Color::Black),
            ..REVERSI
        };
        let found = failures(&dull.pairs("reversi"), Depth::TrueColor);
        assert!(
            found.iter().any(|f| f.contains("mark on square")),
            "{found:?}"
        );
    }
}
