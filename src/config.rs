//! The configuration: the shipped `config.toml` (compiled in, so the binary works anywhere),
//! overridden table by table by the user's file.

use std::path::Path;

use serde::Deserialize;

pub use crate::appearance::{ColorSetting, ThemeKind};
pub use crate::core::Coordinates;
#[cfg(feature = "tui")]
use crate::ui::input::Action;
#[cfg(feature = "tui")]
use crate::ui::keymap::{Keymap, KeymapError};

/// The default configuration, documented in the repository's top-level `config.toml`.
pub const DEFAULT_CONFIG: &str = include_str!("../config.toml");

/// A config file that cannot be used, with the reason.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read the config file {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why (not a regular file, too large, not text, no permission).
        source: crate::save::reader::ReadError,
    },
    /// The file is not valid TOML, too large, or a setting's value is not one it takes.
    #[error("the config file {path} is not valid: {message}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong, from the TOML parser (cleaned of control characters).
        message: String,
    },
    /// A setting the shipped file does not have, or a value of another type than its default.
    #[error("the config file {path} is not valid: {source}")]
    Setting {
        /// The file.
        path: String,
        /// Which setting and what is wrong.
        source: SettingError,
    },
    /// The `[keys]` table names an unknown action or key, or gives one key to two actions.
    #[cfg(feature = "tui")]
    #[error("the config file {path} is not valid: [keys]: {source}")]
    Keys {
        /// The file.
        path: String,
        /// What is wrong in the table.
        source: KeymapError,
    },
}

/// Why one setting was refused, from a user's file or the Settings screen. Names from a file
/// are cleaned of control characters before they are kept.
#[derive(Debug, thiserror::Error)]
pub enum SettingError {
    /// A key the shipped file does not have: a typo, refused rather than ignored.
    #[error("unknown setting `{0}`")]
    Unknown(String),
    /// A key outside every section that is the name of a setting in one (`theme = "light"`
    /// for `[ui] theme`): unknown where it stands, so it is said where it belongs.
    #[error("unknown setting `{name}` (did you mean {}?)", in_sections(.name, .sections))]
    Misplaced {
        /// The key as written.
        name: String,
        /// The sections that have a setting of that name, alphabetically.
        sections: Vec<String>,
    },
    /// A value of another type than the setting's default.
    #[error("`{name}` must be {}, not {}", with_article(.expected), with_article(.found))]
    WrongType {
        /// The setting, with its section (`checkers.forced_capture`).
        name: String,
        /// The type of its default.
        expected: &'static str,
        /// The type given.
        found: &'static str,
    },
    /// The `[ui]` section no longer reads (a word setting given a word it does not take).
    #[error("{0}")]
    Ui(#[source] toml::de::Error),
}

/// A TOML type's name with its indefinite article: "a string", "an integer", "an array".
fn with_article(type_name: &str) -> String {
    let vowel = type_name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {type_name}", if vowel { "an" } else { "a" })
}

/// `[ui] theme`, or `[a] level` or `[b] level`: where a misplaced key belongs.
fn in_sections(name: &str, sections: &[String]) -> String {
    sections
        .iter()
        .map(|section| format!("`[{section}] {name}`"))
        .collect::<Vec<_>>()
        .join(" or ")
}

/// The longest excerpt of a config line an error quotes, in characters.
const EXCERPT: usize = 32;

/// A TOML error in a config text as one line: where and what (as saves say it,
/// [`crate::save::format::toml_error_line`]) and at most [`EXCERPT`] characters of the
/// offending line around the place, cleaned of anything unsafe.
fn toml_message(err: &toml::de::Error, text: &str) -> String {
    let said = crate::save::format::toml_error_line(err, text);
    let excerpt = err
        .span()
        .filter(|span| span.start <= text.len() && text.is_char_boundary(span.start))
        .map(|span| {
            let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
            let line = text[line_start..].lines().next().unwrap_or_default();
            let column = text[line_start..span.start].chars().count();
            let from = column.saturating_sub(EXCERPT / 2);
            let cut: String = line.chars().skip(from).take(EXCERPT).collect();
            let cut = crate::core::text::sanitize(&cut);
            let before = if from > 0 { "…" } else { "" };
            let after = if line.chars().count() > from + EXCERPT {
                "…"
            } else {
                ""
            };
            format!(" (near `{before}{cut}{after}`)")
        })
        .filter(|excerpt| excerpt != " (near ``)")
        .unwrap_or_default();
    format!("{said}{excerpt}")
}

#[derive(Debug, Deserialize)]
struct RawConfig {
    ui: RawUi,
    #[cfg_attr(not(feature = "tui"), allow(dead_code))]
    keys: toml::Table,
}

#[derive(Debug, Deserialize)]
struct RawUi {
    theme: ThemeKind,
    colors: ColorSetting,
    mouse: bool,
    speed: Speed,
    coordinates: Coordinates,
}

/// `[ui] speed`: the pace of everything that moves on its own, so a player who finds the
/// playback slow (or motion distracting) can change it in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Twice as long as normal.
    Slow,
    /// The shipped pace.
    Normal,
    /// About a third of normal.
    Fast,
    /// Nothing waits: animations are skipped and results shown at once.
    Off,
}

