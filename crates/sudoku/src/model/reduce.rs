//! Options no solution can hold, struck out before the search: the exact-cover form of the
//! sudoku player's singles and locked candidates ("pointing" and "claiming"), for every pair
//! of constraints at once.
//!
//! The rule: when every option left for a primary item `a` holds item `b` (without a colour),
//! any option holding `b` but not `a` is in no solution. A solution covers `a` exactly once,
//! by one of those options, which covers `b`; an uncoloured `b` admits no second option that
//! holds it, coloured or not. Struck options shrink other items' lists, which may make them
//! hold a new common item, so the rule runs until nothing changes.
//!
//! Why: Algorithm X sees only singles (an item with one option left). A digit of a region
//! confined to the cells it shares with another region is invisible to it, and the multi-grid
//! clueless-2 sudokus of janko.at need exactly that to pass what one grid knows to the tenth
//! grid and on to the others. Without it the search guessed its way through up to 5.7 million
//! nodes for one puzzle; with it, at most 29 067 (docs/PERFORMANCE.md). The rule runs once,
//! before the search, and costs it no nodes.

use dancer::{Entry, ProblemBuilder};

use super::encode::Placement;

/// Options and their placements as they are made, before the problem is built: option k is
/// `entries[bounds[k]..bounds[k + 1]]` and places `placements[starts[k]..starts[k + 1]]`.
pub(super) struct Building {
    entries: Vec<Entry>,
    bounds: Vec<usize>,
    placements: Vec<Placement>,
    starts: Vec<usize>,
}

impl Default for Building {
    fn default() -> Building {
        Building { entries: Vec::new(), bounds: vec![0], placements: Vec::new(), starts: vec![0] }
    }
}

impl Building {
    /// The next option: `entries`, placing `placements`.
    pub(super) fn push(&mut self, entries: &[Entry], placements: &[Placement]) {
        self.entries.extend_from_slice(entries);
        self.bounds.push(self.entries.len());
        self.placements.extend_from_slice(placements);
        self.starts.push(self.placements.len());
    }

    /// Adds the options to `builder`, without those [`surviving`] strikes out when `reduce`,
    /// and returns the placements and starts of the options added.
    pub(super) fn add_to(
        self,
        builder: &mut ProblemBuilder,
        primary: usize,
        reduce: bool,
    ) -> (Vec<Placement>, Vec<usize>) {
        let options = self.bounds.len() - 1;
        let keep = if reduce {
            surviving(&self.entries, &self.bounds, builder.item_count(), primary)
        } else {
            vec![true; options]
        };
        let (mut placements, mut starts) = (Vec::new(), vec![0]);
        for k in (0..options).filter(|&k| keep[k]) {
            builder.option(self.entries[self.bounds[k]..self.bounds[k + 1]].iter().copied());
            placements.extend_from_slice(&self.placements[self.starts[k]..self.starts[k + 1]]);
            starts.push(placements.len());
        }
        (placements, starts)
    }
}

