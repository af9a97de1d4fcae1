// Prepared in session 17 for the next session's first call: which structure of the f32 RMSNorm
// backward (16384 x 4096, saved rstd) beats torch.compile's (about 0.209 ms, its fwd+bwd 0.3364)?
// metile's emitted kernel (0.2085 ms with x and dy under the L2 evict_last policy): 256 threads,
// 16 floats per thread, 136 registers so one program per SM (a grid of 132 programs of 125
// rows: one wave of resident programs; 264 where two fit), the next row's x and dy
// loaded before the current row is reduced, dw accumulated in registers and written as one f32
// partial row per program, summed by a second kernel. torch.compile's (Inductor's mix-order
// reduction, benchmarks/results/h200-2026-12-01q/call8): 1,024 programs of 16 rows, 256
// threads, no prefetch, dy and x plain, the weight and rstd evict_last, partial rows summed by a
// second kernel. Each variant below is both kernels, timed together from a CUDA graph beside a
// copy of the bytes the backward must move (x, dy read; dx written), and checked against the
// first (dx and dw). Build: nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v.
#include "harness.cuh"

constexpr int D = 4096;
constexpr int ROWS = 16384;


// x and dy loads: 0 plain, 1 __ldg, 2 L2 evict_last policy (H for x, HD for dy).
template <int H> __device__ __forceinline__ float4 ld4(const float4* p) {
  float4 v;
  if constexpr (H == 0) v = *p;
  else if constexpr (H == 1) v = __ldg(p);
  else asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n"
           "ld.global.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], pol; }"
           : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}

// A block sum through one of two shared buffers (alternate rounds need no second barrier).
template <int T> __device__ __forceinline__ float block_sum(float v, float* sm, int& round) {
  #pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  round ^= 1;
  float* buf = sm + round * 32;
  if ((threadIdx.x & 31) == 0) buf[threadIdx.x >> 5] = v;
  __syncthreads();
  float s = buf[0];
  #pragma unroll
  for (int w = 1; w < T / 32; ++w) s += buf[w];
  return s;
}

// Rows g * rpp .. min((g + 1) * rpp, rows) of program g; PREFETCH: the next row's x and dy are
// loaded before the current row is reduced (metile's shape). dx = r w dy - x r^3 sum(x w dy) / D,
// dw partial row g = sum over the rows of dy x r.
template <int T, bool PREFETCH, int H, int HD = H>
__global__ void __launch_bounds__(T) rms_bwd(const float* __restrict__ x, const float* __restrict__ w, const float* __restrict__ dy, const float* __restrict__ rstd, float* __restrict__ dx, float* __restrict__ partial, int rows, int rpp) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[64];
  int round = 0;
  const int tid = threadIdx.x;
  const int first = blockIdx.x * rpp;
  const int last = min(first + rpp, rows);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4 wv[G], dw[G], xn[G], dn[G];
  #pragma unroll
  for (int g = 0; g < G; ++g) { wv[g] = __ldg(wr + g * T + tid); dw[g] = make_float4(0.f, 0.f, 0.f, 0.f); }
  if constexpr (PREFETCH) {
    if (first < last) {
      const float4* xr = reinterpret_cast<const float4*>(x + (size_t)first * D);
      const float4* dr = reinterpret_cast<const float4*>(dy + (size_t)first * D);
      #pragma unroll
      for (int g = 0; g < G; ++g) { xn[g] = ld4<H>(xr + g * T + tid); dn[g] = ld4<HD>(dr + g * T + tid); }
    }
  }
  for (int r = first; r < last; ++r) {
    float4 xv[G], dv[G];
    if constexpr (PREFETCH) {
      #pragma unroll
      for (int g = 0; g < G; ++g) { xv[g] = xn[g]; dv[g] = dn[g]; }
      const int nr = min(r + 1, last - 1);
      const float4* xr = reinterpret_cast<const float4*>(x + (size_t)nr * D);
      const float4* dr = reinterpret_cast<const float4*>(dy + (size_t)nr * D);
      #pragma unroll
      for (int g = 0; g < G; ++g) { xn[g] = ld4<H>(xr + g * T + tid); dn[g] = ld4<HD>(dr + g * T + tid); }
    } else {
      const float4* xr = reinterpret_cast<const float4*>(x + (size_t)r * D);
      const float4* dr = reinterpret_cast<const float4*>(dy + (size_t)r * D);
      #pragma unroll
      for (int g = 0; g < G; ++g) { xv[g] = ld4<H>(xr + g * T + tid); dv[g] = ld4<HD>(dr + g * T + tid); }
    }
    const float rs = __ldg(rstd + r);
    float acc = 0.f;
    #pragma unroll
    for (int g = 0; g < G; ++g) {
      acc += xv[g].x * wv[g].x * dv[g].x; acc += xv[g].y * wv[g].y * dv[g].y;
      acc += xv[g].z * wv[g].z * dv[g].z; acc += xv[g].w * wv[g].w * dv[g].w;
    }
    const float s = block_sum<T>(acc, sm, round);
    const float c = s * rs * rs * rs / (float)D;
    float4* o = reinterpret_cast<float4*>(dx + (size_t)r * D);
    #pragma unroll
    for (int g = 0; g < G; ++g) {
      float4 d;
      d.x = rs * wv[g].x * dv[g].x - xv[g].x * c; d.y = rs * wv[g].y * dv[g].y - xv[g].y * c;
      d.z = rs * wv[g].z * dv[g].z - xv[g].z * c; d.w = rs * wv[g].w * dv[g].w - xv[g].w * c;
      o[g * T + tid] = d;
      dw[g].x += dv[g].x * xv[g].x * rs; dw[g].y += dv[g].y * xv[g].y * rs;
      dw[g].z += dv[g].z * xv[g].z * rs; dw[g].w += dv[g].w * xv[g].w * rs;
    }
  }
  float4* pr = reinterpret_cast<float4*>(partial + (size_t)blockIdx.x * D);
  #pragma unroll
  for (int g = 0; g < G; ++g) pr[g * T + tid] = dw[g];
}

