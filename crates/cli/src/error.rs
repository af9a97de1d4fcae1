//! The error every subcommand returns: a message for the user, printed as `error: <message>`,
//! and exit status 2. (A command that ran but found failures, such as `check`, returns exit
//! status 1 through its `Ok` value instead.)

use std::fmt;

use metile_kernels::registry::OpError;

/// Exit status of a usage or input error.
pub const EXIT_USAGE: u8 = 2;
/// Exit status of a command that ran but found failures.
pub const EXIT_FAILURES: u8 = 1;

/// A user-facing error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    pub message: String,
}

impl CliError {
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<OpError> for CliError {
    fn from(e: OpError) -> Self {
        CliError::new(e.to_string())
    }
}

impl From<metile_runtime::Error> for CliError {
    fn from(e: metile_runtime::Error) -> Self {
        CliError::new(e.to_string())
    }
}

impl From<crate::npy::NpyError> for CliError {
    fn from(e: crate::npy::NpyError) -> Self {
        CliError::new(e.to_string())
    }
}

/// The text of a panic payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

impl From<metile_train::TrainError> for CliError {
    fn from(e: metile_train::TrainError) -> Self {
        CliError::new(e.to_string())
    }
}
