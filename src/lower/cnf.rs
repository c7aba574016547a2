//! IR → CNF. Booleans map to one SAT variable; an integer `x ∈ lo..=hi` is order-encoded by
//! bits `[x ≥ v]` for `v = lo+1..=hi`; linear constraints become cardinality encodings
//! (totalizer or sequential counter, selectable) or, with general coefficients, a weighted
//! sequential counter. Literals are DIMACS integers (`±n`, `n ≥ 1`).

use crate::model::{Assignment, Cmp, Constraint, Domain, Lit, Model, Var};
use itertools::Itertools;

/// The most clauses an exactly-k constraint is written with directly, as "no k+1 all true,
/// no n−k+1 all false", instead of through a totalizer's new variables (measured: 120 takes
/// 5% off the published heyawake and 19% off the shipped slitherlink; 400 made a 20×20 star
/// battle's 10-block rows 3× slower).
const DIRECT_LIMIT: usize = 120;

/// n choose k, saturating (only compared with small limits).
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    // Each step's product of consecutive numbers divides exactly, until it saturates.
    (0..k.min(n - k)).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// How `Σ lits ≤ k` is written as clauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardEncoding {
    /// Totalizer (Bailleux & Boufkhad 2003): a tree of unary adders.
    Totalizer,
    /// Sequential counter (Sinz 2005): a chain of unary registers.
    Sequential,
}

impl CardEncoding {
    /// Reads the `card` formulation value.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "totalizer" => Some(CardEncoding::Totalizer),
            "seq" => Some(CardEncoding::Sequential),
            _ => None,
        }
    }
}

/// The `card` key's values: how the core lowers cardinality constraints to CNF.
impl crate::formulation::Choice for CardEncoding {
    const VALUES: &'static [crate::formulation::Value] = crate::formulation::CARD_VALUES;
    fn from_name(name: &str) -> Option<Self> {
        CardEncoding::from_name(name)
    }
}

/// The size of a CNF (counted, or estimated before it is built), and what it takes in memory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CnfSize {
    /// SAT variables named after model variables (order bits included).
    pub named_vars: u64,
    /// Auxiliary SAT variables (counters, ladders).
    pub aux_vars: u64,
    /// Clauses.
    pub clauses: u64,
    /// Literals over all clauses.
    pub lits: u64,
}

/// Bytes per clause in the encoder: its `Vec` header and the smallest heap block.
const CLAUSE_BYTES: u64 = 56;
/// Bytes per literal, beyond the few that fit the smallest heap block.
const LIT_BYTES: u64 = 4;
/// Bytes per named variable: its entry and name in the encoder's name list.
const NAMED_VAR_BYTES: u64 = 72;
/// What an embedded SAT solver adds per clause, literal and variable (its own clause arena,
/// watch lists, and per-variable state), measured on varisat and batsat.
const SOLVER_BYTES: (u64, u64, u64) = (48, 8, 96);

impl CnfSize {
    /// Adds another size.
    pub fn add(&mut self, other: CnfSize) {
        self.named_vars = self.named_vars.saturating_add(other.named_vars);
        self.aux_vars = self.aux_vars.saturating_add(other.aux_vars);
        self.clauses = self.clauses.saturating_add(other.clauses);
        self.lits = self.lits.saturating_add(other.lits);
    }
    /// Bytes the CNF takes in the encoder (what `export --format dimacs` holds).
    pub fn encoder_bytes(&self) -> u64 {
        self.clauses
            .saturating_mul(CLAUSE_BYTES)
            .saturating_add(self.lits.saturating_mul(LIT_BYTES))
            .saturating_add(self.named_vars.saturating_mul(NAMED_VAR_BYTES))
    }
    /// Bytes the CNF takes in the encoder plus an embedded solver's copy.
    pub fn solver_bytes(&self) -> u64 {
        let (per_clause, per_lit, per_var) = SOLVER_BYTES;
        self.encoder_bytes()
            .saturating_add(self.clauses.saturating_mul(per_clause))
            .saturating_add(self.lits.saturating_mul(per_lit))
            .saturating_add((self.named_vars.saturating_add(self.aux_vars)).saturating_mul(per_var))
    }
    /// The size as `12.3M clauses, 4.1M variables` for messages.
    pub fn describe(&self) -> String {
        let m = |n: u64| format!("{:.1}M", n as f64 / 1e6);
        format!(
            "about {} clauses over {} variables",
            m(self.clauses),
            m(self.named_vars.saturating_add(self.aux_vars))
        )
    }
}

/// A rough upper estimate of the CNF of one constraint, from the variables' domains
/// (`bounds`): counters over booleans take literals × bound clauses, over order-encoded
/// integers literals² (negative terms shift the bound up to the total); an indicator takes one
/// clause per value of its lower side.
pub fn estimate_constraint(c: &Constraint, bounds: impl Fn(Var) -> (i64, i64)) -> CnfSize {
    let width = |v: Var| {
        let (lo, hi) = bounds(v);
        hi.saturating_sub(lo).max(0) as u64
    };
    match c {
        Constraint::Clause { lits } => CnfSize {
            clauses: 1,
            lits: lits.len() as u64,
            ..CnfSize::default()
        },
        Constraint::AtMostOne { lits } | Constraint::ExactlyOne { lits } => {
            let n = lits.len() as u64;
            let clauses = if n <= 5 {
                n * n.saturating_sub(1) / 2
            } else {
                3 * n
            } + 1;
            CnfSize {
                aux_vars: n,
                clauses,
                lits: 2 * clauses + n,
                ..CnfSize::default()
            }
        }
        Constraint::GreaterIf { low, .. } => {
            let clauses = width(*low) + 1;
            CnfSize {
                clauses,
                lits: 3 * clauses,
                ..CnfSize::default()
            }
        }
        Constraint::Linear { expr, rhs, cmp } => {
            let mut literals: u64 = 0;
            let mut has_int = false;
            for &(_, var) in &expr.terms {
                let w = width(var);
                literals = literals.saturating_add(w);
                let (lo, hi) = bounds(var);
                has_int |= (lo, hi) != (0, 1);
            }
            if has_int {
                return estimate_order_sum(expr, *cmp, *rhs, &bounds);
            }
            let bound = rhs
                .saturating_sub(expr.constant)
                .unsigned_abs()
                .clamp(1, literals.max(1));
            let clauses = literals.saturating_mul(bound);
            CnfSize {
                aux_vars: clauses / 2,
                clauses,
                lits: clauses.saturating_mul(3),
                ..CnfSize::default()
            }
        }
    }
}

