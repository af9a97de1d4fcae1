//! Golden generated code: the Tile IR and the CUDA C of every library kernel, for each storage
//! dtype, committed under `golden/` and compared here, so that any change to the DSL kernels,
//! the passes or the emitter shows up as a reviewed diff (and a refactor can prove it moved no
//! generated code). Regenerate with `METILE_BLESS=1 cargo test -p metile-kernels --test golden`.

use std::path::PathBuf;

use metile_codegen::{cuda_source, Target};
use metile_ir::{print, DType};
use metile_kernels::emit::{kernel_names, library_kernel};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden")
}

#[test]
fn generated_code_matches_the_goldens() {
    let bless = std::env::var_os("METILE_BLESS").is_some();
    let mut stale = Vec::new();
    for name in kernel_names() {
        for dtype in [DType::F32, DType::BF16, DType::F16] {
            let k = library_kernel(name, dtype, None).expect("library kernels should trace");
            let cuda = cuda_source(&k, &Target::sm90()).expect("library kernels should lower");
            for (ext, text) in [("tile", print(k.kernel())), ("cu", cuda.source)] {
                let path = golden_dir().join(format!("{name}.{dtype}.{ext}"));
                if bless {
                    std::fs::create_dir_all(golden_dir()).expect("golden dir should be writable");
                    std::fs::write(&path, &text).expect("golden file should be writable");
                    continue;
                }
                match std::fs::read_to_string(&path) {
                    Ok(old) if old == text => {}
                    Ok(_) => stale.push(format!("{} differs", path.display())),
                    Err(_) => stale.push(format!("{} is missing", path.display())),
                }
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated code changed (review, then run with METILE_BLESS=1):\n{}",
        stale.join("\n")
    );
}
