//! The daily puzzle on screen: the puzzle's own screen, watched. When the player solves it
//! (the screen queues its result for the records), the day's result is recorded with the
//! streak and a dialog shows the share line with a button to copy it (the app copies it to
//! the terminal's clipboard where the terminal allows, and prints it when Parlor ends).

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use time::Date;

use crate::games::daily::DailyPuzzle;
use crate::games::open_id::OpenIdError;
use crate::modal::dialog::Dialog;
use crate::save::daily::{DailyResult, date_text, share_line};
use crate::save::records::{GameResult, Table};
use crate::screen::{Answer, Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::input::Event;

/// The daily puzzle's screen: the puzzle, watched for its solve.
///
/// # Errors
/// [`OpenIdError`] if the puzzle does not open (a bug: the tests open the daily puzzles of
/// many dates).
pub fn open(daily: &DailyPuzzle, ctx: &Ctx) -> Result<Box<dyn Screen>, OpenIdError> {
    let screen = crate::games::open_id::open(&daily.id, ctx)?;
    Ok(Box::new(DailyScreen::new(
        daily.date,
        daily.entry.title,
        screen,
    )))
}

/// A daily puzzle's screen.
pub struct DailyScreen {
    date: Date,
    /// The kind of puzzle, as the share line names it ("Slide").
    kind: &'static str,
    inner: Box<dyn Screen>,
    /// The share line, once solved.
    share: Option<String>,
    /// Whether the share dialog is open (its answer is this screen's, not the puzzle's).
    asking: bool,
}

impl DailyScreen {
    /// The daily puzzle of `date`, a puzzle of `kind`, played on `inner`.
    #[must_use]
    pub fn new(date: Date, kind: &'static str, inner: Box<dyn Screen>) -> Self {
        Self {
            date,
            kind,
            inner,
            share: None,
            asking: false,
        }
    }

    /// After the puzzle's screen handled something: if it has just been solved by the player
    /// for the first time, record the day and show the share line.
    fn watch(&mut self, transition: Transition, ctx: &mut Ctx) -> Transition {
        if self.share.is_some() || !matches!(transition, Transition::Stay) {
            return transition;
        }
        let solved = ctx.effects.iter().find_map(|effect| match effect {
            Effect::RecordGame(finish) if finish.result == GameResult::Solved => {
                Some(finish.clone())
            }
            _ => None,
        });
        let Some(finish) = solved else {
            return transition;
        };
        let par = match &finish.table {
            Table::Puzzle { par, .. } => *par,
            Table::Opponent(_) => None,
        };
        let result = DailyResult {
            puzzle: self.kind.to_string(),
            moves: finish.score,
            par,
            seconds: finish.seconds,
        };
        let line = share_line(self.date, &result);
        let mut days = ctx.records.daily().clone();
        days.record(self.date, result.clone());
        let streak = days.streak(self.date);
        ctx.effect(Effect::RecordDaily {
            date: self.date,
            result,
        });
        self.share = Some(line.clone());
        self.asking = true;
        let streak_line = match streak {
            0 | 1 => "Streak: 1 day.".to_string(),
            n => format!("Streak: {n} days in a row."),
        };
        Transition::Push(Box::new(
            Dialog::new(
                format!("Daily puzzle {} solved", date_text(self.date)),
                &[&line, &streak_line],
                &[("Copy", Answer::Copy), ("OK", Answer::Ok)],
            )
            .with_cancel(Answer::Ok)
            .with_leave(Answer::Ok),
        ))
    }
}

impl Screen for DailyScreen {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let transition = self.inner.handle_event(event, ctx);
        self.watch(transition, ctx)
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        self.inner.render(frame, area, ctx);
    }

    fn deadline(&self) -> Option<Instant> {
        self.inner.deadline()
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<KeyHint>)> {
        self.inner.footer(area, ctx)
    }

    #[cfg(any(test, feature = "testing"))]
    fn finish_motion(&mut self) {
        self.inner.finish_motion();
    }

    fn tick(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        let transition = self.inner.tick(now, ctx);
        self.watch(transition, ctx)
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        if self.asking {
            self.asking = false;
            if reply == Some(Reply::Choice(Answer::Copy))
                && let Some(line) = &self.share
            {
                ctx.effect(Effect::Share(line.clone()));
            }
            return Transition::Stay;
        }
        let transition = self.inner.resume(reply, ctx);
        self.watch(transition, ctx)
    }

    fn is_opaque(&self) -> bool {
        self.inner.is_opaque()
    }

    fn interrupt(&mut self, ctx: &mut Ctx) -> Transition {
        self.inner.interrupt(ctx)
    }

    fn autosave(&self, ctx: &Ctx) -> Option<crate::save::format::SaveFile> {
        self.inner.autosave(ctx)
    }

    fn guards_quit(&self) -> bool {
        self.inner.guards_quit()
    }

    #[cfg(any(test, feature = "testing"))]
    fn corrupt_for_tests(&mut self) -> bool {
        self.inner.corrupt_for_tests()
    }

    #[cfg(any(test, feature = "testing"))]
    fn check_invariants(&self) -> Result<Option<&'static str>, crate::screen::InvariantError> {
        self.inner.check_invariants()
    }

    fn render_board_preview(
        &self,
        area: Rect,
        buf: &mut ratatui::buffer::Buffer,
        ctx: &Ctx,
    ) -> bool {
        self.inner.render_board_preview(area, buf, ctx)
    }

    fn sync(&mut self, ctx: &Ctx) {
        self.inner.sync(ctx);
    }

    fn min_size(&self, ctx: &Ctx) -> (u16, u16) {
        self.inner.min_size(ctx)
    }
}
