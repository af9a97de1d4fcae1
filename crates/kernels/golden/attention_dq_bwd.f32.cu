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
extern "C" __global__ void __launch_bounds__(1024) mt_attention_dq(const float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3, const float* __restrict__ p4, const float* __restrict__ p5, float* __restrict__ p6, float* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[32768];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p8 % 4) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0 && ((unsigned long long)(const void*)p7 % 16) == 0;
  if (mt_fast) {
    mt_i64 v0 = p8;
    mt_i64 v1 = p9;
    mt_i64 v2 = p10;
    mt_i64 v3 = p11;
    mt_i64 v4 = p12;
    mt_i64 v5 = p13;
    mt_i64 v6 = p14;
    float v7 = p15;
    int v8[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v8[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v9[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v9[s] = (mt_i64)(v8[s]);
    int v10 = (int)blockIdx.x;
    mt_i64 v11 = (mt_i64)(v10);
    int v12 = (int)blockIdx.y;
    mt_i64 v13 = (mt_i64)(v12);
    int v14 = (int)blockIdx.z;
    mt_i64 v15 = (mt_i64)(v14);
    mt_i64 v16 = 32LL;
    mt_i64 v17 = (v11 * v16);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = v17;
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v0;
    bool v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v27;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v2;
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v29[s] * v33[s]);
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = v34[s];
    mt_i64 v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = v9[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v35[s]; }
    __syncthreads();
    mt_i64 v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v37[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v38[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 128) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v37[s] + v38[s]);
    bool v40[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v40[s] = v24[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v40[s]; }
    __syncthreads();
    bool v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v41[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    float v42 = 0.0f;
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v43[s] = (true && v41[s]) ? p0[v39[s]] : v42; }
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v54[s] = (true && v41[s]) ? p5[v39[s]] : v42; }
    float v65[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v65[s] = (true && v41[s]) ? p3[v39[s]] : v42; }
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v54[s] * v65[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v66[s]; }
    __syncthreads();
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = acc + x; } v67[s] = acc; } else { v67[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g) < 32 && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v67[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      }
    }
    float v69[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g) < 32 && v24[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v69[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v69[g + k] = v42; }
      }
    }
    float v70[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v70[s] = v69[s];
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = v67[s];
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = 0.0f;
    mt_i64 v75 = (v17 + v6);
    mt_i64 v76 = 1LL;
    mt_i64 v77 = (v75 + v76);
    mt_i64 v78 = (v1 < v77 ? v1 : v77);
    mt_i64 v79 = 0LL;
    mt_i64 v80 = (v78 > v79 ? v78 : v79);
    mt_i64 v82 = (v17 + v16);
    mt_i64 v83 = (v82 + v6);
    mt_i64 v84 = (v1 < v83 ? v1 : v83);
    mt_i64 v86 = (v16 == 0 ? 0 : v80 % v16);
    mt_i64 v87 = (v80 - v86);
    float v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = v74[s];
    for (mt_i64 v90 = v79; v90 < v87; v90 += v16) {
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = v90;
      mt_i64 v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v93[s] = (v92[s] + v19[s]);
      mt_i64 v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v94[s] = v32;
      mt_i64 v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v95[s] = (v94[s] + v93[s]);
      mt_i64 v97[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v97[s] = (v95[s] * v33[s]);
      mt_i64 v98[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v98[s] = v97[s];
      mt_i64 v99[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v99[s] = v9[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v98[s]; }
      __syncthreads();
      mt_i64 v100[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v100[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v99[s]; }
      __syncthreads();
      mt_i64 v101[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v101[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 32) % 128) * 1] : 0; }
      __syncthreads();
      mt_i64 v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v102[s] = (v100[s] + v101[s]);
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v103[s] = (true) ? p1[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v103[s]; }
      __syncthreads();
      float v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v104[s] = t; }
      __syncthreads();
      float v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = v7;
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = (v104[s] * v105[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v70[s]; }
      __syncthreads();
      float v107[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v107[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v108[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v108[s] = (v106[s] - v107[s]);
      float v109[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v109[s] = expf(v108[s]);
      float v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v117[s] = (true) ? p2[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v117[s]; }
      __syncthreads();
      float v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v118[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v119[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = (v118[s] - v119[s]);
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v109[s] * v120[s]);
      mt_i64 v124[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v124[s] = v97[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v124[s]; }
      __syncthreads();
      mt_i64 v126[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v126[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      mt_i64 v128[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v128[s] = (v126[s] + v38[s]);
      float v129[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v129[s] = (true) ? p1[v128[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v121[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v129[s]; }
      __syncthreads();
      float v130[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v91[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v130[s] = t; }
      __syncthreads();
      float y1[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y1[s] = v130[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = y1[s];
    }
    float v131[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v131[s] = v91[s];
    float v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = v131[s];
    for (mt_i64 v133 = v87; v133 < v84; v133 += v16) {
      mt_i64 v135[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v135[s] = v133;
      mt_i64 v136[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v136[s] = (v135[s] + v19[s]);
      mt_i64 v137[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v137[s] = v1;
      bool v138[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v138[s] = (v136[s] < v137[s]);
      mt_i64 v139[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v139[s] = v32;
      mt_i64 v140[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v140[s] = (v139[s] + v136[s]);
      mt_i64 v142[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v142[s] = (v140[s] * v33[s]);
      mt_i64 v143[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v143[s] = v142[s];
      mt_i64 v144[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v144[s] = v9[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v143[s]; }
      __syncthreads();
      mt_i64 v145[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v145[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v144[s]; }
      __syncthreads();
      mt_i64 v146[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v146[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 32) % 128) * 1] : 0; }
      __syncthreads();
      mt_i64 v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v145[s] + v146[s]);
      bool v148[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v148[s] = v138[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v148[s]; }
      __syncthreads();
      bool v149[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v149[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      float v151[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v151[s] = (true && v149[s]) ? p1[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v151[s]; }
      __syncthreads();
      float v152[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v152[s] = t; }
      __syncthreads();
      float v153[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v153[s] = v7;
      float v154[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v154[s] = (v152[s] * v153[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v70[s]; }
      __syncthreads();
      float v155[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v155[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v156[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v156[s] = (v154[s] - v155[s]);
      float v157[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v157[s] = expf(v156[s]);
      mt_i64 v161[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v161[s] = v136[s];
      mt_i64 v162[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v162[s] = v21[s];
      mt_i64 v163[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v163[s] = v6;
      mt_i64 v164[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v164[s] = (v162[s] + v163[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v161[s]; }
      __syncthreads();
      mt_i64 v165[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v165[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v164[s]; }
      __syncthreads();
      mt_i64 v166[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v166[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      bool v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v165[s] <= v166[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v148[s]; }
      __syncthreads();
      bool v168[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v168[s] = f < 1024 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v169[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v169[s] = (v168[s] && v167[s]);
      float v171[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v171[s] = 0.0f;
      float v172[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v172[s] = (v169[s] ? v157[s] : v171[s]);
      float v183[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v183[s] = (true && v149[s]) ? p2[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v183[s]; }
      __syncthreads();
      float v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v184[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v185[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (v184[s] - v185[s]);
      float v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = (v172[s] * v186[s]);
      mt_i64 v190[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v190[s] = v142[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v190[s]; }
      __syncthreads();
      mt_i64 v192[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v192[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      mt_i64 v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = (v192[s] + v38[s]);
      bool v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = v138[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v195[s]; }
      __syncthreads();
      bool v196[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v196[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v198[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v198[s] = (true && v196[s]) ? p1[v194[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v187[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v198[s]; }
      __syncthreads();
      float v199[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v134[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v199[s] = t; }
      __syncthreads();
      float y2[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y2[s] = v199[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = y2[s];
    }
    float v200[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v200[s] = v134[s];
    float v201[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v201[s] = v7;
    float v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = (v200[s] * v201[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v41[s]) p6[v39[s]] = v202[s]; }
  } else {
    mt_i64 v0 = p8;
    mt_i64 v1 = p9;
    mt_i64 v2 = p10;
    mt_i64 v3 = p11;
    mt_i64 v4 = p12;
    mt_i64 v5 = p13;
    mt_i64 v6 = p14;
    float v7 = p15;
    int v8[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v8[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v9[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v9[s] = (mt_i64)(v8[s]);
    int v10 = (int)blockIdx.x;
    mt_i64 v11 = (mt_i64)(v10);
    int v12 = (int)blockIdx.y;
    mt_i64 v13 = (mt_i64)(v12);
    int v14 = (int)blockIdx.z;
    mt_i64 v15 = (mt_i64)(v14);
    mt_i64 v16 = 32LL;
    mt_i64 v17 = (v11 * v16);
    int v18[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v18[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v19[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v19[s] = (mt_i64)(v18[s]);
    mt_i64 v20[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v20[s] = v17;
    mt_i64 v21[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v21[s] = (v20[s] + v19[s]);
    mt_i64 v22 = (v5 == 0 ? 0 : v13 / v5);
    mt_i64 v23[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v23[s] = v0;
    bool v24[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v24[s] = (v21[s] < v23[s]);
    mt_i64 v25 = (v15 * v3);
    mt_i64 v26 = (v25 + v13);
    mt_i64 v27 = (v26 * v0);
    mt_i64 v28[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v28[s] = v27;
    mt_i64 v29[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v29[s] = (v28[s] + v21[s]);
    mt_i64 v30 = (v15 * v4);
    mt_i64 v31 = (v30 + v22);
    mt_i64 v32 = (v31 * v1);
    mt_i64 v33[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v33[s] = v2;
    mt_i64 v34[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v34[s] = (v29[s] * v33[s]);
    mt_i64 v35[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v35[s] = v34[s];
    mt_i64 v36[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v36[s] = v9[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v35[s]; }
    __syncthreads();
    mt_i64 v37[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v37[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v38[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 128) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v37[s] + v38[s]);
    bool v40[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v40[s] = v24[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v40[s]; }
    __syncthreads();
    bool v41[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v41[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
    __syncthreads();
    float v42 = 0.0f;
    float v43[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v43[s] = (true && v41[s]) ? p0[v39[s]] : v42; }
    float v54[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v54[s] = (true && v41[s]) ? p5[v39[s]] : v42; }
    float v65[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v65[s] = (true && v41[s]) ? p3[v39[s]] : v42; }
    float v66[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v66[s] = (v54[s] * v65[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)mt_smem)[f] = v66[s]; }
    __syncthreads();
    float v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 128; ++k) { const float x = ((float*)mt_smem)[(o * 128 + k) * 1 + i]; acc = acc + x; } v67[s] = acc; } else { v67[s] = 0; } }
    __syncthreads();
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g + 0) < 32 && v24[g + 0]) && (MT_FLAT(g + 1) < 32 && v24[g + 1]) && (MT_FLAT(g + 2) < 32 && v24[g + 2]) && (MT_FLAT(g + 3) < 32 && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v67[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p7 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; if (MT_FLAT(s) < 32 && v24[s]) p7[v29[s]] = v67[s]; }
      }
    }
    float v69[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v29[g];
      if ((MT_FLAT(g + 0) < 32 && v24[g + 0]) && (MT_FLAT(g + 1) < 32 && v24[g + 1]) && (MT_FLAT(g + 2) < 32 && v24[g + 2]) && (MT_FLAT(g + 3) < 32 && v24[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p4 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v69[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v69[s] = (MT_FLAT(s) < 32 && v24[s]) ? p4[v29[s]] : v42; }
      }
    }
    float v70[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v70[s] = v69[s];
    float v71[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v71[s] = v67[s];
    float v74[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v74[s] = 0.0f;
    mt_i64 v75 = (v17 + v6);
    mt_i64 v76 = 1LL;
    mt_i64 v77 = (v75 + v76);
    mt_i64 v78 = (v1 < v77 ? v1 : v77);
    mt_i64 v79 = 0LL;
    mt_i64 v80 = (v78 > v79 ? v78 : v79);
    mt_i64 v82 = (v17 + v16);
    mt_i64 v83 = (v82 + v6);
    mt_i64 v84 = (v1 < v83 ? v1 : v83);
    mt_i64 v86 = (v16 == 0 ? 0 : v80 % v16);
    mt_i64 v87 = (v80 - v86);
    float v91[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v91[s] = v74[s];
    for (mt_i64 v90 = v79; v90 < v87; v90 += v16) {
      mt_i64 v92[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v92[s] = v90;
      mt_i64 v93[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v93[s] = (v92[s] + v19[s]);
      mt_i64 v94[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v94[s] = v32;
      mt_i64 v95[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v95[s] = (v94[s] + v93[s]);
      mt_i64 v97[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v97[s] = (v95[s] * v33[s]);
      mt_i64 v98[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v98[s] = v97[s];
      mt_i64 v99[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v99[s] = v9[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v98[s]; }
      __syncthreads();
      mt_i64 v100[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v100[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v99[s]; }
      __syncthreads();
      mt_i64 v101[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v101[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 32) % 128) * 1] : 0; }
      __syncthreads();
      mt_i64 v102[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v102[s] = (v100[s] + v101[s]);
      float v103[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v103[s] = (true) ? p1[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v103[s]; }
      __syncthreads();
      float v104[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v104[s] = t; }
      __syncthreads();
      float v105[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v105[s] = v7;
      float v106[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v106[s] = (v104[s] * v105[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v70[s]; }
      __syncthreads();
      float v107[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v107[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v108[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v108[s] = (v106[s] - v107[s]);
      float v109[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v109[s] = expf(v108[s]);
      float v117[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v117[s] = (true) ? p2[v102[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v117[s]; }
      __syncthreads();
      float v118[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v118[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v119[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v119[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v120[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v120[s] = (v118[s] - v119[s]);
      float v121[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v121[s] = (v109[s] * v120[s]);
      mt_i64 v124[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v124[s] = v97[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v124[s]; }
      __syncthreads();
      mt_i64 v126[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v126[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      mt_i64 v128[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v128[s] = (v126[s] + v38[s]);
      float v129[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v129[s] = (true) ? p1[v128[s]] : 0; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v121[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v129[s]; }
      __syncthreads();
      float v130[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v91[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v130[s] = t; }
      __syncthreads();
      float y3[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y3[s] = v130[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v91[s] = y3[s];
    }
    float v131[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v131[s] = v91[s];
    float v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = v131[s];
    for (mt_i64 v133 = v87; v133 < v84; v133 += v16) {
      mt_i64 v135[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v135[s] = v133;
      mt_i64 v136[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v136[s] = (v135[s] + v19[s]);
      mt_i64 v137[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v137[s] = v1;
      bool v138[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v138[s] = (v136[s] < v137[s]);
      mt_i64 v139[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v139[s] = v32;
      mt_i64 v140[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v140[s] = (v139[s] + v136[s]);
      mt_i64 v142[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v142[s] = (v140[s] * v33[s]);
      mt_i64 v143[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v143[s] = v142[s];
      mt_i64 v144[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v144[s] = v9[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v143[s]; }
      __syncthreads();
      mt_i64 v145[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v145[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v144[s]; }
      __syncthreads();
      mt_i64 v146[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v146[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 32) % 128) * 1] : 0; }
      __syncthreads();
      mt_i64 v147[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v147[s] = (v145[s] + v146[s]);
      bool v148[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v148[s] = v138[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v148[s]; }
      __syncthreads();
      bool v149[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v149[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      float v151[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v151[s] = (true && v149[s]) ? p1[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v43[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v151[s]; }
      __syncthreads();
      float v152[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v152[s] = t; }
      __syncthreads();
      float v153[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v153[s] = v7;
      float v154[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v154[s] = (v152[s] * v153[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v70[s]; }
      __syncthreads();
      float v155[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v155[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v156[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v156[s] = (v154[s] - v155[s]);
      float v157[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v157[s] = expf(v156[s]);
      mt_i64 v161[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v161[s] = v136[s];
      mt_i64 v162[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v162[s] = v21[s];
      mt_i64 v163[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v163[s] = v6;
      mt_i64 v164[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v164[s] = (v162[s] + v163[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v161[s]; }
      __syncthreads();
      mt_i64 v165[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v165[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v164[s]; }
      __syncthreads();
      mt_i64 v166[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v166[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      bool v167[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v167[s] = (v165[s] <= v166[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v148[s]; }
      __syncthreads();
      bool v168[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v168[s] = f < 1024 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v169[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v169[s] = (v168[s] && v167[s]);
      float v171[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v171[s] = 0.0f;
      float v172[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v172[s] = (v169[s] ? v157[s] : v171[s]);
      float v183[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v183[s] = (true && v149[s]) ? p2[v147[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 0))[f] = v54[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 16384))[f] = v183[s]; }
      __syncthreads();
      float v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = 0.0f; if (f < 1024) { const int i = f / 32, j = f % 32; for (int k = 0; k < 128; ++k) t = fmaf(((float*)mt_smem)[i * 128 + k], ((float*)(mt_smem + 16384))[k * 32 + j], t); } v184[s] = t; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v71[s]; }
      __syncthreads();
      float v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v185[s] = f < 1024 ? ((float*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      float v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (v184[s] - v185[s]);
      float v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = (v172[s] * v186[s]);
      mt_i64 v190[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v190[s] = v142[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v190[s]; }
      __syncthreads();
      mt_i64 v192[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v192[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      mt_i64 v194[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v194[s] = (v192[s] + v38[s]);
      bool v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = v138[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v195[s]; }
      __syncthreads();
      bool v196[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); v196[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v198[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v198[s] = (true && v196[s]) ? p1[v194[s]] : v42; }
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((float*)(mt_smem + 0))[f] = v187[s]; }
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((float*)(mt_smem + 4096))[f] = v198[s]; }
      __syncthreads();
      float v199[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { const int f = MT_FLAT(s); float t = v134[s]; if (f < 4096) { const int i = f / 128, j = f % 128; for (int k = 0; k < 32; ++k) t = fmaf(((float*)mt_smem)[i * 32 + k], ((float*)(mt_smem + 4096))[k * 128 + j], t); } v199[s] = t; }
      __syncthreads();
      float y4[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) y4[s] = v199[s];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v134[s] = y4[s];
    }
    float v200[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v200[s] = v134[s];
    float v201[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v201[s] = v7;
    float v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = (v200[s] * v201[s]);
    #pragma unroll
    for (int s = 0; s < 4; ++s) { if (true && v41[s]) p6[v39[s]] = v202[s]; }
  }
}
