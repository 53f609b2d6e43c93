//! Records as they arrive: a thread reads one input (a file or standard input) and sends its
//! records through a bounded channel, and the command takes what is there, up to a batch, as
//! soon as there is anything. A puzzle piped in is answered at once, a large file is solved in
//! full batches, and memory holds at most a couple of batches whatever the input's length.
//! A small regular file (up to [`READ_AT_ONCE`] bytes) is read on the calling thread instead:
//! starting a thread costs more than solving a few 9×9 puzzles.
//!
//! An input whose first line that is neither blank nor a `#` comment starts with `{` is read
//! as JSON lines, one variant puzzle (a `Model`) per line (`lines.rs`); any other in the
//! puzzle formats.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read},
    os::fd::AsFd,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering::Relaxed},
        mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError},
        Arc,
    },
    time::Duration,
};

use dancer_sudoku::{Alphabet, ParseErrorKind};
use rustix::event::{poll, PollFd, PollFlags, Timespec};

use super::args::InputFormat;
use crate::input::Source;

mod lines;

pub(crate) use self::lines::{sniff, Input};

/// One record, as read.
pub(crate) type Record = Input;

/// How often a command waiting for input looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// Records a reading thread sends at once at most: sending each alone cost a tenth of the
/// time of solving 17-clue puzzles.
const CHUNK: usize = 64;

/// The largest regular file read on the calling thread, all at once, before its first record
/// is run: 64 KiB, some 800 lines of 81 characters.
pub(crate) const READ_AT_ONCE: u64 = 64 << 10;

/// The records of one input, read by a thread of their own (or before the first is taken,
/// for a small file).
pub(crate) struct Stream {
    records: Receiver<Vec<Record>>,
    /// Records received but not yet taken.
    left: std::cell::RefCell<Vec<Record>>,
    /// Bytes read so far, and the input's size when it is a file.
    read: Arc<AtomicU64>,
    size: Option<u64>,
}

impl Stream {
    /// Starts reading `source`, with puzzles of `size` when the options fix one.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub(crate) fn open(
        source: &Source,
        size: Option<usize>,
        alphabet: &Alphabet,
        input: Option<InputFormat>,
        capacity: usize,
    ) -> io::Result<Stream> {
        let alphabet = alphabet.clone();
        let read = Arc::new(AtomicU64::new(0));
        let counted = Arc::clone(&read);
        let (reader, length, at_once): (Box<dyn Read + Send>, Option<u64>, bool) = match source {
            Source::Stdin => {
                let mut stdin = crate::input::stdin()?;
                let (head, whole) = ready_input(&mut stdin);
                if whole {
                    (Box::new(io::Cursor::new(head)), None, true)
                } else {
                    (Box::new(io::Cursor::new(head).chain(stdin)), None, false)
                }
            }
            // A puzzle on the command line: a small file's worth, read at once.
            Source::Argument(text) => {
                let bytes = format!("{text}\n").into_bytes();
                let length = bytes.len() as u64;
                (Box::new(io::Cursor::new(bytes)), Some(length), true)
            }
            Source::File(path) => {
                let file = File::open(path)?;
                let length =
                    file.metadata().ok().filter(std::fs::Metadata::is_file).map(|m| m.len());
                let at_once = length.is_some_and(|length| length <= READ_AT_ONCE);
                (Box::new(file), length, at_once)
            }
        };
        let records = if at_once {
            // Nothing can block here (a regular file) and the channel is unbounded, so the
            // whole file is read before the first record runs.
            let (sender, records) = mpsc::channel();
            read_all(reader, size, alphabet, input, counted, &sender);
            records
        } else {
            let (sender, records) = mpsc::sync_channel(capacity.div_ceil(CHUNK).max(1));
            std::thread::spawn(move || read_all(reader, size, alphabet, input, counted, &sender));
            records
        };
        let left = std::cell::RefCell::new(Vec::new());
        Ok(Stream { records, left, read, size: length })
    }

    /// The next records: waits for one, then takes those already read, up to `most`. Empty at
    /// the end of the input; `None` when `interrupt` was raised while waiting (input typed or
    /// piped slowly must not keep a signal from stopping the command).
    pub(crate) fn batch(&self, most: usize, interrupt: &AtomicBool) -> Option<Vec<Record>> {
        let mut batch = std::mem::take(&mut *self.left.borrow_mut());
        while batch.is_empty() {
            match self.records.recv_timeout(POLL) {
                Ok(first) => batch = first,
                Err(RecvTimeoutError::Timeout) if interrupt.load(Relaxed) => return None,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Some(batch),
            }
        }
        while batch.len() < most {
            match self.records.try_recv() {
                Ok(chunk) => batch.extend(chunk),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
            }
        }
        if batch.len() > most {
            *self.left.borrow_mut() = batch.split_off(most);
        }
        Some(batch)
    }

    /// How far the reading is: bytes read, and the file's size if known.
    pub(crate) fn position(&self) -> (u64, Option<u64>) {
        (self.read.load(Relaxed), self.size)
    }
}

