//! Colours defined once, as an RGB value (the truth contrast is computed from) and a chosen
//! ANSI colour, and mapped down to what the terminal can show: 24-bit colour, the nearest entry
//! of the xterm 256-colour palette, or the 16 ANSI colours.
//!
//! Contrast follows WCAG 2: a piece against its square at least [`PIECE_CONTRAST`] (3:1, the
//! rule for graphical objects), text against its background at least [`TEXT_CONTRAST`] (4.5:1).
//! It is computed from the colour actually sent at each depth: the RGB value itself in
//! truecolor, the xterm-256 palette's value of the index chosen, and for the 16 ANSI colours
//! xterm's default values ([`ansi_rgb`]); a terminal with another 16-colour palette may differ.

use ratatui::style::Color;

pub use crate::appearance::ColorSetting;

/// The WCAG minimum for a piece (or any graphical mark) against its square.
pub const PIECE_CONTRAST: f64 = 3.0;

/// The WCAG minimum (level AA) for text against its background.
pub const TEXT_CONTRAST: f64 = 4.5;

/// A colour as red, green and blue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// A colour of a theme: its true value and the ANSI colour that stands for it when only the 16
/// are available (chosen by hand, so pairs still pass with xterm's default values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paint {
    /// The colour itself.
    pub rgb: Rgb,
    /// Its stand-in among the 16 ANSI colours (a named `Color`: `Black` … `White`).
    pub ansi: Color,
    /// For a piece: the ground it is drawn on in 16 colours instead of its square, where the 16
    /// have no square colour both pieces can be seen on (see [`Paint::on_ansi_ground`]).
    pub ansi_ground: Option<Color>,
}

impl Paint {
    /// The paint `(r, g, b)`, shown as `ansi` in 16 colours.
    #[must_use]
    pub const fn new(r: u8, g: u8, b: u8, ansi: Color) -> Self {
        Self {
            rgb: Rgb(r, g, b),
            ansi,
            ansi_ground: None,
        }
    }

    /// This piece drawn on `ground` instead of its square in 16 colours only. The 16 ANSI
    /// colours are few: xterm's only greens (`#00cd00`, `#00ff00`) are so light that a white
    /// disc on them is 2.1:1, under [`PIECE_CONTRAST`], and a board that gave up its green
    /// for grey would no longer look like itself. With a ground the square keeps its colour
    /// and the one piece that cannot stand on it sits in a well of its own (a white disc on
    /// black, 21:1), which still tells the pieces apart at a glance.
    #[must_use]
    pub const fn on_ansi_ground(self, ground: Color) -> Self {
        Self {
            ansi_ground: Some(ground),
            ..self
        }
    }

    /// The background this paint is drawn on at `depth` when it is a piece standing on
    /// `square`: its own ground in 16 colours if it has one, else the square.
    #[must_use]
    pub fn ground(self, square: Self, depth: Depth) -> Color {
        match (depth, self.ansi_ground) {
            (Depth::Ansi16, Some(ground)) => ground,
            _ => square.color(depth),
        }
    }

    /// The colour sent to the terminal at `depth`.
    #[must_use]
    pub fn color(self, depth: Depth) -> Color {
        match depth {
            Depth::TrueColor => Color::Rgb(self.rgb.0, self.rgb.1, self.rgb.2),
            Depth::Palette256 => Color::Indexed(nearest_256(self.rgb)),
            Depth::Ansi16 => self.ansi,
        }
    }

    /// The RGB value the terminal shows at `depth` (what contrast is computed from).
    #[must_use]
    pub fn shown(self, depth: Depth) -> Rgb {
        color_rgb(self.color(depth)).unwrap_or(self.rgb)
    }
}

/// How many colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    TrueColor,
    /// The xterm 256-colour palette (`TERM=*-256color`).
    Palette256,
    /// The 16 ANSI colours: the fallback for every other terminal.
    Ansi16,
}

impl Depth {
    /// Every depth, richest first (for tests that must cover them all).
    pub const ALL: [Self; 3] = [Self::TrueColor, Self::Palette256, Self::Ansi16];
}

