//! Input after the keymap: what a screen receives instead of raw terminal events.
//!
//! Screens never see key releases, repeats or Ctrl-C (the app handles those), and never see
//! key codes: a key arrives as the [`Action`] it is bound to plus the character it types, so a
//! text field can take a `q` that elsewhere means "leave".

use serde::Deserialize;

/// What a key means, independent of which key the user bound to it (config `[keys]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Cursor or selection up.
    Up,
    /// Cursor or selection down.
    Down,
    /// Cursor left.
    Left,
    /// Cursor right.
    Right,
    /// Choose, drop, place, press the focused button.
    Confirm,
    /// Cancel the current step, close a dialog, or leave a screen.
    Back,
    /// Leave the game or the program (asks first when a game would be lost).
    Quit,
    /// Take back the last move.
    Undo,
    /// Play the last undone move again.
    Redo,
    /// Open the help overlay.
    Help,
    /// Save the game.
    Save,
    /// Show the engine's or solver's suggested move.
    Hint,
    /// Let the solver play the rest.
    Solve,
    /// Delete the selected item (load screen).
    Delete,
    /// Next field or button.
    NextField,
    /// Previous field or button.
    PrevField,
    /// Previous item in a cycle (Magic Square tray, Pentago rotate left).
    PrevItem,
    /// Next item in a cycle (Magic Square tray, Pentago rotate right).
    NextItem,
    /// Erase the character before the cursor in a text field.
    Backspace,
    /// Jump to the first item.
    Home,
    /// Jump to the last item.
    End,
    /// Scroll a page up.
    PageUp,
    /// Scroll a page down.
    PageDown,
    /// Start the level again (undoable).
    Restart,
    /// End a chain of jumps (Nine Almonds).
    EndTurn,
    /// Toggle the display of legal moves.
    ToggleMarks,
    /// After a game: a new one with the same players (or a puzzle's next level).
    NewGame,
    /// Show or hide the analysis strip: the value of every legal move.
    Analysis,
}

impl Action {
    /// Every action, in the order the shipped config lists them (the key bindings page).
    pub const ALL: [Self; 28] = [
        Self::Up,
        Self::Down,
        Self::Left,
        Self::Right,
        Self::Confirm,
        Self::Back,
        Self::Quit,
        Self::Undo,
        Self::Redo,
        Self::Help,
        Self::Save,
        Self::Hint,
        Self::Solve,
        Self::Delete,
        Self::NextField,
        Self::PrevField,
        Self::PrevItem,
        Self::NextItem,
        Self::Backspace,
        Self::Home,
        Self::End,
        Self::PageUp,
        Self::PageDown,
        Self::Restart,
        Self::EndTurn,
        Self::ToggleMarks,
        Self::NewGame,
        Self::Analysis,
    ];

    /// What the action does, in a few words for the key bindings page.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::Up => "cursor or selection up",
            Self::Down => "cursor or selection down",
            Self::Left => "cursor left",
            Self::Right => "cursor right",
            Self::Confirm => "choose, place, drop, press",
            Self::Back => "step back, close, leave a screen",
            Self::Quit => "leave the game or Parlor",
            Self::Undo => "take back a move",
            Self::Redo => "play an undone move again",
            Self::Help => "help",
            Self::Save => "save the game",
            Self::Hint => "suggest a move",
            Self::Solve => "let the solver finish a puzzle",
            Self::Delete => "delete a save",
            Self::NextField => "next field or button",
            Self::PrevField => "previous field or button",
            Self::PrevItem => "previous item (tray, turn left)",
            Self::NextItem => "next item (tray, turn right)",
            Self::Backspace => "erase a character",
            Self::Home => "first item",
            Self::End => "last item",
            Self::PageUp => "page up, history back",
            Self::PageDown => "page down",
            Self::Restart => "restart or rematch",
            Self::EndTurn => "end a chain of jumps",
            Self::ToggleMarks => "show or hide legal moves",
            Self::NewGame => "new game after a game ends",
            Self::Analysis => "show or hide what each move is worth",
        }
    }
}

/// A key press after the keymap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyInput {
    /// The action bound to the key, if any.
    pub action: Option<Action>,
    /// The printable character the key types, if any (without Ctrl/Alt).
    pub text: Option<char>,
}

/// Which mouse gesture happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MouseKind {
    /// The left button was pressed.
    Click,
    /// The right button was pressed (cancels a selection on boards).
    RightClick,
    /// The pointer moved with no button held.
    Hover,
    /// One wheel notch up.
    ScrollUp,
    /// One wheel notch down.
    ScrollDown,
}

/// A mouse event at a terminal cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MouseInput {
    /// The gesture.
    pub kind: MouseKind,
    /// Column of the cell, 0 at the left.
    pub column: u16,
    /// Row of the cell, 0 at the top.
    pub row: u16,
}

impl MouseInput {
    /// The cell as a ratatui position, for `Rect::contains`.
    #[must_use]
    pub const fn position(&self) -> ratatui::layout::Position {
        ratatui::layout::Position {
            x: self.column,
            y: self.row,
        }
    }
}

/// One input event as screens see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A key press.
    Key(KeyInput),
    /// A mouse event.
    Mouse(MouseInput),
}

impl Event {
    /// The action of a key event, if any.
    #[must_use]
    pub const fn action(&self) -> Option<Action> {
        match self {
            Self::Key(key) => key.action,
            Self::Mouse(_) => None,
        }
    }

    /// The character a key event types, if any.
    #[must_use]
    pub const fn text(&self) -> Option<char> {
        match self {
            Self::Key(key) => key.text,
            Self::Mouse(_) => None,
        }
    }

    /// The mouse part of the event, if it is one.
    #[must_use]
    pub const fn mouse(&self) -> Option<MouseInput> {
        match self {
            Self::Key(_) => None,
            Self::Mouse(mouse) => Some(*mouse),
        }
    }

    /// A key event for an action, as a test or a scripted demo would press it.
    #[must_use]
    pub const fn action_key(action: Action) -> Self {
        Self::Key(KeyInput {
            action: Some(action),
            text: None,
        })
    }
}
