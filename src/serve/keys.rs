//! The server's keys: its own host key (made on first start and kept, readable by its owner
//! only) and the players' keys that `--authorized-keys` lets in.

use std::io::Write;
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::ssh_key::{self, LineEnding};
use russh::keys::{PrivateKey, PublicKey};

/// Why the server cannot start with the keys it was given.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The host key file is there but is not a private key Parlor can use.
    #[error("the host key {path} cannot be used: {source}")]
    HostKey {
        /// The file.
        path: String,
        /// What the key parser said.
        source: ssh_key::Error,
    },
    /// The host key could not be made or written.
    #[error("cannot write the host key {path}: {source}")]
    WriteHostKey {
        /// The file.
        path: String,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The host key file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// The reader's reason.
        source: crate::save::reader::ReadError,
    },
    /// No randomness to make a key from.
    #[error("cannot make a host key: the system gave no random bytes ({0})")]
    Random(String),
    /// A line of the authorized keys file is not a public key.
    #[error("{path}, line {line}: not a public key ({source})")]
    AuthorizedKey {
        /// The file.
        path: String,
        /// The line's number, from 1.
        line: usize,
        /// What the key parser said.
        source: ssh_key::Error,
    },
    /// The authorized keys file lists no key at all: nobody could get in.
    #[error("{0} lists no key: nobody could connect")]
    NoAuthorizedKey(String),
}

/// The biggest key file read (a private key is a few hundred bytes; an authorized keys file
/// of a few thousand players stays well under this).
const KEY_FILE_CAP: u64 = 4 * 1024 * 1024;

fn shown(path: &Path) -> String {
    crate::core::text::shown_path(path)
}

fn read_text(path: &Path) -> Result<String, KeyError> {
    crate::save::reader::read_text(path, KEY_FILE_CAP).map_err(|source| KeyError::Read {
        path: shown(path),
        source,
    })
}

/// The host key in `path`, made (Ed25519) and written with mode 0600 if the file is not there.
/// A file that is there but is not a key is an error, never replaced: it is the server's
/// identity, and clients would refuse a new one.
///
/// # Errors
/// [`KeyError`]: unreadable, not a key, or not writable.
pub fn host_key(path: &Path) -> Result<PrivateKey, KeyError> {
    if path.exists() {
        let text = read_text(path)?;
        return PrivateKey::from_openssh(text.as_bytes()).map_err(|source| KeyError::HostKey {
            path: shown(path),
            source,
        });
    }
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|err| KeyError::Random(err.to_string()))?;
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|source| KeyError::HostKey {
            path: shown(path),
            source,
        })?;
    write_private(path, text.as_bytes()).map_err(|source| KeyError::WriteHostKey {
        path: shown(path),
        source,
    })?;
    log::info!("serve: made a new host key in {}", shown(path));
    Ok(key)
}

/// Writes a new file readable and writable by its owner only (made so, not changed after).
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// The default place of the host key: `host_key` in the server's data directory.
#[must_use]
pub fn default_host_key(data_dir: &Path) -> PathBuf {
    data_dir.join("host_key")
}

/// The keys an OpenSSH `authorized_keys` file lists (options before a key are allowed and
/// ignored; blank lines and `#` comments are skipped).
///
/// # Errors
/// [`KeyError`]: unreadable, a line that is not a key, or no key at all.
pub fn authorized_keys(path: &Path) -> Result<Vec<PublicKey>, KeyError> {
    let text = read_text(path)?;
    let mut keys = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let entry = line
            .parse::<ssh_key::authorized_keys::Entry>()
            .map_err(|source| KeyError::AuthorizedKey {
                path: shown(path),
                line: number + 1,
                source,
            })?;
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(KeyError::NoAuthorizedKey(shown(path)));
    }
    Ok(keys)
}

/// A player's identity: the SHA-256 fingerprint of their key, as lowercase hex (the name of
/// their folder under the server's data directory: nothing in it comes from the client but
/// the key's bytes, hashed).
#[must_use]
pub fn player_id(key: &PublicKey) -> String {
    use std::fmt::Write as _;
    let fingerprint = key.fingerprint(ssh_key::HashAlg::Sha256);
    fingerprint
        .as_bytes()
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_key_is_made_once_kept_private_and_read_back_the_same() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = default_host_key(&dir.path().join("data"));
        let made = host_key(&path).expect("made");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("written")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let read = host_key(&path).expect("read back");
        assert_eq!(made.public_key(), read.public_key());
    }

    #[test]
    fn a_host_key_file_that_is_not_a_key_is_an_error_and_is_kept() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("host_key");
        std::fs::write(&path, "not a key").expect("written");
        assert!(matches!(host_key(&path), Err(KeyError::HostKey { .. })));
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "not a key");
    }

    #[test]
    fn authorized_keys_read_with_options_and_comments_and_refuse_nonsense() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let key = PrivateKey::from(Ed25519Keypair::from_seed(&[7; 32]));
        let line = key.public_key().to_openssh().expect("encoded");
        let path = dir.path().join("authorized_keys");
        std::fs::write(&path, format!("# players\n\nno-pty {line} ann@home\n")).expect("written");
        let keys = authorized_keys(&path).expect("read");
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0].key_data(), key.public_key().key_data());
        assert_eq!(player_id(&keys[0]).len(), 64);

        std::fs::write(&path, format!("{line}\nssh-ed25519 garbage\n")).expect("written");
        assert!(matches!(
            authorized_keys(&path),
            Err(KeyError::AuthorizedKey { line: 2, .. })
        ));
        std::fs::write(&path, "# nobody\n").expect("written");
        assert!(matches!(
            authorized_keys(&path),
            Err(KeyError::NoAuthorizedKey(_))
        ));
    }
}
