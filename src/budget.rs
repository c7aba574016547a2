//! Resource limits: the time limit's parsing and checks ([`parse_seconds`], [`deadline_after`]),
//! a [`Guard`] that deep searches ask whether to stop, and the memory budget.
//!
//! The memory budget is one process-wide limit in bytes that every large allocation is weighed
//! against before it happens. Model building, the CNF lowering, export and the native searches
//! estimate what they are about to allocate and call [`check`]; past the budget they fail with
//! [`Error::Memory`] (exit code 3), which names what was refused and how to raise the limit.
//!
//! Estimates can be wrong, and a solver's own growth (learnt clauses) is not estimated at all,
//! so the binary also installs [`CountingAlloc`]: it counts the live heap and, when an
//! allocation would pass the budget or the system refuses one, prints one line and exits with
//! code 3 instead of letting Rust abort with a signal. Library users who do not install it keep
//! the estimates ([`in_use`] is then 0). In a batch run the jobs share the one budget; a job's
//! thread that passes it is stopped alone ([`JobAtBudget`]) and the run goes on.

pub use crate::error::human;
use crate::error::{Error, Result};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The CPU time the calling thread has used, or, where the system does not say, the wall time
/// since the first call. Thresholds that should not move with the machine's load (a cut loop's
/// thrashing) are measured with it: on a shared machine wall time runs on while a thread waits.
pub fn thread_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid timespec for the call to fill in.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32);
        }
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// Reads a time limit in seconds: a number above 0, or `inf` for none. A limit too large for
/// the clock (`1e99`) is no limit either; 0, negative numbers and NaN are refused.
pub fn parse_seconds(text: &str) -> std::result::Result<f64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err(format!(
            "`{text}`: a time limit is a number of seconds above 0 (or `inf` for none)"
        ));
    }
    Ok(secs)
}

/// The instant `secs` seconds after `start`, or `None` (no limit) when the clock cannot hold it.
pub fn deadline_after(start: Instant, secs: f64) -> Option<Instant> {
    Duration::try_from_secs_f64(secs.max(0.0))
        .ok()
        .and_then(|d| start.checked_add(d))
}

/// Why a [`Guard`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// The deadline passed.
    Timeout,
    /// Nine tenths of the memory budget are in use.
    Memory,
}

/// The limits of a deep search, cheap to ask often: it reads the clock and the memory count
/// once every 1024 calls (or every `n` with [`Guard::every`]), and once it says stop it keeps
/// saying so.
#[derive(Clone, Debug)]
pub struct Guard {
    deadline: Option<Instant>,
    every: u32,
    calls: u32,
    halt: Option<Halt>,
}

impl Guard {
    /// A guard that stops at `deadline` (never for time with `None`) or near the budget.
    pub fn new(deadline: Option<Instant>) -> Self {
        Guard::every(deadline, 1024)
    }
    /// A guard that looks once every `n` calls, for steps that are slow themselves.
    pub fn every(deadline: Option<Instant>, n: u32) -> Self {
        Guard {
            deadline,
            every: n.max(1),
            calls: 0,
            halt: None,
        }
    }
    /// Whether the search must stop now.
    pub fn stop(&mut self) -> bool {
        if self.halt.is_some() {
            return true;
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls % self.every != 1 % self.every {
            return false;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.halt = Some(Halt::Timeout);
        } else if nearly_spent(90) {
            self.halt = Some(Halt::Memory);
        }
        self.halt.is_some()
    }
    /// Why the search was stopped, if it was.
    pub fn halted(&self) -> Option<Halt> {
        self.halt
    }
}

/// The budget when nothing else says otherwise: 4 GiB, or less on a machine or under a
/// `ulimit -v` that has less (see [`default_limit`]).
pub const DEFAULT_BYTES: u64 = 4 << 30;

/// 0 = not set yet: [`limit`] then computes the default once.
static LIMIT: AtomicU64 = AtomicU64::new(0);
/// Live heap bytes, counted by [`CountingAlloc`] when it is the global allocator.
static IN_USE: AtomicU64 = AtomicU64::new(0);

/// The memory budget in bytes.
pub fn limit() -> u64 {
    match LIMIT.load(Ordering::Relaxed) {
        0 => {
            let default = default_limit();
            // Another thread may have set it meanwhile; keep theirs.
            let _ = LIMIT.compare_exchange(0, default, Ordering::Relaxed, Ordering::Relaxed);
            LIMIT.load(Ordering::Relaxed)
        }
        set => set,
    }
}

/// Sets the memory budget (the CLI's `--memory`).
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes.max(1), Ordering::Relaxed);
}

