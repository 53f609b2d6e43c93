//! Turning the variant options into a [`Variant`] for each puzzle size, and caching the
//! templates built from them.

use std::path::Path;

use anyhow::{bail, Context};
use dancer_sudoku::{Alphabet, Cell, Model, RegionKind, Variant, MAX_SIZE};

use super::args::{InputFormat, VariantArgs};
use crate::input::{Source, MAX_RULES_FILE};

mod preset;

/// The rules asked for on the command line, independent of any one puzzle.
#[derive(Debug, Default)]
pub(crate) struct Rules {
    boxes: Option<(usize, usize)>,
    diagonals: bool,
    hyper: bool,
    jigsaw: Option<(usize, String)>,
    board: Option<Variant>,
    extra: Option<Vec<Vec<Cell>>>,
    /// The only size these rules allow, when boxes, a jigsaw or extra regions fix it.
    size: Option<usize>,
    /// What the user should know of how the options were read (a board without boxes).
    notes: Vec<String>,
    /// The symbols puzzles are written with.
    alphabet: Alphabet,
    /// `--from`: the format every line of the input is read in, when given.
    input: Option<InputFormat>,
}

impl Rules {
    /// Reads the options (and the files they name).
    ///
    /// # Errors
    /// A malformed box shape, an unreadable file, or options that disagree on the size.
    pub(crate) fn from_args(args: &VariantArgs) -> anyhow::Result<Rules> {
        let mut rules = Rules { diagonals: args.diagonals, hyper: args.hyper, ..Rules::default() };
        if let Some(symbols) = &args.symbols {
            rules.alphabet =
                Alphabet::new(symbols).with_context(|| format!("--symbols {symbols}"))?;
        }
        if let Some(shape) = &args.boxes {
            let parsed = shape
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
            let Some((r, c)) = parsed.filter(|&(r, c): &(usize, usize)| r > 0 && c > 0) else {
                bail!("--boxes {shape}: expected ROWSxCOLUMNS, for example 2x3");
            };
            let size = r.checked_mul(c).filter(|&size| size <= MAX_SIZE);
            let Some(size) = size else {
                bail!("--boxes {shape}: grids have at most {MAX_SIZE} rows");
            };
            rules.boxes = Some((r, c));
            rules.fix_size(size, "--boxes")?;
        }
        if let Some(regions) = &args.regions {
            let layout = read_arg_or_file(regions)?;
            let labels = layout.chars().filter(|c| !c.is_whitespace()).count();
            let size = labels.isqrt();
            if size * size != labels {
                bail!("--regions: the layout has {labels} labels, not N*N for any size N");
            }
            Variant::jigsaw(size, &layout).with_context(|| "--regions")?;
            rules.jigsaw = Some((size, layout));
            rules.fix_size(size, "--regions")?;
        }
        if let Some(path) = &args.board {
            let name = path.display();
            let text = read_rules_file(path, "a --board file")?;
            let variant = Variant::from_board(&text).with_context(|| format!("{name}"))?;
            let boxed = |kind| matches!(kind, RegionKind::Box | RegionKind::Piece);
            if !variant.regions().iter().any(|region| boxed(region.kind)) {
                // Not an error (a Latin square is a puzzle too), but rarely what was meant.
                rules.notes.push(format!(
                    "{name}: no BLOCKS tile the grid, so its puzzles have rows and columns only \
                     (a Latin square){}",
                    match variant.regions().iter().filter(|r| r.kind == RegionKind::Extra).count() {
                        0 => String::new(),
                        extra => format!(" and {extra} extra regions"),
                    }
                ));
            }
            rules.fix_size(variant.size(), "--board")?;
            rules.board = Some(variant);
        }
        if let Some(path) = &args.extra_regions {
            let regions = read_extra_regions(path)?;
            if let Some(first) = regions.first() {
                rules.fix_size(first.len(), "--extra-regions")?;
            }
            rules.extra = Some(regions);
        }
        if rules.boxes.is_some() && rules.jigsaw.is_some() {
            bail!("--boxes and --regions both say what the boxes are; give one");
        }
        Ok(rules)
    }

    /// What the user should be told of how the options were read.
    pub(crate) fn with_input(mut self, input: Option<InputFormat>) -> Rules {
        self.input = input;
        self
    }

    /// The format `--from` names, if any.
    pub(crate) fn input(&self) -> Option<InputFormat> {
        self.input
    }

    pub(crate) fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The symbols puzzles are written with.
    pub(crate) fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The only puzzle size these rules allow, if they fix one.
    pub(crate) fn size(&self) -> Option<usize> {
        self.size
    }

    fn fix_size(&mut self, size: usize, option: &str) -> anyhow::Result<()> {
        match self.size {
            Some(fixed) if fixed != size => bail!(
                "{option} needs {size}x{size} grids, but another option needs {fixed}x{fixed}"
            ),
            _ => self.size = Some(size),
        }
        Ok(())
    }

    /// The model of a puzzle under these rules: its variant's regions and its givens.
    ///
    /// # Errors
    /// When the rules do not fit the puzzle's size.
    pub(crate) fn model(&self, puzzle: &dancer_sudoku::Puzzle) -> Result<Model, String> {
        let mut model = Model::from_variant(&self.variant(puzzle.grid.size())?);
        for (cell, given) in model.givens.iter_mut().enumerate() {
            *given = puzzle.grid.get(cell);
        }
        Ok(model)
    }

