//! `puzzlec serve` through its HTTP API, as the page and scripts use it: a server started on a
//! free port, requests over plain TCP. A puzz.link URL comes back with the published answer
//! (in the rows and in the picture's shaded cells), bad input with the command line's own
//! positioned message, and the limits answer 413, 503, 404 as documented. The page itself is
//! loaded in a headless Chromium when one is installed.

mod common;
use common::*;
use resvg::usvg::roxmltree;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `puzzlec serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    address: String,
    /// Kept open: the server's standard output is this pipe.
    _stdout: BufReader<ChildStdout>,
    /// Where its log (standard error) goes, when kept.
    log: Option<std::path::PathBuf>,
}

/// One HTTP answer.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    fn header(&self, name: &str) -> Option<&str> {
        (self.headers.iter())
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

impl Server {
    fn start(options: &[&str]) -> Server {
        Server::start_with_log(options, false)
    }

    /// A server whose log is kept in a file ([`Server::log`]).
    fn start_logged(options: &[&str]) -> Server {
        Server::start_with_log(options, true)
    }

    fn start_with_log(options: &[&str], logged: bool) -> Server {
        static LOGS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let log = logged.then(|| {
            let n = LOGS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            std::env::temp_dir().join(format!("puzzlec-serve-log-{}-{n}", std::process::id()))
        });
        let stderr = match &log {
            Some(path) => Stdio::from(std::fs::File::create(path).unwrap()),
            None => Stdio::null(),
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
            .args(["serve", "--port", "0"])
            .args(options)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("puzzlec serve starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        // "puzzlec serve: listening on http://127.0.0.1:PORT/ (…)"
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server {
            child,
            address,
            _stdout: stdout,
            log,
        }
    }

    /// What the server has logged so far.
    fn log(&self) -> String {
        std::fs::read_to_string(self.log.as_ref().expect("a logged server")).unwrap()
    }

    /// Sends raw bytes on a fresh connection and reads the answer until the server closes
    /// (at most `patience`); the answer, or `None` when the server closed without one.
    fn raw(&self, bytes: &[u8], patience: Duration) -> Option<Answer> {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream.set_read_timeout(Some(patience)).unwrap();
        stream.write_all(bytes).unwrap();
        let mut raw = Vec::new();
        // A reset after the answer is still an answer.
        let _ = stream.read_to_end(&mut raw);
        (!raw.is_empty()).then(|| parse_answer(&raw))
    }

    /// The processes the server has started that still run.
    fn children(&self) -> Vec<u32> {
        let parent = self.child.id();
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // The parent's id is the second field after the command name (in parentheses).
            let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
            let fields: Vec<&str> = after.split_whitespace().collect();
            // A zombie has ended; it only waits to be reaped.
            if fields.get(1) == Some(&parent.to_string().as_str()) && fields[0] != "Z" {
                found.push(pid);
            }
        }
        found
    }

    /// Sends one request on a fresh connection and reads the whole answer.
    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.address
        );
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        if !headers
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) before it has read the whole body, and close.
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        parse_answer(&raw)
    }

    fn post(&self, path: &str, body: &Value) -> Answer {
        self.request(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            body.to_string().as_bytes(),
        )
    }

    fn get(&self, path: &str) -> Answer {
        self.request("GET", path, &[], b"")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(log) = &self.log {
            let _ = std::fs::remove_file(log);
        }
    }
}

/// Status, headers and body of a raw HTTP/1.1 answer (the server sends a Content-Length).
fn parse_answer(raw: &[u8]) -> Answer {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(raw)));
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

fn model(path: &str) -> String {
    std::fs::read_to_string(format!("{}/models/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A blank n×n heyawake of 3×3 rooms, as janko text.
fn blank_heyawake(n: usize) -> String {
    let blank = vec![vec!["-"; n].join(" "); n].join("\n");
    let room = |r: usize, c: usize| ((r / 3) * n.div_ceil(3) + c / 3).to_string();
    let rooms: Vec<String> = (0..n)
        .map(|r| (0..n).map(|c| room(r, c)).collect::<Vec<_>>().join(" "))
        .collect();
    format!("{n} {n}\n{blank}\n{}\n", rooms.join("\n"))
}

/// The URL line of a `.url` model file.
fn url_of(path: &str) -> String {
    let text = model(path);
    text.lines()
        .find(|l| l.starts_with("https://"))
        .unwrap()
        .to_string()
}

/// The rows of a published shading answer (its lines of `#` and `.`).
fn answer_rows(path: &str) -> Vec<String> {
    model(path)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && l.chars().all(|c| c == '#' || c == '.'))
        .map(String::from)
        .collect()
}

