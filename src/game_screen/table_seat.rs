//! A game at a table (issue 39): this terminal plays one seat (or watches), the other seat is
//! a person on another terminal. The other player's moves arrive as the table's moves (the
//! app refreshes `Ctx::table` when the session is woken) and are played here as moves; this
//! player's moves are played here and sent to the table. Undo is off at a table: a move, once
//! the other player has seen it, stands.

use super::game_ui::GameUi;
use super::pending::Move;
use super::screen::GameScreen;
use super::seat_at_table::TableSeat;
use crate::core::{Game, Rules, Seat};
use crate::screen::{Ctx, Effect, Transition};
use crate::table::TableCode;

impl<U: GameUi> GameScreen<U> {
    /// Makes this game the one at table `code`, played from `seat` (or watched).
    #[must_use]
    pub fn at_table(mut self, code: TableCode, seat: Option<Seat>) -> Self {
        self.table = Some(TableSeat {
            code,
            seat,
            told_finished: false,
            seen_version: None,
            status_shown: false,
        });
        self
    }

    /// Saves this table game where this player's copy of it was saved before (`None`: a new
    /// save): coming back to a kept seat goes on in the same save.
    #[must_use]
    pub fn saving_into(mut self, kept: Option<&crate::table::KeptSave>) -> Self {
        if let Some(kept) = kept {
            self.slot = super::save_slot::SaveSlot::kept(kept.id.clone(), kept.revision);
        }
        self
    }

    /// Whether this screen is at a table.
    pub(super) fn at_a_table(&self) -> bool {
        self.table.is_some()
    }

    /// Whether this screen is at a table where the side to move is not this terminal's (the
    /// other player's turn, or this terminal watches): its board then shows no cursor.
    pub(super) fn other_seat_to_move(&self) -> bool {
        self.table.is_some_and(|table| {
            let to_move = self.history.current().to_move();
            to_move.is_some() && table.seat != to_move
        })
    }

    /// Why this terminal may not move now at its table (`None`: it may, or it is at no
    /// table). Said in the status line.
    pub(super) fn table_refusal(&self, ctx: &Ctx) -> Option<String> {
        let table = self.table?;
        let Some(seat) = table.seat else {
            return Some("You are watching this table.".into());
        };
        let seen = ctx.table.as_ref().filter(|at| at.table.code == table.code);
        if seen.is_some_and(|at| at.table.stage == crate::table::Stage::Abandoned) {
            return Some("This table's game has stopped.".into());
        }
        if seen.is_none_or(|at| at.table.seats[1].is_none()) {
            return Some(format!(
                "Waiting for a second player: table {}.",
                table.code
            ));
        }
        let to_move = self.history.current().to_move();
        (to_move != Some(seat)).then(|| "It is the other player's turn.".to_string())
    }

    /// Plays this player's move and sends it to the table, with the move forced right after
    /// it (a pass), each as the move after the moves seen.
    pub(super) fn play_at_table(&mut self, mv: &Move<U>, ctx: &mut Ctx) -> Transition {
        let at = self.history.applied();
        let transition = self.play(mv);
        let sent: Vec<String> = self
            .history
            .applied_moves()
            .skip(at)
            .map(|(before, mv)| U::Game::format_move(before, mv))
            .collect();
        for (step, notation) in sent.into_iter().enumerate() {
            ctx.effect(Effect::TableMove {
                at: at + step,
                notation,
            });
        }
        self.tell_table_finished(ctx);
        transition
    }

