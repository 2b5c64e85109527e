//! Contrast you can rely on: every piece against its square at least 3:1 and every text
//! against its background at least 4.5:1 (WCAG 2), in every colour theme and at every colour
//! depth, computed from the colours actually sent there (`parlor::ui::palette`: truecolor's
//! RGB, the xterm-256 palette's values, xterm's default 16 colours; text on the terminal's own
//! background assumes black behind the dark theme and white behind the light one).

#![cfg(feature = "tui")]

use parlor::games::registry::GAMES;
use parlor::ui::board_colors::{Pair, failures};
use parlor::ui::palette::Depth;
use parlor::ui::theme::{Theme, ThemeKind};

/// Every pair a colour theme draws: its text on the terminal, every registered board's pieces,
/// marks and text on its squares (each game's own palette, read through the registry).
fn pairs(kind: ThemeKind) -> Vec<Pair> {
    let text = Theme::text_paints(kind).expect("a colour theme");
    let mut all = text.pairs(&format!("{kind:?}"));
    for game in GAMES {
        if let Some(paints) = game.screens.paints {
            all.extend(paints.pairs(game.id));
        }
    }
    all
}

#[test]
fn every_theme_and_depth_meets_the_contrast_rules() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for kind in [ThemeKind::Dark, ThemeKind::Light] {
        let pairs = pairs(kind);
        assert!(pairs.len() > 40, "{kind:?}: only {} pairs", pairs.len());
        for depth in Depth::ALL {
            checked += pairs.len();
            problems.extend(failures(&pairs, depth));
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {checked} pairs fail:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn mono_has_no_colour_to_check() {
    assert!(Theme::text_paints(ThemeKind::Mono).is_none());
    assert!(Theme::new(ThemeKind::Mono, false).board_depth.is_none());
    assert!(
        Theme::new(ThemeKind::Dark, true).board_depth.is_none(),
        "NO_COLOR paints no board"
    );
}