    /// The variant for puzzles of side `size`.
    ///
    /// # Errors
    /// A message for the user when these rules cannot apply to that size.
    pub(crate) fn variant(&self, size: usize) -> Result<Variant, String> {
        if let Some(fixed) = self.size.filter(|&fixed| fixed != size) {
            return Err(format!(
                "a {size}x{size} puzzle, but the variant options need {fixed}x{fixed}"
            ));
        }
        let base = match (&self.board, &self.jigsaw, self.boxes) {
            (Some(board), _, _) => Ok(board.clone()),
            (None, Some((_, layout)), _) => Variant::jigsaw(size, layout),
            (None, None, Some((r, c))) => Variant::with_boxes(size, r, c),
            (None, None, None) => Variant::standard(size),
        };
        let mut variant = base.map_err(|e| e.to_string())?;
        if self.diagonals {
            variant = variant.with_diagonals().map_err(|e| e.to_string())?;
        }
        if self.hyper {
            variant = variant.with_hyper().map_err(|e| e.to_string())?;
        }
        if let Some(extra) = &self.extra {
            variant =
                variant.with_regions(extra.clone()).map_err(|e| format!("--extra-regions: {e}"))?;
        }
        Ok(variant)
    }
}

/// The library's compiled rules of each size met so far (a variant's template and the
/// back-end that solves it), or the reason a size cannot be solved.
#[derive(Default)]
pub(crate) struct Compiled {
    built: BySize<Result<dancer_sudoku::Rules, String>>,
}

impl Compiled {
    /// Compiles the rules for `size` if not yet done.
    pub(crate) fn prepare(&mut self, rules: &Rules, size: usize) {
        let compile = || rules.variant(size).map(dancer_sudoku::Rules::from_variant);
        self.built.get_or_insert_with(size, compile);
    }

    /// The compiled rules for a prepared size.
    ///
    /// # Errors
    /// Why the rules do not apply to this size.
    pub(crate) fn get(&self, size: usize) -> Result<&dancer_sudoku::Rules, &str> {
        match self.built.get(size) {
            Some(Ok(compiled)) => Ok(compiled),
            Some(Err(message)) => Err(message),
            None => Err("internal: size not prepared"),
        }
    }
}

/// Values by puzzle size, looked up for every record. A run meets a size or two, so a
/// search of a short list costs no more than a B-tree's or a hash's; and unlike a B-tree,
/// whose first insert allocates a leaf for 11 values (12.5 KB of compiled rules, 47 KB of
/// solvers), the list holds only what it was given: a one-puzzle run's start-up touches no
/// fresh allocator pages for room it never uses.
pub(crate) struct BySize<T> {
    entries: Vec<(usize, T)>,
}

impl<T> Default for BySize<T> {
    fn default() -> Self {
        BySize { entries: Vec::new() }
    }
}

impl<T> BySize<T> {
    /// The value for `size`.
    pub(crate) fn get(&self, size: usize) -> Option<&T> {
        self.entries.iter().find(|(s, _)| *s == size).map(|(_, value)| value)
    }

    /// The value for `size`, made by `make` if there is none yet.
    pub(crate) fn get_or_insert_with(&mut self, size: usize, make: impl FnOnce() -> T) -> &mut T {
        let at = self.entries.iter().position(|(s, _)| *s == size).unwrap_or_else(|| {
            self.entries.push((size, make()));
            self.entries.len() - 1
        });
        &mut self.entries[at].1
    }
}

/// The argument itself, or the file it names when such a file exists: any file, a FIFO,
/// `/dev/stdin` or a shell's `<(...)` as well as a plain file. An argument that looks like a
/// path (a separator or a file extension) but names nothing is an error, not a layout.
fn read_arg_or_file(arg: &str) -> anyhow::Result<String> {
    let path = Path::new(arg);
    let looks_like_path = arg.contains(['/', '\\'])
        || path.extension().is_some_and(|e| {
            e.to_str().is_some_and(|e| e.chars().all(char::is_alphanumeric) && e.len() <= 6)
        });
    if !path.exists() && looks_like_path {
        bail!("cannot read {arg}: no such file");
    }
    let text = if path.exists() && !path.is_dir() {
        read_rules_file(path, "a --regions file")?
    } else {
        arg.to_owned()
    };
    Ok(text
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Extra regions from the file at `path` (see [`dancer_sudoku::parse_extra_regions`]), errors
/// named `FILE:LINE: ...`.
fn read_extra_regions(path: &Path) -> anyhow::Result<Vec<Vec<Cell>>> {
    let name = path.display();
    let text = read_rules_file(path, "an --extra-regions file")?;
    dancer_sudoku::parse_extra_regions(&text).map_err(|error| match error.line {
        0 => anyhow::anyhow!("{name}: {}", error.message),
        line => anyhow::anyhow!("{name}:{line}: {}", error.message),
    })
}

/// The text of the file at `path` that a variant option names (`what`), read up to
/// [`MAX_RULES_FILE`] (a device or a huge file named by mistake is refused, not read on).
fn read_rules_file(path: &Path, what: &str) -> anyhow::Result<String> {
    Source::File(path.to_owned()).read_to_string(MAX_RULES_FILE, what)
}

#[cfg(test)]
mod tests {
    use super::BySize;

    #[test]
    fn by_size_makes_each_size_once_and_keeps_sizes_apart() {
        let mut made = 0;
        let mut by_size = BySize::default();
        for size in [9, 4, 9, 16, 4, 9] {
            let value = by_size.get_or_insert_with(size, || {
                made += 1;
                size * 10
            });
            assert_eq!(*value, size * 10);
        }
        assert_eq!(made, 3);
        assert_eq!(by_size.get(16), Some(&160));
        assert_eq!(by_size.get(4), Some(&40));
        assert_eq!(by_size.get(6), None);
    }
}
