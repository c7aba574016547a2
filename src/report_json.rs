//! The JSON object of a report: what the command line's `--json` prints, what a batch line and
//! the web API carry, and the dict the Python package returns. It lives in the library so that
//! every caller shares one shape.

use crate::solve::{Report, Stopped};

/// The JSON object of a report: what `--json` prints, what a batch line and the web API carry.
/// `genre` is null when it could not be told.
pub fn report_json(genre: Option<&str>, r: &Report<Vec<String>>) -> serde_json::Value {
    let mut v = serde_json::json!({
        "genre": genre,
        "verdict": r.verdict,
        "complete": r.complete(),
        "count": r.solutions.len(),
        "solutions": r.solutions,
        "stats": r.stats,
    });
    if let Some(first) = r.answer_texts.first() {
        v["answer_text"] = serde_json::json!(first);
        if r.answer_texts.len() > 1 {
            v["answer_texts"] = serde_json::json!(r.answer_texts);
        }
    }
    if let Some(f) = &r.facts {
        v["facts"] = serde_json::json!(f);
    }
    if let Some(n) = &r.note {
        v["note"] = serde_json::json!(n);
    }
    if let Some(e) = &r.explanation {
        v["explanation"] = serde_json::json!(e.names);
        if !e.minimal {
            v["explanation_minimal"] = serde_json::json!(false);
        }
    }
    if let Some(stopped) = &r.stopped {
        v["stopped"] = serde_json::json!(stopped.key());
        v["stopped_because"] = serde_json::json!(stopped.describe());
        if let Stopped::Timeout(secs) = stopped {
            v["stats"]["timeout_seconds"] = serde_json::json!(secs);
        }
    }
    if let Some(c) = &r.certificate {
        v["certificate"] = serde_json::json!(c);
    }
    v
}
