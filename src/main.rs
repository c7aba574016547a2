//! The `puzzlec` binary: the application ([`app`]) around the library: parse the command
//! line, run it, exit with its code.
//!
//! On glibc Linux the binary has its own C `main` instead of Rust's runtime start: that start
//! reads and parses `/proc/self/maps` (glibc's `pthread_getattr_np` on the main thread, to
//! place the stack-overflow message's guard) and sets up a signal stack for every thread,
//! 105,000 instructions and a few page faults: a sixth of `puzzlec --version`. What the
//! runtime start does that a run needs is done here: standard streams opened, a panic ends
//! with exit code 101. A stack overflow then ends by SIGSEGV without Rust's message (the
//! worker's 64 MiB stack is unchanged).

// Not under `cargo test`, whose harness brings its own `main`.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod app;

/// Counts the heap against the memory budget: past it, or when the system refuses memory, the
/// process exits with code 3 and one line instead of dying by a signal.
#[global_allocator]
static ALLOCATOR: puzzlec::budget::CountingAlloc = puzzlec::budget::CountingAlloc;

/// The C entry point (see the module comment for why not Rust's). glibc hands std the
/// arguments by its own start-up hook, so `std::env::args` works as usual.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[no_mangle]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    open_missing_standard_streams();
    if grow_main_stack(app::job::WORKER_STACK) {
        app::job::run_untimed_jobs_on_this_thread();
    }
    // As Rust's start does: a panic (its message already printed) is exit code 101.
    let code = std::panic::catch_unwind(run).unwrap_or(101);
    std::process::exit(code)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
#[allow(dead_code)] // under `cargo test` the harness's `main` runs instead
fn main() {
    std::process::exit(run());
}

/// Parses the command line and runs it; returns the exit code.
fn run() -> i32 {
    restore_default_sigpipe();
    puzzlec::backend::process::forward_interrupts_to_solvers();
    app::cli::main()
}

/// Opens `/dev/null` on standard input, output or error when the process was started with
/// one closed, as Rust's start does: otherwise the first file opened would take its number,
/// and the answer printed to "standard output" would go into it.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
fn open_missing_standard_streams() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: poll reads and writes the three structs we pass; a zero timeout never blocks.
    if unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } < 0 {
        return;
    }
    for fd in fds.iter().filter(|fd| fd.revents & libc::POLLNVAL != 0) {
        // SAFETY: a NUL-terminated path; open takes the lowest free number, which is `fd.fd`
        // (the lower ones are open or were opened in this loop).
        let opened = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        if opened != fd.fd {
            // SAFETY: abort never returns; as Rust's start, nothing sensible is left to do.
            unsafe { libc::abort() };
        }
    }
}

/// Lets the main thread's stack grow to `bytes` (its soft limit raised, when the hard limit
/// allows): a job without a time limit can then run on it, where handing it to a worker
/// thread with that stack cost a thread start and a context switch, a third of a small
/// puzzle's wall time. The kernel checks the limit when the stack grows, and leaves at least
/// 128 MiB below the stack free of mappings. Whether the stack may now grow that far.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
fn grow_main_stack(bytes: usize) -> bool {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read and write the one struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_STACK, &mut limit) != 0 {
            return false;
        }
        let wanted = bytes as libc::rlim_t;
        if limit.rlim_cur == libc::RLIM_INFINITY || limit.rlim_cur >= wanted {
            return true;
        }
        if limit.rlim_max != libc::RLIM_INFINITY && limit.rlim_max < wanted {
            return false;
        }
        limit.rlim_cur = wanted;
        libc::setrlimit(libc::RLIMIT_STACK, &limit) == 0
    }
}

/// Lets `puzzlec … | head` end quietly like other Unix tools: Rust ignores SIGPIPE, which would
/// turn every later `println!` into a "Broken pipe" panic.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
