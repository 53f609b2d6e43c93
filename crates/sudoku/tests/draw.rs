//! Pictures of every variant (issue 24): each SVG parsed with a real XML parser and its parts
//! counted against what the model has, counted here from the model by definitions of our own
//! (a thick edge is one no box or jigsaw piece spans; a relation mark is drawn for each
//! relation of neighbours); and the text that `sudoku show` prints, read glyph by glyph.

use std::{collections::BTreeMap, fs, path::Path};

use dancer_sudoku::draw::{self, Content, Figure, Ink, Outline};
use dancer_sudoku::{Model, Record, RelationKind, Variant};

/// Every committed sample of data/variants, by file.
fn samples() -> Vec<(String, Record)> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants"));
    let mut files: Vec<_> = fs::read_dir(dir)
        .expect("data/variants is committed")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        // The first record of each file: the tests below count every part of it.
        let record = Record::from_json(text.lines().next().unwrap()).unwrap();
        out.push((name, record));
    }
    assert!(out.len() >= 14, "every sample file is read");
    out
}

/// What an SVG holds, counted by class.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    cells: usize,
    borders: usize,
    extra: usize,
    cages: usize,
    sums: Vec<String>,
    relations: usize,
    parity: usize,
    givens: usize,
    given_texts: Vec<String>,
    bold_givens: usize,
    solution: usize,
    pencil: usize,
}

fn count(svg: &str) -> Counts {
    let document = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let mut counts = Counts::default();
    for node in document.descendants().filter(roxmltree::Node::is_element) {
        let class = node.attribute("class").unwrap_or("");
        match (node.tag_name().name(), class) {
            ("rect", "cell") => counts.cells += 1,
            ("line", "border") => counts.borders += 1,
            ("rect", "extra") => counts.extra += 1,
            ("path", "cage") => counts.cages += 1,
            ("text", "sum") => counts.sums.push(node.text().unwrap_or("").trim().to_owned()),
            ("g", "relation") => counts.relations += 1,
            (_, "parity odd" | "parity even") => counts.parity += 1,
            ("text", "given") => {
                counts.givens += 1;
                counts.given_texts.push(node.text().unwrap_or("").trim().to_owned());
                counts.bold_givens += usize::from(node.attribute("font-weight") == Some("bold"));
            }
            ("text", "solution") => counts.solution += 1,
            ("text", "pencil") => counts.pencil += 1,
            _ => {}
        }
    }
    counts
}

/// Whether `region` is one row or one column of the rectangle.
fn is_line(model: &Model, region: &[usize]) -> bool {
    let w = model.width;
    region.iter().all(|&c| c / w == region[0] / w) || region.iter().all(|&c| c % w == region[0] % w)
}

/// Thick edges by definition: between a used cell and the outside or an unused cell, or between
/// two used neighbours that no region other than a row or column holds both of (valid for
/// models whose only other regions are boxes or pieces, and extra regions of non-neighbours).
fn thick_edges(model: &Model) -> usize {
    let (w, h) = (model.width, model.height);
    // A cell by (row, column), each one past the end or `None` for one before the start.
    let used = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) if r < h && c < w && model.used[r * w + c] => Some(r * w + c),
        _ => None,
    };
    let spanned = |a: usize, b: usize| {
        model.regions.iter().any(|r| !is_line(model, r) && r.contains(&a) && r.contains(&b))
    };
    let mut thick = 0;
    for r in 0..=h {
        for c in 0..=w {
            let here = used(Some(r), Some(c));
            // The edge above (r, c) and the edge left of it.
            for other in [used(r.checked_sub(1), Some(c)), used(Some(r), c.checked_sub(1))] {
                thick += usize::from(match (here, other) {
                    (Some(a), Some(b)) => !spanned(a, b),
                    (Some(_), None) | (None, Some(_)) => true,
                    (None, None) => false,
                });
            }
        }
    }
    thick
}

/// Relations drawn: those between neighbours, but the negative rules of a grid where every mark
/// is given (the absence of a bar or a dot) and anti-king or anti-knight's `different`.
fn drawn_relations(model: &Model) -> usize {
    let w = model.width;
    model
        .relations
        .iter()
        .filter(|r| {
            !matches!(
                r.kind,
                RelationKind::NotConsecutive
                    | RelationKind::Different
                    | RelationKind::NotDifference(_)
                    | RelationKind::NotSum(_)
                    | RelationKind::NotRatio(_)
            )
        })
        .filter(|r| (r.a / w).abs_diff(r.b / w) + (r.a % w).abs_diff(r.b % w) == 1)
        .count()
}

