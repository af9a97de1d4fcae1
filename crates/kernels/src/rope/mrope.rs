//! Qwen2-VL multimodal rotary embedding (mRoPE), forward and backward.
//!
//! # Contract
//!
//! `qwen2vl_mrope.forward(x, cos, sin) -> y` with parameter `mrope_section = s_t,s_h,s_w`
//! (non-negative, summing to `D/2`; the default `auto` is Qwen2-VL's split of `D/2` in
//! quarters, three eighths and the rest, exactly `16,24,24` at `D = 128`), for `x` of
//! shape `[B, H, T, D]` (as `rope`: any number of head axes; a 2-D `x` is `[T, D]` with `B = 1`),
//! `D` even, and tables `cos`, `sin` of shape `[3, B, T, D]`: the temporal, height and width
//! planes, batch matched exactly (no broadcasting). Half-column `j < D/2` (and its partner
//! `j + D/2`) reads plane 0 when `j < s_t`, plane 1 when `j < s_t + s_h`, else plane 2, which is
//! HF's doubled-section indexing over the full `D`. Otherwise as `rope` with rotary dimension
//! `D`: `y = x * cos + rotate_half(x) * sin` on the selected table entries, and
//! `qwen2vl_mrope.backward(cos, sin, dy) -> dx` is the inverse rotation. q and k are separate
//! calls with their own head counts (GQA). f32/f16/bf16 storage for `x` and the tables
//! independently (`sin` matches `cos`), FP32 arithmetic, outputs in x's dtype; nothing is
//! modified in place. A section that does not sum to `D/2` is a typed parameter error. The
//! kernel is [`super::kernel`]'s sections variant.

use metile_runtime::{Arg, Device, Tensor};

use super::{rotate_half_axes, Axes, Launch, Variant, XLayout};
use crate::host::bad;
use crate::registry::{input, EntryPoint, OpError, ParamDef, Params, Port, PortShape, Tensors};

/// The rows of `x` seen as `[B, H.., T, D]`.
struct Layout {
    rows: usize,
    t: usize,
    ht: usize,
    d: usize,
    /// Stride between the tables' planes, `B T D`.
    plane: usize,
}

fn validate(
    entry: &str,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    section: [usize; 3],
) -> Result<Layout, OpError> {
    let Axes { b, lead, t, d } = rotate_half_axes(entry, "x", x, cos, sin)?;
    if !d.is_multiple_of(2) || d > 1 << 16 {
        return Err(bad(
            entry,
            "x",
            format!("head dimension D = {d} must be even and at most 65536"),
        ));
    }
    if cos.shape != [3, b, t, d] {
        return Err(bad(
            entry,
            "cos",
            format!("shape {:?} must be [3, B={b}, T={t}, D={d}]", cos.shape),
        ));
    }
    if section.iter().try_fold(0usize, |a, s| a.checked_add(*s)) != Some(d / 2) {
        return Err(OpError::BadParam {
            entry: entry.into(),
            name: "mrope_section".into(),
            value: format!("{},{},{}", section[0], section[1], section[2]),
            message: format!("must sum to D/2 = {}", d / 2),
            allowed: SECTION.allowed.into(),
        });
    }
    let rows = lead * t;
    crate::host::rows_fit(entry, "x", rows)?;
    Ok(Layout {
        rows,
        t,
        ht: rows / b.max(1),
        d,
        plane: b * t * d,
    })
}

/// Runs the forward (`backward == false`, `x` the input) or the backward (`x` the cotangent)
/// with sections `[s_t, s_h, s_w]`, reusing `prev` for the output when it fits.
pub fn run(
    device: &Device,
    backward: bool,
    x: &Tensor,
    cos: &Tensor,
    sin: &Tensor,
    section: [usize; 3],
    prev: Option<Tensor>,
) -> Result<Tensor, OpError> {
    let entry = if backward {
        "qwen2vl_mrope.backward"
    } else {
        "qwen2vl_mrope.forward"
    };
    let l = validate(entry, x, cos, sin, section)?;
    let scalars = vec![
        Arg::I32(l.d as i32),
        Arg::I32((l.d / 2) as i32),
        Arg::I32(l.t as i32),
        Arg::I32(l.ht as i32),
        Arg::I32(section[0] as i32),
        Arg::I32((section[0] + section[1]) as i32),
        Arg::I64(l.plane as i64),
    ];
    let launch = Launch {
        variant: Variant::Sections,
        backward,
        tables: &[cos, sin],
        positions: None,
        rows: l.rows,
        d: l.d,
        r: l.d,
        sections: Some(section),
        heads: None,
        layout: XLayout::HeadsOuter,
    };
    launch.run(device, x, scalars, prev)
}

/// Whether both section bounds `s_t` and `s_t + s_h` are multiples of 8, so that every aligned
/// group of 8 half-columns reads one plane (Qwen2-VL's `16,24,24` is).
pub fn by_8(section: [usize; 3]) -> bool {
    section[0].is_multiple_of(8) && (section[0] + section[1]).is_multiple_of(8)
}

/// Parses `mrope_section` for head dimension `d`: three non-negative integers separated by
/// commas, or `auto` ([`auto_section`]).
pub fn parse_section(entry: &str, text: &str, d: usize) -> Result<[usize; 3], OpError> {
    if text.trim() == "auto" {
        return Ok(auto_section(d));
    }
    let parts: Vec<Option<usize>> = text.split(',').map(|v| v.trim().parse().ok()).collect();
    match parts[..] {
        [Some(a), Some(b), Some(c)] if a.max(b).max(c) <= 1 << 16 => Ok([a, b, c]),
        _ => Err(OpError::BadParam {
            entry: entry.into(),
            name: SECTION.name.into(),
            value: text.into(),
            message: "is not `auto` or three non-negative integers".into(),
            allowed: SECTION.allowed.into(),
        }),
    }
}

