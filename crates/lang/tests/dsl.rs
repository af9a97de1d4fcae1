//! The DSL's semantic layer: literal promotion, dtype unification, numpy broadcasting made
//! explicit as ops, structured control flow, and the errors of misuse.

// A test fails by panicking; the workspace's `clippy::panic` is for library code.
#![allow(clippy::panic)]

use std::cell::Cell;
use std::collections::HashMap;

use metile_ir::{print, BinaryOp, ConstValue, DType, Kernel, Op, Shape, Type, ValueId, Verified};
use metile_lang::{trace, LangError, Tile};

/// The op that defines each value placed in the kernel.
fn defs(k: &Kernel) -> HashMap<ValueId, Op> {
    let mut m = HashMap::new();
    k.walk(|_, inst| {
        for r in &inst.results {
            m.insert(*r, inst.op.clone());
        }
    });
    m
}

/// The placed ops, in program order.
fn ops(k: &Kernel) -> Vec<Op> {
    let mut v = Vec::new();
    k.walk(|_, inst| v.push(inst.op.clone()));
    v
}

/// The (single) binary op `op` of the kernel and its operands' defining ops.
fn binary(v: &Verified, which: BinaryOp) -> (Type, Op, Op) {
    let k = v.kernel();
    let d = defs(k);
    let mut found = None;
    k.walk(|_, inst| {
        if let Op::Binary { op, lhs, rhs } = &inst.op {
            if *op == which {
                found = Some((
                    k.ty(inst.results[0]).clone(),
                    d[lhs].clone(),
                    d[rhs].clone(),
                ));
            }
        }
    });
    found.expect("the kernel should hold the binary op")
}

/// The trace error's op and message.
fn trace_error(r: Result<Verified, LangError>) -> (String, String) {
    match r {
        Err(LangError::Trace { op, message, .. }) => (op, message),
        Err(e) => panic!("expected a trace error, got {e}"),
        Ok(v) => panic!("expected a trace error, got\n{}", print(v.kernel())),
    }
}

// ---------------------------------------------------------------- literals and dtypes

#[test]
fn int_literal_becomes_a_float_constant() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        y.store(i, x.load(i) + 3);
    })
    .unwrap();
    let (ty, _, rhs) = binary(&v, BinaryOp::Add);
    assert_eq!(ty, Type::new(DType::F32, [8]));
    let Op::Splat { src, .. } = rhs else {
        panic!("the literal should be splat, got {rhs:?}");
    };
    assert_eq!(
        defs(v.kernel())[&src],
        Op::Constant {
            value: ConstValue::Float(3.0),
            ty: Type::scalar(DType::F32)
        }
    );
}

#[test]
fn literal_on_the_left_takes_the_tile_dtype_too() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F16);
        let i = k.arange(0, 8);
        y.store(i, 1 - i.cast(DType::F16));
    })
    .unwrap();
    let (ty, lhs, _) = binary(&v, BinaryOp::Sub);
    assert_eq!(ty.dtype, DType::F16);
    assert!(matches!(lhs, Op::Splat { .. }));
    assert!(print(v.kernel()).contains("constant 1.0 : f16"));
}

#[test]
fn float_literal_on_an_int_tile_is_an_error_naming_the_op() {
    let r = trace("t", |k| {
        let _ = k.arange(0, 8) * 0.5;
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "mul");
    assert!(msg.contains("float literal 0.5 cannot become i32"), "{msg}");
}

#[test]
fn int_literal_that_does_not_fit_is_an_error() {
    let r = trace("t", |k| {
        let _ = k.arange(0, 8) + (1i64 << 40);
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "add");
    assert!(
        msg.contains("integer literal 1099511627776 does not fit i32"),
        "{msg}"
    );
}

#[test]
fn mixed_dtypes_are_an_error_that_tells_to_cast() {
    let r = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let i = k.arange(0, 8);
        let _ = x.load(i) + i;
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "add");
    assert!(msg.contains("operand dtypes differ: f32 and i32"), "{msg}");
    assert!(msg.contains(".cast()"), "{msg}");
}

#[test]
fn cast_to_the_same_dtype_emits_nothing() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let i = k.arange(0, 8);
        y.store(i, i.cast(DType::I32));
    })
    .unwrap();
    assert!(!ops(v.kernel()).iter().any(|o| matches!(o, Op::Cast { .. })));
}

// ---------------------------------------------------------------- broadcasting

