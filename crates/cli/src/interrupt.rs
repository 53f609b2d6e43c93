//! Ctrl-C and SIGTERM. The handlers are installed first thing in `main`, before the arguments
//! are parsed or any input is read, so that no signal finds the process with the default action
//! (death without a word). They run in the signal handler itself (signal-hook's flags: no
//! thread stands between a signal and the flag, so a search that starts right after a signal
//! sees it). A command that stops cleanly (a search, a batch of puzzles) polls the flag the
//! first signal raises and stops as a limit would: what was found printed, the checkpoint
//! written, exit status 130; a second signal ends the program at once, with 130. A command
//! with nothing to save (completions, split, a problem still being typed at a terminal) asks to
//! [`quit_at_once`] instead.

use std::sync::{
    atomic::{AtomicBool, Ordering},
    Arc, OnceLock,
};

use signal_hook::consts::{SIGINT, SIGTERM};

/// The flags: raised by a first signal; and whether a signal ends the program at once.
struct Flags {
    raised: Arc<AtomicBool>,
    at_once: Arc<AtomicBool>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// Installs the handlers (once per process; a second call changes nothing) and returns the flag
/// they raise.
pub fn install() -> &'static AtomicBool {
    let flags = FLAGS.get_or_init(|| {
        let flags = Flags {
            raised: Arc::new(AtomicBool::new(false)),
            at_once: Arc::new(AtomicBool::new(false)),
        };
        for signal in [SIGINT, SIGTERM] {
            // In this order: each action runs in turn, and the exits must see the flag as it
            // was before this signal raised it. A handler that cannot be installed leaves the
            // default action, which also ends the program.
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                130,
                Arc::clone(&flags.raised),
            );
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                130,
                Arc::clone(&flags.at_once),
            );
            let _ = signal_hook::flag::register(signal, Arc::clone(&flags.raised));
        }
        flags
    });
    &flags.raised
}

/// From now on a first signal ends the program at once (status 130), as does one that came
/// before this call: for commands that never poll the flag.
pub fn quit_at_once() {
    let Some(flags) = FLAGS.get() else { return };
    flags.at_once.store(true, Ordering::SeqCst);
    if flags.raised.load(Ordering::SeqCst) {
        std::process::exit(130);
    }
}

/// From now on a first signal raises the flag again (the default): for a command that quit at
/// once while a person typed its input, once that input is in.
pub fn stop_cleanly() {
    if let Some(flags) = FLAGS.get() {
        flags.at_once.store(false, Ordering::SeqCst);
    }
}
