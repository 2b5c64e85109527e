//! Writes one setting into the user's config file, keeping everything else in it (comments,
//! order, layout) as the person wrote it, and lists the settings the Settings screen offers
//! with the shipped file's own comments as their descriptions.

use std::path::Path;

use toml_edit::{DocumentMut, Item, Table};

/// What a setting's value may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// On or off.
    Switch,
    /// One of these words.
    Choice(Vec<String>),
}

/// One setting the Settings screen can change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// The section (`ui`, `checkers`).
    pub section: String,
    /// The key within it.
    pub key: String,
    /// The shipped file's comment above it, without the `#` marks.
    pub about: String,
    /// Its values.
    pub kind: Kind,
}

/// The themes `[ui] theme` accepts (see `ui::theme::ThemeKind`).
pub const THEMES: [&str; 3] = ["dark", "light", "mono"];

/// The settings of the shipped config a person may change from the Settings screen: the
/// theme, mouse capture, and every game's switches (key bindings are left to the file).
#[must_use]
pub fn settings() -> Vec<Setting> {
    let Ok(doc) = crate::config::DEFAULT_CONFIG.parse::<DocumentMut>() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (section, item) in doc.iter() {
        if section == "keys" {
            continue;
        }
        let Some(table) = item.as_table() else {
            continue;
        };
        for (key, value) in table {
            let kind = if let Some(names) = choices(section, key) {
                Kind::Choice(names.iter().map(ToString::to_string).collect())
            } else if value.as_bool().is_some() {
                Kind::Switch
            } else {
                continue;
            };
            let about = table
                .key(key)
                .and_then(|k| k.leaf_decor().prefix())
                .and_then(|raw| raw.as_str())
                .map(comment_text)
                .unwrap_or_default();
            found.push(Setting {
                section: section.to_string(),
                key: key.to_string(),
                about,
                kind,
            });
        }
    }
    found
}

/// The words a setting of the shipped file may take, for each setting that is a word (a test
/// checks every such setting is listed here, so a new one cannot be left out of the screen).
fn choices(section: &str, key: &str) -> Option<&'static [&'static str]> {
    match (section, key) {
        ("ui", "theme") => Some(&THEMES),
        ("ui", "colors") => Some(&crate::config::ColorSetting::NAMES),
        ("ui", "speed") => Some(&crate::config::Speed::NAMES),
        ("ui", "coordinates") => Some(&crate::config::Coordinates::NAMES),
        _ => None,
    }
}

