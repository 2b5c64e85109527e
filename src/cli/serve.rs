//! `parlor serve [--listen ADDR:PORT] [--authorized-keys FILE] [--max-sessions N]
//! [--host-key FILE]`: the arcade over SSH (see [`crate::serve`]).

use std::io::Write;
use std::path::PathBuf;

use clap::{Arg, ArgMatches, Command, value_parser};

use super::{FAILURE, USAGE, report};
use crate::games::registry::Registry;

/// `parlor serve`: its options (the data directory is the global `--data-dir`).
pub fn command() -> Command {
    Command::new("serve")
        .about("Serve the arcade over SSH: each player connects with ssh and their own key")
        .after_help(
            "Players connect with: ssh -t -p 2222 HOST. Each key is one player, with their own \
             saves, records and settings in players/ under the data directory. Password and \
             keyboard-interactive logins are refused; so are commands and forwarding.",
        )
        .arg(
            Arg::new("listen")
                .long("listen")
                .value_name("ADDR:PORT")
                .value_parser(value_parser!(std::net::SocketAddr))
                .default_value(crate::serve::DEFAULT_LISTEN)
                .help("The address and port to listen on"),
        )
        .arg(
            Arg::new("authorized-keys")
                .long("authorized-keys")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help("Let in only the keys this OpenSSH authorized_keys file lists"),
        )
        .arg(
            Arg::new("max-sessions")
                .long("max-sessions")
                .value_name("N")
                .value_parser(value_parser!(u16).range(1..))
                .default_value("200")
                .help("The most players connected at once"),
        )
        .arg(
            Arg::new("host-key")
                .long("host-key")
                .value_name("FILE")
                .value_parser(value_parser!(PathBuf))
                .help(
                    "The server's private key (made on first start) [default: DATA-DIR/host_key]",
                ),
        )
}

/// Runs `parlor serve` until Ctrl-C or SIGTERM; says where it listens on stdout.
pub fn run(games: Registry, sub: &ArgMatches, data_dir: PathBuf) -> u8 {
    let Some(&listen) = sub.get_one::<std::net::SocketAddr>("listen") else {
        return USAGE;
    };
    let options = crate::serve::ServeOptions {
        listen,
        data_dir,
        authorized_keys: sub.get_one::<PathBuf>("authorized-keys").cloned(),
        max_sessions: sub
            .get_one::<u16>("max-sessions")
            .map_or(crate::serve::DEFAULT_MAX_SESSIONS, |n| usize::from(*n)),
        host_key: sub.get_one::<PathBuf>("host-key").cloned(),
        games,
    };
    let ready = |address: std::net::SocketAddr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "parlor: serving the arcade on {address}; players connect with: ssh -t -p {} {}",
            address.port(),
            address.ip()
        );
        let _ = out.flush();
    };
    match crate::serve::run(&options, ready) {
        Ok(()) => 0,
        Err(err) => {
            log::error!("serve: {err}");
            report(&format!("parlor serve: {err}"));
            FAILURE
        }
    }
}
