//! `metile check [OP...]`: every check case of the chosen operators on the chosen device, a table
//! of the compared outputs and a `N passed, M failed` summary. Exit status 1 when any output fails
//! or any case returns an error (or panics); 2 for an unknown operator.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use metile_kernels::check::{self, CheckCase, CheckRow};
use metile_kernels::inventory;
use metile_kernels::registry::{self, OpError};
use metile_runtime::Device;

use crate::error::{panic_message, CliError, EXIT_FAILURES};
use crate::table::{Align, Table};

/// The outcome of one case.
pub enum CaseResult {
    Rows(Vec<CheckRow>),
    Error {
        op: String,
        label: String,
        message: String,
    },
}

/// Checks that every name is an operator of the inventory.
pub fn validate_ops(ops: &[String]) -> Result<(), CliError> {
    for name in ops {
        if inventory::spec(name).is_none() {
            let known: Vec<&str> = inventory::OPERATORS.iter().map(|s| s.name).collect();
            return Err(CliError::new(format!(
                "unknown operator `{name}`; operators are: {}",
                known.join(", ")
            )));
        }
    }
    Ok(())
}

/// Runs `cases` on `device`, advancing `bar` after each.
pub fn run_cases(device: &Device, cases: &[CheckCase], bar: &ProgressBar) -> Vec<CaseResult> {
    let mut results = Vec::with_capacity(cases.len());
    for case in cases {
        bar.set_message(format!("{} {}", case.op, case.label));
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (case.run)(device)));
        results.push(match outcome {
            Ok(Ok(rows)) => CaseResult::Rows(rows),
            Ok(Err(e)) => CaseResult::Error {
                op: case.op.to_string(),
                label: case.label.clone(),
                message: e.to_string(),
            },
            Err(payload) => CaseResult::Error {
                op: case.op.to_string(),
                label: case.label.clone(),
                message: format!("panicked: {}", panic_message(payload.as_ref())),
            },
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    results
}

fn sci(v: f64) -> String {
    format!("{v:.2e}")
}

/// The report: a table of rows, the errors, and the summary line. Returns the text for stdout,
/// the text for stderr and whether everything passed.
pub fn report(results: &[CaseResult]) -> (String, String, bool) {
    let mut t = Table::new(&[
        ("operator", Align::Left),
        ("output", Align::Left),
        ("dtype", Align::Left),
        ("shape", Align::Left),
        ("config", Align::Left),
        ("max abs err", Align::Right),
        ("rel err", Align::Right),
        ("tol", Align::Right),
        ("result", Align::Left),
    ]);
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut errors = String::new();
    for r in results {
        match r {
            CaseResult::Rows(rows) => {
                for row in rows {
                    if row.pass {
                        passed += 1;
                    } else {
                        failed += 1;
                    }
                    t.row(vec![
                        row.op.clone(),
                        row.output.clone(),
                        row.dtype.clone(),
                        row.shape.clone(),
                        row.config.clone(),
                        sci(row.max_abs),
                        sci(row.rel),
                        sci(row.tol),
                        if row.pass { "PASS" } else { "FAIL" }.to_string(),
                    ]);
                }
            }
            CaseResult::Error { op, label, message } => {
                failed += 1;
                t.row(vec![
                    op.clone(),
                    label.clone(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    "ERROR".to_string(),
                ]);
                errors.push_str(&format!("error: {op} ({label}): {message}\n"));
            }
        }
    }
    let mut out = String::new();
    if t.is_empty() {
        out.push_str("no check cases for the chosen operators\n");
    } else {
        out.push_str(&t.render());
    }
    out.push_str(&format!("{passed} passed, {failed} failed\n"));
    (out, errors, failed == 0)
}

fn progress(len: usize) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(len as u64), target);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar
}

/// `metile check`.
pub fn check(device: &Device, ops: &[String]) -> Result<u8, CliError> {
    validate_ops(ops)?;
    let cases = check::cases(ops).map_err(|e| match &e {
        OpError::UnknownEntry { name, .. } => match inventory::spec(name) {
            Some(spec) => CliError::new(format!(
                "operator `{}` has no check cases (status: {})",
                spec.name,
                inventory::status_of(spec.name, &registry::entry_points())
            )),
            None => e.into(),
        },
        _ => e.into(),
    })?;
    let results = run_cases(device, &cases, &progress(cases.len()));
    let (out, errors, ok) = report(&results);
    print!("{out}");
    eprint!("{errors}");
    Ok(if ok { 0 } else { EXIT_FAILURES })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pass: bool) -> CheckRow {
        CheckRow {
            op: "rms_norm".into(),
            output: "rms_norm.forward:y".into(),
            dtype: "f32".into(),
            shape: "17x4097".into(),
            config: "eps=1e-6".into(),
            max_abs: 1.5e-7,
            rel: 2.0e-7,
            tol: 1e-5,
            pass,
        }
    }

    fn case(op: &'static str, f: fn(&Device) -> Result<Vec<CheckRow>, OpError>) -> CheckCase {
        CheckCase {
            op,
            label: "case".into(),
            run: Box::new(f),
        }
    }

    #[test]
    fn rejects_unknown_operators() {
        assert!(validate_ops(&["rms_norm".into(), "add_rms_norm".into()]).is_ok());
        let e = validate_ops(&["rms_nrom".into()]).unwrap_err().message;
        assert!(
            e.contains("unknown operator `rms_nrom`") && e.contains("layer_norm"),
            "{e}"
        );
    }

    #[test]
    fn reports_passes_failures_errors_and_panics() {
        let cases = vec![
            case("rms_norm", |_| Ok(vec![row(true), row(true)])),
            case("rms_norm", |_| Ok(vec![row(false)])),
            case("layer_norm", |_| {
                Err(OpError::MissingInput {
                    entry: "layer_norm.forward".into(),
                    name: "bias".into(),
                })
            }),
            case("softmax", |_| {
                #[allow(clippy::panic)]
                {
                    panic!("boom")
                }
            }),
        ];
        let results = run_cases(&Device::cpu(), &cases, &ProgressBar::hidden());
        let (out, errors, ok) = report(&results);
        assert!(!ok);
        assert!(out.contains("2 passed, 3 failed"), "{out}");
        assert!(out.contains("PASS") && out.contains("FAIL") && out.contains("ERROR"));
        assert!(out.contains("1.50e-7") && out.contains("17x4097") && out.contains("eps=1e-6"));
        assert!(errors.contains("missing input `bias`"), "{errors}");
        assert!(errors.contains("panicked: boom"), "{errors}");

        let (out, errors, ok) = report(&run_cases(&Device::cpu(), &[], &ProgressBar::hidden()));
        assert!(ok && errors.is_empty());
        assert!(out.contains("0 passed, 0 failed"));
    }
}
