//! LITS against cspuz, whole processes (`CSPUZ_URL=… cargo bench --bench lits`): the largest
//! published instances and planted ones (`tools/plant_lits.py`), with lazy cuts (the default) and
//! the complete tree encoding.

#[path = "common/versus_cspuz.rs"]
mod versus_cspuz;

fn main() {
    versus_cspuz::run(
        "lits",
        &["models/lits/cspuz_10x10.url", "models/lits/noqx_24x24.url"],
        &["", "connectivity=tree"],
    );
}
