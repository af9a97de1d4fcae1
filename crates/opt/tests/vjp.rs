//! `vjp`: the derivative's structure on IR text (traced with `Ctx::vjp`, then canonicalised as a
//! device compiles it), and typed refusals for what it does not differentiate.
//! Numerical checks (against hand-written kernels, FP64 oracles and finite differences) live in
//! `metile-kernels`, which has the executor.

mod common;

use common::{check_lines, check_not, count};
use metile_ir::{print, BinaryOp, DType, Kernel, Op, UnaryOp, ValueId};
use metile_lang::{dot, select, trace, Buffer, Ctx, LangError, Tile};
use metile_opt::{canonicalize, vjp, Refusal, VjpError, VjpRequest, MAX_VJP_NODES};

/// f32 buffers `x` and `dy` (inputs) and `dx` (output).
fn x_dy_dx(k: &Ctx) -> (Buffer, Buffer, Buffer) {
    (
        k.input("x", DType::F32),
        k.input("dy", DType::F32),
        k.output("dx", DType::F32),
    )
}

/// The canonical text of `dx = vjp(f)(x, dy)` over 8 f32 elements: `%1` is x, `%2` is dy.
fn derive(f: impl FnOnce(&Ctx, Tile) -> Tile) -> String {
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        let i = k.arange(0, 8);
        let (xv, g) = (x.load(i), dy.load(i));
        let y = f(k, xv);
        dx.store(i, k.vjp(&[y], &[xv], &[g])[0]);
    })
    .expect("the derivative should trace");
    print(canonicalize(v).expect("should verify").kernel())
}

/// The error of tracing `f`, which should fail in `vjp`.
fn refusal(f: impl FnOnce(&Ctx)) -> VjpError {
    let r = trace("d", f);
    let error = match &r {
        Err(LangError::Vjp { error, .. }) => Some(error.clone()),
        _ => None,
    };
    assert!(error.is_some(), "expected a vjp error, got {r:?}");
    error.expect("checked above")
}

fn not_differentiable(e: &VjpError) -> Option<Refusal> {
    match e {
        VjpError::NotDifferentiable { reason, .. } => Some(*reason),
        _ => None,
    }
}

#[test]
fn exp_reuses_the_forward_value() {
    let text = derive(|_, x| x.exp());
    check_lines(
        &text,
        &["%3 = exp %1", "%4 = mul %2, %3", "store @dx[%0], %4"],
    );
    assert_eq!(count(&text, "= "), 5, "{text}");
}

#[test]
fn unary_rules_have_the_expected_structure() {
    type Case = (fn(Tile) -> Tile, &'static [&'static str]);
    let cases: [Case; 12] = [
        // x itself is dead: %1 is dy.
        (|x| -x, &["%2 = neg %1", "store @dx[%0], %2"]),
        (
            |x| x.tanh(),
            &["%3 = tanh %1", "mul %3, %3", "sub %", "mul %2, %"],
        ),
        (
            |x| x.sigmoid(),
            &["%3 = sigmoid %1", "sub %", "mul %3, %", "mul %2, %"],
        ),
        (|x| x.log(), &["%3 = div %2, %1", "store @dx[%0], %3"]),
        (|x| x.log2(), &["div %2, %1", "constant 1.442695", "mul"]),
        (
            |x| x.exp2(),
            &["exp2 %1", "mul %2, %3", "constant 0.6931472", "mul"],
        ),
        (
            |x| x.sqrt(),
            &["%3 = sqrt %1", "div %2, %3", "constant 0.5", "mul"],
        ),
        (
            |x| x.rsqrt(),
            &["rsqrt %1", "mul %3, %3", "mul %", "constant -0.5"],
        ),
        (|x| x.sin(), &["%3 = cos %1", "%4 = mul %2, %3"]),
        (
            |x| x.cos(),
            &["%3 = sin %1", "%4 = mul %2, %3", "%5 = neg %4"],
        ),
        (
            |x| x.erf(),
            &["mul %1, %1", "neg", "exp", "constant 1.1283792", "mul"],
        ),
        (
            |x| x.abs(),
            &["cmp.gt %1, %", "cmp.lt %1, %", "neg %2", "select", "select"],
        ),
    ];
    for (f, checks) in cases {
        let text = derive(|_, x| f(x));
        check_lines(&text, checks);
    }
}

