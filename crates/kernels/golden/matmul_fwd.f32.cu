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
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
__device__ __forceinline__ float mt_sigmoid(float x) { return __frcp_rn(1.0f + expf(-x)); }
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
#define MT_THREADS 1024
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(1024) mt_matmul_gemm(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16384];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 4) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
  if (mt_fast) {
    mt_i64 v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    mt_i64 v3 = p8;
    mt_i64 v4 = p9;
    mt_i64 v5 = p10;
    mt_i64 v6 = p11;
    mt_i64 v7 = p12;
    mt_i64 v8 = p13;
    int v9 = (int)blockIdx.x;
    mt_i64 v10 = (mt_i64)(v9);
    int v11 = (int)blockIdx.y;
    mt_i64 v12 = (mt_i64)(v11);
    mt_i64 v13 = 64LL;
    mt_i64 v14 = (v10 * v13);
    int v15[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v15[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v16[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v16[s] = (mt_i64)(v15[s]);
    mt_i64 v17[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v17[s] = v14;
    mt_i64 v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (v17[s] + v16[s]);
    mt_i64 v20 = (v12 * v13);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v20;
    mt_i64 v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v23[s] + v16[s]);
    mt_i64 v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v0;
    bool v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = (v18[s] < v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = v1;
    bool v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = (v24[s] < v27[s]);
    int v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v29[s]);
    mt_i64 v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = v3;
    mt_i64 v32[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v32[s] = (v18[s] * v31[s]);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v32[s];
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = v4;
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = (v30[s] * v34[s]);
    mt_i64 v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = v35[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v33[s]; }
    __syncthreads();
    mt_i64 v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v37[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v38[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v37[s] + v38[s]);
    mt_i64 v40[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v40[s] = v5;
    mt_i64 v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v41[s] = (v30[s] * v40[s]);
    mt_i64 v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = v41[s];
    mt_i64 v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = v6;
    mt_i64 v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = (v24[s] * v43[s]);
    mt_i64 v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = v44[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v42[s]; }
    __syncthreads();
    mt_i64 v46[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v46[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 64) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v45[s]; }
    __syncthreads();
    mt_i64 v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v47[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = (v46[s] + v47[s]);
    bool v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = v26[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v50[s] = f < 2048 ? ((bool*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    bool v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v28[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v52[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = 0.0f;
    mt_i64 v54 = 32LL;
    mt_i64 v55 = (v54 == 0 ? 0 : v2 % v54);
    mt_i64 v56 = (v2 - v55);
    mt_i64 v57 = 0LL;
    float v60[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v60[s] = v53[s];
    for (mt_i64 v59 = v57; v59 < v56; v59 += v54) {
      mt_i64 v61 = (v59 * v4);
      mt_i64 v62[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v62[s] = v61;
      mt_i64 v63[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v63[s] = (v39[s] + v62[s]);
      float v64 = 0.0f;
      float v65[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v50[s]) ? p0[v63[s]] : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v67[s] = v66;
      mt_i64 v68[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v52[s]) ? p1[v68[s]] : v64; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v65[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v70[s]; }
      __syncthreads();
      float v71[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v60[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v71[s] = t; }
      __syncthreads();
      float y1[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y1[s] = v71[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v60[s] = y1[s];
    }
    float v72[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v72[s] = v60[s];
    float v75[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v75[s] = v72[s];
    for (mt_i64 v74 = v56; v74 < v2; v74 += v54) {
      mt_i64 v76 = (v2 - v74);
      mt_i64 v77[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v77[s] = v76;
      bool v78[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v78[s] = (v30[s] < v77[s]);
      bool v79[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v79[s] = v78[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v79[s]; }
      __syncthreads();
      bool v80[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v80[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v81[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = (v50[s] && v80[s]);
      bool v82[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v82[s] = v78[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v82[s]; }
      __syncthreads();
      bool v83[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v83[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v52[s] && v83[s]);
      mt_i64 v85 = (v74 * v4);
      mt_i64 v86[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v86[s] = v85;
      mt_i64 v87[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v87[s] = (v39[s] + v86[s]);
      float v88 = 0.0f;
      float v89[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v89[s] = (MT_FLAT(s) < 2048 && v81[s]) ? p0[v87[s]] : v88; }
      mt_i64 v90 = (v74 * v5);
      mt_i64 v91[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = v90;
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = (v48[s] + v91[s]);
      float v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v94[s] = (MT_FLAT(s) < 2048 && v84[s]) ? p1[v92[s]] : v88; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v89[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v94[s]; }
      __syncthreads();
      float v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v75[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v95[s] = t; }
      __syncthreads();
      float y2[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y2[s] = v95[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v75[s] = y2[s];
    }
    float v96[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v96[s] = v75[s];
    float v97 = 0.0f;
    float v98[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v24[g];
      if ((MT_FLAT(g) < 64 && v28[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v98[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v98[g + k] = v97; }
      }
    }
    float v99[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v99[s] = v98[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((float*)mt_smem)[f] = v99[s]; }
    __syncthreads();
    float v100[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v100[s] = f < 4096 ? ((float*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v101[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v101[s] = (v96[s] + v100[s]);
    mt_i64 v102[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v102[s] = v7;
    mt_i64 v103[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v103[s] = (v18[s] * v102[s]);
    mt_i64 v104[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v104[s] = v103[s];
    mt_i64 v105[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v105[s] = v8;
    mt_i64 v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = (v24[s] * v105[s]);
    mt_i64 v107[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v107[s] = v106[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v104[s]; }
    __syncthreads();
    mt_i64 v108[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v108[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v107[s]; }
    __syncthreads();
    mt_i64 v109[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v109[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v108[s] + v109[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v113[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v113[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v114[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v114[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v115[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v115[s] = (v113[s] && v114[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v115[s]) p4[v110[s]] = v101[s]; }
    float v116[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v116[s] = mt_sigmoid(v101[s]);
    float v117[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v117[s] = (v101[s] * v116[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v115[s]) p3[v110[s]] = v117[s]; }
  } else {
    mt_i64 v0 = p5;
    mt_i64 v1 = p6;
    mt_i64 v2 = p7;
    mt_i64 v3 = p8;
    mt_i64 v4 = p9;
    mt_i64 v5 = p10;
    mt_i64 v6 = p11;
    mt_i64 v7 = p12;
    mt_i64 v8 = p13;
    int v9 = (int)blockIdx.x;
    mt_i64 v10 = (mt_i64)(v9);
    int v11 = (int)blockIdx.y;
    mt_i64 v12 = (mt_i64)(v11);
    mt_i64 v13 = 64LL;
    mt_i64 v14 = (v10 * v13);
    int v15[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v15[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v16[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v16[s] = (mt_i64)(v15[s]);
    mt_i64 v17[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v17[s] = v14;
    mt_i64 v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (v17[s] + v16[s]);
    mt_i64 v20 = (v12 * v13);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v20;
    mt_i64 v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v23[s] + v16[s]);
    mt_i64 v25[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v25[s] = v0;
    bool v26[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v26[s] = (v18[s] < v25[s]);
    mt_i64 v27[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v27[s] = v1;
    bool v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = (v24[s] < v27[s]);
    int v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v30[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v30[s] = (mt_i64)(v29[s]);
    mt_i64 v31[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v31[s] = v3;
    mt_i64 v32[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v32[s] = (v18[s] * v31[s]);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v32[s];
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = v4;
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = (v30[s] * v34[s]);
    mt_i64 v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = v35[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v33[s]; }
    __syncthreads();
    mt_i64 v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v37[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v38[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v37[s] + v38[s]);
    mt_i64 v40[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v40[s] = v5;
    mt_i64 v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v41[s] = (v30[s] * v40[s]);
    mt_i64 v42[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v42[s] = v41[s];
    mt_i64 v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v43[s] = v6;
    mt_i64 v44[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v44[s] = (v24[s] * v43[s]);
    mt_i64 v45[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v45[s] = v44[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v42[s]; }
    __syncthreads();
    mt_i64 v46[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v46[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 64) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v45[s]; }
    __syncthreads();
    mt_i64 v47[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v47[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = (v46[s] + v47[s]);
    bool v49[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v49[s] = v26[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v50[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v50[s] = f < 2048 ? ((bool*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    bool v51[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v51[s] = v28[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v52[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v52[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v53[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v53[s] = 0.0f;
    mt_i64 v54 = 32LL;
    mt_i64 v55 = (v54 == 0 ? 0 : v2 % v54);
    mt_i64 v56 = (v2 - v55);
    mt_i64 v57 = 0LL;
    float v60[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v60[s] = v53[s];
    for (mt_i64 v59 = v57; v59 < v56; v59 += v54) {
      mt_i64 v61 = (v59 * v4);
      mt_i64 v62[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v62[s] = v61;
      mt_i64 v63[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v63[s] = (v39[s] + v62[s]);
      float v64 = 0.0f;
      float v65[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v50[s]) ? p0[v63[s]] : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v67[s] = v66;
      mt_i64 v68[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v52[s]) ? p1[v68[s]] : v64; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v65[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v70[s]; }
      __syncthreads();
      float v71[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v60[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v71[s] = t; }
      __syncthreads();
      float y3[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y3[s] = v71[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v60[s] = y3[s];
    }
    float v72[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v72[s] = v60[s];
    float v75[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v75[s] = v72[s];
    for (mt_i64 v74 = v56; v74 < v2; v74 += v54) {
      mt_i64 v76 = (v2 - v74);
      mt_i64 v77[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v77[s] = v76;
      bool v78[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v78[s] = (v30[s] < v77[s]);
      bool v79[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v79[s] = v78[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v79[s]; }
      __syncthreads();
      bool v80[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v80[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v81[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = (v50[s] && v80[s]);
      bool v82[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v82[s] = v78[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v82[s]; }
      __syncthreads();
      bool v83[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v83[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v52[s] && v83[s]);
      mt_i64 v85 = (v74 * v4);
      mt_i64 v86[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v86[s] = v85;
      mt_i64 v87[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v87[s] = (v39[s] + v86[s]);
      float v88 = 0.0f;
      float v89[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v89[s] = (MT_FLAT(s) < 2048 && v81[s]) ? p0[v87[s]] : v88; }
      mt_i64 v90 = (v74 * v5);
      mt_i64 v91[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = v90;
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = (v48[s] + v91[s]);
      float v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v94[s] = (MT_FLAT(s) < 2048 && v84[s]) ? p1[v92[s]] : v88; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v89[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v94[s]; }
      __syncthreads();
      float v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v75[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v95[s] = t; }
      __syncthreads();
      float y4[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y4[s] = v95[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v75[s] = y4[s];
    }
    float v96[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v96[s] = v75[s];
    float v97 = 0.0f;
    float v98[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v24[g];
      if ((MT_FLAT(g + 0) < 64 && v28[g + 0]) && (MT_FLAT(g + 1) < 64 && v28[g + 1]) && (MT_FLAT(g + 2) < 64 && v28[g + 2]) && (MT_FLAT(g + 3) < 64 && v28[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v98[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v98[s] = (MT_FLAT(s) < 64 && v28[s]) ? p2[v24[s]] : v97; }
      }
    }
    float v99[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v99[s] = v98[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((float*)mt_smem)[f] = v99[s]; }
    __syncthreads();
    float v100[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v100[s] = f < 4096 ? ((float*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v101[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v101[s] = (v96[s] + v100[s]);
    mt_i64 v102[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v102[s] = v7;
    mt_i64 v103[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v103[s] = (v18[s] * v102[s]);
    mt_i64 v104[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v104[s] = v103[s];
    mt_i64 v105[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v105[s] = v8;
    mt_i64 v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = (v24[s] * v105[s]);
    mt_i64 v107[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v107[s] = v106[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v104[s]; }
    __syncthreads();
    mt_i64 v108[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v108[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v107[s]; }
    __syncthreads();
    mt_i64 v109[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v109[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v108[s] + v109[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v113[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v113[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v114[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v114[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v115[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v115[s] = (v113[s] && v114[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v115[s]) p4[v110[s]] = v101[s]; }
    float v116[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v116[s] = mt_sigmoid(v101[s]);
    float v117[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v117[s] = (v101[s] * v116[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v115[s]) p3[v110[s]] = v117[s]; }
  }
}