#[test]
fn every_sample_svg_has_its_cells_borders_cages_sums_marks_and_nothing_in_unused_cells() {
    for (name, record) in samples() {
        let model = &record.model;
        let caption = format!("{name} & <co>");
        let figure = Figure { model, solution: None, caption: Some(&caption) };
        let svg = figure.document();
        let counts = count(&svg);
        let used = model.used.iter().filter(|&&u| u).count();
        let givens = model.givens.iter().flatten().count();
        assert_eq!(counts.cells, used, "{name}: a cell square per used cell, none for unused");
        assert_eq!(counts.borders, thick_edges(model), "{name}: thick edges");
        assert_eq!(counts.cages, model.cages.len(), "{name}: a dashed outline per cage");
        let mut sums: Vec<String> =
            model.cages.iter().filter_map(|c| c.sum).map(|s| s.to_string()).collect();
        let mut drawn = counts.sums.clone();
        sums.sort();
        drawn.sort();
        assert_eq!(drawn, sums, "{name}: every cage's sum");
        assert_eq!(counts.relations, drawn_relations(model), "{name}: relation marks");
        assert_eq!(counts.parity, model.parity.len(), "{name}: parity shapes");
        assert_eq!((counts.givens, counts.bold_givens), (givens, givens), "{name}: bold givens");
        let pencil: u32 = model.candidates.iter().map(|(_, set)| set.count_ones()).sum();
        assert_eq!(counts.pencil, pencil as usize, "{name}: candidates small in their cells");
        assert!(svg.contains("&amp; &lt;co&gt;"), "{name}: the caption is escaped");
        let unused = model.used.len() - used;
        if name.starts_with("samurai") {
            assert_eq!(unused, 441 - 369, "a samurai leaves 72 cells of its 21x21 out");
        }
    }
}

#[test]
fn the_solution_is_drawn_in_another_class_where_nothing_is_given() {
    let (_, record) = samples().into_iter().find(|(name, _)| name == "killer-9x9").unwrap();
    let model = &record.model;
    let solution: Vec<Option<u8>> =
        record.solution.as_ref().unwrap().iter().map(|&d| Some(d)).collect();
    let counts = count(&Figure { model, solution: Some(&solution), caption: None }.document());
    assert_eq!(counts.solution + counts.givens, 81);
    assert!(counts.solution > 0);
}

#[test]
fn hyper_windows_and_diagonals_are_shaded_and_jigsaw_pieces_outlined() {
    let hyper = Model::from_variant(&Variant::standard(9).unwrap().with_hyper().unwrap());
    let counts = count(&Figure { model: &hyper, solution: None, caption: None }.document());
    assert_eq!((counts.cells, counts.borders, counts.extra), (81, 72, 36));
    let x = Model::from_variant(&Variant::standard(9).unwrap().with_diagonals().unwrap());
    assert_eq!(count(&Figure { model: &x, solution: None, caption: None }.document()).extra, 17);
    let layout = "aaabccccc aaabbbccc addddbbbc aadeeeebb ddddeffff ggeeeefhh igggffffh \
                  iiiggghhh iiiiighhh";
    let jigsaw = Model::from_variant(&Variant::jigsaw(9, layout).unwrap());
    let counts = count(&Figure { model: &jigsaw, solution: None, caption: None }.document());
    assert_eq!((counts.cells, counts.extra), (81, 0));
    assert_eq!(counts.borders, thick_edges(&jigsaw));
    assert!(counts.borders > 72, "a jigsaw's pieces have longer borders than boxes");
    // 16×16: symbols past 9 are letters.
    let mut big = Model::from_variant(&Variant::standard(16).unwrap());
    big.givens[0] = Some(16);
    let svg = Figure { model: &big, solution: None, caption: None }.document();
    let counts = count(&svg);
    assert_eq!((counts.cells, counts.borders, counts.givens), (256, 5 * 16 * 2, 1));
    assert_eq!(counts.given_texts, ["G"], "16 is written G, as `sudoku` writes it");
}

#[test]
fn a_page_holds_six_killers_on_a4_and_letter() {
    let (_, record) = samples().into_iter().find(|(name, _)| name == "killer-9x9").unwrap();
    let figures: Vec<Figure<'_>> = (0..6)
        .map(|_| Figure { model: &record.model, solution: None, caption: Some("k") })
        .collect();
    for (paper, size) in [(draw::Paper::A4, "210mm"), (draw::Paper::Letter, "215.9mm")] {
        let svg = draw::page(&figures, paper);
        let document = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(document.root_element().attribute("width"), Some(size));
        let counts = count(&svg);
        assert_eq!(counts.cells, 6 * 81);
        assert_eq!(counts.cages, 6 * record.model.cages.len());
        let puzzles = document.descendants().filter(|n| n.attribute("class") == Some("puzzle"));
        assert_eq!(puzzles.count(), 6);
    }
}

/// The text of a model, glyph by glyph: the characters of each ink, in reading order.
fn inks(model: &Model) -> BTreeMap<String, String> {
    let outline = Outline::new(model);
    let canvas =
        draw::text(model, &outline, &Content::of_puzzle(model, None), draw::CellSize::show(model));
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for y in 0..canvas.height() {
        for glyph in canvas.row(y) {
            out.entry(format!("{:?}", glyph.ink)).or_default().push(glyph.ch);
        }
    }
    out
}

