//! Galaxies as a model: `in[g:r1c1]` says that a cell is in galaxy g, one 0/1 for a cell and
//! its mirror image about g's centre together (so every galaxy is symmetric by construction),
//! none where the mirror image is off the grid; the cells a centre touches are its galaxy's.
//! The core's rooted division puts every cell in one galaxy and keeps each connected.

use super::{Galaxies, Labels};
use crate::error::Result;
use crate::model::connectivity::ConnectivityEncoding;
use crate::model::division::{add_rooted_division, first_appearance};
use crate::model::{Active, Model};
use crate::puzzles::{Formulated, Formulation};

/// The model: one membership 0/1 per galaxy and mirror pair of cells, a rooted division.
pub fn formulate(p: &Galaxies, formulation: &Formulation) -> Result<Formulated<Labels>> {
    let g = p.grid;
    let mut m = Model::new();
    let mut owner = vec![None; g.len()];
    for (i, &centre) in p.centres.iter().enumerate() {
        for c in p.touching(centre) {
            if owner[c].is_some_and(|o| o != i) {
                m.add(format!("two centres touch {}", g.name(c)), crate::model::Constraint::clause([]));
            }
            owner[c] = Some(i);
        }
    }
    let member: Vec<Vec<Active>> = (p.centres.iter().enumerate())
        .map(|(i, &centre)| {
            let mut row = vec![Active::Never; g.len()];
            for c in g.cells() {
                let Some(image) = p.mirror(centre, c) else { continue };
                row[c] = match (owner[c], owner[image]) {
                    (Some(o), _) | (_, Some(o)) if o != i => Active::Never,
                    (Some(_), _) => Active::Always,
                    _ if image < c => row[image],
                    _ => m.new_answer_bool(format!("in[{i}:{}]", g.name(c))).into(),
                };
            }
            row
        })
        .collect();
    let roots: Vec<usize> = p.centres.iter().map(|&c| p.touching(c)[0]).collect();
    let encoding = formulation.choice::<ConnectivityEncoding>("connectivity");
    let name = |c: usize| g.name(c);
    add_rooted_division(&mut m, "galaxies", &g.edges(), &member, &roots, name, encoding);
    Ok(Formulated::new(m, move |a| {
        let galaxy = |c: usize| member.iter().position(|row| row[c].holds(a));
        let labels: Vec<usize> = g.cells().map(|c| galaxy(c).unwrap_or(usize::MAX)).collect();
        first_appearance(&labels)
    }))
}
