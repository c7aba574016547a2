//! One property for every genre's puzz.link format, whatever the genre: a URL that reads is
//! written back as a canonical URL that reads as the same puzzle and is written back unchanged.
//! The bodies are random (digits, letters and the stream's punctuation), so every format meets
//! skips, truncations and junk; genres without a URL format refuse them all.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use puzzlec::registry::{self, Input, GENRES};

/// The canonical URL of a puzzle read from `url` as `genre`, if it reads.
fn canonical(genre: &str, url: &str) -> Option<Result<String, String>> {
    let input = Input {
        source: "URL".into(),
        text: url.into(),
    };
    let puzzle = registry::load(genre, &input).ok()?;
    Some(puzzle.url().map_err(|e| e.to_string()))
}

fn body() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "0123456789abcdefghijklmnopqrstuvwxyz.-+_/"
        .chars()
        .collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..48)
        .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn a_url_that_reads_is_written_back_as_a_fixed_point(
        genre in 0..GENRES.len(),
        (width, height) in (1usize..5, 1usize..5),
        flags in proptest::sample::select(vec!["", "d/", "v:/"]),
        body in body(),
    ) {
        let entry = &GENRES[genre];
        for name in std::iter::once(entry.name).chain(entry.aliases.iter().copied()) {
            let url = format!("https://puzz.link/p?{name}/{flags}{width}/{height}/{body}");
            let Some(written) = canonical(entry.name, &url) else {
                continue; // refused with an error: fine for a random body
            };
            // A puzzle the format cannot write (a value past its range) says so; one it
            // writes must read back as itself.
            let Ok(written) = written else { continue };
            let again = canonical(entry.name, &written);
            prop_assert_eq!(again, Some(Ok(written.clone())), "{} from {}", written, url);
        }
    }
}

#[test]
fn every_genre_with_a_url_reads_some_random_bodies() {
    // The property above must not hold only because nothing reads: count what does.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for entry in GENRES.iter() {
        let mut read = 0;
        for i in 0..300 {
            let b = body().new_tree(&mut runner).unwrap().current();
            // Half 4×4, half 2×1 and 1×1, where short random bodies make valid boards of
            // dominoes (magnets' plates) often enough.
            let size = ["4/4", "4/4", "2/1", "1/1"][i % 4];
            for name in std::iter::once(entry.name).chain(entry.aliases.iter().copied()) {
                let url = format!("https://puzz.link/p?{name}/{size}/{b}");
                read += usize::from(canonical(entry.name, &url).is_some_and(|w| w.is_ok()));
            }
        }
        let what = format!(
            "{}: {read} of 300 random bodies read (by every name)",
            entry.name
        );
        println!("{what}");
        assert!(read > 0 || !entry.url_format, "{what}");
    }
}
