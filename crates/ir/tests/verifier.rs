//! The verifier rejects bad IR with an error that names the op and the problem, and accepts
//! good IR. Kernels are built by hand: arenas first, then placement in blocks.

use metile_ir::{
    check, verify, Access, BinaryOp, Block, CmpOp, ConstValue, DType, Inst, InstId, Kernel, Op,
    ParamKind, ReduceOp, Shape, Type, UnaryOp, ValueId, VerifyError,
};

// ---------------------------------------------------------------- builders

fn scalar(d: DType) -> Type {
    Type::scalar(d)
}

fn tile(d: DType, dims: &[usize]) -> Type {
    Type::new(d, Shape::from(dims))
}

fn constant(value: ConstValue, ty: Type) -> Op {
    Op::Constant { value, ty }
}

fn c_f32(v: f32) -> Op {
    constant(ConstValue::Float(v), scalar(DType::F32))
}

fn c_i32(v: i64) -> Op {
    constant(ConstValue::Int(v), scalar(DType::I32))
}

fn c_bool(v: bool) -> Op {
    constant(ConstValue::Bool(v), scalar(DType::Bool))
}

/// A uniform tile constant.
fn c_tile(value: ConstValue, d: DType, dims: &[usize]) -> Op {
    constant(value, tile(d, dims))
}

fn binary(op: BinaryOp, lhs: ValueId, rhs: ValueId) -> Op {
    Op::Binary { op, lhs, rhs }
}

fn neg(src: ValueId) -> Op {
    Op::Unary {
        op: UnaryOp::Neg,
        src,
    }
}

fn yield_(values: Vec<ValueId>) -> Op {
    Op::Yield { values }
}

fn region(insts: Vec<InstId>) -> Block {
    Block {
        args: vec![],
        insts,
    }
}

fn if_(cond: ValueId, then_insts: Vec<InstId>, else_insts: Vec<InstId>) -> Op {
    Op::If {
        cond,
        then_body: region(then_insts),
        else_body: region(else_insts),
    }
}

fn load(buffer: u32, index: ValueId, mask: Option<ValueId>, other: Option<ValueId>) -> Op {
    Op::Load {
        buffer,
        index,
        mask,
        other,
    }
}

fn store(buffer: u32, index: ValueId, value: ValueId, mask: Option<ValueId>) -> Op {
    Op::Store {
        buffer,
        index,
        value,
        mask,
    }
}

/// A new instruction with the result types of its typing rule, not placed anywhere.
fn inst(k: &mut Kernel, op: Op) -> (InstId, Vec<ValueId>) {
    let types = op.infer(k).expect("the op should type");
    k.new_inst(op, types)
}

/// A new typed instruction placed at the end of the body; returns its first result.
fn top(k: &mut Kernel, op: Op) -> ValueId {
    let (id, r) = inst(k, op);
    k.body.insts.push(id);
    r.first().copied().unwrap_or(ValueId(u32::MAX))
}

/// A new instruction with the given result types, placed at the end of the body.
fn top_as(k: &mut Kernel, op: Op, types: Vec<Type>) -> InstId {
    let (id, _) = k.new_inst(op, types);
    k.body.insts.push(id);
    id
}

/// `x: buffer<f32, read>`, `y: buffer<f32, write>`, `n: i32`.
fn buffers() -> Kernel {
    let mut k = Kernel::new("t");
    let buffer = |access| ParamKind::Buffer {
        dtype: DType::F32,
        access,
    };
    k.add_param("x", buffer(Access::Read));
    k.add_param("y", buffer(Access::Write));
    k.add_param("n", ParamKind::Scalar { dtype: DType::I32 });
    k
}

// ---------------------------------------------------------------- assertions

fn err(k: &Kernel) -> VerifyError {
    check(k).expect_err("the kernel should not verify")
}

/// The error is located at `inst` and its message contains every one of `needles`.
fn assert_rejected_at(k: &Kernel, inst: InstId, name: &str, needles: &[&str]) {
    let e = err(k);
    assert_eq!(e.location, format!("inst {} ({name})", inst.0), "{e}");
    for n in needles {
        assert!(e.message.contains(n), "message `{}` lacks `{n}`", e.message);
    }
    assert_eq!(e.kernel, k.name);
}

// ---------------------------------------------------------------- definitions and placement

