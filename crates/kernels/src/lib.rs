//! The metile operator library.

pub mod inventory;
pub mod reference;
pub mod testing;
