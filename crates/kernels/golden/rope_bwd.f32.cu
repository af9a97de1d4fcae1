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
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ float mt_minf(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float mt_maxf(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
#endif
__device__ __forceinline__ float mt_exp(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f)); return r; }
__device__ __forceinline__ float mt_sigmoid(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(-x))); return r; }
__device__ __forceinline__ float mt_div(float x, float y) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }
#define MT_THREADS 512
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_rope_bwd(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, float* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 4) == 0 && (p5 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0;
  if (mt_fast) {
    int v0 = p4;
    int v1 = (int)blockIdx.x;
    int v8 = p5;
    int v9 = p6;
    int v10 = p7;
    int v11 = p8;
    mt_i64 v22 = (mt_i64)(v8);
    int v25 = p9;
    mt_i64 v29 = (mt_i64)(v0);
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (int)(0 + MT_FLAT(s));
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v32[s];
    int v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v0;
    bool v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v33[s] < v34[s]);
    int v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = v1;
    int v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = v25;
    bool v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = (v84[s] < v87[s]);
    bool v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = (v35[s] && v88[s]);
    int v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v8;
    bool v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v33[s] < v38[s]);
    int v40 = 2;
    int v41 = (int)((v40 == 0 ? 0 : v8 / v40));
    int v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41;
    bool v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v33[s] < v42[s]);
    int v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (int)((v33[s] + v42[s]));
    int v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = (int)((v33[s] - v42[s]));
    int v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v43[s] ? v45[s] : v47[s]);
    bool v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v39[s] && v88[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (mt_i64)(v33[s]);
    mt_i64 v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = (mt_i64)(v84[s]);
    mt_i64 v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = v29;
    mt_i64 v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v96[s] * v97[s]);
    mt_i64 v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = (v98[s] + v51[s]);
    float v54 = 0.0f;
    float v55[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v53[g];
      if ((true && v37[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v55[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v55[g + k] = v54; }
      }
    }
    mt_i64 v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (mt_i64)(v48[s]);
    mt_i64 v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = (v98[s] + v56[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v60[s] = (true && v50[s]) ? p0[v58[s]] : v54; }
    int v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = v10;
    int v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = (int)((v106[s] == 0 ? 0 : v84[s] / v106[s]));
    int v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v11;
    int v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = (int)((v107[s] * v108[s]));
    int v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = v9;
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = (int)((v109[s] * v110[s]));
    int v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (int)((v110[s] == 0 ? 0 : v84[s] % v110[s]));
    int v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (int)((v111[s] + v116[s]));
    mt_i64 v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = (mt_i64)(v117[s]);
    mt_i64 v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = v22;
    mt_i64 v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = (v118[s] * v119[s]);
    mt_i64 v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = (v120[s] + v51[s]);
    float v65[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v63[g];
      if ((true && v50[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v65[g + k] = v54; }
      }
    }
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v120[s] + v56[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v70[s] = (true && v50[s]) ? p2[v68[s]] : v54; }
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v60[s] * v70[s]);
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = (v55[s] * v65[s]);
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (-v71[s]);
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = (v43[s] ? v71[s] : v73[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v72[s] + v74[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v50[s] ? v75[s] : v55[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v53[g];
      if ((true && v37[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v76[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p4;
    int v1 = (int)blockIdx.x;
    int v8 = p5;
    int v9 = p6;
    int v10 = p7;
    int v11 = p8;
    mt_i64 v22 = (mt_i64)(v8);
    int v25 = p9;
    mt_i64 v29 = (mt_i64)(v0);
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (int)(0 + MT_FLAT(s));
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v32[s];
    int v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v0;
    bool v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v33[s] < v34[s]);
    int v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = v1;
    int v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = v25;
    bool v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = (v84[s] < v87[s]);
    bool v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = (v35[s] && v88[s]);
    int v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v8;
    bool v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v33[s] < v38[s]);
    int v40 = 2;
    int v41 = (int)((v40 == 0 ? 0 : v8 / v40));
    int v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41;
    bool v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v33[s] < v42[s]);
    int v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (int)((v33[s] + v42[s]));
    int v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = (int)((v33[s] - v42[s]));
    int v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v43[s] ? v45[s] : v47[s]);
    bool v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v39[s] && v88[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (mt_i64)(v33[s]);
    mt_i64 v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = (mt_i64)(v84[s]);
    mt_i64 v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = v29;
    mt_i64 v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v96[s] * v97[s]);
    mt_i64 v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = (v98[s] + v51[s]);
    float v54 = 0.0f;
    float v55[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v53[g];
      if ((true && v37[g + 0]) && (true && v37[g + 1]) && (true && v37[g + 2]) && (true && v37[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v55[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v55[s] = (true && v37[s]) ? p0[v53[s]] : v54; }
      }
    }
    mt_i64 v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (mt_i64)(v48[s]);
    mt_i64 v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = (v98[s] + v56[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v60[s] = (true && v50[s]) ? p0[v58[s]] : v54; }
    int v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = v10;
    int v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = (int)((v106[s] == 0 ? 0 : v84[s] / v106[s]));
    int v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v11;
    int v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = (int)((v107[s] * v108[s]));
    int v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = v9;
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = (int)((v109[s] * v110[s]));
    int v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (int)((v110[s] == 0 ? 0 : v84[s] % v110[s]));
    int v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (int)((v111[s] + v116[s]));
    mt_i64 v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = (mt_i64)(v117[s]);
    mt_i64 v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = v22;
    mt_i64 v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = (v118[s] * v119[s]);
    mt_i64 v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = (v120[s] + v51[s]);
    float v65[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v63[g];
      if ((true && v50[g + 0]) && (true && v50[g + 1]) && (true && v50[g + 2]) && (true && v50[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v65[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v65[s] = (true && v50[s]) ? p1[v63[s]] : v54; }
      }
    }
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v120[s] + v56[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v70[s] = (true && v50[s]) ? p2[v68[s]] : v54; }
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v60[s] * v70[s]);
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = (v55[s] * v65[s]);
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (-v71[s]);
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = (v43[s] ? v71[s] : v73[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v72[s] + v74[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v50[s] ? v75[s] : v55[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v53[g];
      if ((true && v37[g + 0]) && (true && v37[g + 1]) && (true && v37[g + 2]) && (true && v37[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v76[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v37[s]) p3[v53[s]] = v76[s]; }
      }
    }
  }
}
