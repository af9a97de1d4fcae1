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
extern "C" __global__ void __launch_bounds__(512) mt_attention_dkv(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, const float* __restrict__ p3, const mt_u16* __restrict__ p4, const float* __restrict__ p5, mt_u16* __restrict__ p6, mt_u16* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[26624];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 8) == 0 && (p10 % 8) == 0 && (p14 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
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
    int v188[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v188[s] = (int)(0 + MT_FLAT(s));
    int v189[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v189[s] = v188[s];
    int v190[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v190[s] = 128;
    int v191[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v191[s] = (int)((v190[s] == 0 ? 0 : v189[s] / v190[s]));
    int v193[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v193[s] = (int)((v190[s] == 0 ? 0 : v189[s] % v190[s]));
    mt_i64 v194[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v194[s] = v26;
    mt_i64 v195[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v195[s] = v17;
    mt_i64 v196[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v196[s] = (mt_i64)(v191[s]);
    mt_i64 v197[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v197[s] = (v195[s] + v196[s]);
    mt_i64 v198[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v198[s] = (v194[s] + v197[s]);
    mt_i64 v199[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v199[s] = v2;
    mt_i64 v200[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v200[s] = (v198[s] * v199[s]);
    mt_i64 v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = (mt_i64)(v193[s]);
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v200[s] + v207[s]);
    mt_i64 v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = v1;
    bool v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = (v197[s] < v217[s]);
    float v38 = 0.0f;
    float v39[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v39[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v39[g + k] = v38; }
      }
    }
    float v50[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v50[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v50[g + k] = v38; }
      }
    }
    mt_i64 v53 = (v17 - v6);
    mt_i64 v54 = 0LL;
    mt_i64 v55 = (v53 > v54 ? v53 : v54);
    mt_i64 v57 = (v16 == 0 ? 0 : v55 % v16);
    mt_i64 v58 = (v55 - v57);
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = 0.0f;
    mt_i64 v61 = 1LL;
    float v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = v59[s];
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = v59[s];
    for (mt_i64 v62 = v54; v62 < v5; v62 += v61) {
      mt_i64 v65 = (v13 * v5);
      mt_i64 v66 = (v65 + v62);
      mt_i64 v67 = (v15 * v3);
      mt_i64 v68 = (v67 + v66);
      mt_i64 v69 = (v68 * v0);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v63[s];
      float v73[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v73[s] = v64[s];
      for (mt_i64 v71 = v58; v71 < v0; v71 += v16) {
        int v220[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v220[s] = v188[s];
        int v221[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v221[s] = 32;
        int v222[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v222[s] = (int)((v221[s] == 0 ? 0 : v220[s] / v221[s]));
        int v224[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v224[s] = (int)((v221[s] == 0 ? 0 : v220[s] % v221[s]));
        mt_i64 v225[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v225[s] = v69;
        mt_i64 v226[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v226[s] = v71;
        mt_i64 v227[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v227[s] = (mt_i64)(v224[s]);
        mt_i64 v228[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v228[s] = (v226[s] + v227[s]);
        mt_i64 v229[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v229[s] = (v225[s] + v228[s]);
        mt_i64 v230[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v230[s] = v2;
        mt_i64 v231[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v231[s] = (v229[s] * v230[s]);
        mt_i64 v238[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v238[s] = (mt_i64)(v222[s]);
        mt_i64 v86[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v86[s] = (v231[s] + v238[s]);
        mt_i64 v248[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v248[s] = v0;
        bool v249[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v249[s] = (v228[s] < v248[s]);
        float v90[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { v90[s] = (true && v249[s]) ? mt_f16_to_f32(p0[v86[s]]) : v38; }
        float v91 = 0.0f;
        int v250[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v250[s] = (int)(0 + MT_FLAT(s));
        int v251[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v251[s] = v250[s];
        int v252[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v252[s] = 32;
        int v253[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v253[s] = (int)((v252[s] == 0 ? 0 : v251[s] / v252[s]));
        int v255[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v255[s] = (int)((v252[s] == 0 ? 0 : v251[s] % v252[s]));
        mt_i64 v256[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v256[s] = v17;
        mt_i64 v257[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v257[s] = (mt_i64)(v253[s]);
        mt_i64 v258[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v258[s] = (v256[s] + v257[s]);
        mt_i64 v265[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v265[s] = v71;
        mt_i64 v266[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v266[s] = (mt_i64)(v255[s]);
        mt_i64 v267[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v267[s] = (v265[s] + v266[s]);
        mt_i64 v268[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v268[s] = v6;
        mt_i64 v269[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v269[s] = (v267[s] + v268[s]);
        bool v103[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v103[s] = (v258[s] <= v269[s]);
        mt_i64 v279[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v279[s] = v1;
        bool v280[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v280[s] = (v258[s] < v279[s]);
        bool v105[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v105[s] = (v280[s] && v103[s]);
        mt_i64 v290[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v290[s] = v0;
        bool v291[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v291[s] = (v267[s] < v290[s]);
        bool v108[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v108[s] = (v105[s] && v291[s]);
        // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v39[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v90[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 4; t += 16) {
          const int ti = t / 2, tj = t % 2;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 128; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
        }
        __syncthreads();
        float v109[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v109[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
        __syncthreads();
        float v110[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v110[s] = v7;
        float v111[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v111[s] = (v109[s] * v110[s]);
        mt_i64 v298[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v298[s] = v69;
        mt_i64 v302[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v302[s] = (v298[s] + v267[s]);
        float v308[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v302[g];
          if ((MT_FLAT(g) < 1024 && v291[g])) {
            union { uint4 w[2]; float e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v308[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { v308[g + k] = v91; }
          }
        }
        float v113[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v113[s] = (v111[s] - v308[s]);
        float v114[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v114[s] = mt_exp(v113[s]);
        float v116[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v116[s] = 0.0f;
        float v117[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v117[s] = (v108[s] ? v114[s] : v116[s]);
        mt_i64 v315[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v315[s] = v69;
        mt_i64 v316[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v316[s] = v71;
        mt_i64 v318[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v318[s] = (v316[s] + v196[s]);
        mt_i64 v319[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v319[s] = (v315[s] + v318[s]);
        mt_i64 v321[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v321[s] = (v319[s] * v199[s]);
        mt_i64 v124[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v124[s] = (v321[s] + v207[s]);
        mt_i64 v331[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v331[s] = v0;
        bool v332[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v332[s] = (v318[s] < v331[s]);
        float v128[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v124[g];
          if ((true && v332[g])) {
            union { uint4 w[1]; mt_u16 e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v128[g + k] = mt_f16_to_f32(u.e[k]);
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { v128[g + k] = v38; }
          }
        }
        float v129[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v129[s] = mt_round_f16(v117[s]);
        // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v129[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v128[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 16; t += 16) {
          const int ti = t / 8, tj = t % 8;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 32; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
        }
        __syncthreads();
        float v130[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v130[s] = f < 4096 ? v73[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
        __syncthreads();
        float v141[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { v141[s] = (true && v249[s]) ? mt_f16_to_f32(p4[v86[s]]) : v38; }
        // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v50[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v141[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 4; t += 16) {
          const int ti = t / 2, tj = t % 2;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 128; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
        }
        __syncthreads();
        float v145[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v145[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
        __syncthreads();
        float v349[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v302[g];
          if ((MT_FLAT(g) < 1024 && v291[g])) {
            union { uint4 w[2]; float e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v349[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { v349[g + k] = v91; }
          }
        }
        float v147[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v147[s] = (v145[s] - v349[s]);
        float v148[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v148[s] = (v117[s] * v147[s]);
        float v159[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v124[g];
          if ((true && v332[g])) {
            union { uint4 w[1]; mt_u16 e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v159[g + k] = mt_f16_to_f32(u.e[k]);
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { v159[g + k] = v38; }
          }
        }
        float v160[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v160[s] = mt_round_f16(v148[s]);
        // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v160[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v159[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 16; t += 16) {
          const int ti = t / 8, tj = t % 8;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 32; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
        }
        __syncthreads();
        float v161[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v161[s] = f < 4096 ? v72[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
        __syncthreads();
        float y1[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) y1[s] = v161[s];
        float y2[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) y2[s] = v130[s];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v72[s] = y1[s];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v73[s] = y2[s];
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v72[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = v73[s];
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v162[s];
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v163[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v63[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = y4[s];
    }
    float v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = v63[s];
    float v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = v64[s];
    float v166[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v166[s] = v7;
    float v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = (v164[s] * v166[s]);
    float v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = mt_round_f16(v167[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v167[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      }
    }
    float v186[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v186[s] = mt_round_f16(v165[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v165[g + k]);
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
    int v188[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v188[s] = (int)(0 + MT_FLAT(s));
    int v189[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v189[s] = v188[s];
    int v190[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v190[s] = 128;
    int v191[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v191[s] = (int)((v190[s] == 0 ? 0 : v189[s] / v190[s]));
    int v193[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v193[s] = (int)((v190[s] == 0 ? 0 : v189[s] % v190[s]));
    mt_i64 v194[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v194[s] = v26;
    mt_i64 v195[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v195[s] = v17;
    mt_i64 v196[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v196[s] = (mt_i64)(v191[s]);
    mt_i64 v197[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v197[s] = (v195[s] + v196[s]);
    mt_i64 v198[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v198[s] = (v194[s] + v197[s]);
    mt_i64 v199[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v199[s] = v2;
    mt_i64 v200[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v200[s] = (v198[s] * v199[s]);
    mt_i64 v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = (mt_i64)(v193[s]);
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v200[s] + v207[s]);
    mt_i64 v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = v1;
    bool v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = (v197[s] < v217[s]);
    float v38 = 0.0f;
    float v39[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g + 0]) && (true && v218[g + 1]) && (true && v218[g + 2]) && (true && v218[g + 3]) && (true && v218[g + 4]) && (true && v218[g + 5]) && (true && v218[g + 6]) && (true && v218[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v39[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v39[s] = (true && v218[s]) ? mt_f16_to_f32(p1[i0 + k]) : v38; }
      }
    }
    float v50[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g + 0]) && (true && v218[g + 1]) && (true && v218[g + 2]) && (true && v218[g + 3]) && (true && v218[g + 4]) && (true && v218[g + 5]) && (true && v218[g + 6]) && (true && v218[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v50[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v50[s] = (true && v218[s]) ? mt_f16_to_f32(p2[i0 + k]) : v38; }
      }
    }
    mt_i64 v53 = (v17 - v6);
    mt_i64 v54 = 0LL;
    mt_i64 v55 = (v53 > v54 ? v53 : v54);
    mt_i64 v57 = (v16 == 0 ? 0 : v55 % v16);
    mt_i64 v58 = (v55 - v57);
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = 0.0f;
    mt_i64 v61 = 1LL;
    float v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = v59[s];
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = v59[s];
    for (mt_i64 v62 = v54; v62 < v5; v62 += v61) {
      mt_i64 v65 = (v13 * v5);
      mt_i64 v66 = (v65 + v62);
      mt_i64 v67 = (v15 * v3);
      mt_i64 v68 = (v67 + v66);
      mt_i64 v69 = (v68 * v0);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v63[s];
      float v73[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v73[s] = v64[s];
      for (mt_i64 v71 = v58; v71 < v0; v71 += v16) {
        int v220[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v220[s] = v188[s];
        int v221[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v221[s] = 32;
        int v222[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v222[s] = (int)((v221[s] == 0 ? 0 : v220[s] / v221[s]));
        int v224[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v224[s] = (int)((v221[s] == 0 ? 0 : v220[s] % v221[s]));
        mt_i64 v225[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v225[s] = v69;
        mt_i64 v226[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v226[s] = v71;
        mt_i64 v227[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v227[s] = (mt_i64)(v224[s]);
        mt_i64 v228[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v228[s] = (v226[s] + v227[s]);
        mt_i64 v229[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v229[s] = (v225[s] + v228[s]);
        mt_i64 v230[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v230[s] = v2;
        mt_i64 v231[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v231[s] = (v229[s] * v230[s]);
        mt_i64 v238[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v238[s] = (mt_i64)(v222[s]);
        mt_i64 v86[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v86[s] = (v231[s] + v238[s]);
        mt_i64 v248[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v248[s] = v0;
        bool v249[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v249[s] = (v228[s] < v248[s]);
        float v90[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { v90[s] = (true && v249[s]) ? mt_f16_to_f32(p0[v86[s]]) : v38; }
        float v91 = 0.0f;
        int v250[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v250[s] = (int)(0 + MT_FLAT(s));
        int v251[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v251[s] = v250[s];
        int v252[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v252[s] = 32;
        int v253[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v253[s] = (int)((v252[s] == 0 ? 0 : v251[s] / v252[s]));
        int v255[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v255[s] = (int)((v252[s] == 0 ? 0 : v251[s] % v252[s]));
        mt_i64 v256[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v256[s] = v17;
        mt_i64 v257[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v257[s] = (mt_i64)(v253[s]);
        mt_i64 v258[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v258[s] = (v256[s] + v257[s]);
        mt_i64 v265[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v265[s] = v71;
        mt_i64 v266[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v266[s] = (mt_i64)(v255[s]);
        mt_i64 v267[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v267[s] = (v265[s] + v266[s]);
        mt_i64 v268[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v268[s] = v6;
        mt_i64 v269[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v269[s] = (v267[s] + v268[s]);
        bool v103[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v103[s] = (v258[s] <= v269[s]);
        mt_i64 v279[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v279[s] = v1;
        bool v280[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v280[s] = (v258[s] < v279[s]);
        bool v105[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v105[s] = (v280[s] && v103[s]);
        mt_i64 v290[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v290[s] = v0;
        bool v291[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v291[s] = (v267[s] < v290[s]);
        bool v108[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v108[s] = (v105[s] && v291[s]);
        // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v39[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v90[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 4; t += 16) {
          const int ti = t / 2, tj = t % 2;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 128; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
        }
        __syncthreads();
        float v109[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v109[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
        __syncthreads();
        float v110[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v110[s] = v7;
        float v111[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v111[s] = (v109[s] * v110[s]);
        mt_i64 v298[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v298[s] = v69;
        mt_i64 v302[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v302[s] = (v298[s] + v267[s]);
        float v308[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v302[g];
          if ((MT_FLAT(g + 0) < 1024 && v291[g + 0]) && (MT_FLAT(g + 1) < 1024 && v291[g + 1]) && (MT_FLAT(g + 2) < 1024 && v291[g + 2]) && (MT_FLAT(g + 3) < 1024 && v291[g + 3]) && (MT_FLAT(g + 4) < 1024 && v291[g + 4]) && (MT_FLAT(g + 5) < 1024 && v291[g + 5]) && (MT_FLAT(g + 6) < 1024 && v291[g + 6]) && (MT_FLAT(g + 7) < 1024 && v291[g + 7]) && (i0 % 8) == 0) {
            union { uint4 w[2]; float e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v308[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { const int s = g + k; v308[s] = (MT_FLAT(s) < 1024 && v291[s]) ? p3[i0 + k] : v91; }
          }
        }
        float v113[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v113[s] = (v111[s] - v308[s]);
        float v114[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v114[s] = mt_exp(v113[s]);
        float v116[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v116[s] = 0.0f;
        float v117[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v117[s] = (v108[s] ? v114[s] : v116[s]);
        mt_i64 v315[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v315[s] = v69;
        mt_i64 v316[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v316[s] = v71;
        mt_i64 v318[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v318[s] = (v316[s] + v196[s]);
        mt_i64 v319[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v319[s] = (v315[s] + v318[s]);
        mt_i64 v321[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v321[s] = (v319[s] * v199[s]);
        mt_i64 v124[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v124[s] = (v321[s] + v207[s]);
        mt_i64 v331[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v331[s] = v0;
        bool v332[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v332[s] = (v318[s] < v331[s]);
        float v128[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v124[g];
          if ((true && v332[g + 0]) && (true && v332[g + 1]) && (true && v332[g + 2]) && (true && v332[g + 3]) && (true && v332[g + 4]) && (true && v332[g + 5]) && (true && v332[g + 6]) && (true && v332[g + 7]) && (i0 % 8) == 0) {
            union { uint4 w[1]; mt_u16 e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v128[g + k] = mt_f16_to_f32(u.e[k]);
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { const int s = g + k; v128[s] = (true && v332[s]) ? mt_f16_to_f32(p4[i0 + k]) : v38; }
          }
        }
        float v129[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v129[s] = mt_round_f16(v117[s]);
        // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v129[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v128[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 16; t += 16) {
          const int ti = t / 8, tj = t % 8;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 32; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
        }
        __syncthreads();
        float v130[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v130[s] = f < 4096 ? v73[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
        __syncthreads();
        float v141[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { v141[s] = (true && v249[s]) ? mt_f16_to_f32(p4[v86[s]]) : v38; }
        // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v50[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v141[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 4; t += 16) {
          const int ti = t / 2, tj = t % 2;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 128; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
        }
        __syncthreads();
        float v145[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v145[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
        __syncthreads();
        float v349[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v302[g];
          if ((MT_FLAT(g + 0) < 1024 && v291[g + 0]) && (MT_FLAT(g + 1) < 1024 && v291[g + 1]) && (MT_FLAT(g + 2) < 1024 && v291[g + 2]) && (MT_FLAT(g + 3) < 1024 && v291[g + 3]) && (MT_FLAT(g + 4) < 1024 && v291[g + 4]) && (MT_FLAT(g + 5) < 1024 && v291[g + 5]) && (MT_FLAT(g + 6) < 1024 && v291[g + 6]) && (MT_FLAT(g + 7) < 1024 && v291[g + 7]) && (i0 % 8) == 0) {
            union { uint4 w[2]; float e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v349[g + k] = u.e[k];
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { const int s = g + k; v349[s] = (MT_FLAT(s) < 1024 && v291[s]) ? p5[i0 + k] : v91; }
          }
        }
        float v147[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v147[s] = (v145[s] - v349[s]);
        float v148[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v148[s] = (v117[s] * v147[s]);
        float v159[8];
        #pragma unroll
        for (int g = 0; g < 8; g += 8) {
          const mt_i64 i0 = v124[g];
          if ((true && v332[g + 0]) && (true && v332[g + 1]) && (true && v332[g + 2]) && (true && v332[g + 3]) && (true && v332[g + 4]) && (true && v332[g + 5]) && (true && v332[g + 6]) && (true && v332[g + 7]) && (i0 % 8) == 0) {
            union { uint4 w[1]; mt_u16 e[8]; } u;
            #pragma unroll
            for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) v159[g + k] = mt_f16_to_f32(u.e[k]);
          } else {
            #pragma unroll
            for (int k = 0; k < 8; ++k) { const int s = g + k; v159[s] = (true && v332[s]) ? mt_f16_to_f32(p0[i0 + k]) : v38; }
          }
        }
        float v160[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v160[s] = mt_round_f16(v148[s]);
        // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
        __syncthreads();
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v160[s]); }
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v159[s]); }
        __syncthreads();
        for (int t = mt_warp; t < 16; t += 16) {
          const int ti = t / 8, tj = t % 8;
          wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
          wmma::fill_fragment(fc, 0.0f);
          for (int k = 0; k < 32; k += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
            wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
            wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
            wmma::mma_sync(fc, fa, fb, fc);
          }
          wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
        }
        __syncthreads();
        float v161[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v161[s] = f < 4096 ? v72[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
        __syncthreads();
        float y5[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) y5[s] = v161[s];
        float y6[8];
        #pragma unroll
        for (int s = 0; s < 8; ++s) y6[s] = v130[s];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v72[s] = y5[s];
        #pragma unroll
        for (int s = 0; s < 8; ++s) v73[s] = y6[s];
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v72[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = v73[s];
      float y7[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y7[s] = v162[s];
      float y8[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y8[s] = v163[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v63[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = y8[s];
    }
    float v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = v63[s];
    float v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = v64[s];
    float v166[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v166[s] = v7;
    float v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = (v164[s] * v166[s]);
    float v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = mt_round_f16(v167[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g + 0]) && (true && v218[g + 1]) && (true && v218[g + 2]) && (true && v218[g + 3]) && (true && v218[g + 4]) && (true && v218[g + 5]) && (true && v218[g + 6]) && (true && v218[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v167[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v218[s]) p6[i0 + k] = mt_f32_to_f16(v167[s]); }
      }
    }
    float v186[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v186[s] = mt_round_f16(v165[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((true && v218[g + 0]) && (true && v218[g + 1]) && (true && v218[g + 2]) && (true && v218[g + 3]) && (true && v218[g + 4]) && (true && v218[g + 5]) && (true && v218[g + 6]) && (true && v218[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v165[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v218[s]) p7[i0 + k] = mt_f32_to_f16(v165[s]); }
      }
    }
  }
}
