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
extern "C" __global__ void __launch_bounds__(1024) mt_matmul_gemm(const float* __restrict__ p0, const float* __restrict__ p1, float* __restrict__ p2, float* __restrict__ p3, mt_i64 p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16384];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 4) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0;
  if (mt_fast) {
    mt_i64 v0 = p4;
    mt_i64 v1 = p5;
    mt_i64 v2 = p6;
    mt_i64 v3 = p7;
    mt_i64 v4 = p8;
    mt_i64 v5 = p9;
    mt_i64 v6 = p10;
    mt_i64 v7 = p11;
    mt_i64 v8 = p12;
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
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = 0.0f;
    mt_i64 v55 = 32LL;
    mt_i64 v56 = (v55 == 0 ? 0 : v2 % v55);
    mt_i64 v57 = (v2 - v56);
    mt_i64 v58 = 0LL;
    float v61[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v61[s] = v53[s];
    float v62[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v62[s] = v54[s];
    for (mt_i64 v60 = v58; v60 < v57; v60 += v55) {
      mt_i64 v63 = (v60 * v4);
      mt_i64 v64[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v64[s] = v63;
      mt_i64 v65[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v65[s] = (v39[s] + v64[s]);
      float v66 = 0.0f;
      float v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v50[s]) ? p0[v65[s]] : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v69[s] = v68;
      mt_i64 v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v52[s]) ? p1[v70[s]] : v66; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v67[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v72[s]; }
      __syncthreads();
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v61[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v73[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v67[s]; }
      __syncthreads();
      float v74[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v74[s] = acc; } else { v74[s] = 0; } }
      __syncthreads();
      float v75[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v75[s] = (v62[s] + v74[s]);
      float y1[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y1[s] = v73[s];
      float y2[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y2[s] = v75[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v61[s] = y1[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v62[s] = y2[s];
    }
    float v76[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v76[s] = v61[s];
    float v77[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v77[s] = v62[s];
    float v80[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v80[s] = v76[s];
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = v77[s];
    for (mt_i64 v79 = v57; v79 < v2; v79 += v55) {
      mt_i64 v82 = (v2 - v79);
      mt_i64 v83[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v83[s] = v82;
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v30[s] < v83[s]);
      bool v85[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v85[s] = v84[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v85[s]; }
      __syncthreads();
      bool v86[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v86[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v87[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v87[s] = (v50[s] && v86[s]);
      bool v88[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v88[s] = v84[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v88[s]; }
      __syncthreads();
      bool v89[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v89[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v90[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v90[s] = (v52[s] && v89[s]);
      mt_i64 v91 = (v79 * v4);
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = v91;
      mt_i64 v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v93[s] = (v39[s] + v92[s]);
      float v94 = 0.0f;
      float v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v95[s] = (MT_FLAT(s) < 2048 && v87[s]) ? p0[v93[s]] : v94; }
      mt_i64 v96 = (v79 * v5);
      mt_i64 v97[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v97[s] = v96;
      mt_i64 v98[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v98[s] = (v48[s] + v97[s]);
      float v100[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v100[s] = (MT_FLAT(s) < 2048 && v90[s]) ? p1[v98[s]] : v94; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v95[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v100[s]; }
      __syncthreads();
      float v101[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v80[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v101[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v95[s]; }
      __syncthreads();
      float v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v102[s] = acc; } else { v102[s] = 0; } }
      __syncthreads();
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v103[s] = (v81[s] + v102[s]);
      float y3[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y3[s] = v101[s];
      float y4[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y4[s] = v103[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v80[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = y4[s];
    }
    float v104[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v104[s] = v80[s];
    float v105[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v105[s] = v81[s];
    mt_i64 v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = v7;
    mt_i64 v107[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v107[s] = (v18[s] * v106[s]);
    mt_i64 v108[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v108[s] = v107[s];
    mt_i64 v109[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v109[s] = v8;
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v24[s] * v109[s]);
    mt_i64 v111[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v111[s] = v110[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v108[s]; }
    __syncthreads();
    mt_i64 v112[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v112[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v111[s]; }
    __syncthreads();
    mt_i64 v113[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v113[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v114[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v114[s] = (v112[s] + v113[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v117[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v117[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v118[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v118[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v119[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v119[s] = (v117[s] && v118[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v119[s]) p2[v114[s]] = v104[s]; }
    bool v121 = (v12 == v58);
    bool v122[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v122[s] = v121;
    bool v123[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v123[s] = (v26[s] && v122[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v18[g];
      if ((MT_FLAT(g) < 64 && v123[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v105[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
  } else {
    mt_i64 v0 = p4;
    mt_i64 v1 = p5;
    mt_i64 v2 = p6;
    mt_i64 v3 = p7;
    mt_i64 v4 = p8;
    mt_i64 v5 = p9;
    mt_i64 v6 = p10;
    mt_i64 v7 = p11;
    mt_i64 v8 = p12;
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
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v54[s] = 0.0f;
    mt_i64 v55 = 32LL;
    mt_i64 v56 = (v55 == 0 ? 0 : v2 % v55);
    mt_i64 v57 = (v2 - v56);
    mt_i64 v58 = 0LL;
    float v61[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v61[s] = v53[s];
    float v62[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v62[s] = v54[s];
    for (mt_i64 v60 = v58; v60 < v57; v60 += v55) {
      mt_i64 v63 = (v60 * v4);
      mt_i64 v64[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v64[s] = v63;
      mt_i64 v65[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v65[s] = (v39[s] + v64[s]);
      float v66 = 0.0f;
      float v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v50[s]) ? p0[v65[s]] : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v69[s] = v68;
      mt_i64 v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v52[s]) ? p1[v70[s]] : v66; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v67[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v72[s]; }
      __syncthreads();
      float v73[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v61[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v73[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v67[s]; }
      __syncthreads();
      float v74[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v74[s] = acc; } else { v74[s] = 0; } }
      __syncthreads();
      float v75[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v75[s] = (v62[s] + v74[s]);
      float y5[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y5[s] = v73[s];
      float y6[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y6[s] = v75[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v61[s] = y5[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v62[s] = y6[s];
    }
    float v76[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v76[s] = v61[s];
    float v77[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v77[s] = v62[s];
    float v80[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v80[s] = v76[s];
    float v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = v77[s];
    for (mt_i64 v79 = v57; v79 < v2; v79 += v55) {
      mt_i64 v82 = (v2 - v79);
      mt_i64 v83[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v83[s] = v82;
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v30[s] < v83[s]);
      bool v85[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v85[s] = v84[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v85[s]; }
      __syncthreads();
      bool v86[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v86[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v87[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v87[s] = (v50[s] && v86[s]);
      bool v88[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v88[s] = v84[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v88[s]; }
      __syncthreads();
      bool v89[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v89[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v90[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v90[s] = (v52[s] && v89[s]);
      mt_i64 v91 = (v79 * v4);
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = v91;
      mt_i64 v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v93[s] = (v39[s] + v92[s]);
      float v94 = 0.0f;
      float v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v95[s] = (MT_FLAT(s) < 2048 && v87[s]) ? p0[v93[s]] : v94; }
      mt_i64 v96 = (v79 * v5);
      mt_i64 v97[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v97[s] = v96;
      mt_i64 v98[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v98[s] = (v48[s] + v97[s]);
      float v100[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v100[s] = (MT_FLAT(s) < 2048 && v90[s]) ? p1[v98[s]] : v94; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 0))[f] = v95[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)(mt_smem + 8192))[f] = v100[s]; }
      __syncthreads();
      float v101[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v80[s]; if (f < 4096) { const int i = f / 64, j = f % 64; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 8192))[k * 64 + j], t); } v101[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v95[s]; }
      __syncthreads();
      float v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v102[s] = acc; } else { v102[s] = 0; } }
      __syncthreads();
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v103[s] = (v81[s] + v102[s]);
      float y7[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y7[s] = v101[s];
      float y8[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y8[s] = v103[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v80[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = y8[s];
    }
    float v104[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v104[s] = v80[s];
    float v105[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v105[s] = v81[s];
    mt_i64 v106[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v106[s] = v7;
    mt_i64 v107[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v107[s] = (v18[s] * v106[s]);
    mt_i64 v108[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v108[s] = v107[s];
    mt_i64 v109[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v109[s] = v8;
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v24[s] * v109[s]);
    mt_i64 v111[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v111[s] = v110[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v108[s]; }
    __syncthreads();
    mt_i64 v112[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v112[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v111[s]; }
    __syncthreads();
    mt_i64 v113[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v113[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v114[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v114[s] = (v112[s] + v113[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v117[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v117[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v118[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v118[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v119[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v119[s] = (v117[s] && v118[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v119[s]) p2[v114[s]] = v104[s]; }
    bool v121 = (v12 == v58);
    bool v122[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v122[s] = v121;
    bool v123[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v123[s] = (v26[s] && v122[s]);
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v18[g];
      if ((MT_FLAT(g + 0) < 64 && v123[g + 0]) && (MT_FLAT(g + 1) < 64 && v123[g + 1]) && (MT_FLAT(g + 2) < 64 && v123[g + 2]) && (MT_FLAT(g + 3) < 64 && v123[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v105[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; if (MT_FLAT(s) < 64 && v123[s]) p3[v18[s]] = v105[s]; }
      }
    }
  }
}
