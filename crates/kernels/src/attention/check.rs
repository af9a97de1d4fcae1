//! Randomized checks of the attention pair against `reference::attention` (FP64), for `metile
//! check` and the unit tests: ragged `T` and `S` (1, 17, 127, 130 in each role), `D` of 16, 64,
//! 80 (not a power of two) and 128, GQA ratios 1 and 4, several batches, causal off and on with
//! offsets 0 and `S - T` (the default; negative when `T > S`, which leaves rows with no key), an
//! explicit scale, each dtype; outputs poisoned before each launch, inputs rounded to their
//! storage dtype first.
//!
//! Tolerances, relative to the size of the terms an output sums (from the oracle): a score
//! `scale q . k` is an FP32 sum of `D` exact products, off by at most `e_s = 1.25 D u32 *
//! max(scale sum |q k|)` (absolute), which moves each `p` by a relative `e_s`.
//! - `o`: `3u + 2 e_s + (1.25 S + 16) u32`: `p` rounded to storage for its product, `o` rounded,
//!   the scores and the running maximum; FP32 sums of `S` terms.
//! - `lse` (FP32, compared relative to `max(|lse|, 1)`): `2 e_s + (1.25 S + 16) u32`; a row with
//!   no key must be exactly `-inf`.
//! - `dq`, `dk`, `dv`: `5u + 4 e_s + (1.25 (S + T + D) + 32) u32`: `p` and `ds` rounded to
//!   storage, the stored `o` in `D_i`, the output rounded; the forward's `lse`; FP32 sums.
//!
//! `u` is the storage dtype's unit roundoff and `u32` FP32's.

use metile_ir::DType;
use metile_runtime::Device;

use super::{backward, forward, AttentionBackwardInputs, AttentionGrads, AttentionOptions};
use super::{AttentionOutputs, Dims};
use crate::check::{poisoned, tensor, CheckCase, CheckRow};
use crate::reference::attention::Attention;
use crate::registry::OpError;
use crate::testing::{max_abs, round_to_storage, to_f64, unit_roundoff, Rng};

/// Where the causal diagonal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mask {
    None,
    /// `offset = 0`.
    TopLeft,
    /// `offset = S - T` (the default).
    BottomRight,
}

/// One randomized configuration.
#[derive(Clone, Copy, Debug)]
pub struct AttentionCase {
    pub dtype: DType,
    /// `[B, Hq, Hkv, T, S, D]`.
    pub dims: [usize; 6],
    pub mask: Mask,
    /// An explicit scale (else `1 / sqrt(D)`).
    pub scale: Option<f32>,
    pub seed: u64,
}

impl AttentionCase {
    fn sizes(&self) -> Dims {
        let [b, hq, hkv, t, s, d] = self.dims;
        Dims {
            b,
            hq,
            hkv,
            t,
            s,
            d,
        }
    }

    fn shape(&self) -> String {
        let [b, hq, hkv, t, s, d] = self.dims;
        format!("{b}x{hq}:{hkv}x{t}x{s}x{d}")
    }

    fn opts(&self) -> AttentionOptions {
        AttentionOptions {
            scale: self.scale,
            causal: self.mask != Mask::None,
            offset: (self.mask == Mask::TopLeft).then_some(0),
        }
    }

    pub fn describe(&self) -> String {
        let mut s = match self.mask {
            Mask::None => "full".to_string(),
            Mask::TopLeft => "causal offset 0".to_string(),
            Mask::BottomRight => "causal offset S-T".to_string(),
        };
        if let Some(scale) = self.scale {
            s += &format!(" scale {scale}");
        }
        s
    }