/// An upper estimate of [`CnfEncoder`]'s order-adder tree for a linear constraint over
/// integers: each merge of children with `a` and `b` values makes at most `min((a+1)(b+1) − 1,
/// cap)` values, `(a+1)(b+1)` clauses upward and `c·(a+1)` downward.
fn estimate_order_sum(
    expr: &crate::model::LinExpr,
    cmp: Cmp,
    rhs: i64,
    bounds: &impl Fn(Var) -> (i64, i64),
) -> CnfSize {
    let mut bound = rhs.saturating_sub(expr.constant);
    let mut widths = Vec::new();
    for &(c, var) in &expr.terms {
        let (lo, hi) = bounds(var);
        bound = bound.saturating_sub(c.saturating_mul(if c > 0 { lo } else { hi }));
        widths.push(hi.saturating_sub(lo).max(0) as u64);
    }
    let (up, down) = (cmp != Cmp::Ge, cmp != Cmp::Le);
    let cap = (if up { bound.saturating_add(1) } else { bound }).max(1) as u64;
    let order = order_tree_size(&widths, cap, up, down);
    if order.clauses <= ORDER_TREE_LIMIT {
        return order;
    }
    // The encoder's choice: binary adders when the order tree would be large.
    let maxes: Vec<u64> = (expr.terms.iter().zip(&widths))
        .map(|(&(c, _), &w)| c.unsigned_abs().saturating_mul(w))
        .collect();
    binary_sum_size(&maxes)
}

/// The most clauses an integer sum's tree of order adders may take before the encoder writes
/// it with binary adders instead (whose propagation is weaker, but whose size grows with the
/// logarithm of the domains, not their product): a Killer cage or Kakuro run takes a few
/// thousand, a heyawake `connectivity=flow` balance row (8 flows of 0..99) about a million.
const ORDER_TREE_LIMIT: u64 = 50_000;

/// An upper estimate of the tree of order adders over quantities of `widths` steps.
fn order_tree_size(widths: &[u64], cap: u64, up: bool, down: bool) -> CnfSize {
    fn tree(widths: &[u64], cap: u64, dirs: u64, size: &mut CnfSize) -> u64 {
        if widths.len() == 1 {
            return widths[0].min(cap);
        }
        let (l, r) = widths.split_at(widths.len() / 2);
        let (a, b) = (tree(l, cap, dirs, size), tree(r, cap, dirs, size));
        let pairs = (a + 1).saturating_mul(b + 1);
        let c = (pairs - 1).min(cap);
        let clauses = pairs
            .saturating_add(c.saturating_mul(a + 1))
            .saturating_add(c);
        size.aux_vars = size.aux_vars.saturating_add(c);
        size.clauses = size
            .clauses
            .saturating_add(clauses.saturating_mul(dirs) / 2);
        size.lits = size
            .lits
            .saturating_add(clauses.saturating_mul(3 * dirs) / 2);
        c
    }
    let mut size = CnfSize::default();
    if widths.is_empty() {
        return size;
    }
    let dirs = up as u64 + down as u64;
    let (l, r) = widths.split_at((widths.len() / 2).max(1));
    let a = tree(l, cap, dirs, &mut size);
    if !r.is_empty() {
        tree(r, cap, dirs, &mut size);
    }
    size.clauses = size.clauses.saturating_add((a + 1).saturating_mul(dirs));
    size.lits = size.lits.saturating_add((a + 1).saturating_mul(2 * dirs));
    size
}

/// The clauses the tree of order adders takes on these quantities, counted on their value
/// sets (mixed weights reach far fewer sums than [`order_tree_size`]'s bound assumes).
fn exact_tree_clauses(terms: &[Steps], cap: i64, up: bool, down: bool) -> u64 {
    fn values(terms: &[Steps], cap: i64, clauses: &mut u64, up: bool, down: bool) -> Vec<i64> {
        if terms.len() == 1 {
            return terms[0].iter().map(|s| s.0.min(cap)).collect();
        }
        let (l, r) = terms.split_at(terms.len() / 2);
        let a = values(l, cap, clauses, up, down);
        let b = values(r, cap, clauses, up, down);
        let mut c: Vec<i64> = (std::iter::once(0).chain(a.iter().copied()))
            .flat_map(|x| {
                std::iter::once(0)
                    .chain(b.iter().copied())
                    .map(move |y| (x + y).min(cap))
            })
            .filter(|&v| v > 0)
            .collect();
        c.sort_unstable();
        c.dedup();
        let (na, nb, nc) = (a.len() as u64 + 1, b.len() as u64 + 1, c.len() as u64);
        *clauses += nc + up as u64 * na * nb + down as u64 * nc * na;
        c
    }
    let mut clauses = 0;
    let (l, r) = terms.split_at((terms.len() / 2).max(1));
    let a = values(l, cap, &mut clauses, up, down);
    if !r.is_empty() {
        values(r, cap, &mut clauses, up, down);
    }
    clauses + 2 * (a.len() as u64 + 1)
}

/// The size of the binary lowering of a sum of quantities with the given largest values:
/// each quantity's digits from its order bits (about two clauses per value), then one ripple
/// adder (14 clauses per digit) per addition, and the comparison.
fn binary_sum_size(maxes: &[u64]) -> CnfSize {
    let digits = |m: u64| (u64::BITS - m.leading_zeros()) as u64;
    let total: u64 = maxes.iter().fold(0u64, |a, &m| a.saturating_add(m));
    let n = digits(total) + 1;
    let channel: u64 = maxes
        .iter()
        .map(|&m| 2 * (m + 1).min(1 << 20) + digits(m))
        .sum();
    let adders = (maxes.len() as u64).saturating_sub(1) * n;
    CnfSize {
        aux_vars: maxes.iter().map(|&m| digits(m)).sum::<u64>() + 2 * adders,
        clauses: channel + 14 * adders + n,
        lits: 3 * channel + 50 * adders + n * n,
        ..CnfSize::default()
    }
}

/// The estimated CNF of a whole model (variables, order bits and every eager constraint),
/// computed from the domains before anything is built; `on_constraint` sees the running total
/// after each constraint with its name, and may stop the count by returning an error.
pub fn estimate_model<E>(
    model: &Model,
    mut on_constraint: impl FnMut(&str, &CnfSize) -> Result<(), E>,
) -> Result<CnfSize, E> {
    let bounds = |v: Var| match model.domain(v) {
        Domain::Bool => (0, 1),
        Domain::Int { lo, hi } => (lo, hi),
    };
    let mut total = CnfSize::default();
    for info in &model.vars {
        let (lo, hi) = match info.domain {
            Domain::Bool => (0, 1),
            Domain::Int { lo, hi } => (lo, hi),
        };
        let bits = hi.saturating_sub(lo).max(0) as u64;
        total.named_vars = total.named_vars.saturating_add(bits);
        total.clauses = total.clauses.saturating_add(bits.saturating_sub(1));
        total.lits = total.lits.saturating_add(2 * bits.saturating_sub(1));
    }
    on_constraint("the variables (integers as order bits)", &total)?;
    for c in &model.constraints {
        total.add(estimate_constraint(&c.constraint, bounds));
        on_constraint(&c.name, &total)?;
    }
    Ok(total)
}

/// How one model variable is represented in CNF.
#[derive(Clone, Debug)]
enum VarEncoding {
    Bool(i32),
    /// `bits[j]` is `[x ≥ lo + 1 + j]`.
    Order {
        lo: i64,
        bits: Vec<i32>,
    },
}

