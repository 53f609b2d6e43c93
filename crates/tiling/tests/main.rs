//! The integration tests of `dancer-tiling`, in one binary.

// Published counts: pentominoes in 6×10, 5×12, 3×20 and Scott's 8×8, the Soma cube, domino
// tilings beyond 64 bits; plain and up to symmetry.
mod counts;
// Counts of pieces used at most k or a to b times: slots against Algorithm M and brute force.
mod multiples;
// Random small boards: up to symmetry times the group's order is the plain count, and the
// orbits are those a brute-force canonical form finds.
mod properties;
// The `dlx tile` format, pictures, and what they refuse (line and column).
mod text;
