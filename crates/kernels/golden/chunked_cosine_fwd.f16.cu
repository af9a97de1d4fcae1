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
extern "C" __global__ void __launch_bounds__(1024) mt_chunked_cosine_fwd(mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, int p5, mt_i64 p6, mt_i64 p7, float p8, float p9, float p10, float p11, int p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[2048];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p5 % 8) == 0 && (p12 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
  if (mt_fast) {
    int v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    float v3 = p8;
    float v4 = p9;
    float v5 = p10;
    float v6 = p11;
    int v7 = p12;
    float v8 = p13;
    int v9 = (int)blockIdx.x;
    mt_i64 v10 = (mt_i64)(v9);
    mt_i64 v11 = (v10 + v1);
    int v12[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v14 = (mt_i64)(v0);
    mt_i64 v15 = (v10 * v14);
    mt_i64 v18 = (mt_i64)(v7);
    mt_i64 v19 = (v10 * v18);
    mt_i64 v20 = true ? p2[v11] : 0;
    bool v21 = (v20 != v2);
    mt_i64 v22 = (v19 + v20);
    float v23 = 0.0f;
    float v24 = v21 ? mt_f16_to_f32(p0[v22]) : v23;
    float v25 = v24;
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v0;
    bool v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v12[s] < v26[s]);
    mt_i64 v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (mt_i64)(v12[s]);
    mt_i64 v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = v15;
    mt_i64 v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v29[s] + v28[s]);
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v7;
    bool v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v12[s] < v31[s]);
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v19;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v34[s] + v28[s]);
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
        for (int k = 0; k < 8; ++k) { v37[g + k] = v23; }
      }
    }
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v37[s];
    float v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v3;
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = mt_div(v38[s], v39[s]);
    float v42[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v30[g];
      if ((MT_FLAT(g) < 4096 && v27[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v42[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v42[g + k] = v23; }
      }
    }
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = v42[s];
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = mt_div(v43[s], v39[s]);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v40[s] * v40[s]);
    mt_round ^= 1;
    float acc1 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc1 = (acc1 + v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc1, o); acc1 = (acc1 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc1;
    float v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v45[s] * v45[s]);
    float acc2 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc2 = (acc2 + v48[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc2;
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v40[s] * v45[s]);
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc3 = (acc3 + v50[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 512))[mt_warp] = acc3;
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = __int_as_float(0xff800000);
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (v32[s] ? v38[s] : v53[s]);
    float acc4 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc4 = mt_maxf(acc4, v54[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = mt_maxf(acc4, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 768))[mt_warp] = acc4;
    __syncthreads();
    acc1 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc1 = (acc1 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v47 = acc1;
    acc2 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v49 = acc2;
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 512))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 512))[w]);
    float v51 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 768))[0]; for (int w = 1; w < 32; ++w) acc4 = mt_maxf(acc4, ((float*)(mt_smem + mt_round * 1024 + 768))[w]);
    float v55 = acc4;
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = v55;
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v54[s] - v56[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = mt_exp(v57[s]);
    mt_round ^= 1;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc6 = (acc6 + v58[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v59 = acc6;
    float v60 = logf(v59);
    float v61 = (v55 + v60);
    float v62 = sqrtf(v47);
    float v63 = 1e-12f;
    float v64 = mt_maxf(v62, v63);
    float v65 = 1.0f;
    float v66 = mt_div(v65, v64);
    float v67 = sqrtf(v49);
    float v69 = mt_maxf(v67, v63);
    float v71 = mt_div(v65, v69);
    float v72 = (v51 * v66);
    float v73 = (v72 * v71);
    float v74 = (v66 * v71);
    bool v76 = (v62 > v63);
    float v77 = (v73 * v66);
    float v78 = (v77 * v66);
    float v79 = 0.0f;
    float v80 = (v76 ? v78 : v79);
    float v81 = (-v4);
    float v82 = (v81 * v6);
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = v74;
    float v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v45[s] * v83[s]);
    float v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v85[s] = v80;
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = (v40[s] * v85[s]);
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v84[s] - v86[s]);
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v82;
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v88[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = v61;
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v38[s] - v90[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = mt_exp(v91[s]);
    mt_i64 v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v20;
    bool v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = (v28[s] == v93[s]);
    float v95[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v95[s] = (float)(v94[s]);
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = (v92[s] - v95[s]);
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = v8;
    float v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v96[s] * v97[s]);
    float v99[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v99[s] = (v89[s] + v98[s]);
    bool v101[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v101[s] = v21;
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = 0.0f;
    float v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (v101[s] ? v99[s] : v102[s]);
    float v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = mt_round_f16(v103[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g) < 4096 && v32[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v103[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v106 = (v65 - v73);
    float v107 = (v106 * v4);
    float v108 = (v107 * v5);
    float v110 = (v21 ? v108 : v79);
    if (mt_tid == 0) p3[v11] = v110;
    float v111 = (v61 - v25);
    float v112 = (v111 * v5);
    float v114 = (v21 ? v112 : v79);
    if (mt_tid == 0) p4[v11] = v114;
  } else {
    int v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    float v3 = p8;
    float v4 = p9;
    float v5 = p10;
    float v6 = p11;
    int v7 = p12;
    float v8 = p13;
    int v9 = (int)blockIdx.x;
    mt_i64 v10 = (mt_i64)(v9);
    mt_i64 v11 = (v10 + v1);
    int v12[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v14 = (mt_i64)(v0);
    mt_i64 v15 = (v10 * v14);
    mt_i64 v18 = (mt_i64)(v7);
    mt_i64 v19 = (v10 * v18);
    mt_i64 v20 = true ? p2[v11] : 0;
    bool v21 = (v20 != v2);
    mt_i64 v22 = (v19 + v20);
    float v23 = 0.0f;
    float v24 = v21 ? mt_f16_to_f32(p0[v22]) : v23;
    float v25 = v24;
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v0;
    bool v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = (v12[s] < v26[s]);
    mt_i64 v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (mt_i64)(v12[s]);
    mt_i64 v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = v15;
    mt_i64 v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v29[s] + v28[s]);
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v7;
    bool v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v12[s] < v31[s]);
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v19;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v34[s] + v28[s]);
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
        for (int k = 0; k < 8; ++k) { const int s = g + k; v37[s] = (MT_FLAT(s) < 4096 && v32[s]) ? mt_f16_to_f32(p0[i0 + k]) : v23; }
      }
    }
    float v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = v37[s];
    float v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v3;
    float v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = mt_div(v38[s], v39[s]);
    float v42[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v30[g];
      if ((MT_FLAT(g + 0) < 4096 && v27[g + 0]) && (MT_FLAT(g + 1) < 4096 && v27[g + 1]) && (MT_FLAT(g + 2) < 4096 && v27[g + 2]) && (MT_FLAT(g + 3) < 4096 && v27[g + 3]) && (MT_FLAT(g + 4) < 4096 && v27[g + 4]) && (MT_FLAT(g + 5) < 4096 && v27[g + 5]) && (MT_FLAT(g + 6) < 4096 && v27[g + 6]) && (MT_FLAT(g + 7) < 4096 && v27[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v42[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v42[s] = (MT_FLAT(s) < 4096 && v27[s]) ? mt_f16_to_f32(p1[i0 + k]) : v23; }
      }
    }
    float v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = v42[s];
    float v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = mt_div(v43[s], v39[s]);
    float v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v40[s] * v40[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc7 = (acc7 + v46[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc7;
    float v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v45[s] * v45[s]);
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc8 = (acc8 + v48[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc8;
    float v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v40[s] * v45[s]);
    float acc9 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc9 = (acc9 + v50[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc9, o); acc9 = (acc9 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 512))[mt_warp] = acc9;
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = __int_as_float(0xff800000);
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = (v32[s] ? v38[s] : v53[s]);
    float acc10 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc10 = mt_maxf(acc10, v54[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = mt_maxf(acc10, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 768))[mt_warp] = acc10;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v47 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v49 = acc8;
    acc9 = ((float*)(mt_smem + mt_round * 1024 + 512))[0]; for (int w = 1; w < 32; ++w) acc9 = (acc9 + ((float*)(mt_smem + mt_round * 1024 + 512))[w]);
    float v51 = acc9;
    acc10 = ((float*)(mt_smem + mt_round * 1024 + 768))[0]; for (int w = 1; w < 32; ++w) acc10 = mt_maxf(acc10, ((float*)(mt_smem + mt_round * 1024 + 768))[w]);
    float v55 = acc10;
    float v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = v55;
    float v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (v54[s] - v56[s]);
    float v58[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v58[s] = mt_exp(v57[s]);
    mt_round ^= 1;
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 8; ++s) if (MT_FLAT(s) < 4096) acc12 = (acc12 + v58[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc12;
    __syncthreads();
    acc12 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v59 = acc12;
    float v60 = logf(v59);
    float v61 = (v55 + v60);
    float v62 = sqrtf(v47);
    float v63 = 1e-12f;
    float v64 = mt_maxf(v62, v63);
    float v65 = 1.0f;
    float v66 = mt_div(v65, v64);
    float v67 = sqrtf(v49);
    float v69 = mt_maxf(v67, v63);
    float v71 = mt_div(v65, v69);
    float v72 = (v51 * v66);
    float v73 = (v72 * v71);
    float v74 = (v66 * v71);
    bool v76 = (v62 > v63);
    float v77 = (v73 * v66);
    float v78 = (v77 * v66);
    float v79 = 0.0f;
    float v80 = (v76 ? v78 : v79);
    float v81 = (-v4);
    float v82 = (v81 * v6);
    float v83[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v83[s] = v74;
    float v84[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v84[s] = (v45[s] * v83[s]);
    float v85[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v85[s] = v80;
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v86[s] = (v40[s] * v85[s]);
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = (v84[s] - v86[s]);
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = v82;
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v87[s] * v88[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = v61;
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v38[s] - v90[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = mt_exp(v91[s]);
    mt_i64 v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = v20;
    bool v94[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v94[s] = (v28[s] == v93[s]);
    float v95[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v95[s] = (float)(v94[s]);
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = (v92[s] - v95[s]);
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = v8;
    float v98[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v98[s] = (v96[s] * v97[s]);
    float v99[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v99[s] = (v89[s] + v98[s]);
    bool v101[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v101[s] = v21;
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = 0.0f;
    float v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (v101[s] ? v99[s] : v102[s]);
    float v104[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v104[s] = mt_round_f16(v103[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v35[g];
      if ((MT_FLAT(g + 0) < 4096 && v32[g + 0]) && (MT_FLAT(g + 1) < 4096 && v32[g + 1]) && (MT_FLAT(g + 2) < 4096 && v32[g + 2]) && (MT_FLAT(g + 3) < 4096 && v32[g + 3]) && (MT_FLAT(g + 4) < 4096 && v32[g + 4]) && (MT_FLAT(g + 5) < 4096 && v32[g + 5]) && (MT_FLAT(g + 6) < 4096 && v32[g + 6]) && (MT_FLAT(g + 7) < 4096 && v32[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v103[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (MT_FLAT(s) < 4096 && v32[s]) p0[i0 + k] = mt_f32_to_f16(v103[s]); }
      }
    }
    float v106 = (v65 - v73);
    float v107 = (v106 * v4);
    float v108 = (v107 * v5);
    float v110 = (v21 ? v108 : v79);
    if (mt_tid == 0) p3[v11] = v110;
    float v111 = (v61 - v25);
    float v112 = (v111 * v5);
    float v114 = (v21 ? v112 : v79);
    if (mt_tid == 0) p4[v11] = v114;
  }
}
