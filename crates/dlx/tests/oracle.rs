//! An independent oracle for small problems: a solution checker written straight from the
//! definition of exact cover with colours, and enumerators of all subsets of options that pass
//! it. Nothing here uses the engine's search, only the problem's accessors, so the property
//! tests can compare the engine against it.

use std::collections::BTreeSet;

use dancer::{ColorId, Entry, ItemId, OptionId, Problem};

/// A solution as the sorted indices of its options: the engine reports options in search
/// order, so solutions are compared as sets.
pub(crate) type Chosen = Vec<usize>;

/// The engine's solution, sorted, as a [`Chosen`].
pub(crate) fn sorted(solution: &[OptionId]) -> Chosen {
    let mut chosen: Chosen = solution.iter().map(|o| o.index()).collect();
    chosen.sort_unstable();
    chosen
}

/// Whether `option` has a primary item. `Problem`'s documentation says an option without one
/// "can never be part of a solution: Algorithm X only chooses options to cover primary items",
/// so the oracle excludes such options.
pub(crate) fn has_primary(problem: &Problem, option: usize) -> bool {
    problem.option(OptionId::new(option)).iter().any(|e| problem.is_primary(e.item))
}

/// Whether the options `chosen` (distinct indices, any order) solve `problem`: every chosen
/// option has a primary item, every primary item lies in exactly one chosen option (or, with
/// multiplicities, in as many as its bounds allow), and every
/// secondary item lies in at most one, unless all the chosen options that use it give it the
/// same colour (an uncoloured use is exclusive).
pub(crate) fn is_solution(problem: &Problem, chosen: &[usize]) -> bool {
    let distinct: BTreeSet<_> = chosen.iter().collect();
    if distinct.len() != chosen.len() || chosen.iter().any(|&k| k >= problem.option_count()) {
        return false;
    }
    // The colours each item receives from the chosen options (None for an uncoloured use).
    let mut uses: Vec<Vec<Option<&str>>> = vec![Vec::new(); problem.item_count()];
    for &k in chosen {
        if !has_primary(problem, k) {
            return false;
        }
        for entry in problem.option(OptionId::new(k)) {
            uses[entry.item.index()].push(entry.color.map(|c| problem.color_name(c)));
        }
    }
    uses.iter().enumerate().all(|(item, colors)| {
        if item < problem.primary_count() {
            let uses = u32::try_from(colors.len()).unwrap_or(u32::MAX);
            problem.multiplicity(ItemId::new(item)).contains(&uses)
        } else {
            colors.len() <= 1 || colors.iter().all(|&c| c.is_some() && c == colors[0])
        }
    })
}

/// Whether options `a` and `b` may both be in a solution: no shared primary item, and every
/// shared secondary item coloured alike by both.
pub(crate) fn compatible(problem: &Problem, a: usize, b: usize) -> bool {
    clash(problem, &[a], b).is_none()
}

/// The first item of option `b`, in `b`'s order, that stops it joining the options `earlier`:
/// one they share with it, unless it is secondary and both give it the same colour.
pub(crate) fn clash(problem: &Problem, earlier: &[usize], b: usize) -> Option<usize> {
    let same_color = |x: Option<ColorId>, y: Option<ColorId>| x.is_some() && x == y;
    let clashes = |entry: &Entry, a: usize| {
        problem.option(OptionId::new(a)).iter().any(|shared| {
            shared.item == entry.item
                && (problem.is_primary(entry.item) || !same_color(shared.color, entry.color))
        })
    };
    let option = problem.option(OptionId::new(b));
    option
        .iter()
        .find(|entry| earlier.iter().any(|&a| clashes(entry, a)))
        .map(|entry| entry.item.index())
}

/// Every solution, by literally trying all 2^m subsets of the m options. Only for m ≤ 16.
pub(crate) fn brute_force(problem: &Problem) -> BTreeSet<Chosen> {
    let m = problem.option_count();
    assert!(m <= 16, "2^{m} subsets is too many to try");
    (0u32..1 << m)
        .map(|mask| (0..m).filter(|&k| mask >> k & 1 == 1).collect::<Chosen>())
        .filter(|chosen| is_solution(problem, chosen))
        .collect()
}

/// Every solution, by deciding for each option in turn whether to take it, and skipping only
/// subsets that already break a rule no later choice can repair: an option without primary
/// items, two options that are not [`compatible`], or a primary item left uncovered that no
/// later option contains. Every leaf is still judged by [`is_solution`]. Fast enough for the
/// 24 options of the generated problems, where trying all 2^24 subsets is not.
pub(crate) fn solutions(problem: &Problem) -> BTreeSet<Chosen> {
    struct Walk<'a> {
        problem: &'a Problem,
        /// For each primary item, the last option that contains it (or None).
        last: Vec<Option<usize>>,
        covered: Vec<bool>,
        chosen: Chosen,
        found: BTreeSet<Chosen>,
    }
    impl Walk<'_> {
        fn walk(&mut self, next: usize) {
            let hopeless = |(item, &covered): (usize, &bool)| {
                !covered && self.last[item].is_none_or(|l| l < next)
            };
            if self.covered.iter().enumerate().any(hopeless) {
                return;
            }
            if next == self.problem.option_count() {
                if is_solution(self.problem, &self.chosen) {
                    self.found.insert(self.chosen.clone());
                }
                return;
            }
            self.walk(next + 1);
            let fits = self.chosen.iter().all(|&k| compatible(self.problem, k, next));
            if has_primary(self.problem, next) && fits {
                self.set(next, true);
                self.chosen.push(next);
                self.walk(next + 1);
                self.chosen.pop();
                self.set(next, false);
            }
        }

        fn set(&mut self, option: usize, covered: bool) {
            for entry in self.problem.option(OptionId::new(option)) {
                if self.problem.is_primary(entry.item) {
                    self.covered[entry.item.index()] = covered;
                }
            }
        }
    }
    let mut last = vec![None; problem.primary_count()];
    for (k, option) in problem.options().enumerate() {
        for entry in option.iter().filter(|e| problem.is_primary(e.item)) {
            last[entry.item.index()] = Some(k);
        }
    }
    let covered = vec![false; problem.primary_count()];
    let mut walk = Walk { problem, last, covered, chosen: Vec::new(), found: BTreeSet::new() };
    walk.walk(0);
    walk.found
}

/// How many of `all` contain every option of `subset`.
pub(crate) fn containing(all: &BTreeSet<Chosen>, subset: &[usize]) -> usize {
    all.iter().filter(|solution| subset.iter().all(|k| solution.contains(k))).count()
}