/// The `r3c4` names of the cells an answer shades.
fn shaded_in(rows: &[String]) -> BTreeSet<String> {
    let mut cells = BTreeSet::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                cells.insert(format!("r{}c{}", r + 1, c + 1));
            }
        }
    }
    cells
}

/// The cells a picture fills in its answer layer, by their `data-cell` names.
fn answer_cells_of_svg(svg: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "answer"))
        })
        .filter_map(|n| n.attribute("data-cell").map(String::from))
        .collect()
}

#[test]
fn a_url_comes_back_with_the_published_answer_in_rows_and_picture() {
    let server = Server::start(&[]);
    let answer = answer_rows("heyawake/cspuz_6x6.answer");
    // No genre: the URL names it, as with `puzzlec solve URL`.
    let reply = server.post(
        "/api/solve",
        &json!({"input": url_of("heyawake/cspuz_6x6.url")}),
    );
    assert_eq!(
        reply.status,
        200,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    assert_eq!(
        (&v["genre"], &v["verdict"], &v["complete"], &v["exit"]),
        (
            &json!("heyawake"),
            &json!("unique"),
            &json!(true),
            &json!(0)
        )
    );
    assert_eq!(v["solutions"], json!([answer]));
    assert_eq!(v["stats"]["backend"], "batsat");
    let svg = v["svg"].as_str().expect("a picture");
    assert_eq!(answer_cells_of_svg(svg), shaded_in(&answer));
}

#[test]
fn a_pasted_file_is_solved_with_the_chosen_backend_and_formulation() {
    let server = Server::start(&[]);
    let answer = answer_rows("hitori/pzprjs_4x4.answer");
    let reply = server.post(
        "/api/solve",
        &json!({
            "genre": "hitori",
            "input": model("hitori/pzprjs_4x4.txt"),
            "backend": "batsat",
            // Without `pre=none` hitori's logic answers before any backend runs.
            "formulation": "connectivity=tree,pre=none",
        }),
    );
    assert_eq!(
        reply.status,
        200,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let v = reply.json();
    assert_eq!(v["verdict"], "unique");
    assert_eq!(v["solutions"], json!([answer]));
    assert_eq!(v["stats"]["backend"], "batsat");
    assert!(v["stats"]["formulation"]
        .as_str()
        .unwrap()
        .contains("connectivity=tree"));
    assert_eq!(
        answer_cells_of_svg(v["svg"].as_str().unwrap()),
        shaded_in(&answer)
    );
    // Facts of the same puzzle: a unique answer leaves no cell open.
    let facts = server.post(
        "/api/solve",
        &json!({"genre": "hitori", "input": model("hitori/pzprjs_4x4.txt"), "facts": true}),
    );
    assert_eq!(facts.json()["facts"], json!(answer));
}

#[test]
fn no_solution_is_an_answer_not_an_error() {
    let server = Server::start(&[]);
    let reply = server.post(
        "/api/solve",
        &json!({"input": url_of("heyawake/edge_none_10x10.url")}),
    );
    assert_eq!(reply.status, 200);
    let v = reply.json();
    assert_eq!((&v["verdict"], &v["exit"]), (&json!("none"), &json!(1)));
    assert_eq!(v["solutions"], json!([]));
}

#[test]
fn bad_input_is_a_400_with_the_command_lines_positioned_message() {
    let server = Server::start(&[]);
    let bad_url = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0gZi3k";
    let reply = server.post("/api/solve", &json!({"input": bad_url}));
    assert_eq!(reply.status, 400);
    let cli = puzzlec(&["solve", bad_url, "--json"]);
    let cli: Value = serde_json::from_str(stdout(&cli).trim()).unwrap();
    assert_eq!(reply.json(), cli, "the same error and exit code as the CLI");
    assert!(
        cli["error"].as_str().unwrap().starts_with("URL:1:"),
        "{cli}"
    );

    // A pasted file is named after its upload, with the line and column of the mistake.
    let text = "AB\nAC\nA=9\n";
    let reply = server.post(
        "/api/solve",
        &json!({"genre": "heyawake", "input": text, "name": "mine.txt"}),
    );
    assert_eq!(reply.status, 400);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(message.starts_with("mine.txt:3:3: "), "{message}");

    // A broken request is positioned in the request itself.
    let reply = server.request(
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json")],
        b"{\"input\": \"x\",\n \"frist\": true}",
    );
    assert_eq!(reply.status, 400);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    // serde places the column on the last character of the offending key.
    assert!(
        message.starts_with("request:2:8: unknown field `frist`"),
        "{message}"
    );

    for (body, expected) in [
        (
            json!({"genre": "tapa", "input": "x"}),
            "unknown genre `tapa`",
        ),
        (json!({"input": "AB\nAB\n"}), "Pick it in the Genre list"),
        (
            json!({"input": bad_url, "backend": "dimacs:/bin/sh"}),
            "backend `dimacs:/bin/sh` is not one this server runs",
        ),
        (json!({"input": bad_url, "timeout": 0}), "timeout:"),
        (json!({"input": ""}), "missing the puzzle"),
    ] {
        let reply = server.post("/api/solve", &body);
        assert_eq!(reply.status, 400, "{body}");
        let v = reply.json();
        assert_eq!(v["exit"], 2, "{body}");
        assert!(
            v["error"].as_str().unwrap().contains(expected),
            "{body}: {v}"
        );
    }
}

#[test]
fn a_path_is_never_read_from_the_servers_disk() {
    let server = Server::start(&[]);
    // The server runs in the repository, where this file exists: pasted, it is only text.
    let reply = server.post(
        "/api/solve",
        &json!({"genre": "heyawake", "input": "models/heyawake/seed004.txt"}),
    );
    assert_eq!(reply.status, 400);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(message.starts_with("input:1:"), "{message}");
}

#[test]
fn an_oversized_body_is_a_413_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let huge = json!({"genre": "heyawake", "input": "A".repeat(1 << 21)});
    let reply = server.post("/api/solve", &huge);
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("larger than"));
    // A declared length far past the limit is refused before anything is read or reserved.
    let lying = server.request(
        "POST",
        "/api/solve",
        &[
            ("Content-Type", "application/json"),
            ("Content-Length", "99999999999999"),
        ],
        b"{}",
    );
    assert_eq!(lying.status, 413);
    assert_eq!(server.get("/api/genres").status, 200);
}

