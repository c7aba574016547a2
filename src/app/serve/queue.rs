//! The solving slots and the queue in front of them.
//!
//! A solve, export or compare needs one of `jobs` slots. When all are taken, the request waits
//! in a bounded queue for at most its deadline rather than being refused at once: a slot
//! usually frees within milliseconds, and a client told "busy, come back" waits far longer
//! than one that stays in line. The queue is fair between clients (by address): a freed slot
//! goes to the waiting client with the fewest slots in use, among equals to the one served
//! longest ago, then to the earliest request; and when the queue is full a newcomer takes the place of the latest request of the client
//! holding the most places, so one client with many requests cannot keep another one out.

use super::api::Reply;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::oneshot;

/// Why a request got no slot: each is a 503 with `Retry-After`.
#[derive(Debug, Clone, PartialEq)]
pub enum Busy {
    /// The queue is full (of this many requests).
    Full(usize),
    /// No slot came free within the request's deadline.
    Waited(Duration),
    /// Its place in the queue went to a client with fewer waiting requests.
    Displaced,
}

impl Busy {
    /// The 503 answer, naming the limits.
    pub fn reply(&self, slots: usize) -> Reply {
        let why = match self {
            Busy::Full(waiting) => {
                format!("all {slots} solving slots are in use and {waiting} requests wait for one")
            }
            Busy::Waited(wait) => format!(
                "no solving slot (of {slots}) came free within {} s",
                wait.as_secs_f64()
            ),
            Busy::Displaced => format!(
                "all {slots} solving slots are in use, and this request's place in the queue went \
                 to a client with fewer requests waiting"
            ),
        };
        Reply::error(503, &format!("busy: {why}; try again in a few seconds"), 3)
    }
}

/// The slots, the queue and their limits.
#[derive(Debug)]
pub struct Slots {
    state: Mutex<State>,
    /// Slots in all.
    limit: usize,
    /// Requests that may wait at once (0: refuse at once when every slot is taken).
    max_waiting: usize,
    /// How long a request waits for a slot before it is answered 503.
    wait: Duration,
}

/// What the slots are doing.
#[derive(Debug, Default)]
struct State {
    /// Slots taken.
    taken: usize,
    /// Slots taken, by client.
    by_client: HashMap<IpAddr, usize>,
    /// The queue, in order of arrival.
    waiting: Vec<Waiter>,
    /// When each client with a slot or a waiting request was last given a slot (a count of
    /// slots given, so the order is exact).
    served: HashMap<IpAddr, u64>,
    /// Slots given so far.
    given: u64,
    /// The number of the next waiter.
    next: u64,
}

/// A request in the queue.
#[derive(Debug)]
struct Waiter {
    client: IpAddr,
    number: u64,
    answer: oneshot::Sender<Result<Slot, Busy>>,
}

/// A taken slot, given on to the next request in the queue (or freed) when dropped.
#[derive(Debug)]
pub struct Slot {
    slots: Arc<Slots>,
    client: IpAddr,
    /// False once the slot has been given on (so dropping it does nothing more).
    held: bool,
}

impl Drop for Slot {
    fn drop(&mut self) {
        if self.held {
            self.slots.hand_on(self.client);
        }
    }
}

impl Slots {
    /// `limit` slots, with up to `max_waiting` requests waiting at most `wait` each.
    pub fn new(limit: usize, max_waiting: usize, wait: Duration) -> Arc<Slots> {
        Arc::new(Slots {
            state: Mutex::new(State::default()),
            limit: limit.max(1),
            max_waiting,
            wait,
        })
    }

