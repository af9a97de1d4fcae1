//! FP64 oracles (placeholder).
