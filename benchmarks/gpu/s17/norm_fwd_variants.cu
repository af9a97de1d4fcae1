// Session 17: which structure of an f32 RMSNorm forward (16384 x 4096) reaches torch.compile's
// rate? metile's emitted kernel runs at 96% of the copy, torch.compile's two-pass Triton kernel
// at 99%, with the same DRAM bytes (session 16's ncu). Each variant below is hand-written CUDA C
// that differs from a replica of metile's kernel in one respect; all are timed the same way
// (CUDA graph of 20 launches, median of 15 replays) beside a float4 copy of the same bytes, and
// checked against the replica's output. Build: nvcc -O3 -arch=sm_90 -Xptxas -v.
#include "harness.cuh"

constexpr int D = 4096;
constexpr int N = 16384;


// Load and store flavours: 0 plain, 1 __ldg / __stcs, 2 L1::no_allocate, 3 L2::256B prefetch,
// 4 L1::evict_first, 5 L1::evict_last.
template <int K> __device__ __forceinline__ float4 ld4(const float4* p) {
  float4 v;
  if constexpr (K == 0) v = *p;
  else if constexpr (K == 1) v = __ldg(p);
  else if constexpr (K == 2) asm("ld.global.L1::no_allocate.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (K == 3) asm("ld.global.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (K == 4) asm("ld.global.L1::evict_first.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else asm("ld.global.L1::evict_last.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}
template <int K> __device__ __forceinline__ void st4(float4* p, float4 v) {
  if constexpr (K == 0) *p = v;
  else if constexpr (K == 1) __stcs(p, v);
  else asm volatile("st.global.L1::no_allocate.v4.f32 [%0], {%1,%2,%3,%4};" :: "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}

template <int T> __device__ __forceinline__ float block_sum(float v, float* sm) {
  #pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if ((threadIdx.x & 31) == 0) sm[threadIdx.x >> 5] = v;
  __syncthreads();
  float s = sm[0];
  #pragma unroll
  for (int w = 1; w < T / 32; ++w) s += sm[w];
  return s;
}

// One pass: the row held in registers (metile's shape). W_FIRST: the weight loaded before x (as
// metile emits it) or after the reduction.
template <int T, int MINB, bool W_FIRST, int LK, int SK>
__global__ void __launch_bounds__(T, MINB) rms_onepass(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[32];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float4 wv[G], xv[G];
  if constexpr (W_FIRST) {
    #pragma unroll
    for (int g = 0; g < G; ++g) wv[g] = wr[g * T + tid];
  }
  #pragma unroll
  for (int g = 0; g < G; ++g) xv[g] = ld4<LK>(xr + g * T + tid);
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) { acc += xv[g].x * xv[g].x; acc += xv[g].y * xv[g].y; acc += xv[g].z * xv[g].z; acc += xv[g].w * xv[g].w; }
  const float s = block_sum<T>(acc, sm);
  const float r = rsqrtf(s / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  if constexpr (!W_FIRST) {
    #pragma unroll
    for (int g = 0; g < G; ++g) wv[g] = wr[g * T + tid];
  }
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    float4 o;
    o.x = xv[g].x * r * wv[g].x; o.y = xv[g].y * r * wv[g].y; o.z = xv[g].z * r * wv[g].z; o.w = xv[g].w * r * wv[g].w;
    st4<SK>(yr + g * T + tid, o);
  }
}

// Two passes as torch.compile's Triton kernel: a loop over CH-column steps summing squares per
// lane, one block sum, then a second loop reloading x (from L1 if it is still there) and storing y.
template <int T, int CH, int MINB, int LK1, int LK2>
__global__ void __launch_bounds__(T, MINB) rms_twopass(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = CH / (4 * T);
  constexpr int STEPS = D / CH;
  static_assert(G > 0 && STEPS * CH == D, "CH must be a multiple of 4 T dividing D");
  __shared__ float sm[32];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float4 a[G];
  #pragma unroll
  for (int g = 0; g < G; ++g) a[g] = make_float4(0.f, 0.f, 0.f, 0.f);
  #pragma unroll 1
  for (int st = 0; st < STEPS; ++st) {
    #pragma unroll
    for (int g = 0; g < G; ++g) {
      const float4 v = ld4<LK1>(xr + st * (CH / 4) + g * T + tid);
      a[g].x += v.x * v.x; a[g].y += v.y * v.y; a[g].z += v.z * v.z; a[g].w += v.w * v.w;
    }
  }
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) acc += (a[g].x + a[g].y) + (a[g].z + a[g].w);
  const float s = block_sum<T>(acc, sm);
  const float r = rsqrtf(s / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  #pragma unroll 1
  for (int st = 0; st < STEPS; ++st) {
    #pragma unroll
    for (int g = 0; g < G; ++g) {
      const int i = st * (CH / 4) + g * T + tid;
      const float4 v = ld4<LK2>(xr + i);
      const float4 wv = ld4<5>(wr + i);
      float4 o;
      o.x = v.x * r * wv.x; o.y = v.y * r * wv.y; o.z = v.z * r * wv.z; o.w = v.w * r * wv.w;
      yr[i] = o;
    }
  }
}

// torch.compile's kernel as its PTX reads (Triton 3.6, R0_BLOCK 4096, 16 warps): x loaded with an
// L1 evict_last and an L2 evict_last policy, summed; then the weight (evict_last) and x again
// (L1 evict_first, L2 evict_first policy: mostly L1 hits), scaled and stored.
__device__ __forceinline__ float4 ld4_policy_last(const float4* p) {
  float4 v;
  asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\n"
      "ld.global.L1::evict_last.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], pol; }"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}
__device__ __forceinline__ float4 ld4_policy_first(const float4* p) {
  float4 v;
  asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;\n"
      "ld.global.L1::evict_first.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], pol; }"
      : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  return v;
}
// x loaded with hint set H: bit 0 an L1 hint (FIRST: evict_last, else evict_first), bit 1 an L2
// policy (FIRST: evict_last, else evict_first); 0 is a plain load.
template <bool FIRST, int H> __device__ __forceinline__ float4 ld4_hint(const float4* p) {
  float4 v;
  if constexpr (H == 0) v = *p;
  else if constexpr (H == 1 && FIRST) asm("ld.global.L1::evict_last.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (H == 1) asm("ld.global.L1::evict_first.v4.f32 {%0,%1,%2,%3}, [%4];" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (H == 2 && FIRST) asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0;\nld.global.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], pol; }" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (H == 2) asm("{ .reg .b64 pol; createpolicy.fractional.L2::evict_first.b64 pol, 1.0;\nld.global.L2::cache_hint.v4.f32 {%0,%1,%2,%3}, [%4], pol; }" : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
  else if constexpr (FIRST) v = ld4_policy_last(p);
  else v = ld4_policy_first(p);
  return v;
}
// The reloading RMSNorm forward with the hints chosen per load: FH for the first load of x, RH
// for its reload, WH (0 plain, 3 evict_last L1 + L2) for the weight.
template <int T, int FH, int RH, int WH>
__global__ void __launch_bounds__(T) rms_remat(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[32];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 v = ld4_hint<true, FH>(xr + g * T + tid);
    acc += v.x * v.x; acc += v.y * v.y; acc += v.z * v.z; acc += v.w * v.w;
  }
  const float s = block_sum<T>(acc, sm);
  const float r = rsqrtf(s / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 wv = ld4_hint<true, WH>(wr + g * T + tid);
    const float4 v = ld4_hint<false, RH>(xr + g * T + tid);
    float4 o;
    o.x = v.x * r * wv.x; o.y = v.y * r * wv.y; o.z = v.z * r * wv.z; o.w = v.w * r * wv.w;
    yr[g * T + tid] = o;
  }
}
// LayerNorm as torch.compile's kernel: the mean, then the centred squares (x reloaded), then the
// output (x reloaded again), with its hints (FH on the first two loads, RH on the last). The
// weight and bias share one buffer here (w as weight and as bias): the bytes moved are the same.
template <int T, int FH, int RH>
__global__ void __launch_bounds__(T) ln_remat(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[64];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) { const float4 v = ld4_hint<true, FH>(xr + g * T + tid); acc += (v.x + v.y) + (v.z + v.w); }
  const float mean = block_sum<T>(acc, sm) / (float)D;
  float acc2 = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 v = ld4_hint<true, FH>(xr + g * T + tid);
    const float a = v.x - mean, b2 = v.y - mean, c = v.z - mean, d = v.w - mean;
    acc2 += a * a; acc2 += b2 * b2; acc2 += c * c; acc2 += d * d;
  }
  const float r = rsqrtf(block_sum<T>(acc2, sm + 32) / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 v = ld4_hint<false, RH>(xr + g * T + tid);
    const float4 wv = ld4_policy_last(wr + g * T + tid);
    const float4 bv = ld4_policy_last(wr + g * T + tid);
    float4 o;
    o.x = (v.x - mean) * r * wv.x + bv.x; o.y = (v.y - mean) * r * wv.y + bv.y; o.z = (v.z - mean) * r * wv.z + bv.z; o.w = (v.w - mean) * r * wv.w + bv.w;
    yr[g * T + tid] = o;
  }
}
// LayerNorm held in registers (metile's shape): two block sums over the held row.
template <int T>
__global__ void __launch_bounds__(T) ln_onepass(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[64];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float4 wv[G], bv[G], xv[G];
  #pragma unroll
  for (int g = 0; g < G; ++g) { wv[g] = wr[g * T + tid]; bv[g] = wr[g * T + tid]; }
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) { xv[g] = xr[g * T + tid]; acc += (xv[g].x + xv[g].y) + (xv[g].z + xv[g].w); }
  const float mean = block_sum<T>(acc, sm) / (float)D;
  float acc2 = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float a = xv[g].x - mean, b2 = xv[g].y - mean, c = xv[g].z - mean, d = xv[g].w - mean;
    acc2 += a * a; acc2 += b2 * b2; acc2 += c * c; acc2 += d * d;
  }
  const float r = rsqrtf(block_sum<T>(acc2, sm + 32) / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    float4 o;
    o.x = (xv[g].x - mean) * r * wv[g].x + bv[g].x; o.y = (xv[g].y - mean) * r * wv[g].y + bv[g].y; o.z = (xv[g].z - mean) * r * wv[g].z + bv[g].z; o.w = (xv[g].w - mean) * r * wv[g].w + bv[g].w;
    yr[g * T + tid] = o;
  }
}

