//! The `puzzlec` binary: parse the command line, run it, exit with its code.

use clap::Parser;

/// Counts the heap against the memory budget: past it, or when the system refuses memory, the
/// process exits with code 3 and one line instead of dying by a signal.
#[global_allocator]
static ALLOCATOR: puzzlec::budget::CountingAlloc = puzzlec::budget::CountingAlloc;

fn main() {
    restore_default_sigpipe();
    puzzlec::backend::process::forward_interrupts_to_solvers();
    let code = match puzzlec::cli::Cli::try_parse() {
        Ok(cli) => puzzlec::cli::run(cli),
        // Help and version are "errors" to clap; they print and exit 0 as usual.
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) if std::env::args().any(|a| a == "--json") => {
            let message = e.to_string();
            let first = message.lines().next().unwrap_or_default();
            eprint!("{message}");
            println!(
                "{}",
                serde_json::json!({"error": first.trim_start_matches("error: "), "exit": 2})
            );
            2
        }
        Err(e) => e.exit(),
    };
    std::process::exit(code);
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
