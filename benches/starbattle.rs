//! Star battle against cspuz, whole processes (`CSPUZ_URL=… cargo bench --bench starbattle`):
//! published and planted instances (`tools/plant_starbattle.py`), with both "no touching" encodings.

#[path = "common/versus_cspuz.rs"]
mod versus_cspuz;

fn main() {
    versus_cspuz::run(
        "starbattle",
        &[
            "models/starbattle/cspuz_6x6.url",
            "models/starbattle/noqx_15x15_3.url",
            "models/starbattle/planted_15x15_3.url",
            "models/starbattle/planted_20x20_4.url",
        ],
        &["", "touching=pairs"],
    );
}
