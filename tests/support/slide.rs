//! Slide's board as the screen draws it, at any cell size (the board grows with the terminal).

/// The line of `lines` that holds the x numbers under Slide's board (`0 1 … 9`, however far
/// apart the cells put them; the side panel after a `│` is not read).
pub fn x_numbers_row(lines: &[&str]) -> Option<usize> {
    lines.iter().position(|line| {
        line.split(['│', '|'])
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect::<Vec<_>>()
            == ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
    })
}
