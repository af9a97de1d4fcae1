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
    /// Train a small Llama-style byte-level model on the built-in corpus (or check its
    /// gradients against an f64 model), write a checkpoint and sample from it.
    Train(TrainArgs),
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

    /// Cases run at once (default: 1 on the cpu, whose kernels already use every core; on CUDA
    /// one per core, so that NVRTC compiles kernels side by side). The report's order does not
    /// depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,

    /// Print a line to stderr as each case starts and as it finishes (seconds, rows, failures,
    /// label), so that a run cut off by a time limit shows what finished and what was running.
    #[arg(long)]
    pub log: bool,

    /// Only the cases whose label contains every given text (repeatable), e.g. `--case f32
    /// --case chunk=1`; a filter that keeps no case is an error.
    #[arg(long = "case", value_name = "TEXT")]
    pub case: Vec<String>,
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

    /// Row-tiled kernels (norms, softmax, cross-entropy): a tile of exactly the row, no column
    /// mask, as the runtime launches rows of `--block` columns (norms also with a GPU launch's
    /// parameter loads, and their backwards with its row prefetch and the forward's saved
    /// statistics; rotate-half RoPE as the one launch that rotates q and k). Without it, the
    /// masked representative tile.
    #[arg(long)]
    pub exact: bool,

    /// What to print: the Tile IR, or the generated source of a target.
    #[arg(long, value_enum, default_value_t = EmitTarget::Tile)]
    pub target: EmitTarget,

    /// With `--target cuda`: print the subgroup-realization plan table (the chosen plan and the
    /// runners-up) and how each read-only buffer's vectors are loaded (plain, through the
    /// read-only path, under an L2 evict_last policy) instead of the source.
    #[arg(long)]
    pub plan: bool,

    /// With `--target cuda`: compile the source with NVRTC (no GPU needed) and print what the
    /// assembler reports: registers, spills, stack and shared memory.
    #[arg(long, conflicts_with = "plan")]
    pub ptxas: bool,
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

    /// Leading axes before `[rows, cols]` for row-shaped inputs (comma-separated), e.g.
    /// `--lead 8,32 --rows 2048 --cols 128` times RoPE on `x [8, 32, 2048, 128]` against tables
    /// `[1, 2048, 128]`: per-row tables, frequencies and position ids stay keyed on `rows`.
    #[arg(long, value_name = "DIMS", value_delimiter = ',')]
    pub lead: Vec<usize>,

    /// Storage dtype of the generated inputs.
    #[arg(long, value_enum, default_value_t = FloatDType::F32)]
    pub dtype: FloatDType,

    /// Timed repetitions (the median is reported), after 2 warm-ups.
    #[arg(long, default_value_t = 15)]
    pub reps: usize,

    /// Print one JSON object per measurement instead of a table.
    #[arg(long)]
    pub json: bool,

    /// The output width of a projection (matmul's N, the fused linear cross-entropy's vocabulary
    /// V, an MLP's intermediate width I): weights `[N, cols]` (an MLP's down weight `[cols, N]`),
    /// bias and class weights `[N]`, outputs `[rows, N]`, class ids in `0..N`. Default: `cols`.
    #[arg(long, value_name = "N")]
    pub out_cols: Option<usize>,

    /// An optional input not to generate (repeatable), e.g. `--omit bias` times LayerNorm
    /// without a bias.
    #[arg(long, value_name = "INPUT")]
    pub omit: Vec<String>,

    /// An optional input outside the common use to generate (repeatable; `metile ops` marks them
    /// "rare"), e.g. `--with weight` times the cross-entropy with class weights and `--with
    /// position_ids` RoPE with gathered table rows.
    #[arg(long = "with", value_name = "INPUT")]
    pub with: Vec<String>,

    /// A parameter for every entry point that defines it (repeatable; others ignore it), e.g.
    /// `-p reduction=sum`.
    #[arg(long = "param", short = 'p', value_name = "NAME=VALUE")]
    pub params: Vec<String>,

    /// On a GPU, time each repetition as one replay of a CUDA graph of the calls (captured once,
    /// after the warm-ups), as the peers' harness times theirs with `--cuda-graph`: the host's
    /// per-call cost is left out. An entry whose calls cannot be captured (one that reads device
    /// values on the host) is timed as launched, and its row says so (`timing`).
    #[arg(long)]
    pub cuda_graph: bool,
}

impl BenchArgs {
    /// The main input's shape: `[lead.., rows, cols]`.
    pub fn shape(&self) -> Vec<usize> {
        self.lead
            .iter()
            .copied()
            .chain([self.rows, self.cols])
            .collect()
    }
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

#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Transformer blocks.
    #[arg(long, default_value_t = 4)]
    pub layers: usize,
    /// Width of the residual stream.
    #[arg(long, default_value_t = 128)]
    pub dim: usize,
    /// Query heads.
    #[arg(long, default_value_t = 4)]
    pub heads: usize,
    /// Key/value heads (grouped-query attention; must divide the heads).
    #[arg(long, default_value_t = 2)]
    pub kv_heads: usize,
    /// Hidden width of the SwiGLU MLP.
    #[arg(long, default_value_t = 352)]
    pub ffn: usize,
    /// Bytes per training sequence.
    #[arg(long, default_value_t = 128)]
    pub seq_len: usize,
    /// Sequences per step.
    #[arg(long, default_value_t = 16)]
    pub batch: usize,
    /// Optimizer steps in all [default: 200] (with --resume: the step to stop at, by default
    /// the checkpoint's run length, so the learning-rate schedule is the uninterrupted run's).
    #[arg(long)]
    pub steps: Option<usize>,
    /// Peak learning rate (linear warmup, then cosine decay to a tenth).
    #[arg(long, default_value_t = 3e-3)]
    pub lr: f32,
    /// Warmup steps.
    #[arg(long, default_value_t = 20)]
    pub warmup: usize,
    /// Seed of the initialisation, the batches and the sampling.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the checkpoint (safetensors).
    #[arg(long, default_value = "metile-train.safetensors", value_name = "PATH")]
    pub checkpoint: PathBuf,
    /// Continue the run saved in this checkpoint (its model and run settings are used; only
    /// --steps applies).
    #[arg(long, value_name = "PATH")]
    pub resume: Option<PathBuf>,
    /// Compare the first step's gradients with an f64 host model instead of training; exit
    /// status 1 when a relative error exceeds 1e-4.
    #[arg(long)]
    pub check_gradients: bool,
    /// Lines of text to sample at the end.
    #[arg(long, default_value_t = 3)]
    pub samples: usize,
    /// Sampling temperature (0: greedy).
    #[arg(long, default_value_t = 0.7)]
    pub temperature: f32,
}