#[test]
fn binary_operand_types_must_match() {
    let mut k = Kernel::new("t");
    let a = top(&mut k, c_f32(1.0));
    let b = top(&mut k, c_i32(1));
    let id = top_as(
        &mut k,
        binary(BinaryOp::Add, a, b),
        vec![scalar(DType::F32)],
    );
    assert_rejected_at(&k, id, "add", &["operand types differ: f32 and i32"]);
    let expected = format!(
        "kernel `t`: inst {} (add): operand types differ: f32 and i32",
        id.0
    );
    assert_eq!(err(&k).to_string(), expected);
}

#[test]
fn use_before_definition() {
    let mut k = Kernel::new("t");
    let (cid, c) = inst(&mut k, c_f32(1.0));
    let (nid, _) = inst(&mut k, neg(c[0]));
    k.body.insts = vec![nid, cid];
    let msg = format!("operand {} is used before it is defined", c[0]);
    assert_rejected_at(&k, nid, "neg", &[&msg]);
}

#[test]
fn ids_outside_the_arenas_are_errors_not_panics() {
    let mut k = Kernel::new("t");
    top_as(&mut k, neg(ValueId(99)), vec![scalar(DType::F32)]);
    k.body.insts.push(InstId(42));
    let e = err(&k);
    assert!(
        e.message.contains("%v99 is used before it is defined"),
        "{e}"
    );
    k.body.insts.remove(0);
    let e = err(&k);
    assert_eq!(e.location, "inst 42");
    assert!(e.message.contains("not in the arena"), "{e}");
}

/// `for i in 0..10 { x = i + i; yield }` with `x` used after the loop.
#[test]
fn value_of_a_loop_body_is_not_visible_after_the_loop() {
    let mut k = Kernel::new("t");
    let lo = top(&mut k, c_i32(0));
    let hi = top(&mut k, c_i32(10));
    let step = top(&mut k, c_i32(1));
    let iv = k.new_value(scalar(DType::I32));
    let (add, x) = inst(&mut k, binary(BinaryOp::Add, iv, iv));
    let (y, _) = inst(&mut k, yield_(vec![]));
    let body = Block {
        args: vec![iv],
        insts: vec![add, y],
    };
    let init = vec![];
    top(
        &mut k,
        Op::For {
            lower: lo,
            upper: hi,
            step,
            init,
            body,
        },
    );
    check(&k).unwrap();
    let (id, _) = inst(&mut k, neg(x[0]));
    k.body.insts.push(id);
    let msg = format!(
        "operand {} is defined in a scope that does not enclose this use",
        x[0]
    );
    assert_rejected_at(&k, id, "neg", &[&msg]);
    // Nor is the induction variable.
    k.insts[id.index()].op = neg(iv);
    assert_rejected_at(&k, id, "neg", &["does not enclose this use"]);
}

#[test]
fn value_defined_twice() {
    let mut k = Kernel::new("t");
    let a = top(&mut k, c_f32(1.0));
    k.insts.push(Inst {
        op: c_f32(2.0),
        results: vec![a],
    });
    k.body.insts.push(InstId(1));
    assert_rejected_at(
        &k,
        InstId(1),
        "constant",
        &[&format!("{a} is defined twice")],
    );
}

#[test]
fn block_argument_that_is_already_defined() {
    let mut k = Kernel::new("t");
    let lo = top(&mut k, c_i32(0));
    let (y, _) = inst(&mut k, yield_(vec![]));
    let body = Block {
        args: vec![lo],
        insts: vec![y],
    };
    let init = vec![];
    top(
        &mut k,
        Op::For {
            lower: lo,
            upper: lo,
            step: lo,
            init,
            body,
        },
    );
    let e = err(&k);
    assert_eq!(e.location, "block argument");
    assert!(e.message.contains(&format!("{lo} is defined twice")), "{e}");
}

#[test]
fn instruction_placed_in_two_blocks() {
    let mut k = Kernel::new("t");
    let (c, _) = inst(&mut k, c_f32(1.0));
    k.body.insts = vec![c, c];
    assert_rejected_at(&k, c, "constant", &["instruction is placed in two blocks"]);

    // Once in the body and once in a region.
    let mut k = Kernel::new("t");
    let cond = top(&mut k, c_bool(true));
    let (c, _) = inst(&mut k, c_f32(1.0));
    let (y1, _) = inst(&mut k, yield_(vec![]));
    let (y2, _) = inst(&mut k, yield_(vec![]));
    k.body.insts.push(c);
    top(&mut k, if_(cond, vec![c, y1], vec![y2]));
    assert_rejected_at(&k, c, "constant", &["placed in two blocks"]);
}

