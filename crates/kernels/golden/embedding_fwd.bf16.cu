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
extern "C" __global__ void __launch_bounds__(512) mt_embedding_fwd(const mt_u16* __restrict__ p0, const mt_i64* __restrict__ p1, mt_u16* __restrict__ p2, int p3, mt_i64 p4, int p5, int p6) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p3 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
  if (mt_fast) {
    int v0[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v0[s] = (int)(0 + MT_FLAT(s));
    int v1 = p3;
    mt_i64 v2 = p4;
    int v3 = p5;
    mt_i64 v4 = (mt_i64)(v3);
    int v5 = p6;
    mt_i64 v6 = (mt_i64)(v5);
    int v7 = (int)blockIdx.x;
    mt_i64 v8 = (mt_i64)(v7);
    mt_i64 v18 = 0LL;
    mt_i64 v20 = (mt_i64)(v1);
    mt_i64 v21[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v21[s] = (mt_i64)(v0[s]);
    mt_i64 v22[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v22[s] = v21[s];
    int v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v1;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v0[s] < v23[s]);
    bool v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v24[s];
    mt_i64 v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v8;
    mt_i64 v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = 0LL;
    mt_i64 v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = v4;
    bool v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v65[s] < v69[s]);
    bool v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v25[s] && v70[s]);
    mt_i64 v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v85[s] = (true && v70[s]) ? p1[v65[s]] : v18; }
    mt_i64 v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = v20;
    mt_i64 v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v85[s] * v86[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v87[s] + v22[s]);
    mt_i64 v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = v2;
    bool v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = (v85[s] != v103[s]);
    bool v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (v27[s] && v104[s]);
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v85[s] >= v67[s]);
    mt_i64 v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = v6;
    bool v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (v85[s] < v133[s]);
    bool v135[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v135[s] = (v121[s] && v134[s]);
    bool v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v41[s] && v135[s]);
    float v44 = 0.0f;
    float v45[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v43[g])) {
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
    bool v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = (v85[s] < v67[s]);
    bool v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = (v85[s] >= v133[s]);
    bool v179[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v179[s] = (v165[s] || v178[s]);
    bool v180[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v180[s] = (v104[s] && v179[s]);
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = __int_as_float(0x7fc00000);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v180[s] ? v55[s] : v45[s]);
    mt_i64 v190[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v190[s] = (v65[s] * v86[s]);
    mt_i64 v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = (v190[s] + v22[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v60[g];
      if ((true && v27[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v56[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v0[s] = (int)(0 + MT_FLAT(s));
    int v1 = p3;
    mt_i64 v2 = p4;
    int v3 = p5;
    mt_i64 v4 = (mt_i64)(v3);
    int v5 = p6;
    mt_i64 v6 = (mt_i64)(v5);
    int v7 = (int)blockIdx.x;
    mt_i64 v8 = (mt_i64)(v7);
    mt_i64 v18 = 0LL;
    mt_i64 v20 = (mt_i64)(v1);
    mt_i64 v21[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v21[s] = (mt_i64)(v0[s]);
    mt_i64 v22[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v22[s] = v21[s];
    int v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v1;
    bool v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v0[s] < v23[s]);
    bool v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v24[s];
    mt_i64 v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = v8;
    mt_i64 v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = 0LL;
    mt_i64 v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = v4;
    bool v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v65[s] < v69[s]);
    bool v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v25[s] && v70[s]);
    mt_i64 v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v85[s] = (true && v70[s]) ? p1[v65[s]] : v18; }
    mt_i64 v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = v20;
    mt_i64 v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v85[s] * v86[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v87[s] + v22[s]);
    mt_i64 v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = v2;
    bool v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = (v85[s] != v103[s]);
    bool v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (v27[s] && v104[s]);
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v85[s] >= v67[s]);
    mt_i64 v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = v6;
    bool v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (v85[s] < v133[s]);
    bool v135[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v135[s] = (v121[s] && v134[s]);
    bool v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v41[s] && v135[s]);
    float v44 = 0.0f;
    float v45[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v39[g];
      if ((true && v43[g + 0]) && (true && v43[g + 1]) && (true && v43[g + 2]) && (true && v43[g + 3]) && (true && v43[g + 4]) && (true && v43[g + 5]) && (true && v43[g + 6]) && (true && v43[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v45[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v45[s] = (true && v43[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v44; }
      }
    }
    bool v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = (v85[s] < v67[s]);
    bool v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = (v85[s] >= v133[s]);
    bool v179[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v179[s] = (v165[s] || v178[s]);
    bool v180[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v180[s] = (v104[s] && v179[s]);
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = __int_as_float(0x7fc00000);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v180[s] ? v55[s] : v45[s]);
    mt_i64 v190[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v190[s] = (v65[s] * v86[s]);
    mt_i64 v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = (v190[s] + v22[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v60[g];
      if ((true && v27[g + 0]) && (true && v27[g + 1]) && (true && v27[g + 2]) && (true && v27[g + 3]) && (true && v27[g + 4]) && (true && v27[g + 5]) && (true && v27[g + 6]) && (true && v27[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v56[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v27[s]) p2[i0 + k] = mt_f32_to_bf16(v56[s]); }
      }
    }
  }
}
