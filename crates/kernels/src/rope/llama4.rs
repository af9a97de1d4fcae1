//! Llama 4 rotary embedding: interleaved complex pairs, forward and backward.
//!
//! # Contract
//!
//! `llama4_rope.forward(x, freqs) -> y` for `x` of shape `[B, T, H, D]` (not transposed: the
//! time axis comes before the heads; `[T, H, D]` and `[T, D]` mean `B = 1` and `H = 1`), `D`
//! even, and a real frequency table `freqs` of shape `[P, D/2, 2]` with `P >= T`: entry
//! `freqs[t, i] = (fr, fi)` is the cosine and sine of pair `i` at time `t` (a complex
//! `freqs_cis` viewed as real), shared by every batch element and head; rows past `T` are not
//! read (Liger cuts the table to its first `T` rows). Each pair `(re, im) = (x[2i], x[2i+1])`
//! becomes `(re fr - im fi, re fi + im fr)`. Backward `llama4_rope.backward(freqs, dy) -> dx`
//! is the inverse rotation, the same with `fi -> -fi`. q and k are separate calls with their own
//! head counts (GQA). f32/f16/bf16 storage for `x` and `freqs` independently, FP32 arithmetic,
//! outputs in x's dtype. Nothing is modified in place. The kernel is [`super::kernel`]'s
//! interleaved variant.

use metile_runtime::{Arg, Device, Tensor};

use super::{Launch, Variant, XLayout};
use crate::host::{bad, float_dtype};
use crate::registry::{input, port, EntryPoint, OpError, Params, Port, PortShape, Tensors};

/// The rows of `x` seen as `[B, T, H, D]`.
struct Layout {
    rows: usize,
    t: usize,
    h: usize,
    d: usize,
}

fn validate(entry: &str, x: &Tensor, freqs: &Tensor) -> Result<Layout, OpError> {
    float_dtype(entry, "x", x)?;
    float_dtype(entry, "freqs", freqs)?;
    let (t, h, d) = match x.shape[..] {
        [t, d] => (t, 1, d),
        [t, h, d] => (t, h, d),
        [_, t, h, d] => (t, h, d),
        _ => {
            return Err(bad(
                entry,
                "x",
                format!(
                    "shape {:?} must be [B, T, H, D], [T, H, D] or [T, D]",
                    x.shape
                ),
            ))
        }
    };
    if !d.is_multiple_of(2) || d > 1 << 16 {
        return Err(bad(
            entry,
            "x",
            format!("head dimension D = {d} must be even and at most 65536"),
        ));
    }
    match freqs.shape[..] {
        [p, half, 2] if p >= t && half * 2 == d => {}
        _ => {
            return Err(bad(
                entry,
                "freqs",
                format!(
                    "shape {:?} must be [P >= T={t}, D/2={}, 2] (cos, sin)",
                    freqs.shape,
                    d / 2
                ),
            ))
        }
    }
    let rows = x.numel() / d.max(1);
    crate::host::rows_fit(entry, "x", rows)?;
    Ok(Layout { rows, t, h, d })
}

/// Runs the forward (`backward == false`, `x` the input) or the backward (`x` the cotangent),
/// reusing `prev` for the output when it fits.
pub fn run(
    device: &Device,
    backward: bool,
    x: &Tensor,
    freqs: &Tensor,
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let entry = if backward {
        "llama4_rope.backward"
    } else {
        "llama4_rope.forward"
    };
    let l = validate(entry, x, freqs)?;
    let scalars = vec![
        Arg::I32(l.d as i32),
        Arg::I32(l.t as i32),
        Arg::I32(l.h as i32),
    ];
    let launch = Launch {
        variant: Variant::Interleaved,
        backward,
        tables: &[freqs],
        positions: None,
        rows: l.rows,
        d: l.d,
        r: l.d,
        sections: None,
        heads: None,
        layout: XLayout::HeadsOuter,
    };
    launch.run(device, x, scalars, prev)
}

