//! Every integration test, as modules of one test binary: one link of the library and its
//! dependencies instead of one per file (about 65 of them took most of CI's test build).
//! Each file keeps its own concern; `cargo test --test all NAME::` runs one file's tests.

mod support;
mod tic_tac_toe;

mod analysis_cli;
mod analysis_screen;
mod board_colors;
mod checkers_endgame;
mod checkers_endgame_screen;
mod checkers_engine;
mod checkers_screen;
mod clean_streams;
mod cli;
mod config_hostile;
mod connect4_engine;
mod connect4_screen;
mod contrast;
mod coordinates;
mod daily;
mod daily_screen;
mod debug_log;
mod file_paths;
mod flows;
mod footer_clicks;
mod game_records;
mod hardening_cli;
mod hostile_files;
mod import_circles;
mod load_screen;
mod magic_square_cli;
mod magic_square_screen;
mod man_page;
mod monkey;
mod motion;
mod nine_almonds_cli;
mod nine_almonds_screen;
mod old_saves;
mod pentago_engine;
mod pentago_plain;
mod pentago_screen;
mod plain_dialects;
mod position_pack;
mod position_screen;
mod puzzle_ids;
mod records;
mod records_hostile;
mod registry;
mod reversi_cli;
mod reversi_engine;
mod reversi_ffo;
mod reversi_screen;
mod review_screen;
mod save_failures;
mod save_identity;
mod save_kill_loop;
mod screen_sizes;
mod self_contained;
mod serve_ssh;
mod settings;
mod slide_screen;
mod test_helpers_stay_out;
mod tmux_colors;
mod tmux_reliability;
mod tmux_settings;
mod tmux_smoke;
mod toy_game;
mod two_arcades;
mod untrusted_files;
mod whole_text;
mod wide_text;

/// With `autotests = false` a file added to `tests/` without its `mod` line above would never
/// run, and nothing would say so: this fails for such a file instead.
#[test]
fn every_file_in_the_tests_folder_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let declared = std::fs::read_to_string(dir.join("all.rs")).expect("tests/all.rs reads");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ lists") {
        let path = entry.expect("a tests/ entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned();
        let is_module =
            path.extension().is_some_and(|e| e == "rs") || path.join("mod.rs").is_file();
        if is_module && name != "all" && !declared.lines().any(|l| l == format!("mod {name};")) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "add `mod NAME;` to tests/all.rs for: {missing:?}"
    );
}
