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
extern "C" __global__ void __launch_bounds__(256) mt_grpo_loss_fwd(const mt_u16* __restrict__ p0, const mt_i64* __restrict__ p1, const float* __restrict__ p2, const int* __restrict__ p3, const float* __restrict__ p4, const float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, float* __restrict__ p8, float* __restrict__ p9, int p10, int p11, float p12, float p13, float p14, float p15, float p16, float p17, float p18) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p10 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0;
  if (mt_fast) {
    int v0 = p10;
    int v1 = p11;
    float v2 = p12;
    float v3 = p13;
    float v4 = p14;
    float v5 = p15;
    float v9 = 0.0f;
    float v10 = 1.0f;
    int v11 = (int)blockIdx.x;
    int v12 = (int)((v1 == 0 ? 0 : v11 / v1));
    mt_i64 v13 = (mt_i64)(v11);
    mt_i64 v14 = (mt_i64)(v12);
    int v15 = (int)((v11 + v12));
    int v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v17 = (mt_i64)(v15);
    mt_i64 v18 = (mt_i64)(v0);
    mt_i64 v19 = (v17 * v18);
    int v20 = true ? p3[v13] : 0;
    float v21 = (float)(v20);
    bool v23 = (v21 != v9);
    float v82;
    float v83;
    float v84;
    float v85;
    if (v23) {
      int v24[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v24[s] = v0;
      bool v25[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v25[s] = (v16[s] < v24[s]);
      mt_i64 v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = (mt_i64)(v16[s]);
      mt_i64 v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = v19;
      mt_i64 v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = (v27[s] + v26[s]);
      float v29 = __int_as_float(0xff800000);
      float v30[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v28[g];
        if ((true && v25[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v30[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v30[g + k] = v29; }
        }
      }
      float v31[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v31[s] = v30[s];
      float v32[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v32[s] = v2;
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = (v31[s] * v32[s]);
      mt_round ^= 1;
      float acc2 = __int_as_float(0xff800000);
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc2 = mt_maxf(acc2, v33[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 256))[w]);
      float v34 = acc2;
      float v35[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v35[s] = v34;
      float v36[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v36[s] = (v33[s] - v35[s]);
      float v37[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v37[s] = mt_exp(v36[s]);
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v37[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v38 = acc4;
      float v39 = logf(v38);
      float v40 = (v34 + v39);
      mt_i64 v41 = true ? p1[v13] : 0;
      mt_i64 v42 = (v19 + v41);
      float v43 = true ? mt_bf16_to_f32(p0[v42]) : 0;
      float v44 = v43;
      float v45 = (v44 * v2);
      float v46 = (v45 - v40);
      float v47 = true ? p4[v13] : 0;
      float v48 = (v46 - v47);
      float v49 = mt_exp(v48);
      float v50 = true ? p2[v14] : 0;
      float v51 = true ? p5[v13] : 0;
      float v53 = (v10 - v4);
      float v55 = (v5 + v10);
      float v56 = mt_maxf(v49, v53);
      float v57 = mt_minf(v56, v55);
      bool v59 = (v50 > v9);
      bool v60 = (v49 < v53);
      bool v62 = (v50 < v9);
      bool v63 = (v60 && v62);
      bool v64 = (v49 > v55);
      bool v65 = (v64 && v59);
      bool v66 = (v63 || v65);
      float v67 = (v49 * v50);
      float v68 = (v57 * v50);
      float v69 = mt_minf(v67, v68);
      float v70 = (-v69);
      float v71 = (float)(v66);
      float v72 = (v51 - v46);
      float v73 = mt_exp(v72);
      float v74 = (v73 - v72);
      float v76 = (v74 - v10);
      float v77 = (v3 * v76);
      float v78 = (v70 + v77);
      float v79 = (v78 * v21);
      float v80 = (v76 * v21);
      float v81 = (v71 * v21);
      v82 = v79;
      v83 = v80;
      v84 = v81;
      v85 = v40;
    } else {
      v82 = v9;
      v83 = v9;
      v84 = v9;
      v85 = v9;
    }
    if (mt_tid == 0) p6[v13] = v82;
    if (mt_tid == 0) p7[v13] = v83;
    if (mt_tid == 0) p8[v13] = v84;
    if (mt_tid == 0) p9[v13] = v85;
  } else {
    int v0 = p10;
    int v1 = p11;
    float v2 = p12;
    float v3 = p13;
    float v4 = p14;
    float v5 = p15;
    float v9 = 0.0f;
    float v10 = 1.0f;
    int v11 = (int)blockIdx.x;
    int v12 = (int)((v1 == 0 ? 0 : v11 / v1));
    mt_i64 v13 = (mt_i64)(v11);
    mt_i64 v14 = (mt_i64)(v12);
    int v15 = (int)((v11 + v12));
    int v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v17 = (mt_i64)(v15);
    mt_i64 v18 = (mt_i64)(v0);
    mt_i64 v19 = (v17 * v18);
    int v20 = true ? p3[v13] : 0;
    float v21 = (float)(v20);
    bool v23 = (v21 != v9);
    float v82;
    float v83;
    float v84;
    float v85;
    if (v23) {
      int v24[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v24[s] = v0;
      bool v25[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v25[s] = (v16[s] < v24[s]);
      mt_i64 v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = (mt_i64)(v16[s]);
      mt_i64 v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = v19;
      mt_i64 v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = (v27[s] + v26[s]);
      float v29 = __int_as_float(0xff800000);
      float v30[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v28[g];
        if ((true && v25[g + 0]) && (true && v25[g + 1]) && (true && v25[g + 2]) && (true && v25[g + 3]) && (true && v25[g + 4]) && (true && v25[g + 5]) && (true && v25[g + 6]) && (true && v25[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v30[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v30[s] = (true && v25[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v29; }
        }
      }
      float v31[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v31[s] = v30[s];
      float v32[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v32[s] = v2;
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = (v31[s] * v32[s]);
      mt_round ^= 1;
      float acc6 = __int_as_float(0xff800000);
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc6 = mt_maxf(acc6, v33[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = mt_maxf(acc6, mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc6;
      __syncthreads();
      acc6 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc6 = mt_maxf(acc6, ((float*)(mt_smem + mt_round * 256))[w]);
      float v34 = acc6;
      float v35[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v35[s] = v34;
      float v36[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v36[s] = (v33[s] - v35[s]);
      float v37[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v37[s] = mt_exp(v36[s]);
      mt_round ^= 1;
      float acc8 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v37[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc8;
      __syncthreads();
      acc8 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v38 = acc8;
      float v39 = logf(v38);
      float v40 = (v34 + v39);
      mt_i64 v41 = true ? p1[v13] : 0;
      mt_i64 v42 = (v19 + v41);
      float v43 = true ? mt_bf16_to_f32(p0[v42]) : 0;
      float v44 = v43;
      float v45 = (v44 * v2);
      float v46 = (v45 - v40);
      float v47 = true ? p4[v13] : 0;
      float v48 = (v46 - v47);
      float v49 = mt_exp(v48);
      float v50 = true ? p2[v14] : 0;
      float v51 = true ? p5[v13] : 0;
      float v53 = (v10 - v4);
      float v55 = (v5 + v10);
      float v56 = mt_maxf(v49, v53);
      float v57 = mt_minf(v56, v55);
      bool v59 = (v50 > v9);
      bool v60 = (v49 < v53);
      bool v62 = (v50 < v9);
      bool v63 = (v60 && v62);
      bool v64 = (v49 > v55);
      bool v65 = (v64 && v59);
      bool v66 = (v63 || v65);
      float v67 = (v49 * v50);
      float v68 = (v57 * v50);
      float v69 = mt_minf(v67, v68);
      float v70 = (-v69);
      float v71 = (float)(v66);
      float v72 = (v51 - v46);
      float v73 = mt_exp(v72);
      float v74 = (v73 - v72);
      float v76 = (v74 - v10);
      float v77 = (v3 * v76);
      float v78 = (v70 + v77);
      float v79 = (v78 * v21);
      float v80 = (v76 * v21);
      float v81 = (v71 * v21);
      v82 = v79;
      v83 = v80;
      v84 = v81;
      v85 = v40;
    } else {
      v82 = v9;
      v83 = v9;
      v84 = v9;
      v85 = v9;
    }
    if (mt_tid == 0) p6[v13] = v82;
    if (mt_tid == 0) p7[v13] = v83;
    if (mt_tid == 0) p8[v13] = v84;
    if (mt_tid == 0) p9[v13] = v85;
  }
}
