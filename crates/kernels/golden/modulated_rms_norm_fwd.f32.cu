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
#define MT_THREADS 128
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(128) mt_modulated_rms_norm_fwd(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, float* __restrict__ p4, float* __restrict__ p5, int p6, int p7, int p8, int p9, int p10, float p11, float p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[256];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0;
  if (mt_fast) {
    int v0 = p6;
    int v1 = p7;
    int v2 = p8;
    int v3 = p9;
    float v5 = p11;
    float v6 = p12;
    int v7[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v7[s] = (int)(0 + MT_FLAT(s));
    int v8[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v8[s] = v0;
    bool v9[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v9[s] = (v7[s] < v8[s]);
    float v10 = (float)(v0);
    mt_i64 v11[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v11[s] = (mt_i64)(v7[s]);
    float v12 = 0.0f;
    float v13[32];
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v11[g];
      if ((true && v9[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v13[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v13[g + k] = v12; }
      }
    }
    float v14[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v14[s] = v6;
    float v15[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v15[s] = (v13[s] + v14[s]);
    int v16 = (int)blockIdx.x;
    int v17 = (int)((v16 * v2));
    int v18 = (int)((v17 + v2));
    int v19 = (int)((v18 < v1 ? v18 : v1));
    int v20 = 1;
    for (int v21 = v17; v21 < v19; v21 += v20) {
      int v22 = (int)((v3 == 0 ? 0 : v21 / v3));
      mt_i64 v24 = (mt_i64)(v21);
      mt_i64 v25 = (mt_i64)(v0);
      mt_i64 v26 = (v24 * v25);
      mt_i64 v27[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v27[s] = v26;
      mt_i64 v28[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v28[s] = (v27[s] + v11[s]);
      float v30[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v28[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = mt_ld_evict_last((const uint4*)(p0 + i0) + q);
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v30[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v30[g + k] = v12; }
        }
      }
      float v31[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v31[s] = (v30[s] * v30[s]);
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 32; ++s) if (true) acc2 = (acc2 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 128))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 128))[0]; for (int w = 1; w < 4; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 128))[w]);
      float v32 = acc2;
      float v33 = mt_div(v32, v10);
      float v34 = (v33 + v5);
      float v35 = mt_rsqrt(v34);
      if (mt_tid == 0) p5[v24] = v35;
      float v37[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v37[s] = v35;
      float v38[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v38[s] = (v30[s] * v37[s]);
      float v39[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v39[s] = (v38[s] * v15[s]);
      mt_i64 v41 = (mt_i64)(v22);
      mt_i64 v43 = (v41 * v25);
      mt_i64 v44[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v44[s] = v43;
      mt_i64 v45[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v45[s] = (v44[s] + v11[s]);
      float v47[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v45[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v47[g + k] = v12; }
        }
      }
      float v49[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v49[s] = 1.0f;
      float v50[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v50[s] = (v49[s] + v47[s]);
      float v51[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v51[s] = (v39[s] * v50[s]);
      float v53[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v45[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v53[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v53[g + k] = v12; }
        }
      }
      float v54[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v54[s] = (v51[s] + v53[s]);
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v28[g];
        if ((true && v9[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v54[g + k];
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
    int v7[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v7[s] = (int)(0 + MT_FLAT(s));
    int v8[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v8[s] = v0;
    bool v9[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v9[s] = (v7[s] < v8[s]);
    float v10 = (float)(v0);
    mt_i64 v11[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v11[s] = (mt_i64)(v7[s]);
    float v12 = 0.0f;
    float v13[32];
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v11[g];
      if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v13[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v13[s] = (true && v9[s]) ? p1[i0 + k] : v12; }
      }
    }
    float v14[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v14[s] = v6;
    float v15[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v15[s] = (v13[s] + v14[s]);
    int v16 = (int)blockIdx.x;
    int v17 = (int)((v16 * v2));
    int v18 = (int)((v17 + v2));
    int v19 = (int)((v18 < v1 ? v18 : v1));
    int v20 = 1;
    for (int v21 = v17; v21 < v19; v21 += v20) {
      int v22 = (int)((v3 == 0 ? 0 : v21 / v3));
      mt_i64 v24 = (mt_i64)(v21);
      mt_i64 v25 = (mt_i64)(v0);
      mt_i64 v26 = (v24 * v25);
      mt_i64 v27[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v27[s] = v26;
      mt_i64 v28[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v28[s] = (v27[s] + v11[s]);
      float v30[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v28[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = mt_ld_evict_last((const uint4*)(p0 + i0) + q);
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v30[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v30[s] = (true && v9[s]) ? p0[i0 + k] : v12; }
        }
      }
      float v31[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v31[s] = (v30[s] * v30[s]);
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 32; ++s) if (true) acc4 = (acc4 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 128))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 128))[0]; for (int w = 1; w < 4; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 128))[w]);
      float v32 = acc4;
      float v33 = mt_div(v32, v10);
      float v34 = (v33 + v5);
      float v35 = mt_rsqrt(v34);
      if (mt_tid == 0) p5[v24] = v35;
      float v37[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v37[s] = v35;
      float v38[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v38[s] = (v30[s] * v37[s]);
      float v39[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v39[s] = (v38[s] * v15[s]);
      mt_i64 v41 = (mt_i64)(v22);
      mt_i64 v43 = (v41 * v25);
      mt_i64 v44[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v44[s] = v43;
      mt_i64 v45[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v45[s] = (v44[s] + v11[s]);
      float v47[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v45[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v47[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v47[s] = (true && v9[s]) ? p2[i0 + k] : v12; }
        }
      }
      float v49[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v49[s] = 1.0f;
      float v50[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v50[s] = (v49[s] + v47[s]);
      float v51[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v51[s] = (v39[s] * v50[s]);
      float v53[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v45[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v53[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v53[s] = (true && v9[s]) ? p3[i0 + k] : v12; }
        }
      }
      float v54[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v54[s] = (v51[s] + v53[s]);
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v28[g];
        if ((true && v9[g + 0]) && (true && v9[g + 1]) && (true && v9[g + 2]) && (true && v9[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v54[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v9[s]) p4[i0 + k] = v54[s]; }
        }
      }
    }
  }
}
