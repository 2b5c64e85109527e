//! The game screen's title row: the game's name, then a puzzle's parameters or the players,
//! and a puzzle's ID at the right end, where it can be read out and typed again.

use ratatui::text::{Line, Span};

use crate::ui::theme::Theme;

/// The title row in `width` columns: ` TITLE  SUBTITLE …  ID id`. The ID wins over the
/// subtitle when both do not fit (a puzzle's side panel or strip repeats its parameters; the ID
/// is nowhere else); the subtitle is cut last.
pub(super) fn header_line(
    title: &str,
    subtitle: &str,
    id: Option<String>,
    width: u16,
    theme: &Theme,
) -> Line<'static> {
    let width = usize::from(width);
    let head = format!(" {title} ");
    let mut spans = vec![Span::styled(head.clone(), theme.title)];
    let used = crate::core::text::width(&head);
    let id_text = id.map(|id| format!("ID {id} "));
    let id_width = id_text.as_deref().map_or(0, crate::core::text::width);
    let room = width.saturating_sub(used);
    let subtitle = format!(" {subtitle}");
    match id_text {
        Some(id) if id_width <= room => {
            // The subtitle gets what the ID leaves, with at least a column between them.
            let left = room - id_width;
            let shown = if crate::core::text::width(&subtitle) < left {
                subtitle
            } else {
                crate::core::text::truncate(&subtitle, left.saturating_sub(1))
            };
            let gap = left.saturating_sub(crate::core::text::width(&shown));
            spans.push(Span::styled(shown, theme.dim));
            spans.push(Span::raw(" ".repeat(gap)));
            spans.push(Span::styled(id, theme.text));
        }
        _ => spans.push(Span::styled(
            crate::core::text::truncate(&subtitle, room),
            theme.dim,
        )),
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn the_id_sits_at_the_right_and_wins_over_the_subtitle() {
        let theme = Theme::new(crate::ui::theme::ThemeKind::Dark, false);
        let line = header_line("Slide", "First Steps", Some("slide-s4".into()), 40, &theme);
        let shown = text(&line);
        assert_eq!(crate::core::text::width(&shown), 40, "{shown:?}");
        assert!(shown.starts_with(" Slide  First Steps"), "{shown:?}");
        assert!(shown.ends_with("ID slide-s4 "), "{shown:?}");
        let narrow = text(&header_line(
            "Slide",
            "A very long level name",
            Some("slide-s4".into()),
            30,
            &theme,
        ));
        assert!(narrow.ends_with("ID slide-s4 "), "{narrow:?}");
        assert!(narrow.contains('…'), "{narrow:?}");
        let plain = text(&header_line("Reversi", "Ann vs Bob", None, 30, &theme));
        assert_eq!(plain, " Reversi  Ann vs Bob");
    }
}
