//! Ctrl-C and SIGTERM: the first stops a long search cleanly, as a limit would (the count so
//! far printed, the checkpoint written, exit status 130); a second ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Raised by the first signal; searches poll it.
static RAISED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once per process) and returns the flag it raises. `name` is the
/// command's, for the message the first signal prints.
pub fn install(name: &'static str) -> &'static AtomicBool {
    // A handler already installed (a second call) keeps working with the same flag.
    let _ = ctrlc::set_handler(move || {
        if RAISED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("{name}: stopping (again to quit at once)");
    });
    &RAISED
}
