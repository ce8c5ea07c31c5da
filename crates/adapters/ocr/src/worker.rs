//! Tesseract in a process of its own, `healthtracker-ocr`, spoken to over its stdin and stdout.
//!
//! Linking libtesseract brings 57 shared libraries (curl, gnutls, ICU, LDAP…) whose loading
//! costs every process that links it about 8 ms before `main`, more than `pdftotext` takes on a
//! small report. The application therefore never links Tesseract: it starts this worker when the
//! first page needs OCR and keeps it for the pages after (one engine per reader, as before). A
//! crash inside Tesseract now ends the worker, not the application; the next page starts a new
//! one.
//!
//! The protocol is framed bytes, one request and one answer at a time:
//! - on start the worker answers once: status 0 when its engine is ready, or 1 and why not;
//! - a request is a [`Layout`] byte, a length (`u32`, little-endian) and a PGM image;
//! - an answer is a status byte (0 for Tesseract's TSV, 1 for an error message), a length and
//!   the UTF-8 text.

use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use ht_reports::ExtractError;

/// The worker's file name, looked for beside the running program.
pub const WORKER_NAME: &str = "healthtracker-ocr";

/// Environment variable naming the worker when it is not beside the running program.
pub const WORKER_ENV: &str = "HT_OCR_WORKER";

/// Largest frame either side accepts: a PGM of the largest image we read, with room to spare.
pub const MAX_FRAME: u32 = 512 << 20;

const OK: u8 = 0;
const FAILED: u8 = 1;

/// How Tesseract is to find the lines of an image sent to the worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// A page: Tesseract's layout analysis finds its columns (page segmentation mode 4), and
    /// what it took for pictures or left out is read again (`ht_ocr::regions`).
    Page,
    /// Rows cut from a page and stacked ([`crate::bands`]): read as one block of lines (mode 6),
    /// with no layout analysis. On a strip of one row, the analysis can drop the row's right
    /// half with no trace: a photo's `Monocytes  (2 - 10)  7  %` read again came back as
    /// `Monocytes` alone.
    Rows,
}

impl Layout {
    const fn byte(self) -> u8 {
        match self {
            Self::Page => 0,
            Self::Rows => 1,
        }
    }

    const fn from_byte(byte: u8) -> Option<Self> {
        match byte {
            0 => Some(Self::Page),
            1 => Some(Self::Rows),
            _ => None,
        }
    }
}

/// Writes one answer frame.
///
/// # Errors
/// When the pipe is closed.
pub fn write_answer(out: &mut impl Write, answer: Result<&str, &str>) -> io::Result<()> {
    let (status, text) = match answer {
        Ok(t) => (OK, t),
        Err(t) => (FAILED, t),
    };
    let len = u32::try_from(text.len()).map_err(|_| io::Error::other("answer too long"))?;
    out.write_all(&[status])?;
    out.write_all(&len.to_le_bytes())?;
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Reads one answer frame: `Ok(Ok(text))`, `Ok(Err(message))`, or an I/O error when the other
/// side has gone or sent something that is not a frame.
///
/// # Errors
/// As above.
pub fn read_answer(input: &mut impl Read) -> io::Result<Result<String, String>> {
    let mut status = [0u8; 1];
    input.read_exact(&mut status)?;
    let body = read_body(input)?;
    let text = String::from_utf8(body).map_err(|_| io::Error::other("the OCR worker sent text that is not UTF-8"))?;
    match status[0] {
        OK => Ok(Ok(text)),
        FAILED => Ok(Err(text)),
        s => Err(io::Error::other(format!("the OCR worker sent an unknown status {s}"))),
    }
}

/// Writes one request frame: `pgm`, to be read as `layout`.
///
/// # Errors
/// When the pipe is closed.
pub fn write_request(out: &mut impl Write, layout: Layout, pgm: &[u8]) -> io::Result<()> {
    let len = u32::try_from(pgm.len())
        .ok()
        .filter(|l| *l <= MAX_FRAME)
        .ok_or_else(|| io::Error::other("the image is too large for the OCR worker"))?;
    out.write_all(&[layout.byte()])?;
    out.write_all(&len.to_le_bytes())?;
    out.write_all(pgm)?;
    out.flush()
}

/// Reads one request frame, its layout and its image; `None` at a clean end of input (the
/// application closed the pipe).
///
/// # Errors
/// When the input ends inside a frame, names a layout there is none of, or announces a frame
/// larger than [`MAX_FRAME`].
pub fn read_request(input: &mut impl Read) -> io::Result<Option<(Layout, Vec<u8>)>> {
    let mut layout = [0u8; 1];
    if input.read(&mut layout)? == 0 {
        return Ok(None);
    }
    let layout = Layout::from_byte(layout[0])
        .ok_or_else(|| io::Error::other(format!("a request names an unknown layout {}", layout[0])))?;
    read_body(input).map(|pgm| Some((layout, pgm)))
}

fn read_body(input: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len)?;
    read_sized(input, u32::from_le_bytes(len))
}

