//! The user config the Settings screen writes is hostile-input proof (#23): whatever bytes the
//! file holds, writing a setting either succeeds with the setting in a file that is still TOML
//! (everything else kept), or fails with a sentence and leaves the file's bytes exactly as they
//! were; a file too big to be a config is refused; nothing beside it is touched.

use parlor::config::DEFAULT_CONFIG;
use parlor::config_edit::{MAX_CONFIG_BYTES, write_setting};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_mutated_config_is_edited_or_left_byte_for_byte(
        cuts in proptest::collection::vec((0usize..10_000, any::<u8>()), 1..6),
        truncate in proptest::option::of(0usize..10_000),
    ) {
        let mut bytes = DEFAULT_CONFIG.as_bytes().to_vec();
        for (at, byte) in cuts {
            let at = at % bytes.len();
            bytes[at] = byte;
        }
        if let Some(len) = truncate {
            bytes.truncate(len % (bytes.len() + 1));
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("config.toml");
        std::fs::write(&path, &bytes).expect("written");
        std::fs::write(dir.path().join("neighbour"), b"untouched").expect("written");
        let result = write_setting(&path, "ui", "theme", &toml::Value::String("light".into()));
        let after = std::fs::read(&path).expect("still there");
        match result {
            Ok(()) => {
                let text = String::from_utf8(after).expect("TOML is UTF-8");
                let doc: toml::Table = toml::from_str(&text).expect("still TOML");
                let theme = doc.get("ui").and_then(|ui| ui.get("theme")).and_then(|t| t.as_str());
                prop_assert_eq!(theme, Some("light"));
            }
            Err(err) => {
                let message = err.to_string();
                prop_assert!(!message.contains('\n'), "one line: {message}");
                prop_assert_eq!(after, bytes);
            }
        }
        prop_assert_eq!(std::fs::read(dir.path().join("neighbour")).expect("read"), b"untouched".to_vec());
    }
}

#[test]
fn a_file_too_big_to_be_a_config_is_left_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("config.toml");
    let huge = "# a comment\n".repeat(usize::try_from(MAX_CONFIG_BYTES).expect("fits") / 12 + 1);
    std::fs::write(&path, &huge).expect("written");
    let err =
        write_setting(&path, "ui", "mouse", &toml::Value::Boolean(false)).expect_err("refused");
    assert!(
        matches!(err, parlor::config_edit::ConfigWriteError::TooBig(_)),
        "{err:?}"
    );
    assert!(err.to_string().contains("too big"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), huge);
}

#[cfg(unix)]
#[test]
fn a_config_that_links_elsewhere_never_changes_the_file_it_points_to() {
    let outside = tempfile::tempdir().expect("tempdir");
    let target = outside.path().join("someone-elses.toml");
    std::fs::write(&target, "[ui]\ntheme = \"dark\"\n").expect("written");
    let dir = tempfile::tempdir().expect("tempdir");
    let link = dir.path().join("config.toml");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let _ = write_setting(&link, "ui", "theme", &toml::Value::String("light".into()));
    assert_eq!(
        std::fs::read_to_string(&target).expect("read"),
        "[ui]\ntheme = \"dark\"\n",
        "the file behind the link is not written through it"
    );
}
