//! Bounded integers for number puzzles, built from 0/1 model variables under a chosen
//! encoding (direct one-hot, order `[x ≥ v]`, log/binary), and the integer constraints on them
//! (all-different, linear sums, allowed tuples, fixed values), each with its encodings as
//! formulation keys (`int`, `alldiff`, `sum`). Everything becomes clauses, cardinalities and
//! linear rows of the IR, so every backend (SAT and MIP) runs every value.

use super::{Cmp, Constraint, LinExpr, Lit, Model, Var};
use crate::formulation::{Choice, Formulation, FormulationKey, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// How an integer becomes 0/1 variables (formulation key `int`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntEncoding {
    /// One variable per value, exactly one true.
    Direct,
    /// One variable per value above the lowest, `[x ≥ v]`, a chain of implications.
    Order,
    /// Binary digits of `x − lowest`, with the values outside the domain forbidden.
    Log,
}

impl Choice for IntEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete("direct", "one 0/1 per value, exactly one true (one-hot)"),
        Value::complete(
            "order",
            "one 0/1 [x ≥ v] per value above the lowest (unary)",
        ),
        Value::complete(
            "log",
            "binary digits of x − lowest; [x = v], [x ≥ v] defined from them",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "direct" => Some(IntEncoding::Direct),
            "order" => Some(IntEncoding::Order),
            "log" => Some(IntEncoding::Log),
            _ => None,
        }
    }
}

/// How all-different is stated (formulation key `alldiff`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllDiffEncoding {
    /// `x_i ≠ x_j` for each pair, one clause per common value.
    Pairwise,
    /// Per value, at most one of the vars takes it (exactly one when the vars are a
    /// permutation of their common domain).
    Values,
}

impl Choice for AllDiffEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "pairwise",
            "x_i ≠ x_j for each pair: one clause per pair and value",
        ),
        Value::complete(
            "values",
            "per value at most one var takes it; exactly one when the vars fill their domain",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "pairwise" => Some(AllDiffEncoding::Pairwise),
            "values" => Some(AllDiffEncoding::Values),
            _ => None,
        }
    }
}

/// How a sum `Σ coef·x cmp rhs` is lowered (formulation key `sum`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumEncoding {
    /// One linear constraint on the value expressions: a row for MIP, a cardinality /
    /// pseudo-Boolean encoding of the encoding's 0/1 variables for SAT.
    Linear,
    /// A layered decision diagram of the partial sums: one 0/1 per reachable partial sum
    /// after each term, transitions per value (`[s_i = a] ∧ [x = v] → [s_{i+1} = a + c·v]`).
    Mdd,
}

impl Choice for SumEncoding {
    const VALUES: &'static [Value] = &[
        Value::complete(
            "linear",
            "one linear constraint on the values (MIP row; SAT: counter over the 0/1s)",
        ),
        Value::complete(
            "mdd",
            "decision diagram of the partial sums: one 0/1 per reachable partial sum",
        ),
    ];
    fn from_name(name: &str) -> Option<Self> {
        match name {
            "linear" => Some(SumEncoding::Linear),
            "mdd" => Some(SumEncoding::Mdd),
            _ => None,
        }
    }
}

/// The three integer choices together, read from a formulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntOptions {
    /// How each integer is encoded.
    pub int: IntEncoding,
    /// How all-different is stated.
    pub alldiff: AllDiffEncoding,
    /// How sums are lowered.
    pub sum: SumEncoding,
}

impl Default for IntOptions {
    fn default() -> Self {
        IntOptions {
            int: IntEncoding::Direct,
            alldiff: AllDiffEncoding::Values,
            sum: SumEncoding::Linear,
        }
    }
}

