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
extern "C" __global__ void __launch_bounds__(256) mt_fused_ce_tvd_fwd(const float* __restrict__ p0, const float* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, int p8, mt_i64 p9) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
  if (mt_fast) {
    int v0 = p8;
    mt_i64 v1 = p9;
    int v2 = (int)blockIdx.x;
    mt_i64 v3 = (mt_i64)(v2);
    int v4[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v4[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (v3 * v6);
    mt_i64 v8 = true ? p2[v3] : 0;
    bool v9 = (v8 != v1);
    int v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = v0;
    bool v11[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v11[s] = (v4[s] < v10[s]);
    mt_i64 v12[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v12[s] = (mt_i64)(v4[s]);
    mt_i64 v13[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v13[s] = v7;
    mt_i64 v14[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v14[s] = (v13[s] + v12[s]);
    float v15 = __int_as_float(0xff800000);
    float v16[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v14[g];
      if ((true && v11[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v16[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v16[g + k] = v15; }
      }
    }
    float v18[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v14[g];
      if ((true && v11[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v18[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v18[g + k] = v15; }
      }
    }
    mt_round ^= 1;
    float acc1 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc1 = mt_maxf(acc1, v16[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc1, o); acc1 = mt_maxf(acc1, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc2 = mt_maxf(acc2, v18[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc2;
    __syncthreads();
    acc1 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc1 = mt_maxf(acc1, ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v19 = acc1;
    acc2 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v20 = acc2;
    float v21[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v21[s] = v19;
    float v22[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v22[s] = (v16[s] - v21[s]);
    float v23[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v23[s] = mt_exp(v22[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc3 = (acc3 + v23[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc3;
    float v27[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v27[s] = v20;
    float v28[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v28[s] = (v18[s] - v27[s]);
    float v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = mt_exp(v28[s]);
    float acc4 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v29[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v24 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v30 = acc4;
    float v25 = logf(v24);
    float v26 = (v19 + v25);
    float v31 = logf(v30);
    float v32 = (v20 + v31);
    float v33[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v33[s] = v26;
    float v34[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v34[s] = (v16[s] - v33[s]);
    float v35[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v35[s] = mt_exp(v34[s]);
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = v32;
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = (v18[s] - v36[s]);
    float v38[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v38[s] = mt_exp(v37[s]);
    float v39[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v39[s] = (v35[s] - v38[s]);
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = fabsf(v39[s]);
    bool v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = (v35[s] > v38[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = (float)(v41[s]);
    bool v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v35[s] < v38[s]);
    float v44[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v44[s] = (float)(v43[s]);
    float v45[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v45[s] = (v42[s] - v44[s]);
    float v46[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v46[s] = (v35[s] * v45[s]);
    mt_round ^= 1;
    float acc5 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc5 = (acc5 + v40[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc5, o); acc5 = (acc5 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc5;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc6 = (acc6 + v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc6;
    __syncthreads();
    acc5 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc5 = (acc5 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v47 = acc5;
    acc6 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v48 = acc6;
    mt_i64 v49 = (v7 + v8);
    float v50 = 0.0f;
    float v51 = v9 ? p0[v49] : v50;
    float v52 = (v26 - v51);
    float v54 = (v9 ? v52 : v50);
    if (mt_tid == 0) p3[v3] = v54;
    float v55 = 0.5f;
    float v56 = (v47 * v55);
    float v58 = (v9 ? v56 : v50);
    if (mt_tid == 0) p4[v3] = v58;
    if (mt_tid == 0) p5[v3] = v26;
    if (mt_tid == 0) p6[v3] = v32;
    if (mt_tid == 0) p7[v3] = v48;
  } else {
    int v0 = p8;
    mt_i64 v1 = p9;
    int v2 = (int)blockIdx.x;
    mt_i64 v3 = (mt_i64)(v2);
    int v4[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v4[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v6 = (mt_i64)(v0);
    mt_i64 v7 = (v3 * v6);
    mt_i64 v8 = true ? p2[v3] : 0;
    bool v9 = (v8 != v1);
    int v10[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v10[s] = v0;
    bool v11[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v11[s] = (v4[s] < v10[s]);
    mt_i64 v12[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v12[s] = (mt_i64)(v4[s]);
    mt_i64 v13[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v13[s] = v7;
    mt_i64 v14[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v14[s] = (v13[s] + v12[s]);
    float v15 = __int_as_float(0xff800000);
    float v16[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v14[g];
      if ((true && v11[g + 0]) && (true && v11[g + 1]) && (true && v11[g + 2]) && (true && v11[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v16[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v16[s] = (true && v11[s]) ? p0[i0 + k] : v15; }
      }
    }
    float v18[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 4) {
      const mt_i64 i0 = v14[g];
      if ((true && v11[g + 0]) && (true && v11[g + 1]) && (true && v11[g + 2]) && (true && v11[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v18[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v18[s] = (true && v11[s]) ? p1[i0 + k] : v15; }
      }
    }
    mt_round ^= 1;
    float acc7 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc7 = mt_maxf(acc7, v16[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = mt_maxf(acc7, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc7;
    float acc8 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc8 = mt_maxf(acc8, v18[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = mt_maxf(acc8, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc7 = mt_maxf(acc7, ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v19 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc8 = mt_maxf(acc8, ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v20 = acc8;
    float v21[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v21[s] = v19;
    float v22[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v22[s] = (v16[s] - v21[s]);
    float v23[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v23[s] = mt_exp(v22[s]);
    mt_round ^= 1;
    float acc9 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc9 = (acc9 + v23[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc9, o); acc9 = (acc9 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc9;
    float v27[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v27[s] = v20;
    float v28[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v28[s] = (v18[s] - v27[s]);
    float v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = mt_exp(v28[s]);
    float acc10 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc10 = (acc10 + v29[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc10;
    __syncthreads();
    acc9 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc9 = (acc9 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v24 = acc9;
    acc10 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v30 = acc10;
    float v25 = logf(v24);
    float v26 = (v19 + v25);
    float v31 = logf(v30);
    float v32 = (v20 + v31);
    float v33[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v33[s] = v26;
    float v34[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v34[s] = (v16[s] - v33[s]);
    float v35[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v35[s] = mt_exp(v34[s]);
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = v32;
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = (v18[s] - v36[s]);
    float v38[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v38[s] = mt_exp(v37[s]);
    float v39[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v39[s] = (v35[s] - v38[s]);
    float v40[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v40[s] = fabsf(v39[s]);
    bool v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = (v35[s] > v38[s]);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = (float)(v41[s]);
    bool v43[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v43[s] = (v35[s] < v38[s]);
    float v44[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v44[s] = (float)(v43[s]);
    float v45[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v45[s] = (v42[s] - v44[s]);
    float v46[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v46[s] = (v35[s] * v45[s]);
    mt_round ^= 1;
    float acc11 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc11 = (acc11 + v40[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc11, o); acc11 = (acc11 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc11;
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc12 = (acc12 + v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc12;
    __syncthreads();
    acc11 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc11 = (acc11 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v47 = acc11;
    acc12 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v48 = acc12;
    mt_i64 v49 = (v7 + v8);
    float v50 = 0.0f;
    float v51 = v9 ? p0[v49] : v50;
    float v52 = (v26 - v51);
    float v54 = (v9 ? v52 : v50);
    if (mt_tid == 0) p3[v3] = v54;
    float v55 = 0.5f;
    float v56 = (v47 * v55);
    float v58 = (v9 ? v56 : v50);
    if (mt_tid == 0) p4[v3] = v58;
    if (mt_tid == 0) p5[v3] = v26;
    if (mt_tid == 0) p6[v3] = v32;
    if (mt_tid == 0) p7[v3] = v48;
  }
}
