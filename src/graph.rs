//! Graph helpers shared by genres: union-find, components, breadth-first
//! distances, articulation points.

/// Union-find over `0..n` with path halving and union by size.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> Self {
        UnionFind {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }
    /// The representative of `x`'s set.
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }
    /// Merges the sets of `a` and `b`; false if they were already one.
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a] < self.size[b] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b] = a;
        self.size[a] += self.size[b];
        true
    }
}

/// Adjacency lists of `n` nodes from an edge list.
pub fn adjacency(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    adj
}

/// Connected components of the active nodes, each in increasing node order; components are
/// ordered by their smallest node.
pub fn components(adj: &[Vec<usize>], active: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let n = adj.len();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] || !active(start) {
            continue;
        }
        let mut comp = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < comp.len() {
            let v = comp[i];
            i += 1;
            for &u in &adj[v] {
                if !seen[u] && active(u) {
                    seen[u] = true;
                    comp.push(u);
                }
            }
        }
        comp.sort_unstable();
        out.push(comp);
    }
    out
}

/// Breadth-first distances from the sources (distance 0), moving only onto nodes `passable`
/// allows; `None` where no such path exists.
pub fn distances(
    adj: &[Vec<usize>],
    sources: &[usize],
    passable: impl Fn(usize) -> bool,
) -> Vec<Option<usize>> {
    let mut dist = vec![None; adj.len()];
    let mut queue = std::collections::VecDeque::new();
    for &s in sources {
        if dist[s].is_none() {
            dist[s] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(v) = queue.pop_front() {
        let next = dist[v].map(|d| d + 1);
        for &u in &adj[v] {
            if dist[u].is_none() && passable(u) {
                dist[u] = next;
                queue.push_back(u);
            }
        }
    }
    dist
}

/// The articulation points of the subgraph induced by the active nodes (Tarjan's lowlink),
/// in increasing order.
pub fn articulation_points(adj: &[Vec<usize>], active: impl Fn(usize) -> bool) -> Vec<usize> {
    let n = adj.len();
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut is_cut = vec![false; n];
    let mut time = 0;
    for root in 0..n {
        if disc[root] != usize::MAX || !active(root) {
            continue;
        }
        // Iterative DFS: (node, parent, next neighbour index).
        let mut stack = vec![(root, usize::MAX, 0usize)];
        disc[root] = time;
        low[root] = time;
        time += 1;
        let mut root_children = 0;
        while let Some(&mut (v, parent, ref mut next)) = stack.last_mut() {
            if *next < adj[v].len() {
                let u = adj[v][*next];
                *next += 1;
                if !active(u) || u == parent {
                    continue;
                }
                if disc[u] == usize::MAX {
                    disc[u] = time;
                    low[u] = time;
                    time += 1;
                    if v == root {
                        root_children += 1;
                    }
                    stack.push((u, v, 0));
                } else {
                    low[v] = low[v].min(disc[u]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if p != root && low[v] >= disc[p] {
                        is_cut[p] = true;
                    }
                }
            }
        }
        if root_children > 1 {
            is_cut[root] = true;
        }
    }
    (0..n).filter(|&v| is_cut[v]).collect()
}

/// The size of a maximum matching of a bipartite graph (Kuhn's augmenting paths); `left`
/// says which side each node is on.
pub fn bipartite_matching(adj: &[Vec<usize>], left: impl Fn(usize) -> bool) -> usize {
    fn augment(
        v: usize,
        adj: &[Vec<usize>],
        seen: &mut [bool],
        mate: &mut [Option<usize>],
    ) -> bool {
        for &u in &adj[v] {
            if !seen[u] {
                seen[u] = true;
                if mate[u].is_none_or(|w| augment(w, adj, seen, mate)) {
                    mate[u] = Some(v);
                    return true;
                }
            }
        }
        false
    }
    let mut mate = vec![None; adj.len()];
    (0..adj.len())
        .filter(|&v| left(v))
        .filter(|&v| augment(v, adj, &mut vec![false; adj.len()], &mut mate))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_grid_with_a_wall() {
        // 3x3 with the middle column inactive: two components.
        let adj = adjacency(9, &crate::grid::Grid::new(3, 3).edges());
        let comps = components(&adj, |v| v % 3 != 1);
        assert_eq!(comps, vec![vec![0, 3, 6], vec![2, 5, 8]]);
    }

    #[test]
    fn articulation_points_match_removal_brute_force() {
        // Every subset of a 3x3 grid: a node is a cut point iff removing it adds components.
        let adj = adjacency(9, &crate::grid::Grid::new(3, 3).edges());
        for mask in 0u32..512 {
            let active = |v: usize| mask >> v & 1 == 1;
            let base = components(&adj, active).len();
            let expected: Vec<usize> = (0..9)
                .filter(|&v| active(v))
                .filter(|&v| components(&adj, |u| u != v && active(u)).len() > base)
                .collect();
            assert_eq!(
                articulation_points(&adj, active),
                expected,
                "mask {mask:09b}"
            );
        }
    }

    #[test]
    fn bipartite_matching_of_a_path_and_a_star() {
        // Path 0-1-2-3: two edges match. Star centre 0 with leaves 1..=3: one.
        let path = adjacency(4, &[(0, 1), (1, 2), (2, 3)]);
        assert_eq!(bipartite_matching(&path, |v| v % 2 == 0), 2);
        let star = adjacency(4, &[(0, 1), (0, 2), (0, 3)]);
        assert_eq!(bipartite_matching(&star, |v| v == 0), 1);
    }

    #[test]
    fn distances_go_around_walls() {
        // 3x3, centre column blocked except the bottom: from r1c1 to r1c3 is six steps.
        let adj = adjacency(9, &crate::grid::Grid::new(3, 3).edges());
        let d = distances(&adj, &[0], |v| v != 1 && v != 4);
        assert_eq!(d[2], Some(6));
        assert_eq!(d[1], None);
        assert_eq!(d[0], Some(0));
        let both = distances(&adj, &[0, 2], |v| v != 1 && v != 4);
        assert_eq!(both[8], Some(2));
    }

    #[test]
    fn union_find_merges() {
        let mut uf = UnionFind::new(4);
        assert!(uf.union(0, 1));
        assert!(uf.union(2, 3));
        assert!(!uf.union(1, 0));
        assert_ne!(uf.find(0), uf.find(2));
        assert!(uf.union(1, 3));
        assert_eq!(uf.find(0), uf.find(2));
    }
}
