//! The metile operator library.

pub mod activations;
pub mod attention;
pub mod check;
pub mod cross_entropy;
pub mod distill;
pub mod dyt;
pub mod embedding;
pub mod emit;
pub mod fused_ce_tvd;
pub mod fused_linear_cross_entropy;
pub mod gather;
pub mod group_norm;
pub mod host;
pub mod inventory;
pub mod matmul;
pub mod modulated_rms_norm;
pub mod norms;
pub mod online;
pub mod optim;
pub mod poly_norm;
pub mod reference;
pub mod registry;
pub mod rope;
pub mod softmax;
pub mod sparsemax;
pub mod testing;
