//! The test helpers (`parlor::testing`) are compiled only with the `testing` feature, which
//! only the dev-dependency of this package on itself turns on: a normal or release build of the
//! library and the binary leaves them out. Checked on the feature graph cargo resolves, both
//! ways, so the check would see the feature if a normal dependency ever turned it on.

#![cfg(feature = "tui")]

use std::process::Command;

/// `cargo tree` of the features `parlor` is built with, over the given kinds of edges.
fn parlor_features(edges: &str) -> String {
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--edges", edges, "--invert", "parlor"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_normal_build_has_no_testing_feature() {
    let normal = parlor_features("normal,build,features");
    assert!(normal.contains("parlor v"), "{normal}");
    assert!(!normal.contains("feature \"testing\""), "{normal}");
    // The same question with dev-dependencies counted does see it: the check can fail.
    let with_tests = parlor_features("normal,build,dev,features");
    assert!(with_tests.contains("feature \"testing\""), "{with_tests}");
}
