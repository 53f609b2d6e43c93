//! The terminal loop of `sudoku play`: raw mode, the alternate screen, mouse reports and a
//! hidden cursor on the way in, all four undone ([`restore`]) on every way out — a quit, an
//! error (the guard's `Drop`), a panic (a hook of ours, which runs before the `dist` profile's
//! abort), Ctrl-C (a key in raw mode, which the game quits on) and SIGTERM, SIGHUP or SIGINT
//! (a watchdog thread that sees the flag `main` installs, restores the terminal and exits with
//! 130: after a hang-up, reading the dead terminal never returns, so the loop itself cannot be
//! relied on to see the flag).

use std::{
    fs,
    io::{self, stdout, IsTerminal, Stdout, Write},
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicBool, Ordering::Relaxed},
        Once,
    },
    time::Duration,
};

use anyhow::{bail, Context};
use dancer_sudoku::play::{Action, Command, Game, Key};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::crossterm::{cursor, execute, queue};
use ratatui::{prelude::CrosstermBackend, Terminal};

use super::screen::{self, Look, Placement};

/// How long to wait for a key before drawing again (the clock ticks by the second).
const TICK: Duration = Duration::from_millis(250);

/// Restores the terminal when dropped.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        restore();
    }
}

/// Writes what gives a shell its terminal back: mouse reports off, the cursor shown, the
/// main screen again. (ratatui's own `restore` leaves the cursor hidden: its `Terminal`
/// shows it only when dropped, which a signal's exit or a panic's abort never does.)
///
/// # Errors
/// When `out` cannot be written.
pub(crate) fn restore_sequence(out: &mut impl Write) -> io::Result<()> {
    queue!(out, DisableMouseCapture, cursor::Show, LeaveAlternateScreen)?;
    out.flush()
}

/// Gives the terminal back, on every way out: [`restore_sequence`], then the terminal's
/// cooked mode. Errors are ignored: there is nothing left to do about them.
fn restore() {
    let _ = restore_sequence(&mut stdout());
    let _ = disable_raw_mode();
}

/// Sets the terminal up for the game, after a panic hook that restores it (once: a second
/// game in one process keeps the first hook).
fn set_up() -> io::Result<Terminal<CrosstermBackend<Stdout>>> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    Terminal::new(CrosstermBackend::new(stdout()))
}

/// What the game came to, for the line printed after the terminal is restored.
pub(crate) struct Ending {
    /// Whether the puzzle was solved.
    pub(crate) won: bool,
    /// The file the game was last saved to, if it was.
    pub(crate) saved: Option<PathBuf>,
    /// Whether moves were left unsaved.
    pub(crate) unsaved: bool,
    /// The time played, as `m:ss`.
    pub(crate) time: String,
}

/// Plays `game` until the player quits or a signal comes; `save` is where `s` writes.
///
/// # Errors
/// Standard output is not a terminal, or the terminal cannot be set up or read.
pub(crate) fn play(game: Game, save: &Path, interrupt: &AtomicBool) -> anyhow::Result<Ending> {
    check()?;
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| watch(interrupt, &done));
        let ending = run(game, save, interrupt);
        done.store(true, Relaxed);
        ending
    })
}

/// Refuses a standard output that is not a terminal.
///
/// # Errors
/// When it is not.
pub(crate) fn check() -> anyhow::Result<()> {
    if !stdout().is_terminal() {
        bail!("sudoku play needs a terminal: its standard output is not one (to see a puzzle in a file or a pipe, use sudoku show)");
    }
    Ok(())
}

