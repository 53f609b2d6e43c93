//! Words for explanations: names of cells, digits and regions, lists, and what a step removes.
//! Built only once a step is found, never in a search loop.

use std::fmt::{self, Write};

use super::bits::bits;
use super::forcing;
use super::implications::{decode, Potential, Rule, Run};
use super::{Step, TechniqueKind};
use crate::grid::{symbol, Cell, Digit, MAX_LINE_SIZE};
use crate::variant::{Region, Variant};

/// A cell as players write it: `r4c7`.
pub(super) fn cell(size: usize, cell: Cell) -> CellName {
    CellName { size, cell }
}

/// A digit as the line format writes it (`A` = 10), or its number beyond `Z`.
pub(super) fn digit(digit: Digit) -> DigitName {
    DigitName(digit)
}

/// Writes a cell's name straight into an explanation, with no string of its own.
#[derive(Clone, Copy)]
pub(super) struct CellName {
    size: usize,
    cell: Cell,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.cell / self.size + 1, self.cell % self.size + 1)
    }
}

/// Writes a digit's symbol straight into an explanation.
#[derive(Clone, Copy)]
pub(super) struct DigitName(Digit);

impl fmt::Display for DigitName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if usize::from(self.0) <= MAX_LINE_SIZE {
            f.write_char(symbol(self.0))
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// Appends a cell's name as [`cell`] writes it, without the formatting machinery: singles,
/// nearly every step of a solve, build their sentences this way.
pub(super) fn push_cell(text: &mut String, size: usize, cell: Cell) {
    text.push('r');
    push_number(text, cell / size + 1);
    text.push('c');
    push_number(text, cell % size + 1);
}

/// Appends a digit as [`digit`] writes it.
pub(super) fn push_digit(text: &mut String, digit: Digit) {
    if usize::from(digit) <= MAX_LINE_SIZE {
        text.push(symbol(digit));
    } else {
        push_number(text, usize::from(digit));
    }
}

/// Appends a number below 100: rows, columns and digits (N ≤ 64).
fn push_number(text: &mut String, number: usize) {
    if number >= 10 {
        text.push(char::from(b'0' + (number / 10 % 10) as u8));
    }
    text.push(char::from(b'0' + (number % 10) as u8));
}

/// Cells separated by commas.
pub(super) fn cells(size: usize, list: &[Cell]) -> String {
    let mut text = String::with_capacity(list.len() * 6);
    for (k, &c) in list.iter().enumerate() {
        let comma = if k == 0 { "" } else { ", " };
        write!(text, "{comma}{}", cell(size, c)).expect("writing to a string");
    }
    text
}

/// The digits of a candidate mask separated by commas: `3, 7`.
pub(super) fn digits(mask: u64) -> String {
    bits(mask).map(|d| digit(d as Digit + 1).to_string()).collect::<Vec<_>>().join(", ")
}

/// A region as its `Display` names it: `box 6`.
pub(super) fn region(variant: &Variant, r: usize) -> &Region {
    &variant.regions()[r]
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// What a step removes, digit by digit: `6 removed from r5c3, r5c8` or
/// `3 removed from r1c8; 7 from r1c2, r1c8`.
pub(super) fn removed(size: usize, eliminations: &[(Cell, Digit)]) -> String {
    let mut by_digit: Vec<(Digit, Cell)> = eliminations.iter().map(|&(c, d)| (d, c)).collect();
    by_digit.sort_unstable();
    let mut groups: Vec<String> = Vec::new();
    for group in by_digit.chunk_by(|a, b| a.0 == b.0) {
        let list: Vec<Cell> = group.iter().map(|&(_, c)| c).collect();
        let verb = if groups.is_empty() { " removed" } else { "" };
        groups.push(format!("{}{verb} from {}", digit(group[0].0), cells(size, &list)));
    }
    groups.join("; ")
}

/// `r1c2 is 5` or `r1c2 is not 5`.
pub(super) fn say(n: usize, p: super::implications::Potential) -> String {
    let (at, value, on) = super::implications::decode(n, p);
    let verb = if on { "is" } else { "is not" };
    format!("{} {verb} {}", cell(n, at), digit(value))
}

/// `if r1c2 is 5, then`.
pub(super) fn premise(n: usize, cell: Cell, digit: Digit) -> String {
    format!("if {}, then", say(n, super::implications::potential(n, cell, digit, true)))
}

/// The step of a [forcing chain](super::chains) through `nodes`, from an assumption to its
/// negation (Y-links too where `xy`), explained link by link.
pub(super) fn chain_step(candidates: &super::Candidates, nodes: &[Potential], xy: bool) -> Step {
    let n = candidates.size();
    let (cell, digit, on) = decode(n, nodes[0]);
    let eliminations: Vec<(Cell, Digit)> = if on {
        vec![(cell, digit)]
    } else {
        let others = candidates.candidates(cell) & !(1 << (digit - 1));
        bits(others).map(|d| (cell, d as Digit + 1)).collect()
    };
    let links: Vec<String> = nodes.iter().map(|&p| say(n, p)).collect();
    let name = if xy { "forcing XY-chain" } else { "forcing X-chain" };
    let explanation = format!(
        "{name}: if {}, then {}: a contradiction, so {}",
        links[0],
        links[1..].join(", so "),
        removed(n, &eliminations)
    );
    let mut cells: Vec<Cell> = nodes.iter().map(|&p| decode(n, p).0).collect();
    cells.dedup();
    Step::eliminating(TechniqueKind::ForcingChain, cells, Vec::new(), eliminations, explanation)
}

/// One branch of a forcing chain's step: what it assumes, and where in which run its
/// conclusion lies.
pub(super) struct Branch<'r> {
    pub(super) premise: String,
    pub(super) run: &'r Run,
    pub(super) entry: usize,
}

/// The step of a [multiple forcing chain](super::multiple) concluding `p`, explained branch by
/// branch.
pub(super) fn forcing_step(
    variant: &Variant,
    kind: TechniqueKind,
    p: Potential,
    intro: &str,
    branches: &[Branch],
    joint: &str,
    region: Option<usize>,
) -> Step {
    let n = variant.size();
    let (at, value, on) = decode(n, p);
    let mut cells = Vec::new();
    let mut said = Vec::new();
    for branch in branches {
        let path = branch.run.path(branch.entry);
        let potential = |e: usize| branch.run.entries[e].potential;
        for &e in &path {
            let (c, _, _) = decode(n, potential(e));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        // An "off" that follows from an "off" comes from a rule on the grid the assumption
        // left (dynamic and nested forcing chains); other links alternate.
        let link = |e: usize| match branch.run.rule(e) {
            Some(rule) => format!("{} ({})", say(n, potential(e)), rule_name(variant, rule)),
            None => say(n, potential(e)),
        };
        let chain: Vec<String> = path[1..].iter().map(|&e| link(e)).collect();
        let chain = if chain.is_empty() { say(n, potential(path[0])) } else { chain.join(", so ") };
        said.push(format!("{} {chain}", branch.premise));
    }
    let (placements, eliminations) =
        if on { (vec![(at, value)], Vec::new()) } else { (Vec::new(), vec![(at, value)]) };
    let result =
        if on { format!("{} = {}", cell(n, at), digit(value)) } else { removed(n, &eliminations) };
    let explanation = format!("{}: {intro}{}; {joint}, so {result}", kind.name(), said.join("; "));
    Step {
        technique: kind,
        cells,
        regions: region.into_iter().collect(),
        placements,
        eliminations,
        explanation,
    }
}

/// The rule that turned a candidate off where an assumption's links ran out, named.
fn rule_name(variant: &Variant, rule: Rule) -> String {
    let n = variant.size();
    match rule {
        Rule::Locked(d, from, to) => format!(
            "locked candidates: {} of {} lies in {}",
            digit(d),
            region(variant, from as usize),
            region(variant, to as usize)
        ),
        Rule::HiddenPair(mask, r) => {
            format!("the hidden pair {} in {}", digits(mask), region(variant, r as usize))
        }
        Rule::NakedPair(mask, r) => {
            format!("the naked pair {} in {}", digits(mask), region(variant, r as usize))
        }
        Rule::XWing(d, a, b) => format!(
            "the X-wing of {} on {} and {}",
            digit(d),
            region(variant, a as usize),
            region(variant, b as usize)
        ),
        Rule::Chain { xy, source, length, .. } => {
            let name = if xy { "forcing XY-chain" } else { "forcing X-chain" };
            format!("a nested {name} of {length} nodes from {} to its negation", say(n, source))
        }
        Rule::Multiple { cell: c, region: r, length, .. } if r == u32::MAX => {
            format!(
                "nested cell forcing chains from {}'s candidates, {length} nodes",
                cell(n, c as Cell)
            )
        }
        Rule::Multiple { region: r, digit: d, length, .. } => format!(
            "nested region forcing chains from the places of {} in {}, {length} nodes",
            digit(d),
            region(variant, r as usize)
        ),
        Rule::Dynamic { kind, at, digit: d, length, .. } => match kind {
            forcing::CONTRADICTION => format!(
                "a nested dynamic forcing chain of {length} nodes from {} to a contradiction",
                say(n, at)
            ),
            forcing::DOUBLE => format!(
                "nested dynamic forcing chains of {length} nodes from {} and its negation",
                say(n, at)
            ),
            forcing::CELL => format!(
                "nested dynamic cell forcing chains from {}'s candidates, {length} nodes",
                cell(n, at as Cell)
            ),
            _ => format!(
                "nested dynamic region forcing chains from the places of {} in {}, {length} nodes",
                digit(d),
                region(variant, at as usize)
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_lists() {
        assert_eq!(cell(9, 3 * 9 + 6).to_string(), "r4c7");
        assert_eq!(format!("{} {} {}", digit(5), digit(10), digit(36)), "5 A 36");
        let mut pushed = String::new();
        push_cell(&mut pushed, 64, 64 * 63 + 9);
        push_digit(&mut pushed, 7);
        push_digit(&mut pushed, 12);
        push_digit(&mut pushed, 64);
        assert_eq!(pushed, "r64c107C64");
        assert_eq!(digits(0b100_0100), "3, 7");
        let words = |w: &[&str]| and_list(&w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
        assert_eq!((words(&["2"]), words(&["2", "7"])), ("2".into(), "2 and 7".into()));
        assert_eq!(words(&["1", "2", "3"]), "1, 2 and 3");
        assert_eq!(removed(9, &[(43, 6)]), "6 removed from r5c8");
        assert_eq!(removed(9, &[(8, 7), (1, 7), (8, 3)]), "3 removed from r1c9; 7 from r1c2, r1c9");
    }
}