/// The colour depth to draw in: the setting when it forces one, else truecolor when
/// `COLORTERM` says `truecolor` or `24bit` (or `TERM` ends in `-direct`), the 256-colour palette
/// when `TERM` names one (`xterm-256color`, `tmux-256color`), and the 16 ANSI colours for any
/// other or no `TERM`. Pure: the app reads the environment once at start.
#[must_use]
pub fn detect(colorterm: Option<&str>, term: Option<&str>, setting: ColorSetting) -> Depth {
    match setting {
        ColorSetting::TrueColor => return Depth::TrueColor,
        ColorSetting::Palette256 => return Depth::Palette256,
        ColorSetting::Ansi16 => return Depth::Ansi16,
        ColorSetting::Auto => {}
    }
    let colorterm = colorterm.unwrap_or("").trim().to_ascii_lowercase();
    let term = term.unwrap_or("").trim().to_ascii_lowercase();
    if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") {
        Depth::TrueColor
    } else if term.contains("256") {
        Depth::Palette256
    } else {
        Depth::Ansi16
    }
}

/// What the environment says about colour (`NO_COLOR`, `COLORTERM`, `TERM`), read once when
/// Parlor starts so that no screen reads the environment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColorEnv {
    /// `NO_COLOR` is set (and not empty): no colour at all.
    pub no_color: bool,
    /// `COLORTERM`.
    pub colorterm: Option<String>,
    /// `TERM`.
    pub term: Option<String>,
}

impl ColorEnv {
    /// The environment of this process.
    #[must_use]
    pub fn from_env() -> Self {
        let var = |name| std::env::var(name).ok();
        Self {
            no_color: std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()),
            colorterm: var("COLORTERM"),
            term: var("TERM"),
        }
    }

    /// No colour (`NO_COLOR`): what the test harness draws with unless told otherwise.
    #[must_use]
    pub fn no_color() -> Self {
        Self {
            no_color: true,
            ..Self::default()
        }
    }

    /// A terminal showing `depth` (for tests and previews).
    #[must_use]
    pub fn with_depth(depth: Depth) -> Self {
        let colorterm = match depth {
            Depth::TrueColor => Some("truecolor".to_string()),
            Depth::Palette256 | Depth::Ansi16 => None,
        };
        let term = match depth {
            Depth::TrueColor | Depth::Palette256 => "xterm-256color",
            Depth::Ansi16 => "xterm",
        };
        Self {
            no_color: false,
            colorterm,
            term: Some(term.to_string()),
        }
    }

    /// The depth to draw in with `setting`.
    #[must_use]
    pub fn depth(&self, setting: ColorSetting) -> Depth {
        detect(self.colorterm.as_deref(), self.term.as_deref(), setting)
    }
}

/// xterm's default values of the 16 ANSI colours (`Color::Black` … `Color::White`), the
/// documented assumption behind the 16-colour contrast figures; `None` for other colours.
#[must_use]
pub fn ansi_rgb(color: Color) -> Option<Rgb> {
    Some(match color {
        Color::Black => Rgb(0, 0, 0),
        Color::Red => Rgb(205, 0, 0),
        Color::Green => Rgb(0, 205, 0),
        Color::Yellow => Rgb(205, 205, 0),
        Color::Blue => Rgb(0, 0, 238),
        Color::Magenta => Rgb(205, 0, 205),
        Color::Cyan => Rgb(0, 205, 205),
        Color::Gray => Rgb(229, 229, 229),
        Color::DarkGray => Rgb(127, 127, 127),
        Color::LightRed => Rgb(255, 0, 0),
        Color::LightGreen => Rgb(0, 255, 0),
        Color::LightYellow => Rgb(255, 255, 0),
        Color::LightBlue => Rgb(92, 92, 255),
        Color::LightMagenta => Rgb(255, 0, 255),
        Color::LightCyan => Rgb(0, 255, 255),
        Color::White => Rgb(255, 255, 255),
        _ => return None,
    })
}

/// The RGB value of a colour as sent: `Rgb` itself, an xterm-256 index's standard value, a named
/// ANSI colour's xterm default; `None` for `Reset` (the terminal's own colour).
#[must_use]
pub fn color_rgb(color: Color) -> Option<Rgb> {
    match color {
        Color::Rgb(r, g, b) => Some(Rgb(r, g, b)),
        Color::Indexed(i) => Some(xterm_256(i)),
        Color::Reset => None,
        named => ansi_rgb(named),
    }
}