impl IntOptions {
    /// The formulation keys `int`, `alldiff`, `sum` with the core's defaults, for a genre's `keys()`.
    pub fn keys() -> Vec<FormulationKey> {
        Self::keys_with_defaults("direct", "values", "linear")
    }
    /// The same keys with a genre's own defaults (value names of each key).
    pub fn keys_with_defaults(
        int: &'static str,
        alldiff: &'static str,
        sum: &'static str,
    ) -> Vec<FormulationKey> {
        vec![
            FormulationKey::of::<IntEncoding>("int", "how an integer becomes 0/1 variables", int),
            FormulationKey::of::<AllDiffEncoding>(
                "alldiff",
                "how all-different is stated",
                alldiff,
            ),
            FormulationKey::of::<SumEncoding>("sum", "how a sum of integers is lowered", sum),
        ]
    }
    /// The keys `int` and `alldiff` alone, for genres with no sums (Sudoku).
    pub fn keys_without_sum(int: &'static str, alldiff: &'static str) -> Vec<FormulationKey> {
        let mut keys = Self::keys_with_defaults(int, alldiff, "linear");
        keys.pop();
        keys
    }
    /// Reads them from a formulation (which was parsed against keys that include them; a key
    /// the genre left out takes the core's default).
    pub fn from(formulation: &Formulation) -> IntOptions {
        let d = IntOptions::default();
        let read = |key: &str| formulation.has(key);
        IntOptions {
            int: if read("int") {
                formulation.choice("int")
            } else {
                d.int
            },
            alldiff: if read("alldiff") {
                formulation.choice("alldiff")
            } else {
                d.alldiff
            },
            sum: if read("sum") {
                formulation.choice("sum")
            } else {
                d.sum
            },
        }
    }
}

/// The encoding's own 0/1 variables of one integer.
#[derive(Clone, Debug)]
enum Bits {
    /// `vars[i]` is `[x = values[i]]`.
    Direct(Vec<Var>),
    /// `vars[i]` is `[x ≥ values[i + 1]]`.
    Order(Vec<Var>),
    /// `x = values[0] + Σ 2^j · vars[j]`.
    Log(Vec<Var>),
}

/// Literals defined on demand, kept so that repeated calls add nothing.
#[derive(Debug, Default)]
struct Defined {
    eq: HashMap<i64, Lit>,
    ge: HashMap<i64, Lit>,
    never: Option<Lit>,
}

/// A bounded integer model variable under some encoding.
#[derive(Clone, Debug)]
pub struct IntVar {
    name: String,
    values: Vec<i64>,
    bits: Bits,
    defined: Arc<Mutex<Defined>>,
}

