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
extern "C" __global__ void __launch_bounds__(128) mt_modulated_rms_norm_bwd(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, float* __restrict__ p8, int p9, int p10, int p11, int p12, int p13, int p14, int p15, float p16, float p17) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[256];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p9 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p5 % 16) == 0 && ((unsigned long long)(const void*)p6 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0 && ((unsigned long long)(const void*)p8 % 16) == 0;
  if (mt_fast) {
    int v0 = p9;
    int v1 = p10;
    int v2 = p11;
    int v3 = p12;
    int v4 = p13;
    int v5 = p14;
    int v6 = p15;
    float v8 = p17;
    int v9 = (int)blockIdx.x;
    int v10 = (int)((v6 == 0 ? 0 : v9 % v6));
    int v11 = (int)((v6 == 0 ? 0 : v9 / v6));
    int v12 = (int)((v11 * v5));
    int v13 = (int)((v10 * v2));
    int v14 = (int)((v12 + v13));
    int v15 = (int)((v14 + v2));
    int v16 = (int)((v12 + v5));
    int v17 = (int)((v15 < v16 ? v15 : v16));
    int v18 = (int)((v17 < v1 ? v17 : v1));
    int v19[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v19[s] = (int)(0 + MT_FLAT(s));
    int v20[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v20[s] = v0;
    bool v21[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v21[s] = (v19[s] < v20[s]);
    float v22 = (float)(v0);
    mt_i64 v23[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v23[s] = (mt_i64)(v19[s]);
    float v24 = 0.0f;
    float v25[32];
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v23[g];
      if ((true && v21[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v25[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v25[g + k] = v24; }
      }
    }
    float v26[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v26[s] = v8;
    float v27[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v27[s] = (v25[s] + v26[s]);
    float v28[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v28[s] = 0.0f;
    int v31 = 1;
    float v33[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v33[s] = v28[s];
    float v34[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v34[s] = v28[s];
    float v35[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v35[s] = v28[s];
    for (int v32 = v14; v32 < v18; v32 += v31) {
      int v36 = (int)((v3 == 0 ? 0 : v32 / v3));
      mt_i64 v38 = (mt_i64)(v32);
      mt_i64 v39 = (mt_i64)(v0);
      mt_i64 v40 = (v38 * v39);
      mt_i64 v41[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v41[s] = v40;
      mt_i64 v42[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v42[s] = (v41[s] + v23[s]);
      mt_i64 v44 = (mt_i64)(v36);
      mt_i64 v46 = (v44 * v39);
      mt_i64 v47[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v47[s] = v46;
      mt_i64 v48[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v48[s] = (v47[s] + v23[s]);
      float v50[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = mt_ld_evict_last((const uint4*)(p0 + i0) + q);
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v50[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v50[g + k] = v24; }
        }
      }
      float v52[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v52[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v52[g + k] = v24; }
        }
      }
      float v54[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v48[g];
        if ((true && v21[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { v54[g + k] = v24; }
        }
      }
      float v56[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v56[s] = 1.0f;
      float v57[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v57[s] = (v56[s] + v54[s]);
      float v59 = true ? p4[v38] : 0;
      float v60[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v60[s] = (v52[s] * v57[s]);
      float v61[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v61[s] = (v60[s] * v27[s]);
      float v62[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v62[s] = (v50[s] * v61[s]);
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 32; ++s) if (true) acc2 = (acc2 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 128))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 128))[0]; for (int w = 1; w < 4; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 128))[w]);
      float v63 = acc2;
      float v64 = (v59 * v63);
      float v65 = mt_div(v64, v22);
      float v68[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v68[s] = v59;
      float v69[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v69[s] = (v50[s] * v68[s]);
      float v70[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v70[s] = v65;
      float v71[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v71[s] = (v69[s] * v70[s]);
      float v72[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v72[s] = (v61[s] - v71[s]);
      float v74[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v74[s] = (v72[s] * v68[s]);
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g])) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v74[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        }
      }
      float v77[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v77[s] = (v69[s] * v27[s]);
      float v78[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v78[s] = (v60[s] * v69[s]);
      float v79[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v79[s] = (v52[s] * v77[s]);
      float v80[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v80[s] = (v33[s] + v78[s]);
      float v81[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v81[s] = (v34[s] + v79[s]);
      float v82[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v82[s] = (v35[s] + v52[s]);
      int v84 = (int)((v32 + v31));
      bool v85 = (v84 == v18);
      int v88 = (int)((v3 == 0 ? 0 : v84 % v3));
      int v89 = 0;
      bool v90 = (v88 == v89);
      bool v91 = (v90 || v85);
      int v92 = (int)((v10 * v4));
      int v93 = (int)((v92 + v36));
      mt_i64 v95 = (mt_i64)(v93);
      mt_i64 v97 = (v95 * v39);
      mt_i64 v98[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v98[s] = v97;
      mt_i64 v99[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v99[s] = (v98[s] + v23[s]);
      if (v91) {
        #pragma unroll
        for (int g = 0; g < 32; g += 4) {
          const mt_i64 i0 = v99[g];
          if ((true && v21[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) u.e[k] = v81[g + k];
            #pragma unroll
            for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
          }
        }
        #pragma unroll
        for (int g = 0; g < 32; g += 4) {
          const mt_i64 i0 = v99[g];
          if ((true && v21[g])) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) u.e[k] = v82[g + k];
            #pragma unroll
            for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
          }
        }
      } else {
      }
      bool v101[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v101[s] = v91;
      float v103[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v103[s] = (v101[s] ? v28[s] : v81[s]);
      float v107[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v107[s] = (v101[s] ? v28[s] : v82[s]);
      float y3[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y3[s] = v80[s];
      float y4[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y4[s] = v103[s];
      float y5[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y5[s] = v107[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v33[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v34[s] = y4[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v35[s] = y5[s];
    }
    float v108[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v108[s] = v33[s];
    float v109[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v109[s] = v34[s];
    float v110[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v110[s] = v35[s];
    mt_i64 v112 = (mt_i64)(v9);
    mt_i64 v113 = (mt_i64)(v0);
    mt_i64 v114 = (v112 * v113);
    mt_i64 v115[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v115[s] = v114;
    mt_i64 v116[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v116[s] = (v115[s] + v23[s]);
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v116[g];
      if ((true && v21[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v108[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p9;
    int v1 = p10;
    int v2 = p11;
    int v3 = p12;
    int v4 = p13;
    int v5 = p14;
    int v6 = p15;
    float v8 = p17;
    int v9 = (int)blockIdx.x;
    int v10 = (int)((v6 == 0 ? 0 : v9 % v6));
    int v11 = (int)((v6 == 0 ? 0 : v9 / v6));
    int v12 = (int)((v11 * v5));
    int v13 = (int)((v10 * v2));
    int v14 = (int)((v12 + v13));
    int v15 = (int)((v14 + v2));
    int v16 = (int)((v12 + v5));
    int v17 = (int)((v15 < v16 ? v15 : v16));
    int v18 = (int)((v17 < v1 ? v17 : v1));
    int v19[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v19[s] = (int)(0 + MT_FLAT(s));
    int v20[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v20[s] = v0;
    bool v21[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v21[s] = (v19[s] < v20[s]);
    float v22 = (float)(v0);
    mt_i64 v23[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v23[s] = (mt_i64)(v19[s]);
    float v24 = 0.0f;
    float v25[32];
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v23[g];
      if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v25[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v25[s] = (true && v21[s]) ? p1[i0 + k] : v24; }
      }
    }
    float v26[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v26[s] = v8;
    float v27[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v27[s] = (v25[s] + v26[s]);
    float v28[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v28[s] = 0.0f;
    int v31 = 1;
    float v33[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v33[s] = v28[s];
    float v34[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v34[s] = v28[s];
    float v35[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v35[s] = v28[s];
    for (int v32 = v14; v32 < v18; v32 += v31) {
      int v36 = (int)((v3 == 0 ? 0 : v32 / v3));
      mt_i64 v38 = (mt_i64)(v32);
      mt_i64 v39 = (mt_i64)(v0);
      mt_i64 v40 = (v38 * v39);
      mt_i64 v41[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v41[s] = v40;
      mt_i64 v42[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v42[s] = (v41[s] + v23[s]);
      mt_i64 v44 = (mt_i64)(v36);
      mt_i64 v46 = (v44 * v39);
      mt_i64 v47[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v47[s] = v46;
      mt_i64 v48[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v48[s] = (v47[s] + v23[s]);
      float v50[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = mt_ld_evict_last((const uint4*)(p0 + i0) + q);
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v50[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v50[s] = (true && v21[s]) ? p0[i0 + k] : v24; }
        }
      }
      float v52[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v52[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v52[s] = (true && v21[s]) ? p3[i0 + k] : v24; }
        }
      }
      float v54[32];
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v48[g];
        if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; v54[s] = (true && v21[s]) ? p2[i0 + k] : v24; }
        }
      }
      float v56[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v56[s] = 1.0f;
      float v57[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v57[s] = (v56[s] + v54[s]);
      float v59 = true ? p4[v38] : 0;
      float v60[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v60[s] = (v52[s] * v57[s]);
      float v61[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v61[s] = (v60[s] * v27[s]);
      float v62[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v62[s] = (v50[s] * v61[s]);
      mt_round ^= 1;
      float acc7 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 32; ++s) if (true) acc7 = (acc7 + v62[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 128))[mt_warp] = acc7;
      __syncthreads();
      acc7 = ((float*)(mt_smem + mt_round * 128))[0]; for (int w = 1; w < 4; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 128))[w]);
      float v63 = acc7;
      float v64 = (v59 * v63);
      float v65 = mt_div(v64, v22);
      float v68[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v68[s] = v59;
      float v69[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v69[s] = (v50[s] * v68[s]);
      float v70[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v70[s] = v65;
      float v71[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v71[s] = (v69[s] * v70[s]);
      float v72[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v72[s] = (v61[s] - v71[s]);
      float v74[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v74[s] = (v72[s] * v68[s]);
      #pragma unroll
      for (int g = 0; g < 32; g += 4) {
        const mt_i64 i0 = v42[g];
        if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
          union { uint4 w[1]; float e[4]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = v74[g + k];
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p5 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v21[s]) p5[i0 + k] = v74[s]; }
        }
      }
      float v77[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v77[s] = (v69[s] * v27[s]);
      float v78[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v78[s] = (v60[s] * v69[s]);
      float v79[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v79[s] = (v52[s] * v77[s]);
      float v80[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v80[s] = (v33[s] + v78[s]);
      float v81[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v81[s] = (v34[s] + v79[s]);
      float v82[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v82[s] = (v35[s] + v52[s]);
      int v84 = (int)((v32 + v31));
      bool v85 = (v84 == v18);
      int v88 = (int)((v3 == 0 ? 0 : v84 % v3));
      int v89 = 0;
      bool v90 = (v88 == v89);
      bool v91 = (v90 || v85);
      int v92 = (int)((v10 * v4));
      int v93 = (int)((v92 + v36));
      mt_i64 v95 = (mt_i64)(v93);
      mt_i64 v97 = (v95 * v39);
      mt_i64 v98[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v98[s] = v97;
      mt_i64 v99[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v99[s] = (v98[s] + v23[s]);
      if (v91) {
        #pragma unroll
        for (int g = 0; g < 32; g += 4) {
          const mt_i64 i0 = v99[g];
          if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) u.e[k] = v81[g + k];
            #pragma unroll
            for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v21[s]) p7[i0 + k] = v81[s]; }
          }
        }
        #pragma unroll
        for (int g = 0; g < 32; g += 4) {
          const mt_i64 i0 = v99[g];
          if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
            union { uint4 w[1]; float e[4]; } u;
            #pragma unroll
            for (int k = 0; k < MT_VEC; ++k) u.e[k] = v82[g + k];
            #pragma unroll
            for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
          } else {
            #pragma unroll
            for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v21[s]) p8[i0 + k] = v82[s]; }
          }
        }
      } else {
      }
      bool v101[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v101[s] = v91;
      float v103[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v103[s] = (v101[s] ? v28[s] : v81[s]);
      float v107[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v107[s] = (v101[s] ? v28[s] : v82[s]);
      float y8[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y8[s] = v80[s];
      float y9[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y9[s] = v103[s];
      float y10[32];
      #pragma unroll
      for (int s = 0; s < 32; ++s) y10[s] = v107[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v33[s] = y8[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v34[s] = y9[s];
      #pragma unroll
      for (int s = 0; s < 32; ++s) v35[s] = y10[s];
    }
    float v108[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v108[s] = v33[s];
    float v109[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v109[s] = v34[s];
    float v110[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v110[s] = v35[s];
    mt_i64 v112 = (mt_i64)(v9);
    mt_i64 v113 = (mt_i64)(v0);
    mt_i64 v114 = (v112 * v113);
    mt_i64 v115[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v115[s] = v114;
    mt_i64 v116[32];
    #pragma unroll
    for (int s = 0; s < 32; ++s) v116[s] = (v115[s] + v23[s]);
    #pragma unroll
    for (int g = 0; g < 32; g += 4) {
      const mt_i64 i0 = v116[g];
      if ((true && v21[g + 0]) && (true && v21[g + 1]) && (true && v21[g + 2]) && (true && v21[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v108[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p6 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v21[s]) p6[i0 + k] = v108[s]; }
      }
    }
  }
}
