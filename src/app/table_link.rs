//! A served arcade at a table (issue 39): the app performs the screens' table effects on the
//! server's [`TableHub`](crate::table::hub::TableHub) and, when the session is woken because
//! its table changed, reads the table once into [`Ctx::table`](crate::screen::Ctx) for the
//! screens to show. Screens never reach the hub themselves.

use std::hash::BuildHasher;

use super::App;
use crate::screen::{Effect, Reply};
use crate::table::command::ServedCommand;
use crate::table::{AtTable, Joined, Sitter, TableCode, TableError};

impl App {
    /// Performs a table effect; `None` when it went through (the table shows it), a
    /// [`Reply::Failed`] saying why not otherwise.
    pub(super) fn perform_table(&mut self, effect: TableEffect) -> Option<Reply> {
        let Some(link) = self.table_link.clone() else {
            return Some(Reply::Failed(
                "Tables are played on a Parlor server (parlor serve).".into(),
            ));
        };
        // The host's name as the new-game form has it, else the name of the visit.
        let typed = match &effect {
            TableEffect::Open { name, .. } => name.clone(),
            _ => None,
        };
        let sitter = Sitter {
            player: link.player.clone(),
            name: typed
                .or_else(|| self.ctx.guest.as_ref().and_then(|g| g.name.clone()))
                .unwrap_or_else(|| "a player".to_string()),
        };
        let here = self.ctx.table.as_ref().map(|at| at.table.code);
        let arrives = matches!(effect, TableEffect::Open { .. } | TableEffect::Join(_));
        let result = match effect {
            TableEffect::Open { game, params, .. } => {
                let draw = std::collections::hash_map::RandomState::new().hash_one((
                    link.session,
                    &link.player,
                    self.ctx.now,
                ));
                link.hub
                    .change(|tables| tables.open(&game, &params, sitter, draw))
                    .map(|code| {
                        log::info!("serve: {} opens table {code} ({game})", link.player);
                        (code, Some(crate::core::Seat::First))
                    })
            }
            TableEffect::Join(code) => {
                self.leave_table();
                link.hub
                    .change(|tables| tables.join(code, sitter))
                    .map(|joined| {
                        log::info!("serve: {} joins table {code}: {joined:?}", link.player);
                        let seat = match joined {
                            Joined::Seat(seat) => Some(seat),
                            Joined::Watching => None,
                        };
                        (code, seat)
                    })
            }
            TableEffect::Move { at, notation } => {
                let Some(code) = here else {
                    return Some(Reply::Failed("You sit at no table.".into()));
                };
                link.hub
                    .change(|tables| tables.play(code, &link.player, at, &notation))
                    .map(|_| (code, self.ctx.table.as_ref().and_then(|at| at.seat)))
            }
            TableEffect::Finished => {
                if let Some(code) = here {
                    link.hub.change(|tables| tables.finish(code));
                }
                return None;
            }
            TableEffect::Leave => {
                self.leave_table();
                return None;
            }
            TableEffect::GiveUp => {
                // The game screen that asked has gone, and with it this arcade from the
                // table (its seat kept): the seat is found by the player's key.
                self.leave_table();
                let now = self.clock.instant();
                link.hub.change(|tables| {
                    if let Some((code, _)) = tables.seated(&link.player) {
                        tables.give_up(code, &link.player, now);
                        log::info!("serve: {} gives up their seat at table {code}", link.player);
                    }
                });
                return None;
            }
        };
        match result {
            Ok((code, seat)) => {
                let wake = std::sync::Arc::clone(&link.wake);
                link.hub.follow(link.session, code, wake);
                self.show_table(code, seat);
                if arrives {
                    return self.open_table_screen();
                }
                None
            }
            Err(err) => Some(Reply::Failed(table_failure(&err))),
        }
    }

