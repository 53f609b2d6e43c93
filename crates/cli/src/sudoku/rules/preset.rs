//! The rules of an autopear preset: the app keeps the puzzles of one kind as
//! `Presets/NAME/*.sdk` and their board as `Boards/NAME.board` beside the `Presets` folder, so
//! that `sudoku solve Presets/Jigsaw/X.sdk`, `show` and `play` all read it by its own board
//! without `--board`: the same file means the same puzzle in every subcommand.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::Rules;
use crate::input::Source;
use crate::sudoku::args::VariantArgs;

impl Rules {
    /// The rules of the puzzles of `source` when they are not those of the options: an
    /// autopear preset with its board beside it, when `--board` does not name another.
    ///
    /// # Errors
    /// A preset board that cannot be read.
    pub(crate) fn of_preset(args: &VariantArgs, source: &Source) -> anyhow::Result<Option<Rules>> {
        let Source::File(path) = source else { return Ok(None) };
        match (&args.board, preset_board(path)) {
            (None, Some(board)) => {
                let args = VariantArgs { board: Some(board.clone()), ..args.clone() };
                let rules = Rules::from_args(&args)
                    .with_context(|| format!("the board of the preset {}", path.display()))?;
                Ok(Some(rules))
            }
            _ => Ok(None),
        }
    }
}

/// `Boards/NAME.board` for `.../Presets/NAME/X.sdk`; `None` for any other file, or when that
/// board is not there (the rules then come from the options, as for every other file).
pub(crate) fn preset_board(puzzle: &Path) -> Option<PathBuf> {
    if puzzle.extension()? != "sdk" {
        return None;
    }
    let folder = puzzle.parent()?;
    let name = folder.file_name()?.to_str()?;
    let board = folder.parent()?.parent()?.join("Boards").join(format!("{name}.board"));
    board.is_file().then_some(board)
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::preset_board;

    #[test]
    fn a_preset_finds_its_board_beside_the_presets_folder() {
        let root = tempfile::tempdir().unwrap();
        let (presets, boards) = (root.path().join("Presets/Mini"), root.path().join("Boards"));
        fs::create_dir_all(&presets).unwrap();
        fs::create_dir_all(&boards).unwrap();
        let preset = presets.join("Mini_6x6.sdk");
        fs::write(&preset, "").unwrap();
        assert_eq!(preset_board(&preset), None, "no board yet");
        fs::write(boards.join("Mini.board"), "").unwrap();
        assert_eq!(preset_board(&preset), Some(boards.join("Mini.board")));
        // Only .sdk files: a puzzle file beside them keeps the options' rules.
        let other = presets.join("Mini_6x6.txt");
        fs::write(&other, "").unwrap();
        assert_eq!(preset_board(&other), None);
        assert_eq!(preset_board(std::path::Path::new("Mini_6x6.sdk")), None, "no folder");
    }
}
