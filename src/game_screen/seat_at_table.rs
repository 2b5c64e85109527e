//! Where a game screen is at a table (`parlor serve`): the state the screen holds; what a
//! game at a table does with it is `table_seat.rs`.

use crate::core::Seat;
use crate::table::TableCode;

/// Where this game screen is at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TableSeat {
    /// The table's code.
    pub code: TableCode,
    /// This terminal's seat, or `None`: it watches.
    pub seat: Option<Seat>,
    /// The table's game has ended and the table was told.
    pub told_finished: bool,
    /// The table's version this screen last caught up with (`None`: never).
    pub seen_version: Option<u64>,
    /// The status line holds the table's own news (see `table_status`).
    pub status_shown: bool,
}
