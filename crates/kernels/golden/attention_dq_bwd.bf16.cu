#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;
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
extern "C" __global__ void __launch_bounds__(512) mt_attention_dq(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, const mt_u16* __restrict__ p3, const float* __restrict__ p4, const mt_u16* __restrict__ p5, mt_u16* __restrict__ p6, float* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[26624];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 8) == 0 && (p10 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
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
    int v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = v17;
    mt_i64 v21[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v0;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = v27;
    mt_i64 v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = 128;
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)((v219[s] == 0 ? 0 : v218[s] / v219[s]));
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = (int)((v219[s] == 0 ? 0 : v218[s] % v219[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v27;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = v17;
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (mt_i64)(v220[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = (v224[s] + v225[s]);
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v223[s] + v226[s]);
    mt_i64 v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = v2;
    mt_i64 v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = (v227[s] * v228[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (mt_i64)(v222[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v229[s] + v236[s]);
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = v0;
    bool v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v226[s] < v246[s]);
    float v42 = 0.0f;
    float v43[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v43[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v43[g + k] = v42; }
      }
    }
    float v54[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v54[g + k] = v42; }
      }
    }
    float v65[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v65[g + k] = v42; }
      }
    }
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v54[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v65[s];
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v66[s] * v67[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v68[s]; }
    __syncthreads();
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = (acc + x); } v69[s] = acc; } else { v69[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g) < 32 && v24[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v69[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      }
    }
    float v70 = 0.0f;
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v69[s];
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = 0.0f;
    mt_i64 v77 = (v17 + v6);
    mt_i64 v78 = 1LL;
    mt_i64 v79 = (v77 + v78);
    mt_i64 v80 = (v1 < v79 ? v1 : v79);
    mt_i64 v81 = 0LL;
    mt_i64 v82 = (v80 > v81 ? v80 : v81);
    mt_i64 v84 = (v17 + v16);
    mt_i64 v85 = (v84 + v6);
    mt_i64 v86 = (v1 < v85 ? v1 : v85);
    mt_i64 v88 = (v16 == 0 ? 0 : v82 % v16);
    mt_i64 v89 = (v82 - v88);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v76[s];
    for (mt_i64 v92 = v81; v92 < v89; v92 += v16) {
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = v217[s];
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = 32;
      int v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (int)((v250[s] == 0 ? 0 : v249[s] / v250[s]));
      int v253[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v253[s] = (int)((v250[s] == 0 ? 0 : v249[s] % v250[s]));
      mt_i64 v254[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v254[s] = v32;
      mt_i64 v255[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v255[s] = v92;
      mt_i64 v256[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v256[s] = (mt_i64)(v253[s]);
      mt_i64 v257[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v257[s] = (v255[s] + v256[s]);
      mt_i64 v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = (v254[s] + v257[s]);
      mt_i64 v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = v2;
      mt_i64 v260[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v260[s] = (v258[s] * v259[s]);
      mt_i64 v267[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v267[s] = (mt_i64)(v251[s]);
      mt_i64 v104[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v104[s] = (v260[s] + v267[s]);
      float v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v105[s] = (true) ? mt_bf16_to_f32(p1[v104[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v105[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v106[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v106[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v107[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v107[s] = v7;
      float v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = (v106[s] * v107[s]);
      int v268[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v268[s] = (int)(0 + MT_FLAT(s));
      int v269[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v269[s] = v268[s];
      int v270[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v270[s] = 32;
      int v271[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v271[s] = (int)((v270[s] == 0 ? 0 : v269[s] / v270[s]));
      mt_i64 v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v27;
      mt_i64 v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = v17;
      mt_i64 v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = (mt_i64)(v271[s]);
      mt_i64 v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (v275[s] + v276[s]);
      mt_i64 v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = (v274[s] + v277[s]);
      mt_i64 v282[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v282[s] = v0;
      bool v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (v277[s] < v282[s]);
      float v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v284[s] = (MT_FLAT(s) < 1024 && v283[s]) ? p4[v278[s]] : v70; }
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = (v108[s] - v284[s]);
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v111[s] = mt_exp(v110[s]);
      float v119[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v119[s] = (true) ? mt_bf16_to_f32(p2[v104[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v54[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v119[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v120[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v120[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v73[s]; }
      __syncthreads();
      float v121[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v121[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = (v120[s] - v121[s]);
      float v123[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v123[s] = (v111[s] * v122[s]);
      mt_i64 v297[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v297[s] = v32;
      mt_i64 v298[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v298[s] = v92;
      mt_i64 v300[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v300[s] = (v298[s] + v225[s]);
      mt_i64 v301[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v301[s] = (v297[s] + v300[s]);
      mt_i64 v303[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v303[s] = (v301[s] * v228[s]);
      mt_i64 v130[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v130[s] = (v303[s] + v236[s]);
      float v131[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v130[g];
        if ((true)) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v131[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v131[g + k] = 0; }
        }
      }
      float v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = mt_round_bf16(v123[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v132[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v131[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v133[s] = f < 4096 ? v93[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float y1[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y1[s] = v133[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = y1[s];
    }
    float v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = v93[s];
    float v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = v134[s];
    for (mt_i64 v136 = v89; v136 < v86; v136 += v16) {
      int v305[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v305[s] = v217[s];
      int v306[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v306[s] = 32;
      int v307[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v307[s] = (int)((v306[s] == 0 ? 0 : v305[s] / v306[s]));
      int v309[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v309[s] = (int)((v306[s] == 0 ? 0 : v305[s] % v306[s]));
      mt_i64 v310[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v310[s] = v32;
      mt_i64 v311[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v311[s] = v136;
      mt_i64 v312[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v312[s] = (mt_i64)(v309[s]);
      mt_i64 v313[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v313[s] = (v311[s] + v312[s]);
      mt_i64 v314[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v314[s] = (v310[s] + v313[s]);
      mt_i64 v315[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v315[s] = v2;
      mt_i64 v316[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v316[s] = (v314[s] * v315[s]);
      mt_i64 v323[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v323[s] = (mt_i64)(v307[s]);
      mt_i64 v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = (v316[s] + v323[s]);
      mt_i64 v333[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v333[s] = v1;
      bool v334[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v334[s] = (v313[s] < v333[s]);
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v154[s] = (true && v334[s]) ? mt_bf16_to_f32(p1[v150[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v154[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v155[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v155[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v156[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v156[s] = v7;
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = (v155[s] * v156[s]);
      int v335[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v335[s] = (int)(0 + MT_FLAT(s));
      int v336[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v336[s] = v335[s];
      int v337[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v337[s] = 32;
      int v338[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v338[s] = (int)((v337[s] == 0 ? 0 : v336[s] / v337[s]));
      int v340[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v340[s] = (int)((v337[s] == 0 ? 0 : v336[s] % v337[s]));
      mt_i64 v341[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v341[s] = v27;
      mt_i64 v342[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v342[s] = v17;
      mt_i64 v343[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v343[s] = (mt_i64)(v338[s]);
      mt_i64 v344[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v344[s] = (v342[s] + v343[s]);
      mt_i64 v345[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v345[s] = (v341[s] + v344[s]);
      mt_i64 v349[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v349[s] = v0;
      bool v350[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v350[s] = (v344[s] < v349[s]);
      float v351[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v351[s] = (MT_FLAT(s) < 1024 && v350[s]) ? p4[v345[s]] : v70; }
      float v159[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v159[s] = (v157[s] - v351[s]);
      float v160[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v160[s] = mt_exp(v159[s]);
      mt_i64 v358[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v358[s] = v136;
      mt_i64 v359[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v359[s] = (mt_i64)(v340[s]);
      mt_i64 v360[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v360[s] = (v358[s] + v359[s]);
      mt_i64 v370[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v370[s] = v6;
      mt_i64 v371[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v371[s] = (v344[s] + v370[s]);
      bool v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = (v360[s] <= v371[s]);
      mt_i64 v381[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v381[s] = v1;
      bool v382[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v382[s] = (v360[s] < v381[s]);
      bool v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = (v382[s] && v170[s]);
      float v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = 0.0f;
      float v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = (v172[s] ? v160[s] : v174[s]);
      float v186[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v186[s] = (true && v334[s]) ? mt_bf16_to_f32(p2[v150[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v54[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v186[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v187[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v73[s]; }
      __syncthreads();
      float v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v188[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = (v187[s] - v188[s]);
      float v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v175[s] * v189[s]);
      mt_i64 v395[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v395[s] = v32;
      mt_i64 v396[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v396[s] = v136;
      mt_i64 v398[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v398[s] = (v396[s] + v225[s]);
      mt_i64 v399[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v399[s] = (v395[s] + v398[s]);
      mt_i64 v401[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v401[s] = (v399[s] * v228[s]);
      mt_i64 v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = (v401[s] + v236[s]);
      mt_i64 v411[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v411[s] = v1;
      bool v412[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v412[s] = (v398[s] < v411[s]);
      float v201[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v197[g];
        if ((true && v412[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v201[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v201[g + k] = v42; }
        }
      }
      float v202[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v202[s] = mt_round_bf16(v190[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v202[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v201[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v203[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v203[s] = f < 4096 ? v137[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float y2[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y2[s] = v203[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = y2[s];
    }
    float v204[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v204[s] = v137[s];
    float v205[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v205[s] = v7;
    float v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (v204[s] * v205[s]);
    float v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = mt_round_bf16(v206[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v206[g + k]);
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
    int v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = v17;
    mt_i64 v21[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v0;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = v27;
    mt_i64 v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = 128;
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)((v219[s] == 0 ? 0 : v218[s] / v219[s]));
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = (int)((v219[s] == 0 ? 0 : v218[s] % v219[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v27;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = v17;
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (mt_i64)(v220[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = (v224[s] + v225[s]);
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v223[s] + v226[s]);
    mt_i64 v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = v2;
    mt_i64 v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = (v227[s] * v228[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (mt_i64)(v222[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v229[s] + v236[s]);
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = v0;
    bool v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v226[s] < v246[s]);
    float v42 = 0.0f;
    float v43[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g + 0]) && (true && v247[g + 1]) && (true && v247[g + 2]) && (true && v247[g + 3]) && (true && v247[g + 4]) && (true && v247[g + 5]) && (true && v247[g + 6]) && (true && v247[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v43[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v43[s] = (true && v247[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v42; }
      }
    }
    float v54[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g + 0]) && (true && v247[g + 1]) && (true && v247[g + 2]) && (true && v247[g + 3]) && (true && v247[g + 4]) && (true && v247[g + 5]) && (true && v247[g + 6]) && (true && v247[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v54[s] = (true && v247[s]) ? mt_bf16_to_f32(p5[i0 + k]) : v42; }
      }
    }
    float v65[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g + 0]) && (true && v247[g + 1]) && (true && v247[g + 2]) && (true && v247[g + 3]) && (true && v247[g + 4]) && (true && v247[g + 5]) && (true && v247[g + 6]) && (true && v247[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v65[s] = (true && v247[s]) ? mt_bf16_to_f32(p3[i0 + k]) : v42; }
      }
    }
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v54[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v65[s];
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v66[s] * v67[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v68[s]; }
    __syncthreads();
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = (acc + x); } v69[s] = acc; } else { v69[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g + 0) < 32 && v24[g + 0]) && (MT_FLAT(g + 1) < 32 && v24[g + 1]) && (MT_FLAT(g + 2) < 32 && v24[g + 2]) && (MT_FLAT(g + 3) < 32 && v24[g + 3]) && (MT_FLAT(g + 4) < 32 && v24[g + 4]) && (MT_FLAT(g + 5) < 32 && v24[g + 5]) && (MT_FLAT(g + 6) < 32 && v24[g + 6]) && (MT_FLAT(g + 7) < 32 && v24[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v69[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 32 && v24[s]) p7[i0 + k] = v69[s]; }
      }
    }
    float v70 = 0.0f;
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v69[s];
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = 0.0f;
    mt_i64 v77 = (v17 + v6);
    mt_i64 v78 = 1LL;
    mt_i64 v79 = (v77 + v78);
    mt_i64 v80 = (v1 < v79 ? v1 : v79);
    mt_i64 v81 = 0LL;
    mt_i64 v82 = (v80 > v81 ? v80 : v81);
    mt_i64 v84 = (v17 + v16);
    mt_i64 v85 = (v84 + v6);
    mt_i64 v86 = (v1 < v85 ? v1 : v85);
    mt_i64 v88 = (v16 == 0 ? 0 : v82 % v16);
    mt_i64 v89 = (v82 - v88);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v76[s];
    for (mt_i64 v92 = v81; v92 < v89; v92 += v16) {
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = v217[s];
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = 32;
      int v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (int)((v250[s] == 0 ? 0 : v249[s] / v250[s]));
      int v253[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v253[s] = (int)((v250[s] == 0 ? 0 : v249[s] % v250[s]));
      mt_i64 v254[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v254[s] = v32;
      mt_i64 v255[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v255[s] = v92;
      mt_i64 v256[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v256[s] = (mt_i64)(v253[s]);
      mt_i64 v257[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v257[s] = (v255[s] + v256[s]);
      mt_i64 v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = (v254[s] + v257[s]);
      mt_i64 v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = v2;
      mt_i64 v260[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v260[s] = (v258[s] * v259[s]);
      mt_i64 v267[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v267[s] = (mt_i64)(v251[s]);
      mt_i64 v104[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v104[s] = (v260[s] + v267[s]);
      float v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v105[s] = (true) ? mt_bf16_to_f32(p1[v104[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v105[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v106[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v106[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v107[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v107[s] = v7;
      float v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = (v106[s] * v107[s]);
      int v268[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v268[s] = (int)(0 + MT_FLAT(s));
      int v269[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v269[s] = v268[s];
      int v270[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v270[s] = 32;
      int v271[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v271[s] = (int)((v270[s] == 0 ? 0 : v269[s] / v270[s]));
      mt_i64 v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v27;
      mt_i64 v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = v17;
      mt_i64 v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = (mt_i64)(v271[s]);
      mt_i64 v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (v275[s] + v276[s]);
      mt_i64 v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = (v274[s] + v277[s]);
      mt_i64 v282[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v282[s] = v0;
      bool v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (v277[s] < v282[s]);
      float v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v284[s] = (MT_FLAT(s) < 1024 && v283[s]) ? p4[v278[s]] : v70; }
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = (v108[s] - v284[s]);
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v111[s] = mt_exp(v110[s]);
      float v119[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v119[s] = (true) ? mt_bf16_to_f32(p2[v104[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v54[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v119[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v120[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v120[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v73[s]; }
      __syncthreads();
      float v121[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v121[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = (v120[s] - v121[s]);
      float v123[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v123[s] = (v111[s] * v122[s]);
      mt_i64 v297[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v297[s] = v32;
      mt_i64 v298[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v298[s] = v92;
      mt_i64 v300[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v300[s] = (v298[s] + v225[s]);
      mt_i64 v301[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v301[s] = (v297[s] + v300[s]);
      mt_i64 v303[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v303[s] = (v301[s] * v228[s]);
      mt_i64 v130[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v130[s] = (v303[s] + v236[s]);
      float v131[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v130[g];
        if ((true) && (true) && (true) && (true) && (true) && (true) && (true) && (true) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v131[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v131[s] = (true) ? mt_bf16_to_f32(p1[i0 + k]) : 0; }
        }
      }
      float v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = mt_round_bf16(v123[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v132[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v131[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v133[s] = f < 4096 ? v93[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v133[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = y3[s];
    }
    float v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = v93[s];
    float v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = v134[s];
    for (mt_i64 v136 = v89; v136 < v86; v136 += v16) {
      int v305[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v305[s] = v217[s];
      int v306[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v306[s] = 32;
      int v307[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v307[s] = (int)((v306[s] == 0 ? 0 : v305[s] / v306[s]));
      int v309[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v309[s] = (int)((v306[s] == 0 ? 0 : v305[s] % v306[s]));
      mt_i64 v310[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v310[s] = v32;
      mt_i64 v311[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v311[s] = v136;
      mt_i64 v312[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v312[s] = (mt_i64)(v309[s]);
      mt_i64 v313[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v313[s] = (v311[s] + v312[s]);
      mt_i64 v314[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v314[s] = (v310[s] + v313[s]);
      mt_i64 v315[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v315[s] = v2;
      mt_i64 v316[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v316[s] = (v314[s] * v315[s]);
      mt_i64 v323[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v323[s] = (mt_i64)(v307[s]);
      mt_i64 v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = (v316[s] + v323[s]);
      mt_i64 v333[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v333[s] = v1;
      bool v334[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v334[s] = (v313[s] < v333[s]);
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v154[s] = (true && v334[s]) ? mt_bf16_to_f32(p1[v150[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v154[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v155[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v155[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v156[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v156[s] = v7;
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = (v155[s] * v156[s]);
      int v335[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v335[s] = (int)(0 + MT_FLAT(s));
      int v336[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v336[s] = v335[s];
      int v337[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v337[s] = 32;
      int v338[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v338[s] = (int)((v337[s] == 0 ? 0 : v336[s] / v337[s]));
      int v340[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v340[s] = (int)((v337[s] == 0 ? 0 : v336[s] % v337[s]));
      mt_i64 v341[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v341[s] = v27;
      mt_i64 v342[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v342[s] = v17;
      mt_i64 v343[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v343[s] = (mt_i64)(v338[s]);
      mt_i64 v344[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v344[s] = (v342[s] + v343[s]);
      mt_i64 v345[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v345[s] = (v341[s] + v344[s]);
      mt_i64 v349[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v349[s] = v0;
      bool v350[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v350[s] = (v344[s] < v349[s]);
      float v351[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v351[s] = (MT_FLAT(s) < 1024 && v350[s]) ? p4[v345[s]] : v70; }
      float v159[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v159[s] = (v157[s] - v351[s]);
      float v160[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v160[s] = mt_exp(v159[s]);
      mt_i64 v358[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v358[s] = v136;
      mt_i64 v359[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v359[s] = (mt_i64)(v340[s]);
      mt_i64 v360[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v360[s] = (v358[s] + v359[s]);
      mt_i64 v370[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v370[s] = v6;
      mt_i64 v371[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v371[s] = (v344[s] + v370[s]);
      bool v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = (v360[s] <= v371[s]);
      mt_i64 v381[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v381[s] = v1;
      bool v382[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v382[s] = (v360[s] < v381[s]);
      bool v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = (v382[s] && v170[s]);
      float v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = 0.0f;
      float v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = (v172[s] ? v160[s] : v174[s]);
      float v186[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v186[s] = (true && v334[s]) ? mt_bf16_to_f32(p2[v150[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v54[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v186[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v187[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v73[s]; }
      __syncthreads();
      float v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v188[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = (v187[s] - v188[s]);
      float v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v175[s] * v189[s]);
      mt_i64 v395[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v395[s] = v32;
      mt_i64 v396[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v396[s] = v136;
      mt_i64 v398[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v398[s] = (v396[s] + v225[s]);
      mt_i64 v399[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v399[s] = (v395[s] + v398[s]);
      mt_i64 v401[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v401[s] = (v399[s] * v228[s]);
      mt_i64 v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = (v401[s] + v236[s]);
      mt_i64 v411[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v411[s] = v1;
      bool v412[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v412[s] = (v398[s] < v411[s]);
      float v201[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v197[g];
        if ((true && v412[g + 0]) && (true && v412[g + 1]) && (true && v412[g + 2]) && (true && v412[g + 3]) && (true && v412[g + 4]) && (true && v412[g + 5]) && (true && v412[g + 6]) && (true && v412[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v201[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v201[s] = (true && v412[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v42; }
        }
      }
      float v202[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v202[s] = mt_round_bf16(v190[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v202[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v201[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v203[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v203[s] = f < 4096 ? v137[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v203[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = y4[s];
    }
    float v204[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v204[s] = v137[s];
    float v205[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v205[s] = v7;
    float v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (v204[s] * v205[s]);
    float v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = mt_round_bf16(v206[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v247[g + 0]) && (true && v247[g + 1]) && (true && v247[g + 2]) && (true && v247[g + 3]) && (true && v247[g + 4]) && (true && v247[g + 5]) && (true && v247[g + 6]) && (true && v247[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v206[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v247[s]) p6[i0 + k] = mt_f32_to_bf16(v206[s]); }
      }
    }
  }
}
