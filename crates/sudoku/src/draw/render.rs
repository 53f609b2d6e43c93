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
    let mut book = PdfBook::new();
    for svg in pages {
        book.add(svg)?;
    }
    Ok(book.finish())
}

/// A PDF made a page at a time: each picture is converted when it is added and only the PDF's
/// own bytes are kept, so that a book of many puzzles needs the memory of its output, not of
/// every picture's SVG and tree. The page tree, which lists every page, is written last.
pub struct PdfBook {
    pdf: pdf_writer::Pdf,
    alloc: pdf_writer::Ref,
    catalog: pdf_writer::Ref,
    tree: pdf_writer::Ref,
    pages: Vec<pdf_writer::Ref>,
}

impl Default for PdfBook {
    fn default() -> Self {
        PdfBook::new()
    }
}

impl PdfBook {
    /// An empty book.
    pub fn new() -> PdfBook {
        let mut alloc = pdf_writer::Ref::new(1);
        let catalog = alloc.bump();
        let tree = alloc.bump();
        PdfBook { pdf: pdf_writer::Pdf::new(), alloc, catalog, tree, pages: Vec::new() }
    }

    /// How many pages it has.
    pub fn len(&self) -> usize {
        self.pages.len()
    }

    /// Whether it has no page yet.
    pub fn is_empty(&self) -> bool {
        self.pages.is_empty()
    }

    /// Adds the picture `svg` as the next page, sized as the picture is.
    ///
    /// # Errors
    /// SVG that does not parse or convert; the book is unchanged.
    pub fn add(&mut self, svg: &str) -> Result<(), RenderError> {
        use pdf_writer::{Content, Finish, Name, Rect};
        let tree = tree(svg)?;
        let (chunk, svg_id) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| RenderError(e.to_string()))?;
        let alloc = &mut self.alloc;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_id = map
            .get(&svg_id)
            .copied()
            .ok_or_else(|| RenderError("lost the picture's object".to_owned()))?;
        let (page_id, content_id) = (self.alloc.bump(), self.alloc.bump());
        // SVG pixels are 1/96 in, PDF points 1/72 in.
        let (width, height) = (tree.size().width() * 0.75, tree.size().height() * 0.75);
        let mut page = self.pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height));
        page.parent(self.tree);
        page.contents(content_id);
        page.resources().x_objects().pair(Name(b"S1"), svg_id);
        page.finish();
        let mut content = Content::new();
        content.transform([width, 0.0, 0.0, height, 0.0, 0.0]).x_object(Name(b"S1"));
        self.pdf.stream(content_id, &content.finish());
        self.pdf.extend(&chunk);
        self.pages.push(page_id);
        Ok(())
    }

    /// The PDF's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.pdf.catalog(self.catalog).pages(self.tree);
        self.pdf
            .pages(self.tree)
            .kids(self.pages.iter().copied())
            .count(i32::try_from(self.pages.len()).unwrap_or(i32::MAX));
        self.pdf.finish()
    }
}