    /// Runs forward and backward on `device` and compares every output with the oracle.
    pub fn run(&self, device: &Device) -> Result<Vec<CheckRow>, OpError> {
        let dims = self.sizes();
        let (qs, kvs) = (dims.q_shape(), dims.kv_shape());
        let (nq, nkv) = (qs.iter().product(), kvs.iter().product());
        let mut rng = Rng::new(self.seed);
        let mut gen = |len: usize| {
            let mut v = rng.normal_vec(len, 0.0, 1.0);
            round_to_storage(&mut v, self.dtype);
            v
        };
        let (q, k, v, d_o) = (gen(nq), gen(nkv), gen(nkv), gen(nq));
        let up = |v: &[f32], shape: &[usize]| tensor(device, self.dtype, shape, v);
        let (qt, kt, vt, dot) = (up(&q, &qs)?, up(&k, &kvs)?, up(&v, &kvs)?, up(&d_o, &qs)?);
        let opts = self.opts();
        let fwd = forward(
            device,
            &qt,
            &kt,
            &vt,
            &opts,
            Some(AttentionOutputs {
                o: poisoned(device, self.dtype, &qs)?,
                lse: poisoned(device, DType::F32, &qs[..3])?,
            }),
        )?;
        let grads = backward(
            device,
            &AttentionBackwardInputs {
                q: &qt,
                k: &kt,
                v: &vt,
                o: &fwd.o,
                lse: &fwd.lse,
                d_o: &dot,
            },
            &opts,
            Some(AttentionGrads {
                dq: poisoned(device, self.dtype, &qs)?,
                dk: poisoned(device, self.dtype, &kvs)?,
                dv: poisoned(device, self.dtype, &kvs)?,
            }),
        )?;

        let (q64, k64, v64) = (to_f64(&q), to_f64(&k), to_f64(&v));
        let oracle = Attention {
            b: dims.b,
            hq: dims.hq,
            hkv: dims.hkv,
            t: dims.t,
            s: dims.s,
            d: dims.d,
            q: &q64,
            k: &k64,
            v: &v64,
            scale: f64::from(opts.scale.unwrap_or(1.0 / (dims.d as f32).sqrt())),
            causal: opts
                .causal
                .then(|| opts.offset.unwrap_or(dims.s as i64 - dims.t as i64)),
        };
        let (o_ref, lse_ref) = oracle.forward();
        let (g, mag) = oracle.backward_with_magnitudes(&to_f64(&d_o));
        let (u, u32_) = (unit_roundoff(self.dtype), unit_roundoff(DType::F32));
        let e_s = 1.25 * dims.d as f64 * u32_ * mag.score;
        let sums = |n: usize, extra: f64| (1.25 * n as f64 + extra) * u32_;
        let tol_o = 3.0 * u + 2.0 * e_s + sums(dims.s, 16.0);
        let tol_lse = 2.0 * e_s + sums(dims.s, 16.0);
        let tol_grad = 5.0 * u + 4.0 * e_s + sums(dims.s + dims.t + dims.d, 32.0);
        let (lse_got, lse_want) = without_empty_rows(&fwd.lse.to_f32()?, &lse_ref);
        // (output, kernel values, oracle, tolerance, size of the summed terms)
        let expect = [
            ("forward:o", fwd.o.to_f32()?, o_ref, tol_o, max_abs(&mag.o)),
            ("forward:lse", lse_got, lse_want, tol_lse, 1.0),
            (
                "backward:dq",
                grads.dq.to_f32()?,
                g.dq,
                tol_grad,
                max_abs(&mag.dq),
            ),
            (
                "backward:dk",
                grads.dk.to_f32()?,
                g.dk,
                tol_grad,
                max_abs(&mag.dk),
            ),
            (
                "backward:dv",
                grads.dv.to_f32()?,
                g.dv,
                tol_grad,
                max_abs(&mag.dv),
            ),
        ];
        Ok(expect
            .into_iter()
            .map(|(name, got, reference, tol, scale)| {
                CheckRow::compare(
                    "attention",
                    format!("attention.{name}"),
                    self.dtype,
                    self.shape(),
                    self.describe(),
                    &got,
                    &reference,
                    tol,
                    scale,
                )
            })
            .collect())
    }
}

/// `(got, reference)` with the rows whose reference is `-inf` (no key) replaced by 0 in both
/// when the kernel gave exactly `-inf` there, and by NaN in `got` otherwise (a failure), so
/// that the infinite rows do not swamp the relative error of the others.
fn without_empty_rows(got: &[f32], reference: &[f64]) -> (Vec<f32>, Vec<f64>) {
    got.iter()
        .zip(reference)
        .map(
            |(&g, &r)| match (r == f64::NEG_INFINITY, g == f32::NEG_INFINITY) {
                (true, true) => (0.0, 0.0),
                (true, false) => (f32::NAN, 0.0),
                _ => (g, r),
            },
        )
        .unzip()
}