#[test]
fn tile_with_scalar_splats_the_scalar() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let n = k.scalar("n", DType::I32);
        let i = k.arange(0, 4096);
        y.store(i, i + n);
    })
    .unwrap();
    let (ty, lhs, rhs) = binary(&v, BinaryOp::Add);
    assert_eq!(ty, Type::new(DType::I32, [4096]));
    assert!(matches!(
        lhs,
        Op::Arange {
            start: 0,
            end: 4096
        }
    ));
    let Op::Splat { shape, .. } = rhs else {
        panic!("expected a splat, got {rhs:?}");
    };
    assert_eq!(shape, Shape::from([4096]));
}

#[test]
fn column_with_row_broadcasts_both() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let r = k.arange(0, 8).expand_dims(1);
        let c = k.arange(0, 16).expand_dims(0);
        let idx = r * 16 + c;
        y.store(idx, idx);
    })
    .unwrap();
    let (ty, lhs, rhs) = binary(&v, BinaryOp::Add);
    assert_eq!(ty, Type::new(DType::I32, [8, 16]));
    for side in [lhs, rhs] {
        let Op::Broadcast { shape, .. } = side else {
            panic!("expected a broadcast, got {side:?}");
        };
        assert_eq!(shape, Shape::from([8, 16]));
    }
}

#[test]
fn missing_leading_dimension_is_added_by_reshape() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let row = k.arange(0, 16);
        let grid = k.zeros([8, 16], DType::I32);
        let idx = grid + row;
        y.store(idx, idx);
    })
    .unwrap();
    let (ty, lhs, rhs) = binary(&v, BinaryOp::Add);
    assert_eq!(ty, Type::new(DType::I32, [8, 16]));
    assert!(matches!(lhs, Op::Constant { .. }));
    let Op::Broadcast { src, shape } = rhs else {
        panic!("expected a broadcast, got {rhs:?}");
    };
    assert_eq!(shape, Shape::from([8, 16]));
    let Op::Reshape { shape, .. } = &defs(v.kernel())[&src] else {
        panic!("the broadcast source should be a reshape");
    };
    assert_eq!(*shape, Shape::from([1, 16]));
}

#[test]
fn shapes_that_do_not_broadcast_are_an_error() {
    let r = trace("t", |k| {
        let _ = k.arange(0, 3) + k.arange(0, 4);
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "add");
    assert!(
        msg.contains("shapes do not broadcast: [3] and [4]"),
        "{msg}"
    );
}

#[test]
fn scalar_mask_and_literal_store_value_are_splat_to_the_index_shape() {
    let v = trace("t", |k| {
        let x = k.input("x", DType::F32);
        let y = k.output("y", DType::F32);
        let i = k.arange(0, 8);
        let in_range = k.program_id(0).lt(4);
        let t = x.load_masked(i, in_range, f32::NEG_INFINITY);
        y.store_masked(i, t, in_range);
        y.store(i, 2);
    })
    .unwrap();
    let text = print(v.kernel());
    assert!(text.contains("constant -inf : f32"), "{text}");
    assert!(text.contains("splat %3 : 8xbool"), "{text}");
    assert!(text.contains("constant 2.0 : f32"), "{text}");
    let splats = ops(v.kernel())
        .into_iter()
        .filter(|o| matches!(o, Op::Splat { .. }))
        .count();
    assert_eq!(splats, 3, "{text}");
}

// ---------------------------------------------------------------- control flow

#[test]
fn for_range_carries_values() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let s0 = k.zeros([4], DType::F32);
        let r = k.for_range(0, n, 1, &[s0], |i, c: &[Tile]| {
            vec![c[0] + i.cast(DType::F32)]
        });
        y.store(k.arange(0, 4), r[0]);
    })
    .unwrap();
    let k = v.kernel();
    let fors: Vec<&Op> = k.body.insts.iter().map(|i| &k.inst(*i).op).collect();
    let Some(Op::For { body, init, .. }) = fors.iter().find(|o| matches!(o, Op::For { .. })) else {
        panic!("expected a for loop");
    };
    assert_eq!(init.len(), 1);
    assert_eq!(body.args.len(), 2);
    assert_eq!(k.ty(body.args[0]), &Type::scalar(DType::I32));
}

