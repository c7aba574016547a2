//! The `puzzlec` binary: the application ([`app`]) around the library: parse the command
//! line, run it, exit with its code.

mod app;

/// Counts the heap against the memory budget: past it, or when the system refuses memory, the
/// process exits with code 3 and one line instead of dying by a signal.
#[global_allocator]
static ALLOCATOR: puzzlec::budget::CountingAlloc = puzzlec::budget::CountingAlloc;

fn main() {
    restore_default_sigpipe();
    puzzlec::backend::process::forward_interrupts_to_solvers();
    std::process::exit(app::cli::main());
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
