// Session 18: RoPE's bf16 forward at ANCHORS.md's shape (q 8x32x2048x128, k 8x8x2048x128, shared
// cos/sin 2048x128) by hand, against metile's generated kernel (verbatim in
// gen_rope_fwd_bf16.cuh: q and k in one launch, 32 rows of 256 threads per program, 48
// registers; 0.085 ms in `metile bench`) and a replica of torch.compile's (0.0825 ms in
// peers.py; captured in benchmarks/results/h200-2026-12-01r/call1: one flat pointwise kernel
// per tensor, 128 threads of one 16-byte vector each, x loaded plainly, the partner half and the
// tables with L1::evict_last + an L2 evict_last policy). One change per variant. Each is timed
// from a CUDA graph beside a copy of the same bytes and checked against the first.
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v.
#include "gen_rope_fwd_bf16.cuh"
#ifdef ROPE_VARIANTS
#include "rope_variants.cuh"  // written by s18/rope_variants.py
#endif
#include "../s17/harness.cuh"
#ifndef __CUDACC_RTC__
#include <cstring>
#endif

constexpr int T = 2048, DH = 128, HQ = 32, HK = 8, BATCH = 8;
constexpr int VPR = DH / 8;  // 16-byte vectors per row

// Loads of 16 bytes: 0 plain, 1 L2 evict_last policy, 2 L1::evict_last with the L2 policy
// (torch.compile's), 3 __ldg.
template <int H> __device__ __forceinline__ uint4 ld(const uint4* p) {
  uint4 v;
  if constexpr (H == 0) v = *p;
  else if constexpr (H == 1) asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n"
                                 "ld.global.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol; }"
                                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  else if constexpr (H == 2) asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n"
                                 "ld.global.L1::evict_last.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol; }"
                                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  else v = __ldg(p);
  return v;
}

__device__ __forceinline__ void unpack(uint4 u, float f[8]) {
  const unsigned w[4] = {u.x, u.y, u.z, u.w};
  #pragma unroll
  for (int i = 0; i < 4; ++i) { f[2 * i] = __uint_as_float(w[i] << 16); f[2 * i + 1] = __uint_as_float(w[i] & 0xffff0000u); }
}
__device__ __forceinline__ uint4 pack(const float f[8]) {
  unsigned w[4];
  #pragma unroll
  for (int i = 0; i < 4; ++i) w[i] = (unsigned)mt_f32_to_bf16(f[2 * i]) | ((unsigned)mt_f32_to_bf16(f[2 * i + 1]) << 16);
  return make_uint4(w[0], w[1], w[2], w[3]);
}

// metile's shape by hand: ROWS rows per program, 8 threads per row, each thread one vector of
// each half (x1, x2, cos1, cos2, sin1, sin2 loaded, y1, y2 stored); q's programs then k's.
// XH: hint of x's loads, TH: of the tables'.
// RT: the table row from a run-time T (an integer division, as metile's kernel finds it).
template <int ROWS, int XH, int TH, int MINB, bool RT = false>
__global__ void __launch_bounds__(ROWS * 8, MINB) rope_rows(const uint4* __restrict__ x, const uint4* __restrict__ cs, const uint4* __restrict__ sn, uint4* __restrict__ y,
                                                        int n_rows, const uint4* __restrict__ x2, uint4* __restrict__ y2, int n_rows2, int programs, int t) {
  int pid = blockIdx.x;
  const uint4* X = x; uint4* Y = y; int n = n_rows;
  if (pid >= programs) { pid -= programs; X = x2; Y = y2; n = n_rows2; }
  const int row = pid * ROWS + (int)(threadIdx.x >> 3), v = threadIdx.x & 7;
  if (row >= n) return;
  const size_t base = (size_t)row * VPR;
  const int trow = (RT ? row % t : row % T) * VPR;
  float a[8], b[8], c1[8], c2[8], s1[8], s2[8], o1[8], o2[8];
  unpack(ld<XH>(X + base + v), a); unpack(ld<XH>(X + base + 8 + v), b);
  unpack(ld<TH>(cs + trow + v), c1); unpack(ld<TH>(cs + trow + 8 + v), c2);
  unpack(ld<TH>(sn + trow + v), s1); unpack(ld<TH>(sn + trow + 8 + v), s2);
  #pragma unroll
  for (int i = 0; i < 8; ++i) { o1[i] = a[i] * c1[i] - b[i] * s1[i]; o2[i] = b[i] * c2[i] + a[i] * s2[i]; }
  Y[base + v] = pack(o1); Y[base + 8 + v] = pack(o2);
}