/// `[x ≥ value]` as a literal or a constant.
enum GeLit {
    True,
    False,
    Lit(i32),
}

/// An order-encoded quantity `u ≥ 0` that takes 0 or one of its step values: `(v, lit)` with
/// `lit = [u ≥ v]`, values ascending.
type Steps = Vec<(i64, i32)>;

/// `[u ≥ t]` of an order-encoded quantity: true for `t ≤ 0`, false above its last value, else
/// the literal of its smallest value `≥ t`.
fn at_least(u: &Steps, t: i64) -> GeLit {
    if t <= 0 {
        return GeLit::True;
    }
    match u.iter().find(|s| s.0 >= t) {
        Some(&(_, l)) => GeLit::Lit(l),
        None => GeLit::False,
    }
}

/// Incremental CNF builder for one model: encode constraints, then drain the new clauses.
#[derive(Clone, Debug)]
pub struct CnfEncoder {
    card: CardEncoding,
    vars: Vec<VarEncoding>,
    num_sat_vars: u32,
    clauses: Vec<Vec<i32>>,
    /// Names of SAT variables that correspond to model variables (for DIMACS comments).
    names: Vec<(i32, String)>,
    true_lit: Option<i32>,
}

impl CnfEncoder {
    /// Maps the model's variables to SAT variables (no constraints encoded yet).
    pub fn new(model: &Model, card: CardEncoding) -> Self {
        let mut enc = CnfEncoder {
            card,
            vars: Vec::with_capacity(model.vars.len()),
            num_sat_vars: 0,
            clauses: Vec::new(),
            names: Vec::new(),
            true_lit: None,
        };
        for info in &model.vars {
            match info.domain {
                Domain::Bool => {
                    let v = enc.fresh();
                    enc.names.push((v, info.name.clone()));
                    enc.vars.push(VarEncoding::Bool(v));
                }
                Domain::Int { lo, hi } => {
                    let bits: Vec<i32> = (lo + 1..=hi)
                        .map(|val| {
                            let b = enc.fresh();
                            enc.names.push((b, format!("{}>={val}", info.name)));
                            b
                        })
                        .collect();
                    for w in bits.windows(2) {
                        enc.clauses.push(vec![-w[1], w[0]]);
                    }
                    enc.vars.push(VarEncoding::Order { lo, bits });
                }
            }
        }
        enc
    }

    /// Encodes the whole model's eager constraints.
    pub fn encode_model(model: &Model, card: CardEncoding) -> Self {
        let mut enc = CnfEncoder::new(model, card);
        for c in &model.constraints {
            enc.encode(&c.constraint);
        }
        enc
    }

    /// A new auxiliary SAT variable.
    pub fn fresh(&mut self) -> i32 {
        self.num_sat_vars += 1;
        self.num_sat_vars as i32
    }

    /// Number of SAT variables so far.
    pub fn num_vars(&self) -> u32 {
        self.num_sat_vars
    }

    /// The size of the CNF built so far (literals counted as two per clause, the usual).
    pub fn size(&self) -> CnfSize {
        CnfSize {
            named_vars: self.names.len() as u64,
            aux_vars: (self.num_sat_vars as u64).saturating_sub(self.names.len() as u64),
            clauses: self.clauses.len() as u64,
            lits: 2 * self.clauses.len() as u64,
        }
    }

    /// Every clause so far.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }

    /// The SAT variables that stand for model variables, with their names.
    pub fn names(&self) -> &[(i32, String)] {
        &self.names
    }

    /// The DIMACS literal of a model literal (the variable must be Boolean).
    pub fn lit(&self, l: Lit) -> i32 {
        match &self.vars[l.var.index()] {
            VarEncoding::Bool(v) => {
                if l.negated {
                    -v
                } else {
                    *v
                }
            }
            VarEncoding::Order { .. } => panic!("literal of an integer variable"),
        }
    }

    /// The domain of a variable (0..=1 for booleans).
    fn int_bounds(&self, v: Var) -> (i64, i64) {
        match &self.vars[v.index()] {
            VarEncoding::Bool(_) => (0, 1),
            VarEncoding::Order { lo, bits } => (*lo, lo + bits.len() as i64),
        }
    }

    /// The literal `[v ≥ value]`, or a constant when the domain decides it.
    fn ge_lit(&self, v: Var, value: i64) -> GeLit {
        let (lo, hi) = self.int_bounds(v);
        if value <= lo {
            return GeLit::True;
        }
        if value > hi {
            return GeLit::False;
        }
        match &self.vars[v.index()] {
            VarEncoding::Bool(b) => GeLit::Lit(*b),
            VarEncoding::Order { bits, .. } => GeLit::Lit(bits[(value - lo - 1) as usize]),
        }
    }

    fn constant_true(&mut self) -> i32 {
        if let Some(t) = self.true_lit {
            return t;
        }
        let t = self.fresh();
        self.clauses.push(vec![t]);
        self.true_lit = Some(t);
        t
    }

    /// A rough upper estimate of the CNF [`CnfEncoder::encode`] would add for a constraint.
    pub fn estimate(&self, c: &Constraint) -> CnfSize {
        estimate_constraint(c, |v| self.int_bounds(v))
    }

