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
extern "C" __global__ void __launch_bounds__(512) mt_llama4_rope_bwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, mt_u16* __restrict__ p2, int p3, int p4, int p5, int p6) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p3 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
  if (mt_fast) {
    int v0 = p3;
    int v1 = p4;
    int v2 = p5;
    int v3 = (int)blockIdx.x;
    mt_i64 v15 = (mt_i64)(v0);
    int v18 = p6;
    int v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (int)(0 + MT_FLAT(s));
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v25[s];
    int v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v0;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v26[s] < v27[s]);
    int v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = v3;
    int v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = 0;
    int v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = v18;
    bool v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v80[s] < v83[s]);
    bool v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v28[s] && v84[s]);
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = 1;
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (int)((v26[s] & v32[s]));
    bool v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v33[s] == v81[s]);
    mt_i64 v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = (mt_i64)(v26[s]);
    mt_i64 v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (mt_i64)(v80[s]);
    mt_i64 v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v15;
    mt_i64 v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = (v92[s] * v93[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v94[s] + v37[s]);
    float v40 = 0.0f;
    float v41[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v41[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v41[g + k] = v40; }
      }
    }
    float v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41[s];
    int v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (int)((v26[s] ^ v32[s]));
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (mt_i64)(v45[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v94[s] + v46[s]);
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v50[s] = (true && v30[s]) ? mt_f16_to_f32(p0[v48[s]]) : v40; }
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v50[s];
    int v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = -2;
    int v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (int)((v26[s] & v53[s]));
    mt_i64 v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (mt_i64)(v54[s]);
    int v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v2;
    int v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (int)((v102[s] == 0 ? 0 : v80[s] / v102[s]));
    int v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = v1;
    int v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = (int)((v104[s] == 0 ? 0 : v103[s] % v104[s]));
    mt_i64 v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (mt_i64)(v105[s]);
    mt_i64 v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (v106[s] * v93[s]);
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v108[s] + v55[s]);
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v59[s] = (true && v30[s]) ? mt_f16_to_f32(p1[v57[s]]) : v40; }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v59[s];
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = 1LL;
    mt_i64 v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = (v57[s] + v62[s]);
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v65[s] = (true && v30[s]) ? mt_f16_to_f32(p1[v63[s]]) : v40; }
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v65[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (v51[s] * v66[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v42[s] * v60[s]);
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = (-v67[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v36[s] ? v67[s] : v69[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v68[s] + v70[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = mt_round_f16(v71[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v71[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p3;
    int v1 = p4;
    int v2 = p5;
    int v3 = (int)blockIdx.x;
    mt_i64 v15 = (mt_i64)(v0);
    int v18 = p6;
    int v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (int)(0 + MT_FLAT(s));
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v25[s];
    int v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v0;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v26[s] < v27[s]);
    int v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = v3;
    int v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = 0;
    int v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = v18;
    bool v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v80[s] < v83[s]);
    bool v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v28[s] && v84[s]);
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = 1;
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (int)((v26[s] & v32[s]));
    bool v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v33[s] == v81[s]);
    mt_i64 v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = (mt_i64)(v26[s]);
    mt_i64 v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (mt_i64)(v80[s]);
    mt_i64 v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v15;
    mt_i64 v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = (v92[s] * v93[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v94[s] + v37[s]);
    float v40 = 0.0f;
    float v41[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (true && v30[g + 4]) && (true && v30[g + 5]) && (true && v30[g + 6]) && (true && v30[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v41[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v41[s] = (true && v30[s]) ? mt_f16_to_f32(p0[i0 + k]) : v40; }
      }
    }
    float v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41[s];
    int v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (int)((v26[s] ^ v32[s]));
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (mt_i64)(v45[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v94[s] + v46[s]);
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v50[s] = (true && v30[s]) ? mt_f16_to_f32(p0[v48[s]]) : v40; }
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v50[s];
    int v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = -2;
    int v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (int)((v26[s] & v53[s]));
    mt_i64 v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (mt_i64)(v54[s]);
    int v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v2;
    int v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (int)((v102[s] == 0 ? 0 : v80[s] / v102[s]));
    int v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = v1;
    int v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = (int)((v104[s] == 0 ? 0 : v103[s] % v104[s]));
    mt_i64 v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (mt_i64)(v105[s]);
    mt_i64 v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (v106[s] * v93[s]);
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v108[s] + v55[s]);
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v59[s] = (true && v30[s]) ? mt_f16_to_f32(p1[v57[s]]) : v40; }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v59[s];
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = 1LL;
    mt_i64 v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = (v57[s] + v62[s]);
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v65[s] = (true && v30[s]) ? mt_f16_to_f32(p1[v63[s]]) : v40; }
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v65[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (v51[s] * v66[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v42[s] * v60[s]);
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = (-v67[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v36[s] ? v67[s] : v69[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v68[s] + v70[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = mt_round_f16(v71[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (true && v30[g + 4]) && (true && v30[g + 5]) && (true && v30[g + 6]) && (true && v30[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v71[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v30[s]) p2[i0 + k] = mt_f32_to_f16(v71[s]); }
      }
    }
  }
}
