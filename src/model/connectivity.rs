//! "The active nodes of a graph form one connected region", in three formulations: a lazy cut
//! (the seed's loop, with the exact cut that never removes a solution), distance labels on a
//! spanning tree (complete, 0/1 only, for every backend), and single-commodity flow (complete,
//! integer flows, for MIP).

use super::{Assignment, Constraint, LazyConstraint, LinExpr, Lit, Model, NamedConstraint, Var};
use crate::graph::{adjacency, components};

/// Which connectivity formulation to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectivityEncoding {
    /// Cuts added when a candidate's active nodes fall apart.
    Lazy,
    /// Root = first active node; every other active node has an active parent with a
    /// smaller integer label (order-encoded clauses in CNF, a big-M row in MIP).
    Tree,
    /// The root supplies one unit of flow to every active node along active nodes.
    Flow,
}

impl crate::formulation::Choice for ConnectivityEncoding {
    const VALUES: &'static [crate::formulation::Value] = &[
        crate::formulation::Value::lazy(
            "lazy",
            "cuts in a loop: solve, find the components, cut, solve again",
        ),
        crate::formulation::Value::complete(
            "tree",
            "complete: spanning tree with increasing labels (every backend, export)",
        ),
        crate::formulation::Value::complete(
            "flow",
            "complete: single-commodity flow with integer arc flows (MIP only: as CNF it would run to gigabytes)",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "lazy" => Some(ConnectivityEncoding::Lazy),
            "tree" => Some(ConnectivityEncoding::Tree),
            "flow" => Some(ConnectivityEncoding::Flow),
            _ => None,
        }
    }
}

/// Adds "the nodes whose literal is true form one connected region (or none)" to the model.
/// `active[i]` is node i's literal; `edges` are undirected.
pub fn add_connected(
    model: &mut Model,
    name: &str,
    active: &[Lit],
    edges: &[(usize, usize)],
    encoding: ConnectivityEncoding,
) {
    if active.len() <= 1 {
        return;
    }
    match encoding {
        ConnectivityEncoding::Lazy => model.add_lazy(ConnectedCut {
            name: name.to_string(),
            active: active.to_vec(),
            adj: adjacency(active.len(), edges),
        }),
        ConnectivityEncoding::Tree => add_tree(model, name, active, edges),
        ConnectivityEncoding::Flow => add_flow(model, name, active, edges),
    }
}

/// `root[v]` ⇔ node v is the first active node, via a prefix chain "none active before v".
fn add_first_active_root(model: &mut Model, name: &str, active: &[Lit]) -> Vec<Var> {
    let n = active.len();
    let mut roots = Vec::with_capacity(n);
    let mut none_before: Option<Var> = None; // None = constant true (v = 0)
    for (v, &a) in active.iter().enumerate() {
        let root = model.new_bool(format!("{name} root[{v}]"));
        match none_before {
            None => {
                model.add(
                    format!("{name} root[{v}] def"),
                    Constraint::implies(root.lit(), a),
                );
                model.add(
                    format!("{name} root[{v}] def"),
                    Constraint::implies(a, root.lit()),
                );
            }
            Some(p) => {
                model.add(
                    format!("{name} root[{v}] def"),
                    Constraint::implies(root.lit(), a),
                );
                model.add(
                    format!("{name} root[{v}] def"),
                    Constraint::implies(root.lit(), p.lit()),
                );
                model.add(
                    format!("{name} root[{v}] def"),
                    Constraint::clause([!p, !a, root.lit()]),
                );
            }
        }
        if v + 1 < n {
            let next = model.new_bool(format!("{name} none_active_before[{}]", v + 1));
            let prev: Option<Lit> = none_before.map(|p| p.lit());
            // next ⇔ prev ∧ ¬a
            model.add(
                format!("{name} prefix[{}]", v + 1),
                Constraint::implies(next.lit(), !a),
            );
            if let Some(p) = prev {
                model.add(
                    format!("{name} prefix[{}]", v + 1),
                    Constraint::implies(next.lit(), p),
                );
                model.add(
                    format!("{name} prefix[{}]", v + 1),
                    Constraint::clause([!p, a, next.lit()]),
                );
            } else {
                model.add(
                    format!("{name} prefix[{}]", v + 1),
                    Constraint::clause([a, next.lit()]),
                );
            }
            none_before = Some(next);
        }
        roots.push(root);
    }
    roots
}