/// The sweep: per dtype, ten shapes `[B, Hq, Hkv, T, S, D]` in which 1, 17, 127 and 130 each
/// take the roles of `T` and `S`, each `D` and both GQA ratios appear with each mask.
pub fn sweep() -> Vec<AttentionCase> {
    let shapes: [([usize; 6], Mask); 10] = [
        ([1, 2, 2, 1, 17, 64], Mask::None),
        ([1, 4, 1, 17, 127, 16], Mask::BottomRight),
        ([1, 4, 1, 127, 130, 128], Mask::TopLeft),
        ([2, 2, 2, 130, 1, 80], Mask::None),
        // T > S: offset -3 leaves the first three rows with no key.
        ([1, 4, 1, 130, 127, 64], Mask::BottomRight),
        ([1, 2, 2, 17, 17, 80], Mask::TopLeft),
        ([2, 8, 2, 127, 17, 16], Mask::TopLeft),
        // One decoding step over a cache.
        ([1, 4, 1, 1, 130, 128], Mask::BottomRight),
        ([1, 1, 1, 130, 130, 80], Mask::BottomRight),
        ([1, 4, 1, 17, 1, 128], Mask::None),
    ];
    let mut out = Vec::new();
    let mut seed: u64 = 7300;
    for dtype in [DType::F32, DType::F16, DType::BF16] {
        for (dims, mask) in shapes {
            seed += 1;
            out.push(AttentionCase {
                dtype,
                dims,
                mask,
                scale: seed.is_multiple_of(4).then_some(0.3),
                seed,
            });
        }
    }
    out
}

