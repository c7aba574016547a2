//! Links the `puzzlec` binary for a fast start on Linux.
//!
//! Position-dependent (`-no-pie`): a PIE binary spends a third of its start-up page faults
//! relocating ~15,000 pointers, which is most of the difference from the peers on a puzzle
//! that takes a millisecond to solve.
//!
//! The functions a small run executes laid out together (`link/startup-order.txt`, made by
//! `tools/startup_order.sh`): scattered over the 13 MB binary they cost a page fault each
//! few calls. A name missing from the list (a function added or renamed since) is only left
//! where the linker puts it, so a stale list is slower, never wrong. The list is given to
//! rust-lld, the default linker of x86_64 Linux, which takes `--symbol-ordering-file`.
//!
//! The link itself is made static by `link/static-cc` (the linker `.cargo/config.toml` names):
//! position-dependent and static, no loader runs before `main`.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=link/startup-order.txt");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if os == "linux" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if os == "linux" && arch == "x86_64" {
        let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        println!(
            "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={dir}/link/startup-order.txt"
        );
        println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
    }
}
