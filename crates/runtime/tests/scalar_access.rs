//! A load or store of one element at a scalar index (a row's statistic) is read or written as a
//! scalar, without the element-by-element path: it must give what a one-element tile at the
//! same place gives (the twin, a range index), for every dtype, under a scalar mask that holds
//! or not (a masked-off load gives `other`, a masked-off store writes nothing), and for atomic
//! adds; an index outside the buffer is still the error naming it.

#![allow(clippy::panic)]

mod common;

use common::*;
use metile_ir::DType;
use metile_runtime::Arg;

/// `out[at] = in[at] * 1 + 1` (an atomic add of it in `acc[at]`), through scalars, or in the
/// `twin` through one-element tiles; `on` masks both the load (other: 5) and the store.
fn kernel(name: &str, dtype: DType, twin: bool) -> Kern {
    compile_raw(name, |k| {
        let (x, y, z) = (
            k.input("x", dtype),
            k.output("y", dtype),
            k.output("z", dtype),
        );
        let acc = k.inout("acc", DType::F32);
        let (at, on) = (k.scalar("at", DType::I32), k.scalar("on", DType::Bool));
        let (idx, mask) = if twin {
            (k.arange(0, 1) + at, k.full([1], false, DType::Bool) | on)
        } else {
            (at, on)
        };
        let v = if dtype == DType::Bool {
            x.load_masked(idx, mask, true)
        } else {
            x.load_masked(idx, mask, 5)
        };
        let one = if dtype == DType::Bool { v } else { v + 1 };
        y.store_masked(idx, one, mask);
        // The loaded value (or `other`) itself, unmasked at the start of `z`.
        z.store(
            if twin {
                k.arange(0, 1)
            } else {
                k.constant(0, DType::I32)
            },
            v,
        );
        let f = v.cast(DType::F32);
        acc.atomic_add(idx, f, Some(mask));
    })
}

#[test]
fn one_element_at_a_scalar_index_equals_a_one_element_tile() {
    const N: usize = 6;
    for dtype in [
        DType::F32,
        DType::BF16,
        DType::F16,
        DType::I32,
        DType::I64,
        DType::Bool,
    ] {
        let vals: Vec<f64> = (0..N)
            .map(|i| [1.5, -2.0, 0.0, 7.0, 3.25, 1.0][i])
            .collect();
        let x = buffer_of(dtype, &vals);
        // As the dtype holds them (integers truncated, bools 0 or 1).
        let vals = as_f64(&x);
        for on in [true, false] {
            for at in [0i32, 3, 5] {
                let mut got = Vec::new();
                for twin in [false, true] {
                    let kern = kernel(&format!("scalar_{dtype}_{twin}"), dtype, twin);
                    let (mut y, mut z) = (poisoned(dtype, N), poisoned(dtype, 1));
                    let mut acc = f32s(&[0.5; N]);
                    kern.ok(
                        [1, 1, 1],
                        &mut [
                            Arg::In(&x),
                            Arg::Out(&mut y),
                            Arg::Out(&mut z),
                            Arg::Out(&mut acc),
                            Arg::I32(at),
                            Arg::Bool(on),
                        ],
                    );
                    got.push((as_f64(&y), f32_of(&acc), as_f64(&z)[0]));
                }
                let what = format!("{dtype}, at {at}, mask {on}");
                let same = |a: &[f64], b: &[f64]| {
                    a.iter()
                        .zip(b)
                        .all(|(p, q)| p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan()))
                };
                assert!(
                    same(&got[0].0, &got[1].0),
                    "{what}: y {:?} against {:?}",
                    got[0].0,
                    got[1].0
                );
                assert_f32_eq(&got[0].1, &got[1].1, &format!("{what}: acc"));
                let other = if dtype == DType::Bool { 1.0 } else { 5.0 };
                let loaded = if on { vals[at as usize] } else { other };
                assert_eq!(
                    (got[0].2, got[1].2),
                    (loaded, loaded),
                    "{what}: the loaded value"
                );
                // The host: the element (plus one) where the mask holds, poison elsewhere.
                let a = at as usize;
                if on {
                    let want = if dtype == DType::Bool {
                        vals[a]
                    } else {
                        vals[a] + 1.0
                    };
                    assert_eq!(got[0].0[a], want, "{what}: the stored element");
                    assert_eq!(
                        got[0].1[a] as f64,
                        0.5 + vals[a],
                        "{what}: the added element"
                    );
                }
                for i in (0..N).filter(|i| !on || *i != a) {
                    assert_eq!(got[0].1[i], 0.5, "{what}: acc {i} untouched");
                }
            }
        }
    }
}

#[test]
fn a_scalar_index_outside_the_buffer_is_the_error() {
    for twin in [false, true] {
        let kern = kernel(&format!("scalar_oob_{twin}"), DType::F32, twin);
        let x = f32s(&[1.0; 4]);
        let (mut y, mut z) = (poisoned(DType::F32, 4), poisoned(DType::F32, 1));
        let mut acc = f32s(&[0.0; 4]);
        let r = kern.run(
            [1, 1, 1],
            &mut [
                Arg::In(&x),
                Arg::Out(&mut y),
                Arg::Out(&mut z),
                Arg::Out(&mut acc),
                Arg::I32(4),
                Arg::Bool(true),
            ],
        );
        let e = expect_oob(r);
        assert_eq!(e.index, 4, "twin {twin}");
        assert_eq!(e.buffer, "x", "twin {twin}: the load fails first");
    }
}