// dw[j] = sum over the P partial rows of column j, in row order.
__global__ void sum_partials(const float* __restrict__ partial, float* __restrict__ dw, int p) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= D) return;
  float s = 0.f;
  for (int i = 0; i < p; ++i) s += partial[(size_t)i * D + j];
  dw[j] = s;
}

#ifndef __CUDACC_RTC__
struct Bufs { float *x, *w, *dy, *rstd, *dx, *dxref, *partial, *dw, *dwref; };

// Largest difference relative to the reference's largest magnitude (the orders of the sums
// differ between variants); infinite on a NaN.
static double rel_diff(const float* a, const float* b, size_t n) {
  std::vector<float> ha(n), hb(n);
  CK(cudaMemcpy(ha.data(), a, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hb.data(), b, n * 4, cudaMemcpyDeviceToHost));
  double m = 0, scale = 0;
  for (size_t i = 0; i < n; ++i) {
    const double d = std::fabs((double)ha[i] - hb[i]);
    if (d != d) return INFINITY;
    m = std::max(m, d); scale = std::max(scale, std::fabs((double)hb[i]));
  }
  return m / std::max(scale, 1e-30);
}

template <typename K> void run(const char* name, K kernel, int threads, int programs, Bufs& b, float copy_ms, bool reference = false) {
  cudaFuncAttributes at; CK(cudaFuncGetAttributes(&at, kernel));
  int per_sm = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
  const int rpp = (ROWS + programs - 1) / programs;
  float* dx = reference ? b.dxref : b.dx;
  float* dw = reference ? b.dwref : b.dw;
  CK(cudaMemset(dx, 0xff, (size_t)ROWS * D * 4)); CK(cudaMemset(dw, 0xff, D * 4));
  const float ms = time_graph([&](cudaStream_t s) {
    kernel<<<programs, threads, 0, s>>>(b.x, b.w, b.dy, b.rstd, dx, b.partial, ROWS, rpp);
    sum_partials<<<D / 256, 256, 0, s>>>(b.partial, dw, programs);
  });
  const double ddx = reference ? 0 : rel_diff(b.dx, b.dxref, (size_t)ROWS * D);
  const double ddw = reference ? 0 : rel_diff(b.dw, b.dwref, D);
  const double gbs = 3.0 * ROWS * D * 4 / (ms * 1e-3) / 1e9;
  printf("%-40s %4d thr %5d prog %3d rows %3d regs %d/SM  %.4f ms  %5.0f GB/s  %.3f of copy  dx %.1e dw %.1e\n",
         name, threads, programs, rpp, at.numRegs, per_sm, ms, gbs, copy_ms / ms, ddx, ddw);
}

