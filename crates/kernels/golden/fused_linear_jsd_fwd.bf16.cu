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
#define MT_THREADS 1024
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(1024) mt_fused_linear_jsd_fwd(mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, int p4, mt_i64 p5, mt_i64 p6, float p7, float p8, float p9, float p10) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[2048];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
  if (mt_fast) {
    int v0 = p4;
    mt_i64 v1 = p5;
    mt_i64 v2 = p6;
    float v3 = p7;
    float v4 = p8;
    float v5 = p9;
    float v6 = p10;
    int v7 = (int)blockIdx.x;
    mt_i64 v8 = (mt_i64)(v7);
    mt_i64 v9 = (v8 + v1);
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v8 * v12);
    mt_i64 v14 = true ? p2[v9] : 0;
    bool v15 = (v14 != v2);
    int v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = v0;
    bool v17[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v17[s] = (v10[s] < v16[s]);
    mt_i64 v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (mt_i64)(v10[s]);
    mt_i64 v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = v13;
    mt_i64 v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = (v19[s] + v18[s]);
    float v21 = 0.0f;
    float v22[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g) < 4096 && v17[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v22[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v22[g + k] = v21; }
      }
    }
    float v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v22[s];
    float v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = v3;
    float v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = mt_div(v23[s], v24[s]);
    float v27[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g) < 4096 && v17[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v27[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v27[g + k] = v21; }
      }
    }
    float v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = v27[s];
    float v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = mt_div(v28[s], v24[s]);
    float v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = __int_as_float(0xff800000);
    float v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (v17[s] ? v25[s] : v32[s]);
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc2 = mt_maxf(acc2, v33[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v34 = acc2;
    float v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = v34;
    float v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v33[s] - v35[s]);
    float v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = mt_exp(v36[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc3 = (acc3 + v37[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc3;
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v17[s] ? v30[s] : v32[s]);
    float acc4 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc4 = mt_maxf(acc4, v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = mt_maxf(acc4, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v38 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc4 = mt_maxf(acc4, ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v44 = acc4;
    float v39 = logf(v38);
    float v40 = (v34 + v39);
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v44;
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v43[s] - v45[s]);
    float v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = mt_exp(v46[s]);
    mt_round ^= 1;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc6 = (acc6 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v48 = acc6;
    float v49 = logf(v48);
    float v50 = (v44 + v49);
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v40;
    float v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = (v25[s] - v51[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = v50;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (v30[s] - v53[s]);
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = mt_maxf(v52[s], v54[s]);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v54[s] - v55[s]);
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = mt_exp(v56[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v4;
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v57[s] * v58[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = (v52[s] - v55[s]);
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = mt_exp(v60[s]);
    float v62 = 1.0f;
    float v63 = (v62 - v4);
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = v63;
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = (v61[s] * v64[s]);
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = (v59[s] + v65[s]);
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = logf(v66[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v55[s] + v67[s]);
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = mt_exp(v54[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v54[s] - v68[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v69[s] * v70[s]);
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (v71[s] * v58[s]);
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = mt_exp(v52[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v52[s] - v68[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] * v75[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v76[s] * v64[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (v73[s] + v80[s]);
    float v82 = 0.0f;
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = 0.0f;
    float v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v17[s] ? v81[s] : v83[s]);
    float v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (v17[s] ? v80[s] : v83[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc7 = (acc7 + v84[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc7;
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc8 = (acc8 + v108[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v109 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v110 = acc8;
    float v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = v110;
    float v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = (v74[s] * v137[s]);
    float v139[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v139[s] = (v80[s] - v138[s]);
    float v140[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v140[s] = v6;
    float v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = (v139[s] * v140[s]);
    bool v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = v15;
    float v145[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v145[s] = (v143[s] ? v141[s] : v83[s]);
    float v146[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v146[s] = mt_round_bf16(v145[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g) < 4096 && v17[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v145[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v147 = (v109 * v5);
    float v149 = (v15 ? v147 : v82);
    if (mt_tid == 0) p3[v9] = v149;
  } else {
    int v0 = p4;
    mt_i64 v1 = p5;
    mt_i64 v2 = p6;
    float v3 = p7;
    float v4 = p8;
    float v5 = p9;
    float v6 = p10;
    int v7 = (int)blockIdx.x;
    mt_i64 v8 = (mt_i64)(v7);
    mt_i64 v9 = (v8 + v1);
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v8 * v12);
    mt_i64 v14 = true ? p2[v9] : 0;
    bool v15 = (v14 != v2);
    int v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = v0;
    bool v17[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v17[s] = (v10[s] < v16[s]);
    mt_i64 v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (mt_i64)(v10[s]);
    mt_i64 v19[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v19[s] = v13;
    mt_i64 v20[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v20[s] = (v19[s] + v18[s]);
    float v21 = 0.0f;
    float v22[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g + 0) < 4096 && v17[g + 0]) && (MT_FLAT(g + 1) < 4096 && v17[g + 1]) && (MT_FLAT(g + 2) < 4096 && v17[g + 2]) && (MT_FLAT(g + 3) < 4096 && v17[g + 3]) && (MT_FLAT(g + 4) < 4096 && v17[g + 4]) && (MT_FLAT(g + 5) < 4096 && v17[g + 5]) && (MT_FLAT(g + 6) < 4096 && v17[g + 6]) && (MT_FLAT(g + 7) < 4096 && v17[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v22[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v22[s] = (MT_FLAT(s) < 4096 && v17[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v21; }
      }
    }
    float v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v22[s];
    float v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = v3;
    float v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = mt_div(v23[s], v24[s]);
    float v27[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g + 0) < 4096 && v17[g + 0]) && (MT_FLAT(g + 1) < 4096 && v17[g + 1]) && (MT_FLAT(g + 2) < 4096 && v17[g + 2]) && (MT_FLAT(g + 3) < 4096 && v17[g + 3]) && (MT_FLAT(g + 4) < 4096 && v17[g + 4]) && (MT_FLAT(g + 5) < 4096 && v17[g + 5]) && (MT_FLAT(g + 6) < 4096 && v17[g + 6]) && (MT_FLAT(g + 7) < 4096 && v17[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v27[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v27[s] = (MT_FLAT(s) < 4096 && v17[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v21; }
      }
    }
    float v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = v27[s];
    float v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = mt_div(v28[s], v24[s]);
    float v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = __int_as_float(0xff800000);
    float v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (v17[s] ? v25[s] : v32[s]);
    mt_round ^= 1;
    float acc10 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc10 = mt_maxf(acc10, v33[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = mt_maxf(acc10, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc10;
    __syncthreads();
    acc10 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc10 = mt_maxf(acc10, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v34 = acc10;
    float v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = v34;
    float v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v33[s] - v35[s]);
    float v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v37[s] = mt_exp(v36[s]);
    mt_round ^= 1;
    float acc11 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc11 = (acc11 + v37[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc11, o); acc11 = (acc11 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc11;
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v17[s] ? v30[s] : v32[s]);
    float acc12 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc12 = mt_maxf(acc12, v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = mt_maxf(acc12, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc12;
    __syncthreads();
    acc11 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc11 = (acc11 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v38 = acc11;
    acc12 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc12 = mt_maxf(acc12, ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v44 = acc12;
    float v39 = logf(v38);
    float v40 = (v34 + v39);
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v44;
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v43[s] - v45[s]);
    float v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = mt_exp(v46[s]);
    mt_round ^= 1;
    float acc14 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc14 = (acc14 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc14;
    __syncthreads();
    acc14 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v48 = acc14;
    float v49 = logf(v48);
    float v50 = (v44 + v49);
    float v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v40;
    float v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = (v25[s] - v51[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = v50;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (v30[s] - v53[s]);
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = mt_maxf(v52[s], v54[s]);
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (v54[s] - v55[s]);
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = mt_exp(v56[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v4;
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v57[s] * v58[s]);
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = (v52[s] - v55[s]);
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = mt_exp(v60[s]);
    float v62 = 1.0f;
    float v63 = (v62 - v4);
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = v63;
    float v65[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v65[s] = (v61[s] * v64[s]);
    float v66[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v66[s] = (v59[s] + v65[s]);
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = logf(v66[s]);
    float v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (v55[s] + v67[s]);
    float v69[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v69[s] = mt_exp(v54[s]);
    float v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v54[s] - v68[s]);
    float v71[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v71[s] = (v69[s] * v70[s]);
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (v71[s] * v58[s]);
    float v74[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v74[s] = mt_exp(v52[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v52[s] - v68[s]);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v74[s] * v75[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v76[s] * v64[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (v73[s] + v80[s]);
    float v82 = 0.0f;
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = 0.0f;
    float v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v17[s] ? v81[s] : v83[s]);
    float v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = (v17[s] ? v80[s] : v83[s]);
    mt_round ^= 1;
    float acc15 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc15 = (acc15 + v84[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc15, o); acc15 = (acc15 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc15;
    float acc16 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc16 = (acc16 + v108[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = (acc16 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc16;
    __syncthreads();
    acc15 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc15 = (acc15 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v109 = acc15;
    acc16 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc16 = (acc16 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v110 = acc16;
    float v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = v110;
    float v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = (v74[s] * v137[s]);
    float v139[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v139[s] = (v80[s] - v138[s]);
    float v140[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v140[s] = v6;
    float v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = (v139[s] * v140[s]);
    bool v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = v15;
    float v145[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v145[s] = (v143[s] ? v141[s] : v83[s]);
    float v146[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v146[s] = mt_round_bf16(v145[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v20[g];
      if ((MT_FLAT(g + 0) < 4096 && v17[g + 0]) && (MT_FLAT(g + 1) < 4096 && v17[g + 1]) && (MT_FLAT(g + 2) < 4096 && v17[g + 2]) && (MT_FLAT(g + 3) < 4096 && v17[g + 3]) && (MT_FLAT(g + 4) < 4096 && v17[g + 4]) && (MT_FLAT(g + 5) < 4096 && v17[g + 5]) && (MT_FLAT(g + 6) < 4096 && v17[g + 6]) && (MT_FLAT(g + 7) < 4096 && v17[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v145[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4096 && v17[s]) p0[i0 + k] = mt_f32_to_bf16(v145[s]); }
      }
    }
    float v147 = (v109 * v5);
    float v149 = (v15 ? v147 : v82);
    if (mt_tid == 0) p3[v9] = v149;
  }
}
