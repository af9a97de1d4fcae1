//! End-to-end tests of the `metile` binary: exit codes, messages and files, never a panic.
//!
//! Tests that need a particular entry point (such as `rms_norm.forward`) check the registry first
//! and print a note and return early when it is absent.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use metile_kernels::inventory::{self, OPERATORS};
use metile_kernels::registry::{self, EntryPoint};
use npyz::WriterBuilder;

fn metile(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_metile"))
        .args(args)
        .output()
        .expect("the metile binary should start")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit status 2, an `error:` line containing `needle`, and no panic.
#[track_caller]
fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "exit status; stderr:\n{err}");
    assert!(!err.contains("panicked"), "panicked:\n{err}");
    assert!(err.contains("error:"), "no `error:` in\n{err}");
    assert!(err.contains(needle), "`{needle}` not in\n{err}");
}

fn registered(name: &str) -> Option<&'static EntryPoint> {
    let e = registry::find(name).ok();
    if e.is_none() {
        eprintln!("note: `{name}` is not registered; skipping the parts of this test that need it");
    }
    e
}

fn write_npy<T: npyz::AutoSerialize + Copy>(path: &Path, shape: &[u64], values: &[T]) {
    let file = std::fs::File::create(path).expect("the test file should be creatable");
    let mut w = npyz::WriteOptions::<T>::new()
        .default_dtype()
        .shape(shape)
        .writer(std::io::BufWriter::new(file))
        .begin_nd()
        .expect("the header should be writable");
    w.extend(values.iter().copied())
        .expect("the data should be writable");
    w.finish().expect("the file should be finished");
}

fn read_npy<T: npyz::Deserialize>(path: &Path) -> (Vec<u64>, Vec<T>) {
    let bytes = std::fs::read(path).expect("the output file should exist");
    let npy = npyz::NpyFile::new(&bytes[..]).expect("the output should be a valid .npy file");
    let shape = npy.shape().to_vec();
    let data = npy
        .into_vec::<T>()
        .expect("the output should have the expected element type");
    (shape, data)
}

fn arg(name: &str, path: &Path) -> String {
    format!("{name}={}", path.display())
}

