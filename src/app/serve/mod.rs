//! `puzzlec serve`: a local HTTP server with one page (paste a puzz.link URL, a fumen string
//! or a puzzle file; see the drawn answer, verdict, facts, statistics, a compare table; download
//! the model and the picture) and the JSON API the page uses ([`api`]).
//!
//! The HTTP side is hyper's HTTP/1.1 server on a small tokio runtime: the rest of the program
//! stays synchronous, and hyper bounds what a client can make the server hold (header size
//! and count, a deadline for the request head, which also closes idle keep-alive
//! connections). On top of that: a register of connections per client address that closes the
//! longest idle one rather than keep a newcomer out ([`connections`]), a request body of at
//! most [`api::MAX_BODY`] bytes read within [`BODY_SECONDS`] seconds, a bounded, fair queue
//! for the solving slots with a deadline per request ([`queue`]), and the API's own limits
//! (time per request). A request whose client goes away is abandoned: logged, and its child
//! process killed.
//!
//! Requests from web pages elsewhere are kept out: a POST must be `application/json` (which a
//! page of another origin cannot send without a preflight this server never grants), and when
//! listening on a loopback address every name the request gives for its host (each `Host`
//! header, an absolute-form target's authority) must be a loopback name (against DNS
//! rebinding).

pub mod api;
pub mod connections;
pub mod queue;

use api::{Api, Limits, Reply, Routed, MAX_BODY};
use connections::{Admitted, Connections, InFlight};
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, Uri};
use hyper_util::rt::{TokioIo, TokioTimer};
use puzzlec::error::{Error, Result};
use queue::Slots;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, Instant};

/// Seconds a client has to send a request's head (and an idle connection stays open): short,
/// since a browser or script sends its head at once and reopens a closed connection freely.
const HEAD_SECONDS: u64 = 5;
/// Seconds a client has to send a request's body (1 MiB at most).
pub const BODY_SECONDS: u64 = 10;
/// The largest request head (request line and headers) in bytes.
const MAX_HEAD: usize = 16 << 10;

/// Options of `puzzlec serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The address to listen on; the default answers this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The port; 0 picks a free one (the address is printed on the first line).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Solves, exports and compares running at once; more wait in the queue (--queue). Each
    /// gets an equal share of the memory budget (--memory).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=32))]
    pub jobs: u16,
    /// Requests that may wait for a slot at once, shared fairly between clients; past it a
    /// request is answered 503 at once (0: no queue).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(0..=4096))]
    pub queue: u16,
    /// The longest a request waits in the queue for a slot, in seconds, before it is answered
    /// 503.
    #[arg(long, default_value_t = 30.0, value_parser = puzzlec::budget::parse_seconds)]
    pub wait: f64,
    /// The longest time limit a request may ask for, in seconds, and the one it gets when it
    /// asks for none (a compare's whole budget). `inf` is no limit.
    #[arg(short, long, default_value_t = 20.0, value_parser = puzzlec::budget::parse_seconds)]
    pub timeout: f64,
    /// Print the first line (where the server listens) as one JSON object: `url`, `jobs`,
    /// `timeout`, `queue`, `wait`.
    #[arg(long)]
    pub json: bool,
}

/// What every connection's requests share.
struct Shared {
    api: Arc<Api>,
    slots: Arc<Slots>,
    /// Whether the server listens on a loopback address (and so checks each request's host).
    local_only: bool,
}

/// Runs the server until the process is stopped (Ctrl-C); returns only when it cannot start.
pub fn run(args: &ServeArgs) -> Result<i32> {
    let jobs = usize::from(args.jobs);
    let limits = Limits {
        jobs,
        max_timeout: args.timeout,
        // The parse refuses budgets under 64 MiB, and a child needs that much anyway.
        child_memory: (puzzlec::budget::limit() / jobs as u64).max(64 << 20),
    };
    let api = Api::new(limits)?;
    // `inf` waits as long as a duration can say (about 584 years).
    let wait = Duration::try_from_secs_f64(args.wait).unwrap_or(Duration::MAX);
    let slots = Slots::new(jobs, usize::from(args.queue), wait);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // The blocking threads wait for children, of which there are at most `jobs`.
        .max_blocking_threads(jobs + 2)
        .enable_all()
        .build()
        .map_err(|e| Error::Io(format!("cannot start the server's threads: {e}")))?;
    runtime.block_on(listen(args, api, slots))
}

