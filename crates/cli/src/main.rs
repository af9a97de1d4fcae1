//! `metile`: the command-line program of the metile kernel library.
//!
//! - `metile ops [--json]`: the operator inventory;
//! - `metile check [OP...]`: operators against their FP64 oracles;
//! - `metile run ENTRY --input NAME=FILE.npy ... --param NAME=VALUE ... --output-dir DIR`;
//! - `metile emit [KERNEL] [--dtype D] [--block N]`: the Tile IR of a library kernel;
//! - `metile bench [OP...] [--rows R] [--cols C] [--dtype D] [--reps N] [--json]`;
//! - `metile train [--layers N ...] [--check-gradients] [--resume PATH]`: trains a small model.
//!
//! Every command takes `--device` (default `cpu`). Exit status: 0 on success, 1 when `check` or
//! `bench` ran and something failed, 2 for any usage or input error (printed as
//! `error: <message>`). User input never causes a panic.

#[macro_use]
mod out;

mod bench;
mod check;
mod cli;
mod emit;
mod error;
mod npy;
mod ops;
mod run;
mod table;
#[cfg(test)]
mod testing;
mod train;

use std::process::ExitCode;

use clap::Parser;
use metile_runtime::Device;

use crate::cli::{Cli, Command};
use crate::error::{CliError, EXIT_USAGE};

fn dispatch(cli: &Cli) -> Result<u8, CliError> {
    let device = Device::by_name(&cli.device)?;
    match &cli.command {
        Command::Ops(a) => ops::ops(a.json),
        Command::Check(a) => check::check(&device, &a.ops, &a.case, a.jobs, a.log),
        Command::Run(a) => run::run(&device, a),
        Command::Emit(a) => emit::emit(a),
        Command::Bench(a) => bench::bench(&device, a),
        Command::Train(a) => train::train(&device, a),
    }
}

fn main() -> ExitCode {
    // Clap prints its own usage errors and exits with status 2 (0 for --help and --version).
    let cli = Cli::parse();
    match dispatch(&cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
