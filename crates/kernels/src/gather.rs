//! The in-kernel guard of a gathered index the host did not read (ids in device memory: reading
//! them on the host would wait for the device at every call). [`known_index`] gives an index that
//! is safe to read at and whether the original named a row; the operator then writes NaN where it
//! did not (RoPE's position ids, embedding's indices).

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