/// What of `input` is there already, read without waiting: the bytes, and whether they are
/// all of it (its end was read, within [`READ_AT_ONCE`] bytes). A puzzle piped in by `echo`
/// is then read on the command's thread, which starts no reading thread for it; input still
/// being written (typed, or from a slow producer) goes on in the reading thread, after these
/// bytes. A failed read is left to that thread, which reports it as before.
fn ready_input(input: &mut (impl Read + AsFd)) -> (Vec<u8>, bool) {
    let mut head = Vec::new();
    // As much as `Stdin`'s own buffer holds, so that the read bypasses that buffer and leaves
    // nothing in it that `poll` would not see (were anything left there, the reading thread
    // would still read it, after these bytes). Zeroed once: a piped puzzle takes two reads.
    let mut chunk = [0; 8 << 10];
    while head.len() <= READ_AT_ONCE as usize {
        let fd = input.as_fd();
        let mut ready = [PollFd::new(&fd, PollFlags::IN)];
        let now = Timespec { tv_sec: 0, tv_nsec: 0 };
        if !matches!(poll(&mut ready, Some(&now)), Ok(n) if n > 0) {
            return (head, false);
        }
        match input.read(&mut chunk) {
            Ok(0) => return (head, true),
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(_) => return (head, false),
        }
    }
    (head, false)
}

/// Reads one input to its end (or until nobody takes its records) and sends its records in
/// chunks: in the format `--from` names, else JSON lines when its head says so, else puzzles
/// in the usual formats.
fn read_all(
    reader: Box<dyn Read + Send>,
    size: Option<usize>,
    alphabet: Alphabet,
    input: Option<InputFormat>,
    counted: Arc<AtomicU64>,
    sender: &impl Chunks,
) {
    let mut reader = Counting { inner: BufReader::new(reader), read: counted };
    if let Some(input) = input {
        let reader = io::Cursor::new(Vec::new()).chain(reader);
        match input.records() {
            Some(format) => lines::send_models(reader, Some(format), sender, CHUNK),
            None => send_puzzles(reader, size, alphabet, sender),
        }
        return;
    }
    let (head, json) = match lines::sniff(&mut reader) {
        Ok(sniffed) => sniffed,
        Err(error) => {
            sender.put(vec![lines::unreadable(1, &error)]);
            return;
        }
    };
    if json {
        lines::send_models(io::Cursor::new(head).chain(reader), None, sender, CHUNK);
    } else {
        send_puzzles(io::Cursor::new(head).chain(reader), size, alphabet, sender);
    }
}

/// Where a reader sends its chunks of records: a bounded channel from a reading thread, an
/// unbounded one when the command reads a small file itself.
pub(crate) trait Chunks {
    /// Sends `chunk`; false when nobody takes records any more (a closed pipe, a signal).
    fn put(&self, chunk: Vec<Record>) -> bool;
}

impl Chunks for SyncSender<Vec<Record>> {
    fn put(&self, chunk: Vec<Record>) -> bool {
        self.send(chunk).is_ok()
    }
}

impl Chunks for Sender<Vec<Record>> {
    fn put(&self, chunk: Vec<Record>) -> bool {
        self.send(chunk).is_ok()
    }
}

/// Reads puzzles in the usual formats and sends them in chunks.
fn send_puzzles<R: BufRead + Drained>(
    reader: R,
    size: Option<usize>,
    alphabet: Alphabet,
    sender: &impl Chunks,
) {
    // With the usual symbols, a line of N³ digits and blanks in their places (tdoku's and
    // ISS's pencilmark form) is the N×N pencilmark puzzle, not an N²×N² grid, unless the
    // options ask for that size.
    let pencilmarks = alphabet == Alphabet::default();
    let mut records = dancer_sudoku::read_puzzles(reader, size).with_alphabet(alphabet);
    let mut chunk = Vec::with_capacity(CHUNK);
    while let Some(record) = records.next() {
        // Skipping the rest of a line too long may take a while (`/dev/zero`: for ever).
        let too_long = matches!(&record, Err(e) if e.kind == ParseErrorKind::LineTooLong);
        let marked = match &record {
            Ok(puzzle) if pencilmarks && size != Some(puzzle.grid.size()) => {
                dancer_sudoku::sukaku_of_grid(&puzzle.grid).map(|model| (puzzle, model))
            }
            _ => None,
        };
        if let Some((puzzle, model)) = marked {
            let name = puzzle.extra.as_deref().unwrap_or("").trim().to_owned();
            let read = Ok(Box::new(dancer_sudoku::Record {
                name,
                model,
                solution: None,
                generated: None,
            }));
            chunk.push(Input::Model { line: puzzle.line, read, skipped: Vec::new() });
        } else {
            chunk.push(Input::Puzzle(record));
        }
        // Send when the chunk is full, or when what comes next may not be there yet: a
        // puzzle piped in waits for no other.
        if chunk.len() == CHUNK || too_long || records.get_mut().drained() {
            // The command stopped taking records (a closed pipe, a signal): stop reading.
            if !sender.put(std::mem::take(&mut chunk)) {
                return;
            }
        }
    }
    if !chunk.is_empty() {
        sender.put(chunk);
    }
}

