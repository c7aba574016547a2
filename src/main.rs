//! The `puzzlec` binary: parse the command line, run it, exit with its code.

use clap::Parser;

fn main() {
    let cli = puzzlec::cli::Cli::parse();
    let code = puzzlec::cli::run(cli);
    std::process::exit(code);
}
