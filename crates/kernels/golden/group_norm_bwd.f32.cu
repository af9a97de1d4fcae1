typedef unsigned short mt_u16;
typedef unsigned char mt_u8;
typedef long long mt_i64;
__device__ __forceinline__ float mt_bf16_to_f32(mt_u16 h) { return __uint_as_float(((unsigned)h) << 16); }
__device__ __forceinline__ mt_u16 mt_f32_to_bf16(float x) { mt_u16 h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h; }
__device__ __forceinline__ float mt_f16_to_f32(mt_u16 h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ mt_u16 mt_f32_to_f16(float x) { mt_u16 h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x)); return h; }
__device__ __forceinline__ float mt_round_bf16(float x) { return mt_bf16_to_f32(mt_f32_to_bf16(x)); }
__device__ __forceinline__ float mt_round_f16(float x) { return mt_f16_to_f32(mt_f32_to_f16(x)); }
__device__ __forceinline__ float mt_d2bf16(double x) {
  unsigned long long b = (unsigned long long)__double_as_longlong(x);
  b = (b + (1ull << 44) - 1ull + ((b >> 45) & 1ull)) & ~((1ull << 45) - 1ull);
  return (float)__longlong_as_double((long long)b);
}
// NaN-propagating min/max: one instruction from sm_80 on, the same results either way.
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ float mt_minf(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float mt_maxf(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
#endif
// Vector loads under an L2 evict_last policy (`Kernel::l2_evict_last`), where it was measured
// (sm_90, the H200); plain loads on earlier architectures.
#if __CUDA_ARCH__ >= 900
#define MT_LD_POLICY "{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0; "
__device__ __forceinline__ uint4 mt_ld_evict_last(const uint4* p) { uint4 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol; }" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p)); return v; }
__device__ __forceinline__ uint2 mt_ld_evict_last(const uint2* p) { uint2 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v2.u32 {%0,%1}, [%2], pol; }" : "=r"(v.x), "=r"(v.y) : "l"(p)); return v; }
__device__ __forceinline__ unsigned mt_ld_evict_last(const unsigned* p) { unsigned v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.u32 %0, [%1], pol; }" : "=r"(v) : "l"(p)); return v; }
#else
template <typename W> __device__ __forceinline__ W mt_ld_evict_last(const W* p) { return *p; }
#endif
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
__device__ __forceinline__ float mt_exp(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f)); return r; }
__device__ __forceinline__ float mt_sigmoid(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(-x))); return r; }
__device__ __forceinline__ float mt_div(float x, float y) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }
__device__ __forceinline__ float mt_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float mt_tanh(float x) {
  const float a = fabsf(x), x2 = x * x;
  const float p = x * fmaf(x2, fmaf(x2, fmaf(x2, fmaf(x2, 0.021869488f, -0.053968254f), 0.13333334f), -0.33333334f), 1.0f);
  float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(2.0f * a)));
  return a < 0.25f ? p : copysignf(fmaf(-2.0f, r, 1.0f), x);
}
#define MT_THREADS 512
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_group_norm_bwd(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, int p8, int p9, int p10, int p11, int p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16384];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && (p9 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
  if (mt_fast) {
    int v0 = p8;
    int v1 = p9;
    int v2 = p10;
    int v3 = p11;
    int v4 = p12;
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (mt_i64)(v1);
    mt_i64 v8 = (v6 * v7);
    float v9 = (float)(v8);
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    int v12 = (int)blockIdx.x;
    int v13 = (int)((v12 * v4));
    int v14 = (int)((v13 + v4));
    int v15 = (int)((v14 < v3 ? v14 : v3));
    int v19 = 1;
    for (int v20 = v13; v20 < v15; v20 += v19) {
      mt_i64 v21 = (mt_i64)(v20);
      mt_i64 v22 = (v21 * v8);
      int v23 = (int)((v2 == 0 ? 0 : v20 % v2));
      int v24 = (int)((v23 * v0));
      mt_i64 v25 = (mt_i64)(v24);
      int v119[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v119[s] = (int)(0 + MT_FLAT(s));
      int v120[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v120[s] = v119[s];
      int v121[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v121[s] = 1024;
      int v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = (int)((v121[s] == 0 ? 0 : v120[s] / v121[s]));
      int v124[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v124[s] = (int)((v121[s] == 0 ? 0 : v120[s] % v121[s]));
      int v125[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v125[s] = v1;
      bool v126[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v126[s] = (v124[s] < v125[s]);
      mt_i64 v30[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = (mt_i64)(v122[s]);
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = v7;
      mt_i64 v135[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v135[s] = (v133[s] * v134[s]);
      mt_i64 v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = (mt_i64)(v124[s]);
      mt_i64 v39[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v39[s] = (v135[s] + v142[s]);
      mt_i64 v40[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v40[s] = v22;
      mt_i64 v41[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v42[s] = v25;
      mt_i64 v43[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v45[g + k] = v44; }
        }
      }
      float v47[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v47[g + k] = v44; }
        }
      }
      float v51 = true ? p3[v21] : 0;
      float v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = v51;
      float v53[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v53[s] = (v45[s] - v52[s]);
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = 0.0f;
      float v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = (v126[s] ? v53[s] : v55[s]);
      mt_i64 v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = v25;
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v133[s] + v150[s]);
      float v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v152[s] = (true) ? p1[v151[s]] : 0; }
      float v58[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v58[s] = (v152[s] * v47[s]);
      float v59[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v59[s] = (v58[s] * v56[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v56[s]; }
      __syncthreads();
      float v60[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v60[s] = acc; } else { v60[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc2 = (acc2 + v60[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v61 = acc2;
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v59[s]; }
      __syncthreads();
      float v62[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v62[s] = acc; } else { v62[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc4 = (acc4 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v63 = acc4;
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v58[s]; }
      __syncthreads();
      float v64[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v64[s] = acc; } else { v64[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc6 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc6 = (acc6 + v64[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc6;
      __syncthreads();
      acc6 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v65 = acc6;
      float v66 = mt_div(v61, v9);
      float v67 = true ? p4[v21] : 0;
      float v68 = (v66 * v65);
      float v69 = (v63 - v68);
      float v70 = (v69 * v67);
      float v71 = mt_div(v70, v9);
      float v72 = mt_div(v65, v9);
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = 0.0f;
      float v77[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v77[s] = v66;
      float v78[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v78[s] = (v53[s] - v77[s]);
      float v79[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v79[s] = v67;
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = (v78[s] * v79[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = v71;
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v80[s] * v83[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v58[s] - v84[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v72;
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v85[s] - v86[s]);
      float v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v79[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v89[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = (v47[s] * v80[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v90[s]; }
      __syncthreads();
      float v91[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v91[s] = acc; } else { v91[s] = 0; } }
      __syncthreads();
      float v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = (v73[s] + v91[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v47[s]; }
      __syncthreads();
      float v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v93[s] = acc; } else { v93[s] = 0; } }
      __syncthreads();
      float v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v94[s] = (v73[s] + v93[s]);
      mt_i64 v114 = (v21 * v6);
      mt_i64 v116[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v116[s] = (v43[s] - v42[s]);
      mt_i64 v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v117[s] = v114;
      mt_i64 v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v118[s] = (v117[s] + v116[s]);
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v118[g];
        if ((MT_FLAT(g) < 4)) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v92[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        }
      }
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v118[g];
        if ((MT_FLAT(g) < 4)) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v94[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        }
      }
    }
  } else {
    int v0 = p8;
    int v1 = p9;
    int v2 = p10;
    int v3 = p11;
    int v4 = p12;
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (mt_i64)(v1);
    mt_i64 v8 = (v6 * v7);
    float v9 = (float)(v8);
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    int v12 = (int)blockIdx.x;
    int v13 = (int)((v12 * v4));
    int v14 = (int)((v13 + v4));
    int v15 = (int)((v14 < v3 ? v14 : v3));
    int v19 = 1;
    for (int v20 = v13; v20 < v15; v20 += v19) {
      mt_i64 v21 = (mt_i64)(v20);
      mt_i64 v22 = (v21 * v8);
      int v23 = (int)((v2 == 0 ? 0 : v20 % v2));
      int v24 = (int)((v23 * v0));
      mt_i64 v25 = (mt_i64)(v24);
      int v119[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v119[s] = (int)(0 + MT_FLAT(s));
      int v120[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v120[s] = v119[s];
      int v121[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v121[s] = 1024;
      int v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = (int)((v121[s] == 0 ? 0 : v120[s] / v121[s]));
      int v124[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v124[s] = (int)((v121[s] == 0 ? 0 : v120[s] % v121[s]));
      int v125[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v125[s] = v1;
      bool v126[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v126[s] = (v124[s] < v125[s]);
      mt_i64 v30[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = (mt_i64)(v122[s]);
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = v7;
      mt_i64 v135[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v135[s] = (v133[s] * v134[s]);
      mt_i64 v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = (mt_i64)(v124[s]);
      mt_i64 v39[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v39[s] = (v135[s] + v142[s]);
      mt_i64 v40[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v40[s] = v22;
      mt_i64 v41[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v42[s] = v25;
      mt_i64 v43[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g + 0]) && (true && v126[g + 1]) && (true && v126[g + 2]) && (true && v126[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v45[s] = (true && v126[s]) ? p0[i0 + k] : v44; }
        }
      }
      float v47[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g + 0]) && (true && v126[g + 1]) && (true && v126[g + 2]) && (true && v126[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v47[s] = (true && v126[s]) ? p2[i0 + k] : v44; }
        }
      }
      float v51 = true ? p3[v21] : 0;
      float v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = v51;
      float v53[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v53[s] = (v45[s] - v52[s]);
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = 0.0f;
      float v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = (v126[s] ? v53[s] : v55[s]);
      mt_i64 v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = v25;
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v133[s] + v150[s]);
      float v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v152[s] = (true) ? p1[v151[s]] : 0; }
      float v58[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v58[s] = (v152[s] * v47[s]);
      float v59[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v59[s] = (v58[s] * v56[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v56[s]; }
      __syncthreads();
      float v60[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v60[s] = acc; } else { v60[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc8 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc8 = (acc8 + v60[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc8;
      __syncthreads();
      acc8 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v61 = acc8;
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v59[s]; }
      __syncthreads();
      float v62[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v62[s] = acc; } else { v62[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc10 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc10 = (acc10 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc10;
      __syncthreads();
      acc10 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v63 = acc10;
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v58[s]; }
      __syncthreads();
      float v64[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v64[s] = acc; } else { v64[s] = 0; } }
      __syncthreads();
      mt_round ^= 1;
      float acc12 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 4; ++s) if (MT_FLAT(s) < 4) acc12 = (acc12 + v64[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 512))[mt_warp] = acc12;
      __syncthreads();
      acc12 = ((float*)(mt_smem + mt_round * 512))[0]; for (int w = 1; w < 16; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 512))[w]);
      float v65 = acc12;
      float v66 = mt_div(v61, v9);
      float v67 = true ? p4[v21] : 0;
      float v68 = (v66 * v65);
      float v69 = (v63 - v68);
      float v70 = (v69 * v67);
      float v71 = mt_div(v70, v9);
      float v72 = mt_div(v65, v9);
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = 0.0f;
      float v77[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v77[s] = v66;
      float v78[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v78[s] = (v53[s] - v77[s]);
      float v79[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v79[s] = v67;
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = (v78[s] * v79[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = v71;
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v80[s] * v83[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v58[s] - v84[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v72;
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v85[s] - v86[s]);
      float v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v79[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v126[g + 0]) && (true && v126[g + 1]) && (true && v126[g + 2]) && (true && v126[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v89[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v126[s]) p5[i0 + k] = v89[s]; }
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = (v47[s] * v80[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v90[s]; }
      __syncthreads();
      float v91[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v91[s] = acc; } else { v91[s] = 0; } }
      __syncthreads();
      float v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = (v73[s] + v91[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v47[s]; }
      __syncthreads();
      float v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 1024; ++k) { const float x = ((float*)mt_smem)[(o * 1024 + k) * 1 + i]; acc = (acc + x); } v93[s] = acc; } else { v93[s] = 0; } }
      __syncthreads();
      float v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v94[s] = (v73[s] + v93[s]);
      mt_i64 v114 = (v21 * v6);
      mt_i64 v116[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v116[s] = (v43[s] - v42[s]);
      mt_i64 v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v117[s] = v114;
      mt_i64 v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v118[s] = (v117[s] + v116[s]);
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v118[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v92[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p6[i0 + k] = v92[s]; }
        }
      }
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v118[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v94[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p7[i0 + k] = v94[s]; }
        }
      }
    }
  }
}