impl IntVar {
    /// A new integer named `name` taking one of `values` (sorted, distinct; may be sparse).
    pub fn new(model: &mut Model, name: &str, values: &[i64], options: &IntOptions) -> IntVar {
        assert!(!values.is_empty(), "integer `{name}` with an empty domain");
        assert!(
            values.windows(2).all(|w| w[0] < w[1]),
            "the values of `{name}` are not sorted and distinct"
        );
        let bits = match options.int {
            IntEncoding::Direct => {
                let vars: Vec<Var> = (values.iter())
                    .map(|v| model.new_bool(format!("{name}={v}")))
                    .collect();
                model.add(
                    format!("{name} one value"),
                    Constraint::exactly_one(vars.iter().map(|v| v.lit())),
                );
                Bits::Direct(vars)
            }
            IntEncoding::Order => {
                let vars: Vec<Var> = (values[1..].iter())
                    .map(|v| model.new_bool(format!("{name}>={v}")))
                    .collect();
                for w in vars.windows(2) {
                    model.add(
                        format!("{name} order"),
                        Constraint::clause([!w[1], w[0].lit()]),
                    );
                }
                Bits::Order(vars)
            }
            IntEncoding::Log => {
                let span = (values[values.len() - 1] - values[0]) as u64;
                let width = (u64::BITS - span.leading_zeros()) as usize;
                let vars: Vec<Var> = (0..width)
                    .map(|j| model.new_bool(format!("{name}.bit{j}")))
                    .collect();
                for clause in binary_at_most(&pos(&vars), span) {
                    model.add(format!("{name} in range"), Constraint::clause(clause));
                }
                let present: BTreeSet<i64> = values.iter().copied().collect();
                for gap in (values[0]..values[values.len() - 1]).filter(|v| !present.contains(v)) {
                    let pattern = binary_pattern(&vars, (gap - values[0]) as u64);
                    model.add(
                        format!("{name}≠{gap}"),
                        Constraint::clause(pattern.into_iter().map(|l| !l)),
                    );
                }
                Bits::Log(vars)
            }
        };
        IntVar {
            name: name.to_string(),
            values: values.to_vec(),
            bits,
            defined: Arc::default(),
        }
    }
    /// The values it may take, sorted.
    pub fn values(&self) -> &[i64] {
        &self.values
    }
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The lowest value.
    pub fn min(&self) -> i64 {
        self.values[0]
    }
    /// The highest value.
    pub fn max(&self) -> i64 {
        self.values[self.values.len() - 1]
    }
    /// The encoding's own 0/1 variables, which determine the value (a genre's answer keys).
    pub fn key_vars(&self) -> Vec<Var> {
        match &self.bits {
            Bits::Direct(v) | Bits::Order(v) | Bits::Log(v) => v.clone(),
        }
    }
    /// The literals whose conjunction says `x == v` (None when v is not in the domain), with
    /// no new variable.
    pub fn eq_conjunction(&self, v: i64) -> Option<Vec<Lit>> {
        let i = self.values.binary_search(&v).ok()?;
        Some(match &self.bits {
            Bits::Direct(vars) => vec![vars[i].lit()],
            Bits::Order(vars) => {
                let mut c = Vec::new();
                if i > 0 {
                    c.push(vars[i - 1].lit());
                }
                if i < vars.len() {
                    c.push(!vars[i]);
                }
                c
            }
            Bits::Log(vars) => binary_pattern(vars, (v - self.values[0]) as u64),
        })
    }
    /// A literal that is always false (for values outside the domain).
    fn never(&self, model: &mut Model) -> Lit {
        let mut d = self.defined.lock().unwrap();
        *d.never.get_or_insert_with(|| {
            let f = model.new_bool(format!("{} never", self.name));
            model.add(format!("{} never", self.name), Constraint::clause([!f]));
            f.lit()
        })
    }
    /// The literal "x == v" (a constant-false literal when v is not in the domain). It may add
    /// an auxiliary variable with its definition the first time; repeated calls add nothing.
    pub fn eq(&self, model: &mut Model, v: i64) -> Lit {
        let Some(conj) = self.eq_conjunction(v) else {
            return self.never(model);
        };
        if conj.len() == 1 {
            return conj[0];
        }
        if conj.is_empty() {
            return !self.never(model); // a one-value domain
        }
        if let Some(&l) = self.defined.lock().unwrap().eq.get(&v) {
            return l;
        }
        let e = define_and(model, &format!("{}={v}", self.name), &conj);
        self.defined.lock().unwrap().eq.insert(v, e);
        e
    }
    /// The literal "x >= v".
    pub fn ge(&self, model: &mut Model, v: i64) -> Lit {
        // The smallest value ≥ v decides: x ≥ v ⟺ x ≥ values[i].
        let i = self.values.partition_point(|&w| w < v);
        if i == 0 {
            return !self.never(model);
        }
        if i == self.values.len() {
            return self.never(model);
        }
        let at = self.values[i];
        if let Some(&l) = self.defined.lock().unwrap().ge.get(&at) {
            return l;
        }
        let g = match &self.bits {
            Bits::Order(vars) => return vars[i - 1].lit(),
            Bits::Direct(vars) => {
                let g = model.new_bool(format!("{}>={at}", self.name)).lit();
                let name = format!("{}>={at} defined", self.name);
                let mut back = vec![!g];
                for (j, &d) in vars.iter().enumerate() {
                    if j >= i {
                        back.push(d.lit());
                        model.add(name.clone(), Constraint::clause([!d, g]));
                    }
                }
                model.add(name, Constraint::clause(back));
                g
            }
            Bits::Log(vars) => {
                let g = model.new_bool(format!("{}>={at}", self.name)).lit();
                let name = format!("{}>={at} defined", self.name);
                let offset = (at - self.values[0]) as u64;
                for mut c in binary_at_least(&pos(vars), offset) {
                    c.push(!g);
                    model.add(name.clone(), Constraint::clause(c));
                }
                for mut c in binary_at_most(&pos(vars), offset - 1) {
                    c.push(g);
                    model.add(name.clone(), Constraint::clause(c));
                }
                g
            }
        };
        self.defined.lock().unwrap().ge.insert(at, g);
        g
    }
    /// The literal "x <= v".
    pub fn le(&self, model: &mut Model, v: i64) -> Lit {
        !self.ge(model, v + 1)
    }
    /// The value as a linear expression over the model's variables (for linear rows / MIP).
    pub fn value_expr(&self) -> LinExpr {
        let mut e = LinExpr::constant(self.values[0]);
        match &self.bits {
            Bits::Direct(vars) => {
                for (i, &d) in vars.iter().enumerate().skip(1) {
                    e.add_term(self.values[i] - self.values[0], d);
                }
            }
            Bits::Order(vars) => {
                for (i, &o) in vars.iter().enumerate() {
                    e.add_term(self.values[i + 1] - self.values[i], o);
                }
            }
            Bits::Log(vars) => {
                for (j, &b) in vars.iter().enumerate() {
                    e.add_term(1 << j, b);
                }
            }
        }
        e
    }
    /// Its value in a solution.
    pub fn value(&self, assignment: &super::Assignment) -> i64 {
        self.value_expr().eval(|v| assignment.value(v))
    }
}

