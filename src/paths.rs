//! Where the user's files live: the platform's standard config and data directories, unless
//! `--config`, `--data-dir` or `PARLOR_DATA_DIR` say otherwise (tests always say otherwise, so
//! they never touch a real home directory).

use std::path::PathBuf;

use etcetera::BaseStrategy;

/// The environment variable that overrides the data directory.
pub const DATA_DIR_VAR: &str = "PARLOR_DATA_DIR";

/// The user's config file: `--config`, else `<config dir>/parlor/config.toml`, else none.
#[must_use]
pub fn config_file(flag: Option<PathBuf>) -> Option<PathBuf> {
    flag.or_else(|| {
        etcetera::choose_base_strategy()
            .ok()
            .map(|base| base.config_dir().join("parlor").join("config.toml"))
    })
}

/// The data directory: `--data-dir`, else `PARLOR_DATA_DIR`, else `<data dir>/parlor`, else a
/// `.parlor` folder in the current directory when the platform has no home directory.
#[must_use]
pub fn data_dir(flag: Option<PathBuf>) -> PathBuf {
    flag.or_else(|| {
        std::env::var_os(DATA_DIR_VAR)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
    .or_else(|| {
        etcetera::choose_base_strategy()
            .ok()
            .map(|base| base.data_dir().join("parlor"))
    })
    .unwrap_or_else(|| PathBuf::from(".parlor"))
}