/// [`DEFAULT_BYTES`], lowered to three quarters of the address-space limit (`ulimit -v`) and
/// to half the physical memory when those are smaller: the budget must bite before the
/// system does, or the process dies by a signal instead of saying why.
pub fn default_limit() -> u64 {
    let mut limit = DEFAULT_BYTES;
    #[cfg(unix)]
    {
        let mut rl = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct we pass.
        if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut rl) } == 0
            && rl.rlim_cur != libc::RLIM_INFINITY
        {
            // rlim_t is u64 on Linux but not on every unix.
            #[allow(clippy::unnecessary_cast)]
            let soft = rl.rlim_cur as u64;
            limit = limit.min(soft / 4 * 3);
        }
        // SAFETY: sysconf only reads system configuration.
        let (pages, page) = unsafe {
            (
                libc::sysconf(libc::_SC_PHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && page > 0 {
            limit = limit.min(pages as u64 * page as u64 / 2);
        }
    }
    limit.max(64 << 20)
}

/// Live heap bytes of this process (0 unless [`CountingAlloc`] is the global allocator).
pub fn in_use() -> u64 {
    IN_USE.load(Ordering::Relaxed)
}

/// Refuses to go on when `estimate` more bytes would take the process past the budget;
/// `what` names the thing that would be built, for the message.
pub fn check(estimate: u64, what: impl FnOnce() -> String) -> Result<()> {
    let budget = limit();
    let needed = in_use().saturating_add(estimate);
    if needed > budget {
        return Err(Error::Memory {
            what: what(),
            needed,
            at_least: false,
            budget,
        });
    }
    Ok(())
}

/// Whether the process has used up `fraction` (in percent) of its budget: loops that keep
/// results (enumerations) stop there with a partial answer instead of running into the limit.
pub fn nearly_spent(percent: u64) -> bool {
    in_use() > limit() / 100 * percent
}

/// Reads a size such as `512M`, `8G`, `8GB`, `1.5GiB` or `2T` (binary units; a bare number is
/// bytes). Sizes under 64 MiB are refused: the program itself needs that much.
pub fn parse_size(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size (write e.g. 512M, 8G)"))?;
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        other => {
            return Err(format!(
                "`{other}` in `{text}` is not a unit (K, M, G or T)"
            ))
        }
    };
    let bytes = value * scale as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(format!("`{text}` is too large"));
    }
    if bytes < (64u64 << 20) as f64 {
        return Err(format!(
            "`{text}` is less than the 64M the program itself needs"
        ));
    }
    Ok(bytes as u64)
}

/// The system allocator with a live-byte count and the budget as a hard limit: an allocation
/// that would pass the budget, or one the system refuses, ends the process with one line on
/// standard error and exit code 3 (running external solvers are killed first). Install it with
/// `#[global_allocator]` in a binary.
pub struct CountingAlloc;

/// Set once the process is on its way out, so that the exit path never re-enters the check.
static EXITING: AtomicBool = AtomicBool::new(false);

