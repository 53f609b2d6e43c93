//! The terminal as the progress bar is told it: two columns narrower than it is, so that the
//! `^C` a terminal echoes for Ctrl-C stays on the bar's last line, which clearing the bar
//! clears. See: issue 32.

use std::io;

use indicatif::TermLike;

/// A terminal told two columns narrower than it is. indicatif pads the bar's last line to the
/// width it is told and leaves the cursor there; at the terminal's edge, the `^C` the terminal
/// echoes for Ctrl-C wrapped to a line of its own, and clearing the bar (its lines counted up
/// from the cursor) cleared that line and left the bar's first line on the screen, above the
/// count. Two columns spare keep the `^C` on the bar's last line.
#[derive(Debug)]
pub(super) struct Narrowed<T>(pub(super) T);

impl<T: TermLike> TermLike for Narrowed<T> {
    fn width(&self) -> u16 {
        self.0.width().saturating_sub(2).max(1)
    }

    fn height(&self) -> u16 {
        self.0.height()
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }

    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::{
        sync::{Arc, Mutex},
        time::Duration,
    };

    use dancer::run::Progress;

    use super::*;
    use crate::job::progress::{bar_on, describe_parts};

    /// A terminal screen as xterm keeps it: a character written in the last column leaves the
    /// cursor there, and the next one wraps to the next line first.
    #[derive(Debug, Default)]
    struct Screen {
        lines: Vec<Vec<char>>,
        row: usize,
        column: usize,
        wrap_next: bool,
    }

    /// A shared [`Screen`] of `WIDTH` columns, as a terminal indicatif can draw on.
    #[derive(Clone, Debug, Default)]
    struct Terminal(Arc<Mutex<Screen>>);

    const WIDTH: usize = 80;

    impl Terminal {
        fn screen(&self) -> std::sync::MutexGuard<'_, Screen> {
            self.0.lock().unwrap()
        }

        /// What is on the screen, one string a line, blank lines left out.
        fn text(&self) -> Vec<String> {
            let screen = self.screen();
            let lines = screen.lines.iter().map(|line| line.iter().collect::<String>());
            lines.map(|line| line.trim_end().to_owned()).filter(|line| !line.is_empty()).collect()
        }
    }

    impl Screen {
        fn put(&mut self, c: char) {
            match c {
                '\r' => (self.column, self.wrap_next) = (0, false),
                '\n' => (self.row, self.column, self.wrap_next) = (self.row + 1, 0, false),
                c => {
                    if self.wrap_next {
                        (self.row, self.column, self.wrap_next) = (self.row + 1, 0, false);
                    }
                    if self.lines.len() <= self.row {
                        self.lines.resize(self.row + 1, vec![' '; WIDTH]);
                    }
                    self.lines[self.row][self.column] = c;
                    if self.column + 1 == WIDTH {
                        self.wrap_next = true;
                    } else {
                        self.column += 1;
                    }
                }
            }
        }
    }

    impl TermLike for Terminal {
        fn width(&self) -> u16 {
            WIDTH as u16
        }

        fn height(&self) -> u16 {
            24
        }

        fn move_cursor_up(&self, n: usize) -> io::Result<()> {
            let mut screen = self.screen();
            (screen.row, screen.wrap_next) = (screen.row.saturating_sub(n), false);
            Ok(())
        }

        fn move_cursor_down(&self, n: usize) -> io::Result<()> {
            let mut screen = self.screen();
            (screen.row, screen.wrap_next) = (screen.row + n, false);
            Ok(())
        }

        fn move_cursor_right(&self, n: usize) -> io::Result<()> {
            let mut screen = self.screen();
            screen.column = (screen.column + n).min(WIDTH - 1);
            Ok(())
        }

        fn move_cursor_left(&self, n: usize) -> io::Result<()> {
            let mut screen = self.screen();
            screen.column = screen.column.saturating_sub(n);
            Ok(())
        }

        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)?;
            self.write_str("\n")
        }

        fn write_str(&self, s: &str) -> io::Result<()> {
            let mut screen = self.screen();
            s.chars().for_each(|c| screen.put(c));
            Ok(())
        }

        fn clear_line(&self) -> io::Result<()> {
            let mut screen = self.screen();
            let row = screen.row;
            if let Some(line) = screen.lines.get_mut(row) {
                line.fill(' ');
            }
            (screen.column, screen.wrap_next) = (0, false);
            Ok(())
        }

        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Draws the bar on `term`, echoes `^C` on `screen` as the terminal does for Ctrl-C, takes
    /// the bar off, and returns what is left on the screen.
    fn interrupted(screen: &Terminal, term: impl TermLike + 'static) -> Vec<String> {
        let bar = bar_on(term);
        let progress = Progress {
            solutions: 1_168,
            nodes: 467_968,
            nodes_at_start: 0,
            updates: 0,
            elapsed: Duration::from_secs(1),
            fraction: 0.141_4,
            fraction_at_start: 0.0,
            busy: 1,
        };
        let (head, tail) = describe_parts(&progress);
        bar.set_prefix(head);
        bar.set_message(tail);
        bar.tick();
        assert_eq!(screen.text().len(), 2, "the bar's two lines: {:?}", screen.text());
        screen.write_str("^C").unwrap();
        bar.finish_and_clear();
        screen.text()
    }

    /// Ctrl-C's `^C` echo leaves nothing of the bar once it is cleared; told the full width,
    /// its first line stayed (as it did before, on one line or two). See: issue 32.
    #[test]
    fn the_bar_is_cleared_whole_after_the_echo_of_ctrl_c() {
        let screen = Terminal::default();
        assert_eq!(interrupted(&screen, Narrowed(screen.clone())), Vec::<String>::new());
        let screen = Terminal::default();
        let left = interrupted(&screen, screen.clone());
        assert_eq!(left.len(), 1, "{left:?}");
        assert!(left[0].starts_with("14.140% done"), "{left:?}");
    }
}