fn run_entry(
    backward: bool,
    d: &Device,
    t: &Tensors,
    _p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let (entry, src, key) = if backward {
        ("llama4_rope.backward", "dy", "dx")
    } else {
        ("llama4_rope.forward", "x", "y")
    };
    let freqs = input(entry, t, "freqs")?;
    let x = input(entry, t, src)?;
    let prev = out.remove(key);
    out.insert(key.into(), run(d, backward, x, freqs, prev)?);
    Ok(())
}

const FREQS: Port = port(
    "freqs",
    PortShape::Freqs,
    false,
    "[P >= T, D/2, 2]: (cos, sin) of each pair at each time",
);

const fn like_x(name: &'static str, doc: &'static str) -> Port {
    port(name, PortShape::LikeX, false, doc)
}

/// Llama 4 RoPE entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "llama4_rope.forward",
        op: "llama4_rope",
        inputs: &[like_x("x", "[B, T, H, D] (or [T, H, D], [T, D])"), FREQS],
        outputs: &[like_x("y", "rotated x")],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, d, t, p, o),
    },
    EntryPoint {
        name: "llama4_rope.backward",
        op: "llama4_rope",
        inputs: &[FREQS, like_x("dy", "cotangent of y")],
        outputs: &[like_x("dx", "gradient of x")],
        params: &[],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, d, t, p, o),
    },
];

#[cfg(test)]
mod tests {
    use metile_ir::DType;

    use super::*;

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let f = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let err = |x: &Tensor, fr: &Tensor| {
            run(&dev, false, x, fr, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let x = f(&[2, 4, 3, 8]);
        assert!(err(&x, &f(&[3, 4, 2])).contains("[P >= T=4, D/2=4, 2]"));
        assert!(err(&x, &f(&[4, 8])).contains("[P >= T=4, D/2=4, 2]"));
        assert!(err(&x, &f(&[4, 3, 2])).contains("D/2=4"));
        assert!(err(&f(&[2, 4, 3, 7]), &f(&[4, 3, 2])).contains("must be even"));
        assert!(err(&f(&[8]), &f(&[4, 4, 2])).contains("must be [B, T, H, D]"));
        assert!(err(&f(&[1, 2, 4, 3, 8]), &f(&[4, 4, 2])).contains("must be [B, T, H, D]"));
        let ids = Tensor::zeros(DType::I32, &[4, 4, 2]);
        assert!(err(&x, &ids).contains("dtype i32 is not allowed"));
        // A longer table runs (its first T rows are read), and so do empty inputs.
        assert!(run(&dev, true, &x, &f(&[9, 4, 2]), None).is_ok());
        let empty = run(&dev, false, &f(&[0, 4, 3, 8]), &f(&[4, 4, 2]), None).unwrap();
        assert_eq!(empty.shape, vec![0, 4, 3, 8]);
    }

    #[test]
    fn lower_ranks_mean_one_batch_and_one_head() {
        let dev = Device::cpu();
        let (t, h, d) = (3, 2, 4);
        let x: Vec<f32> = (0..t * h * d).map(|i| i as f32 - 5.0).collect();
        let freqs: Vec<f32> = (0..t * d).map(|i| (i as f32 * 0.3).sin()).collect();
        let fr = Tensor::from_f32(DType::F32, &[t, d / 2, 2], &freqs).unwrap();
        let rotate = |shape: &[usize]| {
            let n = shape.iter().product();
            let xt = Tensor::from_f32(DType::F32, shape, &x[..n]).unwrap();
            run(&dev, false, &xt, &fr, None).unwrap().to_f32().unwrap()
        };
        assert_eq!(rotate(&[t, h, d]), rotate(&[1, t, h, d]));
        assert_eq!(rotate(&[t, d]), rotate(&[1, t, 1, d]));
        // The head axis follows time: [T, H, D] is not [H, T, D] (row 1 reads time 0 there).
        assert_ne!(rotate(&[1, t, h, d]), rotate(&[h, t, 1, d]));
    }
}