// torch.compile's shape: one 16-byte vector per thread, 128 threads, flat over the tensor; the
// partner half read again (a cache hit). XH: x's own load, PH: the partner's, TH: the tables'.
// Over two tensors in one launch when programs < gridDim.x.
template <int XH, int PH, int TH>
__global__ void __launch_bounds__(128) rope_flat(const uint4* __restrict__ x, const uint4* __restrict__ cs, const uint4* __restrict__ sn, uint4* __restrict__ y,
                                                 const uint4* __restrict__ x2, uint4* __restrict__ y2, int programs) {
  int pid = blockIdx.x;
  const uint4* X = x; uint4* Y = y;
  if (pid >= programs) { pid -= programs; X = x2; Y = y2; }
  const size_t i = (size_t)pid * 128 + threadIdx.x;
  const int col = (int)(i % VPR);
  const int trow = (int)((i / VPR) % T) * VPR;
  float a[8], p[8], c[8], s[8], o[8];
  unpack(ld<XH>(X + i), a);
  unpack(col < 8 ? ld<PH>(X + i + 8) : ld<PH>(X + i - 8), p);
  unpack(ld<TH>(cs + trow + col), c); unpack(ld<TH>(sn + trow + col), s);
  const float sign = col < 8 ? -1.f : 1.f;
  #pragma unroll
  for (int k = 0; k < 8; ++k) o[k] = a[k] * c[k] + sign * p[k] * s[k];
  Y[i] = pack(o);
}

__global__ void fill_bf16(mt_u16* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned h = (unsigned)i * 2654435761u ^ seed;
    h ^= h >> 15; h *= 2246822519u; h ^= h >> 13; h *= 3266489917u; h ^= h >> 16;
    p[i] = mt_f32_to_bf16(2.f * ((h & 0xffffff) / 16777216.0f - 0.5f));
  }
}

#ifndef __CUDACC_RTC__
struct Bufs { mt_u16 *q, *k, *cs, *sn, *yq, *yk, *rq, *rk; };
constexpr size_t NQ = (size_t)BATCH * HQ * T * DH, NK = (size_t)BATCH * HK * T * DH;

