//! What every fuzz target does: run one loader on the fuzzer's bytes and crash (so the fuzzer
//! records the input) when the contract of `parlor::testing::untrusted` is broken.

use parlor::app::App;
use parlor::config::Config;
use parlor::testing::untrusted::{Loader, check};

/// Runs `loader` on `data`; panics with the broken promise.
pub fn run(loader: Loader, data: &[u8]) {
    thread_local! {
        // A data directory that does not exist: nothing to scan, nothing written.
        static APP: App = App::new(
            Config::defaults(),
            parlor::ui::palette::ColorEnv::no_color(),
            std::path::Path::new("/nonexistent/parlor-fuzz"),
            None,
        );
    }
    APP.with(|app| {
        if let Err(problem) = check(loader, data, app.ctx()) {
            panic!("{loader:?}: {problem}");
        }
    });
}
