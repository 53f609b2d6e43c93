//! The game of a puzzle just opened: with the solution its record carries when that is the
//! puzzle's; else with one the library's solver finds within [`SEARCH_TIME`] (saying on stderr
//! that it is solving, once the search has taken a moment); else without one: the game is
//! then played with its rules and the hints' logic, but no check against a solution.

use std::{
    io::Write,
    sync::atomic::{AtomicBool, Ordering::Relaxed},
    time::{Duration, Instant},
};

use dancer_sudoku::play::{search, Game, Searched, Solution};

use super::record::Taken;

/// The longest search for a solution before the game starts without one.
pub(crate) const SEARCH_TIME: Duration = Duration::from_secs(5);

/// How long a search runs before stderr says that it is solving.
const SILENT_TIME: Duration = Duration::from_millis(300);

/// How the game got its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The record's own.
    Carried,
    /// The search found it, or found that there is none.
    Searched,
    /// The search gave up within `limit`.
    GaveUp,
}

/// The game of `taken`, searching at most `limit` for its solution; `None` when a signal
/// stopped the search. Notices go to `err` unless `quiet`.
///
/// # Errors
/// When `err` cannot be written.
pub(crate) fn start(
    taken: Taken,
    limit: Duration,
    quiet: bool,
    err: &mut dyn Write,
    interrupt: &AtomicBool,
) -> std::io::Result<Option<(Game, Origin)>> {
    let Taken { name, place, model, solution } = taken;
    if let Some(digits) = solution {
        match Solution::carried(&model, digits) {
            Ok(solution) => {
                return Ok(Some((Game::with_solution(&name, model, Some(solution)), Origin::Carried)))
            }
            Err(why) if !quiet => writeln!(
                err,
                "sudoku: {place}: the record's solution is not this puzzle's ({why}): solving it instead"
            )?,
            Err(_) => {}
        }
    }
    let began = Instant::now();
    let mut told = quiet;
    let mut failed = None;
    let searched = search(&model, |_| {
        let spent = began.elapsed();
        if !told && spent >= SILENT_TIME {
            told = true;
            let seconds = limit.as_secs();
            let said = writeln!(err, "sudoku: solving {name} (at most {seconds} s; Ctrl-C quits)…");
            failed = said.err();
        }
        spent < limit && !interrupt.load(Relaxed)
    });
    if let Some(error) = failed {
        return Err(error);
    }
    Ok(Some(match searched {
        Searched::Found(solution) => {
            (Game::with_solution(&name, model, Some(solution)), Origin::Searched)
        }
        Searched::Stopped if interrupt.load(Relaxed) => return Ok(None),
        Searched::Stopped => {
            if !quiet {
                writeln!(
                    err,
                    "sudoku: no solution found in {} s: playing without one (no check with !, hints by logic alone)",
                    limit.as_secs()
                )?;
            }
            (Game::unsolved(&name, model), Origin::GaveUp)
        }
        _ => (Game::with_solution(&name, model, None), Origin::Searched),
    }))
}

#[cfg(test)]
mod tests {
    use std::{sync::atomic::AtomicBool, time::Duration};

    use dancer_sudoku::Record;

    use super::{start, Origin, Taken};

    /// A 25×25 killer without givens (cages of two to four cells over the whole grid), with
    /// its solution: the engine takes minutes to solve it.
    const KILLER: &str = include_str!("../../../tests/data/killer-25x25.jsonl");

    fn taken(with_solution: bool) -> Taken {
        let record = Record::from_json(KILLER.trim()).unwrap();
        let solution = record
            .solution
            .filter(|_| with_solution)
            .map(|digits| digits.iter().map(|&d| (d != 0).then_some(d)).collect());
        Taken { name: record.name, place: "k:1".to_owned(), model: record.model, solution }
    }

    #[test]
    fn the_record_s_solution_is_used_and_the_search_is_bounded() {
        // See: issue 32, item 10 (a 25×25 killer kept the screen blank while it was solved).
        let stop = AtomicBool::new(false);
        let mut err = Vec::new();
        let (game, origin) =
            start(taken(true), Duration::from_secs(5), false, &mut err, &stop).unwrap().unwrap();
        assert_eq!(origin, Origin::Carried);
        assert!(game.solution().is_some());
        assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
        let began = std::time::Instant::now();
        let (game, origin) =
            start(taken(false), Duration::from_secs(1), false, &mut err, &stop).unwrap().unwrap();
        assert!(began.elapsed() < Duration::from_secs(4), "{:?}", began.elapsed());
        assert_eq!(origin, Origin::GaveUp);
        assert!(game.solution().is_none());
        assert!(game.message().starts_with("the solution is not known"), "{}", game.message());
        let err = String::from_utf8(err).unwrap();
        assert!(
            err.starts_with("sudoku: solving killer 25x25 (at most 1 s; Ctrl-C quits)…\n"),
            "{err}"
        );
        assert!(err.ends_with("no solution found in 1 s: playing without one (no check with !, hints by logic alone)\n"), "{err}");
    }

    #[test]
    fn a_wrong_solution_is_set_aside_and_a_signal_stops_the_search() {
        let mut wrong = taken(true);
        if let Some(digits) = wrong.solution.as_mut() {
            digits.swap(0, 1);
        }
        let mut err = Vec::new();
        let stop = AtomicBool::new(true);
        assert!(start(wrong, Duration::from_secs(5), false, &mut err, &stop).unwrap().is_none());
        let err = String::from_utf8(err).unwrap();
        assert!(
            err.starts_with("sudoku: k:1: the record's solution is not this puzzle's ("),
            "{err}"
        );
    }
}