#[test]
fn products_and_quotients_use_the_other_operand() {
    // d(x * x) = dy * x + dy * x: CSE merges the two products, the sum stays.
    let text = derive(|_, x| x * x);
    check_lines(&text, &["%3 = mul %2, %1", "%4 = add %3, %3"]);
    // d(x / c) = dy / c; the quotient and x itself are dead (%1 is dy).
    let text = derive(|_, x| x / 3.0);
    check_lines(
        &text,
        &["%2 = constant 3.0", "%3 = div %1, %2", "store @dx[%0], %3"],
    );
    // d(c / x) = -(dy / x) * (c / x).
    let text = derive(|_, x| 3.0 / x);
    check_lines(
        &text,
        &["%4 = div %3, %1", "%5 = div %2, %1", "mul %5, %4", "neg"],
    );
    // d(pow(x, 3)) = dy * (3 * pow(x, 2)): the exponent folds.
    let text = derive(|_, x| x.pow(3.0));
    check_lines(&text, &["constant 2.0", "pow %1, %", "mul %", "mul %2, %"]);
}

#[test]
fn max_sends_ties_to_the_right_operand() {
    // relu: the cotangent reaches x only where x > 0.
    let text = derive(|_, x| x.maximum(0.0));
    check_lines(
        &text,
        &[
            "%3 = constant 0.0 : 8xf32",
            "%4 = cmp.gt %1, %3",
            "%5 = select %4, %2, %3",
            "store @dx[%0], %5",
        ],
    );
    let text = derive(|_, x| x.minimum(1.0));
    check_lines(&text, &["cmp.lt %1, %", "select %4, %2, %"]);
    // Where x is the right operand it gets the cotangent where the left one is not greater.
    let text = derive(|k, x| k.full([8], 0.0, DType::F32).maximum(x));
    check_lines(&text, &["cmp.gt %3, %1", "select %4, %3, %2"]);
}

#[test]
fn select_sends_zeros_to_the_arm_not_taken() {
    let text = derive(|_, x| select(x.gt(0.0), x * 2.0, x.exp()));
    check_lines(
        &text,
        &[
            "%4 = cmp.gt %1, %3",
            "%6 = exp %1",
            "%7 = select %4, %2, %3",
            "%8 = select %4, %3, %2",
            "%9 = mul %8, %6",
            "%10 = mul %7, %5",
            "add %9, %10",
        ],
    );
}

