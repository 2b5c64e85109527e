//! Tag pairs, `[Name "value"]`: the head of a PDN game and of a game in Parlor's notation
//! (docs/NOTATION.md), read and written in one place with PGN's escapes (`\"`, `\\`).

use super::error::{ErrorKind, Place, RecordError};

/// The longest tag value kept, in characters (names, events; a Slide board is 109).
pub const MAX_VALUE_CHARS: usize = 200;

/// One tag pair as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name as written.
    pub name: String,
    /// The value, escapes undone, control characters removed.
    pub value: String,
    /// Where the tag starts (the `[`), for errors about its value.
    pub at: Place,
}

/// Reads the tag pair that starts at byte `start` of `text` (a `[`); returns it and the offset
/// just after its `]`. Liberal as readers should be: a value without quotes runs to the `]`.
///
/// # Errors
/// [`RecordError`] for a tag without a name or without its closing `]` or quote.
pub fn read_tag(text: &str, start: usize) -> Result<(Tag, usize), RecordError> {
    let at = Place::in_text(text, start);
    let rest = &text[start..];
    let body = rest
        .strip_prefix('[')
        .ok_or_else(|| RecordError::expected(at, "a tag like [Event \"…\"]", first_word(rest)))?;
    let name_len = body
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(body.len());
    if name_len == 0 {
        return Err(RecordError::expected(
            Place::in_text(text, start + 1),
            "a tag name",
            first_word(body),
        ));
    }
    let name = body[..name_len].to_string();
    let mut pos = start + 1 + name_len;
    pos += leading_space(&text[pos..]);
    let (value, after) = if text[pos..].starts_with('"') {
        quoted(text, pos)?
    } else {
        let close = text[pos..]
            .find([']', '\n'])
            .filter(|&i| text[pos + i..].starts_with(']'))
            .ok_or_else(|| RecordError::at(at, ErrorKind::Unterminated("a tag")))?;
        (text[pos..pos + close].trim().to_string(), pos + close)
    };
    pos = after + leading_space(&text[after..]);
    if !text[pos..].starts_with(']') {
        return Err(RecordError::expected(
            Place::in_text(text, pos),
            "] to close the tag",
            first_word(&text[pos..]),
        ));
    }
    let value = crate::core::text::clip(&crate::core::text::sanitize(&value), MAX_VALUE_CHARS);
    Ok((Tag { name, value, at }, pos + 1))
}

/// The quoted string at `start` (a `"`) with its escapes undone, and the offset after it.
fn quoted(text: &str, start: usize) -> Result<(String, usize), RecordError> {
    let mut value = String::new();
    let mut chars = text[start + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((value, start + 1 + i + 1)),
            '\\' => match chars.next() {
                Some((_, escaped)) => value.push(escaped),
                None => break,
            },
            '\n' => break,
            c => value.push(c),
        }
    }
    Err(RecordError::at(
        Place::in_text(text, start),
        ErrorKind::Unterminated("a quoted tag value"),
    ))
}

/// How many bytes of spaces and tabs `text` starts with.
fn leading_space(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

/// The first word of `text`, for saying what was found instead.
#[must_use]
pub fn first_word(text: &str) -> &str {
    let text = text.trim_start();
    let end = text
        .find(char::is_whitespace)
        .unwrap_or(text.len())
        .min(text.char_indices().nth(24).map_or(text.len(), |(i, _)| i));
    &text[..end]
}

/// A tag pair as a line: `[Name "value"]`, the value escaped and stripped of control
/// characters (so no written file can smuggle a line break into a tag).
#[must_use]
pub fn write_tag(name: &str, value: &str) -> String {
    let mut out = format!("[{name} \"");
    for c in value.chars().filter(|c| !c.is_control()) {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
    out
}

/// The value of the first tag called `name` (ignoring case).
#[must_use]
pub fn value<'a>(tags: &'a [Tag], name: &str) -> Option<&'a str> {
    find(tags, name).map(|tag| tag.value.as_str())
}

/// The first tag called `name` (ignoring case).
#[must_use]
pub fn find<'a>(tags: &'a [Tag], name: &str) -> Option<&'a Tag> {
    tags.iter().find(|tag| tag.name.eq_ignore_ascii_case(name))
}

/// The value of tag `name` when it says something: absent, empty and `?` (PGN's unknown) are
/// all nothing.
#[must_use]
pub fn known<'a>(tags: &'a [Tag], name: &str) -> Option<&'a str> {
    value(tags, name).filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '-'))
}

/// A tag whose value the game refuses, with the game's reason.
#[must_use]
pub fn bad_value(tag: &Tag, source: impl std::error::Error + Send + Sync + 'static) -> RecordError {
    RecordError::at(
        tag.at,
        ErrorKind::Tag {
            tag: tag.name.clone(),
            source: Box::new(source),
        },
    )
}

/// A tag value that should be a whole number and is not.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a whole number in range")]
pub struct NumberError(String);

/// The whole number in tag `name`, if the tag is there.
///
/// # Errors
/// [`RecordError`] naming the tag when its value is not a number of type `T`.
pub fn number<T: std::str::FromStr>(found: &[Tag], name: &str) -> Result<Option<T>, RecordError> {
    find(found, name)
        .map(|tag| {
            tag.value
                .trim()
                .parse()
                .map_err(|_| bad_value(tag, NumberError(super::error::quote(&tag.value))))
        })
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn tags_read_with_escapes_and_spacing() {
        let text = "[Event  \"A \\\"quoted\\\" name\" ]\n[FEN B:W18:B12]";
        let (tag, after) = read_tag(text, 0).expect("a tag");
        assert_eq!(tag.name, "Event");
        assert_eq!(tag.value, "A \"quoted\" name");
        assert_eq!(&text[after..=after], "\n");
        let (tag, _) = read_tag(text, after + 1).expect("an unquoted tag");
        assert_eq!(
            (tag.name.as_str(), tag.value.as_str()),
            ("FEN", "B:W18:B12")
        );
        assert_eq!(tag.at, Place::Text { line: 2, column: 1 });
    }

    #[test]
    fn broken_tags_say_where() {
        let err = read_tag("[Event \"never closed\n", 0).expect_err("open quote");
        assert!(err.to_string().starts_with("line 1, column 8:"), "{err}");
        assert!(read_tag("[ \"x\"]", 0).is_err());
        assert!(read_tag("[Event \"x\" trailing]", 0).is_err());
        assert!(read_tag("[Event x", 0).is_err());
    }

    proptest! {
        #[test]
        fn written_tags_read_back(name in "[A-Za-z][A-Za-z0-9_]{0,12}", value in "\\PC{0,60}") {
            let line = write_tag(&name, &value);
            let (tag, after) = read_tag(&line, 0).expect("own tags read");
            prop_assert_eq!(tag.name, name);
            prop_assert_eq!(tag.value, crate::core::text::sanitize(&value));
            prop_assert_eq!(&line[after..], "\n");
        }
    }
}