#ifndef RMS_BWD_NO_MAIN  // session 18 includes this file for its kernels and helpers
int main() {
  Bufs b;
  const size_t n = (size_t)ROWS * D;
  CK(cudaMalloc(&b.x, n * 4)); CK(cudaMalloc(&b.dy, n * 4)); CK(cudaMalloc(&b.dx, n * 4)); CK(cudaMalloc(&b.dxref, n * 4));
  CK(cudaMalloc(&b.w, D * 4)); CK(cudaMalloc(&b.rstd, ROWS * 4)); CK(cudaMalloc(&b.dw, D * 4)); CK(cudaMalloc(&b.dwref, D * 4));
  CK(cudaMalloc(&b.partial, (size_t)ROWS * D * 4 / 4));  // enough for 4,096 programs
  fill<<<1024, 256>>>(b.x, n, 1u, 4.f, 0.f); fill<<<1024, 256>>>(b.dy, n, 3u, 2.f, 0.f);
  fill<<<16, 256>>>(b.w, D, 7u, 1.f, 1.f); fill<<<64, 256>>>(b.rstd, ROWS, 9u, 0.5f, 1.f);
  CK(cudaDeviceSynchronize());
  // The copy moves the backward's bytes: 1.5x x's size read and written (x, dy -> dx).
  const size_t n4 = n * 3 / 2 / 4;
  float* big; CK(cudaMalloc(&big, n4 * 16 * 2));
  const float copy_ms = time_graph([&](cudaStream_t s) { copy4<<<132 * 16, 256, 0, s>>>((const float4*)big, (float4*)big + n4, n4); });
  printf("copy of the same bytes (float4, grid-stride): %.4f ms (%.0f GB/s)\n", copy_ms, 2.0 * n4 * 16 / (copy_ms * 1e-3) / 1e9);
  for (int round = 0; round < 2; ++round) {
    printf("-- round %d\n", round);
    run("A  metile's shape: prefetch, evict_last", rms_bwd<256, true, 2>, 256, 132, b, copy_ms, true);
    run("A2 prefetch, evict_last, 264", rms_bwd<256, true, 2>, 256, 264, b, copy_ms);
    run("A1 prefetch, ldg", rms_bwd<256, true, 1>, 256, 264, b, copy_ms);
    run("A0 prefetch, plain", rms_bwd<256, true, 0>, 256, 264, b, copy_ms);
    run("B  no prefetch, evict_last, 264", rms_bwd<256, false, 2>, 256, 264, b, copy_ms);
    run("B5 no prefetch, evict_last, 528", rms_bwd<256, false, 2>, 256, 528, b, copy_ms);
    run("C  no prefetch, plain, 1024 (compile)", rms_bwd<256, false, 0>, 256, 1024, b, copy_ms);
    run("C2 no prefetch, evict_last, 1024", rms_bwd<256, false, 2>, 256, 1024, b, copy_ms);
    run("C1 no prefetch, ldg, 1024", rms_bwd<256, false, 1>, 256, 1024, b, copy_ms);
    run("D  no prefetch, evict_last, 2048", rms_bwd<256, false, 2>, 256, 2048, b, copy_ms);
    run("D0 no prefetch, plain, 2048", rms_bwd<256, false, 0>, 256, 2048, b, copy_ms);
    run("E  prefetch, evict_last, 528", rms_bwd<256, true, 2>, 256, 528, b, copy_ms);
    run("E1 prefetch, evict_last, 1024", rms_bwd<256, true, 2>, 256, 1024, b, copy_ms);
    run("F  512 thr, prefetch, evict_last, 264", rms_bwd<512, true, 2>, 512, 264, b, copy_ms);
    run("F1 512 thr, no prefetch, evict_last, 1024", rms_bwd<512, false, 2>, 512, 1024, b, copy_ms);
    run("F0 512 thr, no prefetch, plain, 1024", rms_bwd<512, false, 0>, 512, 1024, b, copy_ms);
    run("G1 no prefetch, 1024, evict_last x only", rms_bwd<256, false, 2, 0>, 256, 1024, b, copy_ms);
    run("G2 no prefetch, 1024, evict_last dy only", rms_bwd<256, false, 0, 2>, 256, 1024, b, copy_ms);
    run("G3 prefetch, 264, evict_last x only", rms_bwd<256, true, 2, 0>, 256, 264, b, copy_ms);
    run("G4 prefetch, 264, evict_last dy only", rms_bwd<256, true, 0, 2>, 256, 264, b, copy_ms);
  }
  return 0;
}
#endif
#endif
