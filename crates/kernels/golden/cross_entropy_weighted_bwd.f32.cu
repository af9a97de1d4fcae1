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
extern "C" __global__ void __launch_bounds__(512) mt_cross_entropy_bwd(const float* __restrict__ p0, const mt_i64* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, float* __restrict__ p5, int p6, mt_i64 p7, float p8, float p9, float p10, float p11, float p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0;
  if (mt_fast) {
    int v0 = p6;
    mt_i64 v1 = p7;
    float v2 = p8;
    float v3 = p9;
    float v4 = p10;
    float v5 = p11;
    float v6 = p12;
    float v7 = p13;
    int v8 = (int)blockIdx.x;
    mt_i64 v9 = (mt_i64)(v8);
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v9 * v12);
    mt_i64 v14 = true ? p1[v9] : 0;
    bool v15 = (v14 != v1);
    float v16 = (float)(v0);
    float v17 = mt_div(v2, v16);
    float v18 = 1.0f;
    float v19 = (v18 - v2);
    float v20 = 0.0f;
    float v21 = v15 ? p2[v14] : v20;
    float v22 = (v19 * v21);
    int v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v0;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v10[s] < v23[s]);
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (mt_i64)(v10[s]);
    mt_i64 v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v13;
    mt_i64 v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v26[s] + v25[s]);
    float v28 = __int_as_float(0xff800000);
    float v29[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v27[g];
      if ((true && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v29[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v29[g + k] = v28; }
      }
    }
    float v30 = true ? p4[v9] : 0;
    float v31 = (v4 * v30);
    float v32 = 2.0f;
    float v33 = (v31 * v32);
    float v34 = (v33 * v7);
    float v35 = true ? p3[v9] : 0;
    float v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v5;
    float v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = mt_div(v29[s], v36[s]);
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = mt_tanh(v37[s]);
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v38[s] * v36[s]);
    float v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = v30;
    float v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = (v40[s] - v41[s]);
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = mt_exp(v42[s]);
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = v14;
    bool v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (v25[s] == v44[s]);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (float)(v45[s]);
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v25[g];
      if ((true && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v48[g + k] = v20; }
      }
    }
    float v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v17;
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v48[s] * v49[s]);
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v43[s] - v46[s]);
    float v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = v22;
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = (v51[s] * v52[s]);
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = v3;
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (v43[s] * v54[s]);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v53[s] + v55[s]);
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v56[s] - v50[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v6;
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v57[s] * v58[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v34;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = (v43[s] * v60[s]);
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v59[s] + v61[s]);
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = (v38[s] * v38[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = 1.0f;
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = (v68[s] - v66[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v62[s] * v69[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = v35;
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = (v70[s] * v71[s]);
    bool v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = v15;
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = 0.0f;
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] ? v72[s] : v75[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v27[g];
      if ((true && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v76[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p6;
    mt_i64 v1 = p7;
    float v2 = p8;
    float v3 = p9;
    float v4 = p10;
    float v5 = p11;
    float v6 = p12;
    float v7 = p13;
    int v8 = (int)blockIdx.x;
    mt_i64 v9 = (mt_i64)(v8);
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v9 * v12);
    mt_i64 v14 = true ? p1[v9] : 0;
    bool v15 = (v14 != v1);
    float v16 = (float)(v0);
    float v17 = mt_div(v2, v16);
    float v18 = 1.0f;
    float v19 = (v18 - v2);
    float v20 = 0.0f;
    float v21 = v15 ? p2[v14] : v20;
    float v22 = (v19 * v21);
    int v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v0;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v10[s] < v23[s]);
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (mt_i64)(v10[s]);
    mt_i64 v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v13;
    mt_i64 v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v26[s] + v25[s]);
    float v28 = __int_as_float(0xff800000);
    float v29[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v27[g];
      if ((true && v24[g + 0]) && (true && v24[g + 1]) && (true && v24[g + 2]) && (true && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v29[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v29[s] = (true && v24[s]) ? p0[i0 + k] : v28; }
      }
    }
    float v30 = true ? p4[v9] : 0;
    float v31 = (v4 * v30);
    float v32 = 2.0f;
    float v33 = (v31 * v32);
    float v34 = (v33 * v7);
    float v35 = true ? p3[v9] : 0;
    float v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v5;
    float v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = mt_div(v29[s], v36[s]);
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = mt_tanh(v37[s]);
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v38[s] * v36[s]);
    float v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = v30;
    float v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = (v40[s] - v41[s]);
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = mt_exp(v42[s]);
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = v14;
    bool v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (v25[s] == v44[s]);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (float)(v45[s]);
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v25[g];
      if ((true && v24[g + 0]) && (true && v24[g + 1]) && (true && v24[g + 2]) && (true && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v48[s] = (true && v24[s]) ? p2[i0 + k] : v20; }
      }
    }
    float v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v17;
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v48[s] * v49[s]);
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v43[s] - v46[s]);
    float v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = v22;
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = (v51[s] * v52[s]);
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = v3;
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (v43[s] * v54[s]);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v53[s] + v55[s]);
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v56[s] - v50[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v6;
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v57[s] * v58[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v34;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = (v43[s] * v60[s]);
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v59[s] + v61[s]);
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = (v38[s] * v38[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = 1.0f;
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = (v68[s] - v66[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v62[s] * v69[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = v35;
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = (v70[s] * v71[s]);
    bool v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = v15;
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = 0.0f;
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] ? v72[s] : v75[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v27[g];
      if ((true && v24[g + 0]) && (true && v24[g + 1]) && (true && v24[g + 2]) && (true && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v76[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v24[s]) p5[i0 + k] = v76[s]; }
      }
    }
  }
}