/// The levels of the xterm 256-colour cube.
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The standard RGB value of xterm-256 palette entry `i`.
#[must_use]
pub fn xterm_256(i: u8) -> Rgb {
    const BASE: [Color; 16] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    match i {
        0..=15 => ansi_rgb(BASE[usize::from(i)]).unwrap_or(Rgb(0, 0, 0)),
        16..=231 => {
            let n = i - 16;
            Rgb(
                CUBE[usize::from(n / 36)],
                CUBE[usize::from(n / 6 % 6)],
                CUBE[usize::from(n % 6)],
            )
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            Rgb(v, v, v)
        }
    }
}

/// The xterm-256 entry nearest to `rgb` (the cube and the grey ramp, 16–255; the first 16 are
/// left out because terminals redefine them).
#[must_use]
pub fn nearest_256(rgb: Rgb) -> u8 {
    let distance = |other: Rgb| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(rgb.0, other.0) + d(rgb.1, other.1) + d(rgb.2, other.2)
    };
    (16..=255u8)
        .min_by_key(|&i| distance(xterm_256(i)))
        .unwrap_or(16)
}

/// WCAG relative luminance of a colour.
#[must_use]
pub fn luminance(rgb: Rgb) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(rgb.0) + 0.7152 * channel(rgb.1) + 0.0722 * channel(rgb.2)
}

/// The WCAG contrast ratio of two colours (1 to 21, either order).
#[must_use]
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_follows_colorterm_then_term_unless_forced() {
        use ColorSetting::{Ansi16, Auto, Palette256, TrueColor};
        let cases = [
            (
                Some("truecolor"),
                Some("xterm-256color"),
                Auto,
                Depth::TrueColor,
            ),
            (Some("24bit"), None, Auto, Depth::TrueColor),
            (Some("TrueColor"), Some("linux"), Auto, Depth::TrueColor),
            (None, Some("xterm-direct"), Auto, Depth::TrueColor),
            (None, Some("xterm-256color"), Auto, Depth::Palette256),
            (Some("yes"), Some("tmux-256color"), Auto, Depth::Palette256),
            (None, Some("xterm"), Auto, Depth::Ansi16),
            (None, Some("linux"), Auto, Depth::Ansi16),
            (None, None, Auto, Depth::Ansi16),
            (Some("truecolor"), None, Ansi16, Depth::Ansi16),
            (None, Some("linux"), TrueColor, Depth::TrueColor),
            (
                Some("truecolor"),
                Some("xterm"),
                Palette256,
                Depth::Palette256,
            ),
        ];
        for (colorterm, term, setting, depth) in cases {
            assert_eq!(
                detect(colorterm, term, setting),
                depth,
                "{colorterm:?} {term:?} {setting:?}"
            );
        }
    }

    #[test]
    fn the_256_palette_and_its_nearest_entries() {
        assert_eq!(xterm_256(16), Rgb(0, 0, 0));
        assert_eq!(xterm_256(196), Rgb(255, 0, 0));
        assert_eq!(xterm_256(231), Rgb(255, 255, 255));
        assert_eq!(xterm_256(232), Rgb(8, 8, 8));
        assert_eq!(xterm_256(255), Rgb(238, 238, 238));
        // A cube colour maps to itself; a grey to the ramp.
        assert_eq!(nearest_256(Rgb(0, 135, 0)), 28);
        assert_eq!(xterm_256(nearest_256(Rgb(100, 100, 100))), Rgb(98, 98, 98));
        let paint = Paint::new(0, 135, 0, Color::Green);
        assert_eq!(paint.color(Depth::TrueColor), Color::Rgb(0, 135, 0));
        assert_eq!(paint.color(Depth::Palette256), Color::Indexed(28));
        assert_eq!(paint.color(Depth::Ansi16), Color::Green);
        assert_eq!(paint.shown(Depth::Ansi16), Rgb(0, 205, 0));
    }

    #[test]
    fn contrast_matches_wcag_figures() {
        let white = Rgb(255, 255, 255);
        let black = Rgb(0, 0, 0);
        assert!((contrast(white, black) - 21.0).abs() < 1e-9);
        assert!((contrast(black, white) - 21.0).abs() < 1e-9);
        assert!((contrast(white, white) - 1.0).abs() < 1e-9);
        // WCAG's own example: #767676 on white is just over 4.5:1.
        let grey = contrast(Rgb(0x76, 0x76, 0x76), white);
        assert!(grey > 4.5 && grey < 4.6, "{grey}");
    }
}
