//! The graph that connectivity constraints are stated on: nodes with their activity, edges,
//! names. Its own file because the clause encodings ([`super::connectivity`]), the constraint
//! carried by a solver ([`super::Propagated`]) and the propagator working on it
//! ([`super::propagator`]) all read it, and none of them should depend on another for it.

use super::Active;

/// A graph over the caller's node ids `0..n`, each node active never, when a literal is true,
/// or always. Edges at a never-active node are dropped.
#[derive(Clone, Debug)]
pub struct NodeGraph {
    // Open to the model's graph encodings, which extend a graph with a virtual root.
    pub(super) active: Vec<Active>,
    pub(super) adj: Vec<Vec<usize>>,
    pub(super) names: Vec<String>,
}

impl NodeGraph {
    /// Nodes `0..active.len()` with their activity and undirected edges between them (a repeated
    /// edge or a self-loop is ignored). Panics on an edge to a node that does not exist.
    pub fn new(active: impl IntoIterator<Item = Active>, edges: &[(usize, usize)]) -> Self {
        let active: Vec<Active> = active.into_iter().collect();
        let n = active.len();
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            assert!(a < n && b < n, "edge ({a}, {b}) outside nodes 0..{n}");
            if a != b && !active[a].is_never() && !active[b].is_never() {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        let names = (0..n).map(|v| v.to_string()).collect();
        NodeGraph { active, adj, names }
    }
    /// Names the nodes in variable and cut names (by default a node is named by its id), e.g.
    /// `.with_names(|c| grid.name(c))`.
    pub fn with_names(mut self, name: impl Fn(usize) -> String) -> Self {
        self.names = (0..self.active.len()).map(name).collect();
        self
    }
    /// How many nodes (never-active ones included).
    pub fn len(&self) -> usize {
        self.active.len()
    }
    /// Whether it has no nodes.
    pub fn is_empty(&self) -> bool {
        self.active.is_empty()
    }
    /// The activity of every node.
    pub fn active(&self) -> &[Active] {
        &self.active
    }
    /// The neighbours of a node that can be active (none for a never-active node).
    pub fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[v]
    }
    /// The neighbour lists of every node.
    pub fn adjacency(&self) -> &[Vec<usize>] {
        &self.adj
    }
    /// A node's name.
    pub fn name(&self, v: usize) -> &str {
        &self.names[v]
    }
    /// The first node that is always active.
    pub(super) fn first_always(&self) -> Option<usize> {
        self.active.iter().position(|&a| a == Active::Always)
    }
}