/// Restores the terminal and exits with 130 when a signal comes, until the game is `done`.
fn watch(interrupt: &AtomicBool, done: &AtomicBool) {
    while !done.load(Relaxed) {
        if interrupt.load(Relaxed) {
            restore();
            std::process::exit(130);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The loop itself: draw, wait for a key, play it.
fn run(mut game: Game, save: &Path, interrupt: &AtomicBool) -> anyhow::Result<Ending> {
    let guard = Restore;
    let mut terminal = set_up().context("cannot set up the terminal")?;
    let look = Look::from_env();
    let mut placement: Option<Placement> = None;
    let mut saved = None;
    while !interrupt.load(Relaxed) {
        terminal.draw(|frame| {
            let area = frame.area();
            placement = screen::draw(frame.buffer_mut(), area, &game, look);
        })?;
        if !event::poll(TICK)? {
            continue;
        }
        let key = match event::read()? {
            Event::Key(press) if press.kind != KeyEventKind::Release => key_of(press),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                placement
                    .as_ref()
                    .and_then(|p| p.cell_at(&game, mouse.column, mouse.row))
                    .map(Key::Click)
            }
            _ => None,
        };
        // Too small a terminal shows no grid: only quitting makes sense.
        let quits = |key: Key| matches!(game.command(key), Command::Quit | Command::QuitNow);
        let key = key.filter(|&key| placement.is_some() || quits(key));
        match key.map(|key| game.key(key)) {
            Some(Action::Save) => match write(save, &game.to_json()) {
                Ok(()) => {
                    game.saved(&save.display().to_string());
                    saved = Some(save.to_owned());
                }
                Err(error) => game.tell(&format!("{error:#}")),
            },
            Some(Action::Quit) => break,
            _ => {}
        }
    }
    drop(guard);
    let seconds = game.elapsed().as_secs();
    Ok(Ending {
        won: game.is_won(),
        saved,
        unsaved: game.unsaved(),
        time: format!("{}:{:02}", seconds / 60, seconds % 60),
    })
}

/// Writes the saved game beside its place and renames it there, so that a failed write never
/// leaves half a game where a whole one was; through a symbolic link to the file it leads to,
/// so that the link stays a link.
pub(crate) fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    let path = &resolve(path);
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    let temporary = PathBuf::from(temporary);
    fs::write(&temporary, text)
        .with_context(|| format!("cannot save to {}", temporary.display()))?;
    fs::rename(&temporary, path).with_context(|| format!("cannot save to {}", path.display()))
}

/// The file that writing to `path` reaches: `path`, or the end of its chain of symbolic links
/// (a link whose file is not there yet leads to that file). A loop is left as it is, for the
/// write to fail on with its own error.
fn resolve(path: &Path) -> PathBuf {
    let mut path = path.to_owned();
    // As many links as Linux follows in one path.
    for _ in 0..40 {
        let Ok(target) = fs::read_link(&path) else { break };
        path = match path.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    path
}

/// The game's key for a terminal's key press.
pub(crate) fn key_of(press: KeyEvent) -> Option<Key> {
    let control = press.modifiers.contains(KeyModifiers::CONTROL);
    Some(match press.code {
        KeyCode::Char(c) if control => Key::Ctrl(c.to_ascii_lowercase()),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Delete => Key::Delete,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::{restore_sequence, write};

    #[test]
    fn the_restore_shows_the_cursor_and_leaves_the_alternate_screen() {
        // See: issue 32, item 11 (a signal left the shell with no cursor).
        let mut out = Vec::new();
        restore_sequence(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        for (what, sequence) in [
            ("the cursor shown", "\x1b[?25h"),
            ("the main screen", "\x1b[?1049l"),
            ("no mouse reports", "\x1b[?1000l"),
        ] {
            assert!(text.contains(sequence), "{what}: {text:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_save_through_a_symbolic_link_keeps_the_link() {
        // See: issue 32, item 21 (`s` replaced a linked save file with a file of its own).
        let folder = tempfile::tempdir().unwrap();
        let (file, link) = (folder.path().join("games/mine.json"), folder.path().join("save.json"));
        fs::create_dir(folder.path().join("games")).unwrap();
        fs::write(&file, "old").unwrap();
        std::os::unix::fs::symlink("games/mine.json", &link).unwrap();
        write(&link, "new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&file).unwrap(), "new");
        // A link to a file not there yet makes that file.
        let (later, link) = (folder.path().join("games/later.json"), folder.path().join("l.json"));
        std::os::unix::fs::symlink(&later, &link).unwrap();
        write(&link, "first").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(&later).unwrap(), "first");
    }
}