/// Accepts connections and serves each on its own task, within the register's limits.
async fn listen(args: &ServeArgs, api: Arc<Api>, slots: Arc<Slots>) -> Result<i32> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| {
            Error::Usage(format!(
                "cannot listen on {}:{}: {e} (choose another --port, or 0 for any free one)",
                args.host, args.port
            ))
        })?;
    let address = listener
        .local_addr()
        .map_err(|e| Error::Io(format!("cannot read the listening address: {e}")))?;
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let first = serde_json::json!({
            "url": format!("http://{address}/"),
            "jobs": args.jobs,
            "timeout": args.timeout,
            "queue": args.queue,
            "wait": args.wait,
        });
        let _ = if args.json {
            writeln!(out, "{first}")
        } else {
            writeln!(
            out,
            "puzzlec serve: listening on http://{address}/ ({} solves at once, up to {} s each, \
             {} more waiting up to {} s; Ctrl-C stops it)",
                args.jobs, args.timeout, args.queue, args.wait
            )
        };
        let _ = out.flush();
    }
    let shared = Arc::new(Shared {
        api,
        slots,
        local_only: address.ip().is_loopback(),
    });
    let register = Connections::new(connections::PER_CLIENT, connections::MAX_CONNECTIONS);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, a reset before accept: wait a little, go on.
                eprintln!("puzzlec serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let client = peer.ip();
        match register.admit(client) {
            Some(admitted) => {
                tokio::spawn(serve_connection(shared.clone(), stream, client, admitted));
            }
            None => {
                eprintln!("puzzlec serve: {client} turned away: every connection is busy");
                tokio::spawn(turn_away(stream));
            }
        }
    }
}