/// Qwen2-VL's sections scaled to head dimension `d`: `[m/4, 3m/8, the rest]` of `m = d/2`,
/// rounded down (`[16, 24, 24]` at `d = 128`).
pub fn auto_section(d: usize) -> [usize; 3] {
    let m = d / 2;
    let (t, h) = (m / 4, 3 * m / 8);
    [t, h, m - t - h]
}

fn run_entry(
    backward: bool,
    d: &Device,
    t: &Tensors,
    p: &Params,
    out: &mut Tensors,
) -> Result<(), OpError> {
    let (entry, src, key) = if backward {
        ("qwen2vl_mrope.backward", "dy", "dx")
    } else {
        ("qwen2vl_mrope.forward", "x", "y")
    };
    let (cos, sin) = (input(entry, t, "cos")?, input(entry, t, "sin")?);
    let x = input(entry, t, src)?;
    let width = x.shape.last().copied().unwrap_or(0);
    let section = parse_section(entry, &p.text(SECTION.name), width)?;
    let prev = out.remove(key);
    out.insert(key.into(), run(d, backward, x, cos, sin, section, prev)?);
    Ok(())
}

const SECTION: ParamDef = ParamDef {
    name: "mrope_section",
    default: "auto",
    allowed: "s_t,s_h,s_w: three non-negative integers summing to D/2; auto: D/8, 3D/16, rest",
    doc: "half-columns read from the temporal, height and width planes",
};

/// A required port.
const fn port(name: &'static str, shape: PortShape, doc: &'static str) -> Port {
    crate::registry::port(name, shape, false, doc)
}

const COS: Port = port(
    "cos",
    PortShape::Planes,
    "[3, B, T, D]: temporal, height, width",
);
const SIN: Port = port("sin", PortShape::Planes, "as cos");

/// Qwen2-VL mRoPE entries.
pub static ENTRY_POINTS: [EntryPoint; 2] = [
    EntryPoint {
        name: "qwen2vl_mrope.forward",
        op: "qwen2vl_mrope",
        inputs: &[
            port("x", PortShape::LikeX, "[B, H, T, D] (or [T, D])"),
            COS,
            SIN,
        ],
        outputs: &[port("y", PortShape::LikeX, "rotated x")],
        params: &[SECTION],
        overwrites: &[],
        run: |d, t, p, o| run_entry(false, d, t, p, o),
    },
    EntryPoint {
        name: "qwen2vl_mrope.backward",
        op: "qwen2vl_mrope",
        inputs: &[COS, SIN, port("dy", PortShape::LikeX, "cotangent of y")],
        outputs: &[port("dx", PortShape::LikeX, "gradient of x")],
        params: &[SECTION],
        overwrites: &[],
        run: |d, t, p, o| run_entry(true, d, t, p, o),
    },
];

#[cfg(test)]
mod tests {
    use metile_ir::DType;

    use super::*;

    #[test]
    fn bad_inputs_and_sections_are_typed_errors() {
        let dev = Device::cpu();
        let f = |s: &[usize]| Tensor::zeros(DType::F32, s);
        let x = f(&[2, 3, 4, 8]);
        let tab = f(&[3, 2, 4, 8]);
        let err = |x: &Tensor, c: &Tensor, s: &Tensor, sec: [usize; 3]| {
            run(&dev, false, x, c, s, sec, None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        let e = err(&x, &tab, &tab, [1, 1, 1]);
        assert!(
            e.contains("`mrope_section` = `1,1,1` must sum to D/2 = 4"),
            "{e}"
        );
        // Sections whose sum overflows (and would wrap to D/2 = 4) are rejected.
        assert!(err(&x, &tab, &tab, [usize::MAX, 5, 0]).contains("must sum to D/2 = 4"));
        assert!(err(&x, &f(&[3, 1, 4, 8]), &f(&[3, 1, 4, 8]), [2, 1, 1]).contains("[3, B=2"));
        assert!(err(&x, &f(&[2, 2, 4, 8]), &f(&[2, 2, 4, 8]), [2, 1, 1]).contains("[3, B=2"));
        assert!(err(&x, &tab, &f(&[3, 2, 4, 6]), [2, 1, 1]).contains("must match cos"));
        assert!(err(&f(&[2, 3, 4, 7]), &tab, &tab, [2, 1, 1]).contains("must be even"));
        assert!(err(&f(&[8]), &tab, &tab, [2, 1, 1]).contains("at least [T, D]"));
        // Empty sections are allowed; so are empty inputs.
        assert!(run(&dev, true, &x, &tab, &tab, [0, 4, 0], None).is_ok());
        let empty = f(&[0, 3, 4, 8]);
        let out = run(
            &dev,
            false,
            &empty,
            &f(&[3, 0, 4, 8]),
            &f(&[3, 0, 4, 8]),
            [4, 0, 0],
            None,
        );
        assert_eq!(out.unwrap().shape, vec![0, 3, 4, 8]);
        for bad_text in ["16,24", "a,b,c", "1,-2,3", "1,2,3,4", "", "Auto"] {
            let e = parse_section("qwen2vl_mrope.forward", bad_text, 128).unwrap_err();
            assert!(e.to_string().contains("three non-negative integers"), "{e}");
        }
        assert_eq!(parse_section("e", " 16, 24,24", 8).unwrap(), [16, 24, 24]);
        assert_eq!(parse_section("e", "auto", 128).unwrap(), [16, 24, 24]);
        for d in [0, 2, 6, 16, 80, 130] {
            assert_eq!(auto_section(d).iter().sum::<usize>(), d / 2, "D = {d}");
        }
        assert_eq!(auto_section(16), [2, 3, 3]);
    }
}