#[test]
fn for_range_body_returning_other_types_is_an_error() {
    let r = trace("t", |k| {
        let s0 = k.zeros([4], DType::F32);
        k.for_range(0, 8, 1, &[s0], |i, _| vec![i]);
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "for");
    assert!(
        msg.contains("body returns (i32), the carried values are (4xf32)"),
        "{msg}"
    );

    let r = trace("t", |k| {
        let s0 = k.zeros([4], DType::F32);
        k.for_range(0, 8, 1, &[s0], |_, c: &[Tile]| vec![c[0], c[0]]);
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "for");
    assert!(msg.contains("body returns (4xf32, 4xf32)"), "{msg}");
}

#[test]
fn for_range_bounds_adopt_the_dtype_of_a_tile_bound() {
    let v = trace("t", |k| {
        let n = k.scalar("n", DType::I64);
        k.for_range(0, n, 2, &[], |_, _| vec![]);
    })
    .unwrap();
    let text = print(v.kernel());
    assert!(text.contains("constant 0 : i64"), "{text}");
    assert!(text.contains("constant 2 : i64"), "{text}");
}

#[test]
fn value_of_a_loop_body_used_after_the_loop_fails_verification() {
    let r = trace("t", |k| {
        let y = k.output("y", DType::I32);
        let leaked = Cell::new(None);
        k.for_range(0, 4, 1, &[], |i, _| {
            leaked.set(Some(i + 1));
            vec![]
        });
        let i = k.arange(0, 4);
        y.store(i, leaked.get().expect("the body should run at trace time"));
    });
    match r {
        Err(LangError::Verify(e)) => {
            assert!(e.message.contains("does not enclose this use"), "{e}")
        }
        other => panic!("expected a verification error, got {other:?}"),
    }
}

#[test]
fn if_else_yields_one_value_per_branch() {
    let v = trace("t", |k| {
        let y = k.output("y", DType::F32);
        let pid = k.program_id(0);
        let i = k.arange(0, 4);
        let r = k.if_else(
            pid.lt(2),
            || vec![k.full([4], 1.0, DType::F32)],
            || vec![i.cast(DType::F32)],
        );
        y.store(i, r[0]);
    })
    .unwrap();
    let k = v.kernel();
    let Some(Op::If {
        then_body,
        else_body,
        ..
    }) = ops(k).into_iter().find(|o| matches!(o, Op::If { .. }))
    else {
        panic!("expected an if");
    };
    assert_eq!(then_body.insts.len(), 2);
    assert_eq!(else_body.insts.len(), 2);
    assert!(matches!(k.inst(else_body.insts[0]).op, Op::Cast { .. }));
}

#[test]
fn if_else_branches_of_different_types_are_an_error() {
    let r = trace("t", |k| {
        let c = k.program_id(0).lt(2);
        k.if_else(
            c,
            || vec![k.constant(1.0, DType::F32)],
            || vec![k.constant(1, DType::I32)],
        );
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "if");
    assert!(msg.contains("region yields (i32), expected (f32)"), "{msg}");
}

#[test]
fn if_condition_must_be_a_bool_scalar() {
    let r = trace("t", |k| {
        let c = k.arange(0, 4).lt(2);
        k.when(c, || {});
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "if");
    assert!(
        msg.contains("condition must be a bool scalar, got 4xbool"),
        "{msg}"
    );
}

// ---------------------------------------------------------------- misuse

#[test]
fn tile_from_another_trace_is_an_error() {
    let stolen = Cell::new(None);
    trace("first", |k| stolen.set(Some(k.arange(0, 4)))).unwrap();
    let stolen = stolen.get().expect("the first trace should run");
    let r = trace("second", |k| {
        let _ = k.arange(0, 4) + stolen;
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "add");
    assert!(msg.contains("belongs to another trace"), "{msg}");

    // As a loop's carried value, and as a store index.
    let r = trace("third", |k| {
        k.for_range(0, 4, 1, &[stolen], |_, c: &[Tile]| c.to_vec());
    });
    assert!(trace_error(r).1.contains("belongs to another trace"));
    let r = trace("fourth", |k| {
        let y = k.output("y", DType::I32);
        y.store(stolen, 0);
    });
    assert_eq!(trace_error(r).0, "store");
}

#[test]
fn duplicate_parameter_names_are_an_error() {
    let r = trace("t", |k| {
        let _x = k.input("x", DType::F32);
        let _n = k.scalar("x", DType::I32);
    });
    let (op, msg) = trace_error(r);
    assert_eq!(op, "param");
    assert!(msg.contains("parameter name `x` is used twice"), "{msg}");

    let r = trace("t", |k| {
        let _a = k.output("y", DType::F32);
        let _b = k.inout("y", DType::F32);
    });
    assert!(trace_error(r).1.contains("`y` is used twice"));
}

#[test]
fn first_error_wins_and_names_the_kernel() {
    let r = trace("named", |k| {
        let i = k.arange(0, 4);
        let _ = i * 0.5;
        let _ = i + k.arange(0, 3);
    });
    match r {
        Err(e @ LangError::Trace { .. }) => {
            let text = e.to_string();
            assert!(text.starts_with("kernel `named`: mul:"), "{text}");
        }
        other => panic!("expected a trace error, got {other:?}"),
    }
}