impl Speed {
    /// The values `[ui] speed` accepts, in the order the Settings screen steps through them.
    pub const NAMES: [&'static str; 4] = ["slow", "normal", "fast", "off"];

    /// `normal` (a delay written for the normal pace) at this pace.
    #[must_use]
    pub fn scale(self, normal: std::time::Duration) -> std::time::Duration {
        match self {
            Self::Slow => normal * 2,
            Self::Normal => normal,
            Self::Fast => normal / 3,
            Self::Off => std::time::Duration::ZERO,
        }
    }
}

/// The settings in force for this run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The colour and glyph theme.
    pub theme: ThemeKind,
    /// The colour depth: found from the terminal, or forced.
    pub colors: ColorSetting,
    /// Whether to capture the mouse.
    pub mouse: bool,
    /// The pace of animations, solution playback and the computer's pause.
    pub speed: Speed,
    /// The square names of Reversi and Checkers in the arcade.
    pub coordinates: Coordinates,
    /// Key bindings (the arcade's; plain mode reads lines, not keys).
    #[cfg(feature = "tui")]
    pub keymap: Keymap,
    /// The whole merged table, for per-game sections (`[checkers]`, `[reversi]`…).
    table: toml::Table,
}

impl Config {
    /// The shipped defaults alone.
    ///
    /// # Panics
    /// Only if the compiled-in default config is broken, which a unit test rules out.
    #[must_use]
    pub fn defaults() -> Self {
        Self::from_overrides(None, "config.toml").expect("the shipped config.toml is valid")
    }

    /// The defaults overridden by the file at `path`, if that file exists. A missing user file
    /// is not an error (most users have none); an unreadable or invalid one is.
    ///
    /// # Errors
    /// [`ConfigError`] for a file that exists but cannot be read or used.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        // A config is a few kilobytes; a huge file, a FIFO or a device is refused before
        // reading (the shared reader, `save::reader`).
        match crate::save::reader::read_text(path, crate::save::format::MAX_SAVE_BYTES) {
            Ok(text) => Self::from_overrides(Some(&text), &path.display().to_string()),
            Err(err) if err.is_missing() => Ok(Self::defaults()),
            Err(source) => Err(ConfigError::Read {
                path: path.display().to_string(),
                source,
            }),
        }
    }

    /// The defaults overridden by a config text (named `path` in messages).
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] for bad TOML, wrong types or unknown key names (anywhere:
    /// every setting is in the shipped file, see `merge`).
    pub fn from_overrides(user: Option<&str>, path: &str) -> Result<Self, ConfigError> {
        // One line: where, what, and a short excerpt of the offending line — never the line
        // itself, which may be a megabyte long (see `toml_message`).
        let invalid = |message: String| ConfigError::Invalid {
            path: path.to_string(),
            message,
        };
        let mut table: toml::Table = DEFAULT_CONFIG
            .parse()
            .map_err(|err: toml::de::Error| invalid(toml_message(&err, DEFAULT_CONFIG)))?;
        if let Some(user) = user {
            let overrides: toml::Table = user
                .parse()
                .map_err(|err: toml::de::Error| invalid(toml_message(&err, user)))?;
            merge(&mut table, overrides, "").map_err(|source| ConfigError::Setting {
                path: path.to_string(),
                source,
            })?;
        }
        let raw: RawConfig = toml::Value::Table(table.clone())
            .try_into()
            .map_err(|err: toml::de::Error| invalid(toml_message(&err, "")))?;
        #[cfg(feature = "tui")]
        let keymap = keymap_of(&raw.keys, path)?;
        Ok(Self {
            theme: raw.ui.theme,
            colors: raw.ui.colors,
            mouse: raw.ui.mouse,
            speed: raw.ui.speed,
            coordinates: raw.ui.coordinates,
            #[cfg(feature = "tui")]
            keymap,
            table,
        })
    }

    /// The value of one setting in force (`ui`, `theme`), for the Settings screen.
    #[must_use]
    pub fn value(&self, section: &str, key: &str) -> Option<&toml::Value> {
        self.table.get(section)?.get(key)
    }

    /// Changes one setting for this run (the Settings screen), checked as a user file's
    /// would be: the setting must exist and keep its type, and `[ui]` must still parse.
    ///
    /// # Errors
    /// [`SettingError`] naming the setting.
    pub fn set(
        &mut self,
        section: &str,
        key: &str,
        value: toml::Value,
    ) -> Result<(), SettingError> {
        let mut table = self.table.clone();
        let mut top = toml::Table::new();
        top.insert(key.to_string(), value);
        let mut wrapper = toml::Table::new();
        wrapper.insert(section.to_string(), toml::Value::Table(top));
        merge(&mut table, wrapper, "")?;
        if section == "ui" {
            // `merge` keeps every shipped section, so `[ui]` is there.
            let ui: RawUi = table
                .get("ui")
                .cloned()
                .ok_or_else(|| SettingError::Unknown("ui".into()))?
                .try_into()
                .map_err(SettingError::Ui)?;
            self.theme = ui.theme;
            self.colors = ui.colors;
            self.mouse = ui.mouse;
            self.speed = ui.speed;
            self.coordinates = ui.coordinates;
        }
        self.table = table;
        Ok(())
    }

    /// A game's own section (`[checkers]`), deserialized into the game's settings type; the
    /// game's defaults apply when the section or a field is missing or malformed.
    #[must_use]
    pub fn game_section<T: serde::de::DeserializeOwned + Default>(&self, game: &str) -> T {
        self.table
            .get(game)
            .cloned()
            .and_then(|value| {
                value
                    .try_into()
                    .map_err(|err| log::warn!("config [{game}] ignored: {err}"))
                    .ok()
            })
            .unwrap_or_default()
    }
}

