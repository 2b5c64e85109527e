//! `cargo fuzz run slide_level`: the SlideLevel loader on arbitrary bytes.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    parlor_fuzz::run(parlor::testing::untrusted::Loader::SlideLevel, data);
});