#[test]
fn an_op_inside_its_own_region_is_an_error_not_a_loop() {
    let mut k = Kernel::new("t");
    let cond = top(&mut k, c_bool(true));
    let (y, _) = inst(&mut k, yield_(vec![]));
    let own = InstId(k.insts.len() as u32);
    let id = top_as(&mut k, if_(cond, vec![own, y], vec![]), vec![]);
    assert_eq!(id, own);
    assert_rejected_at(&k, own, "if", &["placed in two blocks"]);
}

// ---------------------------------------------------------------- yields and regions

/// An `If` on `true` with the given regions, placed in the body.
fn if_with(k: &mut Kernel, then_insts: Vec<InstId>, else_insts: Vec<InstId>) -> InstId {
    let cond = top(k, c_bool(true));
    top_as(k, if_(cond, then_insts, else_insts), vec![])
}

#[test]
fn yield_must_be_last_in_its_region() {
    let mut k = Kernel::new("t");
    let (y, _) = inst(&mut k, yield_(vec![]));
    let (c, _) = inst(&mut k, c_f32(1.0));
    let (y2, _) = inst(&mut k, yield_(vec![]));
    if_with(&mut k, vec![y, c], vec![y2]);
    assert_rejected_at(&k, y, "yield", &["yield must be the last instruction"]);
}

#[test]
fn region_must_end_with_yield() {
    let mut k = Kernel::new("t");
    let (c, _) = inst(&mut k, c_f32(1.0));
    let (y2, _) = inst(&mut k, yield_(vec![]));
    if_with(&mut k, vec![c], vec![y2]);
    assert_rejected_at(&k, c, "constant", &["a region must end with yield"]);
}

#[test]
fn empty_region() {
    let mut k = Kernel::new("t");
    let (y, _) = inst(&mut k, yield_(vec![]));
    if_with(&mut k, vec![y], vec![]);
    let e = err(&k);
    assert_eq!(e.location, "region");
    assert!(
        e.message
            .contains("region is empty: it must end with yield"),
        "{e}"
    );
}

#[test]
fn yield_at_top_level() {
    let mut k = Kernel::new("t");
    let y = top_as(&mut k, yield_(vec![]), vec![]);
    assert_rejected_at(&k, y, "yield", &["last instruction of a for or if region"]);
}

// ---------------------------------------------------------------- control flow typing

/// A `For` over `bounds` carrying `init`, whose body takes `args` and yields `yielded`; the op
/// records `results`.
fn for_loop(
    k: &mut Kernel,
    bounds: [ValueId; 3],
    init: Vec<ValueId>,
    args: Vec<ValueId>,
    yielded: Vec<ValueId>,
    results: Vec<Type>,
) -> InstId {
    let (y, _) = k.new_inst(yield_(yielded), vec![]);
    let [lower, upper, step] = bounds;
    let body = Block {
        args,
        insts: vec![y],
    };
    top_as(
        k,
        Op::For {
            lower,
            upper,
            step,
            init,
            body,
        },
        results,
    )
}

#[test]
fn for_carried_types_must_match_init() {
    let mut k = Kernel::new("t");
    let b = top(&mut k, c_i32(0));
    let init = top(&mut k, c_f32(0.0));
    let iv = k.new_value(scalar(DType::I32));
    let carried = k.new_value(scalar(DType::I32));
    let args = vec![iv, carried];
    let f = for_loop(
        &mut k,
        [b; 3],
        vec![init],
        args,
        vec![carried],
        vec![scalar(DType::F32)],
    );
    assert_rejected_at(
        &k,
        f,
        "for",
        &["carried value 0: body takes i32, init is f32"],
    );
}

#[test]
fn for_must_yield_the_carried_types() {
    let mut k = Kernel::new("t");
    let b = top(&mut k, c_i32(0));
    let init = top(&mut k, c_f32(0.0));
    let iv = k.new_value(scalar(DType::I32));
    let carried = k.new_value(scalar(DType::F32));
    let args = vec![iv, carried];
    let f = for_loop(
        &mut k,
        [b; 3],
        vec![init],
        args,
        vec![iv],
        vec![scalar(DType::F32)],
    );
    assert_rejected_at(&k, f, "for", &["region yields (i32), expected (f32)"]);
}

