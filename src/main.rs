//! The `parlor` binary: parse the command line, run, exit with the code the run decided.

fn main() -> std::process::ExitCode {
    let code = parlor::cli::run_os(std::env::args_os().collect());
    log::info!(
        "parlor {} exits with code {code}",
        env!("CARGO_PKG_VERSION")
    );
    log::logger().flush();
    std::process::ExitCode::from(code)
}
