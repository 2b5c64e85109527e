//! The `parlor` binary: parse the command line, run, exit with the code the run decided.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(parlor::cli::run(std::env::args().collect()))
}
