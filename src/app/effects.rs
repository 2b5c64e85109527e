//! The app's side effects: what the screens ask for (`Effect`) performed on the files, and
//! the answer handed back (`Reply`). Screens never touch the disk; this is where their saves,
//! deletions, renames, exports, imports, settings and finished games become files, and where
//! a failure becomes the sentence the person reads.

use std::path::{Path, PathBuf};

use super::table_link::TableEffect;
use super::{App, theme_for};
use crate::save::records::Records;
use crate::save::stats::Stats;
use crate::save::store::StoreError;
use crate::screen::{Effect, Reply};

impl App {
    /// Performs one screen's effect; the reply, if any, goes back to the screen that asked.
    pub(super) fn perform(&mut self, effect: Effect) -> Option<Reply> {
        match effect {
            // A served player never names a file of the server (the screens do not offer
            // it; this is the last line of defence).
            Effect::Import(_) | Effect::SaveAs { .. } if self.ctx.guest.is_some() => Some(
                Reply::Failed("Files are not opened or written by path on a server.".into()),
            ),
            Effect::Save(save) => {
                let result = crate::save::store::store_save(&self.data_dir, &save);
                self.refresh_catalog();
                Some(match result {
                    Ok(stored) => {
                        // Saving the table's game (keeping the seat on leaving, or `s`): the
                        // seat remembers where, for the game this player comes back to.
                        let table = self.stack.last().and_then(|top| top.table_code());
                        self.keep_table_save(table, &stored);
                        Reply::Stored {
                            path: stored.path,
                            revision: stored.revision,
                        }
                    }
                    Err(StoreError::Changed { path, found }) => Reply::Changed { path, found },
                    Err(err) => Reply::Failed(store_failure(&err)),
                })
            }
            Effect::SaveAs { save, path } => Some(
                match save
                    .to_text()
                    .map_err(StoreError::Encode)
                    .and_then(|text| crate::save::store::write_new(&path, &text))
                {
                    Ok(()) => {
                        if save.autosave {
                            // Quitting's rescue: said with the other autosaves on the way out.
                            self.autosaved.push(path.clone());
                        }
                        Reply::Saved(path)
                    }
                    Err(err) => Reply::Failed(store_failure(&err)),
                },
            ),
            Effect::RefreshSaves => {
                self.refresh_catalog();
                None
            }
            Effect::DeleteSave(id) => {
                // Only the save as it was listed: more moves saved into it since are kept.
                let listed = self
                    .ctx
                    .catalog
                    .entries()
                    .iter()
                    .find(|entry| entry.id == id)
                    .and_then(|entry| entry.file.as_ref()?.base);
                let result = crate::save::store::delete_listed(&self.data_dir, &id, listed);
                self.refresh_catalog();
                result.err().map(|err| {
                    Reply::Failed(match err {
                        StoreError::Changed { path, .. } => format!(
                            "Not deleted: {} changed since it was listed (another Parlor saved it)",
                            crate::core::text::shown_path(
                                path.file_name().map_or(path.as_ref(), Path::new)
                            )
                        ),
                        err => store_failure(&err),
                    })
                })
            }
            Effect::RenameSave { id, title } => {
                let result = self.rename_save(&id, &title);
                self.refresh_catalog();
                Some(match result {
                    Ok(path) => Reply::Saved(path),
                    // A failed write gets the remedy for its kind; the others say it all.
                    Err(RenameError::Store(err)) => Reply::Failed(store_failure(&err)),
                    Err(err) => Reply::Failed(err.to_string()),
                })
            }
            Effect::Export { name, text } => {
                // An earlier export of the same game is kept: this one goes beside it.
                let path = self.data_dir.join("exports").join(name);
                Some(match crate::save::store::write_beside(&path, &text) {
                    Ok(path) => Reply::Exported(path),
                    Err(err) => Reply::Failed(store_failure(&err)),
                })
            }
            Effect::SetPlayerName(name) => {
                if let Err(err) = crate::save::player::write_name(&self.data_dir, &name) {
                    log::warn!("player name not kept: {err}");
                    self.ctx.notice = Some(format!(
                        "Your name is kept for this visit only: {}",
                        store_failure(&err)
                    ));
                }
                if let Some(guest) = &mut self.ctx.guest {
                    guest.name = Some(name);
                }
                self.run_waiting_table_command();
                None
            }
            Effect::Import(path) => {
                match crate::games::open_file::open_file(&path, self.games, &self.ctx) {
                    Ok(opened) => {
                        self.stack.pop();
                        self.stack
                            .push(crate::lobby::game_list::screen_of(opened, self.games));
                        None
                    }
                    Err(err) => Some(Reply::Failed(err.to_string())),
                }
            }
            Effect::RecordGame(finish) => self.record(&finish),
            Effect::RecordDaily { date, result } => self.record_daily(date, result),
            Effect::OpenTable { game, params, name } => {
                self.perform_table(TableEffect::Open { game, params, name })
            }
            Effect::JoinTable(code) => self.perform_table(TableEffect::Join(code)),
            Effect::RefreshTables => {
                self.refresh_open_tables();
                None
            }
            Effect::TableMove { at, notation } => {
                self.perform_table(TableEffect::Move { at, notation })
            }
            Effect::TableFinished => self.perform_table(TableEffect::Finished),
            Effect::LeaveTable => self.perform_table(TableEffect::Leave),
            Effect::GiveUpSeat => self.perform_table(TableEffect::GiveUp),
            Effect::Share(line) => {
                self.shared.push(line);
                self.ctx.notice = Some(
                    "Copied where the terminal allows it; the line is also printed when you leave Parlor."
                        .into(),
                );
                None
            }
            Effect::ChangeSetting {
                section,
                key,
                value,
            } => Some(self.change_setting(&section, &key, &value)),
        }
    }

