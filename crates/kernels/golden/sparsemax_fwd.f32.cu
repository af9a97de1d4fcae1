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
#define MT_THREADS 32
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(32) mt_sparsemax_fwd(const float* __restrict__ p0, float* __restrict__ p1, int p2) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p2 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
  if (mt_fast) {
    int v0 = p2;
    int v1 = (int)blockIdx.x;
    int v2[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v2[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v3 = (mt_i64)(v1);
    mt_i64 v4 = (mt_i64)(v0);
    mt_i64 v5 = (v3 * v4);
    int v6[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v6[s] = v0;
    bool v7[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v7[s] = (v2[s] < v6[s]);
    mt_i64 v8[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v8[s] = (mt_i64)(v2[s]);
    mt_i64 v9[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v9[s] = v5;
    mt_i64 v10[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v10[s] = (v9[s] + v8[s]);
    float v11 = __int_as_float(0xff800000);
    float v12[128];
    #pragma unroll
    for (int g = 0; g < 128; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v12[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v12[g + k] = v11; }
      }
    }
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc2 = mt_maxf(acc2, v12[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    float v13 = acc2;
    float v14[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v14[s] = v13;
    float v15[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v15[s] = (v12[s] - v14[s]);
    float v16 = -1.0f;
    float v17 = 0.0f;
    int v18 = 0;
    int v19 = 24;
    int v20 = 1;
    float v22;
    v22 = v16;
    float v23;
    v23 = v17;
    for (int v21 = v18; v21 < v19; v21 += v20) {
      float v24 = (v22 + v23);
      float v25 = 0.5f;
      float v26 = (v24 * v25);
      float v27[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v27[s] = v26;
      float v28[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v28[s] = (v15[s] - v27[s]);
      float v30[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v30[s] = 0.0f;
      float v31[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v31[s] = mt_maxf(v28[s], v30[s]);
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 128; ++s) if (true) acc4 = (acc4 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      float v32 = acc4;
      float v33 = 1.0f;
      bool v34 = (v32 >= v33);
      float v35 = (v34 ? v26 : v22);
      float v36 = (v34 ? v23 : v26);
      float y5 = v35;
      float y6 = v36;
      v22 = y5;
      v23 = y6;
    }
    float v37;
    v37 = v22;
    float v38;
    v38 = v23;
    float v39 = 1.0f;
    float v40[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v40[s] = v37;
    bool v41[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v41[s] = (v15[s] > v40[s]);
    float v43[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v43[s] = 1.0f;
    float v44[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v44[s] = 0.0f;
    float v45[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v45[s] = (v41[s] ? v43[s] : v44[s]);
    float v48[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v48[s] = (v41[s] ? v15[s] : v44[s]);
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc8 = (acc8 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    float v49 = acc8;
    float acc10 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc10 = (acc10 + v48[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
    float v50 = acc10;
    float v52 = (v50 - v39);
    float v53 = mt_div(v52, v49);
    float v54[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v54[s] = v53;
    bool v55[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v55[s] = (v15[s] > v54[s]);
    float v59[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v59[s] = (v55[s] ? v43[s] : v44[s]);
    float v62[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v62[s] = (v55[s] ? v15[s] : v44[s]);
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc12 = (acc12 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    float v63 = acc12;
    float acc14 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc14 = (acc14 + v62[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
    float v64 = acc14;
    float v66 = (v64 - v39);
    float v67 = mt_div(v66, v63);
    float v68[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v68[s] = v67;
    bool v69[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v69[s] = (v15[s] > v68[s]);
    float v73[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v73[s] = (v69[s] ? v43[s] : v44[s]);
    float v76[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v76[s] = (v69[s] ? v15[s] : v44[s]);
    float acc16 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc16 = (acc16 + v73[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = (acc16 + mt_sh); }
    float v77 = acc16;
    float acc18 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc18 = (acc18 + v76[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc18, o); acc18 = (acc18 + mt_sh); }
    float v78 = acc18;
    float v80 = (v78 - v39);
    float v81 = mt_div(v80, v77);
    float v82[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v82[s] = v81;
    bool v83[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v83[s] = (v15[s] > v82[s]);
    float v87[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v87[s] = (v83[s] ? v43[s] : v44[s]);
    float v90[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v90[s] = (v83[s] ? v15[s] : v44[s]);
    float acc20 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc20 = (acc20 + v87[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc20, o); acc20 = (acc20 + mt_sh); }
    float v91 = acc20;
    float acc22 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc22 = (acc22 + v90[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc22, o); acc22 = (acc22 + mt_sh); }
    float v92 = acc22;
    float v94 = (v92 - v39);
    float v95 = mt_div(v94, v91);
    float v96[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v96[s] = v95;
    float v97[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v97[s] = (v15[s] - v96[s]);
    float v100[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v100[s] = mt_maxf(v97[s], v44[s]);
    #pragma unroll
    for (int g = 0; g < 128; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v100[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p1 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p2;
    int v1 = (int)blockIdx.x;
    int v2[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v2[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v3 = (mt_i64)(v1);
    mt_i64 v4 = (mt_i64)(v0);
    mt_i64 v5 = (v3 * v4);
    int v6[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v6[s] = v0;
    bool v7[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v7[s] = (v2[s] < v6[s]);
    mt_i64 v8[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v8[s] = (mt_i64)(v2[s]);
    mt_i64 v9[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v9[s] = v5;
    mt_i64 v10[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v10[s] = (v9[s] + v8[s]);
    float v11 = __int_as_float(0xff800000);
    float v12[128];
    #pragma unroll
    for (int g = 0; g < 128; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v12[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v12[s] = (true && v7[s]) ? p0[i0 + k] : v11; }
      }
    }
    float acc24 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc24 = mt_maxf(acc24, v12[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc24, o); acc24 = mt_maxf(acc24, mt_sh); }
    float v13 = acc24;
    float v14[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v14[s] = v13;
    float v15[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v15[s] = (v12[s] - v14[s]);
    float v16 = -1.0f;
    float v17 = 0.0f;
    int v18 = 0;
    int v19 = 24;
    int v20 = 1;
    float v22;
    v22 = v16;
    float v23;
    v23 = v17;
    for (int v21 = v18; v21 < v19; v21 += v20) {
      float v24 = (v22 + v23);
      float v25 = 0.5f;
      float v26 = (v24 * v25);
      float v27[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v27[s] = v26;
      float v28[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v28[s] = (v15[s] - v27[s]);
      float v30[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v30[s] = 0.0f;
      float v31[128];
      #pragma unroll
      for (int s = 0; s < 128; ++s) v31[s] = mt_maxf(v28[s], v30[s]);
      float acc26 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 128; ++s) if (true) acc26 = (acc26 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc26, o); acc26 = (acc26 + mt_sh); }
      float v32 = acc26;
      float v33 = 1.0f;
      bool v34 = (v32 >= v33);
      float v35 = (v34 ? v26 : v22);
      float v36 = (v34 ? v23 : v26);
      float y27 = v35;
      float y28 = v36;
      v22 = y27;
      v23 = y28;
    }
    float v37;
    v37 = v22;
    float v38;
    v38 = v23;
    float v39 = 1.0f;
    float v40[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v40[s] = v37;
    bool v41[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v41[s] = (v15[s] > v40[s]);
    float v43[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v43[s] = 1.0f;
    float v44[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v44[s] = 0.0f;
    float v45[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v45[s] = (v41[s] ? v43[s] : v44[s]);
    float v48[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v48[s] = (v41[s] ? v15[s] : v44[s]);
    float acc30 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc30 = (acc30 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc30, o); acc30 = (acc30 + mt_sh); }
    float v49 = acc30;
    float acc32 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc32 = (acc32 + v48[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc32, o); acc32 = (acc32 + mt_sh); }
    float v50 = acc32;
    float v52 = (v50 - v39);
    float v53 = mt_div(v52, v49);
    float v54[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v54[s] = v53;
    bool v55[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v55[s] = (v15[s] > v54[s]);
    float v59[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v59[s] = (v55[s] ? v43[s] : v44[s]);
    float v62[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v62[s] = (v55[s] ? v15[s] : v44[s]);
    float acc34 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc34 = (acc34 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc34, o); acc34 = (acc34 + mt_sh); }
    float v63 = acc34;
    float acc36 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc36 = (acc36 + v62[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc36, o); acc36 = (acc36 + mt_sh); }
    float v64 = acc36;
    float v66 = (v64 - v39);
    float v67 = mt_div(v66, v63);
    float v68[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v68[s] = v67;
    bool v69[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v69[s] = (v15[s] > v68[s]);
    float v73[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v73[s] = (v69[s] ? v43[s] : v44[s]);
    float v76[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v76[s] = (v69[s] ? v15[s] : v44[s]);
    float acc38 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc38 = (acc38 + v73[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc38, o); acc38 = (acc38 + mt_sh); }
    float v77 = acc38;
    float acc40 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc40 = (acc40 + v76[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc40, o); acc40 = (acc40 + mt_sh); }
    float v78 = acc40;
    float v80 = (v78 - v39);
    float v81 = mt_div(v80, v77);
    float v82[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v82[s] = v81;
    bool v83[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v83[s] = (v15[s] > v82[s]);
    float v87[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v87[s] = (v83[s] ? v43[s] : v44[s]);
    float v90[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v90[s] = (v83[s] ? v15[s] : v44[s]);
    float acc42 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc42 = (acc42 + v87[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc42, o); acc42 = (acc42 + mt_sh); }
    float v91 = acc42;
    float acc44 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 128; ++s) if (true) acc44 = (acc44 + v90[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc44, o); acc44 = (acc44 + mt_sh); }
    float v92 = acc44;
    float v94 = (v92 - v39);
    float v95 = mt_div(v94, v91);
    float v96[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v96[s] = v95;
    float v97[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v97[s] = (v15[s] - v96[s]);
    float v100[128];
    #pragma unroll
    for (int s = 0; s < 128; ++s) v100[s] = mt_maxf(v97[s], v44[s]);
    #pragma unroll
    for (int g = 0; g < 128; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v100[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p1 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v7[s]) p1[i0 + k] = v100[s]; }
      }
    }
  }
}
