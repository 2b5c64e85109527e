//! A game's parameters as a table keeps them: a short TOML text both players' screens read
//! back, so both play the same variant whatever their own settings say.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The parameters as text (`None` when they do not serialize, which a game's parameters,
/// written to every save, always do).
#[must_use]
pub fn write<P: Serialize>(params: &P) -> Option<String> {
    let mut table = toml::Table::new();
    table.insert("params".into(), toml::Value::try_from(params).ok()?);
    toml::to_string(&table).ok()
}

/// The parameters back from [`write`]'s text; `None` for an empty or unreadable text (the
/// game's defaults are used then).
#[must_use]
pub fn read<P: DeserializeOwned>(text: &str) -> Option<P> {
    let mut table: toml::Table = text.parse().ok()?;
    table.remove("params")?.try_into().ok()
}

#[cfg(test)]
mod tests {
    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Params {
        columns: u8,
        rows: u8,
    }

    #[test]
    fn parameters_read_back_and_an_empty_text_is_none() {
        let params = Params {
            columns: 7,
            rows: 6,
        };
        let text = super::write(&params).expect("serializable");
        assert_eq!(super::read::<Params>(&text), Some(params));
        assert_eq!(super::read::<Params>(""), None);
    }
}
