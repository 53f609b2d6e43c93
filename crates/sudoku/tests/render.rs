//! PNG pictures (the `render` feature) against checked-in references, pixel by pixel with a
//! small tolerance: the font is built in, so the pictures are the same on every machine,
//! whatever fonts it has. After an intended change of the drawing, rewrite the references
//! and look at every one before committing it:
//!
//! ```sh
//! PICTURES=overwrite cargo test --release -p dancer-sudoku --features render --test integration -- render::
//! ```

use std::{fs, path::PathBuf};

use dancer_sudoku::draw::{self, Figure};
use dancer_sudoku::{Model, Record, Variant};
use resvg::tiny_skia::Pixmap;

fn sample(file: &str) -> Record {
    let path =
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants")).join(file);
    Record::from_json(fs::read_to_string(path).unwrap().lines().next().unwrap()).unwrap()
}

/// `model` drawn with `caption` as a PNG at `scale` pixels per unit.
fn picture(model: &Model, caption: &str, scale: f32) -> Vec<u8> {
    let svg = Figure { model, solution: None, caption: Some(caption) }.document();
    draw::png(&svg, scale).unwrap()
}

fn reference(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pictures"))
        .join(format!("{name}.png"))
}

/// Compares `png` with `tests/pictures/{name}.png`: the same size, at most 0.5% of the pixels
/// off by more than 48 in a channel (anti-aliasing may differ a little between builds of the
/// rasteriser), and a mean difference under 1.5.
fn compare(name: &str, png: &[u8]) -> Result<(), String> {
    let expected = Pixmap::decode_png(&fs::read(reference(name)).unwrap()).unwrap();
    let actual = Pixmap::decode_png(png).unwrap();
    if (actual.width(), actual.height()) != (expected.width(), expected.height()) {
        return Err(format!(
            "{name}: {}x{} pixels, not {}x{}",
            actual.width(),
            actual.height(),
            expected.width(),
            expected.height()
        ));
    }
    let (mut off, mut total) = (0usize, 0u64);
    for (a, e) in actual.data().chunks(4).zip(expected.data().chunks(4)) {
        let worst = a.iter().zip(e).map(|(x, y)| x.abs_diff(*y)).max().unwrap_or(0);
        off += usize::from(worst > 48);
        total += a.iter().zip(e).map(|(x, y)| u64::from(x.abs_diff(*y))).sum::<u64>();
    }
    let pixels = (actual.width() * actual.height()) as usize;
    let mean = total as f64 / (pixels * 4) as f64;
    if off * 200 > pixels || mean >= 1.5 {
        return Err(format!("{name}: {off} of {pixels} pixels differ, mean difference {mean:.2}"));
    }
    Ok(())
}

/// Renders and compares (or first rewrites the reference, with `PICTURES=overwrite`).
fn matches_reference(name: &str, model: &Model, caption: &str, scale: f32) {
    let png = picture(model, caption, scale);
    if std::env::var_os("PICTURES").is_some_and(|v| v == "overwrite") {
        fs::create_dir_all(reference(name).parent().unwrap()).unwrap();
        fs::write(reference(name), &png).unwrap();
    }
    compare(name, &png).unwrap();
}

#[test]
fn a_killer_looks_as_it_did() {
    matches_reference("killer-9x9", &sample("killer-9x9.jsonl").model, "killer 9x9", 1.0);
}

#[test]
fn a_samurai_looks_as_it_did() {
    matches_reference("samurai", &sample("samurai.jsonl").model, "samurai", 0.5);
}

#[test]
fn a_greater_than_looks_as_it_did() {
    matches_reference("greater-than", &sample("greater-than.jsonl").model, "greater-than", 0.75);
}

#[test]
fn a_16x16_looks_as_it_did() {
    let mut model = Model::from_variant(&Variant::standard(16).unwrap());
    for (cell, digit) in [(0, 1), (17, 10), (34, 16), (255, 12), (120, 7)] {
        model.givens[cell] = Some(digit);
    }
    matches_reference("16x16", &model, "16x16: letters A-G past 9", 0.6);
}

#[test]
fn a_picture_that_differs_is_caught() {
    // The comparison can fail: the killer's reference against the killer without its cages.
    let mut model = sample("killer-9x9.jsonl").model;
    model.cages.clear();
    let error = compare("killer-9x9", &picture(&model, "killer 9x9", 1.0)).unwrap_err();
    assert!(error.contains("pixels differ"), "{error}");
}
