//! The boards in their own colours, as the app draws them: board squares carry a background
//! colour in the colour themes (24-bit with truecolor, palette indexes with 256 colours, named
//! ANSI colours with 16), none in the mono theme or with `NO_COLOR`; and every glyph drawn on a
//! coloured square, in every game, theme and depth, meets the contrast rules (3:1 for pieces
//! and marks, 4.5:1 for letters and digits), read back from the screen itself.

#![cfg(feature = "tui")]

use parlor::games::registry::GAMES;
use parlor::testing::Harness;
use parlor::ui::palette::{ColorEnv, Depth, PIECE_CONTRAST, TEXT_CONTRAST, color_rgb, contrast};
use ratatui::style::{Color, Modifier};

/// Keys that bring a game's marks out (a move, a selection, a hint); a game not named here
/// gets `enter` (its first action at the cursor). Hints are asked where the engine answers at
/// once (a win in one in Connect Four, a puzzle's endgame in Reversi): an opening's hint is a
/// full search, and this test opens each game six times.
fn marking_keys(game: &str) -> &'static [&'static str] {
    match game {
        "reversi" => &["enter", "left"],
        "reversi_puzzles" => &["enter", "h"],
        "checkers" => &["down", "enter"],
        // x stacks three in column 4 while o plays 3, 3 and 2: the hint is x's win at 4.
        "connect4" => &[
            "enter", "left", "enter", "right", "enter", "left", "enter", "right", "enter", "left",
            "left", "enter", "h",
        ],
        "magic_square" => &["5", "enter", "right"],
        "slide" => &["enter", "enter"],
        _ => &["enter"],
    }
}

/// Every registered game with its marking keys: the registry is the only list of games.
fn games() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
    GAMES.iter().map(|g| (g.id, marking_keys(g.id)))
}

const THEMES: [&str; 2] = ["[ui]\ntheme = \"dark\"\n", "[ui]\ntheme = \"light\"\n"];

fn open(game: &str, config: &str, colors: ColorEnv, keys: &[&str]) -> Harness {
    let mut h = Harness::in_color(100, 32, config, colors, &[game]);
    h.press_all(keys);
    // Background work (a hint, the computer) settles before the screen is read.
    h.run_until(std::time::Duration::from_secs(20), |text| {
        !text.contains("Thinking")
    });
    h
}

/// The backgrounds on the screen, with how many cells have each.
fn backgrounds(h: &Harness) -> Vec<(Color, usize)> {
    let mut found: Vec<(Color, usize)> = Vec::new();
    for y in 0..32 {
        for x in 0..100 {
            let bg = h.cell(x, y).bg;
            if bg == Color::Reset {
                continue;
            }
            match found.iter_mut().find(|(c, _)| *c == bg) {
                Some((_, n)) => *n += 1,
                None => found.push((bg, 1)),
            }
        }
    }
    found
}

#[test]
fn board_squares_are_painted_at_the_terminals_depth() {
    for game in ["reversi", "checkers", "connect4", "pentago"] {
        for depth in Depth::ALL {
            let h = open(game, "", ColorEnv::with_depth(depth), &[]);
            let found = backgrounds(&h);
            let painted: usize = found.iter().map(|(_, n)| n).sum();
            assert!(painted >= 200, "{game} {depth:?}: {painted} painted cells");
            for (bg, _) in &found {
                let right_kind = match depth {
                    Depth::TrueColor => matches!(bg, Color::Rgb(..)),
                    Depth::Palette256 => matches!(bg, Color::Indexed(16..)),
                    Depth::Ansi16 => !matches!(bg, Color::Rgb(..) | Color::Indexed(_)),
                };
                assert!(right_kind, "{game} {depth:?}: background {bg:?}");
            }
        }
    }
}

