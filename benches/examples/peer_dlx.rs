//! The crates.io `dlx` 0.8.5 crate as a command, for the start-up rows of `benches/peers.rs`:
//! `peer_dlx FILE` counts the solutions of FILE (DLX text in the dialect `peer_text` writes)
//! with the peer's MRV search, as `dlx --count FILE` does with ours, and prints the count.

use dancer_benches::PeerProblem;

fn main() {
    let path = std::env::args().nth(1).expect("usage: peer_dlx FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut problem = PeerProblem::from_text(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    println!("{}", problem.count());
}
