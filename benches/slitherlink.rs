//! Slitherlink speed against cspuz: `CSPUZ_URL=/path/to/cspuz-url cargo bench --bench
//! slitherlink` (skips the race without it). Whole `puzzlec solve` processes (solve + uniqueness)
//! on the shipped puzsq instances, 17×17 to 31×45, five interleaved runs, medians.

#[path = "common/race.rs"]
mod race;

fn main() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/models/slitherlink");
    let names = [
        "puzsq_15330_17x17.url",
        "puzsq_24x24.url",
        "puzsq_25x20.url",
        "puzsq_20x36.url",
        "puzsq_31x45_a.url",
        "puzsq_31x45_b.url",
    ];
    let instances: Vec<(&str, String)> = names
        .iter()
        .map(|&n| {
            let text = std::fs::read_to_string(format!("{dir}/{n}")).expect("shipped model");
            (n, text.trim().to_string())
        })
        .collect();
    let variants: &[race::Variant] = &[
        ("varisat lazy", &[]),
        ("batsat lazy", &["-b", "batsat"]),
        ("batsat tree", &["-b", "batsat", "-f", "loop=tree"]),
    ];
    race::race("slitherlink", &instances, variants, 5);
}
