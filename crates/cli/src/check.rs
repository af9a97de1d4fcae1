//! `metile check [OP...]`: every check case of the chosen operators on the chosen device, a table
//! of the compared outputs and a `N passed, M failed` summary. Exit status 1 when any output fails
//! or any case returns an error (or panics); 2 for an unknown operator.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// Runs `cases` on `device` on `jobs` threads, advancing `bar` after each case; the results are
/// in the order of `cases` whatever `jobs` is. Cases share the device: on CUDA they queue on its
/// one stream, and each case waits only for its own results.
pub fn run_cases(
    device: &Device,
    cases: &[CheckCase],
    jobs: usize,
    log: bool,
    bar: &ProgressBar,
) -> Vec<CaseResult> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<CaseResult>>> = cases.iter().map(|_| Mutex::new(None)).collect();
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(case) = cases.get(i) else { break };
        bar.set_message(format!("{} {}", case.op, case.label));
        if log {
            eprintln!("start {}", case.label);
        }
        let start = std::time::Instant::now();
        let result = run_case(device, case);
        if log {
            eprintln!("{}", log_line(&result, start.elapsed().as_secs_f64(), case));
        }
        *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        bar.inc(1);
    };
    std::thread::scope(|s| {
        for _ in 1..jobs.clamp(1, cases.len().max(1)) {
            s.spawn(worker);
        }
        worker();
    });
    bar.finish_and_clear();
    slots
        .into_iter()
        .map(|m| {
            m.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every case ran")
        })
        .collect()
}

/// `--log`'s line for a finished case.
fn log_line(result: &CaseResult, seconds: f64, case: &CheckCase) -> String {
    let outcome = match result {
        CaseResult::Rows(rows) => {
            let failed = rows.iter().filter(|r| !r.pass).count();
            format!("{} rows, {failed} failed", rows.len())
        }
        CaseResult::Error { .. } => "error".into(),
    };
    format!("case {seconds:7.2} s  {outcome}  {}", case.label)
}

/// One case, with a panic caught and reported as its error.
fn run_case(device: &Device, case: &CheckCase) -> CaseResult {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (case.run)(device)));
    match outcome {
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
    }
}

/// The default `--jobs`: one on the cpu, whose kernels already use every core; otherwise one
/// per core, so that kernel compilation (NVRTC) runs side by side.
fn default_jobs(device: &Device) -> usize {
    if device.is_cpu() {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
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

/// The cases whose label contains every text of `filters` (all cases without filters); none
/// left is an error that says what was asked.
fn select(cases: Vec<CheckCase>, filters: &[String]) -> Result<Vec<CheckCase>, CliError> {
    if filters.is_empty() {
        return Ok(cases);
    }
    let kept: Vec<CheckCase> = cases
        .into_iter()
        .filter(|c| filters.iter().all(|f| c.label.contains(f.as_str())))
        .collect();
    if kept.is_empty() {
        return Err(CliError::new(format!(
            "no check case's label contains all of {filters:?}"
        )));
    }
    Ok(kept)
}

/// `metile check`.
pub fn check(
    device: &Device,
    ops: &[String],
    filters: &[String],
    jobs: Option<u32>,
    log: bool,
) -> Result<u8, CliError> {
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
    let cases = select(cases, filters)?;
    let jobs = jobs.map_or_else(|| default_jobs(device), |j| j as usize);
    let results = run_cases(device, &cases, jobs, log, &progress(cases.len()));
    let (out, errors, ok) = report(&results);
    out!("{out}");
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
        let results = run_cases(&Device::cpu(), &cases, 1, false, &ProgressBar::hidden());
        let (out, errors, ok) = report(&results);
        assert!(!ok);
        assert!(out.contains("2 passed, 3 failed"), "{out}");
        assert!(out.contains("PASS") && out.contains("FAIL") && out.contains("ERROR"));
        assert!(out.contains("1.50e-7") && out.contains("17x4097") && out.contains("eps=1e-6"));
        assert!(errors.contains("missing input `bias`"), "{errors}");
        assert!(errors.contains("panicked: boom"), "{errors}");

        let (out, errors, ok) = report(&run_cases(
            &Device::cpu(),
            &[],
            1,
            false,
            &ProgressBar::hidden(),
        ));
        assert!(ok && errors.is_empty());
        assert!(out.contains("0 passed, 0 failed"));
    }

    #[test]
    fn parallel_cases_report_in_case_order() {
        // Case i sleeps longer the earlier it is, so on 4 threads they finish out of order.
        let cases: Vec<CheckCase> = (0..12u64)
            .map(|i| CheckCase {
                op: "rms_norm",
                label: format!("case {i}"),
                run: Box::new(move |_: &Device| {
                    std::thread::sleep(std::time::Duration::from_millis(2 * (12 - i)));
                    let mut r = row(true);
                    r.shape = format!("{i}x1");
                    Ok(vec![r])
                }),
            })
            .collect();
        let shapes = |jobs| -> Vec<String> {
            run_cases(&Device::cpu(), &cases, jobs, false, &ProgressBar::hidden())
                .into_iter()
                .map(|r| match r {
                    CaseResult::Rows(rows) => rows[0].shape.clone(),
                    CaseResult::Error { message, .. } => message,
                })
                .collect()
        };
        let want: Vec<String> = (0..12).map(|i| format!("{i}x1")).collect();
        assert_eq!(shapes(1), want);
        assert_eq!(shapes(4), want);
        assert_eq!(shapes(64), want);
    }

    #[test]
    fn case_filters_keep_labels_with_every_text() {
        let labelled = |labels: &[&str]| -> Vec<CheckCase> {
            labels
                .iter()
                .map(|l| CheckCase {
                    op: "cross_entropy",
                    label: l.to_string(),
                    run: Box::new(|_: &Device| Ok(vec![])),
                })
                .collect()
        };
        let all = ["ce f32 chunk=1", "ce bf16 chunk=1", "ce f32 chunk=5"];
        let kept = |f: &[&str]| -> Vec<String> {
            let f: Vec<String> = f.iter().map(|s| s.to_string()).collect();
            select(labelled(&all), &f)
                .unwrap()
                .into_iter()
                .map(|c| c.label)
                .collect()
        };
        assert_eq!(kept(&[]).len(), 3);
        assert_eq!(kept(&["f32"]), ["ce f32 chunk=1", "ce f32 chunk=5"]);
        assert_eq!(kept(&["f32", "chunk=1"]), ["ce f32 chunk=1"]);
        let err = select(labelled(&all), &["f64".to_string()]).err().unwrap();
        assert!(err.to_string().contains("f64"), "{err}");
    }
}