#[test]
fn unknown_routes_wrong_methods_and_foreign_requests_are_refused() {
    let server = Server::start(&[]);
    let missing = server.get("/no/such/page");
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"]
        .as_str()
        .unwrap()
        .contains("/no/such/page"));
    assert_eq!(server.get("/api/solve").status, 405);
    // Not JSON: what a form on another site could send without asking.
    let form = server.request(
        "POST",
        "/api/solve",
        &[("Content-Type", "text/plain")],
        b"{\"input\": \"x\"}",
    );
    assert_eq!(form.status, 415);
    // A Host that is not this machine: a rebound DNS name.
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream
        .write_all(b"GET /api/genres HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    assert_eq!(parse_answer(&raw).status, 403);
}

#[test]
fn the_page_is_one_self_contained_file() {
    let server = Server::start(&[]);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    let html = String::from_utf8(page.body).unwrap();
    // Nothing is loaded from elsewhere: no external script, style, image or font.
    for external in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!html.contains(external), "{external}");
    }
    for api in ["/api/genres", "/api/solve", "/api/export", "/api/compare"] {
        assert!(html.contains(api), "{api}");
    }
}

#[test]
fn the_genres_list_every_genre_with_its_keys_defaults_and_the_backends() {
    let server = Server::start(&["--timeout", "7"]);
    let v = server.get("/api/genres").json();
    let names: Vec<&str> = v["genres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    let listed = stdout(&puzzlec(&["genres"]));
    let cli: Vec<&str> = listed
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(names, cli);
    // Found by name: genres are listed alphabetically, a genre's keys in its declaration's order.
    let heyawake = (v["genres"].as_array().unwrap().iter())
        .find(|g| g["name"] == "heyawake")
        .expect("heyawake is listed");
    let connectivity = (heyawake["keys"].as_array().unwrap().iter())
        .find(|k| k["key"] == "connectivity")
        .expect("heyawake's connectivity key");
    assert_eq!(connectivity["default"], "lazy");
    assert_eq!(v["core_keys"][0]["key"], "card");
    assert_eq!(v["default_backend"], "batsat");
    assert_eq!(v["limits"]["max_timeout_seconds"], 7.0);
    assert_eq!(v["limits"]["max_body_bytes"], 1 << 20);
}

#[test]
fn export_answers_the_command_lines_file_as_a_download() {
    let server = Server::start(&[]);
    let url = url_of("heyawake/cspuz_6x6.url");
    let reply = server.post("/api/export", &json!({"input": url, "format": "dimacs"}));
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-disposition"),
        Some("attachment; filename=\"heyawake.cnf\"")
    );
    let cli = puzzlec(&["export", &url, "--format", "dimacs"]);
    assert_eq!(String::from_utf8(reply.body).unwrap(), stdout(&cli));
    let lazy = server.post(
        "/api/export",
        &json!({"input": url, "format": "lp", "formulation": "connectivity=lazy"}),
    );
    assert_eq!(lazy.status, 400);
    assert!(lazy.json()["error"]
        .as_str()
        .unwrap()
        .contains("lazy constraints"));
    let unknown = server.post("/api/export", &json!({"input": url, "format": "xlsx"}));
    assert_eq!(unknown.status, 400);
}