/// The light theme paints its own white page and dark text at every depth, so it reads the
/// same on a dark terminal; the dark theme leaves the terminal's own background.
#[test]
fn the_light_theme_paints_its_own_page() {
    for depth in Depth::ALL {
        let light = open("reversi", THEMES[1], ColorEnv::with_depth(depth), &[]);
        for y in 0..32 {
            for x in 0..100 {
                let cell = light.cell(x, y);
                assert!(
                    cell.bg != Color::Reset && cell.fg != Color::Reset,
                    "light {depth:?} ({x},{y}) {:?} left to the terminal",
                    cell.symbol()
                );
            }
        }
        let dark = open("reversi", THEMES[0], ColorEnv::with_depth(depth), &[]);
        assert!(dark.cell(0, 31).bg == Color::Reset, "dark {depth:?}");
    }
}

#[test]
fn mono_and_no_color_paint_nothing() {
    for (game, keys) in games() {
        let mono = open(
            game,
            "[ui]\ntheme = \"mono\"\n",
            ColorEnv::with_depth(Depth::TrueColor),
            keys,
        );
        assert_eq!(backgrounds(&mono), [], "{game} mono");
        let plain = open(game, "", ColorEnv::no_color(), keys);
        assert_eq!(backgrounds(&plain), [], "{game} NO_COLOR");
    }
}

/// Whether a glyph is decoration that shows no state: frame and grid lines.
fn decoration(symbol: &str) -> bool {
    symbol
        .chars()
        .all(|c| c == ' ' || ('\u{2500}'..='\u{257f}').contains(&c))
}