#[test]
fn for_needs_an_induction_variable_and_one_argument_per_carried_value() {
    let mut k = Kernel::new("t");
    let b = top(&mut k, c_i32(0));
    let init = top(&mut k, c_f32(0.0));
    let f = for_loop(
        &mut k,
        [b; 3],
        vec![init],
        vec![],
        vec![init],
        vec![scalar(DType::F32)],
    );
    assert_rejected_at(
        &k,
        f,
        "for",
        &["body takes 0 arguments, expected 1 + 1 carried"],
    );
}

#[test]
fn for_bounds_must_be_integer_scalars_of_one_dtype() {
    let mut k = Kernel::new("t");
    let f0 = top(&mut k, c_f32(0.0));
    let iv = k.new_value(scalar(DType::F32));
    let f = for_loop(&mut k, [f0; 3], vec![], vec![iv], vec![], vec![]);
    assert_rejected_at(
        &k,
        f,
        "for",
        &["bounds must be integer scalars of one dtype", "f32"],
    );

    let mut k = Kernel::new("t");
    let i = top(&mut k, c_i32(0));
    let l = top(&mut k, constant(ConstValue::Int(0), scalar(DType::I64)));
    let iv = k.new_value(scalar(DType::I32));
    let f = for_loop(&mut k, [i, l, i], vec![], vec![iv], vec![], vec![]);
    assert_rejected_at(&k, f, "for", &["got i32, i64, i32"]);
}

#[test]
fn for_induction_variable_has_the_bounds_dtype() {
    let mut k = Kernel::new("t");
    let i = top(&mut k, c_i32(0));
    let iv = k.new_value(scalar(DType::I64));
    let f = for_loop(&mut k, [i; 3], vec![], vec![iv], vec![], vec![]);
    assert_rejected_at(&k, f, "for", &["induction variable must be i32"]);
}

#[test]
fn if_condition_must_be_a_bool_scalar() {
    let mut k = Kernel::new("t");
    let c = top(&mut k, c_i32(1));
    let (y1, _) = inst(&mut k, yield_(vec![]));
    let (y2, _) = inst(&mut k, yield_(vec![]));
    let id = top_as(&mut k, if_(c, vec![y1], vec![y2]), vec![]);
    assert_rejected_at(&k, id, "if", &["condition must be a bool scalar, got i32"]);
}

#[test]
fn if_branches_must_yield_one_type() {
    let mut k = Kernel::new("t");
    let cond = top(&mut k, c_bool(false));
    let (ca, a) = inst(&mut k, c_f32(1.0));
    let (ya, _) = inst(&mut k, yield_(a));
    let (cb, b) = inst(&mut k, c_i32(1));
    let (yb, _) = inst(&mut k, yield_(b));
    let op = if_(cond, vec![ca, ya], vec![cb, yb]);
    let id = top_as(&mut k, op, vec![scalar(DType::F32)]);
    assert_rejected_at(&k, id, "if", &["region yields (i32), expected (f32)"]);
}

// ---------------------------------------------------------------- memory

#[test]
fn load_from_a_write_only_buffer() {
    let mut k = buffers();
    let i = top(&mut k, Op::Arange { start: 0, end: 4 });
    let id = top_as(&mut k, load(1, i, None, None), vec![tile(DType::F32, &[4])]);
    assert_rejected_at(&k, id, "load", &["buffer y is write-only"]);
}

#[test]
fn store_to_a_read_only_buffer_or_a_non_buffer() {
    let mut k = buffers();
    let i = top(&mut k, Op::Arange { start: 0, end: 4 });
    let v = top(&mut k, c_tile(ConstValue::Float(1.0), DType::F32, &[4]));
    for (buffer, needle) in [
        (0, "buffer x is read-only"),
        (2, "parameter n is a scalar, not a buffer"),
        (7, "buffer parameter 7 does not exist"),
    ] {
        let mut k = k.clone();
        let id = top_as(&mut k, store(buffer, i, v, None), vec![]);
        assert_rejected_at(&k, id, "store", &[needle]);
    }
}

#[test]
fn stored_value_must_have_the_buffer_dtype() {
    let mut k = buffers();
    let i = top(&mut k, Op::Arange { start: 0, end: 4 });
    let v = top(&mut k, c_tile(ConstValue::Int(1), DType::I32, &[4]));
    let id = top_as(&mut k, store(1, i, v, None), vec![]);
    let msg = "stored value must be 4xf32 (index shape, buffer dtype), got 4xi32";
    assert_rejected_at(&k, id, "store", &[msg]);
}