/// The options to keep, out of the options `entries[bounds[k]..bounds[k + 1]]` over `items`
/// items of which the first `primary` are primary (each covered exactly once).
///
/// Every option of every solution is kept (see the module's notes); an item whose options are
/// all struck out means there is no solution, and the search finds that at its first node.
pub(super) fn surviving(
    entries: &[Entry],
    bounds: &[usize],
    items: usize,
    primary: usize,
) -> Vec<bool> {
    let options = bounds.len() - 1;
    let option = |k: usize| &entries[bounds[k]..bounds[k + 1]];
    // The options holding item i are `holding[first[i]..first[i + 1]]`, in increasing order.
    let mut first = vec![0usize; items + 1];
    for entry in entries {
        first[entry.item.index() + 1] += 1;
    }
    for i in 0..items {
        first[i + 1] += first[i];
    }
    let mut holding = vec![0u32; entries.len()];
    let mut next = first.clone();
    for k in 0..options {
        for entry in option(k) {
            let i = entry.item.index();
            holding[next[i]] = u32::try_from(k).expect("an option number fits in 32 bits");
            next[i] += 1;
        }
    }
    let holding = |i: usize| &holding[first[i]..first[i + 1]];
    let mut alive = vec![true; options];
    // Per item, how many of its options are alive.
    let mut left: Vec<usize> = (0..items).map(|i| first[i + 1] - first[i]).collect();
    let mut queue: Vec<usize> = (0..primary).rev().collect();
    let mut queued = vec![true; primary];
    // Per option, the last `a` (plus one) whose options it is among.
    let mut among = vec![0usize; options];
    let mut common: Vec<usize> = Vec::new();
    // Per item, the last round (one per option looked at) that found it uncoloured there.
    let (mut seen, mut round) = (vec![0usize; items], 0);
    while let Some(a) = queue.pop() {
        queued[a] = false;
        let mut live = holding(a).iter().map(|&k| k as usize).filter(|&k| alive[k]);
        let Some(head) = live.next() else { continue };
        // The items every option of `a` holds are among those of its first: most items
        // share none, and the second option already shows it.
        common.extend(option(head).iter().filter(|e| e.color.is_none()).map(|e| e.item.index()));
        // An item with as many options as `a` (the other cells of a cage placed whole) has
        // exactly `a`'s options when it is in all of them: nothing to strike.
        common.retain(|&b| b != a && left[b] != left[a]);
        for k in live {
            if common.is_empty() {
                break;
            }
            round += 1;
            for entry in option(k).iter().filter(|e| e.color.is_none()) {
                seen[entry.item.index()] = round;
            }
            common.retain(|&b| seen[b] == round);
        }
        if common.is_empty() {
            continue;
        }
        for &k in holding(a) {
            among[k as usize] = a + 1;
        }
        for b in common.drain(..) {
            for k in holding(b).iter().map(|&k| k as usize) {
                if !alive[k] || among[k] == a + 1 {
                    continue;
                }
                alive[k] = false;
                for entry in option(k) {
                    let item = entry.item.index();
                    left[item] -= 1;
                    if item < primary && !queued[item] {
                        queued[item] = true;
                        queue.push(item);
                    }
                }
            }
        }
    }
    alive
}

#[cfg(test)]
mod tests {
    use dancer::ItemId;

    use super::*;

    /// Options as entries and bounds, every item uncoloured.
    fn flat(options: &[&[usize]]) -> (Vec<Entry>, Vec<usize>) {
        let mut entries = Vec::new();
        let mut bounds = vec![0];
        for option in options {
            entries.extend(option.iter().map(|&i| Entry::from(ItemId::new(i))));
            bounds.push(entries.len());
        }
        (entries, bounds)
    }

    /// Item 0 is covered only by options holding item 1, so option 2 (item 1 without item 0)
    /// goes; that leaves item 2 only option 3, whose item 3 takes options 4 and 5 out in turn.
    /// The problem's solutions, options 0 and 3 or 1 and 3, are kept.
    #[test]
    fn struck_options_are_those_a_forced_item_excludes() {
        let (entries, bounds) = flat(&[&[0, 1], &[0, 1], &[1, 2], &[2, 3], &[3], &[3, 4]]);
        let keep = surviving(&entries, &bounds, 5, 4);
        assert_eq!(keep, [true, true, false, true, false, false]);
        // Without the rule's first step nothing follows: item 0 is not forced to hold item 1.
        let (entries, bounds) = flat(&[&[0, 1], &[0], &[1, 2], &[2, 3], &[3], &[3, 4]]);
        assert!(surviving(&entries, &bounds, 5, 4).iter().all(|&k| k));
    }

    /// A coloured entry is not an exclusive hold: options agreeing on its colour may share it,
    /// so item 0's options both colouring item 1 strike nothing.
    #[test]
    fn coloured_entries_are_not_exclusive() {
        let mut builder = ProblemBuilder::new();
        let (a, b) = (builder.primary("a"), builder.primary("b"));
        let x = builder.secondary("x");
        let red = builder.color("red");
        let entries: Vec<Entry> = vec![a.into(), (x, red).into(), b.into(), (x, red).into()];
        assert_eq!(surviving(&entries, &[0, 2, 4], 3, 2), [true, true]);
        let entries: Vec<Entry> = vec![a.into(), x.into(), b.into(), (x, red).into()];
        assert_eq!(surviving(&entries, &[0, 2, 4], 3, 2), [true, false]);
    }
}