#[test]
fn compare_gives_one_row_per_formulation_and_backend() {
    let server = Server::start(&[]);
    let reply = server.post(
        "/api/compare",
        &json!({
            "inputs": [url_of("heyawake/cspuz_6x6.url")],
            "backends": ["varisat", "batsat"],
            "formulations": ["connectivity=lazy", "connectivity=tree"],
            "timeout": 10,
        }),
    );
    assert_eq!(
        reply.status,
        200,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    let rows = reply.json()["rows"].as_array().unwrap().clone();
    let cells: BTreeSet<(String, String, String)> = rows
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            (s("formulation"), s("backend"), s("verdict"))
        })
        .collect();
    let expected: BTreeSet<(String, String, String)> = [
        ("card=totalizer,connectivity=lazy", "varisat"),
        ("card=totalizer,connectivity=lazy", "batsat"),
        ("card=totalizer,connectivity=tree", "varisat"),
        ("card=totalizer,connectivity=tree", "batsat"),
    ]
    .iter()
    .map(|(f, b)| (f.to_string(), b.to_string(), "unique".to_string()))
    .collect();
    assert_eq!(cells, expected);
}

/// A solve that runs until its time limit: heyawake's 10×10 seed on the MIP backend with the
/// tree formulation (it takes minutes there).
fn slow_solve(timeout: f64) -> Value {
    json!({
        "genre": "heyawake",
        "input": model("heyawake/seed004.txt"),
        "backend": "microlp",
        "formulation": "connectivity=tree",
        "timeout": timeout,
    })
}