#[test]
fn help_and_version_exit_zero() {
    let o = metile(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    for cmd in ["ops", "check", "run", "emit", "bench"] {
        assert!(stdout(&o).contains(cmd), "{cmd} missing from help");
    }
    assert_eq!(metile(&["--version"]).status.code(), Some(0));
    let o = metile(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn ops_table_lists_every_operator() {
    let o = metile(&["ops"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("operator"));
    for s in OPERATORS {
        assert!(
            text.lines().any(|l| l.starts_with(&format!("{} ", s.name))),
            "no row for {}",
            s.name
        );
    }
    assert!(text.contains(&format!("{} operators:", OPERATORS.len())));
    for e in registry::entry_points() {
        assert!(
            text.contains(&format!("  {}\n", e.name)),
            "{} not listed",
            e.name
        );
    }
}

#[test]
fn ops_json_parses_and_matches_the_inventory() {
    let o = metile(&["ops", "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("ops --json is JSON");
    let arr = v.as_array().expect("an array of operators");
    assert_eq!(arr.len(), OPERATORS.len());
    let names: BTreeSet<&str> = arr.iter().filter_map(|o| o["name"].as_str()).collect();
    assert_eq!(names.len(), OPERATORS.len(), "names are unique");
    for (j, info) in arr.iter().zip(inventory::inventory()) {
        assert_eq!(j["name"], info.name);
        assert_eq!(j["status"], info.status.name());
        assert_eq!(j["family"], info.family.name());
        for key in [
            "display", "liger", "priority", "note", "dtypes", "targets", "entries",
        ] {
            assert!(!j[key].is_null(), "{}: no `{key}`", info.name);
        }
        assert_eq!(
            j["entries"].as_array().map(Vec::len),
            Some(info.entries.len())
        );
        if info.status.is_implemented() {
            assert_eq!(j["targets"], serde_json::json!(["cpu", "cuda"]));
        }
    }
    for name in ["rms_norm", "layer_norm", "add_rms_norm"] {
        assert!(names.contains(name), "{name}");
    }
}

#[test]
fn unknown_or_unbuilt_device_is_a_usage_error() {
    assert_usage_error(
        &metile(&["--device", "nonsense", "ops"]),
        "device `nonsense`",
    );
    // Without a GPU (as in CI) the CUDA device is a clear usage error; with one, it opens.
    let cuda = metile(&["--device", "cuda", "emit"]);
    if cuda.status.code() == Some(0) {
        eprintln!("note: a CUDA device is present here; the no-driver message is not checked");
    } else {
        assert_usage_error(&cuda, "device `cuda");
    }
    let o = metile(&["--device", "cpu", "ops", "--json"]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn run_unknown_entry() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = metile(&[
        "run",
        "no_such_op.forward",
        "--output-dir",
        out.to_str().unwrap(),
    ]);
    assert_usage_error(&o, "unknown entry point `no_such_op.forward`");
    assert!(!out.exists(), "nothing is written on error");
}

#[test]
fn run_rejects_bad_arguments_and_files_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let x = dir.path().join("x.npy");
    write_npy(&x, &[2, 4], &[1.0f32; 8]);
    let garbage = dir.path().join("garbage.npy");
    std::fs::write(&garbage, b"this is not numpy").unwrap();
    let f64s = dir.path().join("f64.npy");
    write_npy(&f64s, &[2, 4], &[1.0f64; 8]);
    let truncated = dir.path().join("truncated.npy");
    let mut bytes = std::fs::read(&x).unwrap();
    bytes.truncate(bytes.len() - 3);
    std::fs::write(&truncated, bytes).unwrap();
    let missing = dir.path().join("missing.npy");

    let entry = "rms_norm.forward";
    let run = |extra: &[&str]| {
        let mut args = vec!["run", entry, "--output-dir", out];
        args.extend_from_slice(extra);
        metile(&args)
    };
    let xa = arg("x", &x);
    if registered(entry).is_none() {
        // Still an error with a message, never a panic.
        assert_usage_error(&run(&["--input", &xa]), "unknown entry point");
        return;
    }
    assert_usage_error(
        &run(&["-i", &arg("x", &missing)]),
        "missing.npy: cannot read",
    );
    assert_usage_error(
        &run(&["-i", &arg("x", &garbage)]),
        "garbage.npy: not a .npy file",
    );
    assert_usage_error(
        &run(&["-i", &arg("x", &f64s)]),
        "f64.npy: dtype `<f8` (float64) is not supported; allowed: float32, float16, int32, int64, bool",
    );
    assert_usage_error(&run(&["-i", &arg("x", &truncated)]), "truncated");
    assert_usage_error(
        &run(&["-i", &xa, "--param", "eps"]),
        "bad --param `eps`: expected NAME=VALUE",
    );
    assert_usage_error(&run(&["-i", &xa, "-p", "=3"]), "expected NAME=VALUE");
    assert_usage_error(
        &run(&["-i", "x"]),
        "bad --input `x`: expected NAME=FILE.npy",
    );
    assert_usage_error(
        &run(&["-i", &xa, "-p", "epsilon=1"]),
        "unknown parameter `epsilon`",
    );
    assert_usage_error(
        &run(&["-i", &xa, "-p", "dtype=f64"]),
        "must be f32, f16 or bf16",
    );
    assert_usage_error(&run(&[]), "missing input `x`");
    assert_usage_error(&run(&["-i", &xa, "-i", &arg("z", &x)]), "unknown input `z`");
    assert_usage_error(&run(&["-i", &xa, "-i", &xa]), "given more than once");
    assert!(!Path::new(out).exists(), "nothing is written on error");
}

/// `x * rsqrt(mean(x^2) + eps) * w` per row, in f64.
fn rms_norm_reference(x: &[f32], w: &[f32], cols: usize, eps: f64) -> Vec<f64> {
    x.chunks(cols)
        .flat_map(|row| {
            let ms = row.iter().map(|&v| f64::from(v).powi(2)).sum::<f64>() / cols as f64;
            let r = 1.0 / (ms + eps).sqrt();
            row.iter()
                .zip(w)
                .map(move |(&v, &wi)| f64::from(v) * r * f64::from(wi))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn max_rel(out: &[f32], reference: &[f64]) -> f64 {
    let scale = reference
        .iter()
        .fold(0.0f64, |m, v| m.max(v.abs()))
        .max(1e-30);
    out.iter()
        .zip(reference)
        .map(|(&o, r)| (f64::from(o) - r).abs())
        .fold(0.0, f64::max)
        / scale
}

#[test]
fn run_rms_norm_forward_on_small_files() {
    let Some(entry) = registered("rms_norm.forward") else {
        return;
    };
    let eps: f64 = entry
        .params
        .iter()
        .find(|p| p.name == "eps")
        .and_then(|p| p.default.parse().ok())
        .unwrap_or(1e-6);
    let (rows, cols) = (3usize, 8usize);
    let x: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 7 % 11) as f32 - 5.0) / 3.0)
        .collect();
    let w: Vec<f32> = (0..cols).map(|i| 0.5 + i as f32 / 8.0).collect();
    let reference = rms_norm_reference(&x, &w, cols, eps);

    let dir = tempfile::tempdir().unwrap();
    let (xp, wp) = (dir.path().join("x.npy"), dir.path().join("w.npy"));
    write_npy(&xp, &[rows as u64, cols as u64], &x);
    write_npy(&wp, &[cols as u64], &w);

    // f32 in, f32 out.
    let out: PathBuf = dir.path().join("out32");
    let o = metile(&[
        "run",
        "rms_norm.forward",
        "--input",
        &arg("x", &xp),
        "--input",
        &arg("weight", &wp),
        "--output-dir",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("y.npy"), "{}", stdout(&o));
    let (shape, y) = read_npy::<f32>(&out.join("y.npy"));
    assert_eq!(shape, vec![rows as u64, cols as u64]);
    let err = max_rel(&y, &reference);
    assert!(err < 1e-5, "f32 relative error {err}");
    for port in entry.outputs.iter().filter(|p| !p.optional) {
        assert!(
            out.join(format!("{}.npy", port.name)).exists(),
            "{}",
            port.name
        );
    }

    // bf16 storage: written back as float32, with a note.
    let out = dir.path().join("outbf16");
    let o = metile(&[
        "run",
        "rms_norm.forward",
        "-i",
        &arg("x", &xp),
        "-i",
        &arg("weight", &wp),
        "-p",
        "dtype=bf16",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("note:") && stderr(&o).contains("float32"));
    let (_, y) = read_npy::<f32>(&out.join("y.npy"));
    let err = max_rel(&y, &reference);
    assert!(err < 2e-2, "bf16 relative error {err}");

    // f16 in, f16 out.
    let xh: Vec<half::f16> = x.iter().map(|&v| half::f16::from_f32(v)).collect();
    let xhp = dir.path().join("xh.npy");
    write_npy(&xhp, &[rows as u64, cols as u64], &xh);
    let out = dir.path().join("outf16");
    let o = metile(&[
        "run",
        "rms_norm.forward",
        "-i",
        &arg("x", &xhp),
        "-i",
        &arg("weight", &wp),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (shape, y) = read_npy::<half::f16>(&out.join("y.npy"));
    assert_eq!(shape, vec![rows as u64, cols as u64]);
    let y: Vec<f32> = y.iter().map(|h| h.to_f32()).collect();
    let err = max_rel(&y, &reference);
    assert!(err < 5e-3, "f16 relative error {err}");
}

#[test]
fn run_accepts_scalar_and_empty_files_gracefully() {
    if registered("rms_norm.forward").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let scalar = dir.path().join("s.npy");
    write_npy(&scalar, &[], &[2.0f32]);
    let empty = dir.path().join("e.npy");
    write_npy::<f32>(&empty, &[0, 8], &[]);
    for file in [&scalar, &empty] {
        let out = dir.path().join("out");
        let o = metile(&[
            "run",
            "rms_norm.forward",
            "-i",
            &arg("x", file),
            "-o",
            out.to_str().unwrap(),
        ]);
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{err}");
        // The operator decides; either outcome is a clean one.
        match o.status.code() {
            Some(0) => assert!(out.join("y.npy").exists()),
            Some(2) => assert!(err.contains("error:"), "{err}"),
            other => assert_eq!(other, Some(0), "{err}"),
        }
    }
}

#[test]
fn check_rejects_unknown_operators_and_summarises() {
    assert_usage_error(
        &metile(&["check", "not_an_op"]),
        "unknown operator `not_an_op`",
    );
    let o = metile(&["check", "rms_norm"]);
    let text = stdout(&o);
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    if registered("rms_norm.forward").is_none() {
        return;
    }
    let summary = text
        .lines()
        .find(|l| l.ends_with(" failed") && l.contains(" passed, "))
        .unwrap_or_else(|| unreachable!("no summary line in\n{text}\n{err}"));
    let want = if summary.ends_with(" 0 failed") { 0 } else { 1 };
    assert_eq!(o.status.code(), Some(want), "{summary}\n{err}");
    assert!(text.starts_with("operator"), "{text}");
    assert!(text.contains("PASS") || text.contains("FAIL"));
}

#[test]
fn bench_json_lines_parse() {
    assert_usage_error(
        &metile(&["bench", "not_an_op"]),
        "unknown operator `not_an_op`",
    );
    assert_usage_error(&metile(&["bench", "--rows", "0"]), "at least 1");
    let o = metile(&[
        "bench", "--rows", "8", "--cols", "16", "--reps", "2", "--json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    // One row per entry point, plus a `fwd+bwd` row per operator with a forward and a backward.
    let entries = registry::entry_points();
    let pairs = entries
        .iter()
        .filter(|e| e.name == format!("{}.forward", e.op))
        .filter(|f| {
            entries
                .iter()
                .any(|e| e.name == format!("{}.backward", f.op))
        })
        .count();
    assert_eq!(lines.len(), entries.len() + pairs, "{text}");
    let mut modes = Vec::new();
    for line in lines {
        let v: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        assert_eq!(v["shape"], serde_json::json!([8, 16]));
        assert_eq!(v["dtype"], "f32");
        for key in [
            "op", "entry", "mode", "ms", "gbps", "copy_ms", "x_copy", "bytes", "device",
        ] {
            assert!(!v[key].is_null(), "no `{key}` in {line}");
        }
        modes.push(v["mode"].as_str().unwrap_or_default().to_string());
    }
    assert_eq!(modes.iter().filter(|m| *m == "fwd+bwd").count(), pairs);
    let o = metile(&[
        "bench", "rms_norm", "--rows", "4", "--cols", "8", "--reps", "1", "--dtype", "bf16",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    if registered("rms_norm.forward").is_some() {
        assert!(stdout(&o).contains("rms_norm.forward"));
        assert!(stdout(&o).contains("bf16"));
    }
}

#[test]
fn emit_lists_kernels_and_rejects_unknown_ones() {
    let o = metile(&["emit"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let names = metile_kernels::emit::kernel_names();
    for n in &names {
        assert!(stdout(&o).lines().any(|l| l == *n), "{n} not listed");
    }
    if let Some(first) = names.first() {
        for dtype in ["f32", "f16", "bf16"] {
            let o = metile(&["emit", first, "--dtype", dtype]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert!(!stdout(&o).trim().is_empty(), "empty IR for {first}");
        }
        assert_usage_error(&metile(&["emit", first, "--block", "0"]), "block");
    }
    assert_usage_error(&metile(&["emit", "no_such_kernel"]), "no_such_kernel");
    let o = metile(&["emit", "x", "--dtype", "f64"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("panicked"));
}

/// `emit --exact` shows a row-tiled kernel as launched on rows of exactly `--block` columns:
/// no column mask (the masked representative compares the columns with the row length), and
/// LayerNorm's GPU forward as a GPU runs it: one row per program without a row loop, its
/// parameters loaded after the row's statistics, where they are used.
#[test]
fn emit_exact_drops_the_column_mask() {
    let ir = |args: &[&str]| {
        let o = metile(args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o)
    };
    let masked = ir(&["emit", "softmax_fwd", "--block", "512"]);
    let exact = ir(&["emit", "softmax_fwd", "--block", "512", "--exact"]);
    assert!(masked.contains("cmp.lt"), "{masked}");
    assert!(!exact.contains("cmp.lt"), "{exact}");
    assert!(!exact.contains(" mask "), "{exact}");
    let ln = ir(&["emit", "layer_norm_fwd", "--block", "512", "--exact"]);
    assert!(!ln.contains("for "), "{ln}");
    let (before_stats, after_stats) = ln.split_once("store @rstd").expect("the row's rstd");
    assert!(!before_stats.contains("@weight["), "{ln}");
    assert!(after_stats.contains("@weight["), "{ln}");
}

/// `emit --ptxas` prints the assembler's report where NVRTC loads, says why where it does not
/// (an error, not a panic), and needs the CUDA target.
#[test]
fn emit_ptxas_reports_registers_or_says_why_not() {
    assert_usage_error(
        &metile(&["emit", "rms_norm_fwd", "--ptxas"]),
        "--target cuda",
    );
    let o = metile(&["emit", "rms_norm_fwd", "--target", "cuda", "--ptxas"]);
    if metile_runtime::cuda::nvrtc_version().is_err() {
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
        assert!(stderr(&o).contains("NVRTC"), "{}", stderr(&o));
        eprintln!("skipped the report itself: NVRTC is not available here");
        return;
    }
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("threads per program"), "{out}");
    assert!(out.contains("registers"), "{out}");
    assert!(out.contains("spill"), "{out}");
}

/// `emit --plan` prints the plan table and, below it, how each read-only buffer's vectors are
/// loaded: the policy a kernel asks for (RMSNorm's f32 forward loads `x` under the L2
/// evict_last policy, its weight plainly), outputs not listed.
#[test]
fn emit_plan_shows_the_load_path_of_each_read_only_buffer() {
    let o = metile(&[
        "emit",
        "rms_norm_fwd",
        "--target",
        "cuda",
        "--plan",
        "--exact",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("| chosen |"), "{out}");
    let (_, loads) = out
        .split_once("vector loads of the read-only buffers:\n")
        .expect("the load paths follow the table");
    assert_eq!(loads, "x: L2 evict_last policy\nweight: plain\n", "{out}");
}

#[test]
fn train_rejects_nonsense_flags_without_panicking() {
    for (flags, needle) in [
        (&["--layers=0"][..], "positive"),
        (&["--dim=130", "--heads=4"], "dim 130 must be heads 4"),
        (&["--heads=4", "--kv-heads=3"], "kv heads 3"),
        (&["--seq-len=0"], "positive"),
        (&["--batch=0"], "positive"),
        (&["--lr=NaN"], "lr NaN"),
        (&["--batch=18446744073709551615"], "too large"),
    ] {
        let mut args = vec!["train", "--steps=1", "--samples=0"];
        args.extend(flags);
        assert_usage_error(&metile(&args), needle);
    }
}

#[test]
fn train_resume_rejects_corrupt_checkpoints_without_panicking() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ckpt.safetensors");
    let path_s = path.to_str().unwrap();
    assert_usage_error(&metile(&["train", "--resume", path_s]), "ckpt.safetensors");
    std::fs::write(&path, u64::MAX.to_le_bytes()).unwrap();
    assert_usage_error(
        &metile(&["train", "--resume", path_s]),
        "shorter than its header",
    );
    std::fs::write(&path, b"\x02\0\0\0\0\0\0\0{}").unwrap();
    assert_usage_error(&metile(&["train", "--resume", path_s]), "format");
}

#[test]
fn train_resume_keeps_the_checkpoints_run_length_unless_steps_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("a.safetensors");
    let (first_s, second_s) = (
        first.to_str().unwrap(),
        dir.path()
            .join("b.safetensors")
            .to_str()
            .unwrap()
            .to_string(),
    );
    let tiny = [
        "--layers=1",
        "--dim=16",
        "--heads=2",
        "--kv-heads=1",
        "--ffn=16",
        "--seq-len=8",
        "--batch=1",
        "--samples=0",
    ];
    let run = |extra: &[&str]| {
        let mut args = vec!["train"];
        args.extend(tiny);
        args.extend(extra);
        let o = metile(&args);
        assert_eq!(o.status.code(), Some(0), "stderr:\n{}", stderr(&o));
        stdout(&o)
    };
    run(&["--steps=2", "--checkpoint", first_s]);
    let out = run(&["--resume", first_s, "--checkpoint", &second_s]);
    assert!(out.contains("2 steps from step 2"), "{out}");
    let out = run(&["--resume", first_s, "--steps=3", "--checkpoint", &second_s]);
    assert!(out.contains("3 steps from step 2"), "{out}");
}

#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    // `metile ops --json` writes more than a pipe holds (over 100 KB), so closing the read end
    // after a few bytes makes a later write fail with a broken pipe.
    let mut child = Command::new(env!("CARGO_BIN_EXE_metile"))
        .args(["ops", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the metile binary should start");
    let mut first = [0u8; 16];
    let mut out = child.stdout.take().expect("piped stdout");
    out.read_exact(&mut first).expect("the first bytes");
    drop(out);
    let o = child.wait_with_output().expect("the program should end");
    assert!(o.status.success(), "{:?}: {}", o.status, stderr(&o));
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}