/// Serves one connection until it closes, times out, or the register asks it to make room
/// (at once when no request is in flight on it, else after the answer).
async fn serve_connection(
    shared: Arc<Shared>,
    stream: tokio::net::TcpStream,
    client: IpAddr,
    admitted: Admitted,
) {
    let admitted = Arc::new(admitted);
    let in_flight = admitted.clone();
    let service = hyper::service::service_fn(move |request| {
        answer(shared.clone(), client, in_flight.begin(), request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_secs(HEAD_SECONDS))
        .max_buf_size(MAX_HEAD.max(8192))
        .max_headers(64);
    let mut connection = std::pin::pin!(http.serve_connection(TokioIo::new(stream), service));
    let mut asked = std::pin::pin!(admitted.asked_to_close());
    let make_room = std::future::poll_fn(|cx| {
        if connection.as_mut().poll(cx).is_ready() {
            return Poll::Ready(false);
        }
        asked.as_mut().poll(cx).map(|()| true)
    })
    .await;
    // A client that goes away mid-request is logged by its request, not here.
    if make_room && admitted.busy() {
        connection.as_mut().graceful_shutdown();
        let _ = connection.await;
    }
}

/// Answers a connection the register could not make room for: 503, then closed.
async fn turn_away(stream: tokio::net::TcpStream) {
    const BODY: &str = "{\"error\":\"busy: every connection from this address has a request in \
                        flight; try again in a few seconds\",\"exit\":3}";
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nRetry-After: 2\r\nConnection: close\r\n\r\n{BODY}",
        BODY.len()
    );
    let write = async {
        let mut rest = answer.as_bytes();
        while !rest.is_empty() {
            stream.writable().await?;
            match stream.try_write(rest) {
                Ok(written) => rest = &rest[written..],
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    };
    // A client that does not read is not waited for.
    let _ = tokio::time::timeout(Duration::from_secs(HEAD_SECONDS), write).await;
}

/// Answers one request and logs it on standard error; a request dropped before its answer
/// (the client went away) is logged as abandoned and its work stopped.
async fn answer(
    shared: Arc<Shared>,
    client: IpAddr,
    in_flight: InFlight,
    request: Request<Incoming>,
) -> std::result::Result<Response<Full<Bytes>>, Infallible> {
    let mut pending = Pending {
        line: format!("{} {}", request.method(), request.uri().path()),
        client,
        started: Instant::now(),
        cancelled: Arc::new(AtomicBool::new(false)),
        answered: false,
        _in_flight: in_flight,
    };
    let reply = reply(&shared, client, request, &pending.cancelled).await;
    pending.answered = true;
    eprintln!(
        "{} {} {:.3}s",
        pending.line,
        reply.status,
        pending.started.elapsed().as_secs_f64()
    );
    Ok(response(reply))
}

/// A request being answered; dropped unanswered, it was abandoned by its client.
struct Pending {
    /// `METHOD PATH`, for the log.
    line: String,
    client: IpAddr,
    started: Instant,
    /// Set when abandoned: the request's child, if any, is killed.
    cancelled: Arc<AtomicBool>,
    answered: bool,
    _in_flight: InFlight,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if !self.answered {
            self.cancelled.store(true, Ordering::SeqCst);
            eprintln!(
                "{} abandoned by {} after {:.3}s: the client went away; its work is stopped",
                self.line,
                self.client,
                self.started.elapsed().as_secs_f64()
            );
        }
    }
}

/// The reply to a request: the checks every request passes, its body, then the API (with a
/// slot for its work, waited for in the queue).
async fn reply(
    shared: &Shared,
    client: IpAddr,
    request: Request<Incoming>,
    cancelled: &Arc<AtomicBool>,
) -> Reply {
    let headers = request.headers();
    if let Some(refused) = check_host(request.uri(), headers, shared.local_only) {
        return refused;
    }
    let method = request.method().clone();
    if method == Method::POST {
        if !is_json(headers) {
            return Reply::error(
                415,
                "send the request as JSON, with Content-Type: application/json",
                2,
            );
        }
        let declared = (headers.get(header::CONTENT_LENGTH))
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|n| n > MAX_BODY as u64) {
            return too_large();
        }
    }
    let path = request.uri().path().to_string();
    let limited = Limited::new(request.into_body(), MAX_BODY).collect();
    let body = match tokio::time::timeout(Duration::from_secs(BODY_SECONDS), limited).await {
        Err(_) => {
            return Reply::error(
                408,
                &format!("the request body did not arrive within {BODY_SECONDS} s"),
                2,
            )
        }
        Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => return too_large(),
        Ok(Err(e)) => return Reply::error(400, &format!("cannot read the request body: {e}"), 2),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let work = match shared.api.route(method.as_str(), &path, &body) {
        Routed::Done(reply) => return reply,
        Routed::Work(work) => work,
    };
    let slot = match shared.slots.take(client).await {
        Ok(slot) => slot,
        Err(busy) => return busy.reply(shared.slots.limit()),
    };
    let cancelled = cancelled.clone();
    let job = tokio::task::spawn_blocking(move || {
        let reply = work(&cancelled);
        // The slot goes to the next request only once the child has ended.
        drop(slot);
        reply
    });
    job.await
        .unwrap_or_else(|e| Reply::error(500, &format!("the request's worker failed: {e}"), 3))
}

/// Whether the request's one `Content-Type` is JSON: `application/json`, with parameters or
/// without (`; charset=utf-8`), in any case.
fn is_json(headers: &HeaderMap) -> bool {
    let mut types = headers.get_all(header::CONTENT_TYPE).iter();
    let (Some(only), None) = (types.next(), types.next()) else {
        return false;
    };
    let Ok(value) = only.to_str() else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or("").trim();
    essence.eq_ignore_ascii_case("application/json")
}

/// The refusal of a request whose host is not this server's: 400 for more than one `Host`
/// header, 403 for a host (any `Host` header, or the authority of an absolute-form target)
/// that is not a loopback name when the server listens on loopback only.
fn check_host(uri: &Uri, headers: &HeaderMap, local_only: bool) -> Option<Reply> {
    let hosts: Vec<&HeaderValue> = headers.get_all(header::HOST).iter().collect();
    if hosts.len() > 1 {
        return Some(Reply::error(
            400,
            "a request names its host once: more than one Host header",
            2,
        ));
    }
    if !local_only {
        return None;
    }
    let header = hosts.first().map(|h| h.to_str().ok());
    let target = uri.authority().map(|a| Some(a.as_str()));
    let foreign = [header, target]
        .into_iter()
        .flatten()
        .any(|host| !host.is_some_and(is_loopback_name));
    foreign.then(|| {
        Reply::error(
            403,
            "this server answers requests addressed to this machine only (Host: localhost or \
             127.0.0.1); start it with --host to serve others",
            2,
        )
    })
}

/// 413, for a body past [`MAX_BODY`].
fn too_large() -> Reply {
    Reply::error(
        413,
        &format!(
            "the request is larger than {}; use the command line (`puzzlec`) for such a puzzle",
            puzzlec::budget::human(MAX_BODY as u64)
        ),
        2,
    )
}

/// Whether a host (`name` or `name:port`, `[v6]:port`) is a loopback name or address.
fn is_loopback_name(host: &str) -> bool {
    // An authority may carry user information (`user@host`), which names no host.
    let host = host.rsplit('@').next().unwrap_or(host);
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(name, _)| name),
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The HTTP response of a reply, with the headers every answer carries.
fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = hyper::StatusCode::from_u16(reply.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if reply.content_type.starts_with("text/html") {
        // The page loads nothing from elsewhere, and nothing else may load it in a frame.
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
                 img-src data: blob:; connect-src 'self'; frame-ancestors 'none'",
            ),
        );
    }
    if let Some(name) = &reply.download {
        if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
            headers.insert(header::CONTENT_DISPOSITION, v);
        }
    }
    match reply.status {
        503 => {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        }
        // The rest of such a body is never read: close rather than drain it.
        408 | 413 => {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        _ => {}
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status `check_host` answers a request to `target` with these `Host` headers.
    fn host_check(target: &str, hosts: &[&str], local_only: bool) -> Option<u16> {
        let mut headers = HeaderMap::new();
        for host in hosts {
            headers.append(header::HOST, HeaderValue::from_str(host).unwrap());
        }
        let uri: Uri = target.parse().unwrap();
        check_host(&uri, &headers, local_only).map(|r| r.status)
    }

    #[test]
    fn only_loopback_hosts_pass_the_host_check() {
        for ok in [
            "localhost:8080",
            "127.0.0.1:1",
            "[::1]:80",
            "LOCALHOST",
            "127.0.0.2",
        ] {
            assert_eq!(host_check("/", &[ok], true), None, "{ok}");
        }
        for refused in ["evil.example:8080", "10.0.0.1", "localhost.evil.example"] {
            assert_eq!(host_check("/", &[refused], true), Some(403), "{refused}");
        }
        // HTTP/1.0 sends no Host.
        assert_eq!(host_check("/", &[], true), None);
    }

    #[test]
    fn every_host_a_request_names_is_checked() {
        // Two Host headers: refused whatever they say, as HTTP/1.1 requires.
        let two = ["localhost", "evil.example"];
        assert_eq!(host_check("/", &two, true), Some(400));
        assert_eq!(
            host_check("/", &["localhost", "localhost"], false),
            Some(400)
        );
        // An absolute-form target names the host that counts.
        let absolute = "http://evil.example/api/genres";
        assert_eq!(host_check(absolute, &["localhost"], true), Some(403));
        assert_eq!(host_check(absolute, &[], true), Some(403));
        let own = "http://127.0.0.1:8080/api/genres";
        assert_eq!(host_check(own, &["localhost:8080"], true), None);
        // Listening on every address, any single host is served.
        assert_eq!(host_check(absolute, &["evil.example"], false), None);
    }

    #[test]
    fn only_json_is_read_as_json() {
        let with = |types: &[&str]| {
            let mut headers = HeaderMap::new();
            for t in types {
                headers.append(header::CONTENT_TYPE, HeaderValue::from_str(t).unwrap());
            }
            is_json(&headers)
        };
        for json in [
            "application/json",
            "Application/JSON",
            "application/json; charset=utf-8",
            " application/json ;charset=UTF-8",
        ] {
            assert!(with(&[json]), "{json}");
        }
        for other in [
            "application/jsonx",
            "application/json-seq",
            "application/jsonp; charset=utf-8",
            "text/plain",
            "",
        ] {
            assert!(!with(&[other]), "{other}");
        }
        assert!(!with(&[]));
        assert!(!with(&["application/json", "text/plain"]));
    }
}
