//! The variant logic (`VariantLogic`: hint, explain and rate on puzzles with cages, dots, lines,
//! parity or pencilmarks): on every published variant file of the project, each step of the
//! logical path is true in the unique solution (its placements are the solution's digits, its
//! eliminations never the solution's), and the constraints' steps name them.

use std::collections::BTreeMap;
use std::path::Path;

use dancer_sudoku::{
    fpuzzles, iss, janko_killer, janko_puzzles, krazydad_killer, parse_puzzle, sudokupad, sukaku,
    JankoKind, Model, Rater, Record, Relation, RelationKind, TechniqueKind, Template, Variant,
    VariantLogic,
};
use rayon::prelude::*;

use crate::fixtures::{lines, read, shared};
use crate::variant_samples::samples;

/// Walks `model`'s puzzle with the variant logic, checking each step against its unique
/// solution (and `published`, when given); returns the steps' techniques, or `None` when the
/// model is not one sudoku with constraints on top.
fn walk(name: &str, model: &Model, published: Option<&[u8]>) -> Option<Walked> {
    let logic = VariantLogic::new(model)?;
    let solution = logic.check_unique(&model.givens).unwrap_or_else(|e| panic!("{name}: {e}"));
    let solution: Vec<u8> = solution.iter().map(|d| d.unwrap_or(0)).collect();
    if let Some(published) = published {
        assert_eq!(solution, published, "{name}: the unique solution is not the published one");
    }
    let path = logic.solve(&model.givens).unwrap();
    for (k, step) in path.steps.iter().enumerate() {
        assert!(step.eliminations.len() + step.placements.len() > 0, "{name}: step {k}");
        for &(cell, digit) in &step.placements {
            assert_eq!(solution[cell], digit, "{name}: step {}: {}", k + 1, step.explanation);
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution[cell], digit, "{name}: step {}: {}", k + 1, step.explanation);
        }
    }
    for cell in (0..solution.len()).filter(|&c| path.end.digit(c).is_some()) {
        assert_eq!(path.end.digit(cell), Some(solution[cell]), "{name}");
    }
    // `rate` gives a number whenever logic solves it (ER), from the same path; a puzzle of
    // marks only (pencilmarks, parity), as a classic one, from the default techniques' path
    // (its level) and SE's own walk (its number).
    let rating = logic.rate(&model.givens).unwrap();
    let marks_only = model.cages.is_empty() && model.relations.is_empty() && model.lines.is_empty();
    if !marks_only {
        let rated = (rating.steps, rating.solved_by_logic);
        assert_eq!(rated, (path.steps.len(), path.solved), "{name}");
    }
    assert_eq!(rating.se.er.is_some(), path.solved, "{name}");
    for step in path.steps.iter().filter(|s| s.technique == TechniqueKind::ConstraintChain) {
        // `if r1c1 is 5: ...; the cage ... cannot be filled, so r1c1 is not 5` (digits past 9
        // as letters).
        let &[(cell, _)] = &step.eliminations[..] else { panic!("{name}: {step:?}") };
        let at = model.cell_name(cell);
        assert!(step.explanation.starts_with(&format!("if {at} is ")), "{name}: {step:?}");
        assert!(step.explanation.contains(&format!(", so {at} is not ")), "{name}: {step:?}");
    }
    Some(Walked { kinds: path.steps.iter().map(|s| s.technique).collect(), solved: path.solved })
}

/// What a walk found: the steps' techniques, and whether they solved the puzzle.
#[derive(Clone)]
struct Walked {
    kinds: Vec<TechniqueKind>,
    solved: bool,
}

/// A reader of one puzzle a line.
type Reader = fn(&str) -> Option<Record>;

/// How many steps of each kind a set of puzzles took, and how many were solved by logic.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    steps: BTreeMap<&'static str, usize>,
}

impl Tally {
    fn add(&mut self, walked: Option<Walked>) {
        let Some(Walked { kinds, solved }) = walked else { return };
        self.puzzles += 1;
        self.solved += usize::from(solved);
        for kind in kinds {
            *self.steps.entry(kind.name()).or_default() += 1;
        }
    }

