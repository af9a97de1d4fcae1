//! The in-kernel guard of a gathered index the host did not read (ids in device memory: reading
//! them on the host would wait for the device at every call). [`known_index`] gives an index that
//! is safe to read at and whether the original named a row; the operator then writes NaN where it
//! did not ([`poison`]): RoPE's position ids, embedding's indices, cross-entropy's targets.
//! [`guarded_index`] is the choice each kernel makes, by whether the host read the ids.

use metile_ir::DType;
use metile_lang::{select, Tile};

/// `id` (any integer dtype) as I64, 0 where it lies outside `0..len`, and whether it lies inside.
/// Built from compares and `and` only, so a GPU recomputes both per element instead of moving a
/// broadcast of them through shared memory.
pub fn known_index(id: Tile, len: Tile) -> (Tile, Tile) {
    let id = id.cast(DType::I64);
    let known = id.ge(0) & id.lt(len.cast(DType::I64));
    (select(known, id, 0), known)
}

/// `id` as I64 for a gather: under `guarded` (ids the host did not read) through [`known_index`],
/// with whether it names a row; otherwise (the host checked the ids) as it is, and `None`.
pub fn guarded_index(id: Tile, len: Tile, guarded: bool) -> (Tile, Option<Tile>) {
    match guarded {
        true => {
            let (safe, known) = known_index(id, len);
            (safe, Some(known))
        }
        false => (id.cast(DType::I64), None),
    }
}

/// `v` where `known` holds (everywhere without a guard), NaN elsewhere.
pub fn poison(known: Option<Tile>, v: Tile) -> Tile {
    match known {
        Some(k) => select(k, v, f32::NAN),
        None => v,
    }
}
