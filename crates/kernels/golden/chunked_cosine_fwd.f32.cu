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
extern "C" __global__ void __launch_bounds__(1024) mt_chunked_cosine_fwd(float* __restrict__ p0, const float* __restrict__ p1, const mt_i64* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, int p5, mt_i64 p6, mt_i64 p7, float p8, float p9, float p10, float p11, int p12, float p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[2048];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p5 % 4) == 0 && (p12 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0;
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
    int v12[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v14 = (mt_i64)(v0);
    mt_i64 v15 = (v10 * v14);
    mt_i64 v18 = (mt_i64)(v7);
    mt_i64 v19 = (v10 * v18);
    mt_i64 v20 = true ? p2[v11] : 0;
    bool v21 = (v20 != v2);
    mt_i64 v22 = (v19 + v20);
    float v23 = 0.0f;
    float v24 = v21 ? p0[v22] : v23;
    int v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v0;
    bool v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = (v12[s] < v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = (mt_i64)(v12[s]);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v15;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v27[s]);
    int v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = v7;
    bool v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = (v12[s] < v30[s]);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v19;
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v33[s] + v27[s]);
    float v36[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v34[g];
      if ((true && v31[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v36[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v36[g + k] = v23; }
      }
    }
    float v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v37[s] = v3;
    float v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v38[s] = mt_div(v36[s], v37[s]);
    float v40[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((true && v26[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v40[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v40[g + k] = v23; }
      }
    }
    float v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = mt_div(v40[s], v37[s]);
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = (v38[s] * v38[s]);
    mt_round ^= 1;
    float acc1 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc1 = (acc1 + v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc1, o); acc1 = (acc1 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc1;
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = (v42[s] * v42[s]);
    float acc2 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc2 = (acc2 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc2;
    float v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v47[s] = (v38[s] * v42[s]);
    float acc3 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc3 = (acc3 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 512))[mt_warp] = acc3;
    float v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v50[s] = __int_as_float(0xff800000);
    float v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = (v31[s] ? v36[s] : v50[s]);
    float acc4 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc4 = mt_maxf(acc4, v51[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = mt_maxf(acc4, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 768))[mt_warp] = acc4;
    __syncthreads();
    acc1 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc1 = (acc1 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v44 = acc1;
    acc2 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v46 = acc2;
    acc3 = ((float*)(mt_smem + mt_round * 1024 + 512))[0]; for (int w = 1; w < 32; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 1024 + 512))[w]);
    float v48 = acc3;
    acc4 = ((float*)(mt_smem + mt_round * 1024 + 768))[0]; for (int w = 1; w < 32; ++w) acc4 = mt_maxf(acc4, ((float*)(mt_smem + mt_round * 1024 + 768))[w]);
    float v52 = acc4;
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = v52;
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = (v51[s] - v53[s]);
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_exp(v54[s]);
    mt_round ^= 1;
    float acc6 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc6 = (acc6 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc6;
    __syncthreads();
    acc6 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v56 = acc6;
    float v57 = logf(v56);
    float v58 = (v52 + v57);
    float v59 = sqrtf(v44);
    float v60 = 1e-12f;
    float v61 = mt_maxf(v59, v60);
    float v62 = 1.0f;
    float v63 = mt_div(v62, v61);
    float v64 = sqrtf(v46);
    float v66 = mt_maxf(v64, v60);
    float v68 = mt_div(v62, v66);
    float v69 = (v48 * v63);
    float v70 = (v69 * v68);
    float v71 = (v63 * v68);
    bool v73 = (v59 > v60);
    float v74 = (v70 * v63);
    float v75 = (v74 * v63);
    float v77 = (v73 ? v75 : v23);
    float v78 = (-v4);
    float v79 = (v78 * v6);
    float v80[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v80[s] = v71;
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = (v42[s] * v80[s]);
    float v82[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v82[s] = v77;
    float v83[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v83[s] = (v38[s] * v82[s]);
    float v84[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v84[s] = (v81[s] - v83[s]);
    float v85[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v85[s] = v79;
    float v86[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v86[s] = (v84[s] * v85[s]);
    float v87[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v87[s] = v58;
    float v88[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v88[s] = (v36[s] - v87[s]);
    float v89[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v89[s] = mt_exp(v88[s]);
    mt_i64 v90[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v90[s] = v20;
    bool v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = (v27[s] == v90[s]);
    float v92[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v92[s] = (float)(v91[s]);
    float v93[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v93[s] = (v89[s] - v92[s]);
    float v94[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v94[s] = v8;
    float v95[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v95[s] = (v93[s] * v94[s]);
    float v96[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v96[s] = (v86[s] + v95[s]);
    bool v98[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v98[s] = v21;
    float v99[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v99[s] = 0.0f;
    float v100[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v100[s] = (v98[s] ? v96[s] : v99[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v34[g];
      if ((true && v31[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v100[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      }
    }
    float v102 = (v62 - v70);
    float v103 = (v102 * v4);
    float v104 = (v103 * v5);
    float v106 = (v21 ? v104 : v23);
    if (mt_tid == 0) p3[v11] = v106;
    float v107 = (v58 - v24);
    float v108 = (v107 * v5);
    float v110 = (v21 ? v108 : v23);
    if (mt_tid == 0) p4[v11] = v110;
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
    int v12[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v12[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v14 = (mt_i64)(v0);
    mt_i64 v15 = (v10 * v14);
    mt_i64 v18 = (mt_i64)(v7);
    mt_i64 v19 = (v10 * v18);
    mt_i64 v20 = true ? p2[v11] : 0;
    bool v21 = (v20 != v2);
    mt_i64 v22 = (v19 + v20);
    float v23 = 0.0f;
    float v24 = v21 ? p0[v22] : v23;
    int v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v0;
    bool v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = (v12[s] < v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = (mt_i64)(v12[s]);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v15;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v27[s]);
    int v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = v7;
    bool v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = (v12[s] < v30[s]);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v19;
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v33[s] + v27[s]);
    float v36[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v34[g];
      if ((true && v31[g + 0]) && (true && v31[g + 1]) && (true && v31[g + 2]) && (true && v31[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v36[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v36[s] = (true && v31[s]) ? p0[i0 + k] : v23; }
      }
    }
    float v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v37[s] = v3;
    float v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v38[s] = mt_div(v36[s], v37[s]);
    float v40[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((true && v26[g + 0]) && (true && v26[g + 1]) && (true && v26[g + 2]) && (true && v26[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v40[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v40[s] = (true && v26[s]) ? p1[i0 + k] : v23; }
      }
    }
    float v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = mt_div(v40[s], v37[s]);
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = (v38[s] * v38[s]);
    mt_round ^= 1;
    float acc7 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc7 = (acc7 + v43[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc7, o); acc7 = (acc7 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 0))[mt_warp] = acc7;
    float v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = (v42[s] * v42[s]);
    float acc8 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc8 = (acc8 + v45[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc8, o); acc8 = (acc8 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 256))[mt_warp] = acc8;
    float v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v47[s] = (v38[s] * v42[s]);
    float acc9 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc9 = (acc9 + v47[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc9, o); acc9 = (acc9 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 512))[mt_warp] = acc9;
    float v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v50[s] = __int_as_float(0xff800000);
    float v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = (v31[s] ? v36[s] : v50[s]);
    float acc10 = __int_as_float(0xff800000);
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc10 = mt_maxf(acc10, v51[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = mt_maxf(acc10, mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024 + 768))[mt_warp] = acc10;
    __syncthreads();
    acc7 = ((float*)(mt_smem + mt_round * 1024 + 0))[0]; for (int w = 1; w < 32; ++w) acc7 = (acc7 + ((float*)(mt_smem + mt_round * 1024 + 0))[w]);
    float v44 = acc7;
    acc8 = ((float*)(mt_smem + mt_round * 1024 + 256))[0]; for (int w = 1; w < 32; ++w) acc8 = (acc8 + ((float*)(mt_smem + mt_round * 1024 + 256))[w]);
    float v46 = acc8;
    acc9 = ((float*)(mt_smem + mt_round * 1024 + 512))[0]; for (int w = 1; w < 32; ++w) acc9 = (acc9 + ((float*)(mt_smem + mt_round * 1024 + 512))[w]);
    float v48 = acc9;
    acc10 = ((float*)(mt_smem + mt_round * 1024 + 768))[0]; for (int w = 1; w < 32; ++w) acc10 = mt_maxf(acc10, ((float*)(mt_smem + mt_round * 1024 + 768))[w]);
    float v52 = acc10;
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = v52;
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = (v51[s] - v53[s]);
    float v55[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v55[s] = mt_exp(v54[s]);
    mt_round ^= 1;
    float acc12 = 0.0f;
    #pragma unroll
    for (int s = 0; s < 4; ++s) if (true) acc12 = (acc12 + v55[s]);
    for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
    if (mt_lane == 0) ((float*)(mt_smem + mt_round * 1024))[mt_warp] = acc12;
    __syncthreads();
    acc12 = ((float*)(mt_smem + mt_round * 1024))[0]; for (int w = 1; w < 32; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 1024))[w]);
    float v56 = acc12;
    float v57 = logf(v56);
    float v58 = (v52 + v57);
    float v59 = sqrtf(v44);
    float v60 = 1e-12f;
    float v61 = mt_maxf(v59, v60);
    float v62 = 1.0f;
    float v63 = mt_div(v62, v61);
    float v64 = sqrtf(v46);
    float v66 = mt_maxf(v64, v60);
    float v68 = mt_div(v62, v66);
    float v69 = (v48 * v63);
    float v70 = (v69 * v68);
    float v71 = (v63 * v68);
    bool v73 = (v59 > v60);
    float v74 = (v70 * v63);
    float v75 = (v74 * v63);
    float v77 = (v73 ? v75 : v23);
    float v78 = (-v4);
    float v79 = (v78 * v6);
    float v80[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v80[s] = v71;
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = (v42[s] * v80[s]);
    float v82[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v82[s] = v77;
    float v83[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v83[s] = (v38[s] * v82[s]);
    float v84[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v84[s] = (v81[s] - v83[s]);
    float v85[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v85[s] = v79;
    float v86[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v86[s] = (v84[s] * v85[s]);
    float v87[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v87[s] = v58;
    float v88[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v88[s] = (v36[s] - v87[s]);
    float v89[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v89[s] = mt_exp(v88[s]);
    mt_i64 v90[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v90[s] = v20;
    bool v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = (v27[s] == v90[s]);
    float v92[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v92[s] = (float)(v91[s]);
    float v93[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v93[s] = (v89[s] - v92[s]);
    float v94[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v94[s] = v8;
    float v95[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v95[s] = (v93[s] * v94[s]);
    float v96[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v96[s] = (v86[s] + v95[s]);
    bool v98[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v98[s] = v21;
    float v99[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v99[s] = 0.0f;
    float v100[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v100[s] = (v98[s] ? v96[s] : v99[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v34[g];
      if ((true && v31[g + 0]) && (true && v31[g + 1]) && (true && v31[g + 2]) && (true && v31[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v100[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p0 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v31[s]) p0[i0 + k] = v100[s]; }
      }
    }
    float v102 = (v62 - v70);
    float v103 = (v102 * v4);
    float v104 = (v103 * v5);
    float v106 = (v21 ? v104 : v23);
    if (mt_tid == 0) p3[v11] = v106;
    float v107 = (v58 - v24);
    float v108 = (v107 * v5);
    float v110 = (v21 ? v108 : v23);
    if (mt_tid == 0) p4[v11] = v110;
  }
}
