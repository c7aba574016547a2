//! `puzzlec serve`: a local HTTP server with one page (paste a puzz.link URL, a fumen string
//! or a puzzle file; see the drawn answer, verdict, facts, statistics, a compare table; download
//! the model and the picture) and the JSON API the page uses ([`api`]).
//!
//! The HTTP side is hyper's HTTP/1.1 server on a small tokio runtime: the rest of the program
//! stays synchronous, and hyper bounds what a client can make the server hold (header size
//! and count, a deadline for the request head, which also closes idle keep-alive
//! connections). On top of that: at most [`MAX_CONNECTIONS`] connections at once, a request
//! body of at most [`api::MAX_BODY`] bytes read within [`BODY_SECONDS`] seconds, and the
//! API's own limits (time per request, solves at once).
//!
//! Requests from web pages elsewhere are kept out: a POST must be `application/json` (which a
//! page of another origin cannot send without a preflight this server never grants), and when
//! listening on a loopback address the `Host` must be a loopback name (against DNS
//! rebinding).

pub mod api;

use api::{Api, Limits, Reply, Routed, MAX_BODY};
use http_body_util::{BodyExt, Full, LengthLimitError, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use puzzlec::error::{Error, Result};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Connections served at once; further clients wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 128;
/// Seconds a client has to send a request's head (and an idle connection stays open).
const HEAD_SECONDS: u64 = 15;
/// Seconds a client has to send a request's body.
pub const BODY_SECONDS: u64 = 30;
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
    /// Solves, exports and compares running at once; more are answered 503 at once. Each
    /// gets an equal share of the memory budget (--memory).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=32))]
    pub jobs: u16,
    /// The longest time limit a request may ask for, in seconds, and the one it gets when it
    /// asks for none (a compare's whole budget). `inf` is no limit.
    #[arg(short, long, default_value_t = 20.0, value_parser = puzzlec::budget::parse_seconds)]
    pub timeout: f64,
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        // The blocking threads wait for children, of which there are at most `jobs`.
        .max_blocking_threads(jobs + 2)
        .enable_all()
        .build()
        .map_err(|e| Error::Io(format!("cannot start the server's threads: {e}")))?;
    runtime.block_on(listen(args, api))
}

/// Accepts connections and serves each on its own task, at most [`MAX_CONNECTIONS`] at once.
async fn listen(args: &ServeArgs, api: Arc<Api>) -> Result<i32> {
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
    let local_only = address.ip().is_loopback();
    {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "puzzlec serve: listening on http://{address}/ ({} solves at once, up to {} s each; \
             Ctrl-C stops it)",
            args.jobs, args.timeout
        );
        let _ = out.flush();
    }
    let connections = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return Ok(0); // the semaphore is never closed
        };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, a reset before accept: wait a little, go on.
                eprintln!("puzzlec serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let api = api.clone();
        tokio::spawn(async move {
            let service =
                hyper::service::service_fn(move |request| answer(api.clone(), local_only, request));
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(Duration::from_secs(HEAD_SECONDS))
                .max_buf_size(MAX_HEAD.max(8192))
                .max_headers(64);
            // A client that goes away mid-request is no concern of the server's.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
            drop(permit);
        });
    }
}

/// Answers one request and logs it on standard error.
async fn answer(
    api: Arc<Api>,
    local_only: bool,
    request: Request<Incoming>,
) -> std::result::Result<Response<Full<Bytes>>, Infallible> {
    let started = Instant::now();
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let reply = reply(api, local_only, request).await;
    eprintln!(
        "{method} {path} {} {:.3}s",
        reply.status,
        started.elapsed().as_secs_f64()
    );
    Ok(response(reply))
}

/// The reply to a request: the checks every request passes, its body, then the API.
async fn reply(api: Arc<Api>, local_only: bool, request: Request<Incoming>) -> Reply {
    let headers = request.headers();
    if local_only && !host_is_loopback(headers) {
        return Reply::error(
            403,
            "this server answers requests addressed to this machine only (Host: localhost or \
             127.0.0.1); start it with --host to serve others",
            2,
        );
    }
    let method = request.method().clone();
    if method == Method::POST {
        let json = (headers.get(header::CONTENT_TYPE))
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            });
        if !json {
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
    match api.route(method.as_str(), &path, &body) {
        Routed::Done(reply) => reply,
        Routed::Work(job) => tokio::task::spawn_blocking(job)
            .await
            .unwrap_or_else(|e| Reply::error(500, &format!("the request's worker failed: {e}"), 3)),
    }
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

/// Whether the request's `Host` names a loopback address (or is absent, as in HTTP/1.0).
fn host_is_loopback(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST) else {
        return true;
    };
    let Ok(host) = host.to_str() else {
        return false;
    };
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

    #[test]
    fn only_loopback_hosts_pass_the_host_check() {
        let with = |host: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
            host_is_loopback(&h)
        };
        for ok in [
            "localhost:8080",
            "127.0.0.1:1",
            "[::1]:80",
            "LOCALHOST",
            "127.0.0.2",
        ] {
            assert!(with(ok), "{ok}");
        }
        for refused in ["evil.example:8080", "10.0.0.1", "localhost.evil.example"] {
            assert!(!with(refused), "{refused}");
        }
        assert!(host_is_loopback(&HeaderMap::new()));
    }
}
