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
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(256) mt_group_norm_bwd(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, int p8, int p9, int p10, int p11, int p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && (p9 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
  if (mt_fast) {
    int v0 = p8;
    int v1 = p9;
    int v2 = p10;
    int v3 = p11;
    int v4 = p12;
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (mt_i64)(v1);
    mt_i64 v8 = (v6 * v7);
    float v9 = (float)(v8);
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    int v12 = (int)blockIdx.x;
    int v13 = (int)((v12 * v4));
    int v14 = (int)((v13 + v4));
    int v15 = (int)((v14 < v3 ? v14 : v3));
    int v19 = 1;
    for (int v20 = v13; v20 < v15; v20 += v19) {
      mt_i64 v21 = (mt_i64)(v20);
      mt_i64 v22 = (v21 * v8);
      int v23 = (int)((v2 == 0 ? 0 : v20 % v2));
      int v24 = (int)((v23 * v0));
      mt_i64 v25 = (mt_i64)(v24);
      int v235[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v235[s] = (int)(0 + MT_FLAT(s));
      int v236[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v236[s] = v235[s];
      int v237[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v237[s] = 1024;
      int v238[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v238[s] = (int)((v237[s] == 0 ? 0 : v236[s] / v237[s]));
      int v240[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v240[s] = (int)((v237[s] == 0 ? 0 : v236[s] % v237[s]));
      int v241[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v241[s] = v1;
      bool v242[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v242[s] = (v240[s] < v241[s]);
      mt_i64 v30[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v249[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v249[s] = (mt_i64)(v238[s]);
      mt_i64 v250[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v250[s] = v7;
      mt_i64 v251[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v251[s] = (v249[s] * v250[s]);
      mt_i64 v258[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v258[s] = (mt_i64)(v240[s]);
      mt_i64 v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = (v251[s] + v258[s]);
      mt_i64 v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = v22;
      mt_i64 v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v42[s] = v25;
      mt_i64 v43[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v45[g + k] = v44; }
        }
      }
      float v47[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v47[g + k] = v44; }
        }
      }
      float v51 = true ? p3[v21] : 0;
      float v52[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v52[s] = v51;
      float v53[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v53[s] = (v45[s] - v52[s]);
      float v55[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v55[s] = 0.0f;
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = (v242[s] ? v53[s] : v55[s]);
      mt_i64 v266[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v266[s] = v25;
      mt_i64 v267[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v267[s] = (v249[s] + v266[s]);
      float v268[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) { v268[s] = (true) ? p1[v267[s]] : 0; }
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = (v268[s] * v47[s]);
      float v59[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v59[s] = (v58[s] * v56[s]);
      float v60[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v60[s] = v56[s];
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc2 = (acc2 + v60[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v61 = acc2;
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = v59[s];
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v63 = acc4;
      float v64[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v64[s] = v58[s];
      mt_round ^= 1;
      float acc6 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc6 = (acc6 + v64[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc6;
      __syncthreads();
      acc6 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v65 = acc6;
      float v66 = mt_div(v61, v9);
      float v67 = true ? p4[v21] : 0;
      float v68 = (v66 * v65);
      float v69 = (v63 - v68);
      float v70 = (v69 * v67);
      float v71 = mt_div(v70, v9);
      float v72 = mt_div(v65, v9);
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = 0.0f;
      float v77[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v77[s] = v66;
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v53[s] - v77[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = v67;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v78[s] * v79[s]);
      float v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = v71;
      float v84[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v84[s] = (v80[s] * v83[s]);
      float v85[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v85[s] = (v58[s] - v84[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v72;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v85[s] - v86[s]);
      float v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = (v87[s] * v79[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v89[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        }
      }
      float v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v47[s] * v80[s]);
      int v275[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v275[s] = 0;
      bool v276[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v276[s] = (v238[s] == v275[s]);
      float v100[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v100[s] = (v276[s] ? v90[s] : v55[s]);
      float v101[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v101[s] = v100[s];
      mt_round ^= 1;
      float acc8 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v101[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc8;
      __syncthreads();
      acc8 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v102 = acc8;
      int v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v104[s] = 0;
      bool v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = (v10[s] == v104[s]);
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = v102;
      float v107[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v107[s] = (v105[s] ? v106[s] : v73[s]);
      int v283[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v283[s] = 1;
      bool v284[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v284[s] = (v238[s] == v283[s]);
      float v114[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v114[s] = (v284[s] ? v90[s] : v55[s]);
      float v115[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v115[s] = v114[s];
      mt_round ^= 1;
      float acc10 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc10 = (acc10 + v115[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc10;
      __syncthreads();
      acc10 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v116 = acc10;
      int v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v118[s] = 1;
      bool v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v119[s] = (v10[s] == v118[s]);
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = v116;
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v119[s] ? v120[s] : v107[s]);
      int v291[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v291[s] = 2;
      bool v292[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v292[s] = (v238[s] == v291[s]);
      float v128[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v128[s] = (v292[s] ? v90[s] : v55[s]);
      float v129[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v129[s] = v128[s];
      mt_round ^= 1;
      float acc12 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc12 = (acc12 + v129[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc12;
      __syncthreads();
      acc12 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v130 = acc12;
      int v132[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v132[s] = 2;
      bool v133[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v133[s] = (v10[s] == v132[s]);
      float v134[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = v130;
      float v135[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v135[s] = (v133[s] ? v134[s] : v121[s]);
      int v299[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v299[s] = 3;
      bool v300[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v300[s] = (v238[s] == v299[s]);
      float v142[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v142[s] = (v300[s] ? v90[s] : v55[s]);
      float v143[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v143[s] = v142[s];
      mt_round ^= 1;
      float acc14 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc14 = (acc14 + v143[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc14;
      __syncthreads();
      acc14 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v144 = acc14;
      int v146[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v146[s] = 3;
      bool v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v10[s] == v146[s]);
      float v148[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v148[s] = v144;
      float v149[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v149[s] = (v147[s] ? v148[s] : v135[s]);
      float v150[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v150[s] = (v73[s] + v149[s]);
      float v160[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v160[s] = (v276[s] ? v47[s] : v55[s]);
      float v161[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v161[s] = v160[s];
      mt_round ^= 1;
      float acc16 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc16 = (acc16 + v161[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = (acc16 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc16;
      __syncthreads();
      acc16 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc16 = (acc16 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v162 = acc16;
      float v166[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v166[s] = v162;
      float v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v105[s] ? v166[s] : v73[s]);
      float v174[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v174[s] = (v284[s] ? v47[s] : v55[s]);
      float v175[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v175[s] = v174[s];
      mt_round ^= 1;
      float acc18 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc18 = (acc18 + v175[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc18, o); acc18 = (acc18 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc18;
      __syncthreads();
      acc18 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc18 = (acc18 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v176 = acc18;
      float v180[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v180[s] = v176;
      float v181[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v181[s] = (v119[s] ? v180[s] : v167[s]);
      float v188[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v188[s] = (v292[s] ? v47[s] : v55[s]);
      float v189[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v189[s] = v188[s];
      mt_round ^= 1;
      float acc20 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc20 = (acc20 + v189[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc20, o); acc20 = (acc20 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc20;
      __syncthreads();
      acc20 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc20 = (acc20 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v190 = acc20;
      float v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = v190;
      float v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = (v133[s] ? v194[s] : v181[s]);
      float v202[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v202[s] = (v300[s] ? v47[s] : v55[s]);
      float v203[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v203[s] = v202[s];
      mt_round ^= 1;
      float acc22 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc22 = (acc22 + v203[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc22, o); acc22 = (acc22 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc22;
      __syncthreads();
      acc22 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc22 = (acc22 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v204 = acc22;
      float v208[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v208[s] = v204;
      float v209[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v209[s] = (v147[s] ? v208[s] : v195[s]);
      float v210[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v210[s] = (v73[s] + v209[s]);
      mt_i64 v230 = (v21 * v6);
      mt_i64 v232[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v232[s] = (v43[s] - v42[s]);
      mt_i64 v233[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v233[s] = v230;
      mt_i64 v234[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v234[s] = (v233[s] + v232[s]);
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v234[g];
        if ((MT_FLAT(g) < 4)) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v150[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        }
      }
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v234[g];
        if ((MT_FLAT(g) < 4)) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v210[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        }
      }
    }
  } else {
    int v0 = p8;
    int v1 = p9;
    int v2 = p10;
    int v3 = p11;
    int v4 = p12;
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (mt_i64)(v1);
    mt_i64 v8 = (v6 * v7);
    float v9 = (float)(v8);
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    int v12 = (int)blockIdx.x;
    int v13 = (int)((v12 * v4));
    int v14 = (int)((v13 + v4));
    int v15 = (int)((v14 < v3 ? v14 : v3));
    int v19 = 1;
    for (int v20 = v13; v20 < v15; v20 += v19) {
      mt_i64 v21 = (mt_i64)(v20);
      mt_i64 v22 = (v21 * v8);
      int v23 = (int)((v2 == 0 ? 0 : v20 % v2));
      int v24 = (int)((v23 * v0));
      mt_i64 v25 = (mt_i64)(v24);
      int v235[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v235[s] = (int)(0 + MT_FLAT(s));
      int v236[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v236[s] = v235[s];
      int v237[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v237[s] = 1024;
      int v238[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v238[s] = (int)((v237[s] == 0 ? 0 : v236[s] / v237[s]));
      int v240[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v240[s] = (int)((v237[s] == 0 ? 0 : v236[s] % v237[s]));
      int v241[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v241[s] = v1;
      bool v242[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v242[s] = (v240[s] < v241[s]);
      mt_i64 v30[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v249[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v249[s] = (mt_i64)(v238[s]);
      mt_i64 v250[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v250[s] = v7;
      mt_i64 v251[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v251[s] = (v249[s] * v250[s]);
      mt_i64 v258[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v258[s] = (mt_i64)(v240[s]);
      mt_i64 v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = (v251[s] + v258[s]);
      mt_i64 v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = v22;
      mt_i64 v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v42[s] = v25;
      mt_i64 v43[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v45[s] = (true && v242[s]) ? p0[i0 + k] : v44; }
        }
      }
      float v47[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v47[s] = (true && v242[s]) ? p2[i0 + k] : v44; }
        }
      }
      float v51 = true ? p3[v21] : 0;
      float v52[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v52[s] = v51;
      float v53[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v53[s] = (v45[s] - v52[s]);
      float v55[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v55[s] = 0.0f;
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = (v242[s] ? v53[s] : v55[s]);
      mt_i64 v266[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v266[s] = v25;
      mt_i64 v267[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v267[s] = (v249[s] + v266[s]);
      float v268[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) { v268[s] = (true) ? p1[v267[s]] : 0; }
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = (v268[s] * v47[s]);
      float v59[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v59[s] = (v58[s] * v56[s]);
      float v60[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v60[s] = v56[s];
      mt_round ^= 1;
      float acc24 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc24 = (acc24 + v60[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc24, o); acc24 = (acc24 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc24;
      __syncthreads();
      acc24 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc24 = (acc24 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v61 = acc24;
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = v59[s];
      mt_round ^= 1;
      float acc26 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc26 = (acc26 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc26, o); acc26 = (acc26 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc26;
      __syncthreads();
      acc26 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc26 = (acc26 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v63 = acc26;
      float v64[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v64[s] = v58[s];
      mt_round ^= 1;
      float acc28 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc28 = (acc28 + v64[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc28, o); acc28 = (acc28 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc28;
      __syncthreads();
      acc28 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc28 = (acc28 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v65 = acc28;
      float v66 = mt_div(v61, v9);
      float v67 = true ? p4[v21] : 0;
      float v68 = (v66 * v65);
      float v69 = (v63 - v68);
      float v70 = (v69 * v67);
      float v71 = mt_div(v70, v9);
      float v72 = mt_div(v65, v9);
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v73[s] = 0.0f;
      float v77[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v77[s] = v66;
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v53[s] - v77[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = v67;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v78[s] * v79[s]);
      float v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = v71;
      float v84[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v84[s] = (v80[s] * v83[s]);
      float v85[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v85[s] = (v58[s] - v84[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v72;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v85[s] - v86[s]);
      float v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = (v87[s] * v79[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 4) {
        const mt_i64 i0 = v41[g];
        if ((true && v242[g + 0]) && (true && v242[g + 1]) && (true && v242[g + 2]) && (true && v242[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v89[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v242[s]) p5[i0 + k] = v89[s]; }
        }
      }
      float v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v47[s] * v80[s]);
      int v275[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v275[s] = 0;
      bool v276[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v276[s] = (v238[s] == v275[s]);
      float v100[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v100[s] = (v276[s] ? v90[s] : v55[s]);
      float v101[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v101[s] = v100[s];
      mt_round ^= 1;
      float acc30 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc30 = (acc30 + v101[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc30, o); acc30 = (acc30 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc30;
      __syncthreads();
      acc30 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc30 = (acc30 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v102 = acc30;
      int v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v104[s] = 0;
      bool v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = (v10[s] == v104[s]);
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = v102;
      float v107[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v107[s] = (v105[s] ? v106[s] : v73[s]);
      int v283[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v283[s] = 1;
      bool v284[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v284[s] = (v238[s] == v283[s]);
      float v114[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v114[s] = (v284[s] ? v90[s] : v55[s]);
      float v115[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v115[s] = v114[s];
      mt_round ^= 1;
      float acc32 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc32 = (acc32 + v115[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc32, o); acc32 = (acc32 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc32;
      __syncthreads();
      acc32 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc32 = (acc32 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v116 = acc32;
      int v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v118[s] = 1;
      bool v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v119[s] = (v10[s] == v118[s]);
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = v116;
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v119[s] ? v120[s] : v107[s]);
      int v291[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v291[s] = 2;
      bool v292[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v292[s] = (v238[s] == v291[s]);
      float v128[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v128[s] = (v292[s] ? v90[s] : v55[s]);
      float v129[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v129[s] = v128[s];
      mt_round ^= 1;
      float acc34 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc34 = (acc34 + v129[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc34, o); acc34 = (acc34 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc34;
      __syncthreads();
      acc34 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc34 = (acc34 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v130 = acc34;
      int v132[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v132[s] = 2;
      bool v133[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v133[s] = (v10[s] == v132[s]);
      float v134[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = v130;
      float v135[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v135[s] = (v133[s] ? v134[s] : v121[s]);
      int v299[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v299[s] = 3;
      bool v300[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v300[s] = (v238[s] == v299[s]);
      float v142[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v142[s] = (v300[s] ? v90[s] : v55[s]);
      float v143[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v143[s] = v142[s];
      mt_round ^= 1;
      float acc36 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc36 = (acc36 + v143[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc36, o); acc36 = (acc36 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc36;
      __syncthreads();
      acc36 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc36 = (acc36 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v144 = acc36;
      int v146[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v146[s] = 3;
      bool v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v10[s] == v146[s]);
      float v148[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v148[s] = v144;
      float v149[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v149[s] = (v147[s] ? v148[s] : v135[s]);
      float v150[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v150[s] = (v73[s] + v149[s]);
      float v160[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v160[s] = (v276[s] ? v47[s] : v55[s]);
      float v161[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v161[s] = v160[s];
      mt_round ^= 1;
      float acc38 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc38 = (acc38 + v161[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc38, o); acc38 = (acc38 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc38;
      __syncthreads();
      acc38 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc38 = (acc38 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v162 = acc38;
      float v166[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v166[s] = v162;
      float v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v105[s] ? v166[s] : v73[s]);
      float v174[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v174[s] = (v284[s] ? v47[s] : v55[s]);
      float v175[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v175[s] = v174[s];
      mt_round ^= 1;
      float acc40 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc40 = (acc40 + v175[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc40, o); acc40 = (acc40 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc40;
      __syncthreads();
      acc40 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc40 = (acc40 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v176 = acc40;
      float v180[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v180[s] = v176;
      float v181[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v181[s] = (v119[s] ? v180[s] : v167[s]);
      float v188[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v188[s] = (v292[s] ? v47[s] : v55[s]);
      float v189[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v189[s] = v188[s];
      mt_round ^= 1;
      float acc42 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc42 = (acc42 + v189[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc42, o); acc42 = (acc42 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc42;
      __syncthreads();
      acc42 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc42 = (acc42 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v190 = acc42;
      float v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = v190;
      float v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = (v133[s] ? v194[s] : v181[s]);
      float v202[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v202[s] = (v300[s] ? v47[s] : v55[s]);
      float v203[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v203[s] = v202[s];
      mt_round ^= 1;
      float acc44 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc44 = (acc44 + v203[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc44, o); acc44 = (acc44 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc44;
      __syncthreads();
      acc44 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc44 = (acc44 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v204 = acc44;
      float v208[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v208[s] = v204;
      float v209[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v209[s] = (v147[s] ? v208[s] : v195[s]);
      float v210[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v210[s] = (v73[s] + v209[s]);
      mt_i64 v230 = (v21 * v6);
      mt_i64 v232[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v232[s] = (v43[s] - v42[s]);
      mt_i64 v233[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v233[s] = v230;
      mt_i64 v234[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v234[s] = (v233[s] + v232[s]);
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v234[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v150[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p6[i0 + k] = v150[s]; }
        }
      }
      #pragma unroll
      for (int g = 0; g < 4; g += 4) {
        const mt_i64 i0 = v234[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v210[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p7[i0 + k] = v210[s]; }
        }
      }
    }
  }
}
