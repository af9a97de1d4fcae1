//! The CPU target: executes the logical Tile IR on the host.
//!
//! It is the embedded default and the executable specification that every other target is
//! tested against. Programs of the grid are spread over cores with rayon; each worker thread
//! keeps one `Frame` of tile slots and reuses it for every program it runs. Each op processes a
//! whole tile at a time (see `value` for the compact tile forms that keep index and mask
//! arithmetic off the per-element path). Every load and store is bounds-checked: an access
//! outside its buffer is an `Error::OutOfBounds` naming the kernel, op, buffer, index and
//! program, never undefined behaviour.

mod compute;
mod exec;
mod fuse;
mod memory;
mod shared;
mod value;

use rayon::prelude::*;

use metile_ir::{Access, DType, ParamKind, Verified};

use crate::device::Arg;
use crate::error::{Error, Result};
use exec::{last_uses, Shortcuts};
use exec::{Bound, Frame, Launch};
use memory::View;
use value::Scalar;

/// What the executor derives from a kernel once, cached by the caller (`Compiled`).
#[derive(Debug)]
pub(crate) struct Prepared {
    /// `last_uses` of the kernel.
    last: Vec<Vec<metile_ir::ValueId>>,
    /// Its `Shortcuts`.
    shortcuts: Shortcuts,
    /// Whether the kernel has a matrix product (`dot`): its work then grows faster than its
    /// bytes, and a small launch still goes to the pool.
    has_dot: bool,
}

impl Prepared {
    pub(crate) fn new(k: &metile_ir::Kernel) -> Prepared {
        let mut has_dot = false;
        k.walk(|_, inst| has_dot |= matches!(inst.op, metile_ir::Op::Dot { .. }));
        Prepared {
            last: last_uses(k),
            shortcuts: Shortcuts::new(k),
            has_dot,
        }
    }
}

/// Runs `kernel` over `grid` with `args` bound to its parameters in order; `prepared` is
/// [`Prepared::new`] of it.
pub(crate) fn launch(
    kernel: &Verified,
    prepared: &Prepared,
    grid: [u32; 3],
    args: &mut [Arg<'_>],
) -> Result<()> {
    let k = kernel.kernel();
    let bad = |message: String| Error::Launch {
        kernel: k.name.clone(),
        message,
    };
    if args.len() != k.params.len() {
        return Err(bad(format!(
            "{} arguments for {} parameters ({})",
            args.len(),
            k.params.len(),
            k.params
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    // The bytes the launch can touch: a small launch runs on the calling thread (below).
    let bytes: usize = args
        .iter()
        .map(|a| match a {
            Arg::In(b) => b.size_bytes(),
            Arg::Out(b) => b.size_bytes(),
            _ => 0,
        })
        .sum();
    let mut bound = Vec::with_capacity(args.len());
    for (p, a) in k.params.iter().zip(args.iter_mut()) {
        let b = match &p.kind {
            ParamKind::Scalar { dtype } => Bound::Scalar(scalar(&p.name, *dtype, a).map_err(&bad)?),
            ParamKind::Buffer { dtype, access } => match a {
                Arg::In(buf) if *access == Access::Read => {
                    check_dtype(&p.name, *dtype, buf.dtype()).map_err(&bad)?;
                    let on = buf.device_name();
                    let data = buf.host_words().map_err(|_| bad(off_host(&p.name, &on)))?;
                    Bound::Buffer(View::read(data))
                }
                Arg::Out(buf) if access.writes() => {
                    check_dtype(&p.name, *dtype, buf.dtype()).map_err(&bad)?;
                    let on = buf.device_name();
                    let data = buf
                        .host_words_mut()
                        .map_err(|_| bad(off_host(&p.name, &on)))?;
                    Bound::Buffer(View::write(data))
                }
                other => {
                    let want = if access.writes() {
                        "Arg::Out"
                    } else {
                        "Arg::In"
                    };
                    return Err(bad(format!(
                        "parameter `{}` is a {} buffer and takes {want}, got {}",
                        p.name,
                        access.name(),
                        other.describe()
                    )));
                }
            },
        };
        bound.push(b);
    }
    if grid.contains(&0) {
        return Ok(());
    }
    let launch = Launch::new(k, &prepared.last, &prepared.shortcuts, grid, bound);
    let total = grid[0] as usize * grid[1] as usize * grid[2] as usize;
    if total == 1 || (bytes <= INLINE_BYTES && !prepared.has_dot) {
        // One program, or a kernel without matrix products over buffers that fit in L2 (its
        // work follows its bytes; a product's, as in matmul or attention, grows faster): on the
        // calling thread, in order (handing programs to the pool and waiting for them costs more
        // than such a launch takes).
        let mut frame = Frame::new(k.values.len());
        for p in 0..total {
            launch.run_program(&mut frame, program_at(p, grid))?;
        }
        return Ok(());
    }
    let threads = rayon::current_num_threads().max(1);
    let min_len = (total / (threads * 16)).max(1);
    let values = k.values.len();
    (0..total)
        .into_par_iter()
        .with_min_len(min_len)
        .try_for_each_init(
            || Frame::new(values),
            |frame, p| launch.run_program(frame, program_at(p, grid)),
        )
}

/// Launches whose buffers hold at most this many bytes run on the calling thread: about what
/// one core streams in the 20-50 us that handing programs to rayon's pool and waiting for them
/// costs (`perf` on this 2-core machine: most of a small call was the pool's scheduling).
const INLINE_BYTES: usize = 128 << 10;

/// The grid coordinates of program `p`, x fastest.
fn program_at(p: usize, grid: [u32; 3]) -> [u32; 3] {
    let x = (p % grid[0] as usize) as u32;
    let y = ((p / grid[0] as usize) % grid[1] as usize) as u32;
    let z = (p / (grid[0] as usize * grid[1] as usize)) as u32;
    [x, y, z]
}

fn off_host(name: &str, on: &str) -> String {
    format!("buffer `{name}` is on {on}, the kernel runs on cpu; download it with to_host()")
}

fn check_dtype(name: &str, want: DType, got: DType) -> std::result::Result<(), String> {
    if want != got {
        return Err(format!("buffer `{name}` must be {want}, got {got}"));
    }
    Ok(())
}

fn scalar(name: &str, dtype: DType, a: &Arg<'_>) -> std::result::Result<Scalar, String> {
    let v = match (dtype, a) {
        (DType::F32 | DType::F16 | DType::BF16, Arg::F32(v)) => {
            Scalar::F(metile_ir::eval::round_to(dtype, *v))
        }
        (DType::I32, Arg::I32(v)) => Scalar::I(*v as i64),
        (DType::I64, Arg::I64(v)) => Scalar::I(*v),
        (DType::I64, Arg::I32(v)) => Scalar::I(*v as i64),
        (DType::Bool, Arg::Bool(v)) => Scalar::B(*v),
        (_, other) => {
            return Err(format!(
                "scalar `{name}` is {dtype}, got {}",
                other.describe()
            ))
        }
    };
    Ok(v)
}
