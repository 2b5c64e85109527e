//! CPU time of the calling thread, for the examples that time engines on this shared machine
//! (wall-clock time there overstates an engine's own cost several times over).
//!
//! Included with `#[path]`; it is not an example of its own.

/// CPU time of this thread in seconds (`/proc/thread-self/schedstat`); 0 where that file
/// does not exist.
pub fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}
