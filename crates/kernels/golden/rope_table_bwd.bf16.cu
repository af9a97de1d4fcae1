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
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_rope_table_bwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, float* __restrict__ p2, float* __restrict__ p3, int p4, int p5, int p6, int p7, int p8) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0;
  if (mt_fast) {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = (int)blockIdx.x;
    int v6 = (int)((v2 == 0 ? 0 : v5 / v2));
    int v7 = (int)((v2 == 0 ? 0 : v5 % v2));
    int v8[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v8[s] = (int)(0 + MT_FLAT(s));
    int v9[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v9[s] = v1;
    bool v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (v8[s] < v9[s]);
    int v11 = 2;
    int v12 = (int)((v11 == 0 ? 0 : v1 / v11));
    int v13[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v13[s] = v12;
    bool v14[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v14[s] = (v8[s] < v13[s]);
    int v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = (int)((v8[s] + v13[s]));
    int v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (int)((v8[s] - v13[s]));
    int v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = (v14[s] ? v16[s] : v18[s]);
    float v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = 0.0f;
    int v21 = 0;
    int v22 = 1;
    float v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = v20[s];
    float v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v20[s];
    for (int v23 = v21; v23 < v4; v23 += v22) {
      int v26 = (int)((v3 == 0 ? 0 : v23 / v3));
      int v27 = (int)((v6 + v26));
      int v28 = (int)((v27 * v3));
      int v29 = (int)((v3 == 0 ? 0 : v23 % v3));
      int v30 = (int)((v28 + v29));
      int v31 = (int)((v30 * v2));
      int v32 = (int)((v31 + v7));
      mt_i64 v33 = (mt_i64)(v32);
      mt_i64 v34 = (mt_i64)(v0);
      mt_i64 v35 = (v33 * v34);
      mt_i64 v36[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v36[s] = (mt_i64)(v8[s]);
      mt_i64 v37[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v37[s] = v35;
      mt_i64 v38[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v38[s] = (v37[s] + v36[s]);
      float v39 = 0.0f;
      float v40[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v38[g];
        if ((true && v10[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v40[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v40[g + k] = v39; }
        }
      }
      float v41[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v41[s] = v40[s];
      mt_i64 v42[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v42[s] = (mt_i64)(v19[s]);
      mt_i64 v44[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v44[s] = (v37[s] + v42[s]);
      float v46[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v46[s] = (true && v10[s]) ? mt_bf16_to_f32(p0[v44[s]]) : v39; }
      float v47[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v47[s] = v46[s];
      float v52[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v38[g];
        if ((true && v10[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v52[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v52[g + k] = v39; }
        }
      }
      float v53[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v53[s] = v52[s];
      float v54[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v54[s] = (v41[s] * v53[s]);
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = (v24[s] + v54[s]);
      float v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = (-v47[s]);
      float v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v14[s] ? v56[s] : v47[s]);
      float v58[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v58[s] = (v41[s] * v57[s]);
      float v59[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v59[s] = (v25[s] + v58[s]);
      float y1[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y1[s] = v55[s];
      float y2[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y2[s] = v59[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v24[s] = y1[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v25[s] = y2[s];
    }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v24[s];
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v25[s];
    mt_i64 v62 = (mt_i64)(v5);
    mt_i64 v63 = (mt_i64)(v1);
    mt_i64 v64 = (v62 * v63);
    mt_i64 v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = (mt_i64)(v8[s]);
    mt_i64 v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v64;
    mt_i64 v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (v66[s] + v65[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v67[g];
      if ((true && v10[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v60[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      }
    }
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v67[g];
      if ((true && v10[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v61[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = (int)blockIdx.x;
    int v6 = (int)((v2 == 0 ? 0 : v5 / v2));
    int v7 = (int)((v2 == 0 ? 0 : v5 % v2));
    int v8[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v8[s] = (int)(0 + MT_FLAT(s));
    int v9[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v9[s] = v1;
    bool v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (v8[s] < v9[s]);
    int v11 = 2;
    int v12 = (int)((v11 == 0 ? 0 : v1 / v11));
    int v13[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v13[s] = v12;
    bool v14[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v14[s] = (v8[s] < v13[s]);
    int v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = (int)((v8[s] + v13[s]));
    int v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (int)((v8[s] - v13[s]));
    int v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = (v14[s] ? v16[s] : v18[s]);
    float v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = 0.0f;
    int v21 = 0;
    int v22 = 1;
    float v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = v20[s];
    float v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v20[s];
    for (int v23 = v21; v23 < v4; v23 += v22) {
      int v26 = (int)((v3 == 0 ? 0 : v23 / v3));
      int v27 = (int)((v6 + v26));
      int v28 = (int)((v27 * v3));
      int v29 = (int)((v3 == 0 ? 0 : v23 % v3));
      int v30 = (int)((v28 + v29));
      int v31 = (int)((v30 * v2));
      int v32 = (int)((v31 + v7));
      mt_i64 v33 = (mt_i64)(v32);
      mt_i64 v34 = (mt_i64)(v0);
      mt_i64 v35 = (v33 * v34);
      mt_i64 v36[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v36[s] = (mt_i64)(v8[s]);
      mt_i64 v37[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v37[s] = v35;
      mt_i64 v38[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v38[s] = (v37[s] + v36[s]);
      float v39 = 0.0f;
      float v40[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v38[g];
        if ((true && v10[g + 0]) && (true && v10[g + 1]) && (true && v10[g + 2]) && (true && v10[g + 3]) && (true && v10[g + 4]) && (true && v10[g + 5]) && (true && v10[g + 6]) && (true && v10[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v40[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v40[s] = (true && v10[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v39; }
        }
      }
      float v41[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v41[s] = v40[s];
      mt_i64 v42[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v42[s] = (mt_i64)(v19[s]);
      mt_i64 v44[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v44[s] = (v37[s] + v42[s]);
      float v46[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v46[s] = (true && v10[s]) ? mt_bf16_to_f32(p0[v44[s]]) : v39; }
      float v47[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v47[s] = v46[s];
      float v52[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v38[g];
        if ((true && v10[g + 0]) && (true && v10[g + 1]) && (true && v10[g + 2]) && (true && v10[g + 3]) && (true && v10[g + 4]) && (true && v10[g + 5]) && (true && v10[g + 6]) && (true && v10[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v52[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v52[s] = (true && v10[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v39; }
        }
      }
      float v53[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v53[s] = v52[s];
      float v54[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v54[s] = (v41[s] * v53[s]);
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = (v24[s] + v54[s]);
      float v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = (-v47[s]);
      float v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v14[s] ? v56[s] : v47[s]);
      float v58[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v58[s] = (v41[s] * v57[s]);
      float v59[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v59[s] = (v25[s] + v58[s]);
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v55[s];
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v59[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v24[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v25[s] = y4[s];
    }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v24[s];
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v25[s];
    mt_i64 v62 = (mt_i64)(v5);
    mt_i64 v63 = (mt_i64)(v1);
    mt_i64 v64 = (v62 * v63);
    mt_i64 v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = (mt_i64)(v8[s]);
    mt_i64 v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v64;
    mt_i64 v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (v66[s] + v65[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v67[g];
      if ((true && v10[g + 0]) && (true && v10[g + 1]) && (true && v10[g + 2]) && (true && v10[g + 3]) && (true && v10[g + 4]) && (true && v10[g + 5]) && (true && v10[g + 6]) && (true && v10[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v60[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v10[s]) p2[i0 + k] = v60[s]; }
      }
    }
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v67[g];
      if ((true && v10[g + 0]) && (true && v10[g + 1]) && (true && v10[g + 2]) && (true && v10[g + 3]) && (true && v10[g + 4]) && (true && v10[g + 5]) && (true && v10[g + 6]) && (true && v10[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v61[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v10[s]) p3[i0 + k] = v61[s]; }
      }
    }
  }
}
