//! The register of running child processes (solvers): each child leads its own process group,
//! listed here while it runs, so that an interrupt or the memory budget's last resort can take
//! every group down. A ground-floor module because both the solver runner
//! ([`crate::backend::process`]) and the memory budget ([`crate::budget`]) need it, and neither
//! may depend on the other.

/// Terminates the process groups of the solvers still running when this process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then dies of the same signal. Call once, early in `main`.
///
/// Why: each solver has its own process group, so a Ctrl-C at the terminal no longer reaches
/// it; without this, an interrupted `puzzlec` would leave its solver running.
pub fn forward_interrupts_to_solvers() {
    group::install_interrupt_handler();
}

/// Kills the process groups of every external solver still running. Async-signal-safe and
/// allocation-free: the memory budget's last resort calls it just before the process exits.
pub fn kill_running_solvers() {
    group::kill_all(
        #[cfg(unix)]
        libc::SIGKILL,
    );
}

#[cfg(unix)]
mod group {
    use std::sync::atomic::{AtomicI32, Ordering};

    /// Process groups of running children (0 = free slot). A fixed array of atomics, because
    /// the signal handler may read it and must neither lock nor allocate.
    static RUNNING: [AtomicI32; 64] = [const { AtomicI32::new(0) }; 64];

    /// A running child's process group, listed for the interrupt handler while alive.
    pub struct Running {
        pgid: i32,
        slot: Option<usize>,
    }

    impl Running {
        /// Lists the group led by a freshly spawned child.
        pub fn register(pid: u32) -> Self {
            let pgid = pid as i32;
            // More than 64 solvers at once is not a use we have; such a child is then only
            // missed by the interrupt handler, never by the time limit.
            let slot = RUNNING.iter().position(|s| {
                s.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
            });
            Running { pgid, slot }
        }

        /// Kills every process in the group.
        pub fn kill(&self) {
            // SAFETY: killpg only sends a signal; the group id is our unreaped child's pid.
            unsafe {
                libc::killpg(self.pgid, libc::SIGKILL);
            }
        }
    }

    impl Drop for Running {
        fn drop(&mut self) {
            if let Some(slot) = self.slot {
                RUNNING[slot].store(0, Ordering::SeqCst);
            }
        }
    }

    /// Sends a signal to every listed group (async-signal-safe: atomics and killpg only).
    pub fn kill_all(signal: libc::c_int) {
        for slot in &RUNNING {
            let pgid = slot.load(Ordering::SeqCst);
            if pgid > 0 {
                // SAFETY: killpg is async-signal-safe.
                unsafe {
                    libc::killpg(pgid, signal);
                }
            }
        }
    }

    extern "C" fn on_interrupt(signal: libc::c_int) {
        // SIGTERM, not the signal we got: a script's background jobs ignore SIGINT, and a child
        // `puzzlec` (compare) still gets to pass it on to its own solvers.
        kill_all(libc::SIGTERM);
        // SAFETY: signal and raise are async-signal-safe; the default action ends the process
        // with this signal, as it would have without the handler.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    pub fn install_interrupt_handler() {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only touches atomics and async-signal-safe calls. A signal
            // the parent set to "ignore" (nohup, background jobs) stays ignored.
            unsafe {
                let handler = on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
                if libc::signal(signal, handler) == libc::SIG_IGN {
                    libc::signal(signal, libc::SIG_IGN);
                }
            }
        }
    }
}

#[cfg(not(unix))]
mod group {
    /// A running child; without process groups the caller kills the child itself.
    pub struct Running;

    impl Running {
        /// Nothing to list without process groups.
        pub fn register(_pid: u32) -> Self {
            Running
        }

        /// Nothing beyond the child, which the caller kills.
        pub fn kill(&self) {}
    }

    /// Nothing is listed without process groups.
    pub fn kill_all() {}

    pub fn install_interrupt_handler() {}
}

pub(crate) use group::Running;
