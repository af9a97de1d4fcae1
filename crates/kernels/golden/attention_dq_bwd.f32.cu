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
#define MT_THREADS 1024
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(1024) mt_attention_dq(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, const float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[32768];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && (p10 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
  if (mt_fast) {
    mt_i64 v0 = p8;
    mt_i64 v1 = p9;
    mt_i64 v2 = p10;
    mt_i64 v3 = p11;
    mt_i64 v4 = p12;
    mt_i64 v5 = p13;
    mt_i64 v6 = p14;
    float v7 = p15;
    int v10 = (int)blockIdx.x;
    mt_i64 v11 = (mt_i64)(v10);
    int v12 = (int)blockIdx.y;
    mt_i64 v13 = (mt_i64)(v12);
    int v14 = (int)blockIdx.z;
    mt_i64 v15 = (mt_i64)(v14);
    mt_i64 v16 = 32LL;
    mt_i64 v17 = (v11 * v16);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = v17;
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v0;
    bool v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v27;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    int v212[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v212[s] = (int)(0 + MT_FLAT(s));
    int v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = v212[s];
    int v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = 128;
    int v215[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v215[s] = (int)((v214[s] == 0 ? 0 : v213[s] / v214[s]));
    int v217[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v217[s] = (int)((v214[s] == 0 ? 0 : v213[s] % v214[s]));
    mt_i64 v218[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v218[s] = v27;
    mt_i64 v219[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v219[s] = v17;
    mt_i64 v220[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v220[s] = (mt_i64)(v215[s]);
    mt_i64 v221[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v221[s] = (v219[s] + v220[s]);
    mt_i64 v222[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v222[s] = (v218[s] + v221[s]);
    mt_i64 v223[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v223[s] = v2;
    mt_i64 v224[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v224[s] = (v222[s] * v223[s]);
    mt_i64 v231[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v231[s] = (mt_i64)(v217[s]);
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v224[s] + v231[s]);
    mt_i64 v241[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v241[s] = v0;
    bool v242[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v242[s] = (v221[s] < v241[s]);
    float v42 = 0.0f;
    float v43[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v43[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v43[g + k] = v42; }
      }
    }
    float v54[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v54[g + k] = v42; }
      }
    }
    float v65[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v65[g + k] = v42; }
      }
    }
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v54[s] * v65[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v66[s]; }
    __syncthreads();
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = (acc + x); } v67[s] = acc; } else { v67[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g) < 32 && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v67[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      }
    }
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = v67[s];
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = 0.0f;
    mt_i64 v75 = (v17 + v6);
    mt_i64 v76 = 1LL;
    mt_i64 v77 = (v75 + v76);
    mt_i64 v78 = (v1 < v77 ? v1 : v77);
    mt_i64 v79 = 0LL;
    mt_i64 v80 = (v78 > v79 ? v78 : v79);
    mt_i64 v82 = (v17 + v16);
    mt_i64 v83 = (v82 + v6);
    mt_i64 v84 = (v1 < v83 ? v1 : v83);
    mt_i64 v86 = (v16 == 0 ? 0 : v80 % v16);
    mt_i64 v87 = (v80 - v86);
    float v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = v74[s];
    for (mt_i64 v90 = v79; v90 < v87; v90 += v16) {
      int v244[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v244[s] = v212[s];
      int v245[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v245[s] = 32;
      int v246[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v246[s] = (int)((v245[s] == 0 ? 0 : v244[s] / v245[s]));
      int v248[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v248[s] = (int)((v245[s] == 0 ? 0 : v244[s] % v245[s]));
      mt_i64 v249[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v249[s] = v32;
      mt_i64 v250[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v250[s] = v90;
      mt_i64 v251[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v251[s] = (mt_i64)(v248[s]);
      mt_i64 v252[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v252[s] = (v250[s] + v251[s]);
      mt_i64 v253[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v253[s] = (v249[s] + v252[s]);
      mt_i64 v254[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v254[s] = v2;
      mt_i64 v255[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v255[s] = (v253[s] * v254[s]);
      mt_i64 v262[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v262[s] = (mt_i64)(v246[s]);
      mt_i64 v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v102[s] = (v255[s] + v262[s]);
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v103[s] = (true) ? p1[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v103[s]; }
      __syncthreads();
      float v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v104[s] = t; }
      __syncthreads();
      float v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = v7;
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = (v104[s] * v105[s]);
      int v263[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v263[s] = (int)(0 + MT_FLAT(s));
      int v264[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v264[s] = v263[s];
      int v265[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v265[s] = 32;
      int v266[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v266[s] = (int)((v265[s] == 0 ? 0 : v264[s] / v265[s]));
      mt_i64 v269[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v269[s] = v27;
      mt_i64 v270[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v270[s] = v17;
      mt_i64 v271[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v271[s] = (mt_i64)(v266[s]);
      mt_i64 v272[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v272[s] = (v270[s] + v271[s]);
      mt_i64 v273[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v273[s] = (v269[s] + v272[s]);
      mt_i64 v277[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v277[s] = v0;
      bool v278[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v278[s] = (v272[s] < v277[s]);
      float v279[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v279[s] = (MT_FLAT(s) < 1024 && v278[s]) ? p4[v273[s]] : v42; }
      float v108[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v108[s] = (v106[s] - v279[s]);
      float v109[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v109[s] = mt_exp(v108[s]);
      float v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v117[s] = (true) ? p2[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v117[s]; }
      __syncthreads();
      float v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v118[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v119[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = (v118[s] - v119[s]);
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v109[s] * v120[s]);
      mt_i64 v292[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v292[s] = v32;
      mt_i64 v293[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v293[s] = v90;
      mt_i64 v295[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v295[s] = (v293[s] + v220[s]);
      mt_i64 v296[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v296[s] = (v292[s] + v295[s]);
      mt_i64 v298[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v298[s] = (v296[s] * v223[s]);
      mt_i64 v128[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v128[s] = (v298[s] + v231[s]);
      float v129[4];
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v128[g];
        if ((true)) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v129[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v129[g + k] = 0; }
        }
      }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v121[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v129[s]; }
      __syncthreads();
      float v130[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v91[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v130[s] = t; }
      __syncthreads();
      float y1[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y1[s] = v130[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = y1[s];
    }
    float v131[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v131[s] = v91[s];
    float v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = v131[s];
    for (mt_i64 v133 = v87; v133 < v84; v133 += v16) {
      int v300[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v300[s] = v212[s];
      int v301[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v301[s] = 32;
      int v302[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v302[s] = (int)((v301[s] == 0 ? 0 : v300[s] / v301[s]));
      int v304[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v304[s] = (int)((v301[s] == 0 ? 0 : v300[s] % v301[s]));
      mt_i64 v305[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v305[s] = v32;
      mt_i64 v306[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v306[s] = v133;
      mt_i64 v307[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v307[s] = (mt_i64)(v304[s]);
      mt_i64 v308[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v308[s] = (v306[s] + v307[s]);
      mt_i64 v309[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v309[s] = (v305[s] + v308[s]);
      mt_i64 v310[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v310[s] = v2;
      mt_i64 v311[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v311[s] = (v309[s] * v310[s]);
      mt_i64 v318[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v318[s] = (mt_i64)(v302[s]);
      mt_i64 v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v311[s] + v318[s]);
      mt_i64 v328[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v328[s] = v1;
      bool v329[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v329[s] = (v308[s] < v328[s]);
      float v151[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v151[s] = (true && v329[s]) ? p1[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v151[s]; }
      __syncthreads();
      float v152[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v152[s] = t; }
      __syncthreads();
      float v153[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v153[s] = v7;
      float v154[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v154[s] = (v152[s] * v153[s]);
      int v330[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v330[s] = (int)(0 + MT_FLAT(s));
      int v331[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v331[s] = v330[s];
      int v332[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v332[s] = 32;
      int v333[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v333[s] = (int)((v332[s] == 0 ? 0 : v331[s] / v332[s]));
      int v335[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v335[s] = (int)((v332[s] == 0 ? 0 : v331[s] % v332[s]));
      mt_i64 v336[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v336[s] = v27;
      mt_i64 v337[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v337[s] = v17;
      mt_i64 v338[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v338[s] = (mt_i64)(v333[s]);
      mt_i64 v339[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v339[s] = (v337[s] + v338[s]);
      mt_i64 v340[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v340[s] = (v336[s] + v339[s]);
      mt_i64 v344[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v344[s] = v0;
      bool v345[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v345[s] = (v339[s] < v344[s]);
      float v346[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v346[s] = (MT_FLAT(s) < 1024 && v345[s]) ? p4[v340[s]] : v42; }
      float v156[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v156[s] = (v154[s] - v346[s]);
      float v157[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v157[s] = mt_exp(v156[s]);
      mt_i64 v353[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v353[s] = v133;
      mt_i64 v354[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v354[s] = (mt_i64)(v335[s]);
      mt_i64 v355[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v355[s] = (v353[s] + v354[s]);
      mt_i64 v365[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v365[s] = v6;
      mt_i64 v366[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v366[s] = (v339[s] + v365[s]);
      bool v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v355[s] <= v366[s]);
      mt_i64 v376[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v376[s] = v1;
      bool v377[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v377[s] = (v355[s] < v376[s]);
      bool v169[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v169[s] = (v377[s] && v167[s]);
      float v171[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v171[s] = 0.0f;
      float v172[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v172[s] = (v169[s] ? v157[s] : v171[s]);
      float v183[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v183[s] = (true && v329[s]) ? p2[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v183[s]; }
      __syncthreads();
      float v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v184[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v185[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (v184[s] - v185[s]);
      float v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = (v172[s] * v186[s]);
      mt_i64 v390[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v390[s] = v32;
      mt_i64 v391[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v391[s] = v133;
      mt_i64 v393[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v393[s] = (v391[s] + v220[s]);
      mt_i64 v394[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v394[s] = (v390[s] + v393[s]);
      mt_i64 v396[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v396[s] = (v394[s] * v223[s]);
      mt_i64 v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = (v396[s] + v231[s]);
      mt_i64 v406[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v406[s] = v1;
      bool v407[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v407[s] = (v393[s] < v406[s]);
      float v198[4];
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v194[g];
        if ((true && v407[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v198[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v198[g + k] = v42; }
        }
      }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v187[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v198[s]; }
      __syncthreads();
      float v199[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v134[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v199[s] = t; }
      __syncthreads();
      float y2[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y2[s] = v199[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = y2[s];
    }
    float v200[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v200[s] = v134[s];
    float v201[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v201[s] = v7;
    float v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = (v200[s] * v201[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v202[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      }
    }
  } else {
    mt_i64 v0 = p8;
    mt_i64 v1 = p9;
    mt_i64 v2 = p10;
    mt_i64 v3 = p11;
    mt_i64 v4 = p12;
    mt_i64 v5 = p13;
    mt_i64 v6 = p14;
    float v7 = p15;
    int v10 = (int)blockIdx.x;
    mt_i64 v11 = (mt_i64)(v10);
    int v12 = (int)blockIdx.y;
    mt_i64 v13 = (mt_i64)(v12);
    int v14 = (int)blockIdx.z;
    mt_i64 v15 = (mt_i64)(v14);
    mt_i64 v16 = 32LL;
    mt_i64 v17 = (v11 * v16);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = v17;
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v0;
    bool v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v27;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    int v212[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v212[s] = (int)(0 + MT_FLAT(s));
    int v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = v212[s];
    int v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = 128;
    int v215[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v215[s] = (int)((v214[s] == 0 ? 0 : v213[s] / v214[s]));
    int v217[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v217[s] = (int)((v214[s] == 0 ? 0 : v213[s] % v214[s]));
    mt_i64 v218[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v218[s] = v27;
    mt_i64 v219[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v219[s] = v17;
    mt_i64 v220[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v220[s] = (mt_i64)(v215[s]);
    mt_i64 v221[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v221[s] = (v219[s] + v220[s]);
    mt_i64 v222[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v222[s] = (v218[s] + v221[s]);
    mt_i64 v223[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v223[s] = v2;
    mt_i64 v224[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v224[s] = (v222[s] * v223[s]);
    mt_i64 v231[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v231[s] = (mt_i64)(v217[s]);
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v224[s] + v231[s]);
    mt_i64 v241[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v241[s] = v0;
    bool v242[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v242[s] = (v221[s] < v241[s]);
    float v42 = 0.0f;
    float v43[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v43[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v43[s] = (true && v242[s]) ? p0[i0 + k] : v42; }
      }
    }
    float v54[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v54[s] = (true && v242[s]) ? p5[i0 + k] : v42; }
      }
    }
    float v65[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v65[s] = (true && v242[s]) ? p3[i0 + k] : v42; }
      }
    }
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v54[s] * v65[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v66[s]; }
    __syncthreads();
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = (acc + x); } v67[s] = acc; } else { v67[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g + 0) < 32 && v24[g + 0]) && (MT_FLAT(g + 1) < 32 && v24[g + 1]) && (MT_FLAT(g + 2) < 32 && v24[g + 2]) && (MT_FLAT(g + 3) < 32 && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v67[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (MT_FLAT(s) < 32 && v24[s]) p7[i0 + k] = v67[s]; }
      }
    }
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = v67[s];
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = 0.0f;
    mt_i64 v75 = (v17 + v6);
    mt_i64 v76 = 1LL;
    mt_i64 v77 = (v75 + v76);
    mt_i64 v78 = (v1 < v77 ? v1 : v77);
    mt_i64 v79 = 0LL;
    mt_i64 v80 = (v78 > v79 ? v78 : v79);
    mt_i64 v82 = (v17 + v16);
    mt_i64 v83 = (v82 + v6);
    mt_i64 v84 = (v1 < v83 ? v1 : v83);
    mt_i64 v86 = (v16 == 0 ? 0 : v80 % v16);
    mt_i64 v87 = (v80 - v86);
    float v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = v74[s];
    for (mt_i64 v90 = v79; v90 < v87; v90 += v16) {
      int v244[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v244[s] = v212[s];
      int v245[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v245[s] = 32;
      int v246[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v246[s] = (int)((v245[s] == 0 ? 0 : v244[s] / v245[s]));
      int v248[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v248[s] = (int)((v245[s] == 0 ? 0 : v244[s] % v245[s]));
      mt_i64 v249[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v249[s] = v32;
      mt_i64 v250[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v250[s] = v90;
      mt_i64 v251[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v251[s] = (mt_i64)(v248[s]);
      mt_i64 v252[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v252[s] = (v250[s] + v251[s]);
      mt_i64 v253[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v253[s] = (v249[s] + v252[s]);
      mt_i64 v254[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v254[s] = v2;
      mt_i64 v255[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v255[s] = (v253[s] * v254[s]);
      mt_i64 v262[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v262[s] = (mt_i64)(v246[s]);
      mt_i64 v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v102[s] = (v255[s] + v262[s]);
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v103[s] = (true) ? p1[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v103[s]; }
      __syncthreads();
      float v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v104[s] = t; }
      __syncthreads();
      float v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = v7;
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = (v104[s] * v105[s]);
      int v263[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v263[s] = (int)(0 + MT_FLAT(s));
      int v264[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v264[s] = v263[s];
      int v265[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v265[s] = 32;
      int v266[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v266[s] = (int)((v265[s] == 0 ? 0 : v264[s] / v265[s]));
      mt_i64 v269[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v269[s] = v27;
      mt_i64 v270[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v270[s] = v17;
      mt_i64 v271[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v271[s] = (mt_i64)(v266[s]);
      mt_i64 v272[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v272[s] = (v270[s] + v271[s]);
      mt_i64 v273[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v273[s] = (v269[s] + v272[s]);
      mt_i64 v277[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v277[s] = v0;
      bool v278[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v278[s] = (v272[s] < v277[s]);
      float v279[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v279[s] = (MT_FLAT(s) < 1024 && v278[s]) ? p4[v273[s]] : v42; }
      float v108[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v108[s] = (v106[s] - v279[s]);
      float v109[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v109[s] = mt_exp(v108[s]);
      float v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v117[s] = (true) ? p2[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v117[s]; }
      __syncthreads();
      float v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v118[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v119[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = (v118[s] - v119[s]);
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v109[s] * v120[s]);
      mt_i64 v292[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v292[s] = v32;
      mt_i64 v293[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v293[s] = v90;
      mt_i64 v295[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v295[s] = (v293[s] + v220[s]);
      mt_i64 v296[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v296[s] = (v292[s] + v295[s]);
      mt_i64 v298[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v298[s] = (v296[s] * v223[s]);
      mt_i64 v128[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v128[s] = (v298[s] + v231[s]);
      float v129[4];
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v128[g];
        if ((true) && (true) && (true) && (true) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v129[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v129[s] = (true) ? p1[i0 + k] : 0; }
        }
      }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v121[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v129[s]; }
      __syncthreads();
      float v130[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v91[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v130[s] = t; }
      __syncthreads();
      float y3[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y3[s] = v130[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = y3[s];
    }
    float v131[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v131[s] = v91[s];
    float v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = v131[s];
    for (mt_i64 v133 = v87; v133 < v84; v133 += v16) {
      int v300[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v300[s] = v212[s];
      int v301[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v301[s] = 32;
      int v302[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v302[s] = (int)((v301[s] == 0 ? 0 : v300[s] / v301[s]));
      int v304[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v304[s] = (int)((v301[s] == 0 ? 0 : v300[s] % v301[s]));
      mt_i64 v305[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v305[s] = v32;
      mt_i64 v306[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v306[s] = v133;
      mt_i64 v307[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v307[s] = (mt_i64)(v304[s]);
      mt_i64 v308[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v308[s] = (v306[s] + v307[s]);
      mt_i64 v309[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v309[s] = (v305[s] + v308[s]);
      mt_i64 v310[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v310[s] = v2;
      mt_i64 v311[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v311[s] = (v309[s] * v310[s]);
      mt_i64 v318[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v318[s] = (mt_i64)(v302[s]);
      mt_i64 v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v311[s] + v318[s]);
      mt_i64 v328[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v328[s] = v1;
      bool v329[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v329[s] = (v308[s] < v328[s]);
      float v151[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v151[s] = (true && v329[s]) ? p1[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v151[s]; }
      __syncthreads();
      float v152[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v152[s] = t; }
      __syncthreads();
      float v153[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v153[s] = v7;
      float v154[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v154[s] = (v152[s] * v153[s]);
      int v330[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v330[s] = (int)(0 + MT_FLAT(s));
      int v331[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v331[s] = v330[s];
      int v332[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v332[s] = 32;
      int v333[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v333[s] = (int)((v332[s] == 0 ? 0 : v331[s] / v332[s]));
      int v335[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v335[s] = (int)((v332[s] == 0 ? 0 : v331[s] % v332[s]));
      mt_i64 v336[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v336[s] = v27;
      mt_i64 v337[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v337[s] = v17;
      mt_i64 v338[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v338[s] = (mt_i64)(v333[s]);
      mt_i64 v339[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v339[s] = (v337[s] + v338[s]);
      mt_i64 v340[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v340[s] = (v336[s] + v339[s]);
      mt_i64 v344[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v344[s] = v0;
      bool v345[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v345[s] = (v339[s] < v344[s]);
      float v346[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v346[s] = (MT_FLAT(s) < 1024 && v345[s]) ? p4[v340[s]] : v42; }
      float v156[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v156[s] = (v154[s] - v346[s]);
      float v157[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v157[s] = mt_exp(v156[s]);
      mt_i64 v353[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v353[s] = v133;
      mt_i64 v354[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v354[s] = (mt_i64)(v335[s]);
      mt_i64 v355[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v355[s] = (v353[s] + v354[s]);
      mt_i64 v365[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v365[s] = v6;
      mt_i64 v366[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v366[s] = (v339[s] + v365[s]);
      bool v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v355[s] <= v366[s]);
      mt_i64 v376[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v376[s] = v1;
      bool v377[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v377[s] = (v355[s] < v376[s]);
      bool v169[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v169[s] = (v377[s] && v167[s]);
      float v171[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v171[s] = 0.0f;
      float v172[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v172[s] = (v169[s] ? v157[s] : v171[s]);
      float v183[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v183[s] = (true && v329[s]) ? p2[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v183[s]; }
      __syncthreads();
      float v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v184[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v185[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (v184[s] - v185[s]);
      float v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = (v172[s] * v186[s]);
      mt_i64 v390[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v390[s] = v32;
      mt_i64 v391[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v391[s] = v133;
      mt_i64 v393[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v393[s] = (v391[s] + v220[s]);
      mt_i64 v394[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v394[s] = (v390[s] + v393[s]);
      mt_i64 v396[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v396[s] = (v394[s] * v223[s]);
      mt_i64 v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = (v396[s] + v231[s]);
      mt_i64 v406[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v406[s] = v1;
      bool v407[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v407[s] = (v393[s] < v406[s]);
      float v198[4];
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v194[g];
        if ((true && v407[g + 0]) && (true && v407[g + 1]) && (true && v407[g + 2]) && (true && v407[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v198[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v198[s] = (true && v407[s]) ? p1[i0 + k] : v42; }
        }
      }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v187[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v198[s]; }
      __syncthreads();
      float v199[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v134[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v199[s] = t; }
      __syncthreads();
      float y4[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y4[s] = v199[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = y4[s];
    }
    float v200[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v200[s] = v134[s];
    float v201[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v201[s] = v7;
    float v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = (v200[s] * v201[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v39[g];
      if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v202[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v242[s]) p6[i0 + k] = v202[s]; }
      }
    }
  }
}