// Largest |a - b| over both outputs (bf16, as floats); infinite on a NaN.
static double max_diff(const Bufs& b) {
  double m = 0;
  for (int which = 0; which < 2; ++which) {
    const size_t n = which ? NK : NQ;
    std::vector<mt_u16> ha(n), hb(n);
    CK(cudaMemcpy(ha.data(), which ? b.yk : b.yq, n * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hb.data(), which ? b.rk : b.rq, n * 2, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i) {
      unsigned ua = (unsigned)ha[i] << 16, ub = (unsigned)hb[i] << 16;
      float fa, fb; memcpy(&fa, &ua, 4); memcpy(&fb, &ub, 4);
      const double d = std::fabs((double)fa - fb);
      if (d != d) return INFINITY;
      m = std::max(m, d);
    }
  }
  return m;
}

template <typename L> void run(const char* name, const void* kernel, Bufs& b, float copy_ms, L launch, bool reference = false) {
  cudaFuncAttributes at; CK(cudaFuncGetAttributes(&at, kernel));
  CK(cudaMemset(b.yq, 0xff, NQ * 2)); CK(cudaMemset(b.yk, 0xff, NK * 2));
  const float ms = time_graph([&](cudaStream_t s) { launch(s); });
  if (reference) { CK(cudaMemcpy(b.rq, b.yq, NQ * 2, cudaMemcpyDeviceToDevice)); CK(cudaMemcpy(b.rk, b.yk, NK * 2, cudaMemcpyDeviceToDevice)); }
  const double d = reference ? 0 : max_diff(b);
  const double bytes = 2.0 * (NQ + NK) * 2 + 2.0 * T * DH * 2;
  printf("%-46s %3d regs %3d B spill  %.4f ms  %5.0f GB/s  %.3f of copy  max diff %.1e\n", name, at.numRegs, (int)at.localSizeBytes,
         ms, bytes / (ms * 1e-3) / 1e9, copy_ms / ms, d);
}

int main() {
  Bufs b;
  CK(cudaMalloc(&b.q, NQ * 2)); CK(cudaMalloc(&b.k, NK * 2)); CK(cudaMalloc(&b.yq, NQ * 2)); CK(cudaMalloc(&b.yk, NK * 2));
  CK(cudaMalloc(&b.rq, NQ * 2)); CK(cudaMalloc(&b.rk, NK * 2)); CK(cudaMalloc(&b.cs, T * DH * 2)); CK(cudaMalloc(&b.sn, T * DH * 2));
  fill_bf16<<<1024, 256>>>(b.q, NQ, 1u); fill_bf16<<<1024, 256>>>(b.k, NK, 2u);
  fill_bf16<<<64, 256>>>(b.cs, (size_t)T * DH, 3u); fill_bf16<<<64, 256>>>(b.sn, (size_t)T * DH, 4u);
  CK(cudaDeviceSynchronize());
  const size_t n4 = (NQ + NK) * 2 / 16;
  float* big; CK(cudaMalloc(&big, n4 * 16 * 2));
  const float copy_ms = time_graph([&](cudaStream_t s) { copy4<<<132 * 16, 256, 0, s>>>((const float4*)big, (float4*)big + n4, n4); });
  printf("copy of x's bytes (float4, grid-stride): %.4f ms (%.0f GB/s)\n", copy_ms, 2.0 * n4 * 16 / (copy_ms * 1e-3) / 1e9);
  const int rq = BATCH * HQ * T, rk = BATCH * HK * T;
  const uint4 *q = (const uint4*)b.q, *k = (const uint4*)b.k, *cs = (const uint4*)b.cs, *sn = (const uint4*)b.sn;
  uint4 *yq = (uint4*)b.yq, *yk = (uint4*)b.yk;
  auto rows = [&](const char* name, auto kern, int r) {
    const int pq = (rq + r - 1) / r, pk = (rk + r - 1) / r;
    run(name, (const void*)kern, b, copy_ms, [&](cudaStream_t s) { kern<<<pq + pk, r * 8, 0, s>>>(q, cs, sn, yq, rq, k, yk, rk, pq, T); });
  };
  auto flat = [&](const char* name, auto kern, bool two, bool reference = false) {
    const int pq = (int)(NQ / 8 / 128), pk = (int)(NK / 8 / 128);
    run(name, (const void*)kern, b, copy_ms, [&](cudaStream_t s) {
      if (two) { kern<<<pq, 128, 0, s>>>(q, cs, sn, yq, q, yq, pq); kern<<<pk, 128, 0, s>>>(k, cs, sn, yk, k, yk, pk); }
      else kern<<<pq + pk, 128, 0, s>>>(q, cs, sn, yq, k, yk, pq);
    }, reference);
  };
  for (int round = 0; round < 2; ++round) {
    printf("-- round %d\n", round);
    flat("C  compile's: flat, two launches", rope_flat<0, 2, 2>, true, true);
    {
      const int pq = rq / 32, pk = rk / 32;
      run("M  metile's generated kernel", (const void*)mt_rope_fwd, b, copy_ms, [&](cudaStream_t s) {
        mt_rope_fwd<<<pq + pk, 256, 0, s>>>(b.q, b.cs, b.sn, b.yq, DH, DH / 2, T, HQ * T, 0, rq, b.k, b.yk, HK * T, rk, pq);
      });
    }
    flat("C1 flat, one launch", rope_flat<0, 2, 2>, false);
    flat("C2 flat, two launches, all plain", rope_flat<0, 0, 0>, true);
    flat("C3 flat, two launches, tables L2 only", rope_flat<0, 0, 1>, true);
    rows("H  metile's shape by hand: 32 rows, plain", rope_rows<32, 0, 0, 5>, 32);
    rows("H1 32 rows, tables L1+L2 evict_last", rope_rows<32, 0, 2, 5>, 32);
    rows("H2 32 rows, tables L2 evict_last", rope_rows<32, 0, 1, 5>, 32);
    rows("H3 32 rows, tables __ldg", rope_rows<32, 0, 3, 5>, 32);
    rows("H4 16 rows (128 thr), tables L1+L2", rope_rows<16, 0, 2, 1>, 16);
    rows("H5 64 rows (512 thr), tables L1+L2", rope_rows<64, 0, 2, 1>, 64);
    rows("H6 32 rows, no min, tables L1+L2", rope_rows<32, 0, 2, 1>, 32);
    rows("H7 8 rows (64 thr), tables L1+L2", rope_rows<8, 0, 2, 1>, 8);
    rows("H8 32 rows, plain, run-time T", rope_rows<32, 0, 0, 5, true>, 32);
#ifdef ROPE_VARIANTS
    // metile's kernel edited by s18/rope_variants.py: b without the general (unaligned) body,
    // c without the register budget (__launch_bounds__(256)), d both.
    const int pq = rq / 32, pk = rk / 32;
    run("Mb metile's, general body removed", (const void*)mt_rope_fwd_b, b, copy_ms, [&](cudaStream_t s) {
      mt_rope_fwd_b<<<pq + pk, 256, 0, s>>>(b.q, b.cs, b.sn, b.yq, DH, DH / 2, T, HQ * T, 0, rq, b.k, b.yk, HK * T, rk, pq); });
    run("Mc metile's, no register budget", (const void*)mt_rope_fwd_c, b, copy_ms, [&](cudaStream_t s) {
      mt_rope_fwd_c<<<pq + pk, 256, 0, s>>>(b.q, b.cs, b.sn, b.yq, DH, DH / 2, T, HQ * T, 0, rq, b.k, b.yk, HK * T, rk, pq); });
    run("Md metile's, both", (const void*)mt_rope_fwd_d, b, copy_ms, [&](cudaStream_t s) {
      mt_rope_fwd_d<<<pq + pk, 256, 0, s>>>(b.q, b.cs, b.sn, b.yq, DH, DH / 2, T, HQ * T, 0, rq, b.k, b.yk, HK * T, rk, pq); });
#endif
  }
  return 0;
}
#endif