fn add_tree(model: &mut Model, name: &str, active: &[Lit], edges: &[(usize, usize)]) {
    let n = active.len();
    let roots = add_first_active_root(model, name, active);
    // Labels strictly increase along parent arcs, so following parents never cycles and must
    // end at the only node allowed to lack a parent: the root. Depth ≤ n − 1 always suffices.
    let labels: Vec<Var> = (0..n)
        .map(|v| model.new_int(format!("{name} label[{v}]"), 0, n as i64 - 1))
        .collect();
    let adj = adjacency(n, edges);
    let mut parent: std::collections::HashMap<(usize, usize), Var> = Default::default();
    for (v, neighbours) in adj.iter().enumerate() {
        for &u in neighbours {
            let p = model.new_bool(format!("{name} parent[{u}->{v}]"));
            parent.insert((u, v), p);
            let arc = format!("{name} parent[{u}->{v}]");
            model.add(arc.clone(), Constraint::implies(p.lit(), active[u]));
            model.add(arc.clone(), Constraint::implies(p.lit(), active[v]));
            model.add_greater_if(arc, p.lit(), labels[v], labels[u], 1);
        }
    }
    for (v, neighbours) in adj.iter().enumerate() {
        // Exactly one of: inactive, the root, one parent. "At least one" alone is complete;
        // "exactly" makes the arcs a tree, which removes symmetric choices for SAT and gives
        // MIP the row (1 − active) + root + Σ parent = 1 instead of a weak covering row.
        let mut choices = vec![!active[v], roots[v].lit()];
        choices.extend(neighbours.iter().map(|&u| parent[&(u, v)].lit()));
        model.add(
            format!("{name} reach[{v}]"),
            Constraint::exactly_one(choices),
        );
        for &u in neighbours.iter().filter(|&&u| u < v) {
            // Implied by the labels, but big-M rows do not show it to an LP relaxation.
            model.add(
                format!("{name} one direction[{u}-{v}]"),
                Constraint::at_most_one([parent[&(u, v)].lit(), parent[&(v, u)].lit()]),
            );
        }
    }
}

fn add_flow(model: &mut Model, name: &str, active: &[Lit], edges: &[(usize, usize)]) {
    let n = active.len() as i64;
    let roots = add_first_active_root(model, name, active);
    let supply: Vec<Var> = (0..active.len())
        .map(|v| model.new_int(format!("{name} supply[{v}]"), 0, n))
        .collect();
    let mut balance: Vec<LinExpr> = supply.iter().map(|&s| LinExpr::from(s)).collect();
    for &(a, b) in edges {
        for (u, v) in [(a, b), (b, a)] {
            let f = model.new_int(format!("{name} flow[{u}->{v}]"), 0, n - 1);
            // Flow only between active nodes.
            let mut cap_u = LinExpr::from(f);
            cap_u.add_lit(-(n - 1), active[u]);
            model.add(format!("{name} flow[{u}->{v}] cap"), cap_u.leq(0));
            let mut cap_v = LinExpr::from(f);
            cap_v.add_lit(-(n - 1), active[v]);
            model.add(format!("{name} flow[{u}->{v}] cap"), cap_v.leq(0));
            balance[v].add_term(1, f);
            balance[u].add_term(-1, f);
        }
    }
    for (v, mut bal) in balance.into_iter().enumerate() {
        // Only the root supplies.
        let mut cap = LinExpr::from(supply[v]);
        cap.add_term(-n, roots[v]);
        model.add(format!("{name} supply[{v}] root only"), cap.leq(0));
        // Supply + inflow − outflow = 1 at an active node, 0 elsewhere.
        bal.add_lit(-1, active[v]);
        model.add(format!("{name} balance[{v}]"), bal.eq(0));
    }
}

/// The lazy connectivity constraint: for each component C of a disconnected candidate, with
/// N(C) its inactive neighbours, s ∈ C and t active outside C, the cut
/// `¬active(s) ∨ ¬active(t) ∨ ⋁_{n∈N(C)} active(n)`.
#[derive(Clone, Debug)]
pub struct ConnectedCut {
    name: String,
    active: Vec<Lit>,
    adj: Vec<Vec<usize>>,
}

