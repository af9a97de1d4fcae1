//! Test utilities (placeholder).