/// The sweep as `metile check` cases.
pub fn cases() -> Vec<CheckCase> {
    sweep()
        .into_iter()
        .map(|case| CheckCase {
            op: "attention",
            label: format!(
                "attention {} {} {}",
                case.dtype,
                case.shape(),
                case.describe()
            ),
            run: Box::new(move |d: &Device| case.run(d)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use metile_runtime::Tensor;

    #[test]
    fn every_case_matches_the_oracle() {
        let failures = crate::check::failures(cases(), &Device::cpu());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_sweep_covers_every_option() {
        let s = sweep();
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            let these: Vec<&AttentionCase> = s.iter().filter(|c| c.dtype == dtype).collect();
            for size in [1, 17, 127, 130] {
                assert!(these.iter().any(|c| c.dims[3] == size), "T = {size}");
                assert!(these.iter().any(|c| c.dims[4] == size), "S = {size}");
            }
            for d in [16, 64, 80, 128] {
                assert!(these.iter().any(|c| c.dims[5] == d), "D = {d}");
            }
            for ratio in [1, 4] {
                for mask in [Mask::None, Mask::TopLeft, Mask::BottomRight] {
                    assert!(
                        these
                            .iter()
                            .any(|c| c.dims[1] / c.dims[2] == ratio && c.mask == mask),
                        "ratio {ratio} {mask:?}"
                    );
                }
            }
            assert!(these.iter().any(|c| c.scale.is_some()));
            assert!(these.iter().any(|c| c.dims[0] > 1));
        }
    }

    /// Every GPU tiling (each head dimension's) lowers to CUDA within the shared memory budget.
    #[test]
    fn every_gpu_tiling_lowers_to_cuda() {
        use metile_codegen::{cuda_source, Target};
        for dtype in [DType::F32, DType::F16, DType::BF16] {
            for d in [1, 8, 16, 33, 64, 80, 128, 200, 256] {
                for causal in [false, true] {
                    let spec = super::super::tiles(false, dtype, causal, 100, 100, d);
                    for (what, k) in [
                        ("forward", super::super::forward_kernel(&spec)),
                        ("dq", super::super::dq_kernel(&spec)),
                        ("dkv", super::super::dkv_kernel(&spec)),
                    ] {
                        let k = metile_opt::canonicalize(k.unwrap()).unwrap();
                        let lowered = cuda_source(&k, &Target::sm90());
                        assert!(lowered.is_ok(), "{what} {spec:?}: {:?}", lowered.err());
                    }
                }
            }
        }
    }

    fn tensor(dtype: DType, shape: &[usize], seed: u64) -> Tensor {
        let mut rng = Rng::new(seed);
        let mut v = rng.normal_vec(shape.iter().product(), 0.0, 1.0);
        round_to_storage(&mut v, dtype);
        Tensor::from_f32(dtype, shape, &v).unwrap()
    }

    #[test]
    fn empty_sequences() {
        let dev = Device::cpu();
        let causal = AttentionOptions {
            causal: true,
            ..AttentionOptions::default()
        };
        // S = 0: every row sees no key.
        let q = tensor(DType::BF16, &[1, 2, 3, 8], 1);
        let kv = Tensor::zeros(DType::BF16, &[1, 1, 0, 8]);
        let prev = AttentionOutputs {
            o: poisoned(&dev, DType::BF16, &[1, 2, 3, 8]).unwrap(),
            lse: poisoned(&dev, DType::F32, &[1, 2, 3]).unwrap(),
        };
        let out = forward(&dev, &q, &kv, &kv, &causal, Some(prev)).unwrap();
        assert_eq!(out.o.to_f32().unwrap(), vec![0.0; 48]);
        assert_eq!(out.lse.to_f32().unwrap(), vec![f32::NEG_INFINITY; 6]);
        let d_o = tensor(DType::BF16, &[1, 2, 3, 8], 2);
        let inp = AttentionBackwardInputs {
            q: &q,
            k: &kv,
            v: &kv,
            o: &out.o,
            lse: &out.lse,
            d_o: &d_o,
        };
        let g = backward(&dev, &inp, &causal, None).unwrap();
        assert_eq!(g.dq.to_f32().unwrap(), vec![0.0; 48]);
        assert_eq!(g.dk.shape, vec![1, 1, 0, 8]);
        // T = 0: no output, zero key and value gradients.
        let q = Tensor::zeros(DType::F32, &[1, 2, 0, 8]);
        let kv = tensor(DType::F32, &[1, 2, 5, 8], 3);
        let out = forward(&dev, &q, &kv, &kv, &causal, None).unwrap();
        assert_eq!(out.lse.shape, vec![1, 2, 0]);
        let inp = AttentionBackwardInputs {
            q: &q,
            k: &kv,
            v: &kv,
            o: &out.o,
            lse: &out.lse,
            d_o: &q,
        };
        let prev = AttentionGrads {
            dq: Tensor::zeros(DType::F32, &[1, 2, 0, 8]),
            dk: poisoned(&dev, DType::F32, &[1, 2, 5, 8]).unwrap(),
            dv: poisoned(&dev, DType::F32, &[1, 2, 5, 8]).unwrap(),
        };
        let g = backward(&dev, &inp, &causal, Some(prev)).unwrap();
        assert_eq!(g.dk.to_f32().unwrap(), vec![0.0; 80]);
        assert_eq!(g.dv.to_f32().unwrap(), vec![0.0; 80]);
    }

    #[test]
    fn extreme_offsets_mask_like_their_clamped_values() {
        let dev = Device::cpu();
        let q = tensor(DType::F32, &[1, 2, 37, 8], 4);
        let kv = tensor(DType::F32, &[1, 1, 70, 8], 5);
        let with = |causal, offset| AttentionOptions {
            causal,
            offset,
            ..AttentionOptions::default()
        };
        let run = |o| forward(&dev, &q, &kv, &kv, &o, None).unwrap();
        // An offset past `S` lets every row see every key: causal equals non-causal.
        let all = run(with(false, None));
        for offset in [70, i64::MAX - 1, i64::MAX] {
            let got = run(with(true, Some(offset)));
            assert_eq!(got.o.to_f32().unwrap(), all.o.to_f32().unwrap(), "{offset}");
            assert_eq!(
                got.lse.to_f32().unwrap(),
                all.lse.to_f32().unwrap(),
                "{offset}"
            );
        }
        // An offset of `-T` or below leaves every row without a key.
        for offset in [-37, i64::MIN + 1, i64::MIN] {
            let got = run(with(true, Some(offset)));
            assert_eq!(got.o.to_f32().unwrap(), vec![0.0; 2 * 37 * 8], "{offset}");
            assert_eq!(
                got.lse.to_f32().unwrap(),
                vec![f32::NEG_INFINITY; 74],
                "{offset}"
            );
        }
    }

    /// `input: message` of a `BadInput` error, else a description that matches no assertion.
    fn bad_input<T: std::fmt::Debug>(r: Result<T, OpError>) -> String {
        match r {
            Err(OpError::BadInput { name, message, .. }) => format!("{name}: {message}"),
            other => format!("(not a BadInput error: {other:?})"),
        }
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let dev = Device::cpu();
        let opts = AttentionOptions::default();
        let q = tensor(DType::F32, &[1, 4, 3, 8], 1);
        let kv = tensor(DType::F32, &[1, 2, 5, 8], 2);
        let fwd =
            |q: &Tensor, k: &Tensor, v: &Tensor| bad_input(forward(&dev, q, k, v, &opts, None));
        let heads3 = tensor(DType::F32, &[1, 3, 5, 8], 3);
        assert!(fwd(&q, &heads3, &heads3).contains("3 KV heads do not divide the 4"));
        let d7 = tensor(DType::F32, &[1, 2, 5, 7], 4);
        assert!(fwd(&q, &d7, &d7).starts_with("k: shape"));
        let b2 = tensor(DType::F32, &[2, 2, 5, 8], 5);
        assert!(fwd(&q, &b2, &b2).starts_with("k: shape"));
        let s6 = tensor(DType::F32, &[1, 2, 6, 8], 6);
        assert!(fwd(&q, &kv, &s6).starts_with("v: shape"));
        assert!(fwd(&tensor(DType::F32, &[4, 3, 8], 7), &kv, &kv).starts_with("q: shape"));
        assert!(fwd(&q, &tensor(DType::F32, &[2, 5, 8], 8), &kv).starts_with("k: shape"));
        let bf = tensor(DType::BF16, &[1, 2, 5, 8], 9);
        assert!(fwd(&q, &bf, &bf).contains("must match q's f32"));
        let wide = Tensor::zeros(DType::F32, &[1, 1, 2, 257]);
        assert!(fwd(&wide, &wide, &wide).contains("head dimension D = 257"));
        let ints = Tensor::new(
            metile_runtime::Buffer::from_i64(DType::I32, &[1; 8]).unwrap(),
            vec![1, 1, 1, 8],
        )
        .unwrap();
        assert!(fwd(&ints, &ints, &ints).contains("dtype i32 is not allowed"));

        // Backward: o, do and lse must match the forward's.
        let out = forward(&dev, &q, &kv, &kv, &opts, None).unwrap();
        let bwd = |o: &Tensor, lse: &Tensor, d_o: &Tensor| {
            let inp = AttentionBackwardInputs {
                q: &q,
                k: &kv,
                v: &kv,
                o,
                lse,
                d_o,
            };
            bad_input(backward(&dev, &inp, &opts, None))
        };
        let short = tensor(DType::F32, &[1, 4, 2, 8], 10);
        assert!(bwd(&out.o, &out.lse, &short).starts_with("do: shape"));
        assert!(bwd(&short, &out.lse, &out.o).starts_with("o: shape"));
        let half = tensor(DType::F16, &[1, 4, 3, 8], 11);
        assert!(bwd(&out.o, &out.lse, &half).starts_with("do: dtype"));
        let lse16 = tensor(DType::F16, &[1, 4, 3], 12);
        assert!(bwd(&out.o, &lse16, &out.o).starts_with("lse: f16"));

        // Through the registry: missing inputs and bad parameters.
        let entry = registry::find("attention.forward").unwrap();
        let mut inputs = registry::Tensors::new();
        inputs.insert("q".into(), q.clone());
        inputs.insert("k".into(), kv.clone());
        let params = entry.params(&[]).unwrap();
        assert!(matches!(
            entry.call(&dev, &inputs, &params),
            Err(OpError::MissingInput { .. })
        ));
        inputs.insert("v".into(), kv.clone());
        let out = entry.call(&dev, &inputs, &params).unwrap();
        assert_eq!(
            (out["o"].shape.clone(), out["lse"].shape.clone()),
            (vec![1, 4, 3, 8], vec![1, 4, 3])
        );
        for (name, value) in [("offset", "x"), ("causal", "yes"), ("scale", "nan")] {
            let p = entry.params(&[(name.into(), value.into())]).unwrap();
            assert!(
                matches!(entry.call(&dev, &inputs, &p), Err(OpError::BadParam { .. })),
                "{name} = {value}"
            );
        }
        let p = entry
            .params(&[
                ("causal".into(), "true".into()),
                ("offset".into(), "-1".into()),
                ("scale".into(), "0.5".into()),
            ])
            .unwrap();
        let out = entry.call(&dev, &inputs, &p).unwrap();
        // Query row 0 with offset -1 sees no key.
        assert_eq!(out["lse"].to_f32().unwrap()[0], f32::NEG_INFINITY);
    }
}
