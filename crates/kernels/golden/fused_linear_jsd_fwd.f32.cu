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
extern "C" __global__ void __launch_bounds__(1024) mt_fused_linear_jsd_fwd(float* __restrict__ p0, const float* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, int p4, mt_i64 p5, mt_i64 p6, float p7, float p8, float p9, float p10) {
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
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v8 * v12);
    mt_i64 v14 = true ? p2[v9] : 0;
    bool v15 = (v14 != v2);
    int v16[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v16[s] = v0;
    bool v17[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v17[s] = (v10[s] < v16[s]);
    mt_i64 v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (mt_i64)(v10[s]);
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = v13;
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = (v19[s] + v18[s]);
    float v21 = 0.0f;
    float v22[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v22[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v22[g + k] = v21; }
      }
    }
    float v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v3;
    float v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = mt_div(v22[s], v23[s]);
    float v26[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v26[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v26[g + k] = v21; }
      }
    }
    float v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = mt_div(v26[s], v23[s]);
    float v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = __int_as_float(0xff800000);
    float v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = (v17[s] ? v24[s] : v30[s]);
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc2 = mt_maxf(acc2, v31[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v32 = acc2;
    float v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v32;
    float v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v31[s] - v33[s]);
    float v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = mt_exp(v34[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc3 = (acc3 + v35[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc3;
    float v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v41[s] = (v17[s] ? v28[s] : v30[s]);
    float acc4 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc4 = mt_maxf(acc4, v41[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = mt_maxf(acc4, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v36 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc4 = mt_maxf(acc4, ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v42 = acc4;
    float v37 = logf(v36);
    float v38 = (v32 + v37);
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = v42;
    float v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = (v41[s] - v43[s]);
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = mt_exp(v44[s]);
    mt_round ^= 1;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc6 = (acc6 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v46 = acc6;
    float v47 = logf(v46);
    float v48 = (v42 + v47);
    float v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = v38;
    float v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v50[s] = (v24[s] - v49[s]);
    float v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v48;
    float v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v52[s] = (v28[s] - v51[s]);
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = mt_maxf(v50[s], v52[s]);
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = (v52[s] - v53[s]);
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_exp(v54[s]);
    float v56[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v56[s] = v4;
    float v57[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v57[s] = (v55[s] * v56[s]);
    float v58[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v58[s] = (v50[s] - v53[s]);
    float v59[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v59[s] = mt_exp(v58[s]);
    float v60 = 1.0f;
    float v61 = (v60 - v4);
    float v62[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v62[s] = v61;
    float v63[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v63[s] = (v59[s] * v62[s]);
    float v64[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v64[s] = (v57[s] + v63[s]);
    float v65[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v65[s] = logf(v64[s]);
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v53[s] + v65[s]);
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v67[s] = mt_exp(v52[s]);
    float v68[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v68[s] = (v52[s] - v66[s]);
    float v69[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v69[s] = (v67[s] * v68[s]);
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = (v69[s] * v56[s]);
    float v72[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v72[s] = mt_exp(v50[s]);
    float v73[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v73[s] = (v50[s] - v66[s]);
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = (v72[s] * v73[s]);
    float v78[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v78[s] = (v74[s] * v62[s]);
    float v79[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v79[s] = (v71[s] + v78[s]);
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = 0.0f;
    float v82[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v82[s] = (v17[s] ? v79[s] : v81[s]);
    float v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = (v17[s] ? v78[s] : v81[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc7 = (acc7 + v82[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc7;
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc8 = (acc8 + v106[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v107 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v108 = acc8;
    float v135[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v135[s] = v108;
    float v136[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v136[s] = (v72[s] * v135[s]);
    float v137[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v137[s] = (v78[s] - v136[s]);
    float v138[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v138[s] = v6;
    float v139[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v139[s] = (v137[s] * v138[s]);
    bool v141[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v141[s] = v15;
    float v143[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v143[s] = (v141[s] ? v139[s] : v81[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v143[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v144 = (v107 * v5);
    float v146 = (v15 ? v144 : v21);
    if (mt_tid == 0) p3[v9] = v146;
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
    int v10[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v10[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v12 = (mt_i64)(v0);
    mt_i64 v13 = (v8 * v12);
    mt_i64 v14 = true ? p2[v9] : 0;
    bool v15 = (v14 != v2);
    int v16[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v16[s] = v0;
    bool v17[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v17[s] = (v10[s] < v16[s]);
    mt_i64 v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (mt_i64)(v10[s]);
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = v13;
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = (v19[s] + v18[s]);
    float v21 = 0.0f;
    float v22[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g + 0]) && (true && v17[g + 1]) && (true && v17[g + 2]) && (true && v17[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v22[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v22[s] = (true && v17[s]) ? p0[i0 + k] : v21; }
      }
    }
    float v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v3;
    float v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = mt_div(v22[s], v23[s]);
    float v26[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g + 0]) && (true && v17[g + 1]) && (true && v17[g + 2]) && (true && v17[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v26[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v26[s] = (true && v17[s]) ? p1[i0 + k] : v21; }
      }
    }
    float v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = mt_div(v26[s], v23[s]);
    float v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = __int_as_float(0xff800000);
    float v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = (v17[s] ? v24[s] : v30[s]);
    mt_round ^= 1;
    float acc10 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc10 = mt_maxf(acc10, v31[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = mt_maxf(acc10, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc10;
    __syncthreads();
    acc10 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc10 = mt_maxf(acc10, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v32 = acc10;
    float v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v32;
    float v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v31[s] - v33[s]);
    float v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = mt_exp(v34[s]);
    mt_round ^= 1;
    float acc11 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc11 = (acc11 + v35[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc11, o); acc11 = (acc11 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc11;
    float v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v41[s] = (v17[s] ? v28[s] : v30[s]);
    float acc12 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc12 = mt_maxf(acc12, v41[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = mt_maxf(acc12, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc12;
    __syncthreads();
    acc11 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc11 = (acc11 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v36 = acc11;
    acc12 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc12 = mt_maxf(acc12, ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v42 = acc12;
    float v37 = logf(v36);
    float v38 = (v32 + v37);
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = v42;
    float v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = (v41[s] - v43[s]);
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = mt_exp(v44[s]);
    mt_round ^= 1;
    float acc14 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc14 = (acc14 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc14;
    __syncthreads();
    acc14 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v46 = acc14;
    float v47 = logf(v46);
    float v48 = (v42 + v47);
    float v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = v38;
    float v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v50[s] = (v24[s] - v49[s]);
    float v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v48;
    float v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v52[s] = (v28[s] - v51[s]);
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = mt_maxf(v50[s], v52[s]);
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = (v52[s] - v53[s]);
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_exp(v54[s]);
    float v56[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v56[s] = v4;
    float v57[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v57[s] = (v55[s] * v56[s]);
    float v58[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v58[s] = (v50[s] - v53[s]);
    float v59[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v59[s] = mt_exp(v58[s]);
    float v60 = 1.0f;
    float v61 = (v60 - v4);
    float v62[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v62[s] = v61;
    float v63[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v63[s] = (v59[s] * v62[s]);
    float v64[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v64[s] = (v57[s] + v63[s]);
    float v65[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v65[s] = logf(v64[s]);
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v53[s] + v65[s]);
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v67[s] = mt_exp(v52[s]);
    float v68[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v68[s] = (v52[s] - v66[s]);
    float v69[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v69[s] = (v67[s] * v68[s]);
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = (v69[s] * v56[s]);
    float v72[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v72[s] = mt_exp(v50[s]);
    float v73[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v73[s] = (v50[s] - v66[s]);
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = (v72[s] * v73[s]);
    float v78[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v78[s] = (v74[s] * v62[s]);
    float v79[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v79[s] = (v71[s] + v78[s]);
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = 0.0f;
    float v82[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v82[s] = (v17[s] ? v79[s] : v81[s]);
    float v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = (v17[s] ? v78[s] : v81[s]);
    mt_round ^= 1;
    float acc15 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc15 = (acc15 + v82[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc15, o); acc15 = (acc15 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc15;
    float acc16 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc16 = (acc16 + v106[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc16, o); acc16 = (acc16 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc16;
    __syncthreads();
    acc15 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc15 = (acc15 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v107 = acc15;
    acc16 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc16 = (acc16 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v108 = acc16;
    float v135[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v135[s] = v108;
    float v136[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v136[s] = (v72[s] * v135[s]);
    float v137[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v137[s] = (v78[s] - v136[s]);
    float v138[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v138[s] = v6;
    float v139[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v139[s] = (v137[s] * v138[s]);
    bool v141[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v141[s] = v15;
    float v143[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v143[s] = (v141[s] ? v139[s] : v81[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v20[g];
      if ((true && v17[g + 0]) && (true && v17[g + 1]) && (true && v17[g + 2]) && (true && v17[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v143[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v17[s]) p0[i0 + k] = v143[s]; }
      }
    }
    float v144 = (v107 * v5);
    float v146 = (v15 ? v144 : v21);
    if (mt_tid == 0) p3[v9] = v146;
  }
}
