//! The SAT/MIP model: one 0/1 variable per placement (kind, orientation, position inside the
//! region), exactly one placement per cell, and `lo ≤ Σ placements of a kind ≤ hi`.

use super::shapes::KINDS;
use super::{Placement, Tetromino, Tiling};
use crate::model::{Constraint, LinExpr, Model, Var};
use crate::puzzles::Formulated;

/// Every placement of the region with a readable name (`place[T2 r3c4]`: kind, orientation
/// number within the kind, top-left corner of its bounding box, 1-based).
pub fn placements(p: &Tetromino) -> Vec<(String, Placement)> {
    let grid = p.region.grid();
    let mut out = Vec::new();
    for kind in KINDS {
        for placed in p.region.placements(kind) {
            let rcs = placed.cells.iter().map(|&c| grid.rc(c));
            let top = rcs.clone().map(|rc| rc.0).min().unwrap_or(0);
            let left = rcs.map(|rc| rc.1).min().unwrap_or(0);
            let corner = crate::grid::cell_name(top, left);
            let name = format!("place[{kind}{} {corner}]", placed.orientation + 1);
            out.extend(placed.to_array().map(|placed| (name, placed)));
        }
    }
    out
}

/// Builds the placement model; its answer keys are the placement variables, so blocking
/// clauses range over placements only (the true ones) and every tiling is enumerated once.
pub fn placement_model(p: &Tetromino) -> Formulated<Tiling> {
    let mut model = Model::new();
    let region = &p.region;
    let grid = region.grid();
    let mut vars: Vec<(Var, Placement)> = Vec::new();
    let mut covering: Vec<Vec<Var>> = vec![Vec::new(); grid.len()];
    for (name, placement) in placements(p) {
        let v = model.new_answer_bool(name);
        for &c in &placement.cells {
            covering[c].push(v);
        }
        vars.push((v, placement));
    }
    for c in grid.cells().filter(|&c| region.cells[c]) {
        model.add(
            format!("cell {} covered once", grid.name(c)),
            Constraint::exactly_one(covering[c].iter().map(|v| v.lit())),
        );
    }
    let pieces = p.pieces();
    for kind in KINDS {
        let k = kind.index();
        let of_kind: Vec<Var> = vars
            .iter()
            .filter(|(_, pl)| pl.letter == kind.letter())
            .map(|(v, _)| *v)
            .collect();
        let (lo, hi) = (p.bounds.lo[k], p.bounds.hi[k]);
        if lo > 0 {
            model.add(
                format!("kind {kind} at least {lo}"),
                LinExpr::sum_vars(of_kind.iter().copied()).geq(lo as i64),
            );
        }
        if hi < pieces.min(of_kind.len()) {
            model.add(
                format!("kind {kind} at most {hi}"),
                LinExpr::sum_vars(of_kind.iter().copied()).leq(hi as i64),
            );
        }
    }
    // Two tilings never nest (each covers every cell exactly once), so a solution is blocked
    // by "not all of its pieces again": one literal per piece instead of one per placement.
    model.block_on_true_keys = true;
    let decode = Box::new(move |a: &crate::model::Assignment| {
        Tiling::new(
            vars.iter()
                .filter(|(v, _)| a.bool(*v))
                .map(|(_, pl)| *pl)
                .collect(),
        )
    });
    Formulated { model, decode }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Assignment;
    use crate::puzzles::tetromino::bags::Bounds;
    use crate::puzzles::tetromino::dlx::Enumerator;
    use crate::puzzles::tetromino::field::Region;

    #[test]
    fn placement_count_matches_the_native_enumerator() {
        let p = Tetromino {
            region: Region::rectangle(4, 10),
            bounds: Bounds::bag_rule(10, [0; 7], [0; 7]),
        };
        let f = placement_model(&p);
        assert_eq!(
            f.model.answer_keys.len(),
            Enumerator::new(&p.region).placement_count()
        );
        assert_eq!(f.model.vars.len(), f.model.answer_keys.len());
    }

    #[test]
    fn every_native_tiling_satisfies_the_model_and_decodes_back() {
        // the model accepts exactly the tilings: check each native tiling's assignment
        let p = Tetromino {
            region: Region::rectangle(4, 4),
            bounds: Bounds::bag_rule(4, [0; 7], [0; 7]),
        };
        let f = placement_model(&p);
        let names = placements(&p);
        let mut n = 0;
        Enumerator::new(&p.region).enumerate(&p.bounds, &mut |t| {
            let values = names
                .iter()
                .map(|(_, pl)| t.contains(pl) as i64)
                .collect::<Vec<_>>();
            let a = Assignment { values };
            assert!(f.model.first_violation(&a).is_none());
            assert_eq!((f.decode)(&a), Tiling::new(t.to_vec()));
            n += 1;
            true
        });
        assert_eq!(n, 24);
    }

    #[test]
    fn count_bounds_become_rows_and_a_non_tiling_violates_the_model() {
        let p = Tetromino {
            region: Region::rectangle(2, 4),
            bounds: Bounds::bag_rule(2, [0; 7], [0; 7]),
        };
        let f = placement_model(&p);
        let names = placements(&p);
        // two horizontal I pieces break "kind I at most 1"
        let values = names
            .iter()
            .map(|(_, pl)| {
                // 2×4 raster ids: column 0 is 0 or 4, column 3 is 3 or 7.
                (pl.letter == 'I' && pl.cells[0] % 4 == 0 && pl.cells[3] % 4 == 3) as i64
            })
            .collect();
        let violated = f.model.first_violation(&Assignment { values }).unwrap();
        assert_eq!(violated.name, "kind I at most 1");
    }
}