/// Overrides `base` with `top`, recursing into tables so a user file may set a single key.
///
/// The shipped file lists every setting with its default, so a key it lacks is a typo and a
/// value of another type than its default is a mistake: both are refused, naming the key,
/// rather than silently ignored (a misspelt `forced_captures = false` would otherwise leave
/// captures compulsory with no word said).
fn merge(base: &mut toml::Table, top: toml::Table, path: &str) -> Result<(), SettingError> {
    for (key, value) in top {
        // The name is quoted in messages: a key from a file keeps no control characters.
        let name = if path.is_empty() {
            crate::core::text::sanitize(&key)
        } else {
            format!("{path}.{}", crate::core::text::sanitize(&key))
        };
        match (base.get_mut(&key), value) {
            (None, _) => {
                // At the top, a key some section has was most likely meant for that section.
                let sections: Vec<String> = if path.is_empty() {
                    base.iter()
                        .filter(|(_, value)| value.get(&key).is_some())
                        .map(|(section, _)| section.clone())
                        .collect()
                } else {
                    Vec::new()
                };
                if sections.is_empty() {
                    return Err(SettingError::Unknown(name));
                }
                return Err(SettingError::Misplaced { name, sections });
            }
            (Some(toml::Value::Table(base_table)), toml::Value::Table(top_table)) => {
                merge(base_table, top_table, &name)?;
            }
            (Some(default), value) if default.type_str() == value.type_str() => *default = value,
            (Some(default), value) => {
                return Err(SettingError::WrongType {
                    name,
                    expected: default.type_str(),
                    found: value.type_str(),
                });
            }
        }
    }
    Ok(())
}

