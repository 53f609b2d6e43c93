//! PNG and PDF from the SVG pictures (the `render` feature): resvg draws pixels, svg2pdf
//! vectors, both from one usvg tree whose font database holds only `DejaVu` Sans (regular and
//! bold, built into the binary) as every generic family. No installed font is looked for, so
//! a picture is the same on every machine.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// Why a picture could not be rendered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot render the picture: {0}")]
pub struct RenderError(pub String);

/// The one font database: `DejaVu` Sans for every family.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(dejavu::sans::regular().to_vec());
        db.load_font_data(dejavu::sans::bold().to_vec());
        for set in [
            usvg::fontdb::Database::set_sans_serif_family,
            usvg::fontdb::Database::set_serif_family,
            usvg::fontdb::Database::set_monospace_family,
            usvg::fontdb::Database::set_cursive_family,
            usvg::fontdb::Database::set_fantasy_family,
        ] {
            set(&mut db, "DejaVu Sans");
        }
        Arc::new(db)
    }))
}

fn tree(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: "DejaVu Sans".to_owned(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError(e.to_string()))
}

/// `svg` as a PNG, `scale` pixels per SVG unit.
///
/// # Errors
/// SVG that does not parse, or a picture too large for memory.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    let tree = tree(svg)?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| RenderError("empty picture".to_owned()))?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        RenderError(format!("{}x{} pixels is too large", size.width(), size.height()))
    })?;
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError(e.to_string()))
}

/// The pictures `pages` as one PDF, a page each, sized as the pictures are (A4 or Letter for
/// [`page`](super::page)'s sheets).
///
/// # Errors
/// SVG that does not parse or convert.
pub fn pdf(pages: &[&str]) -> Result<Vec<u8>, RenderError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref};
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let page_ids: Vec<Ref> = pages.iter().map(|_| alloc.bump()).collect();
    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().copied())
        .count(i32::try_from(pages.len()).unwrap_or(i32::MAX));
    for (svg, &page_id) in pages.iter().zip(&page_ids) {
        let tree = tree(svg)?;
        let (chunk, svg_id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_id = map
            .get(&svg_id)
            .copied()
            .ok_or_else(|| RenderError("lost the picture's object".to_owned()))?;
        // SVG pixels are 1/96 in, PDF points 1/72 in.
        let (width, height) = (tree.size().width() * 0.75, tree.size().height() * 0.75);
        let content_id = alloc.bump();
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(Name(b"S1"), svg_id);
        page.finish();
        let mut content = Content::new();
        content.transform([width, 0.0, 0.0, height, 0.0, 0.0]).x_object(Name(b"S1"));
        pdf.stream(content_id, &content.finish());
        pdf.extend(&chunk);
    }
    Ok(pdf.finish())
}