impl CountingAlloc {
    /// Counts `size` new bytes, or exits when they would pass the budget.
    fn reserve(size: u64) {
        let budget = LIMIT.load(Ordering::Relaxed);
        // 0: the budget is not computed yet (it is, first thing in main); no check before it.
        if budget == 0 || EXITING.load(Ordering::Relaxed) {
            IN_USE.fetch_add(size, Ordering::Relaxed);
            return;
        }
        // Counted only when it fits: an allocation past the budget is never counted, not even
        // for a moment, so a batch job beside the one stopped here is not stopped by its bytes.
        let fits = IN_USE.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |in_use| {
            (in_use + size <= budget).then_some(in_use + size)
        });
        if fits.is_err() {
            stop_this_thread_if_a_job();
            exit_out_of_memory(
                b"the memory budget is spent: an allocation of ",
                size,
                b" would take the process past its budget of ",
                budget,
                b" MiB; nothing more can be computed. Raise the budget with --memory SIZE (e.g. --memory 8G), or choose a smaller formulation or input\n",
            );
        }
    }
}

// SAFETY: every call is forwarded to `System` with the same arguments; the counters are atomics.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Self::reserve(layout.size() as u64);
        let p = System.alloc(layout);
        if p.is_null() {
            refused(layout.size() as u64);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Self::reserve(layout.size() as u64);
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            refused(layout.size() as u64);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        IN_USE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = layout.size() as u64;
        let new = new_size as u64;
        if new > old {
            Self::reserve(new - old);
        }
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            refused(new);
        } else if new < old {
            IN_USE.fetch_sub(old - new, Ordering::Relaxed);
        }
        p
    }
}

thread_local! {
    /// The flag of the batch job running on this thread (null elsewhere): see [`JobAtBudget`].
    static JOB_FLAG: std::cell::Cell<*const AtomicBool> = const { std::cell::Cell::new(std::ptr::null()) };
}

/// Makes the memory budget's last resort stop only the current thread, for one job of a batch
/// run: an allocation there that would pass the budget raises the flag and puts the thread to
/// sleep for good (it holds no lock of the allocator then), instead of ending the process, so
/// the run can report that input and go on. The memory the thread holds stays in use. Dropping
/// the value ends the arrangement.
pub struct JobAtBudget {
    /// Held so that the pointer the allocator reads stays valid.
    _flag: std::sync::Arc<AtomicBool>,
}

impl JobAtBudget {
    /// Arranges it for the current thread; `flag` is raised when the budget stops the thread.
    pub fn new(flag: std::sync::Arc<AtomicBool>) -> Self {
        JOB_FLAG.with(|f| f.set(std::sync::Arc::as_ptr(&flag)));
        JobAtBudget { _flag: flag }
    }
}

impl Drop for JobAtBudget {
    fn drop(&mut self) {
        // Cleared before the flag can be freed, so the allocator never reads a dangling one.
        let _ = JOB_FLAG.try_with(|f| f.set(std::ptr::null()));
    }
}

/// On a batch job's thread: raises the job's flag and sleeps forever. Elsewhere returns, and
/// the caller ends the process.
fn stop_this_thread_if_a_job() {
    let flag = JOB_FLAG.try_with(|f| f.get()).unwrap_or(std::ptr::null());
    if flag.is_null() {
        return;
    }
    // SAFETY: the pointer is set only while a `JobAtBudget` on this thread holds the flag.
    unsafe { (*flag).store(true, Ordering::SeqCst) };
    loop {
        // nanosleep: no allocation, no lock.
        std::thread::sleep(Duration::from_secs(3600));
    }
}

/// The system refused memory (a `ulimit -v` under the budget, or the machine is full).
fn refused(size: u64) {
    if EXITING.load(Ordering::Relaxed) {
        return; // null goes back to the caller, which aborts: nothing better is left
    }
    exit_out_of_memory(
        b"the system refused an allocation of ",
        size,
        b" (a ulimit, or the machine is out of memory) with the memory budget at ",
        LIMIT.load(Ordering::Relaxed),
        b" MiB; nothing more can be computed. Set --memory below the memory this process may really use (ulimit -v), or choose a smaller formulation or input\n",
    );
}

