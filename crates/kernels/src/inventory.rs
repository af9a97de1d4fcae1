//! Operator inventory (placeholder).