fn read_sized(input: &mut impl Read, len: u32) -> io::Result<Vec<u8>> {
    if len > MAX_FRAME {
        return Err(io::Error::other(format!("a frame of {len} bytes is larger than allowed")));
    }
    let mut body = Vec::new();
    input.take(u64::from(len)).read_to_end(&mut body)?;
    if body.len() != len as usize {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    Ok(body)
}

/// The worker's side: announces whether `engine` started, then answers every request with
/// what `read` makes of it, until the input ends.
///
/// # Errors
/// When a pipe breaks or a request is malformed.
pub fn serve<E>(
    engine: Result<E, String>,
    mut read: impl FnMut(&mut E, Layout, &[u8]) -> Result<String, String>,
    input: impl Read,
    output: impl Write,
) -> io::Result<()> {
    let (mut input, mut output) = (BufReader::new(input), BufWriter::new(output));
    let mut engine = match engine {
        Ok(e) => {
            write_answer(&mut output, Ok(""))?;
            e
        }
        Err(why) => return write_answer(&mut output, Err(&why)),
    };
    while let Some((layout, pgm)) = read_request(&mut input)? {
        let answer = read(&mut engine, layout, &pgm);
        write_answer(&mut output, answer.as_deref().map_err(String::as_str))?;
    }
    Ok(())
}

/// Where the worker is: [`WORKER_ENV`] if set, else [`WORKER_NAME`] beside the running program
/// or one folder up (tests and examples run from `target/*/deps` and `target/*/examples`).
pub fn locate() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(WORKER_ENV) {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    exe.ancestors().skip(1).take(2).map(|dir| dir.join(WORKER_NAME)).find(|p| p.is_file())
}

/// Starts `command`. A program file just written is briefly "busy" (ETXTBSY) while any thread
/// of this process is between fork and exec, because the child holds the writer's descriptor
/// until its exec closes it; that clears in microseconds, so the start is tried again a few
/// times before it counts as failed.
fn spawn_when_free(command: &mut Command) -> io::Result<Child> {
    const TEXT_FILE_BUSY: i32 = 26;
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(e) if e.raw_os_error() == Some(TEXT_FILE_BUSY) && tries < 20 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            started => return started,
        }
    }
}

/// A running worker.
pub struct Worker {
    /// Shared with the watchdog that kills a worker past its deadline.
    child: Arc<Mutex<Child>>,
    stdin: Option<BufWriter<ChildStdin>>,
    stdout: BufReader<ChildStdout>,
    /// The program, to name it in errors.
    path: PathBuf,
    /// Whether its engine has said it is ready.
    ready: bool,
}

fn unavailable(why: String) -> ExtractError {
    ExtractError::Unsupported(format!("OCR is not available here: {why}"))
}

