# dancer's checks as recipes. A convenience only: each recipe is a plain cargo command that
# README.md and .ci/run also spell out, so nothing here needs `just` to be installed.

# List the recipes.
default:
    @just --list

# Format every crate.
[group('dev')]
fmt:
    cargo fmt --all

# Clippy on every target with warnings denied.
[group('check')]
lint:
    cargo clippy --workspace --all-targets --all-features -- -D warnings

# The README's test command: every test, in release.
[group('check')]
test:
    cargo test --workspace --release --all-features

# Only the tests of the public data sets in ../shared/data (ignored by `test`; needs the data).
[group('check')]
test-data:
    cargo test --workspace --release --all-features -- --ignored

# API docs with warnings denied.
[group('check')]
doc:
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features

# All benches: criterion (engine beside dlx 0.8.5, sudoku beside the sudoku crate), then the
# engines in alternating pairs (engine_ab, the steadier ratio on a noisy machine).
[group('perf')]
bench:
    cargo bench -p dancer-benches

# Only the alternating-pairs engine comparison (about two minutes).
[group('perf')]
bench-ab:
    cargo bench -p dancer-benches --bench engine_ab

# Optimised binaries (fat LTO, one codegen unit) in target/dist.
[group('perf')]
dist:
    cargo build --profile dist -p dancer-cli

# What CI runs.
[group('check')]
ci:
    bash .ci/run
