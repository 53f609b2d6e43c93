//! The links of a chain across constraints, spelt out (`variant_chain.rs` finds the chains):
//! from an assumed candidate, the singles of the regions to their fixpoint, then the first
//! constraint or implied sum that narrows anything (each beside the regions alone, so that
//! what it does is its own doing), and again, until a contradiction or the candidates sought
//! are gone. Each link records the cells it read and the candidates it removed, so that the
//! links a conclusion needs can be told from those that led nowhere.

use super::bits::bits;
use super::{text, variant_text, VariantLogic};
use crate::grid::{Cell, Digit};

/// One link of a chain: what the assumption, a single or a constraint did to the candidates.
pub(super) struct Link {
    /// The cells whose candidates it read.
    reads: Vec<Cell>,
    /// The candidates it removed, as a mask a cell (for the assumption: the cell's others).
    pub(super) removed: Vec<(Cell, u64)>,
    /// What it says.
    said: Said,
    /// The cells whose removals the conclusion needs (set by [`pruned`]): a constraint's link
    /// says only those.
    relevant: Vec<Cell>,
    /// Whether it is a naked single, whose removals from its peers may leave a cell one digit
    /// without saying so.
    spread: bool,
    /// The cell it is about: the one assumed, left one digit, emptied, or the first it
    /// narrows.
    subject: Cell,
}

/// What a link says.
enum Said {
    Text(String),
    /// A naked single that the link which left it one digit said.
    Silent,
    /// The `rule`-th of the chains' rules, which took the candidates from `before` to
    /// `after` (every cell's): said once the chain is pruned, of its relevant cells alone.
    Rule {
        rule: usize,
        before: Vec<u64>,
        after: Vec<u64>,
    },
}

/// A chain being run: the candidates, its links, and which link last changed each cell.
pub(super) struct Run {
    masks: Vec<u64>,
    pub(super) links: Vec<Link>,
    last_writer: Vec<usize>,
    /// The cells of one digit whose digit has left their peers.
    spread: Vec<bool>,
    /// Whether it ended in a contradiction (its last link).
    pub(super) broken: bool,
}

impl Run {
    /// Records a link about `subject` that read `reads` and removed what `before` (cells
    /// and their masks) holds and the masks now do not.
    fn push(&mut self, subject: Cell, before: &[(Cell, u64)], reads: Vec<Cell>, said: Said) {
        let removed: Vec<(Cell, u64)> = before
            .iter()
            .map(|&(c, mask)| (c, mask & !self.masks[c]))
            .filter(|&(_, gone)| gone != 0)
            .collect();
        for &(c, _) in &removed {
            self.last_writer[c] = self.links.len();
        }
        self.links.push(Link {
            reads,
            removed,
            said,
            relevant: Vec::new(),
            spread: false,
            subject,
        });
    }

    /// Records a contradiction about `subject` that `reads` shows.
    fn broke(&mut self, subject: Cell, reads: Vec<Cell>, said: String) {
        self.push(subject, &[], reads, Said::Text(said));
        self.broken = true;
    }

    /// Whether every one of `targets` is gone.
    fn reached(&self, targets: &[(Cell, Digit)]) -> bool {
        targets.iter().all(|&(c, d)| self.masks[c] >> (d - 1) & 1 == 0)
    }
}

