//! The last gate before the terminal: every drawn frame passes through [`neutralise`].

/// Neutralises every cell of a drawn frame whose symbol holds an
/// [unsafe](crate::core::text::is_unsafe) character, so no control, format or bidirectional
/// character a widget let through (a zero-width override joined to a letter) reaches the
/// terminal, whichever screen drew it.
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

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;

    #[test]
    fn cells_holding_format_characters_are_cleaned() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 3, 1));
        buffer[(0, 0)].set_symbol("a\u{202E}");
        buffer[(1, 0)].set_symbol("\u{2066}");
        buffer[(2, 0)].set_symbol("e\u{301}");
        neutralise(&mut buffer);
        let symbols: Vec<&str> = buffer
            .content
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert_eq!(symbols, ["a", " ", "e\u{301}"]);
    }
}