#[test]
fn mask_must_have_the_index_shape() {
    let mut k = buffers();
    let i = top(&mut k, Op::Arange { start: 0, end: 4 });
    let m = top(&mut k, c_tile(ConstValue::Bool(true), DType::Bool, &[8]));
    let v = top(&mut k, c_tile(ConstValue::Float(0.0), DType::F32, &[4]));
    let mut k2 = k.clone();
    let id = top_as(
        &mut k,
        load(0, i, Some(m), None),
        vec![tile(DType::F32, &[4])],
    );
    assert_rejected_at(&k, id, "load", &["mask must be 4xbool, got 8xbool"]);
    let id = top_as(&mut k2, store(1, i, v, Some(m)), vec![]);
    assert_rejected_at(&k2, id, "store", &["mask must be 4xbool, got 8xbool"]);
}

#[test]
fn load_fill_value_must_be_a_scalar_of_the_buffer_dtype() {
    let mut k = buffers();
    let i = top(&mut k, Op::Arange { start: 0, end: 4 });
    let o = top(&mut k, c_i32(0));
    let id = top_as(
        &mut k,
        load(0, i, None, Some(o)),
        vec![tile(DType::F32, &[4])],
    );
    assert_rejected_at(
        &k,
        id,
        "load",
        &["fill value must be a f32 scalar, got i32"],
    );
}

// ---------------------------------------------------------------- shapes

#[test]
fn splat_of_a_non_scalar() {
    let mut k = Kernel::new("t");
    let t = top(&mut k, c_tile(ConstValue::Float(1.0), DType::F32, &[4]));
    let op = Op::Splat {
        src: t,
        shape: Shape::from([2, 4]),
    };
    let id = top_as(&mut k, op, vec![tile(DType::F32, &[2, 4])]);
    assert_rejected_at(
        &k,
        id,
        "splat",
        &["splat source must be a scalar, got 4xf32"],
    );
}

#[test]
fn broadcast_to_an_incompatible_shape() {
    let mut k = Kernel::new("t");
    let t = top(&mut k, c_tile(ConstValue::Float(1.0), DType::F32, &[4, 2]));
    let cases: [(&[usize], &str); 2] = [
        (&[4, 3], "cannot broadcast 4x2 to 4x3"),
        (&[3, 4, 2], "broadcast keeps the rank: 4x2 to 3x4x2"),
    ];
    for (dims, needle) in cases {
        let mut k = k.clone();
        let op = Op::Broadcast {
            src: t,
            shape: Shape::from(dims),
        };
        let id = top_as(&mut k, op, vec![tile(DType::F32, dims)]);
        assert_rejected_at(&k, id, "broadcast", &[needle]);
    }
}

#[test]
fn reshape_must_keep_the_element_count() {
    let mut k = Kernel::new("t");
    let t = top(&mut k, c_tile(ConstValue::Float(1.0), DType::F32, &[4, 4]));
    let op = Op::Reshape {
        src: t,
        shape: Shape::from([15]),
    };
    let id = top_as(&mut k, op, vec![tile(DType::F32, &[15])]);
    assert_rejected_at(
        &k,
        id,
        "reshape",
        &["reshape changes the element count: 4x4 to 15"],
    );
}

#[test]
fn reduce_axis_out_of_range() {
    let mut k = Kernel::new("t");
    let t = top(&mut k, c_tile(ConstValue::Float(1.0), DType::F32, &[4, 4]));
    let op = Op::Reduce {
        op: ReduceOp::Sum,
        src: t,
        axis: 2,
    };
    let id = top_as(&mut k, op, vec![tile(DType::F32, &[4])]);
    assert_rejected_at(&k, id, "reduce.sum", &["axis 2 out of range for 4x4xf32"]);
}

#[test]
fn dot_inner_dimensions_must_match() {
    let mut k = Kernel::new("t");
    let a = top(
        &mut k,
        c_tile(ConstValue::Float(1.0), DType::F16, &[16, 32]),
    );
    let b = top(
        &mut k,
        c_tile(ConstValue::Float(1.0), DType::F16, &[16, 16]),
    );
    let op = Op::Dot {
        lhs: a,
        rhs: b,
        acc: None,
    };
    let id = top_as(&mut k, op, vec![tile(DType::F32, &[16, 16])]);
    assert_rejected_at(
        &k,
        id,
        "dot",
        &["inner dimensions differ: 16x32xf16 and 16x16xf16"],
    );
}

