// Session 18: metile's own f32 RMSNorm backward (generated source, verbatim in
// gen_rms_norm_bwd_f32.cuh) beside session 17's hand replica of its shape (variant A of
// s17/rms_bwd_variants.cu: 0.2052-0.2062 ms with the partial rows' sum, where `metile bench`
// times 0.209 for the same shape). Same buffers, same grid (132 programs of 125 rows), same
// partial-row sum, timed from a CUDA graph: does the generated kernel itself cost the 1.5%, or
// what `metile bench` launches around it? Build: nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v.
#define RMS_BWD_NO_MAIN
#include "../s17/rms_bwd_variants.cu"
#include "gen_rms_norm_bwd_f32.cuh"

#ifndef __CUDACC_RTC__
// metile's kernel in the replica's launch: (x, w, dy, rstd, dx, partial, n, rows, rpp, eps, offset).
static void run_metile(const char* name, int programs, Bufs& b, float copy_ms, bool with_sum) {
  cudaFuncAttributes at; CK(cudaFuncGetAttributes(&at, mt_rms_norm_bwd));
  const int rpp = (ROWS + programs - 1) / programs;
  CK(cudaMemset(b.dx, 0xff, (size_t)ROWS * D * 4)); CK(cudaMemset(b.dw, 0xff, D * 4));
  const float ms = time_graph([&](cudaStream_t s) {
    mt_rms_norm_bwd<<<programs, 256, 0, s>>>(b.x, b.w, b.dy, b.rstd, b.dx, b.partial, D, ROWS, rpp, 1e-6f, 0.f);
    if (with_sum) sum_partials<<<D / 256, 256, 0, s>>>(b.partial, b.dw, programs);
  });
  const double ddx = rel_diff(b.dx, b.dxref, (size_t)ROWS * D);
  const double ddw = with_sum ? rel_diff(b.dw, b.dwref, D) : 0.0;
  const double gbs = 3.0 * ROWS * D * 4 / (ms * 1e-3) / 1e9;
  printf("%-40s %4d thr %5d prog %3d rows %3d regs       %.4f ms  %5.0f GB/s  %.3f of copy  dx %.1e dw %.1e\n",
         name, 256, programs, rpp, at.numRegs, ms, gbs, copy_ms / ms, ddx, ddw);
}

int main() {
  Bufs b;
  const size_t n = (size_t)ROWS * D;
  CK(cudaMalloc(&b.x, n * 4)); CK(cudaMalloc(&b.dy, n * 4)); CK(cudaMalloc(&b.dx, n * 4)); CK(cudaMalloc(&b.dxref, n * 4));
  CK(cudaMalloc(&b.w, D * 4)); CK(cudaMalloc(&b.rstd, ROWS * 4)); CK(cudaMalloc(&b.dw, D * 4)); CK(cudaMalloc(&b.dwref, D * 4));
  CK(cudaMalloc(&b.partial, (size_t)ROWS * D * 4 / 4));
  fill<<<1024, 256>>>(b.x, n, 1u, 4.f, 0.f); fill<<<1024, 256>>>(b.dy, n, 3u, 2.f, 0.f);
  fill<<<16, 256>>>(b.w, D, 7u, 1.f, 1.f); fill<<<64, 256>>>(b.rstd, ROWS, 9u, 0.5f, 1.f);
  CK(cudaDeviceSynchronize());
  const size_t n4 = n * 3 / 2 / 4;
  float* big; CK(cudaMalloc(&big, n4 * 16 * 2));
  const float copy_ms = time_graph([&](cudaStream_t s) { copy4<<<132 * 16, 256, 0, s>>>((const float4*)big, (float4*)big + n4, n4); });
  printf("copy of the same bytes (float4, grid-stride): %.4f ms (%.0f GB/s)\n", copy_ms, 2.0 * n4 * 16 / (copy_ms * 1e-3) / 1e9);
  const float sum_ms = time_graph([&](cudaStream_t s) { sum_partials<<<D / 256, 256, 0, s>>>(b.partial, b.dw, 132); });
  printf("partial-row sum alone (132 rows): %.4f ms\n", sum_ms);
  for (int round = 0; round < 3; ++round) {
    printf("-- round %d\n", round);
    run("A  replica: prefetch, evict_last", rms_bwd<256, true, 2>, 256, 132, b, copy_ms, true);
    run_metile("M  metile's generated kernel", 132, b, copy_ms, true);
    run_metile("M0 metile's kernel, no partial sum", 132, b, copy_ms, false);
    run("B  replica: no prefetch, evict_last, 264", rms_bwd<256, false, 2>, 256, 264, b, copy_ms);
    run_metile("M2 metile's generated kernel, 264", 264, b, copy_ms, true);
  }
  return 0;
}
#endif
