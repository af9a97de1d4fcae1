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
extern "C" __global__ void __launch_bounds__(512) mt_matmul_gemm(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, float* __restrict__ p2, float* __restrict__ p3, mt_i64 p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[24576];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0;
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
    int v15[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v15[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = (mt_i64)(v15[s]);
    mt_i64 v17[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v17[s] = v14;
    mt_i64 v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (v17[s] + v16[s]);
    mt_i64 v20 = (v12 * v13);
    mt_i64 v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v20;
    mt_i64 v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v23[s] + v16[s]);
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v0;
    bool v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = (v18[s] < v25[s]);
    mt_i64 v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v1;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v24[s] < v27[s]);
    int v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (mt_i64)(v29[s]);
    mt_i64 v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v3;
    mt_i64 v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v18[s] * v31[s]);
    mt_i64 v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v32[s];
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v4;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v30[s] * v34[s]);
    mt_i64 v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v35[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v33[s]; }
    __syncthreads();
    mt_i64 v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v37[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v38[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v37[s] + v38[s]);
    mt_i64 v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = v5;
    mt_i64 v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (v30[s] * v40[s]);
    mt_i64 v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41[s];
    mt_i64 v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = v6;
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (v24[s] * v43[s]);
    mt_i64 v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v44[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v42[s]; }
    __syncthreads();
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v46[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 64) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v45[s]; }
    __syncthreads();
    mt_i64 v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v47[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v46[s] + v47[s]);
    bool v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v26[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v50[s] = f < 2048 ? ((bool*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    bool v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v28[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v52[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = 0.0f;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = 0.0f;
    mt_i64 v55 = 32LL;
    mt_i64 v56 = (v55 == 0 ? 0 : v2 % v55);
    mt_i64 v57 = (v2 - v56);
    mt_i64 v58 = 0LL;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v53[s];
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = v54[s];
    for (mt_i64 v60 = v58; v60 < v57; v60 += v55) {
      mt_i64 v63 = (v60 * v4);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = v63;
      mt_i64 v65[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v65[s] = (v39[s] + v64[s]);
      float v66 = 0.0f;
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v50[s]) ? mt_bf16_to_f32(p0[v65[s]]) : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = v68;
      mt_i64 v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v52[s]) ? mt_bf16_to_f32(p1[v70[s]]) : v66; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v67[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v72[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 4, tj = t % 4;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 4096) + k * 64 + tj * 16, 64);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 8192) + ti * 16 * 64 + tj * 16, fc, 64, wmma::mem_row_major);
      }
      __syncthreads();
      float v73[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v73[s] = f < 4096 ? v61[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float v74[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v74[s] = v67[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v74[s]; }
      __syncthreads();
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v75[s] = acc; } else { v75[s] = 0; } }
      __syncthreads();
      float v76[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v76[s] = (v62[s] + v75[s]);
      float y1[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y1[s] = v73[s];
      float y2[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y2[s] = v76[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v61[s] = y1[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v62[s] = y2[s];
    }
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = v61[s];
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = v62[s];
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = v77[s];
    float v82[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v82[s] = v78[s];
    for (mt_i64 v80 = v57; v80 < v2; v80 += v55) {
      mt_i64 v83 = (v2 - v80);
      mt_i64 v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = v83;
      bool v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v30[s] < v84[s]);
      bool v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v85[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v86[s]; }
      __syncthreads();
      bool v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v87[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v88[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v88[s] = (v50[s] && v87[s]);
      bool v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v89[s] = v85[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v89[s]; }
      __syncthreads();
      bool v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v90[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = (v52[s] && v90[s]);
      mt_i64 v92 = (v80 * v4);
      mt_i64 v93[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = v92;
      mt_i64 v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v94[s] = (v39[s] + v93[s]);
      float v95 = 0.0f;
      float v96[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v96[s] = (MT_FLAT(s) < 2048 && v88[s]) ? mt_bf16_to_f32(p0[v94[s]]) : v95; }
      mt_i64 v97 = (v80 * v5);
      mt_i64 v98[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v98[s] = v97;
      mt_i64 v99[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v99[s] = (v48[s] + v98[s]);
      float v101[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v101[s] = (MT_FLAT(s) < 2048 && v91[s]) ? mt_bf16_to_f32(p1[v99[s]]) : v95; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v96[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v101[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 4, tj = t % 4;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 4096) + k * 64 + tj * 16, 64);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 8192) + ti * 16 * 64 + tj * 16, fc, 64, wmma::mem_row_major);
      }
      __syncthreads();
      float v102[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v102[s] = f < 4096 ? v81[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float v103[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v103[s] = v96[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v103[s]; }
      __syncthreads();
      float v104[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v104[s] = acc; } else { v104[s] = 0; } }
      __syncthreads();
      float v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v105[s] = (v82[s] + v104[s]);
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v102[s];
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v105[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = y3[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = y4[s];
    }
    float v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = v81[s];
    float v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = v82[s];
    mt_i64 v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v7;
    mt_i64 v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = (v18[s] * v108[s]);
    mt_i64 v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = v109[s];
    mt_i64 v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v8;
    mt_i64 v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (v24[s] * v111[s]);
    mt_i64 v113[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v113[s] = v112[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v110[s]; }
    __syncthreads();
    mt_i64 v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v114[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v113[s]; }
    __syncthreads();
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v115[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v114[s] + v115[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v119[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v120[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v119[s] && v120[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v121[s]) p2[v116[s]] = v106[s]; }
    bool v123 = (v12 == v58);
    bool v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = v123;
    bool v125[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v125[s] = (v26[s] && v124[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v18[g];
      if ((MT_FLAT(g) < 64 && v125[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v107[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
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
    int v15[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v15[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v16[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v16[s] = (mt_i64)(v15[s]);
    mt_i64 v17[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v17[s] = v14;
    mt_i64 v18[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v18[s] = (v17[s] + v16[s]);
    mt_i64 v20 = (v12 * v13);
    mt_i64 v23[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v23[s] = v20;
    mt_i64 v24[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v24[s] = (v23[s] + v16[s]);
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v0;
    bool v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = (v18[s] < v25[s]);
    mt_i64 v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v1;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v24[s] < v27[s]);
    int v29[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v29[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (mt_i64)(v29[s]);
    mt_i64 v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = v3;
    mt_i64 v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = (v18[s] * v31[s]);
    mt_i64 v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v32[s];
    mt_i64 v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = v4;
    mt_i64 v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (v30[s] * v34[s]);
    mt_i64 v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = v35[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v33[s]; }
    __syncthreads();
    mt_i64 v37[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v37[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v36[s]; }
    __syncthreads();
    mt_i64 v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v38[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 32) * 1] : 0; }
    __syncthreads();
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v37[s] + v38[s]);
    mt_i64 v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = v5;
    mt_i64 v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (v30[s] * v40[s]);
    mt_i64 v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = v41[s];
    mt_i64 v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = v6;
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (v24[s] * v43[s]);
    mt_i64 v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = v44[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((mt_i64*)mt_smem)[f] = v42[s]; }
    __syncthreads();
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v46[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 64) % 32) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v45[s]; }
    __syncthreads();
    mt_i64 v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v47[s] = f < 2048 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v46[s] + v47[s]);
    bool v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = v26[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v50[s] = f < 2048 ? ((bool*)mt_smem)[((f / 32) % 64) * 1] : 0; }
    __syncthreads();
    bool v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v28[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v52[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = 0.0f;
    float v54[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v54[s] = 0.0f;
    mt_i64 v55 = 32LL;
    mt_i64 v56 = (v55 == 0 ? 0 : v2 % v55);
    mt_i64 v57 = (v2 - v56);
    mt_i64 v58 = 0LL;
    float v61[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v61[s] = v53[s];
    float v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = v54[s];
    for (mt_i64 v60 = v58; v60 < v57; v60 += v55) {
      mt_i64 v63 = (v60 * v4);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = v63;
      mt_i64 v65[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v65[s] = (v39[s] + v64[s]);
      float v66 = 0.0f;
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v50[s]) ? mt_bf16_to_f32(p0[v65[s]]) : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = v68;
      mt_i64 v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v52[s]) ? mt_bf16_to_f32(p1[v70[s]]) : v66; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v67[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v72[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 4, tj = t % 4;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 4096) + k * 64 + tj * 16, 64);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 8192) + ti * 16 * 64 + tj * 16, fc, 64, wmma::mem_row_major);
      }
      __syncthreads();
      float v73[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v73[s] = f < 4096 ? v61[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float v74[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v74[s] = v67[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v74[s]; }
      __syncthreads();
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v75[s] = acc; } else { v75[s] = 0; } }
      __syncthreads();
      float v76[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v76[s] = (v62[s] + v75[s]);
      float y5[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y5[s] = v73[s];
      float y6[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y6[s] = v76[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v61[s] = y5[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v62[s] = y6[s];
    }
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = v61[s];
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = v62[s];
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = v77[s];
    float v82[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v82[s] = v78[s];
    for (mt_i64 v80 = v57; v80 < v2; v80 += v55) {
      mt_i64 v83 = (v2 - v80);
      mt_i64 v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = v83;
      bool v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v30[s] < v84[s]);
      bool v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v85[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v86[s]; }
      __syncthreads();
      bool v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v87[s] = f < 2048 ? ((bool*)mt_smem)[((f / 1) % 32) * 1] : 0; }
      __syncthreads();
      bool v88[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v88[s] = (v50[s] && v87[s]);
      bool v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v89[s] = v85[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 32) ((bool*)mt_smem)[f] = v89[s]; }
      __syncthreads();
      bool v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v90[s] = f < 2048 ? ((bool*)mt_smem)[((f / 64) % 32) * 1] : 0; }
      __syncthreads();
      bool v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = (v52[s] && v90[s]);
      mt_i64 v92 = (v80 * v4);
      mt_i64 v93[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v93[s] = v92;
      mt_i64 v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v94[s] = (v39[s] + v93[s]);
      float v95 = 0.0f;
      float v96[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v96[s] = (MT_FLAT(s) < 2048 && v88[s]) ? mt_bf16_to_f32(p0[v94[s]]) : v95; }
      mt_i64 v97 = (v80 * v5);
      mt_i64 v98[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v98[s] = v97;
      mt_i64 v99[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v99[s] = (v48[s] + v98[s]);
      float v101[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v101[s] = (MT_FLAT(s) < 2048 && v91[s]) ? mt_bf16_to_f32(p1[v99[s]]) : v95; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v96[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v101[s]); }
      __syncthreads();
      for (int t = mt_warp; t < 16; t += 16) {
        const int ti = t / 4, tj = t % 4;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        for (int k = 0; k < 32; k += 16) {
          wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
          wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
          wmma::load_matrix_sync(fa, (const __nv_bfloat16*)(mt_smem) + ti * 16 * 32 + k, 32);
          wmma::load_matrix_sync(fb, (const __nv_bfloat16*)(mt_smem + 4096) + k * 64 + tj * 16, 64);
          wmma::mma_sync(fc, fa, fb, fc);
        }
        wmma::store_matrix_sync((float*)(mt_smem + 8192) + ti * 16 * 64 + tj * 16, fc, 64, wmma::mem_row_major);
      }
      __syncthreads();
      float v102[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v102[s] = f < 4096 ? v81[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float v103[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v103[s] = v96[s];
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((float*)mt_smem)[f] = v103[s]; }
      __syncthreads();
      float v104[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) { const int o = f / 1, i = f % 1; float acc = 0.0f; for (int k = 0; k < 32; ++k) { const float x = ((float*)mt_smem)[(o * 32 + k) * 1 + i]; acc = acc + x; } v104[s] = acc; } else { v104[s] = 0; } }
      __syncthreads();
      float v105[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v105[s] = (v82[s] + v104[s]);
      float y7[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y7[s] = v102[s];
      float y8[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y8[s] = v105[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = y8[s];
    }
    float v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = v81[s];
    float v107[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v107[s] = v82[s];
    mt_i64 v108[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v108[s] = v7;
    mt_i64 v109[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v109[s] = (v18[s] * v108[s]);
    mt_i64 v110[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v110[s] = v109[s];
    mt_i64 v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v8;
    mt_i64 v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (v24[s] * v111[s]);
    mt_i64 v113[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v113[s] = v112[s];
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v110[s]; }
    __syncthreads();
    mt_i64 v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v114[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((mt_i64*)mt_smem)[f] = v113[s]; }
    __syncthreads();
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v115[s] = f < 4096 ? ((mt_i64*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v114[s] + v115[s]);
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v49[s]; }
    __syncthreads();
    bool v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v119[s] = f < 4096 ? ((bool*)mt_smem)[((f / 64) % 64) * 1] : 0; }
    __syncthreads();
    __syncthreads();
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 64) ((bool*)mt_smem)[f] = v51[s]; }
    __syncthreads();
    bool v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v120[s] = f < 4096 ? ((bool*)mt_smem)[((f / 1) % 64) * 1] : 0; }
    __syncthreads();
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v119[s] && v120[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v121[s]) p2[v116[s]] = v106[s]; }
    bool v123 = (v12 == v58);
    bool v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = v123;
    bool v125[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v125[s] = (v26[s] && v124[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v18[g];
      if ((MT_FLAT(g + 0) < 64 && v125[g + 0]) && (MT_FLAT(g + 1) < 64 && v125[g + 1]) && (MT_FLAT(g + 2) < 64 && v125[g + 2]) && (MT_FLAT(g + 3) < 64 && v125[g + 3]) && (MT_FLAT(g + 4) < 64 && v125[g + 4]) && (MT_FLAT(g + 5) < 64 && v125[g + 5]) && (MT_FLAT(g + 6) < 64 && v125[g + 6]) && (MT_FLAT(g + 7) < 64 && v125[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v107[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; (void)s; if (MT_FLAT(s) < 64 && v125[s]) p3[v18[s]] = v107[s]; }
      }
    }
  }
}