#[test]
fn without_a_queue_a_solve_past_the_limit_is_refused_at_once_and_a_timeout_frees_its_slot() {
    let server = std::sync::Arc::new(Server::start(&["--jobs", "1", "--queue", "0"]));
    let busy = {
        let server = server.clone();
        std::thread::spawn(move || server.post("/api/solve", &slow_solve(2.0)))
    };
    std::thread::sleep(Duration::from_millis(700));
    let started = Instant::now();
    let refused = server.post(
        "/api/solve",
        &json!({"input": url_of("heyawake/cspuz_6x6.url")}),
    );
    assert_eq!(refused.status, 503);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "refused at once"
    );
    assert_eq!(refused.header("retry-after"), Some("2"));
    assert!(refused.json()["error"].as_str().unwrap().contains("busy"));
    // The page and the genres never wait for a slot.
    assert_eq!(server.get("/api/genres").status, 200);

    // The slow one ends at its time limit with a partial answer, not an error.
    let timed_out = busy.join().unwrap();
    assert_eq!(timed_out.status, 200);
    let v = timed_out.json();
    assert_eq!(
        (&v["verdict"], &v["complete"], &v["exit"]),
        (&json!("timeout"), &json!(false), &json!(3))
    );
    // Its slot is free again.
    let after = server.post(
        "/api/solve",
        &json!({"input": url_of("heyawake/cspuz_6x6.url")}),
    );
    assert_eq!(after.status, 200);
}

#[test]
fn a_request_cannot_ask_for_more_time_than_the_server_gives() {
    let server = Server::start(&["--timeout", "1"]);
    let started = Instant::now();
    let reply = server.post("/api/solve", &slow_solve(600.0));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["verdict"], "timeout");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

/// A quick solve: heyawake's 6×6 from cspuz, unique.
fn quick_solve() -> Value {
    json!({"input": url_of("heyawake/cspuz_6x6.url")})
}

/// Opens `n` connections to the server, each left as `prepare` leaves it.
fn open_connections(server: &Server, n: usize, prepare: impl Fn(&mut TcpStream)) -> Vec<TcpStream> {
    (0..n)
        .map(|_| {
            let mut stream = TcpStream::connect(&server.address).unwrap();
            prepare(&mut stream);
            stream
        })
        .collect()
}

#[test]
fn silent_connections_do_not_delay_a_normal_request() {
    let server = Server::start(&[]);
    // 300 connections that send nothing, more than the server holds at once.
    let _silent = open_connections(&server, 300, |_| {});
    let started = Instant::now();
    let reply = server.post("/api/solve", &quick_solve());
    assert_eq!(reply.status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "answered in {:?}",
        started.elapsed()
    );
}

#[test]
fn one_clients_keep_alive_connections_do_not_lock_out_the_others() {
    let server = Server::start(&[]);
    // 300 keep-alive connections that have each sent a request (answered, or closed to make
    // room) and stay open.
    let head = format!(
        "GET /api/genres HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.address
    );
    let _held = open_connections(&server, 300, |stream| {
        stream.write_all(head.as_bytes()).unwrap();
    });
    // Time for the server to answer those it has taken.
    std::thread::sleep(Duration::from_secs(1));
    let started = Instant::now();
    assert_eq!(server.get("/api/genres").status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "answered in {:?}",
        started.elapsed()
    );
}

#[test]
fn a_slow_request_head_or_body_is_cut_off_quickly() {
    let server = Server::start(&[]);
    // A head that never ends: the connection is closed within the head's 5 s.
    let started = Instant::now();
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream
        .write_all(b"GET /api/genres HTTP/1.1\r\nHost: localhost\r\nX-Slow: a")
        .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let head_cut = started.elapsed();
    assert!(
        (Duration::from_secs(4)..Duration::from_secs(9)).contains(&head_cut),
        "closed after {head_cut:?}"
    );
    // A body that stops halfway: 408 within the body's 10 s.
    let started = Instant::now();
    let stalled = server.raw(
        b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"input\": ",
        Duration::from_secs(30),
    );
    assert_eq!(stalled.map(|a| a.status), Some(408));
    let body_cut = started.elapsed();
    assert!(
        (Duration::from_secs(9)..Duration::from_secs(14)).contains(&body_cut),
        "answered after {body_cut:?}"
    );
}

