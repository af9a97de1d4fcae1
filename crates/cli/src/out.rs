//! Standard output for every command. A closed pipe (`metile ops | head`) ends the program
//! quietly with status 0, as other command-line tools end, instead of the panic of `println!`;
//! any other write error ends it with the usage/input status and a message on standard error.

use std::io::Write;

/// Writes `args` to standard output (see the module doc).
pub(crate) fn write(args: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(i32::from(crate::error::EXIT_USAGE));
    }
}

/// `print!` through [`write`].
macro_rules! out {
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*)) };
}

/// `println!` through [`write`].
macro_rules! outln {
    () => { $crate::out::write(format_args!("\n")) };
    ($($t:tt)*) => { $crate::out::write(format_args!("{}\n", format_args!($($t)*))) };
}
