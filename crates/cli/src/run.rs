//! `metile run ENTRY --input NAME=FILE.npy ... --param NAME=VALUE ... --output-dir DIR`.
//!
//! Everything the user gives is validated before the entry point runs: the `NAME=VALUE` syntax,
//! the input names against the entry's ports (every required input present, none unknown, none
//! twice), the parameter names against its definitions, and each file as a readable `.npy` of a
//! supported type. The parameter `dtype` (`f32`, `f16`, `bf16`) belongs to the CLI: it converts
//! every float input to that storage dtype and is not passed on. Each output is written to
//! `DIR/<output>.npy` in its own type, except bf16, which `.npy` lacks and which is widened to
//! float32 exactly.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use metile_ir::DType;
use metile_kernels::registry::{self, EntryPoint, OpError, Params, Port, Tensors};
use metile_runtime::Device;

use crate::cli::{FloatDType, RunArgs};
use crate::error::{panic_message, CliError};
use crate::npy;

/// The parameter the CLI keeps for itself.
pub const DTYPE_PARAM: &str = "dtype";

/// A validated request: files by input name, the storage dtype override and the parameters.
#[derive(Debug)]
pub struct Request {
    pub files: Vec<(String, PathBuf)>,
    pub dtype: Option<DType>,
    pub params: Params,
}

/// Splits `NAME=VALUE`; the name must be non-empty.
fn split_pair<'a>(flag: &str, text: &'a str, form: &str) -> Result<(&'a str, &'a str), CliError> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => Ok((name.trim(), value)),
        _ => Err(CliError::new(format!(
            "bad {flag} `{text}`: expected {form}"
        ))),
    }
}

impl Request {
    /// Checks the `--input` and `--param` arguments against `entry`.
    pub fn parse(
        entry: &EntryPoint,
        inputs: &[String],
        params: &[String],
    ) -> Result<Request, CliError> {
        let mut files = Vec::new();
        let mut seen = BTreeSet::new();
        for text in inputs {
            let (name, file) = split_pair("--input", text, "NAME=FILE.npy")?;
            if file.is_empty() {
                return Err(CliError::new(format!(
                    "bad --input `{text}`: no file after `=` (expected NAME=FILE.npy)"
                )));
            }
            entry.check_input(name)?;
            if !seen.insert(name.to_string()) {
                return Err(CliError::new(format!(
                    "{}: input `{name}` is given more than once",
                    entry.name
                )));
            }
            files.push((name.to_string(), PathBuf::from(file)));
        }
        let missing: Vec<&Port> = entry
            .inputs
            .iter()
            .filter(|p| !p.optional && !seen.contains(p.name))
            .collect();
        if let Some(first) = missing.first() {
            let err = OpError::MissingInput {
                entry: entry.name.into(),
                name: first.name.into(),
            };
            let all: Vec<String> = missing.iter().map(|p| format!("`{}`", p.name)).collect();
            return Err(CliError::new(format!(
                "{err} (missing: {}; give each as --input NAME=FILE.npy; inputs are: {})",
                all.join(", "),
                entry.describe_inputs()
            )));
        }

        let mut dtype = None;
        let mut pairs: Vec<(String, String)> = Vec::new();
        for text in params {
            let (name, value) = split_pair("--param", text, "NAME=VALUE")?;
            if name == DTYPE_PARAM {
                if dtype.is_some() {
                    return Err(CliError::new("parameter `dtype` is given more than once"));
                }
                let d = FloatDType::parse(value.trim()).ok_or_else(|| {
                    CliError::new(format!(
                        "bad --param dtype=`{value}`: the storage dtype must be f32, f16 or bf16"
                    ))
                })?;
                dtype = Some(d.dtype());
                continue;
            }
            if pairs.iter().any(|(n, _)| n == name) {
                return Err(CliError::new(format!(
                    "{}: parameter `{name}` is given more than once",
                    entry.name
                )));
            }
            pairs.push((name.to_string(), value.to_string()));
        }
        let params = entry.params(&pairs).map_err(|e| match e {
            OpError::UnknownParam { .. } => CliError::new(format!(
                "{e} (and `{DTYPE_PARAM}`, which sets the storage dtype of float inputs)"
            )),
            other => other.into(),
        })?;
        Ok(Request {
            files,
            dtype,
            params,
        })
    }

