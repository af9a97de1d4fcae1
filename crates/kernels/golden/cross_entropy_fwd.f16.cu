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
extern "C" __global__ void __launch_bounds__(256) mt_cross_entropy_fwd(const mt_u16* __restrict__ p0, const mt_i64* __restrict__ p1, float* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, int p5, mt_i64 p6, float p7, float p8, float p9, float p10, float p11, float p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0;
  if (mt_fast) {
    int v0 = p5;
    mt_i64 v1 = p6;
    float v2 = p7;
    float v3 = p8;
    float v4 = p9;
    float v5 = p10;
    float v6 = p11;
    float v7 = p12;
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
    float v20 = v15 ? mt_f16_to_f32(p0[v18]) : v19;
    float v21 = v20;
    float v22 = mt_div(v21, v5);
    float v23 = mt_tanh(v22);
    float v24 = (v23 * v5);
    float v25 = 1.0f;
    float v26 = (v25 - v2);
    int v27[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v27[s] = v0;
    bool v28[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v28[s] = (v10[s] < v27[s]);
    mt_i64 v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = (mt_i64)(v10[s]);
    mt_i64 v30[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v30[s] = v13;
    mt_i64 v31[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v31[s] = (v30[s] + v29[s]);
    float v32 = __int_as_float(0xff800000);
    float v33[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v31[g];
      if ((true && v28[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v33[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v33[g + k] = v32; }
      }
    }
    float v34[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v34[s] = v33[s];
    float v35[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v35[s] = v5;
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = mt_div(v34[s], v35[s]);
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = mt_tanh(v36[s]);
    float v39[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v39[s] = (v37[s] * v35[s]);
    float v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = __int_as_float(0xff800000);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = (v28[s] ? v39[s] : v41[s]);
    mt_round ^= 1;
    float acc1 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc1 = mt_maxf(acc1, v42[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc1, o); acc1 = mt_maxf(acc1, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc1;
    float v49 = 0.0f;
    float v50[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v50[s] = 0.0f;
    float v51[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v51[s] = (v28[s] ? v39[s] : v50[s]);
    float acc2 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc2 = (acc2 + v51[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc2;
    __syncthreads();
    acc1 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc1 = mt_maxf(acc1, ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v43 = acc1;
    acc2 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v52 = acc2;
    float v53[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v53[s] = v43;
    float v54[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v54[s] = (v42[s] - v53[s]);
    float v55[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v55[s] = mt_exp(v54[s]);
    mt_round ^= 1;
    float acc4 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc4;
    __syncthreads();
    acc4 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256))[w]);
    float v56 = acc4;
    float v57 = logf(v56);
    float v58 = (v43 + v57);
    if (mt_tid == 0) p4[v9] = v58;
    float v59 = (v4 * v58);
    float v64 = (v59 * v58);
    float v65 = (v58 - v24);
    float v66 = (v65 * v26);
    float v67 = (v3 * v58);
    float v68 = (v66 + v67);
    float v69 = (v17 * v52);
    float v70 = (v68 - v69);
    float v71 = (v70 * v6);
    float v72 = (v64 * v7);
    float v73 = (v71 + v72);
    float v75 = (v15 ? v73 : v49);
    if (mt_tid == 0) p2[v9] = v75;
    float v78 = (v15 ? v72 : v49);
    if (mt_tid == 0) p3[v9] = v78;
  } else {
    int v0 = p5;
    mt_i64 v1 = p6;
    float v2 = p7;
    float v3 = p8;
    float v4 = p9;
    float v5 = p10;
    float v6 = p11;
    float v7 = p12;
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
    float v20 = v15 ? mt_f16_to_f32(p0[v18]) : v19;
    float v21 = v20;
    float v22 = mt_div(v21, v5);
    float v23 = mt_tanh(v22);
    float v24 = (v23 * v5);
    float v25 = 1.0f;
    float v26 = (v25 - v2);
    int v27[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v27[s] = v0;
    bool v28[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v28[s] = (v10[s] < v27[s]);
    mt_i64 v29[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v29[s] = (mt_i64)(v10[s]);
    mt_i64 v30[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v30[s] = v13;
    mt_i64 v31[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v31[s] = (v30[s] + v29[s]);
    float v32 = __int_as_float(0xff800000);
    float v33[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v31[g];
      if ((true && v28[g + 0]) && (true && v28[g + 1]) && (true && v28[g + 2]) && (true && v28[g + 3]) && (true && v28[g + 4]) && (true && v28[g + 5]) && (true && v28[g + 6]) && (true && v28[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v33[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v33[s] = (true && v28[s]) ? mt_f16_to_f32(p0[i0 + k]) : v32; }
      }
    }
    float v34[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v34[s] = v33[s];
    float v35[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v35[s] = v5;
    float v36[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v36[s] = mt_div(v34[s], v35[s]);
    float v37[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v37[s] = mt_tanh(v36[s]);
    float v39[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v39[s] = (v37[s] * v35[s]);
    float v41[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v41[s] = __int_as_float(0xff800000);
    float v42[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v42[s] = (v28[s] ? v39[s] : v41[s]);
    mt_round ^= 1;
    float acc5 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc5 = mt_maxf(acc5, v42[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc5, o); acc5 = mt_maxf(acc5, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc5;
    float v49 = 0.0f;
    float v50[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v50[s] = 0.0f;
    float v51[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v51[s] = (v28[s] ? v39[s] : v50[s]);
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc6 = (acc6 + v51[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc6;
    __syncthreads();
    acc5 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc5 = mt_maxf(acc5, ((float*)(mt_smem + mt_round * 256 + 0))[w]);
    float v43 = acc5;
    acc6 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
    float v52 = acc6;
    float v53[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v53[s] = v43;
    float v54[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v54[s] = (v42[s] - v53[s]);
    float v55[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v55[s] = mt_exp(v54[s]);
    mt_round ^= 1;
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 16; ++s) if (true) acc8 = (acc8 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc8;
    __syncthreads();
    acc8 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 256))[w]);
    float v56 = acc8;
    float v57 = logf(v56);
    float v58 = (v43 + v57);
    if (mt_tid == 0) p4[v9] = v58;
    float v59 = (v4 * v58);
    float v64 = (v59 * v58);
    float v65 = (v58 - v24);
    float v66 = (v65 * v26);
    float v67 = (v3 * v58);
    float v68 = (v66 + v67);
    float v69 = (v17 * v52);
    float v70 = (v68 - v69);
    float v71 = (v70 * v6);
    float v72 = (v64 * v7);
    float v73 = (v71 + v72);
    float v75 = (v15 ? v73 : v49);
    if (mt_tid == 0) p2[v9] = v75;
    float v78 = (v15 ? v72 : v49);
    if (mt_tid == 0) p3[v9] = v78;
  }
}