/// Writes `error: <a><size> MiB<b><budget><advice>` to standard error without allocating,
/// kills the running solvers' process groups and exits with code 3.
fn exit_out_of_memory(a: &[u8], size: u64, b: &[u8], budget: u64, advice: &[u8]) -> ! {
    EXITING.store(true, Ordering::Relaxed);
    let mut buf = [0u8; 1024];
    let mut n = 0;
    let mut put = |bytes: &[u8], n: &mut usize| {
        for &byte in bytes {
            if *n < buf.len() {
                buf[*n] = byte;
                *n += 1;
            }
        }
    };
    put(b"error: ", &mut n);
    put(a, &mut n);
    put(&mib(size), &mut n);
    put(b" MiB", &mut n);
    put(b, &mut n);
    put(&mib(budget), &mut n);
    put(advice, &mut n);
    #[cfg(unix)]
    // SAFETY: write and _exit are async-signal-safe and allocate nothing; the buffer is ours.
    unsafe {
        libc::write(2, buf.as_ptr().cast(), n);
        crate::process_groups::kill_running_solvers();
        libc::_exit(3);
    }
    #[cfg(not(unix))]
    {
        use std::io::Write;
        let _ = std::io::stderr().write_all(&buf[..n]);
        std::process::exit(3);
    }
}

/// A byte count in MiB (rounded up) as ASCII digits, without allocating.
fn mib(bytes: u64) -> MibDigits {
    let mut v = bytes.div_ceil(1 << 20);
    let mut digits = [0u8; 20];
    let mut len = 0;
    loop {
        digits[len] = b'0' + (v % 10) as u8;
        len += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    digits[..len].reverse();
    MibDigits { digits, len }
}

/// ASCII digits on the stack.
struct MibDigits {
    digits: [u8; 20],
    len: usize,
}

impl std::ops::Deref for MibDigits {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.digits[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_positive_and_infinity_is_none() {
        assert_eq!(parse_seconds("2"), Ok(2.0));
        assert_eq!(parse_seconds("0.25"), Ok(0.25));
        for bad in ["0", "-1", "NaN", "nan", "", "soon"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        let now = Instant::now();
        for huge in ["inf", "1e99", "1e30"] {
            let secs = parse_seconds(huge).unwrap();
            assert_eq!(deadline_after(now, secs), None, "{huge}");
        }
        assert_eq!(deadline_after(now, 2.0), Some(now + Duration::from_secs(2)));
    }

    #[test]
    fn a_guard_stops_at_its_deadline_and_stays_stopped() {
        let mut guard = Guard::new(Some(Instant::now()));
        assert!(guard.stop());
        assert!(guard.stop());
        assert_eq!(guard.halted(), Some(Halt::Timeout));
        let mut never = Guard::new(None);
        assert!((0..5000).all(|_| !never.stop()));
        assert_eq!(never.halted(), None);
    }

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_size("8G"), Ok(8 << 30));
        assert_eq!(parse_size("8gb"), Ok(8 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_size("2T"), Ok(2 << 40));
        assert_eq!(parse_size("100000000"), Ok(100_000_000));
        for bad in [
            "",
            "G",
            "8X",
            "-1G",
            "1e3G",
            "NaN",
            "inf",
            "12M",
            "99999999999999999999T",
        ] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_check_over_the_budget_names_the_thing_and_the_budget() {
        let err = check(u64::MAX / 2, || "the CNF of a test".into()).unwrap_err();
        assert_eq!(err.exit_code(), 3);
        let text = err.to_string();
        assert!(text.contains("the CNF of a test"), "{text}");
        assert!(text.contains("--memory"), "{text}");
        assert!(check(1, || unreachable!()).is_ok());
    }

    #[test]
    fn mib_digits_round_up() {
        assert_eq!(&*mib(0), b"0");
        assert_eq!(&*mib(1), b"1");
        assert_eq!(&*mib(1 << 20), b"1");
        assert_eq!(&*mib(4 << 30), b"4096");
        assert_eq!(human(3 << 29), "1.5 GiB");
        assert_eq!(human(320 << 20), "320 MiB");
    }
}
