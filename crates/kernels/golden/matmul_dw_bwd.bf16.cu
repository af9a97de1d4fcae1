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
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v0;
    bool v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = (v18[s] < v25[s]);
    int v126[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v126[s] = (int)(0 + MT_FLAT(s));
    int v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = v126[s];
    int v128[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v128[s] = 32;
    int v129[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v129[s] = (int)((v128[s] == 0 ? 0 : v127[s] / v128[s]));
    mt_i64 v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = v14;
    mt_i64 v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = (mt_i64)(v129[s]);
    mt_i64 v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (v132[s] + v133[s]);
    mt_i64 v135[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v135[s] = v3;
    mt_i64 v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = (v134[s] * v135[s]);
    int v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = (int)(0 + MT_FLAT(s));
    int v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = v137[s];
    int v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = 32;
    int v142[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v142[s] = (int)((v141[s] == 0 ? 0 : v138[s] % v141[s]));
    mt_i64 v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = (mt_i64)(v142[s]);
    mt_i64 v144[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v144[s] = v4;
    mt_i64 v145[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v145[s] = (v143[s] * v144[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v136[s] + v145[s]);
    int v146[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v146[s] = (int)(0 + MT_FLAT(s));
    int v147[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v147[s] = v146[s];
    int v148[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v148[s] = 64;
    int v149[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v149[s] = (int)((v148[s] == 0 ? 0 : v147[s] / v148[s]));
    mt_i64 v152[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v152[s] = (mt_i64)(v149[s]);
    mt_i64 v153[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v153[s] = v5;
    mt_i64 v154[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v154[s] = (v152[s] * v153[s]);
    int v155[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v155[s] = (int)(0 + MT_FLAT(s));
    int v156[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v156[s] = v155[s];
    int v159[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v159[s] = 64;
    int v160[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v160[s] = (int)((v159[s] == 0 ? 0 : v156[s] % v159[s]));
    mt_i64 v161[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v161[s] = v20;
    mt_i64 v162[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v162[s] = (mt_i64)(v160[s]);
    mt_i64 v163[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v163[s] = (v161[s] + v162[s]);
    mt_i64 v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = v6;
    mt_i64 v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = (v163[s] * v164[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v154[s] + v165[s]);
    int v166[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v166[s] = (int)(0 + MT_FLAT(s));
    int v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = v166[s];
    int v168[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v168[s] = 32;
    int v169[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v169[s] = (int)((v168[s] == 0 ? 0 : v167[s] / v168[s]));
    mt_i64 v172[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v172[s] = v14;
    mt_i64 v173[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v173[s] = (mt_i64)(v169[s]);
    mt_i64 v174[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v174[s] = (v172[s] + v173[s]);
    mt_i64 v175[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v175[s] = v0;
    bool v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = (v174[s] < v175[s]);
    int v177[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v177[s] = (int)(0 + MT_FLAT(s));
    int v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = v177[s];
    int v181[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v181[s] = 64;
    int v182[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v182[s] = (int)((v181[s] == 0 ? 0 : v178[s] % v181[s]));
    mt_i64 v183[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v183[s] = v20;
    mt_i64 v184[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v184[s] = (mt_i64)(v182[s]);
    mt_i64 v185[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v185[s] = (v183[s] + v184[s]);
    mt_i64 v186[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v186[s] = v1;
    bool v187[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v187[s] = (v185[s] < v186[s]);
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
      for (int s = 0; s < 8; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v176[s]) ? mt_bf16_to_f32(p0[v65[s]]) : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = v68;
      mt_i64 v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v187[s]) ? mt_bf16_to_f32(p1[v70[s]]) : v66; }
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
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)(0 + MT_FLAT(s));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v188[s];
      int v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = 32;
      int v193[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v193[s] = (int)((v192[s] == 0 ? 0 : v189[s] % v192[s]));
      mt_i64 v194[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v194[s] = (mt_i64)(v193[s]);
      mt_i64 v195[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v195[s] = v83;
      bool v196[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v196[s] = (v194[s] < v195[s]);
      bool v88[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v88[s] = (v176[s] && v196[s]);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = (int)(0 + MT_FLAT(s));
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = v197[s];
      int v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = 64;
      int v200[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v200[s] = (int)((v199[s] == 0 ? 0 : v198[s] / v199[s]));
      mt_i64 v203[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v203[s] = (mt_i64)(v200[s]);
      mt_i64 v204[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v204[s] = v83;
      bool v205[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v205[s] = (v203[s] < v204[s]);
      bool v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = (v187[s] && v205[s]);
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
    int v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (int)(0 + MT_FLAT(s));
    int v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = v206[s];
    int v208[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v208[s] = 64;
    int v209[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v209[s] = (int)((v208[s] == 0 ? 0 : v207[s] / v208[s]));
    mt_i64 v212[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v212[s] = v14;
    mt_i64 v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = (mt_i64)(v209[s]);
    mt_i64 v214[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v214[s] = (v212[s] + v213[s]);
    mt_i64 v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = v7;
    mt_i64 v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = (v214[s] * v215[s]);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v221[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v221[s] = 64;
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = (int)((v221[s] == 0 ? 0 : v218[s] % v221[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v20;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v222[s]);
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (v223[s] + v224[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v8;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v225[s] * v226[s]);
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v216[s] + v227[s]);
    int v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (int)(0 + MT_FLAT(s));
    int v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = v228[s];
    int v230[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v230[s] = 64;
    int v231[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v231[s] = (int)((v230[s] == 0 ? 0 : v229[s] / v230[s]));
    mt_i64 v234[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v234[s] = v14;
    mt_i64 v235[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v235[s] = (mt_i64)(v231[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (v234[s] + v235[s]);
    mt_i64 v237[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v237[s] = v0;
    bool v238[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v238[s] = (v236[s] < v237[s]);
    int v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (int)(0 + MT_FLAT(s));
    int v240[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v240[s] = v239[s];
    int v243[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v243[s] = 64;
    int v244[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v244[s] = (int)((v243[s] == 0 ? 0 : v240[s] % v243[s]));
    mt_i64 v245[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v245[s] = v20;
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = (mt_i64)(v244[s]);
    mt_i64 v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v245[s] + v246[s]);
    mt_i64 v248[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v248[s] = v1;
    bool v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = (v247[s] < v248[s]);
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v238[s] && v249[s]);
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
    mt_i64 v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = v0;
    bool v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = (v18[s] < v25[s]);
    int v126[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v126[s] = (int)(0 + MT_FLAT(s));
    int v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = v126[s];
    int v128[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v128[s] = 32;
    int v129[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v129[s] = (int)((v128[s] == 0 ? 0 : v127[s] / v128[s]));
    mt_i64 v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = v14;
    mt_i64 v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = (mt_i64)(v129[s]);
    mt_i64 v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (v132[s] + v133[s]);
    mt_i64 v135[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v135[s] = v3;
    mt_i64 v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = (v134[s] * v135[s]);
    int v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = (int)(0 + MT_FLAT(s));
    int v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = v137[s];
    int v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = 32;
    int v142[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v142[s] = (int)((v141[s] == 0 ? 0 : v138[s] % v141[s]));
    mt_i64 v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = (mt_i64)(v142[s]);
    mt_i64 v144[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v144[s] = v4;
    mt_i64 v145[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v145[s] = (v143[s] * v144[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v136[s] + v145[s]);
    int v146[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v146[s] = (int)(0 + MT_FLAT(s));
    int v147[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v147[s] = v146[s];
    int v148[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v148[s] = 64;
    int v149[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v149[s] = (int)((v148[s] == 0 ? 0 : v147[s] / v148[s]));
    mt_i64 v152[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v152[s] = (mt_i64)(v149[s]);
    mt_i64 v153[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v153[s] = v5;
    mt_i64 v154[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v154[s] = (v152[s] * v153[s]);
    int v155[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v155[s] = (int)(0 + MT_FLAT(s));
    int v156[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v156[s] = v155[s];
    int v159[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v159[s] = 64;
    int v160[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v160[s] = (int)((v159[s] == 0 ? 0 : v156[s] % v159[s]));
    mt_i64 v161[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v161[s] = v20;
    mt_i64 v162[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v162[s] = (mt_i64)(v160[s]);
    mt_i64 v163[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v163[s] = (v161[s] + v162[s]);
    mt_i64 v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = v6;
    mt_i64 v165[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v165[s] = (v163[s] * v164[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v154[s] + v165[s]);
    int v166[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v166[s] = (int)(0 + MT_FLAT(s));
    int v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = v166[s];
    int v168[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v168[s] = 32;
    int v169[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v169[s] = (int)((v168[s] == 0 ? 0 : v167[s] / v168[s]));
    mt_i64 v172[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v172[s] = v14;
    mt_i64 v173[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v173[s] = (mt_i64)(v169[s]);
    mt_i64 v174[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v174[s] = (v172[s] + v173[s]);
    mt_i64 v175[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v175[s] = v0;
    bool v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = (v174[s] < v175[s]);
    int v177[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v177[s] = (int)(0 + MT_FLAT(s));
    int v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = v177[s];
    int v181[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v181[s] = 64;
    int v182[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v182[s] = (int)((v181[s] == 0 ? 0 : v178[s] % v181[s]));
    mt_i64 v183[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v183[s] = v20;
    mt_i64 v184[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v184[s] = (mt_i64)(v182[s]);
    mt_i64 v185[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v185[s] = (v183[s] + v184[s]);
    mt_i64 v186[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v186[s] = v1;
    bool v187[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v187[s] = (v185[s] < v186[s]);
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
      for (int s = 0; s < 8; ++s) { v67[s] = (MT_FLAT(s) < 2048 && v176[s]) ? mt_bf16_to_f32(p0[v65[s]]) : v66; }
      mt_i64 v68 = (v60 * v5);
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = v68;
      mt_i64 v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v70[s] = (v48[s] + v69[s]);
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v72[s] = (MT_FLAT(s) < 2048 && v187[s]) ? mt_bf16_to_f32(p1[v70[s]]) : v66; }
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
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)(0 + MT_FLAT(s));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v188[s];
      int v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = 32;
      int v193[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v193[s] = (int)((v192[s] == 0 ? 0 : v189[s] % v192[s]));
      mt_i64 v194[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v194[s] = (mt_i64)(v193[s]);
      mt_i64 v195[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v195[s] = v83;
      bool v196[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v196[s] = (v194[s] < v195[s]);
      bool v88[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v88[s] = (v176[s] && v196[s]);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = (int)(0 + MT_FLAT(s));
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = v197[s];
      int v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = 64;
      int v200[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v200[s] = (int)((v199[s] == 0 ? 0 : v198[s] / v199[s]));
      mt_i64 v203[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v203[s] = (mt_i64)(v200[s]);
      mt_i64 v204[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v204[s] = v83;
      bool v205[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v205[s] = (v203[s] < v204[s]);
      bool v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = (v187[s] && v205[s]);
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
    int v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (int)(0 + MT_FLAT(s));
    int v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = v206[s];
    int v208[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v208[s] = 64;
    int v209[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v209[s] = (int)((v208[s] == 0 ? 0 : v207[s] / v208[s]));
    mt_i64 v212[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v212[s] = v14;
    mt_i64 v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = (mt_i64)(v209[s]);
    mt_i64 v214[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v214[s] = (v212[s] + v213[s]);
    mt_i64 v215[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v215[s] = v7;
    mt_i64 v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = (v214[s] * v215[s]);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v221[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v221[s] = 64;
    int v222[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v222[s] = (int)((v221[s] == 0 ? 0 : v218[s] % v221[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v20;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v222[s]);
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (v223[s] + v224[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v8;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v225[s] * v226[s]);
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v216[s] + v227[s]);
    int v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (int)(0 + MT_FLAT(s));
    int v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = v228[s];
    int v230[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v230[s] = 64;
    int v231[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v231[s] = (int)((v230[s] == 0 ? 0 : v229[s] / v230[s]));
    mt_i64 v234[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v234[s] = v14;
    mt_i64 v235[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v235[s] = (mt_i64)(v231[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (v234[s] + v235[s]);
    mt_i64 v237[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v237[s] = v0;
    bool v238[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v238[s] = (v236[s] < v237[s]);
    int v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (int)(0 + MT_FLAT(s));
    int v240[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v240[s] = v239[s];
    int v243[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v243[s] = 64;
    int v244[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v244[s] = (int)((v243[s] == 0 ? 0 : v240[s] % v243[s]));
    mt_i64 v245[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v245[s] = v20;
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = (mt_i64)(v244[s]);
    mt_i64 v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v245[s] + v246[s]);
    mt_i64 v248[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v248[s] = v1;
    bool v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = (v247[s] < v248[s]);
    bool v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (v238[s] && v249[s]);
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