#[test]
fn a_client_that_goes_away_stops_its_solve_and_frees_its_slot() {
    let server = Server::start_logged(&["--jobs", "1"]);
    let body = slow_solve(20.0).to_string();
    let request = format!(
        "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    // Wait (at most 10 s) until its child runs, then go away.
    let deadline = Instant::now() + Duration::from_secs(10);
    while server.children().is_empty() {
        assert!(Instant::now() < deadline, "the solve never started");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stream);
    let left = Instant::now();
    while !server.children().is_empty() {
        assert!(
            left.elapsed() < Duration::from_secs(5),
            "the solve still runs {:?} after its client left",
            left.elapsed()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Its slot is free: the next solve is answered, long before the first one's 20 s.
    let reply = server.post("/api/solve", &quick_solve());
    assert_eq!(reply.status, 200);
    assert!(left.elapsed() < Duration::from_secs(15));
    let log = server.log();
    assert!(
        log.lines()
            .any(|l| l.starts_with("POST /api/solve abandoned by 127.0.0.1")),
        "{log}"
    );
}

#[test]
fn parallel_solves_wait_their_turn_instead_of_being_refused() {
    let server = std::sync::Arc::new(Server::start(&["--jobs", "1"]));
    let clients: Vec<_> = (0..16)
        .map(|_| {
            let server = server.clone();
            std::thread::spawn(move || server.post("/api/solve", &quick_solve()))
        })
        .collect();
    for client in clients {
        let reply = client.join().unwrap();
        assert_eq!(
            reply.status,
            200,
            "{:?}",
            String::from_utf8_lossy(&reply.body)
        );
        assert_eq!(reply.json()["verdict"], "unique");
    }
}

#[test]
fn a_request_waits_for_a_slot_no_longer_than_its_deadline() {
    let server = std::sync::Arc::new(Server::start(&["--jobs", "1", "--wait", "1"]));
    let busy = {
        let server = server.clone();
        std::thread::spawn(move || server.post("/api/solve", &slow_solve(4.0)))
    };
    std::thread::sleep(Duration::from_millis(700));
    let started = Instant::now();
    let refused = server.post("/api/solve", &quick_solve());
    let waited = started.elapsed();
    assert_eq!(refused.status, 503);
    assert!(
        (Duration::from_millis(900)..Duration::from_secs(3)).contains(&waited),
        "refused after {waited:?}"
    );
    assert_eq!(refused.header("retry-after"), Some("2"));
    assert!(refused.json()["error"]
        .as_str()
        .unwrap()
        .contains("no solving slot (of 1) came free within 1 s"));
    assert_eq!(busy.join().unwrap().json()["verdict"], "timeout");
}

#[test]
fn an_uploads_name_is_a_label_never_an_argument_or_the_genre() {
    let server = Server::start(&[]);
    // `-` would be standard input as an argument; as a label it only names the upload.
    let reply = server.post(
        "/api/solve",
        &json!({"genre": "hitori", "input": model("hitori/pzprjs_4x4.txt"), "name": "-"}),
    );
    assert_eq!(
        reply.status,
        200,
        "{:?}",
        String::from_utf8_lossy(&reply.body)
    );
    assert_eq!(
        reply.json()["solutions"],
        json!([answer_rows("hitori/pzprjs_4x4.answer")])
    );
    // A genre's name is not the genre.
    let reply = server.post(
        "/api/solve",
        &json!({"input": model("nonogram/webpbn-0006.non"), "name": "nonogram"}),
    );
    assert_eq!(reply.status, 400);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(
        message.contains("which genre is `nonogram`? Pick it in the Genre list"),
        "{message}"
    );
    // An option's name is not an option.
    let reply = server.post(
        "/api/solve",
        &json!({"genre": "hitori", "input": "1 2\n3\n", "name": "--help"}),
    );
    assert_eq!(reply.status, 400);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(message.starts_with("--help:"), "{message}");
}

#[test]
fn every_host_the_request_names_is_checked_and_only_json_is_read_as_json() {
    let server = Server::start(&[]);
    let send = |head: &str| {
        server
            .raw(head.as_bytes(), Duration::from_secs(30))
            .expect("an answer")
            .status
    };
    let own = &server.address;
    assert_eq!(
        send(&format!(
            "GET /api/genres HTTP/1.1\r\nHost: {own}\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
        )),
        400
    );
    assert_eq!(
        send(&format!(
            "GET http://evil.example/api/genres HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n"
        )),
        403
    );
    assert_eq!(
        send(&format!(
            "GET http://{own}/api/genres HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n"
        )),
        200
    );
    let body = quick_solve().to_string();
    for (content_type, status) in [
        ("application/jsonx", 415),
        ("application/json-seq", 415),
        ("application/json; charset=utf-8", 200),
    ] {
        let reply = server.request(
            "POST",
            "/api/solve",
            &[("Content-Type", content_type)],
            body.as_bytes(),
        );
        assert_eq!(reply.status, status, "{content_type}");
    }
}

/// Debian's Chromium, when installed.
fn chromium() -> Option<std::path::PathBuf> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.is_file())
}

/// Runs headless Chromium on a page with `extra` flags, in a fresh profile; its standard output.
/// A browser that has not finished within two minutes is killed (the test then fails on what
/// it printed).
fn headless(browser: &std::path::Path, extra: &[&str], page: &str) -> String {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let profile =
        std::env::temp_dir().join(format!("puzzlec-chromium-{}-{run}", std::process::id()));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            // Virtual time runs only while no request is pending: the page's fetches finish
            // before the budget is spent.
            "--virtual-time-budget=20000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(page)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = reader.join().unwrap();
    let _ = std::fs::remove_dir_all(&profile);
    out
}

#[test]
fn the_page_draws_the_answer_of_a_pasted_url_in_a_real_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)");
        return;
    };
    let server = Server::start(&[]);
    let url = url_of("heyawake/cspuz_6x6.url");
    // The page fills its puzzle box from `?input=` and solves it, as if pasted and submitted.
    let encoded =
        percent_encoding::utf8_percent_encode(&url, percent_encoding::NON_ALPHANUMERIC).to_string();
    let page = format!("http://{}/?input={encoded}", server.address);
    let dom = headless(&browser, &["--dump-dom"], &page);
    assert!(
        dom.contains("data-verdict=\"unique\""),
        "no verdict in {dom}"
    );
    // The drawn answer, read from the page's own DOM: the SVG's answer cells.
    let drawn: BTreeSet<String> = dom
        .split("<rect ")
        .skip(1)
        .filter(|r| r.split('>').next().unwrap().contains("class=\"answer\""))
        .filter_map(|r| r.split("data-cell=\"").nth(1))
        .filter_map(|r| r.split('"').next())
        .map(String::from)
        .collect();
    assert_eq!(drawn, shaded_in(&answer_rows("heyawake/cspuz_6x6.answer")));
    assert!(dom.contains(&url), "the puzzle box holds the URL");
    assert!(
        dom.contains("heyawake 6×6: unique"),
        "the picture's caption"
    );

    // A bad URL shows the command line's message in the page.
    let bad = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0gZi3k";
    let encoded =
        percent_encoding::utf8_percent_encode(bad, percent_encoding::NON_ALPHANUMERIC).to_string();
    let dom = headless(
        &browser,
        &["--dump-dom"],
        &format!("http://{}/?input={encoded}", server.address),
    );
    assert!(
        dom.contains("URL:1:47: unexpected character `Z` in the clue body"),
        "no error in {dom}"
    );
}

