//! The help pages' text as drawn: the small Markdown the `help.md` files are written in
//! (`# headings`, `- list items`, `**bold**`, `` `code` ``, and the help's own key lines
//! "  KEYS   what they do") turned into styled rows of a given width. A wrapped row keeps its
//! hanging indent (under a list item's text, under a key line's description), so the layout
//! of the page survives a narrow terminal; no `**` or backtick ever reaches the screen.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_segmentation::UnicodeSegmentation;

use crate::core::text::width;
use crate::ui::theme::Theme;

/// The spaces between a key line's keys and their description ("  u   undo").
const KEY_GAP: &str = "   ";

/// A list item's mark as drawn, in place of Markdown's "- ".
const BULLET: &str = "• ";

/// The rows `text` takes drawn `columns` wide, each source line wrapped on its own.
#[must_use]
pub fn rows<'a>(text: &[String], columns: usize, theme: &Theme) -> Vec<Line<'a>> {
    let mut out = Vec::new();
    for line in text {
        if let Some(heading) = line.strip_prefix('#') {
            let heading = heading.trim_start_matches('#').trim();
            let words = words(&styled(heading, theme.title, theme));
            out.extend(wrap(String::new(), theme.title, &words, 0, columns));
            continue;
        }
        let (lead, body) = split_lead(line);
        let lead_text = lead.replace("- ", BULLET);
        let indent = width(&lead_text);
        // A lead that leaves too little room for the text is not kept as an indent.
        let indent = if indent * 2 > columns { 0 } else { indent };
        let words = words(&styled(body, theme.text, theme));
        if words.is_empty() {
            out.push(Line::styled(lead_text, theme.text));
        } else {
            out.extend(wrap(lead_text, theme.text, &words, indent, columns));
        }
    }
    out
}

/// A line's lead, kept as it is and indenting its wrapped rows, and the text after it: a
/// list item's "- ", or a key line's keys and the spaces after them.
fn split_lead(line: &str) -> (&str, &str) {
    let spaces = line.len() - line.trim_start().len();
    let rest = &line[spaces..];
    if rest.starts_with("- ") {
        return line.split_at(spaces + 2);
    }
    if spaces > 0
        && let Some(gap) = rest.find(KEY_GAP)
    {
        let after = rest[gap..].len() - rest[gap..].trim_start().len();
        return line.split_at(spaces + gap + after);
    }
    line.split_at(spaces)
}

/// `text` cut into spans at its `**bold**` and `` `code` `` marks, the marks left out. A
/// mark without its closing one is shown as written.
fn styled(text: &str, base: Style, theme: &Theme) -> Vec<(String, Style)> {
    let bold = base.add_modifier(Modifier::BOLD);
    let code = theme.title.remove_modifier(Modifier::BOLD);
    let mut spans: Vec<(String, Style)> = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = [("**", bold), ("`", code)]
            .into_iter()
            .filter_map(|(mark, style)| {
                let start = rest.find(mark)?;
                let end = rest[start + mark.len()..].find(mark)?;
                Some((start, mark, end, style))
            })
            .min_by_key(|(start, ..)| *start);
        let Some((start, mark, end, style)) = next else {
            spans.push((rest.to_string(), base));
            break;
        };
        if start > 0 {
            spans.push((rest[..start].to_string(), base));
        }
        let inner = &rest[start + mark.len()..start + mark.len() + end];
        spans.push((inner.to_string(), style));
        rest = &rest[start + 2 * mark.len() + end..];
    }
    spans
}

/// A word: its pieces of text, each in its own style ("**N**:" is a bold N and a colon).
type Word = Vec<(String, Style)>;

