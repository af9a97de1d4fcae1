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
extern "C" __global__ void __launch_bounds__(256) mt_modulated_rms_norm_fwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, const mt_u16* __restrict__ p3, mt_u16* __restrict__ p4, float* __restrict__ p5, int p6, int p7, int p8, int p9, int p10, float p11, float p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0;
  if (mt_fast) {
    int v0 = p6;
    int v1 = p7;
    int v2 = p8;
    int v3 = p9;
    float v5 = p11;
    float v6 = p12;
    int v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (int)(0 + MT_FLAT(s));
    int v8[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v8[s] = v0;
    bool v9[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v9[s] = (v7[s] < v8[s]);
    float v10 = (float)(v0);
    mt_i64 v11[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v11[s] = (mt_i64)(v7[s]);
    float v12 = 0.0f;
    float v13[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v11[g];
      if ((true && v9[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v13[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v13[g + k] = v12; }
      }
    }
    float v14[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v14[s] = v13[s];
    float v15[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v15[s] = v6;
    float v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = (v14[s] + v15[s]);
    int v17 = (int)blockIdx.x;
    int v18 = (int)((v17 * v2));
    int v19 = (int)((v18 + v2));
    int v20 = (int)((v19 < v1 ? v19 : v1));
    int v21 = 1;
    for (int v22 = v18; v22 < v20; v22 += v21) {
      int v23 = (int)((v3 == 0 ? 0 : v22 / v3));
      mt_i64 v25 = (mt_i64)(v22);
      mt_i64 v26 = (mt_i64)(v0);
      mt_i64 v27 = (v25 * v26);
      mt_i64 v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = v27;
      mt_i64 v29[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v29[s] = (v28[s] + v11[s]);
      float v31[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v29[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v31[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v31[g + k] = v12; }
        }
      }
      float v32[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v32[s] = v31[s];
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = (v32[s] * v32[s]);
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc2 = (acc2 + v33[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v34 = acc2;
      float v35 = mt_div(v34, v10);
      float v36 = (v35 + v5);
      float v37 = mt_rsqrt(v36);
      if (mt_tid == 0) p5[v25] = v37;
      float v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = v37;
      float v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = (v32[s] * v39[s]);
      float v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = mt_round_bf16(v40[s]);
      float v42[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v42[s] = v41[s];
      float v43[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v43[s] = (v42[s] * v16[s]);
      float v44[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v44[s] = mt_round_bf16(v43[s]);
      float v45[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v45[s] = v44[s];
      mt_i64 v47 = (mt_i64)(v23);
      mt_i64 v49 = (v47 * v26);
      mt_i64 v50[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v50[s] = v49;
      mt_i64 v51[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v51[s] = (v50[s] + v11[s]);
      float v53[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v51[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v53[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v53[g + k] = v12; }
        }
      }
      float v54[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v54[s] = v53[s];
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = 1.0f;
      float v57[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v57[s] = (v56[s] + v54[s]);
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = (v45[s] * v57[s]);
      float v60[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v51[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v60[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v60[g + k] = v12; }
        }
      }
      float v61[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v61[s] = v60[s];
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = (v58[s] + v61[s]);
      float v63[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v63[s] = mt_round_bf16(v62[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v29[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v62[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
        }
      }
    }
  } else {
    int v0 = p6;
    int v1 = p7;
    int v2 = p8;
    int v3 = p9;
    float v5 = p11;
    float v6 = p12;
    int v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (int)(0 + MT_FLAT(s));
    int v8[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v8[s] = v0;
    bool v9[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v9[s] = (v7[s] < v8[s]);
    float v10 = (float)(v0);
    mt_i64 v11[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v11[s] = (mt_i64)(v7[s]);
    float v12 = 0.0f;
    float v13[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v11[g];
      if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (true && v9[g + 4]) && (true && v9[g + 5]) && (true && v9[g + 6]) && (true && v9[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v13[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v13[s] = (true && v9[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v12; }
      }
    }
    float v14[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v14[s] = v13[s];
    float v15[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v15[s] = v6;
    float v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = (v14[s] + v15[s]);
    int v17 = (int)blockIdx.x;
    int v18 = (int)((v17 * v2));
    int v19 = (int)((v18 + v2));
    int v20 = (int)((v19 < v1 ? v19 : v1));
    int v21 = 1;
    for (int v22 = v18; v22 < v20; v22 += v21) {
      int v23 = (int)((v3 == 0 ? 0 : v22 / v3));
      mt_i64 v25 = (mt_i64)(v22);
      mt_i64 v26 = (mt_i64)(v0);
      mt_i64 v27 = (v25 * v26);
      mt_i64 v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = v27;
      mt_i64 v29[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v29[s] = (v28[s] + v11[s]);
      float v31[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v29[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (true && v9[g + 4]) && (true && v9[g + 5]) && (true && v9[g + 6]) && (true && v9[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v31[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v31[s] = (true && v9[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v12; }
        }
      }
      float v32[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v32[s] = v31[s];
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = (v32[s] * v32[s]);
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v33[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v34 = acc4;
      float v35 = mt_div(v34, v10);
      float v36 = (v35 + v5);
      float v37 = mt_rsqrt(v36);
      if (mt_tid == 0) p5[v25] = v37;
      float v39[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v39[s] = v37;
      float v40[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v40[s] = (v32[s] * v39[s]);
      float v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = mt_round_bf16(v40[s]);
      float v42[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v42[s] = v41[s];
      float v43[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v43[s] = (v42[s] * v16[s]);
      float v44[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v44[s] = mt_round_bf16(v43[s]);
      float v45[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v45[s] = v44[s];
      mt_i64 v47 = (mt_i64)(v23);
      mt_i64 v49 = (v47 * v26);
      mt_i64 v50[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v50[s] = v49;
      mt_i64 v51[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v51[s] = (v50[s] + v11[s]);
      float v53[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v51[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (true && v9[g + 4]) && (true && v9[g + 5]) && (true && v9[g + 6]) && (true && v9[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v53[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v53[s] = (true && v9[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v12; }
        }
      }
      float v54[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v54[s] = v53[s];
      float v56[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v56[s] = 1.0f;
      float v57[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v57[s] = (v56[s] + v54[s]);
      float v58[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v58[s] = (v45[s] * v57[s]);
      float v60[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v51[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (true && v9[g + 4]) && (true && v9[g + 5]) && (true && v9[g + 6]) && (true && v9[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v60[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v60[s] = (true && v9[s]) ? mt_bf16_to_f32(p3[i0 + k]) : v12; }
        }
      }
      float v61[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v61[s] = v60[s];
      float v62[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v62[s] = (v58[s] + v61[s]);
      float v63[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v63[s] = mt_round_bf16(v62[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v29[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (true && v9[g + 4]) && (true && v9[g + 5]) && (true && v9[g + 6]) && (true && v9[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v62[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v9[s]) p4[i0 + k] = mt_f32_to_bf16(v62[s]); }
        }
      }
    }
  }
}