#[test]
fn arange_must_not_be_empty() {
    for (start, end) in [(5, 5), (5, 2)] {
        let mut k = Kernel::new("t");
        let id = top_as(
            &mut k,
            Op::Arange { start, end },
            vec![tile(DType::I32, &[1])],
        );
        assert_rejected_at(&k, id, "arange", &[&format!("empty range {start}..{end}")]);
    }
}

// ---------------------------------------------------------------- constants and parameters

#[test]
fn constant_must_fit_its_dtype() {
    let cases = [
        (
            ConstValue::Int(1 << 40),
            DType::I32,
            "constant 1099511627776 is not a value of i32",
        ),
        (
            ConstValue::Float(0.1),
            DType::F16,
            "constant 0.1 is not a value of f16",
        ),
        (
            ConstValue::Float(0.1),
            DType::BF16,
            "constant 0.1 is not a value of bf16",
        ),
        (
            ConstValue::Int(1),
            DType::F32,
            "constant 1 is not a value of f32",
        ),
        (
            ConstValue::Bool(true),
            DType::I32,
            "constant true is not a value of i32",
        ),
    ];
    for (value, dtype, needle) in cases {
        let mut k = Kernel::new("t");
        let id = top_as(&mut k, constant(value, scalar(dtype)), vec![scalar(dtype)]);
        assert_rejected_at(&k, id, "constant", &[needle]);
    }
    // The f16 value nearest 0.1 is fine.
    let mut k = Kernel::new("t");
    let near = ConstValue::Float(0.1).convert(DType::F16);
    top(&mut k, constant(near, scalar(DType::F16)));
    check(&k).unwrap();
}

#[test]
fn scalar_arg_must_name_a_scalar_parameter() {
    for (param, needle) in [
        (0, "parameter 0 is a buffer, not a scalar"),
        (9, "parameter 9 does not exist"),
    ] {
        let mut k = buffers();
        let id = top_as(&mut k, Op::ScalarArg { param }, vec![scalar(DType::F32)]);
        assert_rejected_at(&k, id, "scalar_arg", &[needle]);
    }
}

#[test]
fn parameter_names_are_unique() {
    let mut k = buffers();
    k.add_param("x", ParamKind::Scalar { dtype: DType::F32 });
    let e = err(&k);
    assert_eq!(e.location, "kernel");
    assert_eq!(e.message, "parameter name `x` is used twice");
}

#[test]
fn recorded_result_types_must_equal_the_typing_rule() {
    let i32s = scalar(DType::I32);
    for (types, needle) in [
        (
            vec![scalar(DType::I64)],
            "results are (i64), the typing rule gives (i32)",
        ),
        (
            vec![i32s.clone(), i32s],
            "results are (i32, i32), the typing rule gives (i32)",
        ),
        (vec![], "results are (), the typing rule gives (i32)"),
    ] {
        let mut k = Kernel::new("t");
        let id = top_as(&mut k, Op::ProgramId { axis: 0 }, types);
        assert_rejected_at(&k, id, "program_id", &[needle]);
    }

    // A compare records bool, whatever its operands.
    let mut k = Kernel::new("t");
    let a = top(&mut k, c_f32(1.0));
    let op = Op::Compare {
        op: CmpOp::Lt,
        lhs: a,
        rhs: a,
    };
    let id = top_as(&mut k, op, vec![scalar(DType::F32)]);
    let msg = "results are (f32), the typing rule gives (bool)";
    assert_rejected_at(&k, id, "cmp.lt", &[msg]);
}

#[test]
fn grid_axis_out_of_range() {
    let mut k = Kernel::new("t");
    let id = top_as(
        &mut k,
        Op::NumPrograms { axis: 3 },
        vec![scalar(DType::I32)],
    );
    assert_rejected_at(&k, id, "num_programs", &["grid axis 3 is out of range"]);
}

// ---------------------------------------------------------------- acceptance

#[test]
fn accepts_an_empty_kernel() {
    let k = Kernel::new("empty");
    check(&k).unwrap();
    assert_eq!(verify(k.clone()).unwrap().kernel(), &k);
}

