//! Key bindings: which keys produce which [`Action`], from the `[keys]` table of the config.

use std::collections::HashMap;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::input::{Action, KeyInput};

/// Why the `[keys]` table cannot be used. Names from the file are cleaned of control
/// characters before they are kept, so the sentence is safe to print.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeymapError {
    /// A key name that is not understood (`hyper-q`).
    #[error("unknown key name {0:?}")]
    UnknownKey(String),
    /// An action name that is not one of Parlor's (`fly`).
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    /// An action whose value is not a list of key names (`undo = "u"`).
    #[error("{0} must be a list of key names")]
    NotAList(String),
    /// One key given to two actions: only one of them could happen, while the footers
    /// promised both.
    #[error("the key {key:?} is bound to both {} and {}", action_name(*.first), action_name(*.second))]
    Conflict {
        /// The key, as written.
        key: String,
        /// The action it was bound to first.
        first: Action,
        /// The action that asked for it again.
        second: Action,
    },
}

/// A key with its modifiers, as written in the config (`"ctrl-z"`, `"left"`, `"?"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyChord {
    code: KeyCode,
    ctrl: bool,
    alt: bool,
}

impl KeyChord {
    /// Parses a key name from the config.
    ///
    /// # Errors
    /// [`KeymapError::UnknownKey`] naming the key that is not understood.
    pub fn parse(text: &str) -> Result<Self, KeymapError> {
        let mut rest = text.trim();
        let (mut ctrl, mut alt) = (false, false);
        loop {
            let lower = rest.to_ascii_lowercase();
            if rest.len() > 5 && lower.starts_with("ctrl-") {
                ctrl = true;
                rest = &rest[5..];
            } else if rest.len() > 4 && lower.starts_with("alt-") {
                alt = true;
                rest = &rest[4..];
            } else {
                break;
            }
        }
        let code = match rest.to_ascii_lowercase().as_str() {
            "up" => KeyCode::Up,
            "down" => KeyCode::Down,
            "left" => KeyCode::Left,
            "right" => KeyCode::Right,
            "enter" | "return" => KeyCode::Enter,
            "esc" | "escape" => KeyCode::Esc,
            "space" => KeyCode::Char(' '),
            "tab" => KeyCode::Tab,
            "backtab" | "shift-tab" => KeyCode::BackTab,
            "backspace" => KeyCode::Backspace,
            "delete" | "del" => KeyCode::Delete,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "pageup" => KeyCode::PageUp,
            "pagedown" => KeyCode::PageDown,
            "f1" => KeyCode::F(1),
            _ => {
                let mut chars = rest.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => KeyCode::Char(if ctrl { c.to_ascii_lowercase() } else { c }),
                    _ => {
                        return Err(KeymapError::UnknownKey(crate::core::text::sanitize(text)));
                    }
                }
            }
        };
        Ok(Self { code, ctrl, alt })
    }

    fn from_event(key: &KeyEvent) -> Self {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let code = match key.code {
            KeyCode::Char(c) if ctrl => KeyCode::Char(c.to_ascii_lowercase()),
            other => other,
        };
        Self {
            code,
            ctrl,
            alt: key.modifiers.contains(KeyModifiers::ALT),
        }
    }
}

impl KeyChord {
    /// Ctrl-C and Ctrl-Z: the app handles them before any binding (quit, suspend).
    fn is_reserved(&self) -> bool {
        self.ctrl && !self.alt && matches!(self.code, KeyCode::Char('c' | 'z'))
    }
}

/// The bindings in force: several keys may share an action; one key has one action.
#[derive(Debug, Clone)]
pub struct Keymap {
    bindings: HashMap<KeyChord, Action>,
    names: HashMap<Action, String>,
    /// Every key of each action, as shown (the key bindings page lists them all).
    all_names: HashMap<Action, Vec<String>>,
}

