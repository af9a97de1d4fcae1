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
extern "C" __global__ void __launch_bounds__(1024) mt_cross_entropy_fwd_grad(mt_u16* __restrict__ p0, const mt_i64* __restrict__ p1, const mt_u16* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, float* __restrict__ p5, int p6, mt_i64 p7, float p8, float p9, float p10, float p11, float p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[2048];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
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
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
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
    float v28 = v15 ? mt_f16_to_f32(p2[v14]) : v19;
    float v29 = v28;
    float v30 = (v26 * v29);
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v0;
    bool v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v10[s] < v31[s]);
    mt_i64 v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (mt_i64)(v10[s]);
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v13;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v34[s] + v33[s]);
    float v36 = __int_as_float(0xff800000);
    float v37[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g) < 4096 && v32[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v37[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v37[g + k] = v36; }
      }
    }
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v37[s];
    float v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v5;
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = mt_div(v38[s], v39[s]);
    float v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = mt_tanh(v40[s]);
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v41[s] * v39[s]);
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = __int_as_float(0xff800000);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v32[s] ? v43[s] : v45[s]);
    mt_round ^= 1;
    float acc2 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc2 = mt_maxf(acc2, v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = mt_maxf(acc2, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc2;
    __syncthreads();
    acc2 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc2 = mt_maxf(acc2, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v47 = acc2;
    float v53 = 0.0f;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = 0.0f;
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (v32[s] ? v43[s] : v54[s]);
    float v57[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v33[g];
      if ((MT_FLAT(g) < 4096 && v32[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v57[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v57[g + k] = v19; }
      }
    }
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v57[s];
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v55[s] * v58[s]);
    mt_round ^= 1;
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc3 = (acc3 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc3;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v47;
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v46[s] - v61[s]);
    float v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = mt_exp(v62[s]);
    float acc4 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc4 = (acc4 + v63[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc4;
    __syncthreads();
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v60 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v64 = acc4;
    float v65 = logf(v64);
    float v66 = (v47 + v65);
    if (mt_tid == 0) p5[v9] = v66;
    float v67 = (v4 * v66);
    float v68 = 2.0f;
    float v69 = (v67 * v68);
    float v70 = (v69 * v7);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = v66;
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v43[s] - v76[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = mt_exp(v77[s]);
    mt_i64 v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = v14;
    bool v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v33[s] == v79[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (float)(v80[s]);
    float v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v85[s] = v17;
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = (v58[s] * v85[s]);
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v78[s] - v81[s]);
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v30;
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v88[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = v3;
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v78[s] * v90[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v89[s] + v91[s]);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v92[s] - v86[s]);
    float v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = v6;
    float v95[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v95[s] = (v93[s] * v94[s]);
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = v70;
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = (v78[s] * v96[s]);
    float v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v95[s] + v97[s]);
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = (v41[s] * v41[s]);
    float v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = 1.0f;
    float v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = (v104[s] - v102[s]);
    float v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (v98[s] * v105[s]);
    bool v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v15;
    float v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = (v108[s] ? v106[s] : v54[s]);
    float v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = mt_round_f16(v110[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g) < 4096 && v32[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v110[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v113 = (v67 * v66);
    float v114 = (v66 - v24);
    float v115 = (v114 * v30);
    float v116 = (v3 * v66);
    float v117 = (v115 + v116);
    float v118 = (v17 * v60);
    float v119 = (v117 - v118);
    float v120 = (v119 * v6);
    float v121 = (v113 * v7);
    float v122 = (v120 + v121);
    float v124 = (v15 ? v122 : v53);
    if (mt_tid == 0) p3[v9] = v124;
    float v127 = (v15 ? v121 : v53);
    if (mt_tid == 0) p4[v9] = v127;
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
    int v10[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v10[s] = (int)(0 + MT_FLAT(s));
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
    float v28 = v15 ? mt_f16_to_f32(p2[v14]) : v19;
    float v29 = v28;
    float v30 = (v26 * v29);
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v0;
    bool v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v10[s] < v31[s]);
    mt_i64 v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = (mt_i64)(v10[s]);
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v13;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v34[s] + v33[s]);
    float v36 = __int_as_float(0xff800000);
    float v37[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g + 0) < 4096 && v32[g + 0]) && (MT_FLAT(g + 1) < 4096 && v32[g + 1]) && (MT_FLAT(g + 2) < 4096 && v32[g + 2]) && (MT_FLAT(g + 3) < 4096 && v32[g + 3]) && (MT_FLAT(g + 4) < 4096 && v32[g + 4]) && (MT_FLAT(g + 5) < 4096 && v32[g + 5]) && (MT_FLAT(g + 6) < 4096 && v32[g + 6]) && (MT_FLAT(g + 7) < 4096 && v32[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v37[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v37[s] = (MT_FLAT(s) < 4096 && v32[s]) ? mt_f16_to_f32(p0[i0 + k]) : v36; }
      }
    }
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v37[s];
    float v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v5;
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = mt_div(v38[s], v39[s]);
    float v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = mt_tanh(v40[s]);
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v41[s] * v39[s]);
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = __int_as_float(0xff800000);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v32[s] ? v43[s] : v45[s]);
    mt_round ^= 1;
    float acc6 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc6 = mt_maxf(acc6, v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = mt_maxf(acc6, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = mt_maxf(acc6, ((float*)(mt_smem + mt_round * 1024))[w]);
    float v47 = acc6;
    float v53 = 0.0f;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = 0.0f;
    float v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = (v32[s] ? v43[s] : v54[s]);
    float v57[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v33[g];
      if ((MT_FLAT(g + 0) < 4096 && v32[g + 0]) && (MT_FLAT(g + 1) < 4096 && v32[g + 1]) && (MT_FLAT(g + 2) < 4096 && v32[g + 2]) && (MT_FLAT(g + 3) < 4096 && v32[g + 3]) && (MT_FLAT(g + 4) < 4096 && v32[g + 4]) && (MT_FLAT(g + 5) < 4096 && v32[g + 5]) && (MT_FLAT(g + 6) < 4096 && v32[g + 6]) && (MT_FLAT(g + 7) < 4096 && v32[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v57[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v57[s] = (MT_FLAT(s) < 4096 && v32[s]) ? mt_f16_to_f32(p2[i0 + k]) : v19; }
      }
    }
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = v57[s];
    float v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v55[s] * v58[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc7 = (acc7 + v59[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc7;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v47;
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (v46[s] - v61[s]);
    float v63[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = mt_exp(v62[s]);
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc8 = (acc8 + v63[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc8;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v60 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v64 = acc8;
    float v65 = logf(v64);
    float v66 = (v47 + v65);
    if (mt_tid == 0) p5[v9] = v66;
    float v67 = (v4 * v66);
    float v68 = 2.0f;
    float v69 = (v67 * v68);
    float v70 = (v69 * v7);
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = v66;
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v43[s] - v76[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = mt_exp(v77[s]);
    mt_i64 v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = v14;
    bool v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v33[s] == v79[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (float)(v80[s]);
    float v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v85[s] = v17;
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = (v58[s] * v85[s]);
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v78[s] - v81[s]);
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v30;
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v88[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = v3;
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v78[s] * v90[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v89[s] + v91[s]);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v92[s] - v86[s]);
    float v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = v6;
    float v95[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v95[s] = (v93[s] * v94[s]);
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = v70;
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = (v78[s] * v96[s]);
    float v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v95[s] + v97[s]);
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = (v41[s] * v41[s]);
    float v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = 1.0f;
    float v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = (v104[s] - v102[s]);
    float v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (v98[s] * v105[s]);
    bool v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v15;
    float v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = (v108[s] ? v106[s] : v54[s]);
    float v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = mt_round_f16(v110[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g + 0) < 4096 && v32[g + 0]) && (MT_FLAT(g + 1) < 4096 && v32[g + 1]) && (MT_FLAT(g + 2) < 4096 && v32[g + 2]) && (MT_FLAT(g + 3) < 4096 && v32[g + 3]) && (MT_FLAT(g + 4) < 4096 && v32[g + 4]) && (MT_FLAT(g + 5) < 4096 && v32[g + 5]) && (MT_FLAT(g + 6) < 4096 && v32[g + 6]) && (MT_FLAT(g + 7) < 4096 && v32[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v110[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4096 && v32[s]) p0[i0 + k] = mt_f32_to_f16(v110[s]); }
      }
    }
    float v113 = (v67 * v66);
    float v114 = (v66 - v24);
    float v115 = (v114 * v30);
    float v116 = (v3 * v66);
    float v117 = (v115 + v116);
    float v118 = (v17 * v60);
    float v119 = (v117 - v118);
    float v120 = (v119 * v6);
    float v121 = (v113 * v7);
    float v122 = (v120 + v121);
    float v124 = (v15 ? v122 : v53);
    if (mt_tid == 0) p3[v9] = v124;
    float v127 = (v15 ? v121 : v53);
    if (mt_tid == 0) p4[v9] = v127;
  }
}