    /// Appends the clauses of one constraint.
    pub fn encode(&mut self, c: &Constraint) {
        match c {
            Constraint::Clause { lits } => {
                let clause: Vec<i32> = lits.iter().map(|&l| self.lit(l)).collect();
                self.clauses.push(clause);
            }
            Constraint::AtMostOne { lits } => {
                let lits: Vec<i32> = lits.iter().map(|&l| self.lit(l)).collect();
                self.at_most_one(&lits);
            }
            Constraint::ExactlyOne { lits } => {
                let lits: Vec<i32> = lits.iter().map(|&l| self.lit(l)).collect();
                self.clauses.push(lits.clone());
                self.at_most_one(&lits);
            }
            Constraint::GreaterIf {
                when,
                high,
                low,
                gap,
                ..
            } => {
                // For each value a of low: when ∧ low ≥ a → high ≥ a + gap.
                let when = self.lit(*when);
                let (low_lo, low_hi) = self.int_bounds(*low);
                for a in low_lo..=low_hi {
                    let mut clause = vec![-when];
                    match self.ge_lit(*low, a) {
                        GeLit::True => {}
                        GeLit::False => continue,
                        GeLit::Lit(l) => clause.push(-l),
                    }
                    match self.ge_lit(*high, a + gap) {
                        GeLit::True => continue,
                        GeLit::False => {}
                        GeLit::Lit(l) => clause.push(l),
                    }
                    self.clauses.push(clause);
                }
            }
            Constraint::Linear { expr, cmp, rhs } => {
                let expr = expr.normalized();
                if expr
                    .terms
                    .iter()
                    .any(|&(_, v)| matches!(self.vars[v.index()], VarEncoding::Order { .. }))
                {
                    let (terms, bound) = self.quantities(&expr, *rhs);
                    self.order_sum(terms, *cmp, bound);
                    return;
                }
                // Σ coef·var + constant cmp rhs  →  Σ w·lit cmp bound, every w > 0.
                let mut bound = rhs - expr.constant;
                let mut terms: Vec<(i64, i32)> = Vec::new();
                for &(coef, var) in &expr.terms {
                    match &self.vars[var.index()] {
                        VarEncoding::Bool(v) => terms.push((coef, *v)),
                        VarEncoding::Order { lo, bits } => {
                            bound -= coef * lo;
                            terms.extend(bits.iter().map(|&b| (coef, b)));
                        }
                    }
                }
                for t in &mut terms {
                    if t.0 < 0 {
                        // c·l = c + |c|·¬l
                        bound -= t.0;
                        *t = (-t.0, -t.1);
                    }
                }
                let total: i64 = terms.iter().map(|t| t.0).sum();
                if let (Cmp::Eq, Some(&(w0, _))) = (cmp, terms.first()) {
                    if terms.iter().all(|t| t.0 == w0) {
                        let lits: Vec<i32> = terms.iter().map(|t| t.1).collect();
                        match usize::try_from(bound) {
                            Ok(b) if bound % w0 == 0 => self.exactly(b / w0 as usize, &lits),
                            _ => self.clauses.push(Vec::new()),
                        }
                        return;
                    }
                }
                let uniform = terms.iter().all(|t| t.0 == terms[0].0);
                if !uniform && bound > 0 && bound < total {
                    // Mixed weights (a direct-encoded integer's values): a tree of adders over
                    // the weighted literals (a generalized totalizer) when it is smaller than
                    // the weighted sequential counters, n × bound clauses each way.
                    let steps: Vec<Steps> = terms.iter().map(|&(w, l)| vec![(w, l)]).collect();
                    let (up, down) = (*cmp != Cmp::Ge, *cmp != Cmp::Le);
                    let cap = if up { bound + 1 } else { bound };
                    let tree = exact_tree_clauses(&steps, cap, up, down);
                    let n = terms.len() as u64;
                    let counters =
                        2 * n * (up as u64 * bound as u64 + down as u64 * (total - bound) as u64);
                    if tree < counters {
                        self.order_sum(steps, *cmp, bound);
                        return;
                    }
                }
                if matches!(cmp, Cmp::Le | Cmp::Eq) {
                    self.weighted_at_most(&terms, bound);
                }
                if matches!(cmp, Cmp::Ge | Cmp::Eq) {
                    let negated: Vec<(i64, i32)> = terms.iter().map(|&(w, l)| (w, -l)).collect();
                    self.weighted_at_most(&negated, total - bound);
                }
            }
        }
    }

    /// A linear expression over integers (and 0/1s) as non-negative order-encoded quantities
    /// `u_i` with `Σ u_i cmp bound`: `c·x` becomes `c·(x − lo)` (its steps the order bits), or
    /// for `c < 0` `|c|·(hi − x)` (the negated bits in reverse), the constants moved right.
    fn quantities(&self, expr: &crate::model::LinExpr, rhs: i64) -> (Vec<Steps>, i64) {
        let mut bound = rhs - expr.constant;
        let mut terms = Vec::with_capacity(expr.terms.len());
        for &(c, var) in &expr.terms {
            let (lo, bits) = match &self.vars[var.index()] {
                VarEncoding::Bool(v) => (0, std::slice::from_ref(v)),
                VarEncoding::Order { lo, bits } => (*lo, &bits[..]),
            };
            let w = bits.len();
            let hi = lo + w as i64;
            let steps: Steps = if c > 0 {
                bound -= c * lo;
                (0..w).map(|j| (c * (j as i64 + 1), bits[j])).collect()
            } else {
                bound -= c * hi;
                (1..=w).map(|j| (-c * j as i64, -bits[w - j])).collect()
            };
            if !steps.is_empty() {
                terms.push(steps);
            }
        }
        (terms, bound)
    }

    /// `Σ u_i cmp bound` over order-encoded quantities: a balanced tree of order adders whose
    /// nodes hold the reachable partial sums cut off above the bound (so a node has at most
    /// bound + 1 values, not the product of its terms' domains), with clauses upward for `≤`
    /// and downward for `≥`; the root is never built: its two children are compared with the
    /// bound directly, one clause per value of one child.
    fn order_sum(&mut self, terms: Vec<Steps>, cmp: Cmp, bound: i64) {
        let (up, down) = (cmp != Cmp::Ge, cmp != Cmp::Le);
        if bound < 0 && up || terms.is_empty() && bound > 0 && down {
            self.clauses.push(Vec::new());
            return;
        }
        if terms.is_empty() || bound <= 0 && !up {
            return;
        }
        let cap = if up { bound + 1 } else { bound };
        let widths: Vec<u64> = terms.iter().map(|t| t.len() as u64).collect();
        if order_tree_size(&widths, cap as u64, up, down).clauses > ORDER_TREE_LIMIT {
            self.binary_sum(&terms, cmp, bound);
            return;
        }
        let mut terms = terms;
        let right = terms.split_off((terms.len() / 2).max(1));
        let a = self.order_adder_tree(terms, cap, up, down);
        let b = if right.is_empty() {
            Vec::new()
        } else {
            self.order_adder_tree(right, cap, up, down)
        };
        // a takes one of 0, a_1, …; for each, b must stay within what is left.
        for i in 0..=a.len() {
            let a_i = if i == 0 { 0 } else { a[i - 1].0 };
            if up {
                // a ≥ a_i → b ≤ bound − a_i
                let mut clause: Vec<i32> = (i > 0).then(|| -a[i - 1].1).into_iter().collect();
                match at_least(&b, bound - a_i + 1) {
                    GeLit::False => {}
                    GeLit::True => self.clauses.push(clause.clone()),
                    GeLit::Lit(l) => {
                        clause.push(-l);
                        self.clauses.push(clause.clone());
                    }
                }
            }
            if down {
                // a < a_{i+1} → b ≥ bound − a_i
                let mut clause: Vec<i32> = a.get(i).map(|s| s.1).into_iter().collect();
                match at_least(&b, bound - a_i) {
                    GeLit::True => {}
                    GeLit::False => self.clauses.push(clause),
                    GeLit::Lit(l) => {
                        clause.push(l);
                        self.clauses.push(clause);
                    }
                }
            }
        }
    }

    /// `Σ u_i cmp bound` with binary adders: each quantity's binary digits defined from its
    /// order bits, a balanced tree of ripple-carry adders, and the sum's digits compared with
    /// the bound.
    fn binary_sum(&mut self, terms: &[Steps], cmp: Cmp, bound: i64) {
        let numbers: Vec<Vec<i32>> = terms.iter().map(|t| self.binary_digits(t)).collect();
        let sum = if numbers.is_empty() {
            Vec::new()
        } else {
            self.binary_tree(numbers)
        };
        let n = sum.len() as u32;
        let most = if n >= 63 { i64::MAX } else { (1i64 << n) - 1 };
        let b = bound.clamp(0, most) as u64;
        match cmp {
            Cmp::Le | Cmp::Eq if bound < 0 => self.clauses.push(Vec::new()),
            Cmp::Ge if bound <= 0 => {}
            Cmp::Eq if bound > most => self.clauses.push(Vec::new()),
            Cmp::Eq => {
                for (j, &d) in sum.iter().enumerate() {
                    self.clauses
                        .push(vec![if b >> j & 1 == 1 { d } else { -d }]);
                }
            }
            Cmp::Le => self.binary_at_most(&sum, b),
            Cmp::Ge if bound > most => self.clauses.push(Vec::new()),
            Cmp::Ge => {
                let flipped: Vec<i32> = sum.iter().map(|d| -d).collect();
                self.binary_at_most(&flipped, most as u64 - b);
            }
        }
    }