/// The styled text's words, split at spaces.
fn words(spans: &[(String, Style)]) -> Vec<Word> {
    let mut words: Vec<Word> = Vec::new();
    let mut current: Word = Vec::new();
    for (text, style) in spans {
        let mut pieces = text.split(' ').peekable();
        while let Some(piece) = pieces.next() {
            if !piece.is_empty() {
                current.push((piece.to_string(), *style));
            }
            if pieces.peek().is_some() && !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

fn word_width(word: &Word) -> usize {
    word.iter().map(|(text, _)| width(text)).sum()
}

/// The words in rows of `columns`: the first after `lead`, the others after `indent` spaces; a
/// word longer than a row is broken, never cut.
fn wrap<'a>(
    lead: String,
    lead_style: Style,
    words: &[Word],
    indent: usize,
    columns: usize,
) -> Vec<Line<'a>> {
    let columns = columns.max(indent + 1);
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'a>> = Vec::new();
    let mut used = width(&lead);
    let mut empty = true;
    if !lead.is_empty() {
        spans.push(Span::styled(lead, lead_style));
    }
    let mut new_row = |spans: &mut Vec<Span<'a>>, used: &mut usize, empty: &mut bool| {
        lines.push(Line::from(std::mem::take(spans)));
        if indent > 0 {
            spans.push(Span::raw(" ".repeat(indent)));
        }
        *used = indent;
        *empty = true;
    };
    for word in words {
        let needed = word_width(word) + usize::from(!empty);
        if !empty && used + needed > columns {
            new_row(&mut spans, &mut used, &mut empty);
        }
        if !empty {
            spans.push(Span::raw(" "));
            used += 1;
        }
        for (text, style) in word {
            let mut piece = String::new();
            for grapheme in text.graphemes(true) {
                let w = width(grapheme);
                if used + w > columns && (used > indent || !piece.is_empty()) {
                    if !piece.is_empty() {
                        spans.push(Span::styled(std::mem::take(&mut piece), *style));
                    }
                    new_row(&mut spans, &mut used, &mut empty);
                }
                piece.push_str(grapheme);
                used += w;
                empty = false;
            }
            if !piece.is_empty() {
                spans.push(Span::styled(piece, *style));
            }
        }
        empty = false;
    }
    lines.push(Line::from(spans));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    fn theme() -> Theme {
        Theme::new(crate::appearance::ThemeKind::Dark, false)
    }

    #[test]
    fn no_help_page_shows_a_markdown_mark_at_any_width() {
        // Every help the app shows: each game's (the position packs' included) and the
        // screens' own pages, with the default keys put in.
        let keys = crate::config::Config::defaults().keymap;
        let pages = crate::games::registry::GAMES
            .iter()
            .map(|game| (game.id, game.help))
            .chain([
                ("parlor", include_str!("../../assets/help/parlor.md")),
                ("load", include_str!("../../assets/help/load.md")),
                ("game list", include_str!("../../assets/help/game_list.md")),
                ("review", include_str!("../../assets/help/review.md")),
            ]);
        let mut checked = 0;
        for (name, page) in pages {
            let text: Vec<String> = keys.expand(page).lines().map(String::from).collect();
            for columns in [30, 56, 76, 196] {
                for row in plain(&rows(&text, columns, &theme())) {
                    assert!(
                        !row.contains("**") && !row.contains('`'),
                        "{name} at {columns}: {row:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 400, "only {checked} rows drawn");
    }

    #[test]
    fn marks_are_drawn_as_styles_not_as_characters() {
        let text = vec!["- **Win in N**: win; `parlor x --id ID` opens it.".to_string()];
        let lines = rows(&text, 80, &theme());
        assert_eq!(
            plain(&lines),
            ["• Win in N: win; parlor x --id ID opens it."]
        );
        let bold = lines[0]
            .spans
            .iter()
            .find(|span| span.content == "Win")
            .expect("the bold word");
        assert!(bold.style.add_modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn a_wrapped_row_hangs_under_the_description_or_the_item() {
        let text = vec![
            "  q or Esc   leave the game (asks whether to save when there are unsaved moves)"
                .to_string(),
            "- a list item long enough to wrap onto a second row".to_string(),
        ];
        let lines = plain(&rows(&text, 40, &theme()));
        assert_eq!(
            lines,
            [
                "  q or Esc   leave the game (asks",
                "             whether to save when there",
                "             are unsaved moves)",
                "• a list item long enough to wrap onto a",
                "  second row",
            ]
        );
    }

    #[test]
    fn a_lone_mark_and_a_word_wider_than_the_row_are_kept_whole() {
        let text = vec!["a `b and 1234567890".to_string()];
        let lines = plain(&rows(&text, 6, &theme()));
        assert_eq!(lines.concat().replace(' ', ""), "a`band1234567890");
        assert!(lines.iter().all(|line| width(line) <= 6), "{lines:?}");
    }
}
