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
#define MT_THREADS 256
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(256, 5) mt_rope_bwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
#endif
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = (int)blockIdx.x;
    int v7 = 2;
    int v8 = (int)((v1 * v7));
    mt_i64 v25 = (mt_i64)(v8);
    mt_i64 v30 = (mt_i64)(v6);
    mt_i64 v31 = (mt_i64)(v0);
    mt_i64 v32 = (v30 * v31);
    int v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (int)(0 + MT_FLAT(s));
    int v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v35[s];
    int v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = v1;
    bool v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = (v36[s] < v37[s]);
    int v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v6;
    int v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = 0;
    int v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = v5;
    bool v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v88[s] < v91[s]);
    bool v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v38[s] && v92[s]);
    mt_i64 v41 = (mt_i64)(v1);
    int v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = v0;
    int v99[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v99[s] = (int)((v89[s] * v98[s]));
    int v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (int)((v99[s] + v36[s]));
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (mt_i64)(v43[s]);
    mt_i64 v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v32;
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v45[s] + v44[s]);
    float v47 = 0.0f;
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v46[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v48[s] = (true && v40[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v47; }
      }
    }
    float v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v48[s];
    mt_i64 v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = v41;
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v46[s] + v50[s]);
    float v53[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v51[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v53[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v53[s] = (true && v40[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v47; }
      }
    }
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = v53[s];
    mt_i64 v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (mt_i64)(v36[s]);
    int v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = v3;
    int v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (int)((v107[s] == 0 ? 0 : v88[s] / v107[s]));
    int v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = v4;
    int v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = (int)((v108[s] * v109[s]));
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v2;
    int v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (int)((v110[s] * v111[s]));
    int v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (int)((v111[s] == 0 ? 0 : v88[s] % v111[s]));
    int v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = (int)((v112[s] + v117[s]));
    mt_i64 v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = (mt_i64)(v118[s]);
    mt_i64 v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = v25;
    mt_i64 v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v119[s] * v120[s]);
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v121[s] + v55[s]);
    float v59[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v57[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v59[s] = (true && v40[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v47; }
      }
    }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v59[s];
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v57[s] + v50[s]);
    float v64[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v62[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v64[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v64[s] = (true && v40[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v47; }
      }
    }
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v64[s];
    float v67[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v57[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v67[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v67[s] = (true && v40[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v47; }
      }
    }
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = v67[s];
    float v72[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v62[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v72[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v72[s] = (true && v40[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v47; }
      }
    }
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v72[s];
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = (v49[s] * v60[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v54[s] * v73[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] + v75[s]);
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v54[s] * v65[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = (v49[s] * v68[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = (v77[s] - v78[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = mt_round_bf16(v76[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v46[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v76[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v40[s]) p3[i0 + k] = mt_f32_to_bf16(v76[s]); }
      }
    }
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = mt_round_bf16(v79[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v51[g];
      if ((true && v40[g + 0]) && (true && v40[g + 1]) && (true && v40[g + 2]) && (true && v40[g + 3]) && (true && v40[g + 4]) && (true && v40[g + 5]) && (true && v40[g + 6]) && (true && v40[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v79[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v40[s]) p3[i0 + k] = mt_f32_to_bf16(v79[s]); }
      }
    }
}
extern "C" __global__ void __launch_bounds__(256, 5) mt_rope_bwd_fast(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
#endif
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = (int)blockIdx.x;
    int v7 = 2;
    int v8 = (int)((v1 * v7));
    mt_i64 v25 = (mt_i64)(v8);
    mt_i64 v30 = (mt_i64)(v6);
    mt_i64 v31 = (mt_i64)(v0);
    mt_i64 v32 = (v30 * v31);
    int v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (int)(0 + MT_FLAT(s));
    int v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v35[s];
    int v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = v1;
    bool v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = (v36[s] < v37[s]);
    int v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v6;
    int v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = 0;
    int v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = v5;
    bool v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v88[s] < v91[s]);
    bool v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v38[s] && v92[s]);
    mt_i64 v41 = (mt_i64)(v1);
    int v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = v0;
    int v99[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v99[s] = (int)((v89[s] * v98[s]));
    int v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (int)((v99[s] + v36[s]));
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (mt_i64)(v43[s]);
    mt_i64 v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v32;
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v45[s] + v44[s]);
    float v47 = 0.0f;
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v46[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v48[g + k] = v47; }
      }
    }
    float v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v48[s];
    mt_i64 v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = v41;
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v46[s] + v50[s]);
    float v53[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v51[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v53[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v53[g + k] = v47; }
      }
    }
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = v53[s];
    mt_i64 v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (mt_i64)(v36[s]);
    int v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = v3;
    int v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (int)((v107[s] == 0 ? 0 : v88[s] / v107[s]));
    int v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = v4;
    int v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = (int)((v108[s] * v109[s]));
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v2;
    int v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (int)((v110[s] * v111[s]));
    int v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (int)((v111[s] == 0 ? 0 : v88[s] % v111[s]));
    int v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = (int)((v112[s] + v117[s]));
    mt_i64 v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = (mt_i64)(v118[s]);
    mt_i64 v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = v25;
    mt_i64 v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v119[s] * v120[s]);
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v121[s] + v55[s]);
    float v59[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v57[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v59[g + k] = v47; }
      }
    }
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v59[s];
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v57[s] + v50[s]);
    float v64[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v62[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v64[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v64[g + k] = v47; }
      }
    }
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v64[s];
    float v67[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v57[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v67[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v67[g + k] = v47; }
      }
    }
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = v67[s];
    float v72[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v62[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v72[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v72[g + k] = v47; }
      }
    }
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v72[s];
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = (v49[s] * v60[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v54[s] * v73[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] + v75[s]);
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v54[s] * v65[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = (v49[s] * v68[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = (v77[s] - v78[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = mt_round_bf16(v76[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v46[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v76[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = mt_round_bf16(v79[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v51[g];
      if ((true && v40[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v79[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
}
