mod common;
use metile_ir::{print, DType};
use metile_lang::trace;

#[test]
fn scratch() {
    let v = trace("t", |k| {
        let (x, dy, dx) = (
            k.input("x", DType::F32),
            k.input("dy", DType::F32),
            k.output("dx", DType::F32),
        );
        let i = k.arange(0, 8);
        let (xv, g) = (x.load(i), dy.load(i));
        let s = xv.sigmoid();
        let y = xv * s;
        dx.store(i, k.vjp(&[y], &[xv], &[g])[0]);
    })
    .unwrap();
    println!("{}", print(v.kernel()));
    let c = metile_opt::canonicalize(v).unwrap();
    println!("{}", print(c.kernel()));
}