    /// Reads every input file into a tensor.
    pub fn load(&self) -> Result<Tensors, CliError> {
        let mut tensors = Tensors::new();
        for (name, path) in &self.files {
            let array = npy::read(path)?;
            let t = array
                .to_tensor(self.dtype)
                .map_err(|m| CliError::new(format!("{}: {m}", path.display())))?;
            tensors.insert(name.clone(), t);
        }
        Ok(tensors)
    }
}

/// Calls `entry`, turning a panic inside it into an error.
pub fn call(
    device: &Device,
    entry: &EntryPoint,
    inputs: &Tensors,
    params: &Params,
) -> Result<Tensors, CliError> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        entry.call(device, inputs, params)
    })) {
        Ok(result) => Ok(result?),
        Err(payload) => Err(CliError::new(format!(
            "internal error: `{}` panicked: {} (this is a bug in the operator)",
            entry.name,
            panic_message(payload.as_ref())
        ))),
    }
}

/// One written output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenOutput {
    pub name: String,
    pub path: PathBuf,
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub written: npy::Written,
}

/// Writes every output to `dir/<name>.npy`, creating `dir`.
pub fn write_outputs(outputs: &Tensors, dir: &Path) -> Result<Vec<WrittenOutput>, CliError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError::new(format!(
            "cannot create the output directory {}: {e}",
            dir.display()
        ))
    })?;
    let mut done = Vec::new();
    for (name, t) in outputs {
        let path = dir.join(format!("{name}.npy"));
        let written = npy::write_tensor(&path, t)?;
        done.push(WrittenOutput {
            name: name.clone(),
            path,
            dtype: t.dtype(),
            shape: t.shape.clone(),
            written,
        });
    }
    Ok(done)
}

/// `metile run`.
pub fn run(device: &Device, args: &RunArgs) -> Result<u8, CliError> {
    let entry = registry::find(&args.entry)?;
    run_entry(device, entry, args)
}