    fn has(&self, kind: TechniqueKind) -> bool {
        self.steps.get(kind.name()).is_some_and(|&n| n > 0)
    }
}

#[test]
fn every_step_on_the_committed_variants_holds_in_the_solution() {
    let mut all = Tally::default();
    for (file, records) in samples() {
        let mut tally = Tally::default();
        // On all cores: the fourth sukaku needs SE's level 4 (seconds a step).
        let walked: Vec<_> =
            records.par_iter().map(|r| walk(&r.name, &r.model, r.solution.as_deref())).collect();
        for walked in walked {
            tally.add(walked.clone());
            all.add(walked);
        }
        eprintln!(
            "{file}: {} puzzles, {} solved, steps {:?}",
            tally.puzzles, tally.solved, tally.steps
        );
        // Pencilmarks walk as classic puzzles, Sudoku Explainer's chains included: all solved.
        if file.starts_with("sukaku") {
            assert_eq!(tally.solved, records.len(), "{file}");
            assert!(tally.steps.keys().any(|k| k.contains("forcing chain")), "{file}");
            // One sign beside the first one's marks (true of its solution) makes it a
            // constraint puzzle, which the constraint logic walks, with forcing chains across
            // the sign, the marks and the regions.
            let record = &records[0];
            let solution = record.solution.as_deref().unwrap();
            let (a, b) = if solution[0] < solution[1] { (0, 1) } else { (1, 0) };
            let mut signed = record.model.clone();
            signed.relations.push(Relation { a, b, kind: RelationKind::Less });
            let walked = walk(&record.name, &signed, Some(solution)).unwrap();
            assert!(walked.kinds.contains(&TechniqueKind::ConstraintForcing), "{file}");
            all.add(Some(walked));
        }
        if file.starts_with("killer") {
            assert!(tally.puzzles == records.len() && tally.has(TechniqueKind::Cage), "{file}");
        }
        if file.starts_with("kropki") || file.starts_with("xv") || file.starts_with("consecutive") {
            assert!(tally.has(TechniqueKind::Relation), "{file}");
        }
        // Dots need chains across them and the regions: every one solved by logic so.
        if ["consecutive", "difference", "kropki", "xv", "negative"]
            .iter()
            .any(|f| file.starts_with(f))
        {
            assert_eq!(tally.solved, records.len(), "{file}");
            assert!(tally.has(TechniqueKind::ConstraintChain), "{file}");
        }
    }
    assert!(all.has(TechniqueKind::ConstraintForcing));
    // The ISS, f-puzzles and SudokuPad samples: a 6×6 of cage, thermometer, little killer,
    // whispers, black dot and X; a Kropki 6×6.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants/");
    let readers: [(&str, Reader); 3] = [
        ("iss.txt", |line| iss(line).ok().map(|r| r.record)),
        ("fpuzzles.txt", |line| fpuzzles(line).ok().map(|r| r.record)),
        ("sudokupad.txt", |line| sudokupad(line).ok().map(|r| r.record)),
    ];
    let mut lined = Tally::default();
    for (file, reader) in readers {
        let text = std::fs::read_to_string(format!("{dir}{file}")).unwrap();
        for record in lines(&text).filter_map(reader) {
            lined.add(walk(&record.name, &record.model, record.solution.as_deref()));
        }
    }
    eprintln!("iss, f-puzzles, SudokuPad: {} puzzles, steps {:?}", lined.puzzles, lined.steps);
    assert!(lined.has(TechniqueKind::Line) && lined.has(TechniqueKind::Relation));
    assert!(all.has(TechniqueKind::InniesOuties));
}

/// Every puzzle of a published file read by `reader`, on all cores.
fn published(file: &str, reader: fn(&str) -> Result<Record, dancer_sudoku::ReadError>) -> Tally {
    let text = read(&shared(&format!("variants/{file}")));
    let records: Vec<Record> = lines(&text).map(|line| reader(line).unwrap()).collect();
    gather(file, &records)
}

