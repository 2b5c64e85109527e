//! The game screen's export key (`x`): the game as it stands, written as a game record in
//! its game's preferred format (GGF, PDN, Parlor notation…) under the data folder's
//! `exports/`, through the app's export effect.

use super::game_ui::GameUi;
use super::pending::Pending;
use super::screen::GameScreen;
use crate::screen::{Ctx, Effect, KeyHint};

/// The key that exports, typed as a letter as on the load screen.
pub(super) const EXPORT_KEY: char = 'x';

impl<U: GameUi> GameScreen<U> {
    /// Queues the game's export; the reply says where it went.
    pub(super) fn export(&mut self, ctx: &mut Ctx) {
        let exported = self
            .snapshot(ctx)
            .map_err(|err| err.to_string())
            .and_then(|file| {
                crate::record::erased::export::<U::Game>(&file, None).map_err(|e| e.to_string())
            });
        match exported {
            Ok(exported) => {
                self.pending = Some(Pending::Exporting);
                ctx.effect(Effect::Export {
                    name: exported.name,
                    text: exported.text,
                });
            }
            Err(err) => self.message = Some(format!("Cannot export: {err}")),
        }
    }

    /// The export key's line on the help page.
    pub(super) fn export_hint() -> KeyHint {
        KeyHint::new(EXPORT_KEY.to_string(), "export the game as a record").types(EXPORT_KEY)
    }
}
