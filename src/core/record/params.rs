//! A game's parameters as one tag of Parlor's notation when the game names none of its own:
//! `[Params "{ size = 3, min = 1 }"]`, the parameters as an inline TOML table (the form they
//! take in saves), left out when there are none. Every game gets this for free; games whose
//! parameters people read (Magic Square's size, Slide's level) write tags of their own.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::error::{ErrorKind, RecordError};
use super::tags::{self, Tag};

/// The tag the parameters are written in.
pub const PARAMS_TAG: &str = "Params";

/// Why the `Params` tag does not give parameters.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ParamsError(String);

/// The parameters as tags: none when they serialize to nothing, else one [`PARAMS_TAG`].
#[must_use]
pub fn generic_tags<P: Serialize>(params: &P) -> Vec<(&'static str, String)> {
    match toml::Value::try_from(params) {
        Ok(toml::Value::Table(table)) if table.is_empty() => Vec::new(),
        Ok(value) => vec![(PARAMS_TAG, value.to_string())],
        // A game's parameters always serialize (saves write them the same way).
        Err(_) => Vec::new(),
    }
}

/// The parameters from the [`PARAMS_TAG`] tag, or from nothing when there is none (a game
/// without parameters, or whose parameters all have defaults).
///
/// # Errors
/// [`RecordError`] naming the tag when its value is not the game's parameters.
pub fn generic_params<P: DeserializeOwned>(found: &[Tag]) -> Result<P, RecordError> {
    #[derive(serde::Deserialize)]
    struct Wrapper<P> {
        params: P,
    }
    let Some(tag) = tags::find(found, PARAMS_TAG) else {
        return toml::from_str::<P>("").map_err(|err| {
            RecordError::file(ErrorKind::Tag {
                tag: PARAMS_TAG.into(),
                source: Box::new(ParamsError(format!(
                    "missing, and the game needs parameters ({})",
                    err.message()
                ))),
            })
        });
    };
    toml::from_str::<Wrapper<P>>(&format!("params = {}", tag.value))
        .map(|wrapper| wrapper.params)
        .map_err(|err| tags::bad_value(tag, ParamsError(err.message().to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::error::Place;

    #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
    struct Sized {
        size: u8,
        rows: Vec<String>,
    }

    #[derive(Debug, PartialEq, Serialize, serde::Deserialize)]
    struct Nothing {}

    fn tag(value: &str) -> Tag {
        Tag {
            name: PARAMS_TAG.into(),
            value: value.into(),
            at: Place::Text { line: 2, column: 1 },
        }
    }

    #[test]
    fn parameters_round_trip_through_one_tag() {
        let params = Sized {
            size: 4,
            rows: vec!["a\"b".into()],
        };
        let written = generic_tags(&params);
        assert_eq!(written.len(), 1);
        let back: Sized = generic_params(&[tag(&written[0].1)]).expect("own tag reads");
        assert_eq!(back, params);
        assert!(generic_tags(&Nothing {}).is_empty());
        assert_eq!(
            generic_params::<Nothing>(&[]).expect("none needed"),
            Nothing {}
        );
    }

    #[test]
    fn a_bad_tag_names_itself_and_its_line() {
        let err = generic_params::<Sized>(&[tag("{ size = \"big\" }")]).expect_err("bad");
        assert!(
            err.to_string()
                .starts_with("line 2, column 1: the Params tag:"),
            "{err}"
        );
        assert!(generic_params::<Sized>(&[]).is_err());
    }
}
