#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;
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
#define MT_THREADS 512
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_attention_dkv(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, const float* __restrict__ p3, const mt_u16* __restrict__ p4, const float* __restrict__ p5, mt_u16* __restrict__ p6, mt_u16* __restrict__ p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13, mt_i64 p14, float p15) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[26624];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  mt_i64 v0 = p8;
  mt_i64 v1 = p9;
  mt_i64 v2 = p10;
  mt_i64 v3 = p11;
  mt_i64 v4 = p12;
  mt_i64 v5 = p13;
  mt_i64 v6 = p14;
  float v7 = p15;
  int v8[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v8[s] = (int)(0 + MT_FLAT(s));
  mt_i64 v9[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v9[s] = (mt_i64)(v8[s]);
  int v10 = (int)blockIdx.x;
  mt_i64 v11 = (mt_i64)(v10);
  int v12 = (int)blockIdx.y;
  mt_i64 v13 = (mt_i64)(v12);
  int v14 = (int)blockIdx.z;
  mt_i64 v15 = (mt_i64)(v14);
  mt_i64 v16 = 32LL;
  mt_i64 v17 = (v11 * v16);
  int v18[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v18[s] = (int)(0 + MT_FLAT(s));
  mt_i64 v19[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v19[s] = (mt_i64)(v18[s]);
  mt_i64 v20[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v20[s] = v17;
  mt_i64 v21[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v21[s] = (v20[s] + v19[s]);
  mt_i64 v22[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v22[s] = v1;
  bool v23[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v23[s] = (v21[s] < v22[s]);
  mt_i64 v24 = (v15 * v4);
  mt_i64 v25 = (v24 + v13);
  mt_i64 v26 = (v25 * v1);
  mt_i64 v27[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v27[s] = v26;
  mt_i64 v28[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v28[s] = (v27[s] + v21[s]);
  mt_i64 v29[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v29[s] = v2;
  mt_i64 v30[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v30[s] = (v28[s] * v29[s]);
  mt_i64 v31[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v31[s] = v30[s];
  mt_i64 v32[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v32[s] = v9[s];
  __syncthreads();
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v31[s]; }
  __syncthreads();
  mt_i64 v33[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v33[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
  __syncthreads();
  __syncthreads();
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v32[s]; }
  __syncthreads();
  mt_i64 v34[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v34[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 128) * 1] : 0; }
  __syncthreads();
  mt_i64 v35[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v35[s] = (v33[s] + v34[s]);
  bool v36[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v36[s] = v23[s];
  __syncthreads();
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v36[s]; }
  __syncthreads();
  bool v37[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v37[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
  __syncthreads();
  float v38 = 0.0f;
  float v39[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) { v39[s] = (true && v37[s]) ? mt_f16_to_f32(p1[v35[s]]) : v38; }
  float v50[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) { v50[s] = (true && v37[s]) ? mt_f16_to_f32(p2[v35[s]]) : v38; }
  mt_i64 v53 = (v17 - v6);
  mt_i64 v54 = 0LL;
  mt_i64 v55 = (v53 > v54 ? v53 : v54);
  mt_i64 v57 = (v16 == 0 ? 0 : v55 % v16);
  mt_i64 v58 = (v55 - v57);
  float v59[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v59[s] = 0.0f;
  mt_i64 v61 = 1LL;
  float v63[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v63[s] = v59[s];
  float v64[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v64[s] = v59[s];
  for (mt_i64 v62 = v54; v62 < v5; v62 += v61) {
    mt_i64 v65 = (v13 * v5);
    mt_i64 v66 = (v65 + v62);
    mt_i64 v67 = (v15 * v3);
    mt_i64 v68 = (v67 + v66);
    mt_i64 v69 = (v68 * v0);
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = v63[s];
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v64[s];
    for (mt_i64 v71 = v58; v71 < v0; v71 += v16) {
      mt_i64 v74[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v74[s] = v71;
      mt_i64 v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = (v74[s] + v19[s]);
      mt_i64 v76[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v76[s] = v0;
      bool v77[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v77[s] = (v75[s] < v76[s]);
      mt_i64 v78[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v78[s] = v69;
      mt_i64 v79[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v79[s] = (v78[s] + v75[s]);
      mt_i64 v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v79[s] * v29[s]);
      mt_i64 v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = v81[s];
      mt_i64 v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = v9[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v82[s]; }
      __syncthreads();
      mt_i64 v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v84[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 128) ((mt_i64*)mt_smem)[f] = v83[s]; }
      __syncthreads();
      mt_i64 v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v85[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 32) % 128) * 1] : 0; }
      __syncthreads();
      mt_i64 v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      bool v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = v77[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v87[s]; }
      __syncthreads();
      bool v88[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v88[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v90[s] = (true && v88[s]) ? mt_f16_to_f32(p0[v86[s]]) : v38; }
      float v91 = 0.0f;
      float v92[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v79[g];
        if ((MT_FLAT(g + 0) < 32 && v77[g + 0]) && (MT_FLAT(g + 1) < 32 && v77[g + 1]) && (MT_FLAT(g + 2) < 32 && v77[g + 2]) && (MT_FLAT(g + 3) < 32 && v77[g + 3]) && (MT_FLAT(g + 4) < 32 && v77[g + 4]) && (MT_FLAT(g + 5) < 32 && v77[g + 5]) && (MT_FLAT(g + 6) < 32 && v77[g + 6]) && (MT_FLAT(g + 7) < 32 && v77[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p3 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v92[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; (void)s; v92[s] = (MT_FLAT(s) < 32 && v77[s]) ? p3[v79[s]] : v91; }
        }
      }
      float v93[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = v92[s];
      mt_i64 v97[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v97[s] = v21[s];
      mt_i64 v98[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v98[s] = v75[s];
      mt_i64 v99[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v99[s] = v6;
      mt_i64 v100[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v100[s] = (v98[s] + v99[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v97[s]; }
      __syncthreads();
      mt_i64 v101[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v101[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v100[s]; }
      __syncthreads();
      mt_i64 v102[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v102[s] = f < 1024 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v103[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v103[s] = (v101[s] <= v102[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v36[s]; }
      __syncthreads();
      bool v104[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v104[s] = f < 1024 ? ((bool*)mt_smem)[((f / 32) % 32) * 1] : 0; }
      __syncthreads();
      bool v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v105[s] = (v104[s] && v103[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v87[s]; }
      __syncthreads();
      bool v107[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v107[s] = f < 1024 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v108[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v108[s] = (v105[s] && v107[s]);
      // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v39[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v90[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v109[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v109[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      float v110[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v110[s] = v7;
      float v111[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v111[s] = (v109[s] * v110[s]);
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v93[s]; }
      __syncthreads();
      float v112[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v112[s] = f < 1024 ? ((float*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      float v113[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v113[s] = (v111[s] - v112[s]);
      float v114[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v114[s] = expf(v113[s]);
      float v116[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v116[s] = 0.0f;
      float v117[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v117[s] = (v108[s] ? v114[s] : v116[s]);
      mt_i64 v120[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v120[s] = v81[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v120[s]; }
      __syncthreads();
      mt_i64 v122[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v122[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      mt_i64 v124[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v124[s] = (v122[s] + v34[s]);
      bool v125[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v125[s] = v77[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v125[s]; }
      __syncthreads();
      bool v126[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v126[s] = f < 4096 ? ((bool*)mt_smem)[((f / 128) % 32) * 1] : 0; }
      __syncthreads();
      float v128[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v128[s] = (true && v126[s]) ? mt_f16_to_f32(p4[v124[s]]) : v38; }
      float v129[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v129[s] = mt_round_f16(v117[s]);
      // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v129[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v128[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v130[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v130[s] = f < 4096 ? v73[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float v141[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v141[s] = (true && v88[s]) ? mt_f16_to_f32(p4[v86[s]]) : v38; }
      float v143[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v79[g];
        if ((MT_FLAT(g + 0) < 32 && v77[g + 0]) && (MT_FLAT(g + 1) < 32 && v77[g + 1]) && (MT_FLAT(g + 2) < 32 && v77[g + 2]) && (MT_FLAT(g + 3) < 32 && v77[g + 3]) && (MT_FLAT(g + 4) < 32 && v77[g + 4]) && (MT_FLAT(g + 5) < 32 && v77[g + 5]) && (MT_FLAT(g + 6) < 32 && v77[g + 6]) && (MT_FLAT(g + 7) < 32 && v77[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[2]; float e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 2; ++q) u.w[q] = ((const uint4*)(p5 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v143[g + k] = u.e[k];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; (void)s; v143[s] = (MT_FLAT(s) < 32 && v77[s]) ? p5[v79[s]] : v91; }
        }
      }
      float v144[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v144[s] = v143[s];
      // dot 32x128x32 on the tensor cores (__half operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v50[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 8192))[f] = mt_f32_to_f16(v141[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 4; t += 16) {
        const int ti = t / 2, tj = t % 2;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 128; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 128 + k, 128);
          wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 8192) + k * 32 + tj * 16, 32);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 16384) + ti * 16 * 32 + tj * 16, fc, 32, wmma::mem_row_major);
      }
      __syncthreads();
      float v145[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v145[s] = f < 1024 ? 0.0f + ((float*)(mt_smem + 16384))[f] : 0.0f; }
      __syncthreads();
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((float*)mt_smem)[f] = v144[s]; }
      __syncthreads();
      float v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v146[s] = f < 1024 ? ((float*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      float v147[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v147[s] = (v145[s] - v146[s]);
      float v148[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v148[s] = (v117[s] * v147[s]);
      float v159[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v159[s] = (true && v126[s]) ? mt_f16_to_f32(p0[v124[s]]) : v38; }
      float v160[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v160[s] = mt_round_f16(v148[s]);
      // dot 32x32x128 on the tensor cores (__half operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 1024) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_f16(v160[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 4096) ((mt_u16*)(mt_smem + 2048))[f] = mt_f32_to_f16(v159[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 8, tj = t % 8;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __half*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __half*)(mt_smem + 2048) + k * 128 + tj * 16, 128);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 10240) + ti * 16 * 128 + tj * 16, fc, 128, wmma::mem_row_major);
      }
      __syncthreads();
      float v161[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v161[s] = f < 4096 ? v72[s] + ((float*)(mt_smem + 10240))[f] : 0.0f; }
      __syncthreads();
      float y5[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y5[s] = v161[s];
      float y6[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y6[s] = v130[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = y5[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v73[s] = y6[s];
    }
    float v162[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v162[s] = v72[s];
    float v163[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v163[s] = v73[s];
    float y7[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) y7[s] = v162[s];
    float y8[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) y8[s] = v163[s];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v63[s] = y7[s];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = y8[s];
  }
  float v164[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v164[s] = v63[s];
  float v165[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v165[s] = v64[s];
  float v166[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v166[s] = v7;
  float v167[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v167[s] = (v164[s] * v166[s]);
  float v176[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v176[s] = mt_round_f16(v167[s]);
  #pragma unroll
  for (int s = 0; s < 8; ++s) { if (true && v37[s]) p6[v35[s]] = mt_f32_to_f16(v176[s]); }
  float v186[8];
  #pragma unroll
  for (int s = 0; s < 8; ++s) v186[s] = mt_round_f16(v165[s]);
  #pragma unroll
  for (int s = 0; s < 8; ++s) { if (true && v37[s]) p7[v35[s]] = mt_f32_to_f16(v186[s]); }
}
