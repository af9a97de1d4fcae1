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
extern "C" __global__ void __launch_bounds__(256) mt_cross_entropy_fwd(const float* __restrict__ p0, const mt_i64* __restrict__ p1, const float* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, float* __restrict__ p5, int p6, mt_i64 p7, float p8, float p9, float p10, float p11, float p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
  if (mt_fast) {
    int v0 = p6;
    mt_i64 v1 = p7;
    float v2 = p8;
    float v3 = p9;
    float v4 = p10;
    float v5 = p11;
    float v6 = p12;
    float v7 = p13;
    int v8 = (int)blockIdx.x;
    mt_i64 v9 = (mt_i64)(v8);
    int v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v9 * v12);
    mt_i64 v14 = true ? p1[v9] : 0;
    bool v15 = (v14 != v1);
    float v16 = (float)(v0);
    float v17 = mt_div(v2, v16);
    mt_i64 v18 = (v13 + v14);
    float v19 = 0.0f;
    float v20 = v15 ? p0[v18] : v19;
    float v21 = mt_div(v20, v5);
    float v22 = mt_tanh(v21);
    float v23 = (v22 * v5);
    float v24 = 1.0f;
    float v25 = (v24 - v2);
    float v27 = v15 ? p2[v14] : v19;
    float v28 = (v25 * v27);
    int v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = v0;
    bool v30[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v30[s] = (v10[s] < v29[s]);
    mt_i64 v31[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v31[s] = (mt_i64)(v10[s]);
    mt_i64 v32[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v32[s] = v13;
    mt_i64 v33[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v33[s] = (v32[s] + v31[s]);
    float v34 = __int_as_float(0xff800000);
    float v35[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v33[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v35[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v35[g + k] = v34; }
      }
    }
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = v5;
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = mt_div(v35[s], v36[s]);
    float v38[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v38[s] = mt_tanh(v37[s]);
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = (v38[s] * v36[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = __int_as_float(0xff800000);
    float v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v30[s] ? v40[s] : v42[s]);
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc2 = mt_maxf(acc2, v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 256))[w]);
    float v44 = acc2;
    float v51[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v51[s] = 0.0f;
    float v52[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v52[s] = (v30[s] ? v40[s] : v51[s]);
    float v54[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v31[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v54[g + k] = v19; }
      }
    }
    float v55[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v55[s] = (v52[s] * v54[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc3 = (acc3 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc3;
    float v57[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v57[s] = v44;
    float v58[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v58[s] = (v43[s] - v57[s]);
    float v59[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v59[s] = mt_exp(v58[s]);
    float acc4 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v56 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v60 = acc4;
    float v61 = logf(v60);
    float v62 = (v44 + v61);
    if (mt_tid == 0) p5[v9] = v62;
    float v63 = (v4 * v62);
    float v68 = (v63 * v62);
    float v69 = (v62 - v23);
    float v70 = (v69 * v28);
    float v71 = (v3 * v62);
    float v72 = (v70 + v71);
    float v73 = (v17 * v56);
    float v74 = (v72 - v73);
    float v75 = (v74 * v6);
    float v76 = (v68 * v7);
    float v77 = (v75 + v76);
    float v79 = (v15 ? v77 : v19);
    if (mt_tid == 0) p3[v9] = v79;
    float v82 = (v15 ? v76 : v19);
    if (mt_tid == 0) p4[v9] = v82;
  } else {
    int v0 = p6;
    mt_i64 v1 = p7;
    float v2 = p8;
    float v3 = p9;
    float v4 = p10;
    float v5 = p11;
    float v6 = p12;
    float v7 = p13;
    int v8 = (int)blockIdx.x;
    mt_i64 v9 = (mt_i64)(v8);
    int v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v9 * v12);
    mt_i64 v14 = true ? p1[v9] : 0;
    bool v15 = (v14 != v1);
    float v16 = (float)(v0);
    float v17 = mt_div(v2, v16);
    mt_i64 v18 = (v13 + v14);
    float v19 = 0.0f;
    float v20 = v15 ? p0[v18] : v19;
    float v21 = mt_div(v20, v5);
    float v22 = mt_tanh(v21);
    float v23 = (v22 * v5);
    float v24 = 1.0f;
    float v25 = (v24 - v2);
    float v27 = v15 ? p2[v14] : v19;
    float v28 = (v25 * v27);
    int v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = v0;
    bool v30[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v30[s] = (v10[s] < v29[s]);
    mt_i64 v31[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v31[s] = (mt_i64)(v10[s]);
    mt_i64 v32[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v32[s] = v13;
    mt_i64 v33[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v33[s] = (v32[s] + v31[s]);
    float v34 = __int_as_float(0xff800000);
    float v35[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v33[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v35[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v35[s] = (true && v30[s]) ? p0[i0 + k] : v34; }
      }
    }
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = v5;
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = mt_div(v35[s], v36[s]);
    float v38[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v38[s] = mt_tanh(v37[s]);
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = (v38[s] * v36[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = __int_as_float(0xff800000);
    float v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v30[s] ? v40[s] : v42[s]);
    mt_round ^= 1;
    float acc6 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc6 = mt_maxf(acc6, v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = mt_maxf(acc6, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc6 = mt_maxf(acc6, ((float*)(mt_smem + mt_round * 256))[w]);
    float v44 = acc6;
    float v51[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v51[s] = 0.0f;
    float v52[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v52[s] = (v30[s] ? v40[s] : v51[s]);
    float v54[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v31[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v54[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v54[s] = (true && v30[s]) ? p2[i0 + k] : v19; }
      }
    }
    float v55[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v55[s] = (v52[s] * v54[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc7 = (acc7 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc7;
    float v57[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v57[s] = v44;
    float v58[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v58[s] = (v43[s] - v57[s]);
    float v59[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v59[s] = mt_exp(v58[s]);
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v56 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v60 = acc8;
    float v61 = logf(v60);
    float v62 = (v44 + v61);
    if (mt_tid == 0) p5[v9] = v62;
    float v63 = (v4 * v62);
    float v68 = (v63 * v62);
    float v69 = (v62 - v23);
    float v70 = (v69 * v28);
    float v71 = (v3 * v62);
    float v72 = (v70 + v71);
    float v73 = (v17 * v56);
    float v74 = (v72 - v73);
    float v75 = (v74 * v6);
    float v76 = (v68 * v7);
    float v77 = (v75 + v76);
    float v79 = (v15 ? v77 : v19);
    if (mt_tid == 0) p3[v9] = v79;
    float v82 = (v15 ? v76 : v19);
    if (mt_tid == 0) p4[v9] = v82;
  }
}
