//! Links the `sudoku` and `dlx` executables at a fixed address on Linux (`-no-pie`), unless
//! `DANCER_PIE=1` is set when they are built.
//!
//! Why: a position-independent executable is relocated by the loader every time it starts.
//! The `dist` build of `sudoku` held 9 900 relative relocations (panic locations, vtables and
//! tables of strings, half of them the picture crates'), written into 53 pages that the
//! kernel then copies on write; a one-puzzle `sudoku solve` is a process of about 1.5 ms, and
//! that work was a tenth of it. Linked at a fixed address, the executable has none: 1.22 →
//! 1.11 times the floor of the required crates (docs/PERFORMANCE.md, "Start-up").
//!
//! What is given up: the executable's own code and data at a random address (ASLR); shared
//! libraries, the heap and the stacks are still placed at random. The project has no `unsafe`
//! code. Whoever packages the commands with a hardening policy builds with `DANCER_PIE=1`.
//!
//! Only the binaries: the libraries, the tests and the Python module are linked as before.

fn main() {
    println!("cargo:rerun-if-env-changed=DANCER_PIE");
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let pie = std::env::var("DANCER_PIE").is_ok_and(|value| !value.is_empty() && value != "0");
    if linux && !pie {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
