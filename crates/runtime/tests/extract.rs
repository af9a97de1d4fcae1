#![allow(clippy::panic)]
//! `extract`: a dynamic read of a tile element on the CPU target, bounds-checked.

use metile_ir::DType;
use metile_lang::trace;
use metile_runtime::{Arg, Buffer, Device, Error};

fn run(idx: i64) -> Result<Vec<f32>, Error> {
    let dev = Device::cpu();
    let k = dev.kernel("extract_test", &(), || {
        trace("extract_test", |k| {
            let x = k.input("x", DType::F32);
            let i = k.input("i", DType::I32);
            let y = k.output("y", DType::F32);
            let tile = x.load(k.arange(0, 8)) * 10.0;
            y.store(k.program_id(0), tile.extract(i.load(k.program_id(0))));
        })
    })?;
    let x = Buffer::from_f32(DType::F32, &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])?;
    let i = Buffer::from_i64(DType::I32, &[idx, 0])?;
    let mut y = Buffer::zeros(DType::F32, 2);
    y.poison();
    dev.launch(
        &k,
        [2, 1, 1],
        &mut [Arg::In(&x), Arg::In(&i), Arg::Out(&mut y)],
    )?;
    y.to_f32()
}

#[test]
fn extract_reads_the_element_at_a_runtime_index() {
    assert_eq!(run(5).unwrap(), vec![50.0, 0.0]);
    assert_eq!(run(7).unwrap(), vec![70.0, 0.0]);
}

#[test]
fn extract_out_of_range_is_an_error_naming_the_op() {
    for bad in [8, -1] {
        match run(bad) {
            Err(Error::Execution {
                kernel,
                op,
                message,
            }) => {
                assert_eq!(kernel, "extract_test");
                assert_eq!(op, "extract");
                assert!(message.contains(&bad.to_string()), "{message}");
            }
            other => panic!("expected an execution error, got {other:?}"),
        }
    }
}