    /// Plays the table's moves this screen has not played yet (the other player's, or both
    /// players' for a watcher), in order. A move that does not read or play here (which the
    /// mover's own screen would not have sent) stops the catching up, said in the status
    /// line.
    pub(super) fn catch_up_with_table(&mut self, ctx: &Ctx) {
        let Some(table) = &mut self.table else { return };
        let Some(at) = ctx.table.as_ref().filter(|at| at.table.code == table.code) else {
            return;
        };
        if table.seen_version == Some(at.table.version) {
            return;
        }
        table.seen_version = Some(at.table.version);
        for seat in [Seat::First, Seat::Second] {
            if let (Some(name), Some(player)) =
                (at.table.name_at(seat), self.players.0.get_mut(seat.index()))
                && player.name != name
            {
                player.name = name.to_string();
            }
        }
        // A move may bring a forced one with it (a pass), which the table lists next: the
        // position is read again after each move.
        while let Some(text) = at.table.moves.get(self.history.applied()) {
            let before = self.history.applied();
            match U::Game::parse_move(self.history.current(), text) {
                Ok(mv) => {
                    let _ = self.play(&mv);
                }
                Err(err) => {
                    self.message = Some(format!("The table's move {text} is not a move: {err}"));
                    return;
                }
            }
            if self.history.applied() == before {
                return;
            }
        }
        // The table's own news replaces the last one it gave, never another message (a
        // pass the move brought).
        let status = table_status(at, ctx.instant);
        let shown = self.table.as_ref().is_some_and(|t| t.status_shown);
        if status.is_some() || shown {
            self.message.clone_from(&status);
        }
        if let Some(table) = &mut self.table {
            table.status_shown = status.is_some();
        }
    }

    /// What leaving asks a seated player whose table's game goes on: keep the seat (the
    /// table waits for them, the other player is told) or give it up (the game stops for
    /// both). `None`: a watcher, a game not (or no longer) going on, or no table: they just
    /// go.
    pub(super) fn leave_seat_dialog(&self, ctx: &Ctx) -> Option<crate::modal::dialog::Dialog> {
        use crate::screen::Answer;
        let table = self.table?;
        table.seat?;
        let playing = ctx.table.as_ref().is_some_and(|at| {
            at.table.code == table.code && at.table.stage == crate::table::Stage::Playing
        });
        if !playing || self.is_over() {
            return None;
        }
        let minutes = crate::table::DEFAULT_SEAT_WAIT.as_secs() / 60;
        Some(
            crate::modal::dialog::Dialog::new(
                "Leave the table",
                // Two short lines: a dialog does not wrap, and 60 columns must read them whole.
                &[
                    &format!(
                        "Your seat is kept {minutes} minutes: join {} to go on.",
                        table.code
                    ),
                    "Giving it up stops the game for both of you.",
                ],
                &[
                    ("Keep my seat", Answer::Keep),
                    ("Give it up", Answer::GiveUp),
                    ("Cancel", Answer::Cancel),
                ],
            )
            .with_cancel(Answer::Cancel),
        )
    }

    /// A game at a table that ended here: the table leaves the list (once).
    fn tell_table_finished(&mut self, ctx: &mut Ctx) {
        if let Some(table) = &mut self.table
            && !table.told_finished
            && self.history.current().outcome().is_some()
        {
            table.told_finished = true;
            ctx.effect(Effect::TableFinished);
        }
    }
}

/// What the status line says of the table itself, when it says anything: a seat still free,
/// a player whose connection dropped (and how long their seat is kept), a game abandoned.
fn table_status(at: &crate::table::AtTable, now: std::time::Instant) -> Option<String> {
    use crate::table::Stage;
    let table = &at.table;
    match table.stage {
        Stage::Open => Some(format!(
            "Table {}: waiting for a player (ssh … join {}).",
            table.code, table.code
        )),
        Stage::Abandoned => Some(match table.given_up {
            Some(seat) => format!(
                "{} gave up their seat: the game stops here.",
                table.name_at(seat).unwrap_or("The other player")
            ),
            None => "A player stayed away too long: the game stops here.".into(),
        }),
        Stage::Playing | Stage::Finished => [Seat::First, Seat::Second]
            .into_iter()
            .find_map(|seat| table.away(seat, now).map(|away| (seat, away)))
            .map(|(seat, away)| {
                let left = crate::table::DEFAULT_SEAT_WAIT
                    .saturating_sub(away)
                    .as_secs()
                    .div_ceil(60);
                format!(
                    "{} is away: their seat is kept {left} more minute{}.",
                    table.name_at(seat).unwrap_or("The other player"),
                    if left == 1 { "" } else { "s" }
                )
            }),
    }
}
