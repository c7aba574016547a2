//! The model as JSON: variables with names and domains, named constraints, answer keys.

use crate::model::Model;

/// The model as pretty-printed JSON (lazy constraints are listed by name only).
pub fn model_json(model: &Model, formulation: &str) -> String {
    let lazy: Vec<&str> = model.lazy.iter().map(|l| l.name()).collect();
    let value = serde_json::json!({
        "formulation": formulation,
        "complete": model.is_complete(),
        "lazy_constraints": lazy,
        "model": model,
    });
    serde_json::to_string_pretty(&value).expect("the model serialises")
}
