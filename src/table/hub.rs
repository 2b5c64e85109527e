//! The tables of one server, shared by every session: the [`Tables`] behind one lock, and
//! who to wake when a table changes. A session's screens never poll the tables: a change
//! made through [`TableHub::change`] wakes every session following that table (through its
//! own event source: the server's waker sends the session a wake-up among its input), and
//! the woken app reads the table once.
//!
//! No terminal and no network here (the waker is whatever the server hands in), so the hub
//! is built and tested without the `serve` feature.

use std::sync::{Arc, Mutex, PoisonError};

use super::{TableCode, Tables};

/// Wakes one session (the server's: a wake-up sent down the session's input).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// A session following a table.
struct Follower {
    table: TableCode,
    session: u64,
    wake: Waker,
}

/// Every table of a server, and who follows which.
#[derive(Default)]
pub struct TableHub {
    tables: Mutex<Tables>,
    followers: Mutex<Vec<Follower>>,
}

impl std::fmt::Debug for TableHub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableHub")
            .field("tables", &self.tables)
            .finish_non_exhaustive()
    }
}

impl TableHub {
    /// A hub over `tables`.
    #[must_use]
    pub fn new(tables: Tables) -> Self {
        Self {
            tables: Mutex::new(tables),
            followers: Mutex::new(Vec::new()),
        }
    }

    /// Reads the tables (a listing, a table's moves) without changing them: nobody is woken.
    pub fn read<R>(&self, look: impl FnOnce(&Tables) -> R) -> R {
        look(&self.tables.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Changes the tables, then wakes every session following a table whose version moved
    /// (the one changed, or several when `expire` ends some). The lock is released before
    /// anyone is woken, so a woken session may read at once.
    pub fn change<R>(&self, act: impl FnOnce(&mut Tables) -> R) -> R {
        let (result, moved) = {
            let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
            let before = tables.versions();
            let result = act(&mut tables);
            let after = tables.versions();
            let moved: Vec<TableCode> = after
                .iter()
                .filter(|(code, version)| before.get(code) != Some(version))
                .map(|(code, _)| *code)
                .chain(before.keys().filter(|c| !after.contains_key(c)).copied())
                .collect();
            (result, moved)
        };
        let wakers: Vec<Waker> = self
            .followers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter(|f| moved.contains(&f.table))
            .map(|f| Arc::clone(&f.wake))
            .collect();
        for wake in wakers {
            wake();
        }
        result
    }

    /// Session `session` follows table `table` from now on (and no other: a session is at one
    /// table at a time).
    pub fn follow(&self, session: u64, table: TableCode, wake: Waker) {
        let mut followers = self
            .followers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        followers.retain(|f| f.session != session);
        followers.push(Follower {
            table,
            session,
            wake,
        });
    }

    /// Session `session` follows no table any more (it left, or its connection ended).
    pub fn unfollow(&self, session: u64) {
        self.followers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|f| f.session != session);
    }
}

/// One session's way to the tables: the hub, who the session is, and how to wake it. The
/// server hands one to each served arcade; a local arcade has none (no tables there).
#[derive(Clone)]
pub struct TableLink {
    /// The server's tables.
    pub hub: Arc<TableHub>,
    /// The session's number (what it follows a table as).
    pub session: u64,
    /// The player's id (their key's fingerprint): their seat is kept by it.
    pub player: String,
    /// Wakes this session when its table changes.
    pub wake: Waker,
}

impl std::fmt::Debug for TableLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableLink")
            .field("session", &self.session)
            .field("player", &self.player)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::table::Sitter;

    fn counter() -> (Arc<AtomicUsize>, Waker) {
        let count = Arc::new(AtomicUsize::new(0));
        let seen = Arc::clone(&count);
        (
            count,
            Arc::new(move || {
                seen.fetch_add(1, Ordering::SeqCst);
            }),
        )
    }

    fn sitter(player: &str) -> Sitter {
        Sitter {
            player: player.to_string(),
            name: player.to_string(),
        }
    }

    #[test]
    fn a_change_wakes_the_followers_of_that_table_only() {
        let hub = TableHub::default();
        let first = hub
            .change(|t| t.open("connect4", "", sitter("ann"), 1))
            .expect("ann sits nowhere");
        let second = hub
            .change(|t| t.open("reversi", "", sitter("cy"), 2))
            .expect("cy sits nowhere");
        let (at_first, wake_first) = counter();
        let (at_second, wake_second) = counter();
        hub.follow(1, first, wake_first);
        hub.follow(2, second, wake_second);
        hub.change(|t| t.join(first, sitter("bob")))
            .expect("a free seat");
        assert_eq!(at_first.load(Ordering::SeqCst), 1);
        assert_eq!(at_second.load(Ordering::SeqCst), 0);
        // A refused move changes nothing: nobody is woken.
        let refused = hub.change(|t| t.play(first, "cy", 0, "4"));
        assert!(refused.is_err());
        assert_eq!(at_first.load(Ordering::SeqCst), 1);
        // Reading wakes nobody; after unfollowing, changes do not either.
        assert_eq!(hub.read(|t| t.listings().len()), 2);
        hub.unfollow(1);
        hub.change(|t| t.play(first, "ann", 0, "4"))
            .expect("ann's turn");
        assert_eq!(at_first.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn a_table_that_closes_wakes_its_followers() {
        let hub = TableHub::default();
        let code = hub
            .change(|t| t.open("connect4", "", sitter("ann"), 1))
            .expect("ann sits nowhere");
        let (woken, wake) = counter();
        hub.follow(9, code, wake);
        hub.change(|t| t.disconnect(code, "ann", false, std::time::Instant::now()));
        assert!(hub.read(|t| t.get(code).is_none()), "the host left: closed");
        assert_eq!(woken.load(Ordering::SeqCst), 1);
    }
}
