//! The computer's strength, shared by every engine.
//!
//! The new-game dialog, `--level N`, saves and plain mode all speak of the same four levels,
//! so the names and numbers live here once; each engine maps a level to its own search
//! settings (depth, node budget, noise) in its `levels.rs`, where what a level does in that
//! game is documented.

/// How strongly a computer seat plays. The number (1..=4) is what `--level N` takes and what
/// saves record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strength {
    /// Makes real mistakes a new player can exploit.
    Beginner = 1,
    /// Sees the obvious, misses plans; still erratic.
    Casual = 2,
    /// Deep search without noise.
    Strong = 3,
    /// As strong as the engine can play.
    Master = 4,
}

/// A level number outside 1..=4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("level {0} does not exist; choose 1 (Beginner) to 4 (Master)")]
pub struct StrengthError(pub u8);

impl TryFrom<u8> for Strength {
    type Error = StrengthError;

    fn try_from(n: u8) -> Result<Self, StrengthError> {
        Self::from_number(n).ok_or(StrengthError(n))
    }
}

/// A `--level` that is neither a number from 1 to 4 nor a level's name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "no level \"{0}\"; choose 1 (Beginner), 2 (Casual), 3 (Strong) or 4 (Master), by number or name"
)]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for Strength {
    type Err = UnknownLevel;

    /// A level as a person types it: its number or its name in any case (`4`, `master`), so
    /// the command line takes the words the menus show.
    fn from_str(text: &str) -> Result<Self, UnknownLevel> {
        let text = text.trim();
        text.parse::<u8>()
            .ok()
            .and_then(Self::from_number)
            .or_else(|| {
                Self::ALL
                    .into_iter()
                    .find(|level| level.name().eq_ignore_ascii_case(text))
            })
            .ok_or_else(|| {
                UnknownLevel(crate::core::text::clip(
                    &crate::core::text::sanitize(text),
                    20,
                ))
            })
    }
}

impl Strength {
    /// Every level, weakest first (for menus and tournaments).
    pub const ALL: [Self; 4] = [Self::Beginner, Self::Casual, Self::Strong, Self::Master];

    /// The level for `--level N` (1..=4), `None` outside that range.
    #[must_use]
    pub fn from_number(n: u8) -> Option<Self> {
        Self::ALL.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// The number the command line and saves use, 1 for Beginner up to 4 for Master.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// This level's entry in a table of four values, weakest first. Engines write their level
    /// settings with it one row per setting (`nodes: level.pick([20_000, 100_000, 400_000,
    /// 2_000_000])`), so the four levels read side by side and every engine's table has the
    /// same form.
    #[must_use]
    pub fn pick<T>(self, table: [T; 4]) -> T {
        let [beginner, casual, strong, master] = table;
        match self {
            Self::Beginner => beginner,
            Self::Casual => casual,
            Self::Strong => strong,
            Self::Master => master,
        }
    }

    /// The name shown to players.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Beginner => "Beginner",
            Self::Casual => "Casual",
            Self::Strong => "Strong",
            Self::Master => "Master",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_round_trip_and_refuse_outside_one_to_four() {
        for level in Strength::ALL {
            assert_eq!(Strength::from_number(level.number()), Some(level));
            assert_eq!(Strength::try_from(level.number()), Ok(level));
        }
        assert_eq!(Strength::from_number(0), None);
        assert_eq!(Strength::try_from(5), Err(StrengthError(5)));
        let names: Vec<_> = Strength::ALL.iter().map(|l| l.name()).collect();
        assert_eq!(names, ["Beginner", "Casual", "Strong", "Master"]);
        let picked: Vec<_> = Strength::ALL
            .iter()
            .map(|l| l.pick(["b", "c", "s", "m"]))
            .collect();
        assert_eq!(picked, ["b", "c", "s", "m"]);
    }

    #[test]
    fn levels_are_read_by_number_or_by_name_in_any_case() {
        for level in Strength::ALL {
            assert_eq!(level.number().to_string().parse(), Ok(level));
            assert_eq!(level.name().parse(), Ok(level));
            assert_eq!(level.name().to_uppercase().parse(), Ok(level));
            assert_eq!(
                format!(" {} ", level.name().to_lowercase()).parse(),
                Ok(level)
            );
        }
        for wrong in ["0", "5", "", "grandmaster", "-1"] {
            assert!(wrong.parse::<Strength>().is_err(), "{wrong:?}");
        }
    }
}
