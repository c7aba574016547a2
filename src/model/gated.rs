//! "Every active node reaches a root along arcs whose gates hold": the spanning tree of
//! [`super::connectivity`] over gated arcs, with one extra always-active node joined to every
//! root. Gokigen's dual regions (every region reaches the border) and Numberlink's paths (every
//! path cell reaches an end) are this constraint.

use super::connectivity::{add_tree, Link, Net};
use super::{Active, Model};

/// A directed arc usable when its gate holds.
#[derive(Clone, Copy, Debug)]
pub struct GatedArc {
    /// The node the arc leaves.
    pub from: usize,
    /// The node it enters.
    pub to: usize,
    /// When it may be used.
    pub gate: Active,
}

impl GatedArc {
    /// The two arcs of an undirected edge `a`–`b`, both usable when `gate` holds.
    pub fn both_ways(a: usize, b: usize, gate: Active) -> [GatedArc; 2] {
        [
            GatedArc {
                from: a,
                to: b,
                gate,
            },
            GatedArc {
                from: b,
                to: a,
                gate,
            },
        ]
    }
}

/// Adds "every active node reaches one of `roots` along arcs whose gates hold" (a spanning tree
/// of increasing labels; complete, every backend). `names` names the nodes in variable names.
pub fn add_reaches_roots_over_gates(
    model: &mut Model,
    name: &str,
    names: &[String],
    active: &[Active],
    roots: &[usize],
    arcs: &[GatedArc],
) {
    let n = active.len();
    let mut names = names.to_vec();
    names.push("roots".into());
    let mut active = active.to_vec();
    active.push(Active::Always);
    let mut is_root = vec![Active::Never; n];
    is_root.push(Active::Always);
    let from_root = roots.iter().map(|&r| Link {
        from: n,
        to: r,
        gates: vec![],
    });
    let links: Vec<Link> = from_root
        .chain(arcs.iter().map(|a| Link {
            from: a.from,
            to: a.to,
            gates: vec![a.gate],
        }))
        .collect();
    let net = Net {
        prefix: name,
        names: &names,
        active: &active,
        is_root: &is_root,
        links: &links,
    };
    add_tree(model, &net);
}
