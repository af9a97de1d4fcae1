//! Verification of every operator against its FP64 oracle on fresh random inputs: the engine of
//! `metile check`.

use metile_ir::DType;
use metile_runtime::{Device, Tensor};

use crate::registry::OpError;
use crate::testing::{compare, max_abs, REL_FLOOR};

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

impl CheckRow {
    /// Compares `got` with `reference`: the error is `max|got - ref|` over
    /// `max(max|ref|, scale)` (`scale` is the size of the terms an output is the difference of,
    /// where they cancel; 0 otherwise), held to `tol`. A non-finite output fails.
    #[allow(clippy::too_many_arguments)]
    pub fn compare(
        op: &str,
        output: String,
        dtype: DType,
        shape: String,
        config: String,
        got: &[f32],
        reference: &[f64],
        tol: f64,
        scale: f64,
    ) -> CheckRow {
        let e = compare(got, reference);
        let ref_max = max_abs(reference);
        let rel = e.max_abs / ref_max.max(scale).max(REL_FLOOR);
        CheckRow {
            op: op.into(),
            output,
            dtype: dtype.name().into(),
            shape,
            config,
            max_abs: e.max_abs,
            rel,
            tol,
            pass: e.is_finite() && rel <= tol && got.len() == reference.len(),
        }
    }
}

impl CheckRow {
    /// Compares `got` with `reference` element by element: element `j`'s error is held to
    /// `tol * terms[j]`, the size of the terms that element alone is made of (an output that is
    /// a few operations on its own inputs, as an optimizer step's). `rel` is the largest
    /// `|got[j] - ref[j]| / terms[j]`; a non-finite output or a length mismatch fails.
    #[allow(clippy::too_many_arguments)]
    pub fn compare_each(
        op: &str,
        output: String,
        dtype: DType,
        shape: String,
        config: String,
        got: &[f32],
        reference: &[f64],
        tol: f64,
        terms: &[f64],
    ) -> CheckRow {
        let same_len = got.len() == reference.len() && terms.len() == reference.len();
        let (mut max_abs, mut rel) = (0.0f64, 0.0f64);
        for ((g, r), t) in got.iter().zip(reference).zip(terms) {
            let e = if g.is_finite() {
                (f64::from(*g) - r).abs()
            } else {
                f64::INFINITY
            };
            max_abs = max_abs.max(e);
            rel = rel.max(e / t.max(REL_FLOOR));
        }
        CheckRow {
            op: op.into(),
            output,
            dtype: dtype.name().into(),
            shape,
            config,
            max_abs,
            rel,
            tol,
            pass: same_len && rel.is_finite() && rel <= tol,
        }
    }
}

/// `v` as a `dtype` tensor of `shape` on `device`.
pub fn tensor(
    device: &Device,
    dtype: DType,
    shape: &[usize],
    v: &[f32],
) -> Result<Tensor, OpError> {
    Ok(device.to_device(&Tensor::from_f32(dtype, shape, v)?)?)
}

/// A `dtype` tensor of `shape` on `device` filled with NaN (garbage for integer dtypes), to pass
/// as an output that the kernel must overwrite completely.
pub fn poisoned(device: &Device, dtype: DType, shape: &[usize]) -> Result<Tensor, OpError> {
    let mut t = device.tensor_zeros(dtype, shape)?;
    t.buffer.try_poison()?;
    Ok(t)
}

/// Runs `cases` on `device` and describes every failing row or case error (for unit tests).
pub fn failures(cases: Vec<CheckCase>, device: &Device) -> Vec<String> {
    let mut out = Vec::new();
    for c in cases {
        match (c.run)(device) {
            Ok(rows) => out.extend(rows.into_iter().filter(|r| !r.pass).map(|r| {
                format!(
                    "{} {} {} [{}]: {:.3e} > {:.1e} (max abs {:.3e})",
                    r.output, r.dtype, r.shape, r.config, r.rel, r.tol, r.max_abs
                )
            })),
            Err(e) => out.push(format!("{}: {e}", c.label)),
        }
    }
    out
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
    all.extend(crate::dyt::check::cases());
    all.extend(crate::poly_norm::check::cases());
    all.extend(crate::group_norm::check::cases());
    all.extend(crate::modulated_rms_norm::check::cases());
    all.extend(crate::activations::check::cases());
    all.extend(crate::softmax::check::cases());
    all.extend(crate::sparsemax::check::cases());
    all.extend(crate::cross_entropy::check::cases());
    all.extend(crate::fused_linear_cross_entropy::check::cases());
    all.extend(crate::fused_linear_kl_div::check::cases());
    all.extend(crate::fused_linear_jsd::check::cases());
    all.extend(crate::chunked_distill::check::cases());
    all.extend(crate::chunked_preference::check::cases());
    all.extend(crate::chunked_grpo::check::cases());
    all.extend(crate::distill::check::cases());
    all.extend(crate::fused_ce_tvd::check::cases());
    all.extend(crate::grpo_loss::check::cases());
    all.extend(crate::rope::check::cases());
    all.extend(crate::embedding::check::cases());
    all.extend(crate::matmul::check::cases());
    all.extend(crate::mlp::check::cases());
    all.extend(crate::attention::check::cases());
    all.extend(crate::optim::check::cases());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A small element off by far more than its own terms allow fails `compare_each`, though the
    /// largest element's size hides it from `compare`; a non-finite element fails both.
    #[test]
    fn elementwise_comparison_holds_each_element_to_its_terms() {
        let reference = [1000.0, 1e-3, 2.0];
        let terms = [1000.0, 1e-3, 2.0];
        let got = [1000.0f32, 2e-3, 2.0];
        let row = |got: &[f32], each: bool| {
            let args = (
                "adamw",
                "x".to_string(),
                DType::F32,
                String::new(),
                String::new(),
            );
            if each {
                CheckRow::compare_each(
                    args.0, args.1, args.2, args.3, args.4, got, &reference, 1e-6, &terms,
                )
            } else {
                CheckRow::compare(
                    args.0, args.1, args.2, args.3, args.4, got, &reference, 1e-5, 0.0,
                )
            }
        };
        assert!(row(&got, false).pass, "the global comparison cannot see it");
        assert!(!row(&got, true).pass);
        assert!(row(&[1000.0, 1e-3, 2.0], true).pass);
        assert!(!row(&[1000.0, f32::NAN, 2.0], true).pass);
        assert!(!row(&[1000.0, 1e-3], true).pass, "a length mismatch fails");
    }
}
