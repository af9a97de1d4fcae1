//! End-to-end training of a small Llama-style language model on the metile kernels, with the
//! forward and backward written out layer by layer (as llm.c does) on the operators' Rust APIs.
//!
//! - [`model`]: the model (see its doc for the architecture and the parameter list), its forward
//!   and backward on a [`metile_runtime::Device`];
//! - [`reference`]: the same model written plainly in f64 on the host, for the gradient check;
//! - [`optim`]: AdamW and global-norm clipping on the device (the `adamw` kernels), and the
//!   learning-rate schedule;
//! - [`corpus`]: the byte-level training text and its batches;
//! - [`checkpoint`]: safetensors files (weights, optimizer state, config);
//! - [`trainer`]: the training loop, the gradient check and sampling. Parameters, gradients and
//!   moments live on the device for the whole run; a step reads back only its loss and
//!   gradient norm.
//!
//! Everything is deterministic: batches, initialisation and sampling come from the seed, and
//! every kernel reduces in a fixed order, so two runs with one seed give bit-identical losses.

pub mod checkpoint;
pub mod config;
pub mod corpus;
pub mod heads;
pub mod model;
pub mod optim;
pub mod reference;
pub mod trainer;

use metile_kernels::registry::OpError;

/// Errors of training: a kernel's, the runtime's, a bad configuration, input or checkpoint.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error(transparent)]
    Op(#[from] OpError),
    #[error(transparent)]
    Runtime(#[from] metile_runtime::Error),
    #[error("bad configuration: {0}")]
    Config(String),
    /// Parameters, token ids or a batch that do not fit the model.
    #[error("bad input: {0}")]
    Input(String),
    #[error("checkpoint {path}: {message}")]
    Checkpoint { path: String, message: String },
}

pub type Result<T> = std::result::Result<T, TrainError>;
