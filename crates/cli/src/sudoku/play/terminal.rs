//! The terminal loop of `sudoku play`: raw mode, the alternate screen and mouse reports on the
//! way in, all three undone on every way out — a quit, an error (the guard's `Drop`), a panic
//! (ratatui's hook, installed by `try_init`), Ctrl-C (a key in raw mode, which the game quits
//! on) and SIGTERM or SIGHUP (a watchdog thread that sees the flag `main` installs, restores the
//! terminal and exits with 130: after a hang-up, reading the dead terminal never returns, so
//! the loop itself cannot be relied on to see the flag).

use std::{
    fs,
    io::{stdout, IsTerminal},
    path::{Path, PathBuf},
    sync::atomic::{AtomicBool, Ordering::Relaxed},
    time::Duration,
};

use anyhow::{bail, Context};
use dancer_sudoku::play::{Action, Game, Key};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEvent, KeyEventKind,
    KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

use super::screen::{self, Look, Placement};

/// How long to wait for a key before drawing again (the clock ticks by the second).
const TICK: Duration = Duration::from_millis(250);

/// Restores the terminal when dropped.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
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
    if !stdout().is_terminal() {
        bail!("sudoku play needs a terminal: its standard output is not one (to see a puzzle in a file or a pipe, use sudoku show)");
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| watch(interrupt, &done));
        let ending = run(game, save, interrupt);
        done.store(true, Relaxed);
        ending
    })
}

/// Restores the terminal and exits with 130 when a signal comes, until the game is `done`.
fn watch(interrupt: &AtomicBool, done: &AtomicBool) {
    while !done.load(Relaxed) {
        if interrupt.load(Relaxed) {
            let _ = execute!(stdout(), DisableMouseCapture);
            ratatui::restore();
            std::process::exit(130);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The loop itself: draw, wait for a key, play it.
fn run(mut game: Game, save: &Path, interrupt: &AtomicBool) -> anyhow::Result<Ending> {
    let mut terminal = ratatui::try_init().context("cannot set up the terminal")?;
    let guard = Restore;
    execute!(stdout(), EnableMouseCapture).context("cannot set up the terminal")?;
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
                placement.and_then(|p| p.cell_at(&game, mouse.column, mouse.row)).map(Key::Click)
            }
            _ => None,
        };
        // Too small a terminal shows no grid: only quitting makes sense.
        let key =
            key.filter(|&key| placement.is_some() || matches!(key, Key::Char('q') | Key::Ctrl(_)));
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
/// leaves half a game where a whole one was.
fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    let temporary = PathBuf::from(temporary);
    fs::write(&temporary, text)
        .with_context(|| format!("cannot save to {}", temporary.display()))?;
    fs::rename(&temporary, path).with_context(|| format!("cannot save to {}", path.display()))
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