#[test]
fn the_api_infers_a_fumen_explains_no_solution_and_advises_in_page_words() {
    let server = Server::start(&["--memory", "300M", "--jobs", "1"]);
    // A fumen string names no genre, but only tetromino reads fumen.
    let fumen = "v115@9gD8FeD8FeD8FeD8PeAgH";
    let v = server.post("/api/solve", &json!({"input": fumen})).json();
    assert_eq!(
        (&v["genre"], &v["exit"]),
        (&json!("tetromino"), &json!(0)),
        "{v}"
    );
    let export = server.post("/api/export", &json!({"input": fumen, "format": "dimacs"}));
    assert_eq!(export.status, 200);
    assert!(String::from_utf8_lossy(&export.body).contains("p cnf"));

    // "No solution" comes with the constraints that cannot hold together.
    let touching = "https://puzz.link/p?nurikabe/7/7/g2g6h5g8g";
    let v = server
        .post("/api/solve", &json!({"input": touching}))
        .json();
    assert_eq!(v["verdict"], "none");
    let names = v["explanation"].as_array().expect("an explanation").clone();
    let all = names
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(all.contains("r1c2") && all.contains("r2c2"), "{all}");
    assert!(v["svg"].as_str().unwrap().contains("mark explains"));

    // A model past the budget: the advice is the server's, not a command-line option. (A
    // 60×60 of 3×3 rooms: its flow CNF is some 14M clauses.)
    let big = blank_heyawake(60);
    let flow = json!({"genre": "heyawake", "input": big, "formulation": "connectivity=flow"});
    let reply = server.post("/api/solve", &flow);
    assert_eq!(reply.status, 422);
    let message = reply.json()["error"].as_str().unwrap().to_string();
    assert!(
        message.contains("This server gives each run 300 MiB"),
        "{message}"
    );
    assert!(!message.contains("--memory SIZE"), "{message}");
    let compare = json!({"genre": "heyawake", "inputs": [big],
        "formulations": ["connectivity=flow"], "backends": ["batsat"]});
    let v = server.post("/api/compare", &compare).json();
    let verdict = v["rows"][0]["verdict"].as_str().unwrap().to_string();
    assert!(verdict.contains("This server gives each run"), "{verdict}");
}