impl Keymap {
    /// Builds the keymap from `(action, key names)` pairs, later pairs overriding earlier keys.
    ///
    /// # Errors
    /// [`KeymapError::UnknownKey`] for the first key name that does not parse,
    /// [`KeymapError::Conflict`] for a key given to two actions.
    pub fn new<'a>(
        table: impl IntoIterator<Item = (Action, &'a [String])>,
    ) -> Result<Self, KeymapError> {
        let mut keymap = Self {
            bindings: HashMap::new(),
            names: HashMap::new(),
            all_names: HashMap::new(),
        };
        for (action, keys) in table {
            keymap.names.remove(&action);
            keymap.bindings.retain(|_, bound| *bound != action);
            // Ctrl-C (quit) and Ctrl-Z (suspend) are the program's own: a binding of them
            // could never fire, so it is dropped (an older config bound Ctrl-Z to undo).
            let keys: Vec<String> = keys
                .iter()
                .filter(|key| {
                    let reserved = KeyChord::parse(key).is_ok_and(|chord| chord.is_reserved());
                    if reserved {
                        log::info!("key {key:?} is reserved; its binding is ignored");
                    }
                    !reserved
                })
                .cloned()
                .collect();
            let keys = keys.as_slice();
            for key in keys {
                // One key, one action: a key bound twice would do only one of them while the
                // footers promised both.
                if let Some(other) = keymap.bindings.insert(KeyChord::parse(key)?, action)
                    && other != action
                {
                    return Err(KeymapError::Conflict {
                        key: crate::core::text::sanitize(key),
                        first: other,
                        second: action,
                    });
                }
            }
            if let Some(first) = keys.first() {
                keymap.names.insert(action, display_key_name(first));
            }
            keymap.all_names.insert(
                action,
                keys.iter().map(|key| display_key_name(key)).collect(),
            );
        }
        Ok(keymap)
    }

    /// Translates a key press into what screens see.
    #[must_use]
    pub fn translate(&self, key: &KeyEvent) -> KeyInput {
        let chord = KeyChord::from_event(key);
        let action = self.bindings.get(&chord).copied();
        let text = match key.code {
            KeyCode::Char(c)
                if !key
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
            {
                Some(c)
            }
            _ => None,
        };
        KeyInput { action, text }
    }

    /// The four arrow actions' keys in one hint ("←→↑↓"), for boards with a square cursor.
    #[must_use]
    pub fn arrows(&self) -> String {
        [Action::Left, Action::Right, Action::Up, Action::Down]
            .map(|a| self.key_name(a))
            .concat()
    }

    /// Every key bound to an action, as shown ("u", "Ctrl-Z"); empty when none is.
    #[must_use]
    pub fn all_key_names(&self, action: Action) -> &[String] {
        self.all_names.get(&action).map_or(&[], Vec::as_slice)
    }

    /// The key to show for an action in footers and help ("u", "Enter", "←").
    #[must_use]
    pub fn key_name(&self, action: Action) -> &str {
        self.names.get(&action).map_or("?", String::as_str)
    }

