//! Masyu speed against cspuz: `CSPUZ_URL=/path/to/cspuz-url cargo bench --bench masyu` (skips
//! the race without it): whole `puzzlec solve` processes (solve + uniqueness) on the shipped
//! published instances, 10×10 to 21×15, five interleaved runs, medians.

#[path = "common/race.rs"]
mod race;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/models/masyu");
    let names = [
        "cspuz_10x10.url",
        "penpa_13x9.url",
        "penpa_15x10.url",
        "noqx_21x15.url",
    ];
    let instances: Vec<(&str, String)> = names
        .iter()
        .map(|&n| {
            let text = std::fs::read_to_string(format!("{dir}/{n}")).expect("shipped model");
            let url = text.lines().find(|l| !l.starts_with("//")).expect("a URL");
            (n, url.trim().to_string())
        })
        .collect();
    let variants: &[race::Variant] = &[
        ("varisat lazy", &[]),
        ("batsat lazy", &["-b", "batsat"]),
        ("batsat tree", &["-b", "batsat", "-f", "loop=tree"]),
        ("cbc flow", &["-b", "lp:cbc", "-f", "loop=flow"]),
    ];
    race::race("masyu", &instances, variants, 5);
}
