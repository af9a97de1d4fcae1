//! The command line, as clap definitions.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use metile_ir::DType;

/// metile: a tile-kernel compiler and a library of LLM training kernels.
#[derive(Debug, Parser)]
#[command(name = "metile", version, about, max_term_width = 100)]
pub struct Cli {
    /// The device to run on (`cpu`).
    #[arg(long, global = true, default_value = "cpu", value_name = "DEVICE")]
    pub device: String,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the operator inventory: status, dtypes, targets and entry points.
    Ops(OpsArgs),
    /// Check operators against their FP64 oracles on random inputs.
    Check(CheckArgs),
    /// Run one entry point on .npy inputs and write its outputs as .npy files.
    Run(RunArgs),
    /// Print the Tile IR of a library kernel.
    Emit(EmitArgs),
    /// Time entry points against a memory copy of the same number of bytes.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
pub struct OpsArgs {
    /// Print the inventory as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Operators to check (all when none), e.g. `rms_norm`.
    #[arg(value_name = "OP")]
    pub ops: Vec<String>,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The entry point, e.g. `rms_norm.forward`.
    #[arg(value_name = "ENTRY")]
    pub entry: String,

    /// An input: port name and .npy file (float32, float16, int32, int64 or bool).
    #[arg(long = "input", short = 'i', value_name = "NAME=FILE.npy")]
    pub inputs: Vec<String>,

    /// A parameter of the entry point. `dtype=f32|f16|bf16` is special: it converts every float
    /// input to that storage dtype and is not passed on.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,

    /// Where to write `<output>.npy` for each output (created if needed).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output_dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct EmitArgs {
    /// The kernel (without it, the kernel names are listed).
    #[arg(value_name = "KERNEL")]
    pub kernel: Option<String>,

    /// Storage dtype to specialise for.
    #[arg(long, value_enum, default_value_t = FloatDType::F32)]
    pub dtype: FloatDType,

    /// Block size (the kernel's default when omitted).
    #[arg(long, value_name = "N")]
    pub block: Option<usize>,

    /// What to print: the Tile IR, or the generated source of a target.
    #[arg(long, value_enum, default_value_t = EmitTarget::Tile)]
    pub target: EmitTarget,

    /// With `--target cuda`: print the subgroup-realization plan table (the chosen plan and the
    /// runners-up) instead of the source.
    #[arg(long)]
    pub plan: bool,
}

/// Targets `metile emit` can print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EmitTarget {
    /// The logical Tile IR.
    Tile,
    /// CUDA C for an sm_90 GPU (generated without a device).
    Cuda,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Operators to time (all registered when none), e.g. `rms_norm`.
    #[arg(value_name = "OP")]
    pub ops: Vec<String>,

    /// Rows of the main input.
    #[arg(long, default_value_t = 4096)]
    pub rows: usize,

    /// Columns of the main input.
    #[arg(long, default_value_t = 4096)]
    pub cols: usize,

    /// Storage dtype of the generated inputs.
    #[arg(long, value_enum, default_value_t = FloatDType::F32)]
    pub dtype: FloatDType,

    /// Timed repetitions (the median is reported), after 2 warm-ups.
    #[arg(long, default_value_t = 15)]
    pub reps: usize,

    /// Print one JSON object per measurement instead of a table.
    #[arg(long)]
    pub json: bool,

    /// An optional input not to generate (repeatable), e.g. `--omit weight` times the
    /// cross-entropy without class weights.
    #[arg(long, value_name = "INPUT")]
    pub omit: Vec<String>,

    /// A parameter for every entry point that defines it (repeatable; others ignore it), e.g.
    /// `-p reduction=sum`.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,
}

/// A float storage dtype on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FloatDType {
    F32,
    F16,
    Bf16,
}

impl FloatDType {
    pub fn dtype(self) -> DType {
        match self {
            FloatDType::F32 => DType::F32,
            FloatDType::F16 => DType::F16,
            FloatDType::Bf16 => DType::BF16,
        }
    }

    /// Parses `f32`, `f16` or `bf16`.
    pub fn parse(s: &str) -> Option<FloatDType> {
        match s {
            "f32" => Some(FloatDType::F32),
            "f16" => Some(FloatDType::F16),
            "bf16" => Some(FloatDType::Bf16),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_run_and_global_device() {
        let cli = Cli::try_parse_from([
            "metile",
            "run",
            "rms_norm.forward",
            "--input",
            "x=x.npy",
            "-i",
            "weight=w.npy",
            "--param",
            "eps=1e-5",
            "--output-dir",
            "out",
            "--device",
            "cpu",
        ])
        .unwrap();
        assert_eq!(cli.device, "cpu");
        let Command::Run(r) = cli.command else {
            unreachable!("parsed as run")
        };
        assert_eq!(r.inputs, vec!["x=x.npy", "weight=w.npy"]);
        assert_eq!(r.params, vec!["eps=1e-5"]);
        let cli = Cli::try_parse_from(["metile", "bench", "--dtype", "bf16", "rms_norm"]).unwrap();
        let Command::Bench(b) = cli.command else {
            unreachable!("parsed as bench")
        };
        assert_eq!((b.dtype, b.rows, b.reps), (FloatDType::Bf16, 4096, 15));
        assert_eq!(
            FloatDType::parse("bf16").map(|d| d.dtype()),
            Some(DType::BF16)
        );
        assert_eq!(FloatDType::parse("f64"), None);
    }
}