/// The positive literals of variables.
fn pos(vars: &[Var]) -> Vec<Lit> {
    vars.iter().map(|v| v.lit()).collect()
}

/// The literals saying that binary digits `vars` (lowest first) spell `value`.
fn binary_pattern(vars: &[Var], value: u64) -> Vec<Lit> {
    (vars.iter().enumerate())
        .map(|(j, &b)| if value >> j & 1 == 1 { b.lit() } else { !b })
        .collect()
}

/// Clauses saying that the binary number of `bits` (lowest first) is at most `k`: for each
/// 0-digit j of k, "not (bit j and every higher 1-digit of k)" — the highest digit where the
/// number and k differ must be one where k has the 1.
fn binary_at_most(bits: &[Lit], k: u64) -> Vec<Vec<Lit>> {
    let n = bits.len();
    if n < 64 && k >= (1u64 << n) - 1 {
        return Vec::new();
    }
    (0..n)
        .filter(|&j| k >> j & 1 == 0)
        .map(|j| {
            let mut c = vec![!bits[j]];
            c.extend((j + 1..n).filter(|&h| k >> h & 1 == 1).map(|h| !bits[h]));
            c
        })
        .collect()
}

/// Clauses saying that the binary number of `bits` is at least `k` (at most `2^n − 1 − k`
/// in the complemented digits).
fn binary_at_least(bits: &[Lit], k: u64) -> Vec<Vec<Lit>> {
    let n = bits.len();
    if k == 0 {
        return Vec::new();
    }
    if n < 64 && k > (1u64 << n) - 1 {
        return vec![Vec::new()];
    }
    let flipped: Vec<Lit> = bits.iter().map(|&l| !l).collect();
    binary_at_most(&flipped, ((1u64 << n) - 1) - k)
}

/// A new 0/1 `a` with `a ⟺ ∧ conj`.
fn define_and(model: &mut Model, name: &str, conj: &[Lit]) -> Lit {
    let a = model.new_bool(name).lit();
    let what = format!("{name} defined");
    for &l in conj {
        model.add(what.clone(), Constraint::clause([!a, l]));
    }
    let mut back: Vec<Lit> = conj.iter().map(|&l| !l).collect();
    back.push(a);
    model.add(what, Constraint::clause(back));
    a
}

/// Every var takes a different value.
pub fn all_different(model: &mut Model, name: &str, vars: &[IntVar], options: &IntOptions) {
    match options.alldiff {
        AllDiffEncoding::Pairwise => {
            for (i, a) in vars.iter().enumerate() {
                for b in &vars[i + 1..] {
                    for &v in a.values() {
                        let (Some(ca), Some(cb)) = (a.eq_conjunction(v), b.eq_conjunction(v))
                        else {
                            continue;
                        };
                        model.add(
                            format!("{name} {}≠{}", a.name, b.name),
                            Constraint::clause(ca.iter().chain(&cb).map(|&l| !l)),
                        );
                    }
                }
            }
        }
        AllDiffEncoding::Values => {
            let union: BTreeSet<i64> = vars.iter().flat_map(|x| x.values.clone()).collect();
            let permutation =
                union.len() == vars.len() && vars.iter().all(|x| x.values.len() == union.len());
            for v in union {
                let lits: Vec<Lit> = (vars.iter())
                    .filter(|x| x.values.binary_search(&v).is_ok())
                    .map(|x| x.eq(model, v))
                    .collect();
                let c = if permutation {
                    Constraint::exactly_one(lits)
                } else if lits.len() > 1 {
                    Constraint::at_most_one(lits)
                } else {
                    continue;
                };
                model.add(format!("{name} value {v}"), c);
            }
        }
    }
}

