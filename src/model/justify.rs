//! Why a lazy cut is sound, as data: what a lazy constraint demands of every solution
//! ([`Meaning`]) and, next to each cut, the graph fact the cut was read from
//! ([`Justification`]). The cut generators fill these in; `crate::certify::cuts` checks them
//! with its own graph code, so a generator bug cannot vouch for itself.

use super::Active;
use serde::Serialize;

/// What a lazy constraint demands of every solution, on a graph over node ids `0..n`.
#[derive(Clone, Debug, PartialEq)]
pub enum Meaning {
    /// The active nodes are connected. With a root, the root is active (the model states it
    /// eagerly) and every active node is connected to it.
    Connected {
        /// Each node's activity.
        active: Vec<Active>,
        /// Undirected edges between node ids.
        edges: Vec<(usize, usize)>,
        /// The root, when there is one.
        root: Option<usize>,
        /// Node names for messages.
        names: Vec<String>,
    },
    /// The used edges form one simple loop (or none, where the model allows it); `on[v]` holds
    /// exactly at the loop's nodes; with a root, the loop passes through it.
    SingleLoop {
        /// Whether the loop passes through each node.
        on: Vec<Active>,
        /// Undirected edges between node ids.
        edges: Vec<(usize, usize)>,
        /// Each edge's use, in the order of `edges`.
        used: Vec<Active>,
        /// The node the loop passes through, when known.
        root: Option<usize>,
        /// Node names for messages.
        names: Vec<String>,
    },
    /// Each region's root is active; the component of active nodes holding it has the
    /// region's size (when given) and no other root. With `all_in_regions`, every active
    /// node's component holds a root.
    SizedRegions {
        /// Each node's activity.
        active: Vec<Active>,
        /// Undirected edges between node ids.
        edges: Vec<(usize, usize)>,
        /// Each region's root and size.
        regions: Vec<(usize, Option<usize>)>,
        /// Whether every active node must lie in a region.
        all_in_regions: bool,
        /// Node names for messages.
        names: Vec<String>,
    },
    /// Every connected area of one class's member nodes has the class's size: exactly, or
    /// at least it when the class is open-ended (fillomino's region sizes).
    SizedClasses {
        /// `member[k][v]`: whether node v is in class k.
        member: Vec<Vec<Active>>,
        /// Each class's size and whether it is a lower bound only.
        classes: Vec<(usize, bool)>,
        /// Undirected edges between node ids.
        edges: Vec<(usize, usize)>,
        /// Node names for messages.
        names: Vec<String>,
    },
}

/// The graph fact a cut was read from, in node (and edge) ids of its constraint's [`Meaning`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Justification {
    /// Every path from `from` to `to` passes through `separator`, so both active needs a
    /// separator node active (`¬from ∨ ¬to ∨ ⋁ separator`; `¬to` left out when `to` is the
    /// root).
    Separator {
        /// A node of the component that was cut off.
        from: usize,
        /// The root, or a node of another component.
        to: usize,
        /// The nodes every path between them passes through.
        separator: Vec<usize>,
    },
    /// `inside` holds `to` but not `from`, so a loop through both crosses the edges leaving
    /// `inside` at least twice: the cut names every such edge but `spared`.
    LoopCrossing {
        /// A node of the cycle that was cut off.
        from: usize,
        /// The loop's known node, or a node of another cycle.
        to: usize,
        /// A node set holding `to` and not `from`.
        inside: Vec<usize>,
        /// The one leaving edge (by index) the cut leaves out.
        spared: Option<usize>,
    },
    /// A path between two roots: all of it active would put both in one region.
    RootsJoined {
        /// The path, from one root to another.
        path: Vec<usize>,
    },
    /// A connected node set holding a root, more nodes than its region's size.
    RegionTooBig {
        /// The region's root.
        root: usize,
        /// The nodes.
        nodes: Vec<usize>,
    },
    /// A node set holding a root, fewer nodes than its region's size: with the set's border
    /// inactive the region cannot leave it.
    RegionTooSmall {
        /// The region's root.
        root: usize,
        /// The nodes.
        nodes: Vec<usize>,
    },
    /// No path from `from` to any root avoids `separator`, so `from` active needs a
    /// separator node active.
    NoRootReachable {
        /// A node of a component without a root.
        from: usize,
        /// The nodes every path to a root passes through.
        separator: Vec<usize>,
    },
    /// A connected node set with more nodes than an exact class's size: not all of it can
    /// be in the class.
    ClassAreaTooBig {
        /// The class.
        class: usize,
        /// The nodes.
        nodes: Vec<usize>,
    },
    /// A node set holding `node`, fewer nodes than the class's size: with no node next to
    /// the set in the class, `node`'s area stays inside the set, too small, so `node` is not
    /// in the class.
    ClassAreaTooSmall {
        /// The class.
        class: usize,
        /// The node kept out of the class.
        node: usize,
        /// The nodes.
        nodes: Vec<usize>,
    },
}