/// The text of the comment lines above a key.
fn comment_text(raw: &str) -> String {
    raw.lines()
        .filter_map(|line| line.trim().strip_prefix('#'))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a setting could not be put into a config file's text; the file is then left as it is.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The text is not TOML (one line: the parser's message without its caret diagram).
    #[error("{}", .0.message())]
    Parse(#[source] toml_edit::TomlError),
    /// A value of a type no setting has (the Settings screen offers none).
    #[error("cannot write a {0} setting")]
    Unsupported(&'static str),
    /// The section's name is taken by something that is not a table (`ui = 3`).
    #[error("`{0}` is not a section in the file")]
    NotASection(String),
}

/// `text` (a config file) with `[section] key` set to `value`, everything else kept.
///
/// # Errors
/// [`EditError`] when the text is not TOML or `section` is not a table in it.
pub fn set_in_text(
    text: &str,
    section: &str,
    key: &str,
    value: &toml::Value,
) -> Result<String, EditError> {
    let mut doc: DocumentMut = text.parse().map_err(EditError::Parse)?;
    let unsupported = EditError::Unsupported(value.type_str());
    let value = match value {
        toml::Value::Boolean(b) => toml_edit::value(*b),
        toml::Value::String(s) => toml_edit::value(s.as_str()),
        toml::Value::Integer(i) => toml_edit::value(*i),
        _ => return Err(unsupported),
    };
    let entry = doc.entry(section).or_insert(Item::Table(Table::new()));
    let Some(table) = entry.as_table_like_mut() else {
        return Err(EditError::NotASection(section.to_string()));
    };
    match table.get_mut(key) {
        // Keep the comment after the value (`theme = "dark" # mine`).
        Some(Item::Value(old)) => {
            let decor = old.decor().clone();
            let mut new = value.into_value().map_err(|_| unsupported)?;
            *new.decor_mut() = decor;
            *old = new;
        }
        _ => {
            table.insert(key, value);
        }
    }
    Ok(doc.to_string())
}

/// Why the Settings screen could not write a setting into the config file. Every kind but
/// the last leaves the file as it was; the change still holds until Parlor quits.
#[derive(Debug, thiserror::Error)]
pub enum ConfigWriteError {
    /// The file is bigger than any config a person writes.
    #[error("{} was left as it is: it is over {MAX_CONFIG_BYTES} bytes, too big for a config file", .0.display())]
    TooBig(std::path::PathBuf),
    /// The file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why (not a regular file, not text, no permission).
        source: crate::save::reader::ReadError,
    },
    /// The file is not TOML (or its section is not a table): Parlor will not guess.
    #[error("{} was left as it is: {source}", path.display())]
    NotToml {
        /// The file.
        path: std::path::PathBuf,
        /// What the TOML reader said, or which section is not a table.
        source: EditError,
    },
    /// The edited file could not be written.
    #[error(transparent)]
    Write(#[from] crate::save::store::StoreError),
}

/// The largest config file the Settings screen edits: a file bigger than this is not a
/// config someone wrote, and is left alone.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Sets one setting in the config file at `path` (created, with its folder, when missing),
/// written atomically. A file that cannot be read or parsed is left as it is.
///
/// # Errors
/// [`ConfigWriteError`]: the file is too big, cannot be read, is not TOML, or cannot be
/// written.
pub fn write_setting(
    path: &Path,
    section: &str,
    key: &str,
    value: &toml::Value,
) -> Result<(), ConfigWriteError> {
    // A new file starts with a line saying what it is (added after the edit: a comment in an
    // otherwise empty document would end up below the first table).
    let (text, header) = match crate::save::reader::read_text(path, MAX_CONFIG_BYTES) {
        Ok(text) => (text, ""),
        Err(err) if err.is_missing() => (
            String::new(),
            "# Parlor's settings: yours override the defaults (see the shipped config.toml).\n",
        ),
        Err(crate::save::reader::ReadError::TooLarge { .. }) => {
            return Err(ConfigWriteError::TooBig(path.to_path_buf()));
        }
        Err(source) => {
            return Err(ConfigWriteError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let edited = set_in_text(&text, section, key, value)
        .map(|edited| format!("{header}{edited}"))
        .map_err(|source| ConfigWriteError::NotToml {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(crate::save::store::write_atomic(path, &edited)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_changed_and_every_comment_kept() {
        let text = "# mine\n[ui]\n# the look\ntheme = \"dark\" # dark is nice\nmouse = true\n\n[keys]\nundo = [\"z\"]\n";
        let edited =
            set_in_text(text, "ui", "theme", &toml::Value::String("mono".into())).expect("ok");
        assert_eq!(
            edited,
            "# mine\n[ui]\n# the look\ntheme = \"mono\" # dark is nice\nmouse = true\n\n[keys]\nundo = [\"z\"]\n"
        );
        let added = set_in_text(
            &edited,
            "checkers",
            "forced_capture",
            &toml::Value::Boolean(false),
        )
        .expect("ok");
        assert!(added.starts_with(&edited), "{added}");
        assert!(
            added.ends_with("[checkers]\nforced_capture = false\n"),
            "{added}"
        );
    }

    #[test]
    fn broken_text_is_refused() {
        assert!(set_in_text("[ui\n", "ui", "mouse", &toml::Value::Boolean(false)).is_err());
        assert!(matches!(
            set_in_text("ui = 3\n", "ui", "mouse", &toml::Value::Boolean(false)),
            Err(EditError::NotASection(section)) if section == "ui"
        ));
    }

    #[test]
    fn the_settings_come_from_the_shipped_file_with_their_comments() {
        let settings = settings();
        let theme = &settings[0];
        assert_eq!(
            (theme.section.as_str(), theme.key.as_str()),
            ("ui", "theme")
        );
        assert!(
            theme.about.starts_with("Colours and glyphs"),
            "{}",
            theme.about
        );
        assert!(
            settings
                .iter()
                .any(|s| s.section == "checkers" && s.key == "forced_capture")
        );
        assert!(settings.iter().all(|s| s.section != "keys"));
    }

    #[test]
    fn every_word_setting_offers_its_choices_and_each_choice_is_accepted() {
        let doc: DocumentMut = crate::config::DEFAULT_CONFIG.parse().expect("shipped file");
        let offered = settings();
        for (section, item) in doc.iter().filter(|(name, _)| *name != "keys") {
            let Some(table) = item.as_table() else {
                continue;
            };
            for (key, value) in table {
                let Some(default) = value.as_str() else {
                    continue;
                };
                let setting = offered
                    .iter()
                    .find(|s| s.section == section && s.key == key)
                    .unwrap_or_else(|| panic!("[{section}] {key} is not on the Settings screen"));
                let Kind::Choice(names) = &setting.kind else {
                    panic!("[{section}] {key} is a word setting without choices");
                };
                assert!(names.iter().any(|n| n == default), "{key}: {default}");
                for name in names {
                    let text = format!("[{section}]\n{key} = \"{name}\"\n");
                    assert!(
                        crate::config::Config::from_overrides(Some(&text), "u.toml").is_ok(),
                        "{text}"
                    );
                }
            }
        }
    }
}