template <int T, int MINB>
__global__ void __launch_bounds__(T, MINB) rms_triton(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y, float* __restrict__ rstd, float eps) {
  constexpr int G = D / (4 * T);
  __shared__ float sm[32];
  const int tid = threadIdx.x;
  const size_t row = blockIdx.x;
  const float4* xr = reinterpret_cast<const float4*>(x + row * D);
  const float4* wr = reinterpret_cast<const float4*>(w);
  float4* yr = reinterpret_cast<float4*>(y + row * D);
  float acc = 0.f;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 v = ld4_policy_last(xr + g * T + tid);
    acc += v.x * v.x; acc += v.y * v.y; acc += v.z * v.z; acc += v.w * v.w;
  }
  const float s = block_sum<T>(acc, sm);
  const float r = rsqrtf(s / (float)D + eps);
  if (tid == 0) rstd[row] = r;
  #pragma unroll
  for (int g = 0; g < G; ++g) {
    const float4 wv = ld4_policy_last(wr + g * T + tid);
    const float4 v = ld4_policy_first(xr + g * T + tid);
    float4 o;
    o.x = v.x * r * wv.x; o.y = v.y * r * wv.y; o.z = v.z * r * wv.z; o.w = v.w * r * wv.w;
    yr[g * T + tid] = o;
  }
}

