//! Records as they arrive: a thread reads one input (a file or standard input) and sends its
//! records through a bounded channel, and the command takes what is there, up to a batch, as
//! soon as there is anything. A puzzle piped in is answered at once, a large file is solved in
//! full batches, and memory holds at most a couple of batches whatever the input's length.
//!
//! An input whose first line that is neither blank nor a `#` comment starts with `{` is read
//! as JSON lines, one variant puzzle (a `Model`) per line (`lines.rs`); any other in the
//! puzzle formats.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read},
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering::Relaxed},
        mpsc::{self, Receiver, RecvTimeoutError, TryRecvError},
        Arc,
    },
    time::Duration,
};

use dancer_sudoku::{Alphabet, ParseErrorKind};

use crate::input::Source;

mod lines;

pub(crate) use self::lines::Input;

/// One record, as read.
pub(crate) type Record = Input;

/// How often a command waiting for input looks at the interrupt flag.
const POLL: Duration = Duration::from_millis(50);

/// Records a reading thread sends at once at most: sending each alone cost a tenth of the
/// time of solving 17-clue puzzles.
const CHUNK: usize = 64;

/// The records of one input, read by a thread of their own.
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
        capacity: usize,
    ) -> io::Result<Stream> {
        let alphabet = alphabet.clone();
        let read = Arc::new(AtomicU64::new(0));
        let (sender, records) = mpsc::sync_channel(capacity.div_ceil(CHUNK).max(1));
        let counted = Arc::clone(&read);
        let (reader, length): (Box<dyn Read + Send>, Option<u64>) = match source {
            Source::Stdin => (Box::new(io::stdin()), None),
            Source::File(path) => {
                let file = File::open(path)?;
                let length =
                    file.metadata().ok().filter(std::fs::Metadata::is_file).map(|m| m.len());
                (Box::new(file), length)
            }
        };
        std::thread::spawn(move || {
            let mut reader = Counting { inner: BufReader::new(reader), read: counted };
            let (head, json) = match lines::sniff(&mut reader) {
                Ok(sniffed) => sniffed,
                Err(error) => {
                    let _ = sender.send(vec![lines::unreadable(1, &error)]);
                    return;
                }
            };
            if json {
                lines::send_models(io::Cursor::new(head).chain(reader), &sender, CHUNK);
            } else {
                send_puzzles(io::Cursor::new(head).chain(reader), size, alphabet, &sender);
            }
        });
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

/// Reads puzzles in the usual formats and sends them in chunks.
fn send_puzzles<R: BufRead + Drained>(
    reader: R,
    size: Option<usize>,
    alphabet: Alphabet,
    sender: &mpsc::SyncSender<Vec<Record>>,
) {
    let mut records = dancer_sudoku::read_puzzles(reader, size).with_alphabet(alphabet);
    let mut chunk = Vec::with_capacity(CHUNK);
    while let Some(record) = records.next() {
        // Skipping the rest of a line too long may take a while (`/dev/zero`: for ever).
        let too_long = matches!(&record, Err(e) if e.kind == ParseErrorKind::LineTooLong);
        chunk.push(Input::Puzzle(record));
        // Send when the chunk is full, or when what comes next may not be there yet: a
        // puzzle piped in waits for no other.
        if chunk.len() == CHUNK || too_long || records.get_mut().drained() {
            // The command stopped taking records (a closed pipe, a signal): stop reading.
            if sender.send(std::mem::take(&mut chunk)).is_err() {
                return;
            }
        }
    }
    if !chunk.is_empty() {
        let _ = sender.send(chunk);
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
