//! Verification of every operator against its FP64 oracle on fresh random inputs: the engine of
//! `metile check`.

use metile_runtime::Device;

use crate::registry::OpError;

/// One compared output of one case.
#[derive(Clone, Debug)]
pub struct CheckRow {
    /// Operator name, e.g. `rms_norm`.
    pub op: String,
    /// Entry point and output, e.g. `rms_norm.backward:dx`.
    pub output: String,
    /// Storage dtype of the case.
    pub dtype: String,
    /// Input shape, e.g. `17x4097`.
    pub shape: String,
    /// Extra configuration of the case (epsilon, casting mode ...).
    pub config: String,
    pub max_abs: f64,
    /// max|out - ref| / max|ref|.
    pub rel: f64,
    /// The tolerance `rel` is held to.
    pub tol: f64,
    pub pass: bool,
}

/// Runs one case on a device.
pub type CaseFn = Box<dyn Fn(&Device) -> Result<Vec<CheckRow>, OpError> + Send + Sync>;

/// One randomized case; `run` returns a row per compared output.
pub struct CheckCase {
    pub op: &'static str,
    pub label: String,
    pub run: CaseFn,
}

/// The cases for `ops` (every operator when empty). An unknown operator name is an error.
pub fn cases(ops: &[String]) -> Result<Vec<CheckCase>, OpError> {
    let mut all = crate::norms::check::cases();
    all.extend(crate::activations::check::cases());
    all.extend(crate::softmax::check::cases());
    all.extend(crate::cross_entropy::check::cases());
    for op in ops {
        if !all.iter().any(|c| c.op == op) {
            let mut known: Vec<&str> = all.iter().map(|c| c.op).collect();
            known.dedup();
            return Err(OpError::UnknownEntry {
                name: op.clone(),
                available: known.join(", "),
            });
        }
    }
    Ok(all
        .into_iter()
        .filter(|c| ops.is_empty() || ops.iter().any(|o| o == c.op))
        .collect())
}
