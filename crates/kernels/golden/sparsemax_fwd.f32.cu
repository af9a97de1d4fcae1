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
extern "C" __global__ void __launch_bounds__(256) mt_sparsemax_fwd(const float* __restrict__ p0, float* __restrict__ p1, int p2) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p2 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
  if (mt_fast) {
    int v0 = p2;
    int v1[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v1[s] = (int)(0 + MT_FLAT(s));
    int v2 = (int)blockIdx.x;
    mt_i64 v3 = (mt_i64)(v2);
    mt_i64 v4 = (mt_i64)(v0);
    mt_i64 v5 = (v3 * v4);
    int v6[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v6[s] = v0;
    bool v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (v1[s] < v6[s]);
    mt_i64 v8[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v8[s] = (mt_i64)(v1[s]);
    mt_i64 v9[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v9[s] = v5;
    mt_i64 v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = (v9[s] + v8[s]);
    float v11 = __int_as_float(0xff800000);
    float v12[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v12[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v12[g + k] = v11; }
      }
    }
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc2 = mt_maxf(acc2, v12[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 256))[w]);
    float v13 = acc2;
    float v14 = -1.0f;
    float v15 = 0.0f;
    int v16 = 0;
    int v17 = 24;
    int v18 = 1;
    float v20;
    v20 = v14;
    float v21;
    v21 = v15;
    for (int v19 = v16; v19 < v17; v19 += v18) {
      float v22 = (v20 + v21);
      float v23 = 0.5f;
      float v24 = (v22 * v23);
      float v25[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v25[s] = v13;
      float v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = (v12[s] - v25[s]);
      float v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = v24;
      float v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = (v26[s] - v27[s]);
      float v30[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v30[s] = 0.0f;
      float v31[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v31[s] = mt_maxf(v28[s], v30[s]);
      mt_round ^= 1;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
      __syncthreads();
      acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v32 = acc4;
      float v33 = 1.0f;
      bool v34 = (v32 >= v33);
      float v35 = (v34 ? v24 : v20);
      float v36 = (v34 ? v21 : v24);
      float y5 = v35;
      float y6 = v36;
      v20 = y5;
      v21 = y6;
    }
    float v37;
    v37 = v20;
    float v38;
    v38 = v21;
    float v39 = 1.0f;
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = v13;
    float v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = (v12[s] - v40[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = v37;
    bool v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v41[s] > v42[s]);
    float v45[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v45[s] = 1.0f;
    float v46[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v46[s] = 0.0f;
    float v47[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v47[s] = (v43[s] ? v45[s] : v46[s]);
    float v50[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v50[s] = (v43[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc7 = (acc7 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc7;
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v50[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v51 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v52 = acc8;
    float v54 = (v52 - v39);
    float v55 = mt_div(v54, v51);
    float v58[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v58[s] = v55;
    bool v59[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v59[s] = (v41[s] > v58[s]);
    float v63[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v63[s] = (v59[s] ? v45[s] : v46[s]);
    float v66[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v66[s] = (v59[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc9 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc9 = (acc9 + v63[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc9, o); acc9 = (acc9 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc9;
    float acc10 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc10 = (acc10 + v66[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc10;
    __syncthreads();
    acc9 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc9 = (acc9 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v67 = acc9;
    acc10 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v68 = acc10;
    float v70 = (v68 - v39);
    float v71 = mt_div(v70, v67);
    float v74[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v74[s] = v71;
    bool v75[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v75[s] = (v41[s] > v74[s]);
    float v79[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v79[s] = (v75[s] ? v45[s] : v46[s]);
    float v82[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v82[s] = (v75[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc11 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc11 = (acc11 + v79[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc11, o); acc11 = (acc11 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc11;
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc12 = (acc12 + v82[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc12;
    __syncthreads();
    acc11 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc11 = (acc11 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v83 = acc11;
    acc12 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v84 = acc12;
    float v86 = (v84 - v39);
    float v87 = mt_div(v86, v83);
    float v90[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v90[s] = v87;
    bool v91[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v91[s] = (v41[s] > v90[s]);
    float v95[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v95[s] = (v91[s] ? v45[s] : v46[s]);
    float v98[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v98[s] = (v91[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc13 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc13 = (acc13 + v95[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc13, o); acc13 = (acc13 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc13;
    float acc14 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc14 = (acc14 + v98[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc14;
    __syncthreads();
    acc13 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc13 = (acc13 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v99 = acc13;
    acc14 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v100 = acc14;
    float v102 = (v100 - v39);
    float v103 = mt_div(v102, v99);
    float v106[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v106[s] = v103;
    float v107[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v107[s] = (v41[s] - v106[s]);
    float v110[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v110[s] = mt_maxf(v107[s], v46[s]);
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v110[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p1 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p2;
    int v1[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v1[s] = (int)(0 + MT_FLAT(s));
    int v2 = (int)blockIdx.x;
    mt_i64 v3 = (mt_i64)(v2);
    mt_i64 v4 = (mt_i64)(v0);
    mt_i64 v5 = (v3 * v4);
    int v6[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v6[s] = v0;
    bool v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (v1[s] < v6[s]);
    mt_i64 v8[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v8[s] = (mt_i64)(v1[s]);
    mt_i64 v9[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v9[s] = v5;
    mt_i64 v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = (v9[s] + v8[s]);
    float v11 = __int_as_float(0xff800000);
    float v12[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v12[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v12[s] = (true && v7[s]) ? p0[i0 + k] : v11; }
      }
    }
    mt_round ^= 1;
    float acc16 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc16 = mt_maxf(acc16, v12[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = mt_maxf(acc16, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc16;
    __syncthreads();
    acc16 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc16 = mt_maxf(acc16, ((float*)(mt_smem + mt_round * 256))[w]);
    float v13 = acc16;
    float v14 = -1.0f;
    float v15 = 0.0f;
    int v16 = 0;
    int v17 = 24;
    int v18 = 1;
    float v20;
    v20 = v14;
    float v21;
    v21 = v15;
    for (int v19 = v16; v19 < v17; v19 += v18) {
      float v22 = (v20 + v21);
      float v23 = 0.5f;
      float v24 = (v22 * v23);
      float v25[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v25[s] = v13;
      float v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = (v12[s] - v25[s]);
      float v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = v24;
      float v28[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v28[s] = (v26[s] - v27[s]);
      float v30[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v30[s] = 0.0f;
      float v31[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v31[s] = mt_maxf(v28[s], v30[s]);
      mt_round ^= 1;
      float acc18 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc18 = (acc18 + v31[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc18, o); acc18 = (acc18 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc18;
      __syncthreads();
      acc18 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc18 = (acc18 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v32 = acc18;
      float v33 = 1.0f;
      bool v34 = (v32 >= v33);
      float v35 = (v34 ? v24 : v20);
      float v36 = (v34 ? v21 : v24);
      float y19 = v35;
      float y20 = v36;
      v20 = y19;
      v21 = y20;
    }
    float v37;
    v37 = v20;
    float v38;
    v38 = v21;
    float v39 = 1.0f;
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = v13;
    float v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = (v12[s] - v40[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = v37;
    bool v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v41[s] > v42[s]);
    float v45[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v45[s] = 1.0f;
    float v46[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v46[s] = 0.0f;
    float v47[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v47[s] = (v43[s] ? v45[s] : v46[s]);
    float v50[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v50[s] = (v43[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc21 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc21 = (acc21 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc21, o); acc21 = (acc21 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc21;
    float acc22 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc22 = (acc22 + v50[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc22, o); acc22 = (acc22 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc22;
    __syncthreads();
    acc21 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc21 = (acc21 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v51 = acc21;
    acc22 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc22 = (acc22 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v52 = acc22;
    float v54 = (v52 - v39);
    float v55 = mt_div(v54, v51);
    float v58[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v58[s] = v55;
    bool v59[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v59[s] = (v41[s] > v58[s]);
    float v63[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v63[s] = (v59[s] ? v45[s] : v46[s]);
    float v66[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v66[s] = (v59[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc23 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc23 = (acc23 + v63[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc23, o); acc23 = (acc23 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc23;
    float acc24 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc24 = (acc24 + v66[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc24, o); acc24 = (acc24 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc24;
    __syncthreads();
    acc23 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc23 = (acc23 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v67 = acc23;
    acc24 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc24 = (acc24 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v68 = acc24;
    float v70 = (v68 - v39);
    float v71 = mt_div(v70, v67);
    float v74[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v74[s] = v71;
    bool v75[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v75[s] = (v41[s] > v74[s]);
    float v79[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v79[s] = (v75[s] ? v45[s] : v46[s]);
    float v82[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v82[s] = (v75[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc25 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc25 = (acc25 + v79[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc25, o); acc25 = (acc25 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc25;
    float acc26 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc26 = (acc26 + v82[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc26, o); acc26 = (acc26 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc26;
    __syncthreads();
    acc25 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc25 = (acc25 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v83 = acc25;
    acc26 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc26 = (acc26 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v84 = acc26;
    float v86 = (v84 - v39);
    float v87 = mt_div(v86, v83);
    float v90[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v90[s] = v87;
    bool v91[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v91[s] = (v41[s] > v90[s]);
    float v95[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v95[s] = (v91[s] ? v45[s] : v46[s]);
    float v98[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v98[s] = (v91[s] ? v41[s] : v46[s]);
    mt_round ^= 1;
    float acc27 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc27 = (acc27 + v95[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc27, o); acc27 = (acc27 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc27;
    float acc28 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc28 = (acc28 + v98[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc28, o); acc28 = (acc28 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc28;
    __syncthreads();
    acc27 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc27 = (acc27 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v99 = acc27;
    acc28 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc28 = (acc28 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v100 = acc28;
    float v102 = (v100 - v39);
    float v103 = mt_div(v102, v99);
    float v106[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v106[s] = v103;
    float v107[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v107[s] = (v41[s] - v106[s]);
    float v110[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v110[s] = mt_maxf(v107[s], v46[s]);
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v10[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v110[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p1 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v7[s]) p1[i0 + k] = v110[s]; }
      }
    }
  }
}
