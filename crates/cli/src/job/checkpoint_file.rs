//! Where a run's checkpoints go. The path is checked before the search starts, so that a
//! mistyped directory is found at once and not after hours of searching; symbolic links are
//! followed, so that the link stays and its target is brought up to date; anything but a
//! regular file (a directory, a device such as /dev/full, a pipe) is refused, never replaced.
//! Each write goes to a temporary file beside the target, then is renamed over it, so that a
//! crash leaves the old checkpoint or the new one, never half of one; and the last write that
//! succeeded is remembered, so that a failure at the end can say where the work is.

use std::{
    fs,
    io::{self, Write},
    path::{Path, PathBuf},
    sync::{Mutex, PoisonError},
    time::SystemTime,
};

use anyhow::{bail, Context};

use super::Saved;

/// The most symbolic links followed from the path given (Linux's own limit).
const MAX_LINKS: usize = 40;

/// A checkpoint file, checked and ready to be written.
#[derive(Debug)]
pub struct CheckpointFile {
    /// The path as given, for messages and the resume hint.
    given: PathBuf,
    /// The regular file written: the path with its symbolic links followed.
    target: PathBuf,
    /// Whether the target held a file before this run: then, until a write succeeds, it is
    /// the last good checkpoint there is (the one resumed from, or an older run's).
    held_before: bool,
    /// Whether it is the file this run resumed from.
    resumed: bool,
    /// The last checkpoint written whole: when, and the fraction of the tree then done.
    last: Mutex<Option<(SystemTime, f64)>>,
}

impl CheckpointFile {
    /// Checks that checkpoints can be written to `path`: it is a regular file or absent (after
    /// following symbolic links), and its directory exists and takes a new file. `resumed`:
    /// it is also the file the run resumes from.
    ///
    /// # Errors
    /// What is wrong with the path, named.
    pub fn prepare(path: &Path, resumed: bool) -> anyhow::Result<CheckpointFile> {
        let shown = path.display();
        if path.as_os_str().to_string_lossy().ends_with('/') {
            bail!("--checkpoint {shown}: is a directory, not a file");
        }
        let (target, held_before) = resolve(path)?;
        let directory = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
            _ => PathBuf::from("."),
        };
        match fs::metadata(&directory) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => bail!("--checkpoint {shown}: {} is not a directory", directory.display()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                bail!("--checkpoint {shown}: the directory {} does not exist", directory.display())
            }
            Err(error) => {
                bail!("--checkpoint {shown}: cannot use {}: {error}", directory.display())
            }
        }
        // The only sure test of a directory taking a new file is making one: the temporary
        // file that every write makes anyway.
        let temporary = sibling(&target);
        fs::File::create(&temporary).and_then(|_| fs::remove_file(&temporary)).with_context(
            || format!("--checkpoint {shown}: cannot write in {}", directory.display()),
        )?;
        let file = CheckpointFile {
            given: path.to_owned(),
            target,
            held_before,
            resumed,
            last: Mutex::new(None),
        };
        Ok(file)
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.given
    }

    /// Writes `saved` whole or not at all (see the module doc), through any symbolic link,
    /// keeping the permissions of the file it replaces.
    ///
    /// # Errors
    /// When the file cannot be written (a full disk, a directory removed meanwhile...).
    pub fn write(&self, saved: &Saved) -> anyhow::Result<()> {
        let bytes = saved.to_bytes()?;
        let temporary = sibling(&self.target);
        let write = || -> io::Result<()> {
            let mut file = fs::File::create(&temporary)?;
            let written = file.write_all(&bytes).and_then(|()| file.sync_all());
            if let Err(error) = written {
                drop(file);
                let _ = fs::remove_file(&temporary);
                return Err(error);
            }
            if let Ok(old) = fs::metadata(&self.target) {
                let _ = fs::set_permissions(&temporary, old.permissions());
            }
            fs::rename(&temporary, &self.target)
        };
        write().with_context(|| format!("cannot write the checkpoint {}", self.given.display()))?;
        let done = (SystemTime::now(), saved.checkpoint.fraction());
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(done);
        Ok(())
    }

    /// Where the work is after a failed write: the last checkpoint written whole, or what the
    /// file held before this run, or nothing.
    pub fn last_good(&self) -> String {
        let shown = self.given.display();
        match *self.last.lock().unwrap_or_else(PoisonError::into_inner) {
            Some((when, fraction)) => format!(
                "the last good checkpoint is {shown}, written at {} with {} of the tree done",
                humantime::format_rfc3339_seconds(when),
                super::percent(fraction)
            ),
            None if self.resumed => format!(
                "{shown} still holds the checkpoint this run resumed from (resuming it again \
                 redoes this run's work)"
            ),
            None if self.held_before => {
                format!("{shown} is as it was before this run (no checkpoint of it was written)")
            }
            None => "no checkpoint of this run was written: its work is lost".to_owned(),
        }
    }
}