#ifndef __CUDACC_RTC__
struct Bufs { float *x, *w, *y, *rstd, *yref; };

static float max_diff(const float* a, const float* b, size_t n) {
  std::vector<float> ha(n), hb(n);
  CK(cudaMemcpy(ha.data(), a, n * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hb.data(), b, n * 4, cudaMemcpyDeviceToHost));
  float m = 0.f;
  for (size_t i = 0; i < n; ++i) {
    const float d = std::fabs(ha[i] - hb[i]);
    if (d != d) return INFINITY;
    m = std::max(m, d);
  }
  return m;
}

template <typename K> void run(const char* name, K kernel, int threads, Bufs& b, float copy_ms, bool reference = false, int cap = 0) {
  cudaFuncAttributes at; CK(cudaFuncGetAttributes(&at, kernel));
  // cap > 0: at most `cap` programs per multiprocessor, by asking for dynamic shared memory
  const int dyn = cap > 0 ? ((227 * 1024) / cap - 1024 - 256) / 128 * 128 : 0;
  if (dyn > 48 * 1024) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn));
  int per_sm = 0; CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, dyn));
  float* out = reference ? b.yref : b.y;
  CK(cudaMemset(out, 0xff, (size_t)N * D * 4));
  const float ms = time_graph([&](cudaStream_t s) { kernel<<<N, threads, dyn, s>>>(b.x, b.w, out, b.rstd, 1e-6f); });
  const float diff = reference ? 0.f : max_diff(b.y, b.yref, (size_t)N * D);
  const double gbs = 2.0 * N * D * 4 / (ms * 1e-3) / 1e9;
  printf("%-44s %4d thr %3d regs %2d/SM  %.4f ms  %6.0f GB/s  %.3f of copy  maxdiff %.2e\n", name, threads, at.numRegs, per_sm, ms, gbs, copy_ms / ms, diff);
}