/// Σ coef·var  cmp  rhs.
pub fn linear(
    model: &mut Model,
    name: &str,
    terms: &[(i64, &IntVar)],
    cmp: Cmp,
    rhs: i64,
    options: &IntOptions,
) {
    match options.sum {
        SumEncoding::Linear => {
            let mut e = LinExpr::new();
            for &(c, x) in terms {
                let v = x.value_expr();
                e.constant += c * v.constant;
                for (k, var) in v.terms {
                    e.add_term(c * k, var);
                }
            }
            model.add(name, Constraint::linear(e, cmp, rhs));
        }
        SumEncoding::Mdd => sum_mdd(model, name, terms, cmp, rhs),
    }
}

/// Whether `s cmp rhs`.
fn compares(s: i64, cmp: Cmp, rhs: i64) -> bool {
    match cmp {
        Cmp::Le => s <= rhs,
        Cmp::Ge => s >= rhs,
        Cmp::Eq => s == rhs,
    }
}

/// The sum as layers of partial sums: after term i the partial sum is one of the states of
/// layer i that can still end within the bound; `[s_i = a] ∧ [x_i = v] → [s_{i+1} = a + c·v]`
/// forward, `[s_{i+1} = b]` needs a predecessor state and a value of x_i backward, and the
/// last term's values that end outside the bound are forbidden.
fn sum_mdd(model: &mut Model, name: &str, terms: &[(i64, &IntVar)], cmp: Cmp, rhs: i64) {
    let terms: Vec<(i64, &IntVar)> = terms.iter().copied().filter(|t| t.0 != 0).collect();
    if terms.is_empty() {
        if !compares(0, cmp, rhs) {
            model.add(name, Constraint::clause([]));
        }
        return;
    }
    let k = terms.len();
    let (mut rest_lo, mut rest_hi) = (vec![0i64; k + 1], vec![0i64; k + 1]);
    for i in (0..k).rev() {
        let (c, x) = terms[i];
        let (a, b) = (c * x.min(), c * x.max());
        rest_lo[i] = rest_lo[i + 1] + a.min(b);
        rest_hi[i] = rest_hi[i + 1] + a.max(b);
    }
    let viable = |s: i64, i: usize| match cmp {
        Cmp::Le => s + rest_lo[i] <= rhs,
        Cmp::Ge => s + rest_hi[i] >= rhs,
        Cmp::Eq => s + rest_lo[i] <= rhs && s + rest_hi[i] >= rhs,
    };
    // layer[i]: state literal of each partial sum after i terms (None: the constant start).
    let mut layer: BTreeMap<i64, Option<Lit>> = BTreeMap::from([(0, None)]);
    for (i, &(c, x)) in terms.iter().enumerate() {
        let last = i + 1 == k;
        let mut next: BTreeMap<i64, Vec<(Option<Lit>, i64)>> = BTreeMap::new();
        for (&s, &state) in &layer {
            for &v in x.values() {
                let t = s + c * v;
                let keep = if last {
                    compares(t, cmp, rhs)
                } else {
                    viable(t, i + 1)
                };
                if keep {
                    next.entry(t).or_default().push((state, v));
                } else {
                    // This state with this value leaves the bound.
                    let mut clause = vec![!x.eq(model, v)];
                    clause.extend(state.map(|l| !l));
                    model.add(format!("{name} cut"), Constraint::clause(clause));
                }
            }
        }
        if last {
            break;
        }
        let mut new_layer = BTreeMap::new();
        for (t, preds) in next {
            let st = model
                .new_bool(format!("{name} partial[{}]={t}", i + 1))
                .lit();
            let mut back_states = vec![!st];
            let mut back_values = vec![!st];
            for (state, v) in preds {
                let xv = x.eq(model, v);
                let mut fwd = vec![!xv, st];
                fwd.extend(state.map(|l| !l));
                model.add(format!("{name} step"), Constraint::clause(fwd));
                match state {
                    Some(l) if !back_states.contains(&l) => back_states.push(l),
                    None => back_states.clear(),
                    _ => {}
                }
                if !back_values.contains(&xv) {
                    back_values.push(xv);
                }
            }
            if !back_states.is_empty() {
                model.add(format!("{name} support"), Constraint::clause(back_states));
            }
            model.add(format!("{name} support"), Constraint::clause(back_values));
            new_layer.insert(t, Some(st));
        }
        layer = new_layer;
    }
}