/// The `[keys]` table read into the keymap: every action and key name checked, no key given
/// to two actions.
#[cfg(feature = "tui")]
fn keymap_of(keys_table: &toml::Table, path: &str) -> Result<Keymap, ConfigError> {
    let mut bindings = Vec::new();
    for (name, keys) in keys_table {
        let keys_error = |source| ConfigError::Keys {
            path: path.to_string(),
            source,
        };
        let clean = || crate::core::text::sanitize(name);
        let action: Action = toml::Value::String(name.clone())
            .try_into()
            .map_err(|_| keys_error(KeymapError::UnknownAction(clean())))?;
        let keys: Vec<String> = keys
            .clone()
            .try_into()
            .map_err(|_| keys_error(KeymapError::NotAList(clean())))?;
        bindings.push((action, keys));
    }
    Keymap::new(bindings.iter().map(|(a, k)| (*a, k.as_slice()))).map_err(|source| {
        ConfigError::Keys {
            path: path.to_string(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_defaults_load() {
        let config = Config::defaults();
        assert_eq!(config.theme, ThemeKind::Dark);
        assert!(config.mouse);
        #[cfg(feature = "tui")]
        assert_eq!(config.keymap.key_name(Action::Undo), "u");
    }

    #[cfg(feature = "tui")]
    #[test]
    fn user_file_overrides_single_keys() {
        let config = Config::from_overrides(
            Some("[ui]\ntheme = \"mono\"\n[keys]\nundo = [\"z\"]\n"),
            "user.toml",
        )
        .expect("valid");
        assert_eq!(config.theme, ThemeKind::Mono);
        assert!(config.mouse, "unset keys keep their defaults");
        assert_eq!(config.keymap.key_name(Action::Undo), "z");
        assert_eq!(config.keymap.key_name(Action::Redo), "r");
    }

    #[cfg(feature = "tui")]
    #[test]
    fn bad_user_files_are_typed_errors() {
        for bad in [
            "[ui\n",
            "[ui]\ntheme = \"neon\"\n",
            "[keys]\nfly = [\"f\"]\n",
            "[keys]\nundo = [\"hyper-x\"]\n",
            "bogus_key = 1\n",
            "theme = \"mono\"\n",
            "[checkers]\nforced_captures = false\n",
            "[checkers]\nforced_capture = \"maybe\"\n",
            "[ui]\nmouse = 1\n",
            "[ui]\ncolors = \"8\"\n",
            "[ui]\ncolors = 256\n",
            "[keys]\nundo = \"u\"\n",
            "[keys]\nhint = [\"?\"]\n",
        ] {
            assert!(
                matches!(
                    Config::from_overrides(Some(bad), "u.toml"),
                    Err(ConfigError::Invalid { .. }
                        | ConfigError::Setting { .. }
                        | ConfigError::Keys { .. })
                ),
                "{bad:?} should be refused"
            );
        }
    }

    #[test]
    fn a_toml_error_quotes_only_a_short_excerpt_of_its_line() {
        let line = format!(
            "theme = \"{}{}[31m {}",
            "x".repeat(5000),
            '\u{1b}',
            "y".repeat(5000)
        );
        let Err(ConfigError::Invalid { message, .. }) = Config::from_overrides(Some(&line), "u")
        else {
            panic!("an unterminated string was accepted");
        };
        assert!(message.starts_with("line 1, column "), "{message}");
        assert!(message.chars().count() < 250, "{message}");
        assert!(!message.contains('\u{1b}'), "{message}");
    }

    #[test]
    fn a_refused_setting_is_named() {
        let message = |text: &str| match Config::from_overrides(Some(text), "u.toml") {
            Err(ConfigError::Setting { source, .. }) => source.to_string(),
            other => panic!("{text:?}: {other:?}"),
        };
        assert_eq!(
            message("[checkers]\nforced_capture = \"maybe\"\n"),
            "`checkers.forced_capture` must be a boolean, not a string"
        );
        assert_eq!(message("bogus_key = 1\n"), "unknown setting `bogus_key`");
        assert_eq!(
            message("[ui]\ntheme = 3\n"),
            "`ui.theme` must be a string, not an integer"
        );
        assert_eq!(
            message("[ui]\nmouse = []\n"),
            "`ui.mouse` must be a boolean, not an array"
        );
        assert_eq!(
            message("theme = \"light\"\n"),
            "unknown setting `theme` (did you mean `[ui] theme`?)"
        );
    }

    #[test]
    fn game_sections_deserialize_with_defaults() {
        #[derive(Deserialize, Default)]
        struct Checkers {
            forced_capture: bool,
        }
        let config = Config::defaults();
        assert!(config.game_section::<Checkers>("checkers").forced_capture);
        let free = Config::from_overrides(Some("[checkers]\nforced_capture = false\n"), "u")
            .expect("valid");
        assert!(!free.game_section::<Checkers>("checkers").forced_capture);
    }

    #[cfg(feature = "tui")]
    #[test]
    fn the_settings_screen_and_the_keys_table_are_refused_by_kind() {
        let mut config = Config::defaults();
        let err = config
            .set("ui", "mouse", toml::Value::String("yes".into()))
            .expect_err("a word for a switch");
        assert!(
            matches!(&err, SettingError::WrongType { name, expected: "boolean", found: "string" } if name == "ui.mouse"),
            "{err:?}"
        );
        assert!(config.mouse, "a refused setting changes nothing");
        assert!(matches!(
            config.set("ui", "theme", toml::Value::String("neon".into())),
            Err(SettingError::Ui(_))
        ));
        // Every action is in the shipped `[keys]`, so an unknown one is an unknown setting.
        assert!(matches!(
            Config::from_overrides(Some("[keys]\nfly = [\"f\"]\n"), "u.toml"),
            Err(ConfigError::Setting { source: SettingError::Unknown(name), .. }) if name == "keys.fly"
        ));
        match Config::from_overrides(Some("[keys]\nundo = [\"hyper-x\"]\n"), "u.toml") {
            Err(
                err @ ConfigError::Keys {
                    source: KeymapError::UnknownKey(_),
                    ..
                },
            ) => {
                assert_eq!(
                    err.to_string(),
                    "the config file u.toml is not valid: [keys]: unknown key name \"hyper-x\""
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            Config::from_overrides(Some("[keys]\nhint = [\"?\"]\n"), "u.toml"),
            Err(ConfigError::Keys {
                source: KeymapError::Conflict { .. },
                ..
            })
        ));
    }
}
