//! The register of running child processes (solvers): each child leads its own process group,
//! listed here while it runs, so that an interrupt or the memory budget's last resort can take
//! every group down; and the register of the solvers' scratch directories, removed on those
//! same exits (a `_exit` or a death by signal runs no destructor). A ground-floor module
//! because both the solver runner ([`crate::backend::process`]) and the memory budget
//! ([`crate::budget`]) need it, and neither may depend on the other.

/// Terminates the process groups of the solvers still running when this process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then dies of the same signal. Call once, early in `main`.
///
/// Why: each solver has its own process group, so a Ctrl-C at the terminal no longer reaches
/// it; without this, an interrupted `puzzlec` would leave its solver running.
pub fn forward_interrupts_to_solvers() {
    group::install_interrupt_handler();
}

/// Kills the process groups of every external solver still running and removes the scratch
/// directories of their files. Async-signal-safe and allocation-free: the memory budget's last
/// resort calls it just before the process exits.
pub fn kill_running_solvers() {
    group::kill_all(
        #[cfg(unix)]
        libc::SIGKILL,
    );
    group::remove_scratch_dirs();
}

#[cfg(unix)]
mod group {
    use std::cell::UnsafeCell;
    use std::sync::atomic::{AtomicI32, AtomicU8, Ordering};

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

    /// Longest scratch path the register holds (a longer one is only missed on a signal exit).
    const PATH_BYTES: usize = 512;

    /// A slot of the scratch register: 0 free, 1 being written, 2 listed, 3 claimed by an
    /// exit in progress. Its path is written only in state 1 and read only in state 3.
    struct ScratchSlot {
        state: AtomicU8,
        path: UnsafeCell<[u8; PATH_BYTES]>,
    }

    // SAFETY: the path bytes are guarded by the state transitions above (one writer in state
    // 1, one reader in state 3, never both).
    unsafe impl Sync for ScratchSlot {}

    /// Scratch directories of running solver calls, for the exits that run no destructor.
    static SCRATCH: [ScratchSlot; 64] = [const {
        ScratchSlot {
            state: AtomicU8::new(0),
            path: UnsafeCell::new([0; PATH_BYTES]),
        }
    }; 64];

    /// A scratch directory listed for removal on a signal or budget exit while it exists.
    pub struct ListedScratch {
        slot: Option<usize>,
    }

    impl ListedScratch {
        /// Lists a directory (its path as bytes, without a NUL).
        pub fn register(path: &[u8]) -> Self {
            if path.len() >= PATH_BYTES || path.contains(&0) {
                return ListedScratch { slot: None };
            }
            let slot = SCRATCH.iter().position(|s| {
                s.state
                    .compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
            });
            if let Some(i) = slot {
                // SAFETY: state 1 is ours alone; nobody reads the bytes until state 2 → 3.
                let bytes = unsafe { &mut *SCRATCH[i].path.get() };
                bytes[..path.len()].copy_from_slice(path);
                bytes[path.len()] = 0;
                SCRATCH[i].state.store(2, Ordering::SeqCst);
            }
            ListedScratch { slot }
        }
    }

    impl Drop for ListedScratch {
        fn drop(&mut self) {
            if let Some(i) = self.slot {
                // Fails only when an exit has claimed the slot: the process is ending then.
                let _ = SCRATCH[i]
                    .state
                    .compare_exchange(2, 0, Ordering::SeqCst, Ordering::SeqCst);
            }
        }
    }

    /// Removes every listed scratch directory and the files in it (async-signal-safe: only
    /// atomics and system calls, no allocation). Scratch directories hold files only.
    pub fn remove_scratch_dirs() {
        for slot in &SCRATCH {
            if slot
                .state
                .compare_exchange(2, 3, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
            {
                continue;
            }
            // SAFETY: state 3 is ours; the bytes were written NUL-terminated before state 2.
            let path = unsafe { &*slot.path.get() };
            remove_flat_dir(path.as_ptr().cast());
        }
    }

    /// Unlinks the entries of a directory of files, then the directory.
    fn remove_flat_dir(path: *const libc::c_char) {
        // SAFETY: `path` is NUL-terminated; open, getdents64, unlinkat, close and rmdir are
        // system calls that allocate nothing, and the buffer is on this stack.
        unsafe {
            #[cfg(target_os = "linux")]
            {
                let fd = libc::open(path, libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC);
                if fd >= 0 {
                    let mut buf = [0u8; 4096];
                    loop {
                        let n =
                            libc::syscall(libc::SYS_getdents64, fd, buf.as_mut_ptr(), buf.len());
                        if n <= 0 {
                            break;
                        }
                        let mut at = 0usize;
                        while at < n as usize {
                            // struct linux_dirent64: u64 ino, i64 off, u16 reclen, u8 type, name.
                            let reclen = u16::from_ne_bytes([buf[at + 16], buf[at + 17]]) as usize;
                            let name = buf.as_ptr().add(at + 19).cast::<libc::c_char>();
                            let dot = *name == b'.' as libc::c_char
                                && (*name.add(1) == 0
                                    || (*name.add(1) == b'.' as libc::c_char && *name.add(2) == 0));
                            if !dot {
                                libc::unlinkat(fd, name, 0);
                            }
                            at += reclen.max(1);
                        }
                    }
                    libc::close(fd);
                }
            }
            libc::rmdir(path);
        }
    }

    extern "C" fn on_interrupt(signal: libc::c_int) {
        // SIGTERM, not the signal we got: a script's background jobs ignore SIGINT, and a child
        // `puzzlec` (compare) still gets to pass it on to its own solvers.
        kill_all(libc::SIGTERM);
        remove_scratch_dirs();
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

    /// A scratch directory; without signals to survive, its destructor removes it.
    pub struct ListedScratch;

    impl ListedScratch {
        /// Nothing to list.
        pub fn register(_path: &[u8]) -> Self {
            ListedScratch
        }
    }

    /// Nothing is listed.
    pub fn remove_scratch_dirs() {}

    pub fn install_interrupt_handler() {}
}

pub(crate) use group::{ListedScratch, Running};