/// The vars take one of the allowed tuples (a table: cages, runs with few combinations…).
/// One selector per tuple, exactly one chosen; each selector fixes the values, and each value
/// needs a chosen tuple that has it (so the solver sees which values remain).
pub fn allowed(
    model: &mut Model,
    name: &str,
    vars: &[IntVar],
    tuples: &[Vec<i64>],
    _options: &IntOptions,
) {
    let tuples: Vec<&Vec<i64>> = (tuples.iter())
        .filter(|t| {
            t.len() == vars.len()
                && t.iter()
                    .zip(vars)
                    .all(|(v, x)| x.values.binary_search(v).is_ok())
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if tuples.len() == 1 {
        for (x, &v) in vars.iter().zip(tuples[0]) {
            fix(model, name, x, v);
        }
        return;
    }
    let selectors: Vec<Lit> = (0..tuples.len())
        .map(|j| model.new_bool(format!("{name} tuple{j}")).lit())
        .collect();
    model.add(
        format!("{name} one tuple"),
        Constraint::exactly_one(selectors.clone()),
    );
    for (i, x) in vars.iter().enumerate() {
        for &v in x.values() {
            let having: Vec<Lit> = (tuples.iter().zip(&selectors))
                .filter(|(t, _)| t[i] == v)
                .map(|(_, &s)| s)
                .collect();
            let xv = x.eq(model, v);
            for &s in &having {
                model.add(
                    format!("{name} tuple sets {}", x.name),
                    Constraint::clause([!s, xv]),
                );
            }
            let mut support = vec![!xv];
            support.extend(having);
            model.add(
                format!("{name} {}={v} supported", x.name),
                Constraint::clause(support),
            );
        }
    }
}

/// The sets of `size` distinct values from `values` that add up to `sum` (a Killer cage's or
/// a Kakuro run's digit combinations), each sorted.
pub fn distinct_sets_with_sum(values: &[i64], size: usize, sum: i64) -> Vec<Vec<i64>> {
    fn extend(
        values: &[i64],
        size: usize,
        sum: i64,
        chosen: &mut Vec<i64>,
        out: &mut Vec<Vec<i64>>,
    ) {
        if chosen.len() == size {
            if sum == 0 {
                out.push(chosen.clone());
            }
            return;
        }
        for (i, &v) in values.iter().enumerate() {
            chosen.push(v);
            extend(&values[i + 1..], size, sum - v, chosen, out);
            chosen.pop();
        }
    }
    let mut out = Vec::new();
    extend(values, size, sum, &mut Vec::new(), &mut out);
    out
}

/// Every var takes a value of one chosen set of `sets` (one selector per set, exactly one
/// chosen), and every value of the chosen set is taken by some var: with all-different and as
/// many vars as the set has values, the vars fill the set (a cage or run as its combinations).
pub fn within_one_set(model: &mut Model, name: &str, vars: &[IntVar], sets: &[Vec<i64>]) {
    let selectors: Vec<Lit> = (0..sets.len())
        .map(|j| model.new_bool(format!("{name} set{j}")).lit())
        .collect();
    model.add(
        format!("{name} one set"),
        Constraint::exactly_one(selectors.clone()),
    );
    for x in vars {
        for &v in x.values() {
            let mut clause = vec![!x.eq(model, v)];
            clause.extend(
                (sets.iter().zip(&selectors))
                    .filter(|(s, _)| s.contains(&v))
                    .map(|(_, &l)| l),
            );
            model.add(
                format!("{name} {}={v} in the set", x.name),
                Constraint::clause(clause),
            );
        }
    }
    for (set, &s) in sets.iter().zip(&selectors) {
        for &v in set {
            let mut clause = vec![!s];
            for x in vars.iter().filter(|x| x.values.binary_search(&v).is_ok()) {
                clause.push(x.eq(model, v));
            }
            model.add(format!("{name} {v} taken"), Constraint::clause(clause));
        }
    }
}

/// The var takes value v.
pub fn fix(model: &mut Model, name: &str, var: &IntVar, v: i64) {
    let lits = var.eq_conjunction(v);
    match lits {
        None => model.add(name, Constraint::clause([])),
        Some(conj) => {
            for l in conj {
                model.add(name, Constraint::clause([l]));
            }
        }
    }
}

#[cfg(test)]
mod tests;
