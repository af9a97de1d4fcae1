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
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(1024) mt_fused_linear_kl_div_fwd(float* __restrict__ p0, const float* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, int p4, mt_i64 p5, mt_i64 p6, float p7, float p8, float p9, float p10) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[2048];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
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
    mt_i64 v10 = (mt_i64)(v0);
    mt_i64 v11 = (v1 * v10);
    int v12[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v15 = (v8 * v10);
    mt_i64 v16 = true ? p2[v9] : 0;
    bool v17 = (v16 != v2);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = v0;
    bool v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (v12[s] < v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = (mt_i64)(v12[s]);
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = v15;
    mt_i64 v22[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v22[s] = (v21[s] + v20[s]);
    float v23 = 0.0f;
    float v24[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v22[g];
      if ((true && v19[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v24[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v24[g + k] = v23; }
      }
    }
    float v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v3;
    float v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = mt_div(v24[s], v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = v11;
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = (v22[s] + v27[s]);
    float v30[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v28[g];
      if ((true && v19[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v30[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v30[g + k] = v23; }
      }
    }
    float v32[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v32[s] = __int_as_float(0xff800000);
    float v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = (v19[s] ? v26[s] : v32[s]);
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc2 = mt_maxf(acc2, v33[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v34 = acc2;
    float v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = v34;
    float v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = (v33[s] - v35[s]);
    float v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v37[s] = mt_exp(v36[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc3 = (acc3 + v37[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc3;
    float acc4 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc4 = (acc4 + v30[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v38 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v41 = acc4;
    float v39 = logf(v38);
    float v40 = (v34 + v39);
    float v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = v40;
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = (v26[s] - v42[s]);
    float v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = mt_exp(v43[s]);
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = v41;
    float v46[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v46[s] = (v44[s] * v45[s]);
    float v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v47[s] = (v46[s] - v30[s]);
    float v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = v5;
    float v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = (v47[s] * v48[s]);
    bool v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v17;
    float v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v52[s] = 0.0f;
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = (v51[s] ? v49[s] : v52[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v22[g];
      if ((true && v19[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v53[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = v6;
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_maxf(v30[s], v54[s]);
    float v56[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v56[s] = logf(v55[s]);
    float v57[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v57[s] = (v56[s] - v43[s]);
    float v58[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v58[s] = (v30[s] * v57[s]);
    float v61[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v61[s] = (v19[s] ? v58[s] : v52[s]);
    mt_round ^= 1;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc6 = (acc6 + v61[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v62 = acc6;
    float v63 = (v62 * v4);
    float v65 = (v17 ? v63 : v23);
    if (mt_tid == 0) p3[v9] = v65;
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
    mt_i64 v10 = (mt_i64)(v0);
    mt_i64 v11 = (v1 * v10);
    int v12[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v15 = (v8 * v10);
    mt_i64 v16 = true ? p2[v9] : 0;
    bool v17 = (v16 != v2);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = v0;
    bool v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (v12[s] < v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = (mt_i64)(v12[s]);
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = v15;
    mt_i64 v22[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v22[s] = (v21[s] + v20[s]);
    float v23 = 0.0f;
    float v24[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v22[g];
      if ((true && v19[g + 0]) && (true && v19[g + 1]) && (true && v19[g + 2]) && (true && v19[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v24[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v24[s] = (true && v19[s]) ? p0[i0 + k] : v23; }
      }
    }
    float v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v3;
    float v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = mt_div(v24[s], v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = v11;
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = (v22[s] + v27[s]);
    float v30[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v28[g];
      if ((true && v19[g + 0]) && (true && v19[g + 1]) && (true && v19[g + 2]) && (true && v19[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v30[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v30[s] = (true && v19[s]) ? p1[i0 + k] : v23; }
      }
    }
    float v32[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v32[s] = __int_as_float(0xff800000);
    float v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = (v19[s] ? v26[s] : v32[s]);
    mt_round ^= 1;
    float acc8 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc8 = mt_maxf(acc8, v33[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = mt_maxf(acc8, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc8;
    __syncthreads();
    acc8 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc8 = mt_maxf(acc8, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v34 = acc8;
    float v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = v34;
    float v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = (v33[s] - v35[s]);
    float v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v37[s] = mt_exp(v36[s]);
    mt_round ^= 1;
    float acc9 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc9 = (acc9 + v37[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc9, o); acc9 = (acc9 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc9;
    float acc10 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc10 = (acc10 + v30[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc10;
    __syncthreads();
    acc9 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc9 = (acc9 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v38 = acc9;
    acc10 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v41 = acc10;
    float v39 = logf(v38);
    float v40 = (v34 + v39);
    float v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = v40;
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = (v26[s] - v42[s]);
    float v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = mt_exp(v43[s]);
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = v41;
    float v46[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v46[s] = (v44[s] * v45[s]);
    float v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v47[s] = (v46[s] - v30[s]);
    float v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = v5;
    float v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = (v47[s] * v48[s]);
    bool v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v17;
    float v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v52[s] = 0.0f;
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = (v51[s] ? v49[s] : v52[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v22[g];
      if ((true && v19[g + 0]) && (true && v19[g + 1]) && (true && v19[g + 2]) && (true && v19[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v53[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v19[s]) p0[i0 + k] = v53[s]; }
      }
    }
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = v6;
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_maxf(v30[s], v54[s]);
    float v56[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v56[s] = logf(v55[s]);
    float v57[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v57[s] = (v56[s] - v43[s]);
    float v58[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v58[s] = (v30[s] * v57[s]);
    float v61[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v61[s] = (v19[s] ? v58[s] : v52[s]);
    mt_round ^= 1;
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc12 = (acc12 + v61[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc12;
    __syncthreads();
    acc12 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v62 = acc12;
    float v63 = (v62 * v4);
    float v65 = (v17 ? v63 : v23);
    if (mt_tid == 0) p3[v9] = v65;
  }
}
