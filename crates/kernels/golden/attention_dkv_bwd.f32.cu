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
extern "C" __global__ void __launch_bounds__(1024) mt_attention_dkv(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, const float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[32768];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && (p10 % 4) == 0 && (p14 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
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
    mt_i64 v24 = (v15 * v4);
    mt_i64 v25 = (v24 + v13);
    mt_i64 v26 = (v25 * v1);
    int v184[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v184[s] = (int)(0 + MT_FLAT(s));
    int v185[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v185[s] = v184[s];
    int v186[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v186[s] = 128;
    int v187[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v187[s] = (int)((v186[s] == 0 ? 0 : v185[s] / v186[s]));
    int v189[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v189[s] = (int)((v186[s] == 0 ? 0 : v185[s] % v186[s]));
    mt_i64 v190[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v190[s] = v26;
    mt_i64 v191[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v191[s] = v17;
    mt_i64 v192[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v192[s] = (mt_i64)(v187[s]);
    mt_i64 v193[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v193[s] = (v191[s] + v192[s]);
    mt_i64 v194[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v194[s] = (v190[s] + v193[s]);
    mt_i64 v195[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v195[s] = v2;
    mt_i64 v196[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v196[s] = (v194[s] * v195[s]);
    mt_i64 v203[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v203[s] = (mt_i64)(v189[s]);
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = (v196[s] + v203[s]);
    mt_i64 v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = v1;
    bool v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = (v193[s] < v213[s]);
    float v38 = 0.0f;
    float v39[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v39[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v39[g + k] = v38; }
      }
    }
    float v50[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v50[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v50[g + k] = v38; }
      }
    }
    mt_i64 v53 = (v17 - v6);
    mt_i64 v54 = 0LL;
    mt_i64 v55 = (v53 > v54 ? v53 : v54);
    mt_i64 v57 = (v16 == 0 ? 0 : v55 % v16);
    mt_i64 v58 = (v55 - v57);
    float v59[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v59[s] = 0.0f;
    mt_i64 v61 = 1LL;
    float v63[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v63[s] = v59[s];
    float v64[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v64[s] = v59[s];
    for (mt_i64 v62 = v54; v62 < v5; v62 += v61) {
      mt_i64 v65 = (v13 * v5);
      mt_i64 v66 = (v65 + v62);
      mt_i64 v67 = (v15 * v3);
      mt_i64 v68 = (v67 + v66);
      mt_i64 v69 = (v68 * v0);
      float v72[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v72[s] = v63[s];
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = v64[s];
      for (mt_i64 v71 = v58; v71 < v0; v71 += v16) {
        int v216[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v216[s] = v184[s];
        int v217[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v217[s] = 32;
        int v218[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v218[s] = (int)((v217[s] == 0 ? 0 : v216[s] / v217[s]));
        int v220[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v220[s] = (int)((v217[s] == 0 ? 0 : v216[s] % v217[s]));
        mt_i64 v221[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v221[s] = v69;
        mt_i64 v222[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v222[s] = v71;
        mt_i64 v223[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v223[s] = (mt_i64)(v220[s]);
        mt_i64 v224[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v224[s] = (v222[s] + v223[s]);
        mt_i64 v225[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v225[s] = (v221[s] + v224[s]);
        mt_i64 v226[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v226[s] = v2;
        mt_i64 v227[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v227[s] = (v225[s] * v226[s]);
        mt_i64 v234[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v234[s] = (mt_i64)(v218[s]);
        mt_i64 v86[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v86[s] = (v227[s] + v234[s]);
        mt_i64 v244[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v244[s] = v0;
        bool v245[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v245[s] = (v224[s] < v244[s]);
        float v90[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { v90[s] = (true && v245[s]) ? p0[v86[s]] : v38; }
        int v246[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v246[s] = (int)(0 + MT_FLAT(s));
        int v247[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v247[s] = v246[s];
        int v248[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v248[s] = 32;
        int v249[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v249[s] = (int)((v248[s] == 0 ? 0 : v247[s] / v248[s]));
        int v251[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v251[s] = (int)((v248[s] == 0 ? 0 : v247[s] % v248[s]));
        mt_i64 v252[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v252[s] = v17;
        mt_i64 v253[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v253[s] = (mt_i64)(v249[s]);
        mt_i64 v254[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v254[s] = (v252[s] + v253[s]);
        mt_i64 v261[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v261[s] = v71;
        mt_i64 v262[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v262[s] = (mt_i64)(v251[s]);
        mt_i64 v263[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v263[s] = (v261[s] + v262[s]);
        mt_i64 v264[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v264[s] = v6;
        mt_i64 v265[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v265[s] = (v263[s] + v264[s]);
        bool v103[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v103[s] = (v254[s] <= v265[s]);
        mt_i64 v275[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v275[s] = v1;
        bool v276[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v276[s] = (v254[s] < v275[s]);
        bool v105[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v105[s] = (v276[s] && v103[s]);
        mt_i64 v286[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v286[s] = v0;
        bool v287[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v287[s] = (v263[s] < v286[s]);
        bool v108[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v108[s] = (v105[s] && v287[s]);
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v39[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v90[s]; }
        __syncthreads();
        float v109[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v109[s] = t; }
        __syncthreads();
        float v110[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v110[s] = v7;
        float v111[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v111[s] = (v109[s] * v110[s]);
        mt_i64 v294[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v294[s] = v69;
        mt_i64 v298[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v298[s] = (v294[s] + v263[s]);
        float v304[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v298[g];
          if ((MT_FLAT(g) < 1024 && v287[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v304[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { v304[g + k] = v38; }
          }
        }
        float v113[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v113[s] = (v111[s] - v304[s]);
        float v114[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v114[s] = mt_exp(v113[s]);
        float v116[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v116[s] = 0.0f;
        float v117[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v117[s] = (v108[s] ? v114[s] : v116[s]);
        mt_i64 v311[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v311[s] = v69;
        mt_i64 v312[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v312[s] = v71;
        mt_i64 v314[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v314[s] = (v312[s] + v192[s]);
        mt_i64 v315[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v315[s] = (v311[s] + v314[s]);
        mt_i64 v317[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v317[s] = (v315[s] * v195[s]);
        mt_i64 v124[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v124[s] = (v317[s] + v203[s]);
        mt_i64 v327[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v327[s] = v0;
        bool v328[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v328[s] = (v314[s] < v327[s]);
        float v128[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v124[g];
          if ((true && v328[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v128[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { v128[g + k] = v38; }
          }
        }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v117[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v128[s]; }
        __syncthreads();
        float v129[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v73[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v129[s] = t; }
        __syncthreads();
        float v140[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { v140[s] = (true && v245[s]) ? p4[v86[s]] : v38; }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v50[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v140[s]; }
        __syncthreads();
        float v144[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v144[s] = t; }
        __syncthreads();
        float v345[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v298[g];
          if ((MT_FLAT(g) < 1024 && v287[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v345[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { v345[g + k] = v38; }
          }
        }
        float v146[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v146[s] = (v144[s] - v345[s]);
        float v147[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v147[s] = (v117[s] * v146[s]);
        float v158[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v124[g];
          if ((true && v328[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v158[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { v158[g + k] = v38; }
          }
        }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v147[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v158[s]; }
        __syncthreads();
        float v159[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v72[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v159[s] = t; }
        __syncthreads();
        float y1[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) y1[s] = v159[s];
        float y2[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) y2[s] = v129[s];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v72[s] = y1[s];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v73[s] = y2[s];
      }
      float v160[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v160[s] = v72[s];
      float v161[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v161[s] = v73[s];
      float y3[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y3[s] = v160[s];
      float y4[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y4[s] = v161[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v63[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v64[s] = y4[s];
    }
    float v162[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v162[s] = v63[s];
    float v163[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v163[s] = v64[s];
    float v164[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v164[s] = v7;
    float v165[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v165[s] = (v162[s] * v164[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v165[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      }
    }
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v163[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
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
    mt_i64 v24 = (v15 * v4);
    mt_i64 v25 = (v24 + v13);
    mt_i64 v26 = (v25 * v1);
    int v184[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v184[s] = (int)(0 + MT_FLAT(s));
    int v185[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v185[s] = v184[s];
    int v186[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v186[s] = 128;
    int v187[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v187[s] = (int)((v186[s] == 0 ? 0 : v185[s] / v186[s]));
    int v189[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v189[s] = (int)((v186[s] == 0 ? 0 : v185[s] % v186[s]));
    mt_i64 v190[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v190[s] = v26;
    mt_i64 v191[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v191[s] = v17;
    mt_i64 v192[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v192[s] = (mt_i64)(v187[s]);
    mt_i64 v193[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v193[s] = (v191[s] + v192[s]);
    mt_i64 v194[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v194[s] = (v190[s] + v193[s]);
    mt_i64 v195[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v195[s] = v2;
    mt_i64 v196[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v196[s] = (v194[s] * v195[s]);
    mt_i64 v203[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v203[s] = (mt_i64)(v189[s]);
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = (v196[s] + v203[s]);
    mt_i64 v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = v1;
    bool v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = (v193[s] < v213[s]);
    float v38 = 0.0f;
    float v39[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g + 0]) && (true && v214[g + 1]) && (true && v214[g + 2]) && (true && v214[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v39[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v39[s] = (true && v214[s]) ? p1[i0 + k] : v38; }
      }
    }
    float v50[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g + 0]) && (true && v214[g + 1]) && (true && v214[g + 2]) && (true && v214[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v50[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v50[s] = (true && v214[s]) ? p2[i0 + k] : v38; }
      }
    }
    mt_i64 v53 = (v17 - v6);
    mt_i64 v54 = 0LL;
    mt_i64 v55 = (v53 > v54 ? v53 : v54);
    mt_i64 v57 = (v16 == 0 ? 0 : v55 % v16);
    mt_i64 v58 = (v55 - v57);
    float v59[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v59[s] = 0.0f;
    mt_i64 v61 = 1LL;
    float v63[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v63[s] = v59[s];
    float v64[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v64[s] = v59[s];
    for (mt_i64 v62 = v54; v62 < v5; v62 += v61) {
      mt_i64 v65 = (v13 * v5);
      mt_i64 v66 = (v65 + v62);
      mt_i64 v67 = (v15 * v3);
      mt_i64 v68 = (v67 + v66);
      mt_i64 v69 = (v68 * v0);
      float v72[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v72[s] = v63[s];
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = v64[s];
      for (mt_i64 v71 = v58; v71 < v0; v71 += v16) {
        int v216[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v216[s] = v184[s];
        int v217[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v217[s] = 32;
        int v218[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v218[s] = (int)((v217[s] == 0 ? 0 : v216[s] / v217[s]));
        int v220[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v220[s] = (int)((v217[s] == 0 ? 0 : v216[s] % v217[s]));
        mt_i64 v221[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v221[s] = v69;
        mt_i64 v222[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v222[s] = v71;
        mt_i64 v223[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v223[s] = (mt_i64)(v220[s]);
        mt_i64 v224[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v224[s] = (v222[s] + v223[s]);
        mt_i64 v225[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v225[s] = (v221[s] + v224[s]);
        mt_i64 v226[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v226[s] = v2;
        mt_i64 v227[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v227[s] = (v225[s] * v226[s]);
        mt_i64 v234[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v234[s] = (mt_i64)(v218[s]);
        mt_i64 v86[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v86[s] = (v227[s] + v234[s]);
        mt_i64 v244[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v244[s] = v0;
        bool v245[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v245[s] = (v224[s] < v244[s]);
        float v90[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { v90[s] = (true && v245[s]) ? p0[v86[s]] : v38; }
        int v246[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v246[s] = (int)(0 + MT_FLAT(s));
        int v247[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v247[s] = v246[s];
        int v248[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v248[s] = 32;
        int v249[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v249[s] = (int)((v248[s] == 0 ? 0 : v247[s] / v248[s]));
        int v251[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v251[s] = (int)((v248[s] == 0 ? 0 : v247[s] % v248[s]));
        mt_i64 v252[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v252[s] = v17;
        mt_i64 v253[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v253[s] = (mt_i64)(v249[s]);
        mt_i64 v254[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v254[s] = (v252[s] + v253[s]);
        mt_i64 v261[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v261[s] = v71;
        mt_i64 v262[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v262[s] = (mt_i64)(v251[s]);
        mt_i64 v263[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v263[s] = (v261[s] + v262[s]);
        mt_i64 v264[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v264[s] = v6;
        mt_i64 v265[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v265[s] = (v263[s] + v264[s]);
        bool v103[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v103[s] = (v254[s] <= v265[s]);
        mt_i64 v275[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v275[s] = v1;
        bool v276[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v276[s] = (v254[s] < v275[s]);
        bool v105[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v105[s] = (v276[s] && v103[s]);
        mt_i64 v286[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v286[s] = v0;
        bool v287[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v287[s] = (v263[s] < v286[s]);
        bool v108[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v108[s] = (v105[s] && v287[s]);
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v39[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v90[s]; }
        __syncthreads();
        float v109[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v109[s] = t; }
        __syncthreads();
        float v110[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v110[s] = v7;
        float v111[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v111[s] = (v109[s] * v110[s]);
        mt_i64 v294[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v294[s] = v69;
        mt_i64 v298[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v298[s] = (v294[s] + v263[s]);
        float v304[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v298[g];
          if ((MT_FLAT(g + 0) < 1024 && v287[g + 0]) && (MT_FLAT(g + 1) < 1024 && v287[g + 1]) && (MT_FLAT(g + 2) < 1024 && v287[g + 2]) && (MT_FLAT(g + 3) < 1024 && v287[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v304[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; v304[s] = (MT_FLAT(s) < 1024 && v287[s]) ? p3[i0 + k] : v38; }
          }
        }
        float v113[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v113[s] = (v111[s] - v304[s]);
        float v114[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v114[s] = mt_exp(v113[s]);
        float v116[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v116[s] = 0.0f;
        float v117[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v117[s] = (v108[s] ? v114[s] : v116[s]);
        mt_i64 v311[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v311[s] = v69;
        mt_i64 v312[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v312[s] = v71;
        mt_i64 v314[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v314[s] = (v312[s] + v192[s]);
        mt_i64 v315[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v315[s] = (v311[s] + v314[s]);
        mt_i64 v317[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v317[s] = (v315[s] * v195[s]);
        mt_i64 v124[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v124[s] = (v317[s] + v203[s]);
        mt_i64 v327[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v327[s] = v0;
        bool v328[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v328[s] = (v314[s] < v327[s]);
        float v128[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v124[g];
          if ((true && v328[g + 0]) && (true && v328[g + 1]) && (true && v328[g + 2]) && (true && v328[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v128[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; v128[s] = (true && v328[s]) ? p4[i0 + k] : v38; }
          }
        }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v117[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v128[s]; }
        __syncthreads();
        float v129[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v73[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v129[s] = t; }
        __syncthreads();
        float v140[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { v140[s] = (true && v245[s]) ? p4[v86[s]] : v38; }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v50[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v140[s]; }
        __syncthreads();
        float v144[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v144[s] = t; }
        __syncthreads();
        float v345[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v298[g];
          if ((MT_FLAT(g + 0) < 1024 && v287[g + 0]) && (MT_FLAT(g + 1) < 1024 && v287[g + 1]) && (MT_FLAT(g + 2) < 1024 && v287[g + 2]) && (MT_FLAT(g + 3) < 1024 && v287[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v345[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; v345[s] = (MT_FLAT(s) < 1024 && v287[s]) ? p5[i0 + k] : v38; }
          }
        }
        float v146[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v146[s] = (v144[s] - v345[s]);
        float v147[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v147[s] = (v117[s] * v146[s]);
        float v158[4];
        #pragma unroll
        for (int g = 0; g < 4; g += 4) {
          const mt_i64 i0 = v124[g];
          if ((true && v328[g + 0]) && (true && v328[g + 1]) && (true && v328[g + 2]) && (true && v328[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v158[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; v158[s] = (true && v328[s]) ? p0[i0 + k] : v38; }
          }
        }
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v147[s]; }
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v158[s]; }
        __syncthreads();
        float v159[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v72[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v159[s] = t; }
        __syncthreads();
        float y5[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) y5[s] = v159[s];
        float y6[4];
        #pragma unroll
        for (int s = 0; s < 4; ++s) y6[s] = v129[s];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v72[s] = y5[s];
        #pragma unroll
        for (int s = 0; s < 4; ++s) v73[s] = y6[s];
      }
      float v160[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v160[s] = v72[s];
      float v161[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v161[s] = v73[s];
      float y7[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y7[s] = v160[s];
      float y8[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y8[s] = v161[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v63[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v64[s] = y8[s];
    }
    float v162[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v162[s] = v63[s];
    float v163[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v163[s] = v64[s];
    float v164[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v164[s] = v7;
    float v165[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v165[s] = (v162[s] * v164[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g + 0]) && (true && v214[g + 1]) && (true && v214[g + 2]) && (true && v214[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v165[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v214[s]) p6[i0 + k] = v165[s]; }
      }
    }
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v35[g];
      if ((true && v214[g + 0]) && (true && v214[g + 1]) && (true && v214[g + 2]) && (true && v214[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v163[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v214[s]) p7[i0 + k] = v163[s]; }
      }
    }
  }
}
