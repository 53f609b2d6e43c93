//! Integration tests of the command-line binaries: each runs the real binary.

// Shared helpers: run a binary with arguments and standard input, compare readably.
mod util;

// `dlx`: output formats, limits, exit statuses and error messages.
mod dlx;