impl VariantLogic {
    /// Runs from `masks` (one a cell, a placed digit as its one bit) with `digit` assumed in
    /// `cell`, until a contradiction, or until `targets` (when some) are all gone, or until
    /// nothing narrows. The whole run: [`pruned`] keeps what a conclusion needs.
    pub(super) fn spell(
        &self,
        masks: &[u64],
        cell: Cell,
        digit: Digit,
        targets: &[(Cell, Digit)],
    ) -> Run {
        let n = self.variant().size();
        let mut run = Run {
            masks: masks.to_vec(),
            links: Vec::new(),
            last_writer: vec![0; masks.len()],
            spread: masks.iter().map(|m| m.is_power_of_two()).collect(),
            broken: false,
        };
        run.masks[cell] = 1 << (digit - 1);
        let said = format!("if {} is {}", text::cell(n, cell), text::digit(digit));
        run.push(cell, &[(cell, masks[cell])], Vec::new(), Said::Text(said));
        let done = |run: &Run| run.broken || !targets.is_empty() && run.reached(targets);
        let chain = self.chain_rules();
        // The rules to run again: a cell of theirs changed since they last changed nothing.
        let mut stale = vec![true; chain.rules.len()];
        let mut looked = 0;
        loop {
            self.singles(&mut run);
            if done(&run) {
                return run;
            }
            for link in &run.links[looked..] {
                for &(c, _) in &link.removed {
                    for &k in &chain.of_cell[c] {
                        stale[k] = true;
                    }
                }
            }
            looked = run.links.len();
            let mut changed = false;
            // A rule that changes nothing leaves the masks as they were.
            let old = run.masks.clone();
            for (k, rule) in chain.rules.iter().enumerate() {
                if !std::mem::replace(&mut stale[k], false) {
                    continue;
                }
                let reads = || rule.cells.clone();
                let name = || variant_text::name(self.model(), &rule.source, &rule.cells);
                match rule.apply(&mut run.masks) {
                    None => {
                        run.broke(rule.cells[0], reads(), format!("{} cannot be filled", name()));
                        return run;
                    }
                    Some(false) => {}
                    Some(true) => {
                        let before: Vec<(Cell, u64)> = old.iter().copied().enumerate().collect();
                        let first = (0..old.len()).find(|&c| old[c] != run.masks[c]);
                        let said = Said::Rule { rule: k, before: old, after: run.masks.clone() };
                        run.push(first.unwrap_or(rule.cells[0]), &before, reads(), said);
                        changed = true;
                        break;
                    }
                }
            }
            if !changed || done(&run) {
                return run;
            }
        }
    }

    /// Naked and hidden singles to their fixpoint, or a contradiction.
    fn singles(&self, run: &mut Run) {
        let geometry = self.geometry();
        let n = self.variant().size();
        loop {
            let mut progress = false;
            for c in 0..run.masks.len() {
                let mask = run.masks[c];
                if mask == 0 {
                    run.broke(c, vec![c], format!("{} has no digit left", text::cell(n, c)));
                    return;
                }
                if run.spread[c] || !mask.is_power_of_two() {
                    continue;
                }
                run.spread[c] = true;
                let peers = geometry.peers(c);
                let before: Vec<(Cell, u64)> = (0..run.masks.len())
                    .filter(|&p| peers[p / 64] >> (p % 64) & 1 == 1 && run.masks[p] & mask != 0)
                    .map(|p| (p, run.masks[p]))
                    .collect();
                if before.is_empty() {
                    continue;
                }
                for &(p, _) in &before {
                    run.masks[p] &= !mask;
                }
                // A cell left one digit by a constraint or a hidden single was said so there.
                let unsaid = run.links[run.last_writer[c]].spread;
                let digit = text::digit(mask.trailing_zeros() as Digit + 1);
                let said = if unsaid {
                    Said::Text(format!("{} is then {digit}", text::cell(n, c)))
                } else {
                    Said::Silent
                };
                run.push(c, &before, vec![c], said);
                run.links.last_mut().expect("just pushed").spread = true;
                progress = true;
            }
            for r in 0..geometry.region_count() {
                let region = geometry.region(r);
                for d in 0..n {
                    let (first, second) = {
                        let mut places =
                            region.iter().copied().filter(|&c| run.masks[c] >> d & 1 == 1);
                        (places.next(), places.next())
                    };
                    let digit = text::digit(d as Digit + 1);
                    let name = text::region(self.variant(), r);
                    match (first, second) {
                        (None, _) => {
                            let said = format!("{digit} has no place in {name}");
                            run.broke(region[0], region.to_vec(), said);
                            return;
                        }
                        (Some(c), None) if !run.masks[c].is_power_of_two() => {
                            let before = [(c, run.masks[c])];
                            run.masks[c] = 1 << d;
                            let said = format!("{digit} in {name} is then at {}", text::cell(n, c));
                            run.push(c, &before, region.to_vec(), Said::Text(said));
                            progress = true;
                        }
                        _ => {}
                    }
                }
            }
            if !progress {
                return;
            }
        }
    }
}