#[test]
fn every_glyph_on_a_coloured_square_meets_the_contrast_rules() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for theme in THEMES {
        for depth in Depth::ALL {
            for (game, keys) in games() {
                let h = open(game, theme, ColorEnv::with_depth(depth), keys);
                let holes = h
                    .app()
                    .ctx()
                    .theme
                    .board(&parlor::games::connect4::view::PAINTS)
                    .map(|b| b.hole);
                for y in 0..32 {
                    for x in 0..100 {
                        let cell = h.cell(x, y);
                        let symbol = cell.symbol();
                        if cell.bg == Color::Reset || decoration(symbol) {
                            continue;
                        }
                        // Connect Four's empty holes are the board's look, not a state (its
                        // puzzles draw the same board).
                        if game.starts_with("connect4") && Some(cell.fg) == holes && symbol != "·"
                        {
                            continue;
                        }
                        let (Some(fg), Some(bg)) = (color_rgb(cell.fg), color_rgb(cell.bg)) else {
                            problems.push(format!("{game} {depth:?} ({x},{y}) {symbol:?}: a colour left to the terminal"));
                            continue;
                        };
                        let text = symbol.chars().any(|c| c.is_alphanumeric() || c == '?');
                        let min = if text { TEXT_CONTRAST } else { PIECE_CONTRAST };
                        let ratio = contrast(fg, bg);
                        checked += 1;
                        if ratio < min {
                            let reversed = cell.modifier.contains(Modifier::REVERSED);
                            problems.push(format!(
                                "{theme:?} {game} {depth:?} ({x},{y}) {symbol:?} {fg:?} on {bg:?}{}: {ratio:.2}:1 < {min}",
                                if reversed { " reversed" } else { "" }
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} glyphs checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Connect Four between Ann and Bob at `width`×`height`, in true colour.
fn connect_four_in_true_colour(width: u16, height: u16) -> Harness {
    Harness::in_color(
        width,
        height,
        "",
        ColorEnv::with_depth(Depth::TrueColor),
        &["connect4", "Ann", "Bob"],
    )
}

/// On the painted Connect Four board an empty hole never has a token's shape, in any tier:
/// the screen's text alone (a screen reader, a colour-blind player, a capture) tells an empty
/// place from player 1's red token.
#[test]
fn connect_four_holes_never_look_like_a_token_without_colour() {
    for (w, hgt) in [(60, 20), (80, 24), (200, 60)] {
        let mut h = connect_four_in_true_colour(w, hgt);
        // x then o in column 4: x's token is no longer the bracketed last move.
        h.press_all(&["enter", "enter"]);
        let text = h.draw();
        let cell = |label| bottom_cell(&text, label);
        let (hole, token) = (cell('1'), cell('4'));
        assert_ne!(
            hole, token,
            "{w}x{hgt}: a hole reads like x's token:\n{text}"
        );
    }
}

/// The text of Connect Four's bottom cell in the column labelled `label`, its rows joined by
/// `/`: from the line under the last inner frame line down to the frame's bottom, the label's
/// column and one either side.
fn bottom_cell(text: &str, label: char) -> String {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let labels = lines
        .iter()
        .position(|l| {
            let words: String = l.iter().collect();
            words
                .split_whitespace()
                .take(7)
                .eq(["1", "2", "3", "4", "5", "6", "7"])
        })
        .expect("column labels");
    let x = lines[labels]
        .iter()
        .position(|&c| c == label)
        .expect("a label");
    let bottom = (0..labels)
        .rev()
        .find(|&y| lines[y].contains(&'└'))
        .expect("the frame's bottom");
    let top = (0..bottom)
        .rev()
        .find(|&y| lines[y].contains(&'├'))
        .expect("the last row line");
    (top + 1..bottom)
        .map(|y| lines[y][x - 1..=x + 1].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The landing preview (where the cursor's column would take the token) keeps the hole's
/// whole shape at every tier, a dot in its empty centre at most (its colour tells the
/// mover): in the large tier the dark disc was replaced by a lone dot, so the hole looked
/// missing.
#[test]
fn connect_four_landing_preview_keeps_the_hole() {
    for (w, hgt) in [(60, 20), (80, 24), (200, 60)] {
        let mut h = connect_four_in_true_colour(w, hgt);
        let text = h.draw();
        let (hole, landing) = (bottom_cell(&text, '1'), bottom_cell(&text, '4'));
        let shape_kept = landing.chars().count() == hole.chars().count()
            && landing
                .chars()
                .zip(hole.chars())
                .all(|(l, h)| l == h || (l == '·' && h == ' '));
        assert!(
            shape_kept,
            "{w}x{hgt}: landing {landing:?}, hole {hole:?}\n{text}"
        );
    }
}

/// In the side panel each player's label starts with a piece as the board draws it (a black
/// disc on Reversi's felt for "black"), not the theme's seat colours, which made Black red;
/// the piece is legible on its square and the label itself is plain text.
#[test]
fn side_panel_labels_show_their_pieces_colours() {
    use parlor::core::Seat;
    use parlor::games::{checkers, connect4, pentago, reversi};
    for (game, first, paints) in [
        ("reversi", "black", reversi::view::PAINTS),
        ("checkers", "black", checkers::view::PAINTS),
        ("pentago", "X", pentago::view::PAINTS),
        ("connect4", "x", connect4::view::PAINTS),
    ] {
        let colors = paints.at(Depth::TrueColor);
        let mut h = Harness::in_color(
            100,
            32,
            "",
            ColorEnv::with_depth(Depth::TrueColor),
            &[game, "Ann", "Bob"],
        );
        let (x, y) = h
            .find(&format!("▶ ● {first} Ann"))
            .unwrap_or_else(|| panic!("{game}: no first player line:\n{}", h.text()));
        for (seat, row) in [(Seat::First, y), (Seat::Second, y + 1)] {
            let piece = h.cell(x + 2, row);
            assert_eq!(piece.symbol(), "●", "{game} {seat:?}");
            let want = colors.seat(seat);
            assert_eq!(
                (Some(piece.fg), Some(piece.bg)),
                (want.fg, want.bg),
                "{game} {seat:?}: the piece's colours"
            );
            let rgb = |c: Color| color_rgb(c).expect("a truecolor cell");
            let ratio = contrast(rgb(piece.fg), rgb(piece.bg));
            assert!(ratio >= PIECE_CONTRAST, "{game} {seat:?}: {ratio:.2}:1");
            assert_eq!(
                h.cell(x + 4, row).bg,
                Color::Reset,
                "{game} {seat:?}: label"
            );
        }
    }
}

/// The hue of a colour in degrees, `None` for a grey (too little saturation to have one).
fn hue(rgb: parlor::ui::palette::Rgb) -> Option<f64> {
    let (r, g, b) = (f64::from(rgb.0), f64::from(rgb.1), f64::from(rgb.2));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max - min < 60.0 {
        return None;
    }
    let h = if (max - r).abs() < f64::EPSILON {
        (g - b) / (max - min)
    } else if (max - g).abs() < f64::EPSILON {
        2.0 + (b - r) / (max - min)
    } else {
        4.0 + (r - g) / (max - min)
    };
    Some((h * 60.0).rem_euclid(360.0))
}

/// The 16-colour fallback keeps every board in its colours: where a board's squares have a hue
/// (Reversi's green felt, Checkers' red, Magic Square's blue), their 16-colour stand-in has
/// that hue too, within 60 degrees, and is never a grey; a frame or second shade with a hue
/// keeps a hue (Pentago's second shade of wood is magenta: ANSI has one brown-ish red), unless
/// it is darker than any ANSI colour but black (Checkers' dark wood, 95,0,0, is black).
/// Reversi's squares were grey in 16 colours, because a white disc on xterm's green is 2.1:1;
/// its white discs now stand on their own black ground there
/// ([`parlor::ui::palette::Paint::on_ansi_ground`]). Connect Four's squares are its holes:
/// black in 16 colours under its blue frame (red on ANSI blue is 2.4:1); its frame is checked.
#[test]
fn sixteen_colours_keep_every_boards_hue() {
    use parlor::ui::palette::{Paint, ansi_rgb};
    let mut problems = Vec::new();
    let mut checked = 0;
    for game in GAMES {
        let Some(paints) = game.screens.paints else {
            continue;
        };
        let mut parts: Vec<(&str, Paint, bool)> = vec![("frame", paints.frame, false)];
        if !game.id.starts_with("connect4") {
            parts.push(("square", paints.square, true));
        }
        if paints.other_holds_pieces {
            parts.push(("other square", paints.other, false));
        }
        for (part, paint, same_hue) in parts {
            let Some(true_hue) = hue(paint.rgb) else {
                continue;
            };
            let dark = paint.rgb.0.max(paint.rgb.1).max(paint.rgb.2) < 128;
            if dark && paint.ansi == Color::Black {
                continue;
            }
            checked += 1;
            let shown = ansi_rgb(paint.ansi).expect("a named ANSI colour");
            let ok = hue(shown).is_some_and(|h| {
                let d = (h - true_hue).abs();
                !same_hue || d.min(360.0 - d) <= 60.0
            });
            if !ok {
                problems.push(format!(
                    "{} {part}: {:?} shown as {:?}",
                    game.id, paint.rgb, paint.ansi
                ));
            }
        }
    }
    assert!(checked >= 10, "only {checked} colours checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Reversi in 16 colours, as drawn: the felt is ANSI green under the empty squares and the
/// black discs, and each white disc stands on black (the one pair the 16 colours cannot give
/// on green), so both discs pass the piece ratio on what they are drawn on. Nothing white is
/// drawn on the green.
#[test]
fn reversi_is_green_in_16_colours() {
    for (w, hgt) in [(80, 24), (200, 60)] {
        let mut h = Harness::in_color(
            w,
            hgt,
            "",
            ColorEnv::with_depth(Depth::Ansi16),
            &["reversi"],
        );
        let text = h.draw();
        let (mut green, mut white_on_black, mut black_on_green) = (0, 0, 0);
        for y in 0..hgt {
            for x in 0..w {
                let cell = h.cell(x, y);
                let ink = !decoration(cell.symbol());
                match (cell.fg, cell.bg) {
                    (_, Color::DarkGray) => panic!("{w}x{hgt}: grey at ({x},{y})\n{text}"),
                    (Color::White, Color::Green) if ink => {
                        panic!("{w}x{hgt}: white on green at ({x},{y})\n{text}")
                    }
                    (Color::White, Color::Black) if ink => white_on_black += 1,
                    (Color::Black, Color::Green) if ink => black_on_green += 1,
                    _ => {}
                }
                if cell.bg == Color::Green {
                    green += 1;
                }
            }
        }
        assert!(green >= 200, "{w}x{hgt}: {green} green cells\n{text}");
        assert!(
            white_on_black >= 2 && black_on_green >= 2,
            "{w}x{hgt}: white discs {white_on_black}, black discs {black_on_green}\n{text}"
        );
    }
}