int main(int argc, char** argv) {
  Bufs b;
  const size_t n = (size_t)N * D;
  CK(cudaMalloc(&b.x, n * 4)); CK(cudaMalloc(&b.y, n * 4)); CK(cudaMalloc(&b.yref, n * 4)); CK(cudaMalloc(&b.w, D * 4)); CK(cudaMalloc(&b.rstd, N * 4));
  fill<<<1024, 256>>>(b.x, n, 1u, 4.f, 0.f); fill<<<16, 256>>>(b.w, D, 7u, 1.f, 1.f);
  CK(cudaDeviceSynchronize());
  const size_t n4 = n / 4;
  const float copy_ms = time_graph([&](cudaStream_t s) { copy4<<<132 * 16, 256, 0, s>>>((const float4*)b.x, (float4*)b.y, n4); });
  const float memcpy_ms = time_graph([&](cudaStream_t s) { cudaMemcpyAsync(b.y, b.x, n * 4, cudaMemcpyDeviceToDevice, s); });
  printf("copy float4 grid-stride %.4f ms (%.0f GB/s); cudaMemcpy D2D %.4f ms (%.0f GB/s)\n", copy_ms, 2.0 * n * 4 / (copy_ms * 1e-3) / 1e9, memcpy_ms, 2.0 * n * 4 / (memcpy_ms * 1e-3) / 1e9);
  for (int round = 0; round < 2; ++round) {
    printf("-- round %d\n", round);
    run("A  replica: 256, w first, plain", rms_onepass<256, 1, true, 0, 0>, 256, b, copy_ms, true);
    run("C  512 one-pass (3 per SM)", rms_onepass<512, 1, true, 0, 0>, 512, b, copy_ms);
    run("R  Triton replica 512", rms_triton<512, 1>, 512, b, copy_ms);
    run("M33 remat 512, both hints, w hinted", rms_remat<512, 3, 3, 3>, 512, b, copy_ms);
    run("M00 remat 512, no hints", rms_remat<512, 0, 0, 0>, 512, b, copy_ms);
    run("M11 remat 512, L1 hints only", rms_remat<512, 1, 1, 0>, 512, b, copy_ms);
    run("M22 remat 512, L2 policies only", rms_remat<512, 2, 2, 0>, 512, b, copy_ms);
    run("M10 remat 512, L1 evict_last first only", rms_remat<512, 1, 0, 0>, 512, b, copy_ms);
    run("M01 remat 512, L1 evict_first reload only", rms_remat<512, 0, 1, 0>, 512, b, copy_ms);
    run("M20 remat 512, L2 evict_last first only", rms_remat<512, 2, 0, 0>, 512, b, copy_ms);
    run("M02 remat 512, L2 evict_first reload only", rms_remat<512, 0, 2, 0>, 512, b, copy_ms);
    run("M30 remat 512, both on first only", rms_remat<512, 3, 0, 0>, 512, b, copy_ms);
    run("M33p remat 512, both, w plain", rms_remat<512, 3, 3, 0>, 512, b, copy_ms);
    run("M33/256 remat 256, both, w hinted", rms_remat<256, 3, 3, 3>, 256, b, copy_ms);
    run("M33/1024 remat 1024, both, w hinted", rms_remat<1024, 3, 3, 3>, 1024, b, copy_ms);
    run("LA LayerNorm one-pass 256 (metile)", ln_onepass<256>, 256, b, copy_ms);
    run("LC LayerNorm one-pass 512", ln_onepass<512>, 512, b, copy_ms);
    run("LR LayerNorm Triton replica 512", ln_remat<512, 3, 3>, 512, b, copy_ms);
    run("LR00 LayerNorm remat 512, no hints", ln_remat<512, 0, 0>, 512, b, copy_ms);
    run("LR11 LayerNorm remat 512, L1 hints", ln_remat<512, 1, 1>, 512, b, copy_ms);
    run("LR/256 LayerNorm Triton replica 256", ln_remat<256, 3, 3>, 256, b, copy_ms);
  }
  return 0;
}
#endif
