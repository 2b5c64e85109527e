//! Text fitted to terminal columns. A character is not a column: Chinese, Japanese and Korean
//! characters take two, combining marks and zero-width joiners none. Fitting by characters
//! gives a CJK name twice its room, and the terminal library then clips it at the panel's edge
//! with no ellipsis; so everything drawn into a fixed room is measured and cut here, by
//! display width, one grapheme cluster at a time (the way ratatui itself draws).
//!
//! Sanitizing text from outside is not display work and lives in [`crate::core::text`].

use ratatui::buffer::CellWidth;
use unicode_segmentation::UnicodeSegmentation;

/// The ending of text that was cut.
const ELLIPSIS: char = '…';

/// The columns `text` takes on the terminal: the sum of its grapheme clusters' widths, as
/// ratatui's buffer lays them out (a base character and its combining marks share a cell).
#[must_use]
pub fn width(text: &str) -> usize {
    text.graphemes(true).map(cluster_width).sum()
}

/// One grapheme cluster's columns, measured as ratatui measures it when drawing (its
/// `CellWidth`, built on `unicode-width`). A cluster holding a control character is not drawn
/// at all.
fn cluster_width(grapheme: &str) -> usize {
    if grapheme.contains(char::is_control) {
        0
    } else {
        usize::from(grapheme.cell_width())
    }
}

/// Cuts text to at most `columns` terminal columns, ending with `…` when cut. A wide character
/// that would straddle the edge is left out whole (the result may then be one column short),
/// and a character is never parted from its combining marks.
#[must_use]
pub fn truncate(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    if columns == 0 {
        return String::new();
    }
    let room = columns - 1;
    let mut used = 0;
    let mut out = String::new();
    for grapheme in text.graphemes(true) {
        let w = cluster_width(grapheme);
        if used + w > room {
            break;
        }
        used += w;
        out.push_str(grapheme);
    }
    out.push(ELLIPSIS);
    out
}

/// Breaks text into lines of at most `columns` columns at spaces (a word longer than a line
/// is cut with `…`): short panels show whole sentences instead of cutting them off.
#[must_use]
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let word = truncate(word, columns);
        if !line.is_empty() && width(&line) + 1 + width(&word) > columns {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Neutralises every cell of a drawn frame whose symbol holds an
/// [unsafe](crate::core::text::is_unsafe) character: the last gate before the terminal, so no
/// control, format or bidirectional character a widget let through (a zero-width override
/// joined to a letter) reaches it, whichever screen drew it.
pub fn neutralise(buffer: &mut ratatui::buffer::Buffer) {
    for cell in &mut buffer.content {
        if cell.symbol().chars().any(crate::core::text::is_unsafe) {
            let clean: String = cell
                .symbol()
                .chars()
                .filter(|&c| !crate::core::text::is_unsafe(c))
                .collect();
            cell.set_symbol(if clean.is_empty() { " " } else { &clean });
        }
    }
}

/// The end of `text` that fits in `columns` columns: what a one-line input field shows while
/// the typed text is longer than the field, so the place being typed at stays in view.
#[must_use]
pub fn tail(text: &str, columns: usize) -> &str {
    let mut used = 0;
    let mut start = text.len();
    for (at, grapheme) in text.grapheme_indices(true).rev() {
        let w = cluster_width(grapheme);
        if used + w > columns {
            break;
        }
        used += w;
        start = at;
    }
    &text[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Chinese characters" in Japanese, each two columns wide.
    const WIDE: &str = "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字";
    /// "é" as `e` and a combining acute accent: two characters, one column.
    const COMBINED: &str = "e\u{301}";

    #[test]
    fn narrow_text_is_cut_by_columns() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abc", 4), "abc");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abc", 0), "");
        assert_eq!(truncate("abcd", 1), "…");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(WIDE.chars().count(), 20);
        assert_eq!(width(WIDE), 40);
        // Nine columns: four wide characters and the ellipsis.
        assert_eq!(truncate(WIDE, 9), "漢字漢字…");
        // Ten columns: the fifth character would straddle the edge, so it is left out.
        assert_eq!(truncate(WIDE, 10), "漢字漢字…");
        assert_eq!(width(&truncate(WIDE, 10)), 9);
        assert_eq!(truncate("a漢字", 4), "a漢…");
        assert_eq!(truncate(WIDE, 40), WIDE);
    }

    #[test]
    fn combining_marks_stay_with_their_letter() {
        let name = COMBINED.repeat(10);
        assert_eq!(name.chars().count(), 20);
        assert_eq!(width(&name), 10);
        // Fits whole in ten columns although it has twenty characters.
        assert_eq!(truncate(&name, 10), name);
        // Cut: four letters, each with its accent, and the ellipsis.
        assert_eq!(truncate(&name, 5), format!("{}…", COMBINED.repeat(4)));
    }

    #[test]
    fn tail_keeps_the_end_that_fits() {
        assert_eq!(tail("abcdef", 3), "def");
        assert_eq!(tail("abc", 10), "abc");
        assert_eq!(tail(WIDE, 5), "漢字");
        assert_eq!(tail(&COMBINED.repeat(3), 2), COMBINED.repeat(2));
        assert_eq!(tail("abc", 0), "");
    }

    proptest::proptest! {
        /// Whatever the text, the cut never takes more columns than given, at most one fewer
        /// when cut, and keeps a prefix of the text.
        #[test]
        fn truncate_fits(text in "\\PC{0,30}", columns in 0usize..40) {
            let cut = truncate(&text, columns);
            proptest::prop_assert!(width(&cut) <= columns);
            if cut == text {
                proptest::prop_assert!(width(&text) <= columns);
            } else {
                let kept = cut.strip_suffix(ELLIPSIS).unwrap_or(&cut);
                proptest::prop_assert!(text.starts_with(kept));
                // Nothing more would have fitted: the next cluster overflows the room the
                // ellipsis leaves.
                let next = text[kept.len()..].graphemes(true).next().unwrap_or_default();
                proptest::prop_assert!(columns == 0 || width(kept) + width(next) >= columns);
            }
            proptest::prop_assert!(width(tail(&text, columns)) <= columns);
        }
    }

    #[test]
    fn wrapping_breaks_at_spaces_within_the_width() {
        assert_eq!(
            wrap("Black wins 40 to 24 after a long game", 12),
            ["Black wins", "40 to 24", "after a long", "game"]
        );
        assert_eq!(wrap("Supercalifragilistic", 6), ["Super…"]);
        assert!(wrap("   ", 5).is_empty());
        for line in wrap("名前が長いプレーヤー wins", 6) {
            assert!(width(&line) <= 6, "{line}");
        }
    }
}