/// The links of `run` that its conclusion needs: the assumption, the contradiction when it
/// broke, else the links that removed `targets`; and each link that removed a candidate of a
/// cell that a later link kept reads.
pub(super) fn pruned(run: Run, targets: &[(Cell, Digit)], cells: usize) -> Vec<Link> {
    let mut links = run.links;
    let mut keep = vec![false; links.len()];
    keep[0] = true;
    // The targets each link removed: the chain's ends, which it says whatever follows.
    let mut ends: Vec<Vec<Cell>> = vec![Vec::new(); links.len()];
    if run.broken {
        keep[links.len() - 1] = true;
    } else {
        for &(c, d) in targets {
            let bit = 1u64 << (d - 1);
            let remover = links.iter().position(|link| {
                link.removed.iter().any(|&(cell, gone)| cell == c && gone & bit != 0)
            });
            if let Some(k) = remover {
                keep[k] = true;
                ends[k].push(c);
            }
        }
    }
    // Backwards, so that a link is kept for what a kept link after it reads, and never for
    // what only a link after the ends (the rest of their singles' pass) reads.
    let mut wanted = vec![false; cells];
    for i in (0..links.len()).rev() {
        let link = &mut links[i];
        link.relevant = link
            .removed
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| wanted[c] || ends[i].contains(&c))
            .collect();
        if keep[i] || !link.relevant.is_empty() {
            keep[i] = true;
            for &c in &link.reads {
                wanted[c] = true;
            }
        }
    }
    links.into_iter().zip(keep).filter_map(|(link, kept)| kept.then_some(link)).collect()
}

impl VariantLogic {
    /// What `link` says, if anything: a constraint says what it leaves in its own cells and
    /// in those others whose removals the chain needs (not every cell of their regions).
    pub(super) fn say(&self, link: &Link) -> Option<String> {
        match &link.said {
            Said::Text(text) => Some(text.clone()),
            Said::Silent => None,
            Said::Rule { rule, before, after } => {
                let rule = &self.chain_rules().rules[*rule];
                // Its own cells, then the others the chain reads on from.
                let mut shown = before.clone();
                for &c in rule.cells.iter().chain(&link.relevant) {
                    shown[c] = after[c];
                }
                Some(variant_text::said(self.model(), &rule.source, &rule.cells, before, &shown))
            }
        }
    }
}

/// The cells a chain's links are about, in order, once each: its length, as SE counts a
/// chain's nodes.
pub(super) fn chain_cells(links: &[Link]) -> Vec<Cell> {
    let mut cells = Vec::with_capacity(links.len());
    for link in links {
        if !cells.contains(&link.subject) {
            cells.push(link.subject);
        }
    }
    cells
}

/// The candidates of `mask` as digits.
pub(super) fn digits_of(mask: u64) -> impl Iterator<Item = Digit> {
    bits(mask).map(|d| d as Digit + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(reads: &[Cell], removed: &[(Cell, u64)], said: &str) -> Link {
        Link {
            reads: reads.to_vec(),
            removed: removed.to_vec(),
            said: Said::Text(said.to_string()),
            relevant: Vec::new(),
            spread: false,
            subject: removed.first().map(|&(c, _)| c).or(reads.first().copied()).unwrap_or(0),
        }
    }

    fn run(links: Vec<Link>, broken: bool) -> Run {
        Run { masks: vec![0; 8], links, last_writer: vec![0; 8], spread: vec![false; 8], broken }
    }

    fn kept(links: &[Link]) -> Vec<&str> {
        links
            .iter()
            .map(|link| match &link.said {
                Said::Text(text) => text.as_str(),
                _ => "",
            })
            .collect()
    }

    #[test]
    fn a_contradiction_keeps_the_links_it_reads_back_to_and_drops_the_others() {
        let links = vec![
            link(&[], &[(0, 0b110)], "assume"),
            // Removes from cell 5, which nothing later reads: dropped.
            link(&[0], &[(5, 0b1)], "aside"),
            link(&[0], &[(1, 0b1)], "on"),
            // Reads cell 1, which the link before changed.
            link(&[1, 2], &[(2, 0b10)], "further"),
            link(&[2], &[], "broken"),
        ];
        let pruned = pruned(run(links, true), &[], 8);
        assert_eq!(kept(&pruned), ["assume", "on", "further", "broken"]);
        assert_eq!(pruned[1].relevant, [1]);
    }

    #[test]
    fn a_branch_keeps_the_links_that_remove_its_targets() {
        let links = vec![
            link(&[], &[(0, 0b110)], "assume"),
            link(&[0], &[(3, 0b100)], "target"),
            link(&[0], &[(4, 0b100)], "other"),
            // After the target went: another digit of its cell, which nothing needs.
            link(&[4], &[(3, 0b1)], "after"),
        ];
        let pruned = pruned(run(links, false), &[(3, 3)], 8);
        assert_eq!(kept(&pruned), ["assume", "target"]);
        assert_eq!(pruned[1].relevant, [3]);
        assert_eq!(chain_cells(&pruned), [0, 3]);
    }
}