    /// Slots in all.
    pub fn limit(&self) -> usize {
        self.limit
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves counts that are still whole numbers: go on.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A slot for a request of `client`: at once when one is free and nobody waits, else after
    /// waiting in the queue; [`Busy`] when the queue is full or the wait passes its deadline.
    /// Dropping the future (the client has gone) leaves the queue.
    pub async fn take(self: &Arc<Self>, client: IpAddr) -> Result<Slot, Busy> {
        let (number, mut answer) = {
            let mut state = self.lock();
            if state.taken < self.limit && state.waiting.is_empty() {
                state.taken += 1;
                give(&mut state, client);
                return Ok(self.slot(client));
            }
            if state.waiting.len() >= self.max_waiting && !displace_for(&mut state, client) {
                return Err(Busy::Full(state.waiting.len()));
            }
            let (sender, receiver) = oneshot::channel();
            let number = state.next;
            state.next += 1;
            state.waiting.push(Waiter {
                client,
                number,
                answer: sender,
            });
            (number, receiver)
        };
        let place = Place {
            slots: self,
            number,
        };
        let answered = tokio::time::timeout(self.wait, &mut answer).await;
        drop(place);
        match answered {
            Ok(Ok(result)) => result,
            // The sender is only ever dropped after sending.
            Ok(Err(_)) => Err(Busy::Displaced),
            // A slot may have been handed over just as the deadline passed: take it then.
            Err(_) => answer.try_recv().unwrap_or(Err(Busy::Waited(self.wait))),
        }
    }

    fn slot(self: &Arc<Self>, client: IpAddr) -> Slot {
        Slot {
            slots: self.clone(),
            client,
            held: true,
        }
    }

    /// Gives the slot `client` held to the fairest waiting request, or frees it.
    fn hand_on(self: &Arc<Self>, mut client: IpAddr) {
        loop {
            let next = {
                let mut state = self.lock();
                release(&mut state, client);
                let fairest = (state.waiting.iter().enumerate())
                    .min_by_key(|(_, w)| {
                        let in_use = state.by_client.get(&w.client).copied().unwrap_or(0);
                        let served = state.served.get(&w.client).copied().unwrap_or(0);
                        (in_use, served, w.number)
                    })
                    .map(|(i, _)| i);
                match fairest {
                    None => {
                        state.taken -= 1;
                        return;
                    }
                    Some(i) => {
                        let waiter = state.waiting.remove(i);
                        give(&mut state, waiter.client);
                        waiter
                    }
                }
            };
            // Sent outside the lock: a slot that comes back (its request has gone) is handed
            // on again by this loop, not by its own drop.
            match next.answer.send(Ok(self.slot(next.client))) {
                Ok(()) => return,
                Err(Ok(mut back)) => {
                    back.held = false;
                    client = back.client;
                }
                // Only slots are sent here.
                Err(Err(_)) => return,
            }
        }
    }
}

/// One slot more in use by `client`, given now.
fn give(state: &mut State, client: IpAddr) {
    *state.by_client.entry(client).or_default() += 1;
    state.given += 1;
    let now = state.given;
    state.served.insert(client, now);
}

/// One slot fewer in use by `client`; a client with neither slots nor waiting requests is
/// forgotten.
fn release(state: &mut State, client: IpAddr) {
    if let Some(n) = state.by_client.get_mut(&client) {
        *n -= 1;
        if *n == 0 {
            state.by_client.remove(&client);
        }
    }
    let State {
        by_client,
        waiting,
        served,
        ..
    } = state;
    served.retain(|c, _| by_client.contains_key(c) || waiting.iter().any(|w| w.client == *c));
}

/// Makes room in a full queue for a request of `client` by displacing the latest request of
/// the client with the most places, if that client holds more places than `client` would.
fn displace_for(state: &mut State, client: IpAddr) -> bool {
    let mut places: HashMap<IpAddr, usize> = HashMap::new();
    for w in &state.waiting {
        *places.entry(w.client).or_default() += 1;
    }
    let mine = places.get(&client).copied().unwrap_or(0);
    let Some((&heaviest, &most)) = places.iter().max_by_key(|(_, &n)| n) else {
        return false;
    };
    if most <= mine + 1 {
        return false;
    }
    let Some(latest) = state.waiting.iter().rposition(|w| w.client == heaviest) else {
        return false;
    };
    let displaced = state.waiting.remove(latest);
    // Its request may already be gone; then there is nobody to tell.
    let _ = displaced.answer.send(Err(Busy::Displaced));
    true
}

/// A request's place in the queue, given up when its wait ends (answered, timed out, or the
/// client has gone and the future is dropped).
struct Place<'a> {
    slots: &'a Arc<Slots>,
    number: u64,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        let mut state = self.slots.lock();
        state.waiting.retain(|w| w.number != self.number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn client(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    #[test]
    fn a_request_waits_for_a_slot_instead_of_being_refused() {
        runtime().block_on(async {
            let slots = Slots::new(1, 4, Duration::from_secs(5));
            let first = slots.take(client(1)).await.unwrap();
            let waiting = tokio::spawn({
                let slots = slots.clone();
                async move { slots.take(client(1)).await.map(|_| ()) }
            });
            tokio::time::sleep(Duration::from_millis(50)).await;
            assert!(!waiting.is_finished(), "waits while the slot is taken");
            drop(first);
            assert_eq!(waiting.await.unwrap(), Ok(()));
            assert_eq!(slots.lock().taken, 0, "every slot is free again");
        });
    }

    #[test]
    fn past_its_deadline_or_a_full_queue_a_request_is_busy() {
        runtime().block_on(async {
            let slots = Slots::new(1, 1, Duration::from_millis(100));
            let _held = slots.take(client(1)).await.unwrap();
            let waiting = tokio::spawn({
                let slots = slots.clone();
                async move { slots.take(client(1)).await.map(|_| ()) }
            });
            tokio::time::sleep(Duration::from_millis(20)).await;
            // The one place is taken by the same client: no room is made.
            assert_eq!(slots.take(client(1)).await.map(|_| ()), Err(Busy::Full(1)));
            assert_eq!(
                waiting.await.unwrap(),
                Err(Busy::Waited(Duration::from_millis(100)))
            );
            assert!(slots.lock().waiting.is_empty());
            let refused_at_once = Slots::new(1, 0, Duration::from_secs(5));
            let _held = refused_at_once.take(client(1)).await.unwrap();
            let reply = refused_at_once.take(client(2)).await.unwrap_err();
            assert_eq!(reply, Busy::Full(0));
            assert_eq!(reply.reply(1).status, 503);
        });
    }

    #[test]
    fn a_freed_slot_goes_to_the_client_with_fewest_slots_and_a_full_queue_makes_room() {
        runtime().block_on(async {
            let slots = Slots::new(1, 3, Duration::from_secs(5));
            let held = slots.take(client(1)).await.unwrap();
            let order = Arc::new(Mutex::new(Vec::new()));
            let mut tasks = Vec::new();
            // Client 1 queues three requests, then client 2 one: the queue is full, so client
            // 2 takes the place of client 1's latest.
            for who in [1, 1, 1, 2] {
                let (slots, order) = (slots.clone(), order.clone());
                tasks.push(tokio::spawn(async move {
                    let got = slots.take(client(who)).await;
                    if got.is_ok() {
                        order.lock().unwrap().push(who);
                        // Hold the slot a moment so the next hand-over is a choice.
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    got.map(|_| ())
                }));
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            drop(held);
            let mut results = Vec::new();
            for t in tasks {
                results.push(t.await.unwrap());
            }
            assert_eq!(results[2], Err(Busy::Displaced));
            // Client 1 was served last, so client 2 goes first.
            assert_eq!(*order.lock().unwrap(), vec![2, 1, 1]);
        });
    }

    #[test]
    fn a_request_that_leaves_the_queue_gives_up_its_place() {
        runtime().block_on(async {
            let slots = Slots::new(1, 2, Duration::from_secs(5));
            let held = slots.take(client(1)).await.unwrap();
            let leaving = tokio::spawn({
                let slots = slots.clone();
                async move { slots.take(client(1)).await.map(|_| ()) }
            });
            tokio::time::sleep(Duration::from_millis(20)).await;
            leaving.abort();
            let _ = leaving.await;
            assert!(slots.lock().waiting.is_empty());
            drop(held);
            assert_eq!(slots.lock().taken, 0);
        });
    }
}