    /// The sum of binary numbers as one, by a balanced tree of additions.
    fn binary_tree(&mut self, mut numbers: Vec<Vec<i32>>) -> Vec<i32> {
        if numbers.len() == 1 {
            return numbers.pop().expect("one number");
        }
        let right = numbers.split_off(numbers.len() / 2);
        let (a, b) = (self.binary_tree(numbers), self.binary_tree(right));
        self.ripple_add(&a, &b)
    }

    /// The binary digits (lowest first) of an order-encoded quantity: digit k is true exactly
    /// on the runs of its values whose bit k is set, one clause per run either way.
    fn binary_digits(&mut self, u: &Steps) -> Vec<i32> {
        let max = u.last().map_or(0, |s| s.0) as u64;
        let values: Vec<u64> = std::iter::once(0)
            .chain(u.iter().map(|s| s.0 as u64))
            .collect();
        let n = (u64::BITS - max.leading_zeros()) as usize;
        let mut digits = Vec::with_capacity(n);
        for k in 0..n {
            let d = self.fresh();
            let mut start = 0;
            while start < values.len() {
                let set = values[start] >> k & 1;
                let mut end = start;
                while end + 1 < values.len() && values[end + 1] >> k & 1 == set {
                    end += 1;
                }
                // u in values[start..=end] → digit k is `set`.
                let mut clause = vec![if set == 1 { d } else { -d }];
                if start > 0 {
                    clause.push(-u[start - 1].1);
                }
                if end < u.len() {
                    clause.push(u[end].1);
                }
                self.clauses.push(clause);
                start = end + 1;
            }
            digits.push(d);
        }
        digits
    }

    /// `a + b` in binary (lowest digit first) by a ripple-carry adder.
    fn ripple_add(&mut self, a: &[i32], b: &[i32]) -> Vec<i32> {
        let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
        let mut carry: Option<i32> = None;
        for i in 0..a.len().max(b.len()) {
            let ins: Vec<i32> = [a.get(i), b.get(i), carry.as_ref()]
                .into_iter()
                .flatten()
                .copied()
                .collect();
            if ins.len() == 1 {
                out.push(ins[0]);
                carry = None;
                continue;
            }
            // The digit is the parity of the inputs: one clause per input pattern.
            let d = self.fresh();
            for pattern in 0u32..1 << ins.len() {
                let mut clause: Vec<i32> = (ins.iter().enumerate())
                    .map(|(j, &l)| if pattern >> j & 1 == 1 { -l } else { l })
                    .collect();
                clause.push(if pattern.count_ones() % 2 == 1 { d } else { -d });
                self.clauses.push(clause);
            }
            // The carry: at least two inputs true.
            let c = self.fresh();
            for pair in ins.iter().combinations(2) {
                self.clauses.push(vec![-pair[0], -pair[1], c]);
            }
            for rest in ins.iter().combinations(ins.len() - 1) {
                let mut clause: Vec<i32> = rest.into_iter().copied().collect();
                clause.push(-c);
                self.clauses.push(clause);
            }
            out.push(d);
            carry = Some(c);
        }
        out.extend(carry);
        out
    }

    /// Clauses saying that the binary number of `digits` (lowest first) is at most `k`: for
    /// each 0-digit j of k, not (digit j and every higher 1-digit of k).
    fn binary_at_most(&mut self, digits: &[i32], k: u64) {
        let n = digits.len();
        if n < 64 && k >= (1u64 << n) - 1 {
            return;
        }
        for j in (0..n).filter(|&j| k >> j & 1 == 0) {
            let mut clause = vec![-digits[j]];
            clause.extend((j + 1..n).filter(|&h| k >> h & 1 == 1).map(|h| -digits[h]));
            self.clauses.push(clause);
        }
    }

    /// The sum of `terms` as one order-encoded quantity whose values above `cap` read as `cap`.
    fn order_adder_tree(&mut self, mut terms: Vec<Steps>, cap: i64, up: bool, down: bool) -> Steps {
        if terms.len() == 1 {
            let mut leaf = terms.pop().expect("one term");
            // Steps past the cap: the first stands for "≥ cap", the rest add nothing.
            if let Some(k) = leaf.iter().position(|s| s.0 >= cap) {
                leaf.truncate(k + 1);
                leaf[k].0 = cap;
            }
            return leaf;
        }
        let right = terms.split_off(terms.len() / 2);
        let a = self.order_adder_tree(terms, cap, up, down);
        let b = self.order_adder_tree(right, cap, up, down);
        let with_zero = |s: &Steps| -> Vec<(i64, Option<i32>)> {
            std::iter::once((0, None))
                .chain(s.iter().map(|&(v, l)| (v, Some(l))))
                .collect()
        };
        let (az, bz) = (with_zero(&a), with_zero(&b));
        let mut values: Vec<i64> = (az.iter())
            .flat_map(|x| bz.iter().map(move |y| (x.0 + y.0).min(cap)))
            .filter(|&v| v > 0)
            .collect();
        values.sort_unstable();
        values.dedup();
        let c: Steps = values.into_iter().map(|v| (v, self.fresh())).collect();
        for w in c.windows(2) {
            self.clauses.push(vec![-w[1].1, w[0].1]);
        }
        if up {
            for &(x, xl) in &az {
                for &(y, yl) in &bz {
                    let GeLit::Lit(cl) = at_least(&c, (x + y).min(cap)) else {
                        continue;
                    };
                    let mut clause = vec![cl];
                    clause.extend(xl.map(|l| -l));
                    clause.extend(yl.map(|l| -l));
                    self.clauses.push(clause);
                }
            }
        }
        if down {
            // c ≥ s with a below its next value a_{i+1} needs b ≥ s − a_i.
            for &(s, cl) in &c {
                for (i, &(x, _)) in az.iter().enumerate() {
                    let mut clause = vec![-cl];
                    clause.extend(a.get(i).map(|st| st.1));
                    match at_least(&b, s - x) {
                        GeLit::True => continue,
                        GeLit::False => {}
                        GeLit::Lit(l) => clause.push(l),
                    }
                    self.clauses.push(clause);
                }
            }
        }
        c
    }