#[test]
fn every_sample_text_shows_its_sums_marks_parity_and_blank_unused_cells() {
    for (name, record) in samples() {
        let model = &record.model;
        let inks = inks(model);
        let get = |ink: Ink| inks.get(&format!("{ink:?}")).cloned().unwrap_or_default();
        // Sums: the digits of every sum, in the order their heads are read.
        let outline = Outline::new(model);
        let mut heads: Vec<(usize, u32)> = (0..model.cages.len())
            .filter_map(|k| model.cages[k].sum.map(|s| (outline.head(k), s)))
            .collect();
        heads.sort_unstable();
        let sums: String = heads.iter().map(|(_, s)| s.to_string()).collect();
        assert_eq!(get(Ink::Sum), sums, "{name}: cage sums");
        assert_eq!(get(Ink::Mark).chars().count(), drawn_relations(model), "{name}: marks");
        let empty_parity = model.parity.iter().filter(|(c, _)| model.givens[*c].is_none()).count();
        assert_eq!(get(Ink::Parity).chars().count(), empty_parity, "{name}: parity marks");
        let givens = model.givens.iter().flatten().count();
        assert_eq!(get(Ink::Given).chars().count(), givens, "{name}: givens");
        if !model.cages.is_empty() {
            assert!(get(Ink::Cage).contains('┄'), "{name}: cage edges dotted");
        }
        // An unused cell's interior is blank.
        let canvas = draw::text(
            model,
            &outline,
            &Content::of_puzzle(model, None),
            draw::CellSize::show(model),
        );
        let iw = draw::CellSize::show(model).width;
        for cell in (0..model.used.len()).filter(|&c| !model.used[c]) {
            let (x, y) = ((cell % model.width) * (iw + 1) + 1, (cell / model.width) * 2 + 1);
            for dx in 0..iw {
                assert_eq!(canvas.get(x + dx, y).ch, ' ', "{name}: unused cell {cell} is blank");
            }
        }
    }
}

#[test]
fn a_killer_in_text_has_its_cages_which_today_print_as_dots() {
    // See: issue 24. A killer was shown as an empty grid of dots.
    let (_, record) = samples().into_iter().find(|(name, _)| name == "killer-4x4").unwrap();
    let text = draw::grid_text(&record.model, None);
    let expected = "\
┏7━━━━━━┳━━━┯5━━┓
┃ ·   · ┃ · ┆ · ┃
┠8┄┄┄┄┄┄╂7┄┄┤   ┃
┃ ·   · ┃ · ┆ · ┃
┣━━━┯6━━╋━━━┷━━━┫
┃ · ┆ · ┃ ·   · ┃
┠┄┄┄┘   ┠7┄┄┄┄┄┄┨
┃ ·   · ┃ ·   · ┃
┗━━━━━━━┻━━━━━━━┛
";
    assert_eq!(text, expected);
}

#[test]
fn lines_are_drawn_in_text_and_said_in_words_under_it() {
    use dancer_sudoku::{Line, LineKind};
    // Lines had no glyph in text: a player could not see an arrow or a thermometer.
    let mut model = crate::model::four();
    model.lines.push(Line { kind: LineKind::Arrow { circle: 1 }, cells: vec![0, 5, 10] });
    model.lines.push(Line { kind: LineKind::Thermometer, cells: vec![2, 3, 7] });
    let expected = "\
┏━━━━━━━┳━━━━━━━┓
┃(·)  · ┃{·}--· ┃
┃   \\   ┃     | ┃
┃ ·   · ┃ ·   · ┃
┣━━━━━━━v━━━━━━━┫
┃ ·   · ┃ ·   · ┃
┃       ┃       ┃
┃ ·   · ┃ ·   · ┃
┗━━━━━━━┻━━━━━━━┛
arrow (r1c1) -> r2c2 r3c3
thermometer r1c3 r1c4 r2c4
";
    assert_eq!(draw::grid_text(&model, None), expected);
}

#[test]
fn a_caption_with_characters_xml_forbids_stays_well_formed_and_shows_their_codes() {
    let (_, record) = samples().into_iter().next().unwrap();
    let caption = "a\u{1}b\u{1b}[31m\u{fffe}\u{ffff}\t<&>é";
    let svg = Figure { model: &record.model, solution: None, caption: Some(caption) }.document();
    let document = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    let text = document
        .descendants()
        .find(|n| n.attribute("class") == Some("caption"))
        .and_then(|n| n.text())
        .unwrap();
    assert_eq!(text.trim_matches('\n'), "a\\u{1}b\\u{1b}[31m\\u{fffe}\\u{ffff}\t<&>é");
}