    /// A help text with `{action}` placeholders (`{undo}`, `{next_item}`: the config's action
    /// names) replaced by the keys bound now, so help pages read the same keys as the footers
    /// even when the user remapped them. Unknown names are left as they are.
    #[must_use]
    pub fn expand(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let replaced = after.find('}').and_then(|close| {
                let name = &after[..close];
                self.names
                    .keys()
                    .find(|action| action_name(**action) == name)
                    .map(|action| (self.key_name(*action).to_string(), close))
            });
            match replaced {
                Some((key, close)) => {
                    out.push_str(&key);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The keys of several actions together for one hint: run together when each is one
    /// character ("←→ choose", "[] turn"), with a slash between when some are named ("Tab/↓";
    /// "Tabv" would read as one word).
    #[must_use]
    pub fn key_names(&self, actions: &[Action]) -> String {
        let names: Vec<&str> = actions
            .iter()
            .map(|&action| self.key_name(action))
            .collect();
        if names.iter().all(|name| name.chars().count() == 1) {
            names.concat()
        } else {
            names.join("/")
        }
    }
}

/// An action as the config file names it (`next_field`).
fn action_name(action: Action) -> String {
    let mut name = String::new();
    for c in format!("{action:?}").chars() {
        if c.is_uppercase() && !name.is_empty() {
            name.push('_');
        }
        name.push(c.to_ascii_lowercase());
    }
    name
}

/// How a config key name is shown to the user.
fn display_key_name(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "up" => "↑".into(),
        "down" => "↓".into(),
        "left" => "←".into(),
        "right" => "→".into(),
        "enter" => "Enter".into(),
        "esc" => "Esc".into(),
        "space" => "Space".into(),
        "tab" => "Tab".into(),
        "backspace" => "Bksp".into(),
        "backtab" => "Shift-Tab".into(),
        "delete" => "Del".into(),
        "home" => "Home".into(),
        "end" => "End".into(),
        "pageup" => "PgUp".into(),
        "pagedown" => "PgDn".into(),
        "f1" => "F1".into(),
        // "Ctrl-Y", never "^Y": the monochrome theme draws ↑ as "^", and "^v" (the arrows)
        // must not read as Ctrl-V.
        other if other.starts_with("ctrl-") => {
            format!("Ctrl-{}", &name[5..].to_ascii_uppercase())
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn a_ctrl_key_is_named_in_full_never_with_a_caret() {
        // The monochrome theme draws the arrows ↑↓ as "^v": a caret must mean an arrow.
        assert_eq!(display_key_name("ctrl-y"), "Ctrl-Y");
        assert_eq!(display_key_name("up"), "↑");
    }

    #[test]
    fn a_key_bound_to_two_actions_is_refused() {
        let (hint, help) = (keys(&["?"]), keys(&["?", "f1"]));
        let err = Keymap::new([
            (Action::Help, help.as_slice()),
            (Action::Hint, hint.as_slice()),
        ])
        .expect_err("a clash");
        assert_eq!(
            err.to_string(),
            "the key \"?\" is bound to both help and hint"
        );
        // The config names the clash by its actions, whatever the key.
        let KeymapError::Conflict { first, second, .. } = err else {
            panic!("not a clash: {err:?}");
        };
        assert_eq!((first, second), (Action::Help, Action::Hint));
    }

    #[test]
    fn help_placeholders_name_the_keys_bound_now() {
        let (undo, next) = (keys(&["z"]), keys(&["tab"]));
        let map = Keymap::new([
            (Action::Undo, undo.as_slice()),
            (Action::NextField, next.as_slice()),
        ])
        .expect("valid");
        assert_eq!(
            map.expand("{undo} undoes, {next_field} moves on, {nothing} and { stay"),
            "z undoes, Tab moves on, {nothing} and { stay"
        );
    }

    #[test]
    fn paired_hints_run_the_first_keys_together() {
        let (left, right) = (keys(&["left", "h"]), keys(&["right"]));
        let map = Keymap::new([
            (Action::Left, left.as_slice()),
            (Action::Right, right.as_slice()),
        ])
        .expect("valid");
        assert_eq!(map.key_names(&[Action::Left, Action::Right]), "←→");
        assert_eq!(
            map.key_names(&[Action::Undo]),
            "?",
            "unbound shows a question mark"
        );
        let (tab, down) = (keys(&["tab"]), keys(&["down"]));
        let map = Keymap::new([
            (Action::NextField, tab.as_slice()),
            (Action::Down, down.as_slice()),
        ])
        .expect("valid");
        assert_eq!(map.key_names(&[Action::NextField, Action::Down]), "Tab/↓");
    }

    #[test]
    fn bound_keys_translate_to_actions_and_text() {
        let undo = keys(&["u", "ctrl-u"]);
        let map = Keymap::new([(Action::Undo, undo.as_slice())]).expect("valid");
        let u = map.translate(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::NONE));
        assert_eq!(u.action, Some(Action::Undo));
        assert_eq!(u.text, Some('u'));
        let ctrl_u = map.translate(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        assert_eq!(ctrl_u.action, Some(Action::Undo));
        assert_eq!(ctrl_u.text, None);
        let x = map.translate(&KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
        assert_eq!(x.action, None);
        assert_eq!(map.key_name(Action::Undo), "u");
    }

    #[test]
    fn unknown_key_names_are_errors() {
        let bad = keys(&["hyper-q"]);
        assert_eq!(
            Keymap::new([(Action::Undo, bad.as_slice())]).map(|_| ()),
            Err(KeymapError::UnknownKey("hyper-q".into()))
        );
        let escape = keys(&["\u{1b}[2J"]);
        match Keymap::new([(Action::Undo, escape.as_slice())]) {
            Err(KeymapError::UnknownKey(name)) => assert!(!name.contains('\u{1b}'), "{name:?}"),
            other => panic!("{other:?}"),
        }
    }
}
