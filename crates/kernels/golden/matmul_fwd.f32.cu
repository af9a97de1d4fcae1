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
    mt_i64 v20 = (v12 * v13);
    int v118[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v118[s] = (int)(0 + MT_FLAT(s));
    int v119[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v119[s] = v118[s];
    int v120[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v120[s] = 32;
    int v121[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v121[s] = (int)((v120[s] == 0 ? 0 : v119[s] / v120[s]));
    mt_i64 v124[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v124[s] = v14;
    mt_i64 v125[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v125[s] = (mt_i64)(v121[s]);
    mt_i64 v126[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v126[s] = (v124[s] + v125[s]);
    mt_i64 v127[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v127[s] = v3;
    mt_i64 v128[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v128[s] = (v126[s] * v127[s]);
    int v129[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v129[s] = (int)(0 + MT_FLAT(s));
    int v130[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v130[s] = v129[s];
    int v133[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v133[s] = 32;
    int v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = (int)((v133[s] == 0 ? 0 : v130[s] % v133[s]));
    mt_i64 v135[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v135[s] = (mt_i64)(v134[s]);
    mt_i64 v136[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v136[s] = v4;
    mt_i64 v137[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v137[s] = (v135[s] * v136[s]);
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v128[s] + v137[s]);
    int v138[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v138[s] = (int)(0 + MT_FLAT(s));
    int v139[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v139[s] = v138[s];
    int v140[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v140[s] = 64;
    int v141[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v141[s] = (int)((v140[s] == 0 ? 0 : v139[s] / v140[s]));
    mt_i64 v144[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v144[s] = (mt_i64)(v141[s]);
    mt_i64 v145[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v145[s] = v5;
    mt_i64 v146[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v146[s] = (v144[s] * v145[s]);
    int v147[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v147[s] = (int)(0 + MT_FLAT(s));
    int v148[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v148[s] = v147[s];
    int v151[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v151[s] = 64;
    int v152[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v152[s] = (int)((v151[s] == 0 ? 0 : v148[s] % v151[s]));
    mt_i64 v153[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v153[s] = v20;
    mt_i64 v154[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v154[s] = (mt_i64)(v152[s]);
    mt_i64 v155[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v155[s] = (v153[s] + v154[s]);
    mt_i64 v156[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v156[s] = v6;
    mt_i64 v157[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v157[s] = (v155[s] * v156[s]);
    mt_i64 v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = (v146[s] + v157[s]);
    int v158[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v158[s] = (int)(0 + MT_FLAT(s));
    int v159[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v159[s] = v158[s];
    int v160[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v160[s] = 32;
    int v161[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v161[s] = (int)((v160[s] == 0 ? 0 : v159[s] / v160[s]));
    mt_i64 v164[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v164[s] = v14;
    mt_i64 v165[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v165[s] = (mt_i64)(v161[s]);
    mt_i64 v166[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v166[s] = (v164[s] + v165[s]);
    mt_i64 v167[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v167[s] = v0;
    bool v168[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v168[s] = (v166[s] < v167[s]);
    int v169[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v169[s] = (int)(0 + MT_FLAT(s));
    int v170[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v170[s] = v169[s];
    int v173[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v173[s] = 64;
    int v174[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v174[s] = (int)((v173[s] == 0 ? 0 : v170[s] % v173[s]));
    mt_i64 v175[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v175[s] = v20;
    mt_i64 v176[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v176[s] = (mt_i64)(v174[s]);
    mt_i64 v177[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v177[s] = (v175[s] + v176[s]);
    mt_i64 v178[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v178[s] = v1;
    bool v179[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v179[s] = (v177[s] < v178[s]);
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
      for (int s = 0; s < 4; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v168[s]) ? p0[v63[s]] : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v67[s] = v66;
      mt_i64 v68[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v179[s]) ? p1[v68[s]] : v64; }
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
      int v180[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v180[s] = (int)(0 + MT_FLAT(s));
      int v181[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v181[s] = v180[s];
      int v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v184[s] = 32;
      int v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v185[s] = (int)((v184[s] == 0 ? 0 : v181[s] % v184[s]));
      mt_i64 v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (mt_i64)(v185[s]);
      mt_i64 v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = v76;
      bool v188[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v188[s] = (v186[s] < v187[s]);
      bool v81[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = (v168[s] && v188[s]);
      int v189[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v189[s] = (int)(0 + MT_FLAT(s));
      int v190[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v190[s] = v189[s];
      int v191[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v191[s] = 64;
      int v192[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v192[s] = (int)((v191[s] == 0 ? 0 : v190[s] / v191[s]));
      mt_i64 v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = (mt_i64)(v192[s]);
      mt_i64 v196[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v196[s] = v76;
      bool v197[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v197[s] = (v195[s] < v196[s]);
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v179[s] && v197[s]);
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
    int v198[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v198[s] = (int)(0 + MT_FLAT(s));
    int v199[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v199[s] = v198[s];
    int v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = 64;
    int v203[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v203[s] = (int)((v202[s] == 0 ? 0 : v199[s] % v202[s]));
    mt_i64 v204[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v204[s] = v20;
    mt_i64 v205[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v205[s] = (mt_i64)(v203[s]);
    mt_i64 v206[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v206[s] = (v204[s] + v205[s]);
    mt_i64 v207[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v207[s] = v20;
    mt_i64 v208[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v208[s] = (mt_i64)(v203[s]);
    mt_i64 v209[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v209[s] = (v207[s] + v208[s]);
    mt_i64 v210[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v210[s] = v1;
    bool v211[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v211[s] = (v209[s] < v210[s]);
    float v212[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v206[g];
      if ((true && v211[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v212[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v212[g + k] = v97; }
      }
    }
    float v101[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v101[s] = (v96[s] + v212[s]);
    int v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = (int)(0 + MT_FLAT(s));
    int v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = v213[s];
    int v215[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v215[s] = 64;
    int v216[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v216[s] = (int)((v215[s] == 0 ? 0 : v214[s] / v215[s]));
    mt_i64 v219[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v219[s] = v14;
    mt_i64 v220[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v220[s] = (mt_i64)(v216[s]);
    mt_i64 v221[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v221[s] = (v219[s] + v220[s]);
    mt_i64 v222[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v222[s] = v7;
    mt_i64 v223[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v223[s] = (v221[s] * v222[s]);
    int v224[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v224[s] = (int)(0 + MT_FLAT(s));
    int v225[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v225[s] = v224[s];
    int v228[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v228[s] = 64;
    int v229[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v229[s] = (int)((v228[s] == 0 ? 0 : v225[s] % v228[s]));
    mt_i64 v230[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v230[s] = v20;
    mt_i64 v231[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v231[s] = (mt_i64)(v229[s]);
    mt_i64 v232[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v232[s] = (v230[s] + v231[s]);
    mt_i64 v233[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v233[s] = v8;
    mt_i64 v234[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v234[s] = (v232[s] * v233[s]);
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v223[s] + v234[s]);
    int v235[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v235[s] = (int)(0 + MT_FLAT(s));
    int v236[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v236[s] = v235[s];
    int v237[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v237[s] = 64;
    int v238[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v238[s] = (int)((v237[s] == 0 ? 0 : v236[s] / v237[s]));
    mt_i64 v241[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v241[s] = v14;
    mt_i64 v242[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v242[s] = (mt_i64)(v238[s]);
    mt_i64 v243[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v243[s] = (v241[s] + v242[s]);
    mt_i64 v244[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v244[s] = v0;
    bool v245[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v245[s] = (v243[s] < v244[s]);
    int v246[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v246[s] = (int)(0 + MT_FLAT(s));
    int v247[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v247[s] = v246[s];
    int v250[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v250[s] = 64;
    int v251[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v251[s] = (int)((v250[s] == 0 ? 0 : v247[s] % v250[s]));
    mt_i64 v252[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v252[s] = v20;
    mt_i64 v253[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v253[s] = (mt_i64)(v251[s]);
    mt_i64 v254[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v254[s] = (v252[s] + v253[s]);
    mt_i64 v255[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v255[s] = v1;
    bool v256[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v256[s] = (v254[s] < v255[s]);
    bool v115[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v115[s] = (v245[s] && v256[s]);
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
    mt_i64 v20 = (v12 * v13);
    int v118[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v118[s] = (int)(0 + MT_FLAT(s));
    int v119[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v119[s] = v118[s];
    int v120[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v120[s] = 32;
    int v121[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v121[s] = (int)((v120[s] == 0 ? 0 : v119[s] / v120[s]));
    mt_i64 v124[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v124[s] = v14;
    mt_i64 v125[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v125[s] = (mt_i64)(v121[s]);
    mt_i64 v126[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v126[s] = (v124[s] + v125[s]);
    mt_i64 v127[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v127[s] = v3;
    mt_i64 v128[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v128[s] = (v126[s] * v127[s]);
    int v129[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v129[s] = (int)(0 + MT_FLAT(s));
    int v130[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v130[s] = v129[s];
    int v133[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v133[s] = 32;
    int v134[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v134[s] = (int)((v133[s] == 0 ? 0 : v130[s] % v133[s]));
    mt_i64 v135[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v135[s] = (mt_i64)(v134[s]);
    mt_i64 v136[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v136[s] = v4;
    mt_i64 v137[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v137[s] = (v135[s] * v136[s]);
    mt_i64 v39[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v39[s] = (v128[s] + v137[s]);
    int v138[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v138[s] = (int)(0 + MT_FLAT(s));
    int v139[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v139[s] = v138[s];
    int v140[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v140[s] = 64;
    int v141[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v141[s] = (int)((v140[s] == 0 ? 0 : v139[s] / v140[s]));
    mt_i64 v144[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v144[s] = (mt_i64)(v141[s]);
    mt_i64 v145[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v145[s] = v5;
    mt_i64 v146[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v146[s] = (v144[s] * v145[s]);
    int v147[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v147[s] = (int)(0 + MT_FLAT(s));
    int v148[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v148[s] = v147[s];
    int v151[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v151[s] = 64;
    int v152[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v152[s] = (int)((v151[s] == 0 ? 0 : v148[s] % v151[s]));
    mt_i64 v153[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v153[s] = v20;
    mt_i64 v154[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v154[s] = (mt_i64)(v152[s]);
    mt_i64 v155[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v155[s] = (v153[s] + v154[s]);
    mt_i64 v156[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v156[s] = v6;
    mt_i64 v157[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v157[s] = (v155[s] * v156[s]);
    mt_i64 v48[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v48[s] = (v146[s] + v157[s]);
    int v158[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v158[s] = (int)(0 + MT_FLAT(s));
    int v159[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v159[s] = v158[s];
    int v160[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v160[s] = 32;
    int v161[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v161[s] = (int)((v160[s] == 0 ? 0 : v159[s] / v160[s]));
    mt_i64 v164[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v164[s] = v14;
    mt_i64 v165[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v165[s] = (mt_i64)(v161[s]);
    mt_i64 v166[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v166[s] = (v164[s] + v165[s]);
    mt_i64 v167[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v167[s] = v0;
    bool v168[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v168[s] = (v166[s] < v167[s]);
    int v169[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v169[s] = (int)(0 + MT_FLAT(s));
    int v170[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v170[s] = v169[s];
    int v173[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v173[s] = 64;
    int v174[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v174[s] = (int)((v173[s] == 0 ? 0 : v170[s] % v173[s]));
    mt_i64 v175[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v175[s] = v20;
    mt_i64 v176[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v176[s] = (mt_i64)(v174[s]);
    mt_i64 v177[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v177[s] = (v175[s] + v176[s]);
    mt_i64 v178[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v178[s] = v1;
    bool v179[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v179[s] = (v177[s] < v178[s]);
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
      for (int s = 0; s < 4; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v168[s]) ? p0[v63[s]] : v64; }
      mt_i64 v66 = (v59 * v5);
      mt_i64 v67[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v67[s] = v66;
      mt_i64 v68[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v68[s] = (v48[s] + v67[s]);
      float v70[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v179[s]) ? p1[v68[s]] : v64; }
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
      int v180[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v180[s] = (int)(0 + MT_FLAT(s));
      int v181[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v181[s] = v180[s];
      int v184[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v184[s] = 32;
      int v185[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v185[s] = (int)((v184[s] == 0 ? 0 : v181[s] % v184[s]));
      mt_i64 v186[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v186[s] = (mt_i64)(v185[s]);
      mt_i64 v187[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v187[s] = v76;
      bool v188[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v188[s] = (v186[s] < v187[s]);
      bool v81[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v81[s] = (v168[s] && v188[s]);
      int v189[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v189[s] = (int)(0 + MT_FLAT(s));
      int v190[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v190[s] = v189[s];
      int v191[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v191[s] = 64;
      int v192[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v192[s] = (int)((v191[s] == 0 ? 0 : v190[s] / v191[s]));
      mt_i64 v195[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v195[s] = (mt_i64)(v192[s]);
      mt_i64 v196[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v196[s] = v76;
      bool v197[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v197[s] = (v195[s] < v196[s]);
      bool v84[4];
      #pragma unroll
      for (int s = 0; s < 4; ++s) v84[s] = (v179[s] && v197[s]);
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
    int v198[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v198[s] = (int)(0 + MT_FLAT(s));
    int v199[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v199[s] = v198[s];
    int v202[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v202[s] = 64;
    int v203[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v203[s] = (int)((v202[s] == 0 ? 0 : v199[s] % v202[s]));
    mt_i64 v204[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v204[s] = v20;
    mt_i64 v205[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v205[s] = (mt_i64)(v203[s]);
    mt_i64 v206[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v206[s] = (v204[s] + v205[s]);
    mt_i64 v207[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v207[s] = v20;
    mt_i64 v208[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v208[s] = (mt_i64)(v203[s]);
    mt_i64 v209[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v209[s] = (v207[s] + v208[s]);
    mt_i64 v210[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v210[s] = v1;
    bool v211[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v211[s] = (v209[s] < v210[s]);
    float v212[4];
    #pragma unroll
    for (int g = 0; g < 4; g += 4) {
      const mt_i64 i0 = v206[g];
      if ((true && v211[g + 0]) && (true && v211[g + 1]) && (true && v211[g + 2]) && (true && v211[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v212[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; (void)s; v212[s] = (true && v211[s]) ? p2[v206[s]] : v97; }
      }
    }
    float v101[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v101[s] = (v96[s] + v212[s]);
    int v213[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v213[s] = (int)(0 + MT_FLAT(s));
    int v214[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v214[s] = v213[s];
    int v215[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v215[s] = 64;
    int v216[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v216[s] = (int)((v215[s] == 0 ? 0 : v214[s] / v215[s]));
    mt_i64 v219[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v219[s] = v14;
    mt_i64 v220[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v220[s] = (mt_i64)(v216[s]);
    mt_i64 v221[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v221[s] = (v219[s] + v220[s]);
    mt_i64 v222[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v222[s] = v7;
    mt_i64 v223[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v223[s] = (v221[s] * v222[s]);
    int v224[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v224[s] = (int)(0 + MT_FLAT(s));
    int v225[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v225[s] = v224[s];
    int v228[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v228[s] = 64;
    int v229[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v229[s] = (int)((v228[s] == 0 ? 0 : v225[s] % v228[s]));
    mt_i64 v230[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v230[s] = v20;
    mt_i64 v231[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v231[s] = (mt_i64)(v229[s]);
    mt_i64 v232[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v232[s] = (v230[s] + v231[s]);
    mt_i64 v233[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v233[s] = v8;
    mt_i64 v234[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v234[s] = (v232[s] * v233[s]);
    mt_i64 v110[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v110[s] = (v223[s] + v234[s]);
    int v235[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v235[s] = (int)(0 + MT_FLAT(s));
    int v236[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v236[s] = v235[s];
    int v237[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v237[s] = 64;
    int v238[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v238[s] = (int)((v237[s] == 0 ? 0 : v236[s] / v237[s]));
    mt_i64 v241[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v241[s] = v14;
    mt_i64 v242[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v242[s] = (mt_i64)(v238[s]);
    mt_i64 v243[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v243[s] = (v241[s] + v242[s]);
    mt_i64 v244[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v244[s] = v0;
    bool v245[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v245[s] = (v243[s] < v244[s]);
    int v246[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v246[s] = (int)(0 + MT_FLAT(s));
    int v247[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v247[s] = v246[s];
    int v250[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v250[s] = 64;
    int v251[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v251[s] = (int)((v250[s] == 0 ? 0 : v247[s] % v250[s]));
    mt_i64 v252[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v252[s] = v20;
    mt_i64 v253[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v253[s] = (mt_i64)(v251[s]);
    mt_i64 v254[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v254[s] = (v252[s] + v253[s]);
    mt_i64 v255[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v255[s] = v1;
    bool v256[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v256[s] = (v254[s] < v255[s]);
    bool v115[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v115[s] = (v245[s] && v256[s]);
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