    /// Rewrites the save `id` with a new title, everything else as it was (its time too: a
    /// rename is not a newer game).
    fn rename_save(&self, id: &str, title: &str) -> Result<PathBuf, RenameError> {
        let title = crate::core::text::clip(&crate::core::text::sanitize(title.trim()), 60);
        if title.is_empty() {
            return Err(RenameError::NoName);
        }
        let mut file = self
            .ctx
            .catalog
            .entries()
            .iter()
            .find(|entry| entry.id == id)
            .and_then(|entry| entry.file.clone())
            .ok_or(RenameError::Unreadable)?;
        file.title = title;
        Ok(crate::save::store::write_save(&self.data_dir, &file)?)
    }

    /// Applies a setting at once (the theme is rebuilt) and writes it to the config file.
    fn change_setting(&mut self, section: &str, key: &str, value: &toml::Value) -> Reply {
        if let Err(err) = self.ctx.config.set(section, key, value.clone()) {
            return Reply::Failed(err.to_string());
        }
        self.ctx.theme = theme_for(&self.ctx.config, &self.colors);
        match &self.ctx.config_file {
            Some(path) => match crate::config_edit::write_setting(path, section, key, value) {
                Ok(()) => Reply::Saved(path.clone()),
                Err(crate::config_edit::ConfigWriteError::Write(err)) => {
                    Reply::Failed(format!("Not saved: {}", store_failure(&err)))
                }
                Err(err) => Reply::Failed(format!("Not saved: {err}")),
            },
            None => Reply::Failed(
                "Not saved: there is no config folder here; the change lasts until Parlor quits."
                    .into(),
            ),
        }
    }

    /// Counts a finished game in the records and keeps a puzzle's best result, in the files
    /// as they are on disk now (another Parlor may have counted games meanwhile: see
    /// [`Records::record_on_disk`]). A result that cannot be recorded is said on the screen.
    fn record(&mut self, finish: &crate::save::records::Finish) -> Option<Reply> {
        use crate::save::records::{GameResult, Table};
        log::info!("finished: {finish:?}");
        let mut failures = Vec::new();
        if let (Table::Puzzle { variant, .. }, GameResult::Solved, Some(score)) =
            (&finish.table, finish.result, finish.score)
        {
            let value = i64::from(score);
            match Stats::record_on_disk(&self.data_dir, &finish.game, variant, value) {
                Ok((stats, _)) => self.ctx.stats = stats,
                Err(err) => {
                    self.ctx.stats.record(&finish.game, variant, value);
                    failures.push(store_failure(&err));
                }
            }
        }
        let written = if self.records_writable {
            Records::record_on_disk(&self.data_dir, finish).map_err(|err| err.sentence())
        } else {
            Err("the records file could not be read nor set aside".into())
        };
        match written {
            Ok(records) => self.ctx.records = records,
            Err(failure) => {
                // Counted for this session's Statistics screen all the same.
                self.ctx.records.record(finish);
                failures.push(failure);
            }
        }
        (!failures.is_empty())
            .then(|| Reply::Failed(format!("Result not recorded: {}", failures.join("; "))))
    }

    /// Records the solve of a date's daily puzzle, in the records file as it is on disk now
    /// (as [`App::record`] does); a result that cannot be recorded is said on the screen.
    fn record_daily(
        &mut self,
        date: time::Date,
        result: crate::save::daily::DailyResult,
    ) -> Option<Reply> {
        let written = if self.records_writable {
            Records::record_daily_on_disk(&self.data_dir, date, result.clone())
                .map_err(|err| err.sentence())
        } else {
            Err("the records file could not be read nor set aside".into())
        };
        match written {
            Ok(records) => {
                self.ctx.records = records;
                None
            }
            Err(failure) => {
                // Counted for this session all the same.
                self.ctx.records.record_daily(date, result);
                Some(Reply::Failed(format!("Result not recorded: {failure}")))
            }
        }
    }
}

/// The sentence a person reads when a file could not be written: the error, and what to do
/// about the kinds that have a remedy (the one place store errors become words).
pub(super) fn store_failure(err: &StoreError) -> String {
    err.sentence()
}
/// Why a save was not renamed; the load screen shows the sentence.
#[derive(Debug, thiserror::Error)]
enum RenameError {
    /// The new name is empty once cleaned.
    #[error("A save needs a name: nothing was changed.")]
    NoName,
    /// The save's file did not read when the catalog was built, so there is nothing to rewrite.
    #[error("This save cannot be read, so it cannot be renamed.")]
    Unreadable,
    /// Writing the renamed save failed ([`store_failure`] adds the remedy).
    #[error(transparent)]
    Store(#[from] StoreError),
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_failures_say_what_to_do_about_the_kinds_that_have_a_remedy() {
        let failure = |kind| {
            store_failure(&StoreError::Write {
                path: PathBuf::from("/saves/a.toml"),
                source: std::io::Error::from(kind),
            })
        };
        assert!(failure(std::io::ErrorKind::StorageFull).ends_with("(the disk is full)"));
        assert!(
            failure(std::io::ErrorKind::PermissionDenied)
                .ends_with("(no permission to write there)")
        );
        let other = failure(std::io::ErrorKind::Interrupted);
        assert!(other.starts_with("cannot write /saves/a.toml"), "{other}");
        assert!(!other.ends_with(')'), "{other}");
        assert_eq!(
            store_failure(&StoreError::InvalidName("a/b".into())),
            "invalid save name \"a/b\""
        );
    }
}