/// A reader that can say whether it holds nothing read ahead, so that what has been read is
/// sent before waiting for more.
pub(crate) trait Drained {
    /// True when nothing is buffered: the next read may block.
    fn drained(&self) -> bool;
}

impl<R: Read> Drained for io::Chain<io::Cursor<Vec<u8>>, Counting<BufReader<R>>> {
    fn drained(&self) -> bool {
        let (head, rest) = self.get_ref();
        head.position() >= head.get_ref().len() as u64 && rest.inner.buffer().is_empty()
    }
}

/// A reader that counts the bytes taken from it.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.read.fetch_add(amount as u64, Relaxed);
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    /// The records of `text` in a file, read with `Stream`, as (line, grid or error) pairs.
    fn records_of(text: &str) -> Vec<(usize, String)> {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(text.as_bytes()).unwrap();
        let source = Source::File(file.path().to_path_buf());
        let stream = Stream::open(&source, None, &Alphabet::default(), None, 8).unwrap();
        let mut seen = Vec::new();
        loop {
            let batch = stream.batch(5, &AtomicBool::new(false)).unwrap();
            if batch.is_empty() {
                break;
            }
            seen.extend(batch.into_iter().map(|record| match record {
                Input::Puzzle(Ok(puzzle)) => (puzzle.line, puzzle.grid.to_string()),
                Input::Puzzle(Err(error)) => (error.line, error.to_string()),
                Input::Model { line, .. } => (line, "model".to_owned()),
            }));
        }
        seen
    }

    /// `lines` puzzles, every seventh line a bad one.
    fn puzzles(lines: usize) -> String {
        let good =
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
        (1..=lines)
            .map(|n| if n % 7 == 0 { "12x\n".to_owned() } else { format!("{good}\n") })
            .collect()
    }

    #[test]
    fn input_already_written_is_read_whole_without_waiting() {
        let (mut reader, mut writer) = io::pipe().unwrap();
        writer.write_all(b"12.\n").unwrap();
        // The writer is still open: more may come, so the rest is left to a reading thread.
        assert_eq!(ready_input(&mut reader), (b"12.\n".to_vec(), false));
        writer.write_all(b"3\n").unwrap();
        drop(writer);
        assert_eq!(ready_input(&mut reader), (b"3\n".to_vec(), true));
        // More than a small file's worth goes to the reading thread, after what was read.
        let (mut reader, mut writer) = io::pipe().unwrap();
        let large = vec![b'.'; READ_AT_ONCE as usize + 1];
        let writing = std::thread::spawn(move || writer.write_all(&large));
        let (head, whole) = ready_input(&mut reader);
        assert!(!whole && head.len() <= READ_AT_ONCE as usize + (8 << 10));
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).unwrap();
        writing.join().unwrap().unwrap();
        assert_eq!(head.len() + rest.len(), READ_AT_ONCE as usize + 1);
    }

    #[test]
    fn a_small_file_read_at_once_gives_what_a_reading_thread_gives() {
        // 82 bytes a line: the first file is read on the calling thread, the second (past
        // READ_AT_ONCE) by a thread through the bounded channel.
        let small = puzzles(700);
        let large = puzzles(1_000);
        assert!(small.len() as u64 <= READ_AT_ONCE && large.len() as u64 > READ_AT_ONCE);
        let (small, large) = (records_of(&small), records_of(&large));
        assert_eq!(small.len(), 700);
        assert_eq!(large.len(), 1_000);
        assert_eq!(small[..], large[..700]);
        let lines: Vec<usize> = large.iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, (1..=1_000).collect::<Vec<_>>());
        assert!(large[6].1.starts_with("7:1: 3 cells"), "{:?}", large[6]);
        assert_eq!(records_of(""), []);
    }
}
