//! Links the `puzzlec` binary as a position-dependent executable on Linux: a PIE binary spends
//! a third of its start-up page faults relocating ~15,000 pointers, which is most of the
//! difference from the peers on a puzzle that takes a millisecond to solve.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os == "linux" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
