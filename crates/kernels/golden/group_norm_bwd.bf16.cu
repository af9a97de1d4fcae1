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
extern "C" __global__ void __launch_bounds__(256) mt_group_norm_bwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, mt_u16* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, int p8, int p9, int p10, int p11, int p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 8) == 0 && (p9 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
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
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
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
      int v239[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v239[s] = (int)(0 + MT_FLAT(s));
      int v240[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v240[s] = v239[s];
      int v241[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v241[s] = 1024;
      int v242[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v242[s] = (int)((v241[s] == 0 ? 0 : v240[s] / v241[s]));
      int v244[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v244[s] = (int)((v241[s] == 0 ? 0 : v240[s] % v241[s]));
      int v245[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v245[s] = v1;
      bool v246[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v246[s] = (v244[s] < v245[s]);
      mt_i64 v30[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v253[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v253[s] = (mt_i64)(v242[s]);
      mt_i64 v254[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v254[s] = v7;
      mt_i64 v255[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v255[s] = (v253[s] * v254[s]);
      mt_i64 v262[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v262[s] = (mt_i64)(v244[s]);
      mt_i64 v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = (v255[s] + v262[s]);
      mt_i64 v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = v22;
      mt_i64 v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v42[s] = v25;
      mt_i64 v43[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v45[g + k] = v44; }
        }
      }
      float v46[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v46[s] = v45[s];
      float v48[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v48[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v48[g + k] = v44; }
        }
      }
      float v49[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v49[s] = v48[s];
      float v54 = true ? p3[v21] : 0;
      float v55[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v55[s] = v54;
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = (v46[s] - v55[s]);
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = 0.0f;
      float v59[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v59[s] = (v246[s] ? v56[s] : v58[s]);
      mt_i64 v270[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v270[s] = v25;
      mt_i64 v271[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v271[s] = (v253[s] + v270[s]);
      float v272[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) { v272[s] = (true) ? mt_bf16_to_f32(p1[v271[s]]) : 0; }
      float v273[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v273[s] = v272[s];
      float v61[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v61[s] = (v273[s] * v49[s]);
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = (v61[s] * v59[s]);
      float v63[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v63[s] = v59[s];
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc2 = (acc2 + v63[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v64 = acc2;
      float v65[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v65[s] = v62[s];
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v65[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v66 = acc4;
      float v67[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v67[s] = v61[s];
      mt_round ^= 1;
      float acc6 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc6 = (acc6 + v67[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc6;
      __syncthreads();
      acc6 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v68 = acc6;
      float v69 = mt_div(v64, v9);
      float v70 = true ? p4[v21] : 0;
      float v71 = (v69 * v68);
      float v72 = (v66 - v71);
      float v73 = (v72 * v70);
      float v74 = mt_div(v73, v9);
      float v75 = mt_div(v68, v9);
      float v76[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v76[s] = 0.0f;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = v69;
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = (v56[s] - v80[s]);
      float v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = v70;
      float v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = (v81[s] * v82[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v74;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v83[s] * v86[s]);
      float v88[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v88[s] = (v61[s] - v87[s]);
      float v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = v75;
      float v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v88[s] - v89[s]);
      float v92[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v92[s] = (v90[s] * v82[s]);
      float v93[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v93[s] = mt_round_bf16(v92[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v92[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        }
      }
      float v94[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v94[s] = (v49[s] * v83[s]);
      int v280[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v280[s] = 0;
      bool v281[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v281[s] = (v242[s] == v280[s]);
      float v104[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v104[s] = (v281[s] ? v94[s] : v58[s]);
      float v105[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v105[s] = v104[s];
      mt_round ^= 1;
      float acc8 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v105[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc8;
      __syncthreads();
      acc8 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v106 = acc8;
      int v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = 0;
      bool v109[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v109[s] = (v10[s] == v108[s]);
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = v106;
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v111[s] = (v109[s] ? v110[s] : v76[s]);
      int v288[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v288[s] = 1;
      bool v289[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v289[s] = (v242[s] == v288[s]);
      float v118[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v118[s] = (v289[s] ? v94[s] : v58[s]);
      float v119[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v119[s] = v118[s];
      mt_round ^= 1;
      float acc10 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc10 = (acc10 + v119[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc10;
      __syncthreads();
      acc10 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v120 = acc10;
      int v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = 1;
      bool v123[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v123[s] = (v10[s] == v122[s]);
      float v124[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v124[s] = v120;
      float v125[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v125[s] = (v123[s] ? v124[s] : v111[s]);
      int v296[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v296[s] = 2;
      bool v297[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v297[s] = (v242[s] == v296[s]);
      float v132[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v132[s] = (v297[s] ? v94[s] : v58[s]);
      float v133[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v133[s] = v132[s];
      mt_round ^= 1;
      float acc12 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc12 = (acc12 + v133[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc12;
      __syncthreads();
      acc12 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v134 = acc12;
      int v136[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v136[s] = 2;
      bool v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = (v10[s] == v136[s]);
      float v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v134;
      float v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v137[s] ? v138[s] : v125[s]);
      int v304[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v304[s] = 3;
      bool v305[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v305[s] = (v242[s] == v304[s]);
      float v146[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v146[s] = (v305[s] ? v94[s] : v58[s]);
      float v147[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v147[s] = v146[s];
      mt_round ^= 1;
      float acc14 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc14 = (acc14 + v147[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc14;
      __syncthreads();
      acc14 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v148 = acc14;
      int v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = 3;
      bool v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v10[s] == v150[s]);
      float v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v152[s] = v148;
      float v153[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v153[s] = (v151[s] ? v152[s] : v139[s]);
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = (v76[s] + v153[s]);
      float v164[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v164[s] = (v281[s] ? v49[s] : v58[s]);
      float v165[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v165[s] = v164[s];
      mt_round ^= 1;
      float acc16 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc16 = (acc16 + v165[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = (acc16 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc16;
      __syncthreads();
      acc16 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc16 = (acc16 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v166 = acc16;
      float v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = v166;
      float v171[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v171[s] = (v109[s] ? v170[s] : v76[s]);
      float v178[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v178[s] = (v289[s] ? v49[s] : v58[s]);
      float v179[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v179[s] = v178[s];
      mt_round ^= 1;
      float acc18 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc18 = (acc18 + v179[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc18, o); acc18 = (acc18 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc18;
      __syncthreads();
      acc18 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc18 = (acc18 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v180 = acc18;
      float v184[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v184[s] = v180;
      float v185[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v185[s] = (v123[s] ? v184[s] : v171[s]);
      float v192[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v192[s] = (v297[s] ? v49[s] : v58[s]);
      float v193[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v193[s] = v192[s];
      mt_round ^= 1;
      float acc20 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc20 = (acc20 + v193[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc20, o); acc20 = (acc20 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc20;
      __syncthreads();
      acc20 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc20 = (acc20 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v194 = acc20;
      float v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = v194;
      float v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = (v137[s] ? v198[s] : v185[s]);
      float v206[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v206[s] = (v305[s] ? v49[s] : v58[s]);
      float v207[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v207[s] = v206[s];
      mt_round ^= 1;
      float acc22 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc22 = (acc22 + v207[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc22, o); acc22 = (acc22 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc22;
      __syncthreads();
      acc22 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc22 = (acc22 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v208 = acc22;
      float v212[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v212[s] = v208;
      float v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = (v151[s] ? v212[s] : v199[s]);
      float v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (v76[s] + v213[s]);
      mt_i64 v234 = (v21 * v6);
      mt_i64 v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = (v43[s] - v42[s]);
      mt_i64 v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = v234;
      mt_i64 v238[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v238[s] = (v237[s] + v236[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v238[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (MT_FLAT(g + 4) < 4) && (MT_FLAT(g + 5) < 4) && (MT_FLAT(g + 6) < 4) && (MT_FLAT(g + 7) < 4)) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v154[g + k];
          #pragma unroll
          for (int q = 0; q < 2; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p6[i0 + k] = v154[s]; }
        }
      }
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v238[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (MT_FLAT(g + 4) < 4) && (MT_FLAT(g + 5) < 4) && (MT_FLAT(g + 6) < 4) && (MT_FLAT(g + 7) < 4)) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v214[g + k];
          #pragma unroll
          for (int q = 0; q < 2; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p7[i0 + k] = v214[s]; }
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
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
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
      int v239[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v239[s] = (int)(0 + MT_FLAT(s));
      int v240[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v240[s] = v239[s];
      int v241[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v241[s] = 1024;
      int v242[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v242[s] = (int)((v241[s] == 0 ? 0 : v240[s] / v241[s]));
      int v244[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v244[s] = (int)((v241[s] == 0 ? 0 : v240[s] % v241[s]));
      int v245[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v245[s] = v1;
      bool v246[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v246[s] = (v244[s] < v245[s]);
      mt_i64 v30[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v30[s] = (mt_i64)(v10[s]);
      mt_i64 v253[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v253[s] = (mt_i64)(v242[s]);
      mt_i64 v254[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v254[s] = v7;
      mt_i64 v255[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v255[s] = (v253[s] * v254[s]);
      mt_i64 v262[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v262[s] = (mt_i64)(v244[s]);
      mt_i64 v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = (v255[s] + v262[s]);
      mt_i64 v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = v22;
      mt_i64 v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v39[s] + v40[s]);
      mt_i64 v42[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v42[s] = v25;
      mt_i64 v43[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v43[s] = (v30[s] + v42[s]);
      float v44 = 0.0f;
      float v45[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g + 0]) && (true && v246[g + 1]) && (true && v246[g + 2]) && (true && v246[g + 3]) && (true && v246[g + 4]) && (true && v246[g + 5]) && (true && v246[g + 6]) && (true && v246[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v45[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v45[s] = (true && v246[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v44; }
        }
      }
      float v46[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v46[s] = v45[s];
      float v48[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g + 0]) && (true && v246[g + 1]) && (true && v246[g + 2]) && (true && v246[g + 3]) && (true && v246[g + 4]) && (true && v246[g + 5]) && (true && v246[g + 6]) && (true && v246[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v48[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v48[s] = (true && v246[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v44; }
        }
      }
      float v49[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v49[s] = v48[s];
      float v54 = true ? p3[v21] : 0;
      float v55[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v55[s] = v54;
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = (v46[s] - v55[s]);
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = 0.0f;
      float v59[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v59[s] = (v246[s] ? v56[s] : v58[s]);
      mt_i64 v270[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v270[s] = v25;
      mt_i64 v271[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v271[s] = (v253[s] + v270[s]);
      float v272[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) { v272[s] = (true) ? mt_bf16_to_f32(p1[v271[s]]) : 0; }
      float v273[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v273[s] = v272[s];
      float v61[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v61[s] = (v273[s] * v49[s]);
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = (v61[s] * v59[s]);
      float v63[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v63[s] = v59[s];
      mt_round ^= 1;
      float acc24 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc24 = (acc24 + v63[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc24, o); acc24 = (acc24 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc24;
      __syncthreads();
      acc24 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc24 = (acc24 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v64 = acc24;
      float v65[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v65[s] = v62[s];
      mt_round ^= 1;
      float acc26 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc26 = (acc26 + v65[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc26, o); acc26 = (acc26 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc26;
      __syncthreads();
      acc26 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc26 = (acc26 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v66 = acc26;
      float v67[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v67[s] = v61[s];
      mt_round ^= 1;
      float acc28 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc28 = (acc28 + v67[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc28, o); acc28 = (acc28 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc28;
      __syncthreads();
      acc28 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc28 = (acc28 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v68 = acc28;
      float v69 = mt_div(v64, v9);
      float v70 = true ? p4[v21] : 0;
      float v71 = (v69 * v68);
      float v72 = (v66 - v71);
      float v73 = (v72 * v70);
      float v74 = mt_div(v73, v9);
      float v75 = mt_div(v68, v9);
      float v76[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v76[s] = 0.0f;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = v69;
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = (v56[s] - v80[s]);
      float v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = v70;
      float v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = (v81[s] * v82[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v74;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v83[s] * v86[s]);
      float v88[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v88[s] = (v61[s] - v87[s]);
      float v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = v75;
      float v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v88[s] - v89[s]);
      float v92[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v92[s] = (v90[s] * v82[s]);
      float v93[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v93[s] = mt_round_bf16(v92[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v41[g];
        if ((true && v246[g + 0]) && (true && v246[g + 1]) && (true && v246[g + 2]) && (true && v246[g + 3]) && (true && v246[g + 4]) && (true && v246[g + 5]) && (true && v246[g + 6]) && (true && v246[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v92[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v246[s]) p5[i0 + k] = mt_f32_to_bf16(v92[s]); }
        }
      }
      float v94[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v94[s] = (v49[s] * v83[s]);
      int v280[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v280[s] = 0;
      bool v281[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v281[s] = (v242[s] == v280[s]);
      float v104[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v104[s] = (v281[s] ? v94[s] : v58[s]);
      float v105[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v105[s] = v104[s];
      mt_round ^= 1;
      float acc30 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc30 = (acc30 + v105[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc30, o); acc30 = (acc30 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc30;
      __syncthreads();
      acc30 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc30 = (acc30 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v106 = acc30;
      int v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = 0;
      bool v109[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v109[s] = (v10[s] == v108[s]);
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = v106;
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v111[s] = (v109[s] ? v110[s] : v76[s]);
      int v288[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v288[s] = 1;
      bool v289[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v289[s] = (v242[s] == v288[s]);
      float v118[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v118[s] = (v289[s] ? v94[s] : v58[s]);
      float v119[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v119[s] = v118[s];
      mt_round ^= 1;
      float acc32 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc32 = (acc32 + v119[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc32, o); acc32 = (acc32 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc32;
      __syncthreads();
      acc32 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc32 = (acc32 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v120 = acc32;
      int v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v122[s] = 1;
      bool v123[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v123[s] = (v10[s] == v122[s]);
      float v124[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v124[s] = v120;
      float v125[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v125[s] = (v123[s] ? v124[s] : v111[s]);
      int v296[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v296[s] = 2;
      bool v297[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v297[s] = (v242[s] == v296[s]);
      float v132[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v132[s] = (v297[s] ? v94[s] : v58[s]);
      float v133[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v133[s] = v132[s];
      mt_round ^= 1;
      float acc34 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc34 = (acc34 + v133[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc34, o); acc34 = (acc34 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc34;
      __syncthreads();
      acc34 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc34 = (acc34 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v134 = acc34;
      int v136[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v136[s] = 2;
      bool v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = (v10[s] == v136[s]);
      float v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v134;
      float v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v137[s] ? v138[s] : v125[s]);
      int v304[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v304[s] = 3;
      bool v305[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v305[s] = (v242[s] == v304[s]);
      float v146[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v146[s] = (v305[s] ? v94[s] : v58[s]);
      float v147[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v147[s] = v146[s];
      mt_round ^= 1;
      float acc36 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc36 = (acc36 + v147[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc36, o); acc36 = (acc36 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc36;
      __syncthreads();
      acc36 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc36 = (acc36 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v148 = acc36;
      int v150[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v150[s] = 3;
      bool v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v10[s] == v150[s]);
      float v152[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v152[s] = v148;
      float v153[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v153[s] = (v151[s] ? v152[s] : v139[s]);
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = (v76[s] + v153[s]);
      float v164[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v164[s] = (v281[s] ? v49[s] : v58[s]);
      float v165[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v165[s] = v164[s];
      mt_round ^= 1;
      float acc38 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc38 = (acc38 + v165[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc38, o); acc38 = (acc38 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc38;
      __syncthreads();
      acc38 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc38 = (acc38 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v166 = acc38;
      float v170[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v170[s] = v166;
      float v171[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v171[s] = (v109[s] ? v170[s] : v76[s]);
      float v178[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v178[s] = (v289[s] ? v49[s] : v58[s]);
      float v179[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v179[s] = v178[s];
      mt_round ^= 1;
      float acc40 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc40 = (acc40 + v179[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc40, o); acc40 = (acc40 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc40;
      __syncthreads();
      acc40 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc40 = (acc40 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v180 = acc40;
      float v184[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v184[s] = v180;
      float v185[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v185[s] = (v123[s] ? v184[s] : v171[s]);
      float v192[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v192[s] = (v297[s] ? v49[s] : v58[s]);
      float v193[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v193[s] = v192[s];
      mt_round ^= 1;
      float acc42 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc42 = (acc42 + v193[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc42, o); acc42 = (acc42 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc42;
      __syncthreads();
      acc42 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc42 = (acc42 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v194 = acc42;
      float v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = v194;
      float v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = (v137[s] ? v198[s] : v185[s]);
      float v206[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v206[s] = (v305[s] ? v49[s] : v58[s]);
      float v207[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v207[s] = v206[s];
      mt_round ^= 1;
      float acc44 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc44 = (acc44 + v207[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc44, o); acc44 = (acc44 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc44;
      __syncthreads();
      acc44 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc44 = (acc44 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v208 = acc44;
      float v212[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v212[s] = v208;
      float v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = (v151[s] ? v212[s] : v199[s]);
      float v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (v76[s] + v213[s]);
      mt_i64 v234 = (v21 * v6);
      mt_i64 v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = (v43[s] - v42[s]);
      mt_i64 v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = v234;
      mt_i64 v238[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v238[s] = (v237[s] + v236[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v238[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (MT_FLAT(g + 4) < 4) && (MT_FLAT(g + 5) < 4) && (MT_FLAT(g + 6) < 4) && (MT_FLAT(g + 7) < 4) && (i0 % 8) == 0) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v154[g + k];
          #pragma unroll
          for (int q = 0; q < 2; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p6[i0 + k] = v154[s]; }
        }
      }
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v238[g];
        if ((MT_FLAT(g + 0) < 4) && (MT_FLAT(g + 1) < 4) && (MT_FLAT(g + 2) < 4) && (MT_FLAT(g + 3) < 4) && (MT_FLAT(g + 4) < 4) && (MT_FLAT(g + 5) < 4) && (MT_FLAT(g + 6) < 4) && (MT_FLAT(g + 7) < 4) && (i0 % 8) == 0) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v214[g + k];
          #pragma unroll
          for (int q = 0; q < 2; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4) p7[i0 + k] = v214[s]; }
        }
      }
    }
  }
}
