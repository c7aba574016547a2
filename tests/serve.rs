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
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlec"))
            .args(["serve", "--port", "0"])
            .args(options)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
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
        }
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
            "formulation": "connectivity=tree",
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
            json!({"genre": "sudoku", "input": "x"}),
            "unknown genre `sudoku`",
        ),
        (
            json!({"input": "AB\nAB\n"}),
            "cannot tell the genre of `input`",
        ),
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
    let heyawake = &v["genres"][0];
    assert_eq!(heyawake["keys"][0]["key"], "connectivity");
    assert_eq!(heyawake["keys"][0]["default"], "lazy");
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
fn past_the_concurrent_limit_a_solve_is_refused_at_once_and_a_timeout_frees_its_slot() {
    let server = std::sync::Arc::new(Server::start(&["--jobs", "1"]));
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