/// The regular file that `path` names after following its symbolic links, and whether it
/// exists.
fn resolve(path: &Path) -> anyhow::Result<(PathBuf, bool)> {
    let shown = path.display();
    let mut current = path.to_owned();
    for _ in 0..=MAX_LINKS {
        let meta = match fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok((current, false)),
            Err(error) => bail!("--checkpoint {shown}: cannot use {}: {error}", current.display()),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let link = fs::read_link(&current)
                .with_context(|| format!("--checkpoint {shown}: cannot read the link"))?;
            current = match current.parent() {
                Some(dir) if link.is_relative() => dir.join(link),
                _ => link,
            };
        } else if kind.is_file() {
            return Ok((current, true));
        } else if kind.is_dir() {
            bail!("--checkpoint {shown}: {} is a directory, not a file", current.display());
        } else {
            bail!(
                "--checkpoint {shown}: {} is not a regular file (a device, a pipe or a socket): \
                 a checkpoint replaces the file it is written to, so only a regular file or a \
                 new one will do",
                current.display()
            );
        }
    }
    bail!("--checkpoint {shown}: too many levels of symbolic links")
}

/// `dir/.name.tmp` beside `dir/name`.
fn sibling(path: &Path) -> PathBuf {
    let name = path.file_name().map_or_else(|| "checkpoint".into(), |n| n.to_string_lossy());
    path.with_file_name(format!(".{name}.tmp"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A checkpoint of the pairings of 6 items, stopped after `nodes` nodes.
    fn saved(nodes: u64) -> Saved {
        let mut builder = dancer::ProblemBuilder::new();
        let items: Vec<String> = (0..6).map(|i| i.to_string()).collect();
        for item in &items {
            builder.primary(item);
        }
        for a in 0..6 {
            for b in a + 1..6 {
                builder.option_named([items[a].as_str(), items[b].as_str()]);
            }
        }
        let problem = builder.build().unwrap();
        let outcome =
            dancer::run::Run::new().threads(1).node_limit(nodes).count(&mut problem.solver());
        Saved::new("dlx", true, outcome.unwrap().into_checkpoint())
    }

    #[test]
    fn after_a_failed_write_the_last_good_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("run");
        fs::create_dir(&sub).unwrap();
        let path = sub.join("c.json");
        let file = CheckpointFile::prepare(&path, false).unwrap();
        assert!(file.last_good().contains("no checkpoint of this run was written"));
        let first = saved(3);
        file.write(&first).unwrap();
        fs::remove_dir_all(&sub).unwrap();
        let error = file.write(&saved(6)).unwrap_err();
        assert!(format!("{error:#}").contains("cannot write the checkpoint"), "{error:#}");
        let good = file.last_good();
        let done = super::super::percent(first.checkpoint.fraction());
        assert!(good.contains("the last good checkpoint is"), "{good}");
        assert!(good.contains(&format!("with {done} of the tree done")), "{good} ({done})");
    }

    #[test]
    fn a_file_resumed_from_is_named_as_such_until_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.json");
        fs::write(&path, "{}").unwrap();
        let file = CheckpointFile::prepare(&path, true).unwrap();
        assert!(file.last_good().contains("still holds the checkpoint this run resumed from"));
        let file = CheckpointFile::prepare(&path, false).unwrap();
        assert!(file.last_good().contains("is as it was before this run"));
    }

    #[test]
    fn links_are_followed_to_the_file_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.json");
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink("real.json", &link).unwrap();
        // A dangling link names the file to create.
        assert_eq!(resolve(&link).unwrap(), (real.clone(), false));
        fs::write(&real, "{}").unwrap();
        assert_eq!(resolve(&link).unwrap(), (real, true));
    }

    #[test]
    fn a_loop_of_links_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        std::os::unix::fs::symlink("b", &a).unwrap();
        std::os::unix::fs::symlink("a", dir.path().join("b")).unwrap();
        let error = resolve(&a).unwrap_err().to_string();
        assert!(error.contains("too many levels of symbolic links"), "{error}");
    }
}