    /// Starts the arcade at a table, as a command after the host asked (`join CODE`,
    /// `GAME --table`). A first visit answers the name question first: the command waits
    /// for it. A table that cannot be reached is said in the status line over the menu.
    pub fn start_at_table(&mut self, command: &ServedCommand) {
        let effect = match command {
            ServedCommand::Tables => return,
            ServedCommand::Join(code) => Effect::JoinTable(*code),
            ServedCommand::Open(name) => match self.games.find(name) {
                Some(entry) if entry.two_player => Effect::OpenTable {
                    game: entry.id.to_string(),
                    params: String::new(),
                    name: None,
                },
                Some(entry) => {
                    self.ctx.notice = Some(format!(
                        "{} is played alone: tables are for two-player games.",
                        entry.title
                    ));
                    return;
                }
                None => {
                    self.ctx.notice = Some(format!("This server has no game {name}."));
                    return;
                }
            },
        };
        if self.ctx.guest.as_ref().is_some_and(|g| g.name.is_none()) {
            self.table_command = Some(effect);
            return;
        }
        self.begin_event();
        if let Some(Reply::Failed(message)) = self.perform(effect) {
            self.ctx.notice = Some(message);
        }
        self.perform_effects();
    }

    /// The table command that waited for the first visit's name, now that it is known.
    pub(super) fn run_waiting_table_command(&mut self) {
        if let Some(effect) = self.table_command.take() {
            self.ctx.effects.push(effect);
        }
    }

    /// Reads this arcade's table again when it changed since it was last shown (called on
    /// every tick: a wake-up from the server arrives as one).
    pub(super) fn refresh_table(&mut self) {
        let Some(at) = &self.ctx.table else {
            return;
        };
        let (code, seat, shown) = (at.table.code, at.seat, at.table.version);
        let Some(link) = &self.table_link else {
            return;
        };
        let current = link.hub.read(|tables| tables.get(code).cloned());
        match current {
            Some(table) if table.version == shown => {}
            Some(table) => {
                self.ctx.table = Some(AtTable { table, seat });
                self.sync_screens();
            }
            None => {
                self.ctx.table = None;
                self.sync_screens();
            }
        }
    }

    /// Reads the server's list of tables into [`Ctx::open_tables`](crate::screen::Ctx) (for
    /// the menu's "Join a table"); off a server the list stays empty.
    pub(super) fn refresh_open_tables(&mut self) {
        self.ctx.open_tables = self
            .table_link
            .as_ref()
            .map(|link| {
                link.hub
                    .read(|tables| tables.listings_for(Some(&link.player)))
            })
            .unwrap_or_default();
    }

    /// Leaves this arcade's table, if it is at one: a seated player's seat is kept (for the
    /// hub's wait), a watcher goes. Called when the player leaves the game and when the
    /// session ends.
    pub fn leave_table(&mut self) {
        let Some(at) = self.ctx.table.take() else {
            return;
        };
        let Some(link) = &self.table_link else {
            return;
        };
        let now = self.clock.instant();
        let watcher = at.seat.is_none();
        link.hub.unfollow(link.session);
        link.hub
            .change(|tables| tables.disconnect(at.table.code, &link.player, watcher, now));
        log::info!("serve: {} leaves table {}", link.player, at.table.code);
    }

    /// This player's copy of table `table`'s game was just written as `stored`: their seat
    /// there remembers it (see [`crate::table::Occupant::save`]). Nothing for a game at no
    /// table, a table this arcade is not at, or a watcher.
    pub(super) fn keep_table_save(
        &self,
        table: Option<TableCode>,
        stored: &crate::save::store::Stored,
    ) {
        let (Some(code), Some(link)) = (table, &self.table_link) else {
            return;
        };
        let seated = self
            .ctx
            .table
            .as_ref()
            .is_some_and(|at| at.table.code == code && at.seat.is_some());
        let Some(id) = stored.path.file_stem().and_then(|stem| stem.to_str()) else {
            return;
        };
        if seated {
            let kept = crate::table::KeptSave {
                id: id.to_string(),
                revision: stored.revision,
            };
            link.hub
                .change(|tables| tables.keep_save(code, &link.player, kept));
        }
    }

    /// The game screen of the table just opened or joined, over the current screen.
    fn open_table_screen(&mut self) -> Option<Reply> {
        let at = self.ctx.table.as_ref()?;
        let opened = self
            .games
            .find(&at.table.game)
            .ok_or_else(|| format!("This server has no game {}.", at.table.game))
            .and_then(|entry| (entry.screens.table)(at, &self.ctx).map_err(|e| e.to_string()));
        match opened {
            Ok(screen) => {
                self.apply(crate::screen::Transition::Push(screen));
                None
            }
            Err(message) => {
                self.leave_table();
                Some(Reply::Failed(message))
            }
        }
    }

