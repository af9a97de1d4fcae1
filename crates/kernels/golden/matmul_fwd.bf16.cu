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
extern "C" __global__ void __launch_bounds__(512) mt_matmul_gemm(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, mt_u16* __restrict__ p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11, mt_i64 p12, mt_i64 p13) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[24576];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p6 % 8) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
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
    mt_i64 v20 = (v12 * v13);
    int v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (int)(0 + MT_FLAT(s));
    int v122[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v122[s] = v121[s];
    int v123[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v123[s] = 32;
    int v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = (int)((v123[s] == 0 ? 0 : v122[s] / v123[s]));
    mt_i64 v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = v14;
    mt_i64 v128[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v128[s] = (mt_i64)(v124[s]);
    mt_i64 v129[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v129[s] = (v127[s] + v128[s]);
    mt_i64 v130[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v130[s] = v3;
    mt_i64 v131[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v131[s] = (v129[s] * v130[s]);
    int v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = (int)(0 + MT_FLAT(s));
    int v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = v132[s];
    int v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = 32;
    int v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = (int)((v136[s] == 0 ? 0 : v133[s] % v136[s]));
    mt_i64 v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = (mt_i64)(v137[s]);
    mt_i64 v139[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v139[s] = v4;
    mt_i64 v140[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v140[s] = (v138[s] * v139[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v131[s] + v140[s]);
    int v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = (int)(0 + MT_FLAT(s));
    int v142[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v142[s] = v141[s];
    int v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = 64;
    int v144[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v144[s] = (int)((v143[s] == 0 ? 0 : v142[s] / v143[s]));
    mt_i64 v147[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v147[s] = (mt_i64)(v144[s]);
    mt_i64 v148[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v148[s] = v5;
    mt_i64 v149[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v149[s] = (v147[s] * v148[s]);
    int v150[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v150[s] = (int)(0 + MT_FLAT(s));
    int v151[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v151[s] = v150[s];
    int v154[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v154[s] = 64;
    int v155[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v155[s] = (int)((v154[s] == 0 ? 0 : v151[s] % v154[s]));
    mt_i64 v156[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v156[s] = v20;
    mt_i64 v157[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v157[s] = (mt_i64)(v155[s]);
    mt_i64 v158[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v158[s] = (v156[s] + v157[s]);
    mt_i64 v159[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v159[s] = v6;
    mt_i64 v160[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v160[s] = (v158[s] * v159[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v149[s] + v160[s]);
    int v161[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v161[s] = (int)(0 + MT_FLAT(s));
    int v162[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v162[s] = v161[s];
    int v163[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v163[s] = 32;
    int v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = (int)((v163[s] == 0 ? 0 : v162[s] / v163[s]));
    mt_i64 v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = v14;
    mt_i64 v168[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v168[s] = (mt_i64)(v164[s]);
    mt_i64 v169[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v169[s] = (v167[s] + v168[s]);
    mt_i64 v170[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v170[s] = v0;
    bool v171[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v171[s] = (v169[s] < v170[s]);
    int v172[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v172[s] = (int)(0 + MT_FLAT(s));
    int v173[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v173[s] = v172[s];
    int v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = 64;
    int v177[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v177[s] = (int)((v176[s] == 0 ? 0 : v173[s] % v176[s]));
    mt_i64 v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = v20;
    mt_i64 v179[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v179[s] = (mt_i64)(v177[s]);
    mt_i64 v180[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v180[s] = (v178[s] + v179[s]);
    mt_i64 v181[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v181[s] = v1;
    bool v182[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v182[s] = (v180[s] < v181[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = 0.0f;
    mt_i64 v54 = 32LL;
    mt_i64 v55 = (v54 == 0 ? 0 : v2 % v54);
    mt_i64 v56 = (v2 - v55);
    mt_i64 v57 = 0LL;
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v53[s];
    for (mt_i64 v59 = v57; v59 < v56; v59 += v54) {
      mt_i64 v61 = (v59 * v4);
      mt_i64 v62[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v62[s] = v61;
      mt_i64 v63[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v63[s] = (v39[s] + v62[s]);
      float v64 = 0.0f;
      float v65[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v171[s]) ? mt_bf16_to_f32(p0[v63[s]]) : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66;
      mt_i64 v68[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v182[s]) ? mt_bf16_to_f32(p1[v68[s]]) : v64; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v65[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v70[s]); }
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
      float v71[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v71[s] = f < 4096 ? v60[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float y1[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y1[s] = v71[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = y1[s];
    }
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = v60[s];
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = v72[s];
    for (mt_i64 v74 = v56; v74 < v2; v74 += v54) {
      mt_i64 v76 = (v2 - v74);
      int v183[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v183[s] = (int)(0 + MT_FLAT(s));
      int v184[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v184[s] = v183[s];
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = 32;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] == 0 ? 0 : v184[s] % v187[s]));
      mt_i64 v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = (mt_i64)(v188[s]);
      mt_i64 v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = v76;
      bool v191[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v191[s] = (v189[s] < v190[s]);
      bool v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v171[s] && v191[s]);
      int v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = (int)(0 + MT_FLAT(s));
      int v193[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v193[s] = v192[s];
      int v194[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v194[s] = 64;
      int v195[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v195[s] = (int)((v194[s] == 0 ? 0 : v193[s] / v194[s]));
      mt_i64 v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (mt_i64)(v195[s]);
      mt_i64 v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = v76;
      bool v200[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v200[s] = (v198[s] < v199[s]);
      bool v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v182[s] && v200[s]);
      mt_i64 v85 = (v74 * v4);
      mt_i64 v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v85;
      mt_i64 v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v39[s] + v86[s]);
      float v88 = 0.0f;
      float v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v89[s] = (MT_FLAT(s) < 2048 && v81[s]) ? mt_bf16_to_f32(p0[v87[s]]) : v88; }
      mt_i64 v90 = (v74 * v5);
      mt_i64 v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = v90;
      mt_i64 v92[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v92[s] = (v48[s] + v91[s]);
      float v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v94[s] = (MT_FLAT(s) < 2048 && v84[s]) ? mt_bf16_to_f32(p1[v92[s]]) : v88; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v89[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v94[s]); }
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
      float v95[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v95[s] = f < 4096 ? v75[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float y2[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y2[s] = v95[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = y2[s];
    }
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = v75[s];
    float v97 = 0.0f;
    int v201[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v201[s] = (int)(0 + MT_FLAT(s));
    int v202[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v202[s] = v201[s];
    int v205[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v205[s] = 64;
    int v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (int)((v205[s] == 0 ? 0 : v202[s] % v205[s]));
    mt_i64 v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = v20;
    mt_i64 v208[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v208[s] = (mt_i64)(v206[s]);
    mt_i64 v209[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v209[s] = (v207[s] + v208[s]);
    mt_i64 v210[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v210[s] = v20;
    mt_i64 v211[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v211[s] = (mt_i64)(v206[s]);
    mt_i64 v212[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v212[s] = (v210[s] + v211[s]);
    mt_i64 v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = v1;
    bool v214[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v214[s] = (v212[s] < v213[s]);
    float v215[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v209[g];
      if ((true && v214[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v215[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; (void)s; v215[g + k] = v97; }
      }
    }
    float v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = v215[s];
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = (v96[s] + v216[s]);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = 64;
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)((v219[s] == 0 ? 0 : v218[s] / v219[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v14;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v220[s]);
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (v223[s] + v224[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v7;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v225[s] * v226[s]);
    int v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (int)(0 + MT_FLAT(s));
    int v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = v228[s];
    int v232[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v232[s] = 64;
    int v233[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v233[s] = (int)((v232[s] == 0 ? 0 : v229[s] % v232[s]));
    mt_i64 v234[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v234[s] = v20;
    mt_i64 v235[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v235[s] = (mt_i64)(v233[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (v234[s] + v235[s]);
    mt_i64 v237[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v237[s] = v8;
    mt_i64 v238[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v238[s] = (v236[s] * v237[s]);
    mt_i64 v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = (v227[s] + v238[s]);
    int v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (int)(0 + MT_FLAT(s));
    int v240[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v240[s] = v239[s];
    int v241[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v241[s] = 64;
    int v242[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v242[s] = (int)((v241[s] == 0 ? 0 : v240[s] / v241[s]));
    mt_i64 v245[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v245[s] = v14;
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = (mt_i64)(v242[s]);
    mt_i64 v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v245[s] + v246[s]);
    mt_i64 v248[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v248[s] = v0;
    bool v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = (v247[s] < v248[s]);
    int v250[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v250[s] = (int)(0 + MT_FLAT(s));
    int v251[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v251[s] = v250[s];
    int v254[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v254[s] = 64;
    int v255[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v255[s] = (int)((v254[s] == 0 ? 0 : v251[s] % v254[s]));
    mt_i64 v256[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v256[s] = v20;
    mt_i64 v257[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v257[s] = (mt_i64)(v255[s]);
    mt_i64 v258[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v258[s] = (v256[s] + v257[s]);
    mt_i64 v259[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v259[s] = v1;
    bool v260[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v260[s] = (v258[s] < v259[s]);
    bool v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v249[s] && v260[s]);
    float v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = mt_round_bf16(v102[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v116[s]) p4[v111[s]] = mt_f32_to_bf16(v117[s]); }
    float v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = mt_sigmoid(v102[s]);
    float v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = (v102[s] * v118[s]);
    float v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = mt_round_bf16(v119[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v116[s]) p3[v111[s]] = mt_f32_to_bf16(v120[s]); }
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
    mt_i64 v20 = (v12 * v13);
    int v121[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v121[s] = (int)(0 + MT_FLAT(s));
    int v122[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v122[s] = v121[s];
    int v123[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v123[s] = 32;
    int v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = (int)((v123[s] == 0 ? 0 : v122[s] / v123[s]));
    mt_i64 v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = v14;
    mt_i64 v128[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v128[s] = (mt_i64)(v124[s]);
    mt_i64 v129[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v129[s] = (v127[s] + v128[s]);
    mt_i64 v130[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v130[s] = v3;
    mt_i64 v131[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v131[s] = (v129[s] * v130[s]);
    int v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = (int)(0 + MT_FLAT(s));
    int v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = v132[s];
    int v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = 32;
    int v137[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v137[s] = (int)((v136[s] == 0 ? 0 : v133[s] % v136[s]));
    mt_i64 v138[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v138[s] = (mt_i64)(v137[s]);
    mt_i64 v139[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v139[s] = v4;
    mt_i64 v140[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v140[s] = (v138[s] * v139[s]);
    mt_i64 v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = (v131[s] + v140[s]);
    int v141[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v141[s] = (int)(0 + MT_FLAT(s));
    int v142[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v142[s] = v141[s];
    int v143[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v143[s] = 64;
    int v144[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v144[s] = (int)((v143[s] == 0 ? 0 : v142[s] / v143[s]));
    mt_i64 v147[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v147[s] = (mt_i64)(v144[s]);
    mt_i64 v148[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v148[s] = v5;
    mt_i64 v149[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v149[s] = (v147[s] * v148[s]);
    int v150[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v150[s] = (int)(0 + MT_FLAT(s));
    int v151[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v151[s] = v150[s];
    int v154[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v154[s] = 64;
    int v155[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v155[s] = (int)((v154[s] == 0 ? 0 : v151[s] % v154[s]));
    mt_i64 v156[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v156[s] = v20;
    mt_i64 v157[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v157[s] = (mt_i64)(v155[s]);
    mt_i64 v158[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v158[s] = (v156[s] + v157[s]);
    mt_i64 v159[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v159[s] = v6;
    mt_i64 v160[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v160[s] = (v158[s] * v159[s]);
    mt_i64 v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v149[s] + v160[s]);
    int v161[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v161[s] = (int)(0 + MT_FLAT(s));
    int v162[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v162[s] = v161[s];
    int v163[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v163[s] = 32;
    int v164[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v164[s] = (int)((v163[s] == 0 ? 0 : v162[s] / v163[s]));
    mt_i64 v167[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v167[s] = v14;
    mt_i64 v168[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v168[s] = (mt_i64)(v164[s]);
    mt_i64 v169[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v169[s] = (v167[s] + v168[s]);
    mt_i64 v170[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v170[s] = v0;
    bool v171[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v171[s] = (v169[s] < v170[s]);
    int v172[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v172[s] = (int)(0 + MT_FLAT(s));
    int v173[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v173[s] = v172[s];
    int v176[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v176[s] = 64;
    int v177[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v177[s] = (int)((v176[s] == 0 ? 0 : v173[s] % v176[s]));
    mt_i64 v178[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v178[s] = v20;
    mt_i64 v179[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v179[s] = (mt_i64)(v177[s]);
    mt_i64 v180[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v180[s] = (v178[s] + v179[s]);
    mt_i64 v181[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v181[s] = v1;
    bool v182[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v182[s] = (v180[s] < v181[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v53[s] = 0.0f;
    mt_i64 v54 = 32LL;
    mt_i64 v55 = (v54 == 0 ? 0 : v2 % v54);
    mt_i64 v56 = (v2 - v55);
    mt_i64 v57 = 0LL;
    float v60[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v60[s] = v53[s];
    for (mt_i64 v59 = v57; v59 < v56; v59 += v54) {
      mt_i64 v61 = (v59 * v4);
      mt_i64 v62[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v62[s] = v61;
      mt_i64 v63[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v63[s] = (v39[s] + v62[s]);
      float v64 = 0.0f;
      float v65[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v171[s]) ? mt_bf16_to_f32(p0[v63[s]]) : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66;
      mt_i64 v68[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v182[s]) ? mt_bf16_to_f32(p1[v68[s]]) : v64; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v65[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v70[s]); }
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
      float v71[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v71[s] = f < 4096 ? v60[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float y3[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y3[s] = v71[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = y3[s];
    }
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = v60[s];
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = v72[s];
    for (mt_i64 v74 = v56; v74 < v2; v74 += v54) {
      mt_i64 v76 = (v2 - v74);
      int v183[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v183[s] = (int)(0 + MT_FLAT(s));
      int v184[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v184[s] = v183[s];
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = 32;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] == 0 ? 0 : v184[s] % v187[s]));
      mt_i64 v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = (mt_i64)(v188[s]);
      mt_i64 v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = v76;
      bool v191[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v191[s] = (v189[s] < v190[s]);
      bool v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v171[s] && v191[s]);
      int v192[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v192[s] = (int)(0 + MT_FLAT(s));
      int v193[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v193[s] = v192[s];
      int v194[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v194[s] = 64;
      int v195[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v195[s] = (int)((v194[s] == 0 ? 0 : v193[s] / v194[s]));
      mt_i64 v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (mt_i64)(v195[s]);
      mt_i64 v199[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v199[s] = v76;
      bool v200[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v200[s] = (v198[s] < v199[s]);
      bool v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v182[s] && v200[s]);
      mt_i64 v85 = (v74 * v4);
      mt_i64 v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = v85;
      mt_i64 v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = (v39[s] + v86[s]);
      float v88 = 0.0f;
      float v89[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v89[s] = (MT_FLAT(s) < 2048 && v81[s]) ? mt_bf16_to_f32(p0[v87[s]]) : v88; }
      mt_i64 v90 = (v74 * v5);
      mt_i64 v91[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v91[s] = v90;
      mt_i64 v92[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v92[s] = (v48[s] + v91[s]);
      float v94[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { v94[s] = (MT_FLAT(s) < 2048 && v84[s]) ? mt_bf16_to_f32(p1[v92[s]]) : v88; }
      // dot 64x32x64 on the tensor cores (__nv_bfloat16 operands, f32 accumulation)
      __syncthreads();
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 0))[f] = mt_f32_to_bf16(v89[s]); }
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); if (f < 2048) ((mt_u16*)(mt_smem + 4096))[f] = mt_f32_to_bf16(v94[s]); }
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
      float v95[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) { const int f = MT_FLAT(s); v95[s] = f < 4096 ? v75[s] + ((float*)(mt_smem + 8192))[f] : 0.0f; }
      __syncthreads();
      float y4[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) y4[s] = v95[s];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = y4[s];
    }
    float v96[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v96[s] = v75[s];
    float v97 = 0.0f;
    int v201[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v201[s] = (int)(0 + MT_FLAT(s));
    int v202[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v202[s] = v201[s];
    int v205[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v205[s] = 64;
    int v206[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v206[s] = (int)((v205[s] == 0 ? 0 : v202[s] % v205[s]));
    mt_i64 v207[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v207[s] = v20;
    mt_i64 v208[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v208[s] = (mt_i64)(v206[s]);
    mt_i64 v209[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v209[s] = (v207[s] + v208[s]);
    mt_i64 v210[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v210[s] = v20;
    mt_i64 v211[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v211[s] = (mt_i64)(v206[s]);
    mt_i64 v212[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v212[s] = (v210[s] + v211[s]);
    mt_i64 v213[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v213[s] = v1;
    bool v214[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v214[s] = (v212[s] < v213[s]);
    float v215[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v209[g];
      if ((true && v214[g + 0]) && (true && v214[g + 1]) && (true && v214[g + 2]) && (true && v214[g + 3]) && (true && v214[g + 4]) && (true && v214[g + 5]) && (true && v214[g + 6]) && (true && v214[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v215[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; (void)s; v215[s] = (true && v214[s]) ? mt_bf16_to_f32(p2[v209[s]]) : v97; }
      }
    }
    float v216[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v216[s] = v215[s];
    float v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = (v96[s] + v216[s]);
    int v217[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v217[s] = (int)(0 + MT_FLAT(s));
    int v218[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v218[s] = v217[s];
    int v219[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v219[s] = 64;
    int v220[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v220[s] = (int)((v219[s] == 0 ? 0 : v218[s] / v219[s]));
    mt_i64 v223[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v223[s] = v14;
    mt_i64 v224[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v220[s]);
    mt_i64 v225[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v225[s] = (v223[s] + v224[s]);
    mt_i64 v226[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v226[s] = v7;
    mt_i64 v227[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v227[s] = (v225[s] * v226[s]);
    int v228[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v228[s] = (int)(0 + MT_FLAT(s));
    int v229[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v229[s] = v228[s];
    int v232[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v232[s] = 64;
    int v233[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v233[s] = (int)((v232[s] == 0 ? 0 : v229[s] % v232[s]));
    mt_i64 v234[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v234[s] = v20;
    mt_i64 v235[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v235[s] = (mt_i64)(v233[s]);
    mt_i64 v236[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v236[s] = (v234[s] + v235[s]);
    mt_i64 v237[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v237[s] = v8;
    mt_i64 v238[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v238[s] = (v236[s] * v237[s]);
    mt_i64 v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = (v227[s] + v238[s]);
    int v239[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v239[s] = (int)(0 + MT_FLAT(s));
    int v240[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v240[s] = v239[s];
    int v241[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v241[s] = 64;
    int v242[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v242[s] = (int)((v241[s] == 0 ? 0 : v240[s] / v241[s]));
    mt_i64 v245[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v245[s] = v14;
    mt_i64 v246[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v246[s] = (mt_i64)(v242[s]);
    mt_i64 v247[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v247[s] = (v245[s] + v246[s]);
    mt_i64 v248[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v248[s] = v0;
    bool v249[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v249[s] = (v247[s] < v248[s]);
    int v250[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v250[s] = (int)(0 + MT_FLAT(s));
    int v251[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v251[s] = v250[s];
    int v254[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v254[s] = 64;
    int v255[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v255[s] = (int)((v254[s] == 0 ? 0 : v251[s] % v254[s]));
    mt_i64 v256[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v256[s] = v20;
    mt_i64 v257[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v257[s] = (mt_i64)(v255[s]);
    mt_i64 v258[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v258[s] = (v256[s] + v257[s]);
    mt_i64 v259[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v259[s] = v1;
    bool v260[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v260[s] = (v258[s] < v259[s]);
    bool v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v249[s] && v260[s]);
    float v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = mt_round_bf16(v102[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v116[s]) p4[v111[s]] = mt_f32_to_bf16(v117[s]); }
    float v118[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v118[s] = mt_sigmoid(v102[s]);
    float v119[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v119[s] = (v102[s] * v118[s]);
    float v120[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v120[s] = mt_round_bf16(v119[s]);
    #pragma unroll
    for (int s = 0; s < 8; ++s) { if (true && v116[s]) p3[v111[s]] = mt_f32_to_bf16(v120[s]); }
  }
}
