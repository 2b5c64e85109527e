//! How the screens look, as the settings name it: the theme and the colour depth. Pure data
//! (no terminal library), so the configuration reads them in the pure build and the widgets
//! (`ui::theme`, `ui::palette`) turn them into colours without importing the configuration.

use serde::Deserialize;

/// The themes a user can choose in `[ui] theme`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ThemeKind {
    /// Light text on a dark terminal.
    Dark,
    /// Dark text on a light terminal.
    Light,
    /// No colour and ASCII-only glyphs.
    Mono,
}

/// `[ui] colors`: the colour depth, found from the environment or forced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ColorSetting {
    /// From `COLORTERM` and `TERM` (see `ui::palette::detect`).
    #[serde(rename = "auto")]
    Auto,
    /// 24-bit colour.
    #[serde(rename = "truecolor")]
    TrueColor,
    /// The 256-colour palette.
    #[serde(rename = "256")]
    Palette256,
    /// The 16 ANSI colours.
    #[serde(rename = "16")]
    Ansi16,
}

impl ColorSetting {
    /// The values `[ui] colors` accepts, in the order the Settings screen steps through them.
    pub const NAMES: [&'static str; 4] = ["auto", "truecolor", "256", "16"];
}