    /// `Σ w·lit ≤ bound` with every `w > 0`.
    fn weighted_at_most(&mut self, terms: &[(i64, i32)], bound: i64) {
        if bound < 0 {
            self.clauses.push(Vec::new());
            return;
        }
        let total: i64 = terms.iter().map(|t| t.0).sum();
        if total <= bound {
            return;
        }
        // A literal heavier than the bound alone must be false.
        let mut kept = Vec::with_capacity(terms.len());
        for &(w, l) in terms {
            if w > bound {
                self.clauses.push(vec![-l]);
            } else {
                kept.push((w, l));
            }
        }
        if kept.is_empty() {
            return;
        }
        let w0 = kept[0].0;
        if kept.iter().all(|t| t.0 == w0) {
            let lits: Vec<i32> = kept.iter().map(|t| t.1).collect();
            self.at_most((bound / w0) as usize, &lits);
        } else {
            self.weighted_sequential_counter(&kept, bound);
        }
    }

    /// `Σ lits ≤ k` (unit weights) with the chosen cardinality encoding.
    pub fn at_most(&mut self, k: usize, lits: &[i32]) {
        if lits.len() <= k {
            return;
        }
        if k == 0 {
            for &l in lits {
                self.clauses.push(vec![-l]);
            }
            return;
        }
        if k == 1 {
            self.at_most_one(lits);
            return;
        }
        if k + 1 == lits.len() {
            // "Not all of them": one clause, where a counter would need about k² clauses
            // (e.g. `x = Σ p` with the p exclusive reads as "not all of ¬x, ¬p…" one way).
            self.clauses.push(lits.iter().map(|l| -l).collect());
            return;
        }
        match self.card {
            CardEncoding::Totalizer if 2 * k > lits.len() => {
                // At least n−k false: a count of the negations up to n−k (with the clauses
                // that force it down) is far smaller than one of the literals up to k+1.
                let negated: Vec<i32> = lits.iter().map(|l| -l).collect();
                let m = lits.len() - k;
                let out = self.totalizer(m, &negated, true);
                self.clauses.push(vec![out[m - 1]]);
            }
            CardEncoding::Totalizer => self.totalizer_at_most(k, lits),
            CardEncoding::Sequential => self.sequential_at_most(k, lits),
        }
    }

    /// `Σ lits ≥ k` (unit weights).
    pub fn at_least(&mut self, k: usize, lits: &[i32]) {
        if k == 0 {
            return;
        }
        if k > lits.len() {
            self.clauses.push(Vec::new());
            return;
        }
        let negated: Vec<i32> = lits.iter().map(|l| -l).collect();
        self.at_most(lits.len() - k, &negated);
    }

    /// `Σ lits = k` (unit weights). With the totalizer: directly when that takes few clauses
    /// (new variables cost the solver more than short clauses: a heyawake room, a slitherlink
    /// clue), else one tree counting to k+1 with clauses both ways. An at-most and an at-least
    /// would build two trees, the second over the negations counting to n−k+1, which for a
    /// small k in a large set is most of the solver's variables.
    pub fn exactly(&mut self, k: usize, lits: &[i32]) {
        let n = lits.len();
        if k > n {
            self.clauses.push(Vec::new());
            return;
        }
        if 2 * k > n {
            // The same as n−k of the negations, whose count stops at n−k+1 instead of k+1
            // (an island of 994 cells on a 32×32: 1.08 million clauses counted the other way).
            let negated: Vec<i32> = lits.iter().map(|l| -l).collect();
            return self.exactly(n - k, &negated);
        }
        if k == 0 || k >= n.saturating_sub(1) || self.card == CardEncoding::Sequential {
            // Units, one clause, or the sequential counter's own two directions.
            self.at_most(k, lits);
            self.at_least(k, lits);
            return;
        }
        if k == 1 {
            self.clauses.push(lits.to_vec());
            self.at_most_one(lits);
            return;
        }
        if binomial(n, k + 1).saturating_add(binomial(n, n - k + 1)) <= DIRECT_LIMIT {
            // Every k+1 of them not all true, every n−k+1 not all false: no new variables.
            for subset in lits.iter().combinations(k + 1) {
                self.clauses.push(subset.into_iter().map(|l| -l).collect());
            }
            for subset in lits.iter().combinations(n - k + 1) {
                self.clauses.push(subset.into_iter().copied().collect());
            }
            return;
        }
        let out = self.totalizer(k + 1, lits, true);
        self.clauses.push(vec![out[k - 1]]);
        self.clauses.push(vec![-out[k]]);
    }

    /// At most one literal true: pairwise for few literals, a ladder (sequential) otherwise.
    pub fn at_most_one(&mut self, lits: &[i32]) {
        if lits.len() <= 5 {
            for i in 0..lits.len() {
                for j in i + 1..lits.len() {
                    self.clauses.push(vec![-lits[i], -lits[j]]);
                }
            }
            return;
        }
        // s_i = "some literal among the first i+1 is true".
        let mut prev = lits[0];
        for (i, &l) in lits.iter().enumerate().skip(1) {
            self.clauses.push(vec![-prev, -l]);
            if i + 1 < lits.len() {
                let s = self.fresh();
                self.clauses.push(vec![-prev, s]);
                self.clauses.push(vec![-l, s]);
                prev = s;
            }
        }
    }

    fn sequential_at_most(&mut self, k: usize, lits: &[i32]) {
        let n = lits.len();
        // reg[j] = "at least j+1 of the literals so far are true", j < k.
        let mut reg: Vec<i32> = (0..k).map(|_| self.fresh()).collect();
        self.clauses.push(vec![-lits[0], reg[0]]);
        for &r in &reg[1..] {
            self.clauses.push(vec![-r]);
        }
        for (i, &x) in lits.iter().enumerate().skip(1) {
            self.clauses.push(vec![-x, -reg[k - 1]]);
            if i == n - 1 {
                break;
            }
            let next: Vec<i32> = (0..k).map(|_| self.fresh()).collect();
            self.clauses.push(vec![-x, next[0]]);
            for j in 0..k {
                self.clauses.push(vec![-reg[j], next[j]]);
                if j > 0 {
                    self.clauses.push(vec![-x, -reg[j - 1], next[j]]);
                }
            }
            reg = next;
        }
    }