impl LazyConstraint for ConnectedCut {
    fn name(&self) -> &str {
        &self.name
    }
    fn cuts(&self, a: &Assignment) -> Vec<NamedConstraint> {
        let comps = components(&self.adj, |v| a.lit(self.active[v]));
        if comps.len() <= 1 {
            return Vec::new();
        }
        let mut cuts = Vec::with_capacity(comps.len());
        for (i, comp) in comps.iter().enumerate() {
            let mut in_comp = vec![false; self.adj.len()];
            for &v in comp {
                in_comp[v] = true;
            }
            let mut border: Vec<usize> = comp
                .iter()
                .flat_map(|&v| self.adj[v].iter().copied())
                .filter(|&u| !in_comp[u])
                .collect();
            border.sort_unstable();
            border.dedup();
            let s = comp[0];
            let t = comps[if i == 0 { 1 } else { 0 }][0];
            // Shrink the separator to a minimal one: D = what t reaches in the whole graph
            // without N(C); every path from t to s enters N(C) from D, so N(D) ⊆ N(C) suffices
            // and gives a stronger cut.
            let mut blocked = vec![false; self.adj.len()];
            for &u in &border {
                blocked[u] = true;
            }
            let mut reached = vec![false; self.adj.len()];
            let mut stack = vec![t];
            reached[t] = true;
            while let Some(v) = stack.pop() {
                for &u in &self.adj[v] {
                    if !reached[u] && !blocked[u] {
                        reached[u] = true;
                        stack.push(u);
                    }
                }
            }
            border.retain(|&u| self.adj[u].iter().any(|&w| reached[w]));
            let mut clause = vec![!self.active[s], !self.active[t]];
            clause.extend(border.iter().map(|&u| self.active[u]));
            cuts.push(NamedConstraint::new(
                format!(
                    "{} cut: component of node {s} (size {})",
                    self.name,
                    comp.len()
                ),
                Constraint::clause(clause),
            ));
        }
        cuts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::grid_edges;
    use crate::lower::{CardEncoding, CnfEncoder};

    /// Brute force: the subsets of a small grid whose active cells are connected (or empty).
    fn connected_subsets(h: usize, w: usize) -> std::collections::BTreeSet<u32> {
        let adj = adjacency(h * w, &grid_edges(h, w));
        (0u32..1 << (h * w))
            .filter(|&m| components(&adj, |v| m >> v & 1 == 1).len() <= 1)
            .collect()
    }

    /// Every value of the node literals for which the CNF of a complete encoding is satisfiable,
    /// found by enumerating with a SAT solver and blocking over the nodes.
    fn satisfiable_subsets(
        h: usize,
        w: usize,
        enc: ConnectivityEncoding,
    ) -> std::collections::BTreeSet<u32> {
        use crate::backend::sat::{BatsatSolver, SatResult, SatSolver};
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..h * w)
            .map(|i| m.new_answer_bool(format!("n{i}")))
            .collect();
        let lits: Vec<Lit> = nodes.iter().map(|v| v.lit()).collect();
        add_connected(&mut m, "conn", &lits, &grid_edges(h, w), enc);
        let mut cnf = CnfEncoder::encode_model(&m, CardEncoding::Totalizer);
        let mut solver = BatsatSolver::new();
        let mut out = std::collections::BTreeSet::new();
        let mut sent = 0;
        loop {
            for c in &cnf.clauses()[sent..] {
                solver.add_clause(c);
            }
            sent = cnf.clauses().len();
            match solver.solve(cnf.num_vars(), &[], None).unwrap() {
                SatResult::Sat(model) => {
                    let a = cnf.decode(|v| model[v as usize]);
                    let mask = nodes
                        .iter()
                        .enumerate()
                        .fold(0u32, |acc, (i, &v)| acc | (a.bool(v) as u32) << i);
                    assert!(out.insert(mask), "a subset came back twice");
                    cnf.encode(&m.blocking_clause(&a));
                }
                _ => return out,
            }
        }
    }

    #[test]
    fn tree_encoding_accepts_exactly_the_connected_subsets() {
        for (h, w) in [(1, 4), (2, 3), (3, 3)] {
            assert_eq!(
                satisfiable_subsets(h, w, ConnectivityEncoding::Tree),
                connected_subsets(h, w),
                "{h}x{w}"
            );
        }
    }

    #[test]
    fn flow_encoding_accepts_exactly_the_connected_subsets() {
        for (h, w) in [(1, 3), (2, 2), (2, 3)] {
            assert_eq!(
                satisfiable_subsets(h, w, ConnectivityEncoding::Flow),
                connected_subsets(h, w),
                "{h}x{w}"
            );
        }
    }

    #[test]
    fn lazy_cuts_never_remove_a_connected_subset() {
        // For every disconnected candidate, each cut is violated by it and satisfied by every
        // connected subset.
        let (h, w) = (3, 3);
        let mut m = Model::new();
        let nodes: Vec<Var> = (0..h * w).map(|i| m.new_bool(format!("n{i}"))).collect();
        let lits: Vec<Lit> = nodes.iter().map(|v| v.lit()).collect();
        add_connected(
            &mut m,
            "conn",
            &lits,
            &grid_edges(h, w),
            ConnectivityEncoding::Lazy,
        );
        let connected = connected_subsets(h, w);
        let value = |mask: u32| Assignment {
            values: (0..h * w).map(|i| (mask >> i & 1) as i64).collect(),
        };
        for mask in 0u32..1 << (h * w) {
            let cuts = m.lazy[0].cuts(&value(mask));
            assert_eq!(
                cuts.is_empty(),
                connected.contains(&mask),
                "mask {mask:09b}"
            );
            for cut in &cuts {
                assert!(!cut.constraint.holds(|v| value(mask).value(v)));
                for &ok in &connected {
                    assert!(cut.constraint.holds(|v| value(ok).value(v)), "{}", cut.name);
                }
            }
        }
    }
}
