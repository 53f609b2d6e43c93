//! [`Node`]: one partial arrangement of the search, and the bit-set helpers it works with.

/// A position whose column is not chosen because every candidate is blank so far.
pub(super) const FREE: u8 = 0xFF;
/// A position whose column is not chosen because the candidates differ only in which digit
/// takes the label shown there.
pub(super) const PENDING: u8 = 0xFE;
/// No stack or column.
pub(super) const NONE: u8 = 0xFF;
/// Arrays are sized for the largest grid, so nodes clone without allocating.
pub(super) const W: usize = crate::MAX_SIZE;

/// One partial arrangement: source rows of result rows `0..chosen`, and what is known of the
/// column order, with the cell `(i, j)` to fill next.
#[derive(Clone)]
pub(super) struct Node {
    /// Orientation: 1 when the source is the transposed grid.
    pub(super) t: u8,
    /// The cell to fill next: result row `i`, position `j`.
    pub(super) i: u8,
    pub(super) j: u8,
    /// How many result rows have a source row: `i`, or `i + 1` once row `i` has one.
    pub(super) chosen: u8,
    /// A column this node must put at `(i, j)`: a tie left for later.
    pub(super) force: u8,
    /// The next unused label.
    pub(super) next: u8,
    /// The source row of each chosen result row, and the source rows and bands taken.
    pub(super) rows: [u8; W],
    pub(super) used_rows: u64,
    pub(super) used_bands: u64,
    /// The source stack in each result stack (slot), [`NONE`] while the slot is free, and the
    /// slot of each taken stack.
    pub(super) slot_stack: [u8; W],
    pub(super) stack_slot: [u8; W],
    pub(super) used_stacks: u64,
    /// Per result position: a source column, [`FREE`] or [`PENDING`].
    pub(super) pos: [u8; W],
    /// The label a pending position shows.
    pub(super) pend_label: [u8; W],
    /// The result row whose new digit made the position pending.
    pub(super) pend_origin: [u8; W],
    /// Placed columns, and unplaced ones with a digit (their row in `origin`).
    pub(super) placed: u64,
    pub(super) pending: u64,
    pub(super) origin: [u8; W],
    /// Per origin row, its pending columns; `live` has a bit for each origin row with some.
    pub(super) pend_count: [u8; W],
    pub(super) live: u64,
    /// Label of each digit, 0 while unlabelled.
    pub(super) label: [u8; W + 1],
}

impl Node {
    pub(super) fn root(t: u8) -> Node {
        Node {
            t,
            i: 0,
            j: 0,
            chosen: 0,
            force: NONE,
            next: 1,
            rows: [0; W],
            used_rows: 0,
            used_bands: 0,
            slot_stack: [NONE; W],
            stack_slot: [NONE; W],
            used_stacks: 0,
            pos: [FREE; W],
            pend_label: [0; W],
            pend_origin: [0; W],
            placed: 0,
            pending: 0,
            origin: [NONE; W],
            pend_count: [0; W],
            live: 0,
            label: [0; W + 1],
        }
    }

    pub(super) fn take_row(&mut self, r: usize, br: usize) {
        let i = usize::from(self.i);
        self.rows[i] = r as u8;
        self.used_rows |= 1 << r;
        self.used_bands |= 1 << (r / br);
        self.chosen = self.i + 1;
    }

    pub(super) fn take_stack(&mut self, slot: usize, s: usize) {
        self.slot_stack[slot] = s as u8;
        self.stack_slot[s] = slot as u8;
        self.used_stacks |= 1 << s;
    }

    /// Makes the current position and the free ones after it in its slot pending, one per
    /// candidate column, each showing the next label.
    pub(super) fn open_pending(&mut self, candidates: u64, bc: usize) -> u8 {
        let (i, j) = (self.i, usize::from(self.j));
        let w = candidates.count_ones() as usize;
        debug_assert!(j % bc + w <= bc && self.pos[j..j + w].iter().all(|&p| p == FREE));
        for c in Bits(candidates) {
            self.origin[c] = i;
        }
        self.pending |= candidates;
        self.pend_count[usize::from(i)] += w as u8;
        self.live |= 1 << i;
        for p in j..j + w {
            self.pos[p] = PENDING;
            self.pend_origin[p] = i;
            self.pend_label[p] = self.next;
            self.next += 1;
        }
        self.pend_label[j]
    }

    /// Marks pending column `c` (from origin row `m`) placed.
    pub(super) fn settle(&mut self, c: usize, m: usize) {
        self.placed |= 1 << c;
        self.pending &= !(1 << c);
        self.pend_count[m] -= 1;
        if self.pend_count[m] == 0 {
            self.live &= !(1 << m);
        }
    }
}

/// The least key over the set bits of `set`, and the bits that reach it.
pub(super) fn least_of(set: u64, mut key: impl FnMut(usize) -> u8) -> (u8, u64) {
    let mut least = (u8::MAX, 0);
    for c in Bits(set) {
        let k = key(c);
        if k < least.0 {
            least = (k, 0);
        }
        if k == least.0 {
            least.1 |= 1 << c;
        }
    }
    least
}

pub(super) fn bits(flags: impl Iterator<Item = bool>) -> u64 {
    flags.enumerate().fold(0, |mask, (k, on)| mask | u64::from(on) << k)
}

pub(super) fn bits_where(set: u64, mut keep: impl FnMut(usize) -> bool) -> u64 {
    Bits(set).filter(|&c| keep(c)).fold(0, |mask, c| mask | 1 << c)
}

pub(super) fn low_bits(k: usize) -> u64 {
    if k >= 64 {
        u64::MAX
    } else {
        (1 << k) - 1
    }
}

/// The set bits of a mask, lowest first.
pub(super) struct Bits(pub(super) u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let k = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            k
        })
    }
}