    /// Unary sum of `lits` truncated at `cap` outputs: `out[j]` ⇐ "at least j+1 true", and
    /// with `both` also `out[j]` ⇒ "at least j+1 true" (needed to force a lower bound).
    fn totalizer(&mut self, cap: usize, lits: &[i32], both: bool) -> Vec<i32> {
        if lits.len() == 1 {
            return vec![lits[0]];
        }
        let (left, right) = lits.split_at(lits.len() / 2);
        let a = self.totalizer(cap, left, both);
        let b = self.totalizer(cap, right, both);
        let size = (a.len() + b.len()).min(cap);
        let out: Vec<i32> = (0..size).map(|_| self.fresh()).collect();
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                if i + j > 0 {
                    // Sums past the cap saturate at the last output.
                    let mut clause = vec![out[(i + j).min(size) - 1]];
                    if i > 0 {
                        clause.push(-a[i - 1]);
                    }
                    if j > 0 {
                        clause.push(-b[j - 1]);
                    }
                    self.clauses.push(clause);
                }
                // A sum of i+j+1 or more needs more than i on the left or more than j on the
                // right. Below the cap i < a.len() or a is the whole (uncapped) left sum, so
                // a missing a[i] means "false"; likewise b.
                if both && i + j < size {
                    let mut clause = vec![-out[i + j]];
                    if i < a.len() {
                        clause.push(a[i]);
                    }
                    if j < b.len() {
                        clause.push(b[j]);
                    }
                    self.clauses.push(clause);
                }
            }
        }
        out
    }

    fn totalizer_at_most(&mut self, k: usize, lits: &[i32]) {
        let out = self.totalizer(k + 1, lits, false);
        self.clauses.push(vec![-out[k]]);
    }

    /// Weighted sequential counter (Hölldobler, Manthey & Steinke 2012) for `Σ w·x ≤ bound`.
    fn weighted_sequential_counter(&mut self, terms: &[(i64, i32)], bound: i64) {
        let b = bound as usize;
        // reg[j] = "the weight of the true literals so far is at least j+1".
        let mut reg: Vec<i32> = Vec::new();
        for (i, &(w, x)) in terms.iter().enumerate() {
            let w = w as usize;
            if i > 0 {
                // x and a prefix sum ≥ b+1-w would exceed the bound.
                self.clauses.push(vec![-x, -reg[b - w]]);
            }
            if i == terms.len() - 1 {
                break;
            }
            let next: Vec<i32> = (0..b).map(|_| self.fresh()).collect();
            for &bit in &next[..w] {
                self.clauses.push(vec![-x, bit]);
            }
            if i > 0 {
                for j in 0..b {
                    self.clauses.push(vec![-reg[j], next[j]]);
                    if j + w < b {
                        self.clauses.push(vec![-x, -reg[j], next[j + w]]);
                    }
                }
            }
            reg = next;
        }
    }

    /// Reads the model's assignment off a SAT model (`value(n)` for DIMACS variable `n`).
    pub fn decode(&self, value: impl Fn(i32) -> bool) -> Assignment {
        let values = self
            .vars
            .iter()
            .map(|enc| match enc {
                VarEncoding::Bool(v) => value(*v) as i64,
                VarEncoding::Order { lo, bits } => {
                    lo + bits.iter().take_while(|&&b| value(b)).count() as i64
                }
            })
            .collect();
        Assignment { values }
    }

    /// A unit clause forcing a constant literal true (for encodings that need one).
    pub fn true_literal(&mut self) -> i32 {
        self.constant_true()
    }

    /// The SAT literals of a model variable: one for a Boolean, the order bits for an integer.
    pub fn var_lits(&self, v: Var) -> Vec<i32> {
        match &self.vars[v.index()] {
            VarEncoding::Bool(x) => vec![*x],
            VarEncoding::Order { bits, .. } => bits.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::LinExpr;

    /// The model assignments (from `candidates`) under which the CNF is satisfiable: the CNF
    /// plus units fixing the model variables' SAT literals, solved by batsat.
    fn cnf_projections(
        enc: &CnfEncoder,
        model: &Model,
        candidates: &std::collections::BTreeSet<Vec<i64>>,
    ) -> std::collections::BTreeSet<Vec<i64>> {
        use crate::backend::sat::{BatsatSolver, SatResult, SatSolver};
        let mut out = std::collections::BTreeSet::new();
        for values in candidates {
            let mut solver = BatsatSolver::new();
            for c in enc.clauses() {
                solver.add_clause(c);
            }
            for (i, &val) in values.iter().enumerate() {
                let v = Var(i as u32);
                match model.domain(v) {
                    Domain::Bool => {
                        let l = enc.var_lits(v)[0];
                        solver.add_clause(&[if val == 1 { l } else { -l }]);
                    }
                    Domain::Int { lo, .. } => {
                        for (j, &b) in enc.var_lits(v).iter().enumerate() {
                            let set = val >= lo + 1 + j as i64;
                            solver.add_clause(&[if set { b } else { -b }]);
                        }
                    }
                }
            }
            if let SatResult::Sat(m) = solver.solve(enc.num_vars(), &[], None).unwrap() {
                assert_eq!(&enc.decode(|v| m[v as usize]).values, values);
                out.insert(values.clone());
            }
        }
        out
    }

    #[test]
    fn binomials_are_exact_when_small_and_saturate_when_large() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(7, 6), 7);
        assert_eq!(binomial(6, 7), 0);
        assert_eq!(binomial(40, 20), 137_846_528_820);
        assert!(binomial(1000, 500) > DIRECT_LIMIT);
    }

    #[test]
    fn at_most_all_but_one_is_a_single_clause() {
        for card in [CardEncoding::Totalizer, CardEncoding::Sequential] {
            let mut enc = CnfEncoder::new(&Model::new(), card);
            let lits: Vec<i32> = (0..6).map(|_| enc.fresh()).collect();
            let before = enc.num_vars();
            enc.at_most(5, &lits);
            assert_eq!(enc.clauses(), &[vec![-1, -2, -3, -4, -5, -6]]);
            assert_eq!(enc.num_vars(), before);
        }
    }

    fn all_assignments(model: &Model) -> std::collections::BTreeSet<Vec<i64>> {
        let mut all = std::collections::BTreeSet::new();
        let domains: Vec<(i64, i64)> = model
            .vars
            .iter()
            .map(|v| match v.domain {
                Domain::Bool => (0, 1),
                Domain::Int { lo, hi } => (lo, hi),
            })
            .collect();
        let mut cur: Vec<i64> = domains.iter().map(|d| d.0).collect();
        loop {
            all.insert(cur.clone());
            let mut i = 0;
            loop {
                if i == cur.len() {
                    return all;
                }
                if cur[i] < domains[i].1 {
                    cur[i] += 1;
                    break;
                }
                cur[i] = domains[i].0;
                i += 1;
            }
        }
    }

    fn model_solutions(model: &Model) -> std::collections::BTreeSet<Vec<i64>> {
        let domains: Vec<(i64, i64)> = model
            .vars
            .iter()
            .map(|v| match v.domain {
                Domain::Bool => (0, 1),
                Domain::Int { lo, hi } => (lo, hi),
            })
            .collect();
        let mut out = std::collections::BTreeSet::new();
        let mut cur: Vec<i64> = domains.iter().map(|d| d.0).collect();
        loop {
            if model
                .constraints
                .iter()
                .all(|c| c.constraint.holds(|v| cur[v.index()]))
            {
                out.insert(cur.clone());
            }
            let mut i = 0;
            loop {
                if i == cur.len() {
                    return out;
                }
                if cur[i] < domains[i].1 {
                    cur[i] += 1;
                    break;
                }
                cur[i] = domains[i].0;
                i += 1;
            }
        }
    }

    fn check_equivalent(model: &Model) {
        for card in [CardEncoding::Totalizer, CardEncoding::Sequential] {
            let enc = CnfEncoder::encode_model(model, card);
            assert_eq!(
                cnf_projections(&enc, model, &all_assignments(model)),
                model_solutions(model),
                "{card:?} on {:?}",
                model.constraints
            );
        }
    }

    #[test]
    fn cardinality_encodings_match_brute_force() {
        for n in 1..=7usize {
            for k in -1..=n as i64 + 1 {
                for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
                    let mut m = Model::new();
                    let xs: Vec<Var> = (0..n).map(|i| m.new_bool(format!("x{i}"))).collect();
                    m.add("card", Constraint::linear(LinExpr::sum_vars(xs), cmp, k));
                    check_equivalent(&m);
                }
            }
        }
    }

    #[test]
    fn weighted_and_negative_coefficients_match_brute_force() {
        let weights: [&[i64]; 4] = [&[1, 2, 3], &[3, -2, 1, 2], &[2, 2, 5], &[-1, -3, 4]];
        for w in weights {
            for rhs in -3..=7 {
                for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
                    let mut m = Model::new();
                    let mut e = LinExpr::new();
                    for (i, &c) in w.iter().enumerate() {
                        let x = m.new_bool(format!("x{i}"));
                        e.add_term(c, x);
                    }
                    m.add("pb", Constraint::linear(e, cmp, rhs));
                    check_equivalent(&m);
                }
            }
        }
    }

    #[test]
    fn integer_variables_are_order_encoded_soundly() {
        for rhs in -1..=6 {
            for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
                let mut m = Model::new();
                let x = m.new_int("x", -1, 2);
                let y = m.new_int("y", 0, 3);
                let b = m.new_bool("b");
                m.add("lin", Constraint::linear(2 * x - y + 3 * b, cmp, rhs));
                check_equivalent(&m);
            }
        }
    }

    #[test]
    fn sums_of_several_integers_match_brute_force() {
        let cases: [&[(i64, i64, i64)]; 4] = [
            &[(1, 0, 3), (1, 0, 3), (1, 0, 3)],
            &[(1, 0, 4), (-1, 0, 4), (1, 1, 3), (-1, 0, 2)],
            &[(3, -1, 1), (2, 0, 3), (-2, 1, 2)],
            &[(1, 0, 5), (-5, 0, 1)],
        ];
        let mut m = Model::new();
        let xs: Vec<Var> = (0..3).map(|i| m.new_int(format!("x{i}"), 0, 3)).collect();
        let mut enc = CnfEncoder::new(&m, CardEncoding::Totalizer);
        // The binary lowering alone, on every comparison and bound.
        for rhs in -1..=10 {
            for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
                let mut mm = m.clone();
                let e = LinExpr::sum_vars(xs.iter().copied()) + (-1) * xs[1] + 2 * xs[1];
                mm.add("sum", Constraint::linear(e.clone(), cmp, rhs));
                let mut enc2 = enc.clone();
                let (terms, bound) = enc2.quantities(&e.normalized(), rhs);
                enc2.binary_sum(&terms, cmp, bound);
                assert_eq!(
                    cnf_projections(&enc2, &mm, &all_assignments(&mm)),
                    model_solutions(&mm),
                    "binary {cmp:?} {rhs}"
                );
            }
        }
        enc.fresh();
        for terms in cases {
            for rhs in -8..=10 {
                for cmp in [Cmp::Le, Cmp::Ge, Cmp::Eq] {
                    let mut m = Model::new();
                    let mut e = LinExpr::new();
                    for (i, &(c, lo, hi)) in terms.iter().enumerate() {
                        let x = if (lo, hi) == (0, 1) {
                            m.new_bool(format!("x{i}"))
                        } else {
                            m.new_int(format!("x{i}"), lo, hi)
                        };
                        e.add_term(c, x);
                    }
                    e.constant = 1;
                    m.add("sum", Constraint::linear(e, cmp, rhs));
                    check_equivalent(&m);
                }
            }
        }
    }

    #[test]
    fn at_most_one_and_exactly_one_match_brute_force() {
        for n in 1..=8 {
            let mut m = Model::new();
            let xs: Vec<Lit> = (0..n)
                .map(|i| {
                    let v = m.new_bool(format!("x{i}"));
                    if i % 3 == 1 {
                        !v
                    } else {
                        v.lit()
                    }
                })
                .collect();
            m.add("amo", Constraint::at_most_one(xs.clone()));
            check_equivalent(&m);
            let mut m2 = Model::new();
            let ys: Vec<Lit> = (0..n).map(|i| m2.new_bool(format!("y{i}")).lit()).collect();
            m2.add("eo", Constraint::exactly_one(ys));
            check_equivalent(&m2);
        }
    }

    /// The rows of docs/encodings.md's encoder table on puzzlec's side (rustsat's side is
    /// `tools/rustsat_compare`): clauses and new variables of each constraint.
    #[test]
    #[ignore]
    fn encoding_sizes() {
        let bools = |weights: &[i64], bound: i64| {
            let mut m = Model::new();
            let mut e = LinExpr::new();
            for (i, &w) in weights.iter().enumerate() {
                e.add_term(w, m.new_bool(format!("x{i}")));
            }
            m.add("c", Constraint::linear(e, Cmp::Eq, bound));
            m
        };
        let ints = |k: usize, hi: i64, bound: i64| {
            let mut m = Model::new();
            let mut e = LinExpr::new();
            for i in 0..k {
                e.add_term(1, m.new_int(format!("x{i}"), 0, hi));
            }
            m.add("c", Constraint::linear(e, Cmp::Eq, bound));
            m
        };
        let direct: Vec<i64> = (0..4)
            .flat_map(|_| (1..=8).map(|w: i64| w.min(16)))
            .collect();
        let rows = [
            ("starbattle row: 10 cells = 2", bools(&[1; 10], 2)),
            (
                "killer cage 4 cells = 20, order bits (32 lits)",
                bools(&[1; 32], 16),
            ),
            (
                "killer cage 4 cells = 20, direct (w = v-1)",
                bools(&direct, 16),
            ),
            (
                "killer cage 9 cells = 45, order bits (72 lits)",
                bools(&[1; 72], 36),
            ),
            (
                "killer cage 9 cells = 45, as 9 integers 0..8",
                ints(9, 8, 36),
            ),
            (
                "heyawake flow balance: 8 ints 0..99 (792 order bits)",
                bools(&[1; 792], 396),
            ),
            (
                "heyawake flow balance: as 8 integers 0..99",
                ints(8, 99, 396),
            ),
        ];
        println!("| constraint | encoding | clauses | new vars | ms |");
        println!("|---|---|---:|---:|---:|");
        for (name, m) in rows {
            for card in [CardEncoding::Totalizer, CardEncoding::Sequential] {
                let base = CnfEncoder::new(&m, card);
                let start = std::time::Instant::now();
                let enc = CnfEncoder::encode_model(&m, card);
                let ms = start.elapsed().as_secs_f64() * 1e3;
                let clauses = enc.clauses().len() - base.clauses().len();
                let vars = enc.num_vars() - base.num_vars();
                println!("| {name} | puzzlec card={card:?} | {clauses} | {vars} | {ms:.2} |");
            }
        }
    }
}