    /// Leaves the table when no screen on the stack is at it any more (its game screen was
    /// left): called after every change of screens.
    pub(super) fn leave_table_if_left(&mut self) {
        let Some(code) = self.ctx.table.as_ref().map(|at| at.table.code) else {
            return;
        };
        if !self
            .stack
            .iter()
            .any(|screen| screen.table_code() == Some(code))
        {
            self.leave_table();
        }
    }

    fn show_table(&mut self, code: TableCode, seat: Option<crate::core::Seat>) {
        let Some(link) = &self.table_link else {
            return;
        };
        self.ctx.table = link
            .hub
            .read(|tables| tables.get(code).cloned())
            .map(|table| AtTable { table, seat });
    }
}

/// The table effects, taken out of [`crate::screen::Effect`] by the app.
pub(super) enum TableEffect {
    Open {
        game: String,
        params: String,
        name: Option<String>,
    },
    Join(TableCode),
    Move {
        at: usize,
        notation: String,
    },
    Finished,
    Leave,
    GiveUp,
}

/// A table's refusal as the status line says it.
fn table_failure(err: &TableError) -> String {
    let text = err.to_string();
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_uppercase(), chars.as_str())
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::app::AppSetup;
    use crate::config::Config;
    use crate::screen::Guest;
    use crate::table::hub::{TableHub, TableLink};
    use crate::ui::palette::ColorEnv;

    fn served(hub: &Arc<TableHub>, session: u64, name: &str, dir: &std::path::Path) -> App {
        let mut setup = AppSetup::local(Config::defaults(), ColorEnv::default(), dir);
        setup.guest = Some(Guest {
            name: Some(name.to_string()),
            folder: dir.to_path_buf(),
        });
        setup.table = Some(TableLink {
            hub: Arc::clone(hub),
            session,
            player: format!("key-of-{name}"),
            wake: Arc::new(|| {}),
        });
        App::new(setup)
    }

    #[test]
    fn a_move_at_one_arcade_shows_at_the_other_after_its_wake_up() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let hub = Arc::new(TableHub::default());
        let mut ann = served(&hub, 1, "Ann", &dir.path().join("ann"));
        let mut bob = served(&hub, 2, "Bob", &dir.path().join("bob"));
        let mut cy = served(&hub, 3, "Cy", &dir.path().join("cy"));
        assert_eq!(
            ann.perform_table(TableEffect::Open {
                game: "connect4".into(),
                params: String::new(),
                name: None,
            }),
            None
        );
        let code = ann
            .ctx
            .table
            .as_ref()
            .expect("ann is at her table")
            .table
            .code;
        assert_eq!(bob.perform_table(TableEffect::Join(code)), None);
        assert_eq!(cy.perform_table(TableEffect::Join(code)), None);
        assert_eq!(
            cy.ctx.table.as_ref().map(|at| at.seat),
            Some(None),
            "both seats are taken: Cy watches"
        );
        assert_eq!(
            ann.perform_table(TableEffect::Move {
                at: 0,
                notation: "4".into(),
            }),
            None
        );
        assert!(matches!(
            cy.perform_table(TableEffect::Move {
                at: 1,
                notation: "3".into(),
            }),
            Some(Reply::Failed(_))
        ));
        bob.refresh_table();
        let seen = &bob.ctx.table.as_ref().expect("still at the table").table;
        assert_eq!(seen.moves, ["4"]);
        assert_eq!(seen.name_at(crate::core::Seat::Second), Some("Bob"));
        // Bob's session ends: his seat waits, and Ann sees him away.
        bob.leave_table();
        ann.refresh_table();
        let seen = &ann.ctx.table.as_ref().expect("still at the table").table;
        assert!(
            seen.away(crate::core::Seat::Second, std::time::Instant::now())
                .is_some()
        );
        assert_eq!(
            hub.read(|t| t.seated("key-of-Bob")),
            Some((code, crate::core::Seat::Second))
        );
    }
}
