//! `cargo fuzz run connect4_game_file`: the Connect4GameFile loader on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    parlor_fuzz::run(parlor::testing::untrusted::Loader::Connect4GameFile, data);
});
