//! The open connections, so that idle ones cannot keep anybody out.
//!
//! A connection with no request in flight costs the server nothing but a place, and a client
//! can open many: blocking new connections while such ones hold every place (what a plain
//! connection limit does) lets 128 silent sockets lock everybody out. So when a client
//! address has [`PER_CLIENT`] connections, or the server [`MAX_CONNECTIONS`], a newcomer is let
//! in and the connection idle the longest (that client's own first) is closed; only when every
//! connection that could make room has a request in flight is the newcomer turned away.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::Notify;

/// Connections one client address may hold at once.
pub const PER_CLIENT: usize = 64;
/// Connections open at once.
pub const MAX_CONNECTIONS: usize = 256;

/// The open connections.
#[derive(Debug)]
pub struct Connections {
    open: Mutex<Open>,
    per_client: usize,
    total: usize,
}

/// Open connections by number (the order they were admitted in).
#[derive(Debug, Default)]
struct Open {
    next: u64,
    by_number: HashMap<u64, Arc<Entry>>,
}

/// One open connection, as the register sees it.
#[derive(Debug)]
struct Entry {
    client: IpAddr,
    /// Requests in flight on it.
    in_flight: AtomicUsize,
    /// When its last request ended (or it opened).
    idle_since: Mutex<Instant>,
    /// Told when the connection should close.
    close: Notify,
}

impl Entry {
    fn idle_since(&self) -> Instant {
        *self.idle_since.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// An admitted connection's place; the connection leaves the register when it is dropped.
#[derive(Debug)]
pub struct Admitted {
    connections: Arc<Connections>,
    number: u64,
    entry: Arc<Entry>,
}

/// A request in flight on a connection; ends when dropped.
#[derive(Debug)]
pub struct InFlight(Arc<Entry>);

impl Drop for InFlight {
    fn drop(&mut self) {
        *self.0.idle_since.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Admitted {
    /// Marks a request in flight until the returned guard is dropped.
    pub fn begin(&self) -> InFlight {
        self.entry.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(self.entry.clone())
    }

    /// Whether a request is in flight.
    pub fn busy(&self) -> bool {
        self.entry.in_flight.load(Ordering::SeqCst) > 0
    }

    /// Resolves when the register asks this connection to make room.
    pub async fn asked_to_close(&self) {
        self.entry.close.notified().await
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.connections.lock().by_number.remove(&self.number);
    }
}

impl Connections {
    /// A register with these limits.
    pub fn new(per_client: usize, total: usize) -> Arc<Connections> {
        Arc::new(Connections {
            open: Mutex::new(Open::default()),
            per_client: per_client.max(1),
            total: total.max(1),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a connection from `client`, asking the longest idle connection to close when the
    /// client or the server is at its limit; `None` when nothing could make room.
    pub fn admit(self: &Arc<Self>, client: IpAddr) -> Option<Admitted> {
        let mut open = self.lock();
        let of_client = open.by_number.values().filter(|e| e.client == client);
        if of_client.count() >= self.per_client {
            let number = longest_idle(&open, |e| e.client == client)?;
            evict(&mut open, number);
        }
        if open.by_number.len() >= self.total {
            let number = longest_idle(&open, |_| true)?;
            evict(&mut open, number);
        }
        let number = open.next;
        open.next += 1;
        let entry = Arc::new(Entry {
            client,
            in_flight: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
            close: Notify::new(),
        });
        open.by_number.insert(number, entry.clone());
        Some(Admitted {
            connections: self.clone(),
            number,
            entry,
        })
    }
}

/// The connection idle the longest among those `which` picks, if any is idle.
fn longest_idle(open: &Open, which: impl Fn(&Entry) -> bool) -> Option<u64> {
    (open.by_number.iter())
        .filter(|(_, e)| which(e) && e.in_flight.load(Ordering::SeqCst) == 0)
        .min_by_key(|(number, e)| (e.idle_since(), **number))
        .map(|(number, _)| *number)
}

/// Asks a connection to close and no longer counts it (it closes at once when idle).
fn evict(open: &mut Open, number: u64) {
    if let Some(entry) = open.by_number.remove(&number) {
        entry.close.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn client(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    #[test]
    fn a_client_at_its_limit_loses_its_longest_idle_connection_not_the_newcomer() {
        let register = Connections::new(2, 10);
        let first = register.admit(client(1)).unwrap();
        let second = register.admit(client(1)).unwrap();
        let other = register.admit(client(2)).unwrap();
        let _busy = second.begin();
        let third = register.admit(client(1)).expect("room is made");
        // The first (idle) is asked to close; the busy one and the other client's stay.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let quick = std::time::Duration::from_millis(20);
            assert!(tokio::time::timeout(quick, first.asked_to_close())
                .await
                .is_ok());
            assert!(tokio::time::timeout(quick, second.asked_to_close())
                .await
                .is_err());
            assert!(tokio::time::timeout(quick, other.asked_to_close())
                .await
                .is_err());
        });
        // Now both of client 1's counted connections are busy: nothing makes room.
        let _busy_too = third.begin();
        assert!(register.admit(client(1)).is_none());
        assert!(register.admit(client(3)).is_some());
    }

    #[test]
    fn a_full_server_closes_the_longest_idle_connection_of_anyone() {
        let register = Connections::new(10, 2);
        let oldest = register.admit(client(1)).unwrap();
        let _newer = register.admit(client(2)).unwrap();
        let _newest = register.admit(client(3)).expect("room is made");
        assert!(!register.lock().by_number.contains_key(&oldest.number));
        // The closed connection's end does not take another's place off the register.
        drop(oldest);
        assert_eq!(register.lock().by_number.len(), 2);
    }
}
