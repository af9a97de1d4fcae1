//! The independent FP64 oracles.
//!
//! Every function here is written plainly from the operator's formula (as stated in
//! `PARITY.md` and the native contracts): loops over rows in f64, no blocking, no fusion, no
//! reuse of kernel code or of the kernels' algebraic rewrites. They are never derived from the
//! kernels, so that a kernel checked against them is checked against an independent statement
//! of the math. Their own gradients are checked against central finite differences of their own
//! forwards in their unit tests.
//!
//! Data is row-major; inputs are `&[f64]`. A test that runs a kernel in a narrow storage dtype
//! rounds its random inputs first (see [`crate::testing::round_to_storage`]) and passes exactly
//! those values, widened, to the oracle.

pub mod activations;
pub mod attention;
pub mod chunked_distill;
pub mod chunked_grpo;
pub mod chunked_preference;
pub mod cross_entropy;
pub mod distill;
pub mod dyt;
pub mod fused_ce_tvd;
pub mod fused_linear_cross_entropy;
pub mod fused_linear_jsd;
pub mod fused_linear_kl_div;
pub mod group_norm;
pub mod grpo_loss;
pub mod matmul;
pub mod mlp;
pub mod modulated_rms_norm;
pub mod norms;
pub mod optim;
pub mod poly_norm;
pub mod rope;
pub mod softmax;
pub mod sparsemax;