impl Worker {
    /// Starts the worker at `path` (with `data_path` as Tesseract's data folder, if given) and
    /// waits until its engine is ready.
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] when the worker cannot start or its engine cannot load.
    pub fn start(path: &Path, data_path: Option<&str>) -> Result<Self, ExtractError> {
        let mut worker = Self::spawn(path, data_path)?;
        worker.ready(None)?;
        Ok(worker)
    }

    /// Starts the worker at `path` as [`Self::start`] does without waiting for its engine, which
    /// loads (about 60 ms, as long as preparing a page image) while the caller prepares the
    /// first image; [`Self::ready`] waits for it. OpenMP is limited to one thread unless the
    /// environment says otherwise: on two cores Tesseract's own threads made a page three times
    /// slower.
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] when the worker cannot start.
    pub fn spawn(path: &Path, data_path: Option<&str>) -> Result<Self, ExtractError> {
        let mut command = Command::new(path);
        if let Some(dir) = data_path {
            command.arg("--tessdata").arg(dir);
        }
        if std::env::var_os("OMP_THREAD_LIMIT").is_none() {
            command.env("OMP_THREAD_LIMIT", "1");
        }
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        let mut child = spawn_when_free(&mut command)
            .map_err(|e| unavailable(format!("the OCR worker {} could not start: {e}", path.display())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(unavailable("the OCR worker has no pipes".into()));
        };
        Ok(Self {
            child: Arc::new(Mutex::new(child)),
            stdin: Some(BufWriter::new(stdin)),
            stdout: BufReader::new(stdout),
            path: path.to_path_buf(),
            ready: false,
        })
    }

    /// Waits until the worker's engine has loaded (at once if it has); a worker still loading
    /// at `deadline` is killed.
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] when its engine could not load or it is no worker,
    /// [`ExtractError::TimedOut`] past the deadline; the worker cannot be used then.
    pub fn ready(&mut self, deadline: Option<Instant>) -> Result<(), ExtractError> {
        if self.ready {
            return Ok(());
        }
        match self.within(deadline, |worker| read_answer(&mut worker.stdout)) {
            Ok(Ok(_)) => {
                self.ready = true;
                Ok(())
            }
            Ok(Err(why)) => Err(unavailable(why)),
            Err(_) if deadline.is_some_and(|d| Instant::now() >= d) => Err(ExtractError::TimedOut),
            Err(e) => Err(unavailable(format!("the OCR worker {} stopped as it started ({e})", self.path.display()))),
        }
    }

    /// Tesseract's TSV for a PGM image read as `layout`, once the worker is [ready](Self::ready)
    /// (its hello is never taken for an answer). A worker still at it at `deadline` is killed.
    ///
    /// # Errors
    /// `Ok(Err(message))` when Tesseract could not read the image; an I/O error when the worker
    /// has gone (it crashed or was killed) or never got ready: it cannot be used again.
    pub fn tsv(&mut self, layout: Layout, pgm: &[u8], deadline: Option<Instant>) -> io::Result<Result<String, String>> {
        self.ready(deadline).map_err(|e| io::Error::other(e.to_string()))?;
        self.within(deadline, |worker| {
            let stdin = worker.stdin.as_mut().ok_or_else(|| io::Error::other("the OCR worker was closed"))?;
            write_request(stdin, layout, pgm)?;
            read_answer(&mut worker.stdout)
        })
    }

    /// `work` on this worker, which is killed if it is still at it at `deadline`.
    fn within<T>(&mut self, deadline: Option<Instant>, work: impl FnOnce(&mut Self) -> io::Result<T>) -> io::Result<T> {
        let Some(deadline) = deadline else {
            return work(self);
        };
        let (done, wait) = mpsc::channel::<()>();
        let child = Arc::clone(&self.child);
        let watchdog = std::thread::spawn(move || {
            if let Err(RecvTimeoutError::Timeout) =
                wait.recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                let _ = child.lock().unwrap_or_else(PoisonError::into_inner).kill();
            }
        });
        let answer = work(self);
        drop(done);
        let _ = watchdog.join();
        answer
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // End of input asks the worker to stop; a worker stuck in Tesseract is killed.
        drop(self.stdin.take());
        let mut child = self.child.lock().unwrap_or_else(PoisonError::into_inner);
        if !matches!(child.try_wait(), Ok(Some(_))) {
            let _ = child.kill();
        }
        let _ = child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requests(frames: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, f) in frames.iter().enumerate() {
            let layout = if i == 1 { Layout::Rows } else { Layout::Page };
            write_request(&mut out, layout, f).unwrap_or_else(|e| panic!("{e}"));
        }
        out
    }

    #[test]
    fn the_worker_answers_each_request_in_order_until_its_input_ends() {
        let input = requests(&[b"first", b"", b"bad"]);
        let mut output = Vec::new();
        let read = |count: &mut usize, layout: Layout, pgm: &[u8]| {
            *count += 1;
            if pgm == b"bad" { Err("no image".to_string()) } else { Ok(format!("{count}:{layout:?}:{}", pgm.len())) }
        };
        serve(Ok(0usize), read, input.as_slice(), &mut output).unwrap_or_else(|e| panic!("{e}"));
        let mut answers = output.as_slice();
        let mut next = || read_answer(&mut answers).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(next(), Ok(String::new()), "the ready signal");
        assert_eq!(next(), Ok("1:Page:5".to_string()));
        assert_eq!(next(), Ok("2:Rows:0".to_string()));
        assert_eq!(next(), Err("no image".to_string()));
        assert!(answers.is_empty());
    }

    #[test]
    fn an_engine_that_cannot_start_says_why_and_serves_nothing() {
        let mut output = Vec::new();
        let read = |_: &mut (), _: Layout, _: &[u8]| -> Result<String, String> { panic!("no request may be served") };
        serve(Err("no English data".to_string()), read, requests(&[b"x"]).as_slice(), &mut output)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read_answer(&mut output.as_slice()).ok(), Some(Err("no English data".to_string())));
    }

    #[test]
    fn truncated_and_oversized_frames_are_errors_not_allocations() {
        let whole = requests(&[b"abcdef"]);
        assert!(read_request(&mut &whole[..whole.len() - 1]).is_err(), "cut inside the body");
        assert!(read_request(&mut &whole[..2]).is_err(), "cut inside the length");
        assert!(read_request(&mut &whole[..1]).is_err(), "cut after the layout");
        assert!(read_request(&mut &[][..]).is_ok_and(|r| r.is_none()), "a clean end");
        let mut unknown = whole.clone();
        unknown[0] = 9;
        assert!(read_request(&mut unknown.as_slice()).is_err(), "an unknown layout");
        let mut huge = vec![0u8];
        huge.extend_from_slice(&(MAX_FRAME + 1).to_le_bytes());
        assert!(read_request(&mut huge.as_slice()).is_err());
        let mut answer = vec![OK];
        answer.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(read_answer(&mut answer.as_slice()).is_err());
        assert!(read_answer(&mut &[7u8, 0, 0, 0, 0][..]).is_err(), "an unknown status");
    }

    #[test]
    fn a_worker_that_is_not_one_is_refused_with_a_reason() {
        for program in ["/bin/true", "/nonexistent/healthtracker-ocr"] {
            match Worker::start(Path::new(program), None) {
                Err(ExtractError::Unsupported(why)) => assert!(why.contains("OCR is not available"), "{why}"),
                Err(e) => panic!("{program}: {e}"),
                Ok(_) => panic!("{program} was taken for a worker"),
            }
        }
    }
}