/// `for i in 0..n { acc' = if i < 4 { for j in 0..i { acc + j } } else { acc } }`, then a
/// store of the result: nested regions, carried values, values of enclosing scopes.
#[test]
fn accepts_nested_for_and_if() {
    let mut k = buffers();
    let (i32s, f32s) = (scalar(DType::I32), scalar(DType::F32));
    let zero = top(&mut k, c_i32(0));
    let one = top(&mut k, c_i32(1));
    let four = top(&mut k, c_i32(4));
    let n = top(&mut k, Op::ScalarArg { param: 2 });
    let acc0 = top(&mut k, c_f32(0.0));

    // Inner loop: for j in 0..i carrying acc.
    let i = k.new_value(i32s.clone());
    let acc = k.new_value(f32s.clone());
    let j = k.new_value(i32s);
    let inner_acc = k.new_value(f32s.clone());
    let (jf, jfv) = inst(
        &mut k,
        Op::Cast {
            src: j,
            to: DType::F32,
        },
    );
    let (sum, s) = inst(&mut k, binary(BinaryOp::Add, inner_acc, jfv[0]));
    let (y_inner, _) = inst(&mut k, yield_(s));
    let body = Block {
        args: vec![j, inner_acc],
        insts: vec![jf, sum, y_inner],
    };
    let (lower, upper, step, init) = (zero, i, one, vec![acc]);
    let inner = Op::For {
        lower,
        upper,
        step,
        init,
        body,
    };
    let (inner_id, inner_out) = k.new_inst(inner, vec![f32s.clone()]);

    // The branch around it, and the outer loop.
    let (y_then, _) = inst(&mut k, yield_(inner_out));
    let (y_else, _) = inst(&mut k, yield_(vec![acc]));
    let (lt, c) = inst(
        &mut k,
        Op::Compare {
            op: CmpOp::Lt,
            lhs: i,
            rhs: four,
        },
    );
    let branch = if_(c[0], vec![inner_id, y_then], vec![y_else]);
    let (if_id, picked) = k.new_inst(branch, vec![f32s.clone()]);
    let (y_outer, _) = inst(&mut k, yield_(picked));
    let body = Block {
        args: vec![i, acc],
        insts: vec![lt, if_id, y_outer],
    };
    let (lower, upper, step, init) = (zero, n, one, vec![acc0]);
    let outer = Op::For {
        lower,
        upper,
        step,
        init,
        body,
    };
    let (outer_id, total) = k.new_inst(outer, vec![f32s]);
    k.body.insts.push(outer_id);

    let idx = top(&mut k, c_tile(ConstValue::Int(0), DType::I32, &[1]));
    let shape = Shape::from([1]);
    let v = top(
        &mut k,
        Op::Splat {
            src: total[0],
            shape,
        },
    );
    top(&mut k, store(1, idx, v, None));
    check(&k).unwrap();
    let text = metile_ir::print(&k);
    assert!(text.contains("      yield"), "{text}");

    // The inner loop may read `i` and `acc` of the enclosing loop, but the order within a block
    // matters: moving the compare after the If makes `c` a use before its definition.
    let mut bad = k.clone();
    if let Op::For { body, .. } = &mut bad.insts[outer_id.index()].op {
        body.insts = vec![if_id, lt, y_outer];
    }
    assert_rejected_at(&bad, if_id, "if", &["is used before it is defined"]);
}

#[test]
fn accepts_every_op_kind_traced_by_the_dsl() {
    let v = metile_lang::trace("all", |k| {
        let x = k.input("x", DType::F32);
        let y = k.inout("y", DType::F32);
        let n = k.scalar("n", DType::I32);
        let pid = k.program_id(0) + k.num_programs(1) * 2;
        let cols = k.arange(0, 16);
        let m = cols.lt(n);
        let t = x.load_masked(cols, m, 0.0);
        let sq = (t * t).exp().cast(DType::F16).cast(DType::F32);
        let row = sq.reshape([4, 4]);
        let s = row.sum(1).expand_dims(0).broadcast_to([4, 4]);
        let d = metile_lang::dot(row, s, None);
        let am = d.argmax(1);
        let pick = metile_lang::select(am.equal(0).expand_dims(1), d, 1.0);
        y.store(cols, pick.reshape([16]));
        y.atomic_add(cols, 1.0, Some(m));
        k.when(pid.equal(0), || y.store(cols, 0.0));
    })
    .unwrap();
    check(v.kernel()).unwrap();
}
