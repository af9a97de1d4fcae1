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
extern "C" __global__ void __launch_bounds__(512) mt_attention_fwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, float* __restrict__ p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, float p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[26624];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p5 % 8) == 0 && (p7 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0;
  if (mt_fast) {
    mt_i64 v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    mt_i64 v3 = p8;
    mt_i64 v4 = p9;
    mt_i64 v5 = p10;
    mt_i64 v6 = p11;
    float v7 = p12;
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
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)(0 + MT_FLAT(s));
    int v221[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v221[s] = v220[s];
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = 128;
    int v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = (int)((v222[s] == 0 ? 0 : v221[s] / v222[s]));
    int v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (int)((v222[s] == 0 ? 0 : v221[s] % v222[s]));
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v27;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = v17;
    mt_i64 v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (mt_i64)(v223[s]);
    mt_i64 v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = (v227[s] + v228[s]);
    mt_i64 v230[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v230[s] = (v226[s] + v229[s]);
    mt_i64 v231[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v231[s] = v2;
    mt_i64 v232[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v232[s] = (v230[s] * v231[s]);
    mt_i64 v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (mt_i64)(v225[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v232[s] + v239[s]);
    mt_i64 v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = v0;
    bool v250[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v250[s] = (v229[s] < v249[s]);
    float v42 = 0.0f;
    float v43[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v250[g])) {
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
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = __int_as_float(0xff800000);
    float v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = 0.0f;
    float v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = 0.0f;
    mt_i64 v49 = (v17 + v6);
    mt_i64 v50 = 1LL;
    mt_i64 v51 = (v49 + v50);
    mt_i64 v52 = (v1 < v51 ? v1 : v51);
    mt_i64 v53 = 0LL;
    mt_i64 v54 = (v52 > v53 ? v52 : v53);
    mt_i64 v56 = (v17 + v16);
    mt_i64 v57 = (v56 + v6);
    mt_i64 v58 = (v1 < v57 ? v1 : v57);
    mt_i64 v60 = (v16 == 0 ? 0 : v54 % v16);
    mt_i64 v61 = (v54 - v60);
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v46[s];
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v47[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v48[s];
    for (mt_i64 v64 = v53; v64 < v61; v64 += v16) {
      int v252[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v252[s] = v220[s];
      int v253[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v253[s] = 32;
      int v254[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v254[s] = (int)((v253[s] == 0 ? 0 : v252[s] / v253[s]));
      int v256[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v256[s] = (int)((v253[s] == 0 ? 0 : v252[s] % v253[s]));
      mt_i64 v257[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v257[s] = v32;
      mt_i64 v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v64;
      mt_i64 v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (mt_i64)(v256[s]);
      mt_i64 v260[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v260[s] = (v258[s] + v259[s]);
      mt_i64 v261[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v261[s] = (v257[s] + v260[s]);
      mt_i64 v262[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v262[s] = v2;
      mt_i64 v263[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v263[s] = (v261[s] * v262[s]);
      mt_i64 v270[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v270[s] = (mt_i64)(v254[s]);
      mt_i64 v78[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v78[s] = (v263[s] + v270[s]);
      float v79[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v79[s] = (true) ? mt_bf16_to_f32(p1[v78[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v79[s]); }
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
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v80[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = v7;
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v80[s] * v81[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v82[s]; }
      __syncthreads();
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = __int_as_float(0xff800000); for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = mt_maxf(acc, x); } v83[s] = acc; } else { v83[s] = 0; } }
      __syncthreads();
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = mt_maxf(v65[s], v83[s]);
      bool v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v84[s] == v46[s]);
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = (v87[s] ? v47[s] : v84[s]);
      float v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = v90[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v91[s]; }
      __syncthreads();
      float v92[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v92[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v93[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = (v82[s] - v92[s]);
      float v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v94[s] = mt_exp(v93[s]);
      float v95[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v95[s] = (v65[s] - v90[s]);
      float v96[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v96[s] = mt_exp(v95[s]);
      mt_i64 v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = v32;
      mt_i64 v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = v64;
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = (v284[s] + v228[s]);
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v283[s] + v286[s]);
      mt_i64 v289[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v289[s] = (v287[s] * v231[s]);
      mt_i64 v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v105[s] = (v289[s] + v239[s]);
      float v106[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v105[g];
        if ((true)) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v106[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v106[g + k] = 0; }
        }
      }
      float v107[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v107[s] = mt_round_bf16(v94[s]);
      float v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = v96[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v108[s]; }
      __syncthreads();
      float v109[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v109[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = (v67[s] * v109[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v107[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v106[s]); }
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
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v111[s] = f < 4096 ? v110[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float v112[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v112[s] = (v66[s] * v96[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v94[s]; }
      __syncthreads();
      float v113[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = (acc + x); } v113[s] = acc; } else { v113[s] = 0; } }
      __syncthreads();
      float v114[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v114[s] = (v112[s] + v113[s]);
      float y1[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y1[s] = v84[s];
      float y2[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y2[s] = v114[s];
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v111[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v65[s] = y1[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v66[s] = y2[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = y3[s];
    }
    float v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = v65[s];
    float v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = v66[s];
    float v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = v67[s];
    float v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = v115[s];
    float v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = v116[s];
    float v122[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v122[s] = v117[s];
    for (mt_i64 v119 = v61; v119 < v58; v119 += v16) {
      int v297[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v297[s] = v220[s];
      int v298[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v298[s] = 32;
      int v299[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v299[s] = (int)((v298[s] == 0 ? 0 : v297[s] / v298[s]));
      int v301[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v301[s] = (int)((v298[s] == 0 ? 0 : v297[s] % v298[s]));
      mt_i64 v302[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v302[s] = v32;
      mt_i64 v303[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v303[s] = v119;
      mt_i64 v304[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v304[s] = (mt_i64)(v301[s]);
      mt_i64 v305[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v305[s] = (v303[s] + v304[s]);
      mt_i64 v306[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v306[s] = (v302[s] + v305[s]);
      mt_i64 v307[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v307[s] = v2;
      mt_i64 v308[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v308[s] = (v306[s] * v307[s]);
      mt_i64 v315[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v315[s] = (mt_i64)(v299[s]);
      mt_i64 v135[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v135[s] = (v308[s] + v315[s]);
      mt_i64 v325[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v325[s] = v1;
      bool v326[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v326[s] = (v305[s] < v325[s]);
      float v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v139[s] = (true && v326[s]) ? mt_bf16_to_f32(p1[v135[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v139[s]); }
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
      float v140[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v140[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v141[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v141[s] = v7;
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = (v140[s] * v141[s]);
      int v327[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v327[s] = (int)(0 + MT_FLAT(s));
      int v328[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v328[s] = v327[s];
      int v329[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v329[s] = 32;
      int v330[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v330[s] = (int)((v329[s] == 0 ? 0 : v328[s] / v329[s]));
      int v332[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v332[s] = (int)((v329[s] == 0 ? 0 : v328[s] % v329[s]));
      mt_i64 v333[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v333[s] = v119;
      mt_i64 v334[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v334[s] = (mt_i64)(v332[s]);
      mt_i64 v335[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v335[s] = (v333[s] + v334[s]);
      mt_i64 v342[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v342[s] = v17;
      mt_i64 v343[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v343[s] = (mt_i64)(v330[s]);
      mt_i64 v344[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v344[s] = (v342[s] + v343[s]);
      mt_i64 v345[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v345[s] = v6;
      mt_i64 v346[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v346[s] = (v344[s] + v345[s]);
      bool v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v152[s] = (v335[s] <= v346[s]);
      mt_i64 v356[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v356[s] = v1;
      bool v357[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v357[s] = (v335[s] < v356[s]);
      bool v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = (v357[s] && v152[s]);
      float v156[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v156[s] = __int_as_float(0xff800000);
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = (v154[s] ? v142[s] : v156[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v157[s]; }
      __syncthreads();
      float v158[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = __int_as_float(0xff800000); for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = mt_maxf(acc, x); } v158[s] = acc; } else { v158[s] = 0; } }
      __syncthreads();
      float v159[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v159[s] = mt_maxf(v120[s], v158[s]);
      bool v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = (v159[s] == v46[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v162[s] ? v47[s] : v159[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = v165[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v166[s]; }
      __syncthreads();
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v167[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v157[s] - v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_exp(v168[s]);
      float v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = (v120[s] - v165[s]);
      float v171[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v171[s] = mt_exp(v170[s]);
      mt_i64 v370[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v370[s] = v32;
      mt_i64 v371[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v371[s] = v119;
      mt_i64 v373[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v373[s] = (v371[s] + v228[s]);
      mt_i64 v374[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v374[s] = (v370[s] + v373[s]);
      mt_i64 v376[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v376[s] = (v374[s] * v231[s]);
      mt_i64 v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v376[s] + v239[s]);
      mt_i64 v386[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v386[s] = v1;
      bool v387[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v387[s] = (v373[s] < v386[s]);
      float v184[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v180[g];
        if ((true && v387[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v184[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v184[g + k] = v42; }
        }
      }
      float v185[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v185[s] = mt_round_bf16(v169[s]);
      float v186[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v186[s] = v171[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v186[s]; }
      __syncthreads();
      float v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v187[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (v122[s] * v187[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v185[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v184[s]); }
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
      float v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v189[s] = f < 4096 ? v188[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v121[s] * v171[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v169[s]; }
      __syncthreads();
      float v191[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = (acc + x); } v191[s] = acc; } else { v191[s] = 0; } }
      __syncthreads();
      float v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = (v190[s] + v191[s]);
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v159[s];
      float y5[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y5[s] = v192[s];
      float y6[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y6[s] = v189[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v120[s] = y4[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v121[s] = y5[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = y6[s];
    }
    float v193[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v193[s] = v120[s];
    float v194[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v194[s] = v121[s];
    float v195[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v195[s] = v122[s];
    bool v198[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v198[s] = (v194[s] == v47[s]);
    float v200[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v200[s] = 1.0f;
    float v201[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v201[s] = (v198[s] ? v200[s] : v194[s]);
    float v202[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v202[s] = v201[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v202[s]; }
    __syncthreads();
    float v203[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v203[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    float v204[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v204[s] = mt_div(v195[s], v203[s]);
    float v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = mt_round_bf16(v204[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v250[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v204[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
    float v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = logf(v194[s]);
    float v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = (v193[s] + v215[s]);
    float v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = (v198[s] ? v46[s] : v216[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g) < 32 && v24[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v219[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
      }
    }
  } else {
    mt_i64 v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    mt_i64 v3 = p8;
    mt_i64 v4 = p9;
    mt_i64 v5 = p10;
    mt_i64 v6 = p11;
    float v7 = p12;
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
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)(0 + MT_FLAT(s));
    int v221[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v221[s] = v220[s];
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = 128;
    int v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = (int)((v222[s] == 0 ? 0 : v221[s] / v222[s]));
    int v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (int)((v222[s] == 0 ? 0 : v221[s] % v222[s]));
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v27;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = v17;
    mt_i64 v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (mt_i64)(v223[s]);
    mt_i64 v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = (v227[s] + v228[s]);
    mt_i64 v230[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v230[s] = (v226[s] + v229[s]);
    mt_i64 v231[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v231[s] = v2;
    mt_i64 v232[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v232[s] = (v230[s] * v231[s]);
    mt_i64 v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (mt_i64)(v225[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v232[s] + v239[s]);
    mt_i64 v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = v0;
    bool v250[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v250[s] = (v229[s] < v249[s]);
    float v42 = 0.0f;
    float v43[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v250[g + 0]) && (true && v250[g + 1]) && (true && v250[g + 2]) && (true && v250[g + 3]) && (true && v250[g + 4]) && (true && v250[g + 5]) && (true && v250[g + 6]) && (true && v250[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v43[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v43[s] = (true && v250[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v42; }
      }
    }
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = __int_as_float(0xff800000);
    float v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = 0.0f;
    float v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = 0.0f;
    mt_i64 v49 = (v17 + v6);
    mt_i64 v50 = 1LL;
    mt_i64 v51 = (v49 + v50);
    mt_i64 v52 = (v1 < v51 ? v1 : v51);
    mt_i64 v53 = 0LL;
    mt_i64 v54 = (v52 > v53 ? v52 : v53);
    mt_i64 v56 = (v17 + v16);
    mt_i64 v57 = (v56 + v6);
    mt_i64 v58 = (v1 < v57 ? v1 : v57);
    mt_i64 v60 = (v16 == 0 ? 0 : v54 % v16);
    mt_i64 v61 = (v54 - v60);
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v46[s];
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = v47[s];
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v48[s];
    for (mt_i64 v64 = v53; v64 < v61; v64 += v16) {
      int v252[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v252[s] = v220[s];
      int v253[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v253[s] = 32;
      int v254[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v254[s] = (int)((v253[s] == 0 ? 0 : v252[s] / v253[s]));
      int v256[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v256[s] = (int)((v253[s] == 0 ? 0 : v252[s] % v253[s]));
      mt_i64 v257[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v257[s] = v32;
      mt_i64 v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v64;
      mt_i64 v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (mt_i64)(v256[s]);
      mt_i64 v260[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v260[s] = (v258[s] + v259[s]);
      mt_i64 v261[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v261[s] = (v257[s] + v260[s]);
      mt_i64 v262[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v262[s] = v2;
      mt_i64 v263[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v263[s] = (v261[s] * v262[s]);
      mt_i64 v270[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v270[s] = (mt_i64)(v254[s]);
      mt_i64 v78[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v78[s] = (v263[s] + v270[s]);
      float v79[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v79[s] = (true) ? mt_bf16_to_f32(p1[v78[s]]) : 0; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v79[s]); }
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
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v80[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = v7;
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v80[s] * v81[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v82[s]; }
      __syncthreads();
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = __int_as_float(0xff800000); for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = mt_maxf(acc, x); } v83[s] = acc; } else { v83[s] = 0; } }
      __syncthreads();
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = mt_maxf(v65[s], v83[s]);
      bool v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v84[s] == v46[s]);
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = (v87[s] ? v47[s] : v84[s]);
      float v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = v90[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v91[s]; }
      __syncthreads();
      float v92[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v92[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v93[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = (v82[s] - v92[s]);
      float v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v94[s] = mt_exp(v93[s]);
      float v95[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v95[s] = (v65[s] - v90[s]);
      float v96[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v96[s] = mt_exp(v95[s]);
      mt_i64 v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = v32;
      mt_i64 v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = v64;
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = (v284[s] + v228[s]);
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v283[s] + v286[s]);
      mt_i64 v289[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v289[s] = (v287[s] * v231[s]);
      mt_i64 v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v105[s] = (v289[s] + v239[s]);
      float v106[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v105[g];
        if ((true) && (true) && (true) && (true) && (true) && (true) && (true) && (true) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v106[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v106[s] = (true) ? mt_bf16_to_f32(p2[i0 + k]) : 0; }
        }
      }
      float v107[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v107[s] = mt_round_bf16(v94[s]);
      float v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = v96[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v108[s]; }
      __syncthreads();
      float v109[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v109[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = (v67[s] * v109[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v107[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v106[s]); }
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
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v111[s] = f < 4096 ? v110[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float v112[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v112[s] = (v66[s] * v96[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v94[s]; }
      __syncthreads();
      float v113[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = (acc + x); } v113[s] = acc; } else { v113[s] = 0; } }
      __syncthreads();
      float v114[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v114[s] = (v112[s] + v113[s]);
      float y7[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y7[s] = v84[s];
      float y8[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y8[s] = v114[s];
      float y9[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y9[s] = v111[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v65[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v66[s] = y8[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = y9[s];
    }
    float v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = v65[s];
    float v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = v66[s];
    float v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = v67[s];
    float v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = v115[s];
    float v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = v116[s];
    float v122[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v122[s] = v117[s];
    for (mt_i64 v119 = v61; v119 < v58; v119 += v16) {
      int v297[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v297[s] = v220[s];
      int v298[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v298[s] = 32;
      int v299[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v299[s] = (int)((v298[s] == 0 ? 0 : v297[s] / v298[s]));
      int v301[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v301[s] = (int)((v298[s] == 0 ? 0 : v297[s] % v298[s]));
      mt_i64 v302[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v302[s] = v32;
      mt_i64 v303[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v303[s] = v119;
      mt_i64 v304[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v304[s] = (mt_i64)(v301[s]);
      mt_i64 v305[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v305[s] = (v303[s] + v304[s]);
      mt_i64 v306[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v306[s] = (v302[s] + v305[s]);
      mt_i64 v307[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v307[s] = v2;
      mt_i64 v308[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v308[s] = (v306[s] * v307[s]);
      mt_i64 v315[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v315[s] = (mt_i64)(v299[s]);
      mt_i64 v135[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v135[s] = (v308[s] + v315[s]);
      mt_i64 v325[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v325[s] = v1;
      bool v326[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v326[s] = (v305[s] < v325[s]);
      float v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v139[s] = (true && v326[s]) ? mt_bf16_to_f32(p1[v135[s]]) : v42; }
      // dot 32x128x32 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v43[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_bf16(v139[s]); }
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
      float v140[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v140[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v141[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v141[s] = v7;
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = (v140[s] * v141[s]);
      int v327[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v327[s] = (int)(0 + MT_FLAT(s));
      int v328[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v328[s] = v327[s];
      int v329[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v329[s] = 32;
      int v330[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v330[s] = (int)((v329[s] == 0 ? 0 : v328[s] / v329[s]));
      int v332[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v332[s] = (int)((v329[s] == 0 ? 0 : v328[s] % v329[s]));
      mt_i64 v333[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v333[s] = v119;
      mt_i64 v334[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v334[s] = (mt_i64)(v332[s]);
      mt_i64 v335[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v335[s] = (v333[s] + v334[s]);
      mt_i64 v342[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v342[s] = v17;
      mt_i64 v343[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v343[s] = (mt_i64)(v330[s]);
      mt_i64 v344[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v344[s] = (v342[s] + v343[s]);
      mt_i64 v345[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v345[s] = v6;
      mt_i64 v346[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v346[s] = (v344[s] + v345[s]);
      bool v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v152[s] = (v335[s] <= v346[s]);
      mt_i64 v356[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v356[s] = v1;
      bool v357[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v357[s] = (v335[s] < v356[s]);
      bool v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = (v357[s] && v152[s]);
      float v156[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v156[s] = __int_as_float(0xff800000);
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = (v154[s] ? v142[s] : v156[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v157[s]; }
      __syncthreads();
      float v158[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = __int_as_float(0xff800000); for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = mt_maxf(acc, x); } v158[s] = acc; } else { v158[s] = 0; } }
      __syncthreads();
      float v159[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v159[s] = mt_maxf(v120[s], v158[s]);
      bool v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = (v159[s] == v46[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v162[s] ? v47[s] : v159[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = v165[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v166[s]; }
      __syncthreads();
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v167[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v157[s] - v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_exp(v168[s]);
      float v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = (v120[s] - v165[s]);
      float v171[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v171[s] = mt_exp(v170[s]);
      mt_i64 v370[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v370[s] = v32;
      mt_i64 v371[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v371[s] = v119;
      mt_i64 v373[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v373[s] = (v371[s] + v228[s]);
      mt_i64 v374[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v374[s] = (v370[s] + v373[s]);
      mt_i64 v376[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v376[s] = (v374[s] * v231[s]);
      mt_i64 v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v376[s] + v239[s]);
      mt_i64 v386[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v386[s] = v1;
      bool v387[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v387[s] = (v373[s] < v386[s]);
      float v184[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v180[g];
        if ((true && v387[g + 0]) && (true && v387[g + 1]) && (true && v387[g + 2]) && (true && v387[g + 3]) && (true && v387[g + 4]) && (true && v387[g + 5]) && (true && v387[g + 6]) && (true && v387[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v184[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v184[s] = (true && v387[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v42; }
        }
      }
      float v185[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v185[s] = mt_round_bf16(v169[s]);
      float v186[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v186[s] = v171[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v186[s]; }
      __syncthreads();
      float v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v187[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (v122[s] * v187[s]);
      // dot 32x32x128 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v185[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_bf16(v184[s]); }
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
      float v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v189[s] = f < 4096 ? v188[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v121[s] * v171[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)mt_smem)[f] = v169[s]; }
      __syncthreads();
      float v191[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = (acc + x); } v191[s] = acc; } else { v191[s] = 0; } }
      __syncthreads();
      float v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = (v190[s] + v191[s]);
      float y10[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y10[s] = v159[s];
      float y11[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y11[s] = v192[s];
      float y12[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y12[s] = v189[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v120[s] = y10[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v121[s] = y11[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = y12[s];
    }
    float v193[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v193[s] = v120[s];
    float v194[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v194[s] = v121[s];
    float v195[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v195[s] = v122[s];
    bool v198[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v198[s] = (v194[s] == v47[s]);
    float v200[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v200[s] = 1.0f;
    float v201[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v201[s] = (v198[s] ? v200[s] : v194[s]);
    float v202[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v202[s] = v201[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v202[s]; }
    __syncthreads();
    float v203[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v203[s] = f < 4096 ? ((float*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    float v204[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v204[s] = mt_div(v195[s], v203[s]);
    float v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = mt_round_bf16(v204[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v250[g + 0]) && (true && v250[g + 1]) && (true && v250[g + 2]) && (true && v250[g + 3]) && (true && v250[g + 4]) && (true && v250[g + 5]) && (true && v250[g + 6]) && (true && v250[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v204[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v250[s]) p3[i0 + k] = mt_f32_to_bf16(v204[s]); }
      }
    }
    float v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = logf(v194[s]);
    float v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = (v193[s] + v215[s]);
    float v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = (v198[s] ? v46[s] : v216[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g + 0) < 32 && v24[g + 0]) && (MT_FLAT(g + 1) < 32 && v24[g + 1]) && (MT_FLAT(g + 2) < 32 && v24[g + 2]) && (MT_FLAT(g + 3) < 32 && v24[g + 3]) && (MT_FLAT(g + 4) < 32 && v24[g + 4]) && (MT_FLAT(g + 5) < 32 && v24[g + 5]) && (MT_FLAT(g + 6) < 32 && v24[g + 6]) && (MT_FLAT(g + 7) < 32 && v24[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v219[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 32 && v24[s]) p4[i0 + k] = v219[s]; }
      }
    }
  }
}
