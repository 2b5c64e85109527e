//! Per-game records kept between sessions (Slide's best result per level), in `stats.toml`
//! under the data directory.

use std::collections::BTreeMap;
use std::path::Path;

/// Records per game: game id → key (a level) → best value (lowest wins).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    #[serde(flatten)]
    games: BTreeMap<String, BTreeMap<String, i64>>,
}

impl Stats {
    /// The file's name inside the data directory.
    pub const FILE: &'static str = "stats.toml";

    /// Reads the stats; a missing or unreadable file counts as no records (a broken stats file
    /// must not keep anyone from playing).
    #[must_use]
    pub fn load(data_dir: &Path) -> Self {
        super::store::read_own_file(&data_dir.join(Self::FILE), super::format::MAX_SAVE_BYTES)
            .ok()
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the stats atomically.
    ///
    /// # Errors
    /// Why the file could not be written.
    pub fn store(&self, data_dir: &Path) -> Result<(), super::store::StoreError> {
        let text = toml::to_string(self).map_err(super::store::StoreError::Encode)?;
        super::store::write_atomic(&data_dir.join(Self::FILE), &text)
    }

    /// Keeps `value` as the best of `key` in the stats file as it is on disk now (re-read
    /// under the data directory's lock, so two Parlors improving records at once both keep
    /// theirs). Returns the stats as written, and whether the value beat the record.
    ///
    /// # Errors
    /// Why the file could not be written.
    pub fn record_on_disk(
        data_dir: &Path,
        game: &str,
        key: &str,
        value: i64,
    ) -> Result<(Self, bool), super::store::StoreError> {
        let _lock = super::lock::DirLock::acquire(data_dir)?;
        let mut stats = Self::load(data_dir);
        let better = stats.record(game, key, value);
        if better {
            stats.store(data_dir)?;
        }
        Ok((stats, better))
    }

    /// The record for a key, if any.
    #[must_use]
    pub fn best(&self, game: &str, key: &str) -> Option<i64> {
        self.games.get(game)?.get(key).copied()
    }

    /// Every record as (game, key, best), for the records file to take over.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &str, i64)> {
        self.games.iter().flat_map(|(game, keys)| {
            keys.iter()
                .map(move |(key, best)| (game.as_str(), key.as_str(), *best))
        })
    }

    /// Keeps `value` if it beats (is lower than) the record. Returns whether it did.
    pub fn record(&mut self, game: &str, key: &str, value: i64) -> bool {
        let slot = self.games.entry(game.to_string()).or_default();
        match slot.get(key) {
            Some(&best) if best <= value => false,
            _ => {
                slot.insert(key.to_string(), value);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_keep_the_lowest_and_persist() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut stats = Stats::load(dir.path());
        assert_eq!(stats.best("slide", "01"), None);
        assert!(stats.record("slide", "01", 12));
        assert!(!stats.record("slide", "01", 15));
        assert!(stats.record("slide", "01", 9));
        stats.store(dir.path()).expect("stored");
        assert_eq!(Stats::load(dir.path()).best("slide", "01"), Some(9));
    }
}