#[test]
fn casts_send_the_cotangent_back_to_the_source_dtype() {
    let v = trace("d", |k| {
        let (x, dy, dx) = (
            k.input("x", DType::BF16),
            k.input("dy", DType::F32),
            k.output("dx", DType::BF16),
        );
        let i = k.arange(0, 8);
        let xv = x.load(i);
        let y = xv.cast(DType::F32).tanh();
        dx.store(i, k.vjp(&[y], &[xv], &[dy.load(i)])[0]);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    check_lines(
        &text,
        &["tanh", "mul", "cast %", "to bf16 : 8xbf16", "store @dx"],
    );
}

#[test]
fn shape_ops_and_reductions_sum_over_the_broadcast_axes() {
    // y = x - sum_j x[., j] over a 2x4 tile, x flat in memory.
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        let i = k.arange(0, 8).reshape([2, 4]);
        let xv = x.load(i);
        let y = xv - xv.sum(1).expand_dims(1);
        let g = dy.load(i);
        dx.store(i, k.vjp(&[y], &[xv], &[g])[0]);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    check_lines(
        &text,
        &[
            "neg %",
            "reduce.sum %",
            ", axis 1 : 2xf32",
            "reshape %",
            ": 2xf32",
            "expand_dims %",
            "broadcast %",
            ": 2x4xf32",
            "add %",
        ],
    );
    // A scalar splatted over a tile gets the sum of the tile's cotangent.
    let v = trace("d", |k| {
        let s = k.scalar("s", DType::F32);
        let (dy, dx) = (k.input("dy", DType::F32), k.output("dx", DType::F32));
        let i = k.arange(0, 8);
        let y = (s * 2.0).broadcast_to([8]) + k.full([8], 1.0, DType::F32);
        let ds = k.vjp(&[y], &[s], &[dy.load(i)])[0];
        dx.store(i, ds);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    check_lines(&text, &["reduce.sum %", "axis 0 : f32", "mul %", "splat"]);
}

#[test]
fn max_reductions_share_the_cotangent_between_ties() {
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        let i = k.arange(0, 8).reshape([2, 4]);
        let xv = x.load(i);
        let m = xv.max(1);
        let g = dy.load(k.arange(0, 2));
        dx.store(i, k.vjp(&[m], &[xv], &[g])[0]);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    check_lines(
        &text,
        &[
            "reduce.max %",
            "broadcast",
            "cmp.eq",
            "cast",
            "reduce.sum",
            "div",
            "broadcast",
            "select",
        ],
    );
}

#[test]
fn wrt_values_are_independent_leaves() {
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        let i = k.arange(0, 8);
        let a = x.load(i);
        let t = a.tanh();
        let unused = a * 3.0;
        let y = t * 2.0;
        let g = k.vjp(&[y], &[a, t, unused], &[dy.load(i)]);
        dx.store(i, g[0]);
        dx.store(i, g[1]);
        dx.store(i, g[2]);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    // a reaches y only through t, which is a leaf: zeros; t gets 2 dy; unused gets zeros.
    check_lines(
        &text,
        &[
            "%3 = mul %2, %1",
            "%4 = constant 0.0 : 8xf32",
            "store @dx[%0], %4",
            "store @dx[%0], %3",
            "store @dx[%0], %4",
        ],
    );
    check_not(&text, &["tanh"]);
}

#[test]
fn constants_of_the_derivative_may_come_from_loops_before_the_wrt_values() {
    // A row sum computed by a loop before x is loaded scales x: the loop is a constant.
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        let i = k.arange(0, 8);
        let acc = k.for_range(0, 4, 1, &[k.zeros([8], DType::F32)], |_, c: &[Tile]| {
            vec![c[0] + x.load(i)]
        });
        let xv = x.load(i);
        let y = xv * acc[0];
        dx.store(i, k.vjp(&[y], &[xv], &[dy.load(i)])[0]);
    })
    .unwrap();
    let text = print(canonicalize(v).unwrap().kernel());
    check_lines(&text, &["for ", "yield", "load @dy", "mul %", "store @dx"]);
    // Inside a loop body, values of the body defined before x (the induction variable, the
    // offsets) are constants too.
    let v = trace("d", |k| {
        let (x, dy, dx) = x_dy_dx(k);
        k.for_range(0, 4, 1, &[], |iv, _| {
            let offs = k.arange(0, 8) + iv * 8;
            let xv = x.load(offs);
            let w = iv.cast(DType::F32);
            let y = (xv * w).sigmoid();
            dx.store(offs, k.vjp(&[y], &[xv], &[dy.load(offs)])[0]);
            vec![]
        });
    });
    assert!(v.is_ok(), "{v:?}");
}

#[test]
fn paths_through_loops_memory_and_discrete_values_are_refused() {
    let io = |k: &Ctx| {
        let x = k.input("x", DType::F32);
        let y = k.inout("y", DType::F32);
        let i = k.arange(0, 8);
        (x.load(i), y, i)
    };
    // A loop carrying x.
    let e = refusal(|k| {
        let (xv, y, i) = io(k);
        let r = k.for_range(0, 4, 1, &[xv], |_, c: &[Tile]| vec![c[0] * 2.0]);
        y.store(i, k.vjp(&[r[0]], &[xv], &[xv])[0]);
    });
    assert_eq!(not_differentiable(&e), Some(Refusal::ControlFlow), "{e}");
    // A load at an index computed from x.
    let e = refusal(|k| {
        let (xv, y, i) = io(k);
        let z = y.load(xv.cast(DType::I32));
        y.store(i, k.vjp(&[z], &[xv], &[xv])[0]);
    });
    assert_eq!(not_differentiable(&e), Some(Refusal::Memory), "{e}");
    // A bool from x cast back to a float (the derivative would be zero almost everywhere:
    // select says so explicitly).
    let e = refusal(|k| {
        let (xv, y, i) = io(k);
        let z = xv.gt(0.0).cast(DType::F32) * xv;
        y.store(i, k.vjp(&[z], &[xv], &[xv])[0]);
    });
    assert_eq!(not_differentiable(&e), Some(Refusal::DiscretePath), "{e}");
    // A dynamic read.
    let e = refusal(|k| {
        let (xv, y, i) = io(k);
        let z = xv.extract(k.constant(3, DType::I32));
        let g = k.vjp(&[z], &[xv], &[z])[0];
        y.store(i, g);
    });
    assert_eq!(not_differentiable(&e), Some(Refusal::DynamicIndex), "{e}");
    // A matrix product.
    let e = refusal(|k| {
        let (xv, y, i) = io(k);
        let m = xv.reshape([2, 4]);
        let p = dot(m, m.reshape([4, 2]), None);
        let g = k.vjp(&[p], &[xv], &[p])[0];
        y.store(i, g);
    });
    assert_eq!(not_differentiable(&e), Some(Refusal::MatrixProduct), "{e}");
    assert!(e.to_string().contains("matrix products"), "{e}");
}

#[test]
fn expressions_beyond_the_bound_are_refused() {
    let chain = |n: usize| {
        trace("d", |k| {
            let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
            let i = k.arange(0, 8);
            let xv = x.load(i);
            let mut z = xv;
            for _ in 0..n {
                z = z * 1.5 + xv;
            }
            y.store(i, k.vjp(&[z], &[xv], &[xv])[0]);
        })
    };
    // Each link is 4 instructions: the constant 1.5, its splat, the mul and the add.
    assert!(chain(MAX_VJP_NODES / 4 - 1).is_ok());
    let r = chain(MAX_VJP_NODES);
    assert!(
        matches!(
            r,
            Err(LangError::Vjp {
                error: VjpError::TooLarge {
                    limit: MAX_VJP_NODES
                },
                ..
            })
        ),
        "expected TooLarge, got {r:?}"
    );
}

#[test]
fn malformed_requests_are_typed_errors() {
    let v = trace("d", |k| {
        let (x, i32s, y) = (
            k.input("x", DType::F32),
            k.input("i", DType::I32),
            k.output("y", DType::F32),
        );
        let i = k.arange(0, 8);
        let xv = x.load(i);
        let iv = i32s.load(i);
        y.store(i, xv.exp());
        y.store(i, iv.cast(DType::F32));
    })
    .unwrap();
    let mut k: Kernel = v.into_kernel();
    let find = |k: &Kernel, want: &dyn Fn(&Op) -> bool| -> ValueId {
        k.body
            .insts
            .iter()
            .map(|id| k.inst(*id))
            .find(|inst| want(&inst.op))
            .map(|inst| inst.results[0])
            .expect("the op should be there")
    };
    let x = find(&k, &|op| matches!(op, Op::Load { buffer: 0, .. }));
    let ints = find(&k, &|op| matches!(op, Op::Load { buffer: 1, .. }));
    let y = find(&k, &|op| {
        matches!(
            op,
            Op::Unary {
                op: UnaryOp::Exp,
                ..
            }
        )
    });
    let request = |outputs: Vec<ValueId>, cotangents: Vec<ValueId>, wrt: Vec<ValueId>| VjpRequest {
        outputs,
        cotangents,
        wrt,
    };
    let bad = [
        request(vec![y], vec![], vec![x]),
        request(vec![y], vec![y], vec![ints]),
        request(vec![y], vec![ints], vec![x]),
        request(vec![y], vec![y], vec![ValueId(100_000)]),
    ];
    // A value defined inside a loop body is not visible where the derivative goes.
    let v = trace("d", |k| {
        let (x, y) = (k.input("x", DType::F32), k.output("y", DType::F32));
        let i = k.arange(0, 8);
        k.for_range(0, 2, 1, &[], |_, _| {
            y.store(i, x.load(i).exp());
            vec![]
        });
    })
    .unwrap();
    let mut looped = v.into_kernel();
    let inner: Vec<ValueId> = looped
        .insts
        .iter()
        .filter(|inst| matches!(inst.op, Op::Load { .. } | Op::Unary { .. }))
        .map(|inst| inst.results[0])
        .collect();
    let r = vjp(
        &mut looped,
        &request(vec![inner[1]], vec![inner[1]], vec![inner[0]]),
    );
    assert!(
        matches!(&r, Err(VjpError::Request(m)) if m.contains("not defined where")),
        "{r:?}"
    );
    for req in bad {
        let before = k.clone();
        let r = vjp(&mut k, &req);
        assert!(
            matches!(&r, Err(VjpError::Request(m)) if !m.is_empty()),
            "expected a request error for {req:?}, got {r:?}"
        );
        assert_eq!(k, before, "a refused request leaves the kernel alone");
    }
    // A good request on a finished kernel: the caller places the instructions.
    let d = vjp(&mut k, &request(vec![y], vec![y], vec![x])).expect("exp differentiates");
    assert_eq!(d.grads.len(), 1);
    let ops: Vec<String> = d.insts.iter().map(|i| k.inst(*i).op.name()).collect();
    assert_eq!(ops, ["mul"]);
    assert!(matches!(
        k.inst(d.insts[0]).op,
        Op::Binary {
            op: BinaryOp::Mul,
            ..
        }
    ));
}