/// `metile run` for a given entry point.
pub fn run_entry(device: &Device, entry: &EntryPoint, args: &RunArgs) -> Result<u8, CliError> {
    let request = Request::parse(entry, &args.inputs, &args.params)?;
    let mut inputs = request.load()?;
    for t in inputs.values_mut() {
        *t = device.to_device(t)?;
    }
    let outputs = call(device, entry, &inputs, &request.params)?;
    for w in write_outputs(&outputs, &args.output_dir)? {
        outln!(
            "{}: {} {:?} -> {} ({})",
            w.name,
            w.dtype,
            w.shape,
            w.path.display(),
            w.written.numpy
        );
        if w.written.widened_bf16 {
            eprintln!(
                "note: output `{}` is bf16; .npy has no bf16, so it is written as float32 \
                 (an exact widening)",
                w.name
            );
        }
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::npy::NpyData;
    use crate::testing::{FAKE_FORWARD, PANICKING};

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn parse_err(inputs: &[&str], params: &[&str]) -> String {
        Request::parse(&FAKE_FORWARD, &strings(inputs), &strings(params))
            .expect_err("the request should be rejected")
            .message
    }

    #[test]
    fn rejects_bad_requests_with_helpful_messages() {
        let ok = ["x=a.npy", "weight=b.npy"];
        let e = parse_err(&["x"], &[]);
        assert!(e.contains("bad --input `x`: expected NAME=FILE.npy"), "{e}");
        let e = parse_err(&["=a.npy"], &[]);
        assert!(e.contains("expected NAME=FILE.npy"), "{e}");
        let e = parse_err(&["x="], &[]);
        assert!(e.contains("no file after `=`"), "{e}");
        let e = parse_err(&["x=a.npy", "wieght=b.npy"], &[]);
        assert!(
            e.contains("unknown input `wieght`") && e.contains("weight ([cols])"),
            "{e}"
        );
        let e = parse_err(&["x=a.npy", "x=b.npy", "weight=c.npy"], &[]);
        assert!(e.contains("`x` is given more than once"), "{e}");
        let e = parse_err(&["x=a.npy"], &[]);
        assert!(
            e.contains("missing input `weight`") && e.contains("--input NAME=FILE.npy"),
            "{e}"
        );
        let e = parse_err(&[], &[]);
        assert!(e.contains("missing: `x`, `weight`"), "{e}");
        let e = parse_err(&ok, &["eps"]);
        assert!(e.contains("bad --param `eps`: expected NAME=VALUE"), "{e}");
        let e = parse_err(&ok, &["epsilon=1"]);
        assert!(
            e.contains("unknown parameter `epsilon`") && e.contains("eps"),
            "{e}"
        );
        let e = parse_err(&ok, &["eps=1", "eps=2"]);
        assert!(e.contains("more than once"), "{e}");
        let e = parse_err(&ok, &["dtype=f64"]);
        assert!(e.contains("must be f32, f16 or bf16"), "{e}");
    }

    #[test]
    fn accepts_a_valid_request() {
        let r = Request::parse(
            &FAKE_FORWARD,
            &strings(&["x=a.npy", "weight=b.npy"]),
            &strings(&["eps=0.5", "dtype=bf16"]),
        )
        .unwrap();
        assert_eq!(r.dtype, Some(DType::BF16));
        assert_eq!(r.files.len(), 2);
        assert_eq!(r.params.f32("eps").unwrap(), 0.5);
        // Optional inputs may be left out; dtype is not passed to the entry.
        assert_eq!(r.params.text("dtype"), "");
    }

    #[test]
    fn load_reports_the_failing_file() {
        let dir = tempfile::tempdir().unwrap();
        let w = dir.path().join("w.npy");
        npy::write(&w, &[2], &[1.0f32, 2.0]).unwrap();
        let bad = dir.path().join("bad.npy");
        std::fs::write(&bad, b"garbage").unwrap();
        let f8 = dir.path().join("f8.npy");
        npy::write(&f8, &[2], &[1.0f64, 2.0]).unwrap();
        for (file, want) in [
            (dir.path().join("nope.npy"), "nope.npy: cannot read"),
            (bad, "bad.npy: not a .npy file"),
            (f8, "f8.npy: dtype `<f8` (float64) is not supported"),
        ] {
            let r = Request::parse(
                &FAKE_FORWARD,
                &[
                    format!("x={}", file.display()),
                    format!("weight={}", w.display()),
                ],
                &[],
            )
            .unwrap();
            let e = r.load().expect_err("load should fail").message;
            assert!(e.contains(want), "`{e}` lacks `{want}`");
        }
    }

    #[test]
    fn runs_and_writes_outputs_in_the_requested_dtype() {
        let dir = tempfile::tempdir().unwrap();
        let (x, w) = (dir.path().join("x.npy"), dir.path().join("w.npy"));
        npy::write(&x, &[2, 3], &[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).unwrap();
        npy::write(&w, &[3], &[1.0f32, 0.5, 2.0]).unwrap();
        let device = Device::cpu();
        for (dtype, numpy, widened) in [
            ("f32", "float32", false),
            ("f16", "float16", false),
            ("bf16", "float32", true),
        ] {
            let out = dir.path().join(format!("out_{dtype}/nested"));
            let args = RunArgs {
                entry: "rms_norm.forward".into(),
                inputs: vec![
                    format!("x={}", x.display()),
                    format!("weight={}", w.display()),
                ],
                params: vec!["eps=0.25".into(), format!("dtype={dtype}")],
                output_dir: out.clone(),
            };
            let r = Request::parse(&FAKE_FORWARD, &args.inputs, &args.params).unwrap();
            let outputs = call(&device, &FAKE_FORWARD, &r.load().unwrap(), &r.params).unwrap();
            let written = write_outputs(&outputs, &out).unwrap();
            let y = written.iter().find(|o| o.name == "y").unwrap();
            assert_eq!(y.written.numpy, numpy);
            assert_eq!(y.written.widened_bf16, widened);
            let back = npy::read(&out.join("y.npy")).unwrap();
            assert_eq!(back.shape, vec![2, 3]);
            let vals: Vec<f32> = match back.data {
                NpyData::F32(v) => v,
                NpyData::F16(v) => v.iter().map(|h| h.to_f32()).collect(),
                other => unreachable!("unexpected {other:?}"),
            };
            assert_eq!(vals, vec![1.25, 1.25, 6.25, 4.25, 2.75, 12.25]);
            let rowsum = npy::read(&out.join("rowsum.npy")).unwrap();
            assert_eq!(rowsum.shape, vec![2]);
            assert_eq!(rowsum.data, NpyData::F32(vec![6.0, 15.0]));
            assert_eq!(run_entry(&device, &FAKE_FORWARD, &args), Ok(0));
        }
    }

    #[test]
    fn op_errors_and_panics_become_errors() {
        let dir = tempfile::tempdir().unwrap();
        let (x, w) = (dir.path().join("x.npy"), dir.path().join("w.npy"));
        npy::write(&x, &[2, 3], &[0.0f32; 6]).unwrap();
        npy::write(&w, &[2], &[0.0f32; 2]).unwrap();
        let device = Device::cpu();
        let args = RunArgs {
            entry: "rms_norm.forward".into(),
            inputs: vec![
                format!("x={}", x.display()),
                format!("weight={}", w.display()),
            ],
            params: vec![],
            output_dir: dir.path().join("out"),
        };
        let e = run_entry(&device, &FAKE_FORWARD, &args)
            .unwrap_err()
            .message;
        assert!(e.contains("input `weight`: shape [2], want [3]"), "{e}");
        let mut bad_eps = args;
        bad_eps.params = vec!["eps=abc".into()];
        bad_eps.inputs[1] = format!("weight={}", x.display());
        let e = run_entry(&device, &FAKE_FORWARD, &bad_eps)
            .unwrap_err()
            .message;
        assert!(e.contains("`eps` = `abc` is not a number"), "{e}");

        let r = Request::parse(&PANICKING, &[format!("x={}", x.display())], &[]).unwrap();
        let e = call(&device, &PANICKING, &r.load().unwrap(), &r.params)
            .unwrap_err()
            .message;
        assert!(
            e.contains("internal error") && e.contains("deliberate test panic"),
            "{e}"
        );
    }

    #[test]
    fn scalar_and_empty_files_reach_the_operator() {
        let dir = tempfile::tempdir().unwrap();
        let (x, w) = (dir.path().join("x.npy"), dir.path().join("w.npy"));
        npy::write(&x, &[], &[1.0f32]).unwrap();
        npy::write(&w, &[0], &[0.0f32; 0]).unwrap();
        let r = Request::parse(
            &FAKE_FORWARD,
            &[
                format!("x={}", x.display()),
                format!("weight={}", w.display()),
            ],
            &[],
        )
        .unwrap();
        let inputs = r.load().unwrap();
        assert_eq!(inputs["x"].shape, Vec::<usize>::new());
        assert_eq!(inputs["weight"].shape, vec![0]);
        // The operator decides: the fake one rejects a rank-0 x.
        let e = call(&Device::cpu(), &FAKE_FORWARD, &inputs, &r.params).unwrap_err();
        assert!(e.message.contains("needs at least one axis"), "{e}");
    }
}
