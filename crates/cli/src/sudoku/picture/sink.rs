//! Where `show`'s pictures go, one at a time: files in the `--output` directory, named after
//! their input and line and never two alike; the one picture of a run to standard output; or
//! the pages of one PDF.

use std::{
    collections::HashSet,
    fs,
    io::Write,
    path::{Path, PathBuf},
};

use anyhow::{bail, Context};

use crate::sudoku::args::ShowFormat;

/// The pictures of one run, written as they come.
pub(super) struct Sink<'o> {
    format: ShowFormat,
    output: Option<&'o Path>,
    out: &'o mut (dyn Write + Send),
    /// The file names given so far (without extension), so that two inputs of one name
    /// (`a/x.txt` and `b/x.txt`, or `-` and `stdin.txt`) never share a file.
    names: HashSet<String>,
    /// Pictures written (or kept, for standard output and PDF).
    count: usize,
    /// The picture for standard output, written at the end unless a second one comes.
    one: Option<Vec<u8>>,
    /// The PDF's pages so far.
    book: Option<render::Book>,
    /// Whether the output directory was made.
    made: bool,
}

impl<'o> Sink<'o> {
    pub(super) fn new(
        format: ShowFormat,
        output: Option<&'o Path>,
        out: &'o mut (dyn Write + Send),
    ) -> Sink<'o> {
        let book = (format == ShowFormat::Pdf).then(render::Book::new);
        Sink { format, output, out, names: HashSet::new(), count: 0, one: None, book, made: false }
    }

    /// One puzzle's picture, named `name` (made unique) in `--output`.
    pub(super) fn picture(&mut self, name: &str, svg: &str) -> anyhow::Result<()> {
        if let Some(book) = &mut self.book {
            self.count += 1;
            return book.add(svg);
        }
        let bytes = match self.format {
            ShowFormat::Png => render::png(svg)?,
            _ => svg.as_bytes().to_vec(),
        };
        self.count += 1;
        let Some(dir) = self.output else {
            if self.one.is_some() {
                bail!("more than one picture: --output DIR writes them one file each (or --per-page N puts several on a sheet)");
            }
            self.one = Some(bytes);
            return Ok(());
        };
        if !self.made {
            fs::create_dir_all(dir)
                .with_context(|| format!("cannot make the directory {}", dir.display()))?;
            self.made = true;
        }
        let name = self.unique(name);
        let path: PathBuf = dir.join(format!("{name}.{}", super::name(self.format)));
        fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
    }

    /// A sheet of several puzzles: the next page, named `page-K`.
    pub(super) fn sheet(&mut self, svg: &str) -> anyhow::Result<()> {
        let name = format!("page-{}", self.count + 1);
        self.picture(&name, svg)
    }

    /// Writes what was kept (the one picture, the PDF) and says how many pictures there were.
    pub(super) fn finish(self) -> anyhow::Result<usize> {
        if let Some(book) = self.book {
            let bytes = book.finish();
            return match self.output {
                Some(path) => fs::write(path, bytes)
                    .with_context(|| format!("cannot write {}", path.display()))
                    .map(|()| self.count),
                None => self.out.write_all(&bytes).map(|()| self.count).map_err(Into::into),
            };
        }
        if let Some(one) = self.one {
            self.out.write_all(&one)?;
        }
        Ok(self.count)
    }

    /// `name`, or `name-2`, `name-3`, ... when a picture of this run already has it.
    fn unique(&mut self, name: &str) -> String {
        let mut candidate = name.to_owned();
        let mut k = 1;
        while self.names.contains(&candidate) {
            k += 1;
            candidate = format!("{name}-{k}");
        }
        self.names.insert(candidate.clone());
        candidate
    }
}

/// PNG and PDF, through the library's renderer with its font built in.
#[cfg(feature = "pictures")]
mod render {
    pub(super) fn png(svg: &str) -> anyhow::Result<Vec<u8>> {
        Ok(dancer_sudoku::draw::png(svg, 2.0)?)
    }

    /// The pages of a PDF, converted as they come.
    pub(super) struct Book(dancer_sudoku::draw::PdfBook);

    impl Book {
        pub(super) fn new() -> Book {
            Book(dancer_sudoku::draw::PdfBook::new())
        }

        pub(super) fn add(&mut self, svg: &str) -> anyhow::Result<()> {
            Ok(self.0.add(svg)?)
        }

        pub(super) fn finish(self) -> Vec<u8> {
            self.0.finish()
        }
    }
}

/// Without the `pictures` feature, `run` refuses PNG and PDF before anything is drawn.
#[cfg(not(feature = "pictures"))]
mod render {
    pub(super) fn png(_: &str) -> anyhow::Result<Vec<u8>> {
        anyhow::bail!("PNG needs the `pictures` feature")
    }

    pub(super) struct Book;

    impl Book {
        pub(super) fn new() -> Book {
            Book
        }

        pub(super) fn add(&mut self, _: &str) -> anyhow::Result<()> {
            anyhow::bail!("PDF needs the `pictures` feature")
        }

        pub(super) fn finish(self) -> Vec<u8> {
            Vec::new()
        }
    }
}