#[test]
fn the_page_heads_facts_lists_the_explanation_and_scales_pictures_in_a_real_browser() {
    let Some(browser) = chromium() else {
        eprintln!("skipped: no Chromium at /usr/bin/chromium (apt-get install -y chromium)");
        return;
    };
    let server = Server::start(&[]);
    let page = |query: &str| {
        let dom = headless(
            &browser,
            &["--dump-dom", "--window-size=1600,1000"],
            &format!("http://{}/?{query}", server.address),
        );
        dom
    };
    let encode = |text: &str| {
        percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    let pair = encode(&url_of("heyawake/edge_multiple_17x17.url"));

    // Facts mode says what it shows.
    let dom = page(&format!("input={pair}&mode=facts"));
    assert!(
        dom.contains("facts of 2 solutions: 9 undetermined"),
        "{dom}"
    );
    let heading = dom
        .split("id=\"verdict\"")
        .nth(1)
        .unwrap()
        .split("</h2>")
        .next()
        .unwrap();
    assert!(!heading.contains("two of them shown"), "{heading}");

    // The pair of 17×17 solutions is drawn at its own width, not squeezed to 560 px.
    let dom = page(&format!("input={pair}"));
    let svg_tag = dom.split("<svg").nth(1).unwrap().split('>').next().unwrap();
    let number = |after: &str| -> f64 {
        let rest = svg_tag
            .split(after)
            .nth(1)
            .unwrap_or_else(|| panic!("{svg_tag}"));
        let digits: String = (rest.chars())
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        digits.parse().unwrap()
    };
    assert!(number("max-width: ") >= number("width=\"") && number("width=\"") > 1000.0);

    // No solution: the constraints are listed, the cells they name marked.
    let dom = page(&format!(
        "input={}",
        encode("https://puzz.link/p?nurikabe/7/7/g2g6h5g8g")
    ));
    let why = dom.split("id=\"explanation\"").nth(1).expect("the list");
    assert!(why.contains("r1c2 joins r2c2"), "{why}");
    assert!(dom.contains("mark explains"), "{dom}");

    // A fumen string with no genre picked is solved as tetromino.
    let dom = page("input=v115%409gD8FeD8FeD8FeD8PeAgH");
    assert!(dom.contains("tetromino — multiple"), "{dom}");
}