fn gather(file: &str, records: &[Record]) -> Tally {
    let walked: Vec<_> =
        records.par_iter().map(|r| walk(&r.name, &r.model, r.solution.as_deref())).collect();
    let mut tally = Tally::default();
    for w in walked {
        tally.add(w);
    }
    eprintln!(
        "{file}: {} puzzles walked, {} solved, steps {:?}",
        tally.puzzles, tally.solved, tally.steps
    );
    tally
}

#[test]
#[ignore = "needs ../shared/data"]
fn every_step_on_the_published_variants_holds_in_the_solution() {
    assert!(published("janko_killer.txt", janko_killer).has(TechniqueKind::Cage));
    assert!(published("krazydad_killer_9x9.txt", krazydad_killer).has(TechniqueKind::Cage));
    let root = shared("variants/janko_puzzlekit");
    for (directory, kind) in [
        ("KillerSudoku", TechniqueKind::Cage),
        ("ConsecutiveSudoku", TechniqueKind::Relation),
        ("EvenOddSudoku", TechniqueKind::HiddenSingle),
    ] {
        let kit: JankoKind = directory.parse().unwrap();
        let file = |part: &str, name: &str| {
            read(&root.join(format!("{directory}/{part}/{directory}_{name}.json")))
        };
        let (problems, solutions) = (file("problems", "puzzles"), file("solutions", "solutions"));
        let records: Vec<Record> = janko_puzzles(kit, &problems, Some(&solutions))
            .unwrap()
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert!(gather(directory, &records).has(kind), "{directory}");
    }
    let text = read(&shared("variants/online/fpuzzles_sudokusolver.jsonl"));
    let records: Vec<Record> = text
        .lines()
        .filter_map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let link = format!("https://www.f-puzzles.com/?load={}", value["puzzle"].as_str()?);
            fpuzzles(&link).ok().map(|read| read.record)
        })
        .collect();
    let online = gather("fpuzzles_sudokusolver.jsonl", &records);
    assert!(online.has(TechniqueKind::Line) && online.has(TechniqueKind::Relation));
}

#[test]
fn a_sukaku_is_explained_and_rated_as_its_classic_puzzle() {
    // data/variants/sukaku-classic.txt writes classic.txt's puzzles as pencilmarks (each blank
    // cell what its regions leave): the marks say what the givens do, so the classic hints walk
    // them the same way, uniqueness and Sudoku Explainer's chains included, and the rating is
    // the classic one, as SukakuExplainer rates a sukaku.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/");
    let text = read(Path::new(&format!("{dir}variants/sukaku-classic.txt")));
    let sukakus: Vec<&str> = lines(&text).collect();
    let classics = read(Path::new(&format!("{dir}puzzles/classic.txt")));
    let classics: Vec<&str> = lines(&classics).map(|l| l.split(':').next().unwrap()).collect();
    let template = Template::new(Variant::standard(9).unwrap());
    let mut rater = Rater::new(&template);
    // The first is solved by singles; the fourth (tarek071223170000-052) needs dynamic forcing
    // chains (+), where the constraint logic stalled after one step.
    for k in [0, 3] {
        let model = sukaku(sukakus[k]).unwrap().model;
        let logic = VariantLogic::new(&model).unwrap();
        let classic = parse_puzzle(classics[k]).unwrap().grid;
        let path = logic.solve(&model.givens).unwrap();
        let expected = rater.hints().solve(&classic).unwrap();
        assert!(path.solved, "{k}");
        let kinds = |p: &dancer_sudoku::Path| -> Vec<TechniqueKind> {
            p.steps.iter().map(|s| s.technique).collect()
        };
        assert_eq!(kinds(&path), kinds(&expected), "{k}");
        let (rating, expected) =
            (logic.rate(&model.givens).unwrap(), rater.rate(&classic).unwrap());
        assert_eq!(rating.to_string(), expected.to_string(), "{k}");
        assert!(rating.se.er.is_some(), "{k}");
    }
}
