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
extern "C" __global__ void __launch_bounds__(1024) mt_matmul_gemm(const float* __restrict__ p0, const float* __restrict__ p1, float* __restrict__ p2, mt_i64 p3, mt_i64 p4, mt_i64 p5, mt_i64 p6, mt_i64 p7, mt_i64 p8, mt_i64 p9, mt_i64 p10, mt_i64 p11) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16384];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  mt_i64 v0 = p3;
  mt_i64 v1 = p4;
  mt_i64 v2 = p5;
  mt_i64 v3 = p6;
  mt_i64 v4 = p7;
  mt_i64 v5 = p8;
  mt_i64 v6 = p9;
  mt_i64 v7 = p10;
  mt_i64 v8 = p11;
  int v9 = (int)blockIdx.x;
  mt_i64 v10 = (mt_i64)(v9);
  int v11 = (int)blockIdx.y;
  mt_i64 v12 = (mt_i64)(v11);
  mt_i64 v13 = 64LL;
  mt_i64 v14 = (v10 * v13);
  mt_i64 v20 = (v12 * v13);
  int v111[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v111[s] = (int)(0 + MT_FLAT(s));
  int v112[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v112[s] = v111[s];
  int v113[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v113[s] = 32;
  int v114[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v114[s] = (int)((v113[s] == 0 ? 0 : v112[s] / v113[s]));
  mt_i64 v117[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v117[s] = v14;
  mt_i64 v118[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v118[s] = (mt_i64)(v114[s]);
  mt_i64 v119[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v119[s] = (v117[s] + v118[s]);
  mt_i64 v120[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v120[s] = v3;
  mt_i64 v121[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v121[s] = (v119[s] * v120[s]);
  int v122[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v122[s] = (int)(0 + MT_FLAT(s));
  int v123[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v123[s] = v122[s];
  int v126[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v126[s] = 32;
  int v127[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v127[s] = (int)((v126[s] == 0 ? 0 : v123[s] % v126[s]));
  mt_i64 v128[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v128[s] = (mt_i64)(v127[s]);
  mt_i64 v129[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v129[s] = v4;
  mt_i64 v130[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v130[s] = (v128[s] * v129[s]);
  mt_i64 v39[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v39[s] = (v121[s] + v130[s]);
  int v131[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v131[s] = (int)(0 + MT_FLAT(s));
  int v132[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v132[s] = v131[s];
  int v133[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v133[s] = 64;
  int v134[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v134[s] = (int)((v133[s] == 0 ? 0 : v132[s] / v133[s]));
  mt_i64 v137[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v137[s] = (mt_i64)(v134[s]);
  mt_i64 v138[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v138[s] = v5;
  mt_i64 v139[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v139[s] = (v137[s] * v138[s]);
  int v140[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v140[s] = (int)(0 + MT_FLAT(s));
  int v141[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v141[s] = v140[s];
  int v144[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v144[s] = 64;
  int v145[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v145[s] = (int)((v144[s] == 0 ? 0 : v141[s] % v144[s]));
  mt_i64 v146[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v146[s] = v20;
  mt_i64 v147[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v147[s] = (mt_i64)(v145[s]);
  mt_i64 v148[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v148[s] = (v146[s] + v147[s]);
  mt_i64 v149[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v149[s] = v6;
  mt_i64 v150[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v150[s] = (v148[s] * v149[s]);
  mt_i64 v48[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v48[s] = (v139[s] + v150[s]);
  int v151[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v151[s] = (int)(0 + MT_FLAT(s));
  int v152[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v152[s] = v151[s];
  int v153[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v153[s] = 32;
  int v154[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v154[s] = (int)((v153[s] == 0 ? 0 : v152[s] / v153[s]));
  mt_i64 v157[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v157[s] = v14;
  mt_i64 v158[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v158[s] = (mt_i64)(v154[s]);
  mt_i64 v159[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v159[s] = (v157[s] + v158[s]);
  mt_i64 v160[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v160[s] = v0;
  bool v161[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v161[s] = (v159[s] < v160[s]);
  int v162[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v162[s] = (int)(0 + MT_FLAT(s));
  int v163[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v163[s] = v162[s];
  int v166[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v166[s] = 64;
  int v167[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v167[s] = (int)((v166[s] == 0 ? 0 : v163[s] % v166[s]));
  mt_i64 v168[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v168[s] = v20;
  mt_i64 v169[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v169[s] = (mt_i64)(v167[s]);
  mt_i64 v170[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v170[s] = (v168[s] + v169[s]);
  mt_i64 v171[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v171[s] = v1;
  bool v172[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v172[s] = (v170[s] < v171[s]);
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
    for (int s = 0; s < 4; ++s) { v65[s] = (MT_FLAT(s) < 2048 && v161[s]) ? p0[v63[s]] : v64; }
    mt_i64 v66 = (v59 * v5);
    mt_i64 v67[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v67[s] = v66;
    mt_i64 v68[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v68[s] = (v48[s] + v67[s]);
    float v70[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) { v70[s] = (MT_FLAT(s) < 2048 && v172[s]) ? p1[v68[s]] : v64; }
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
    int v173[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v173[s] = (int)(0 + MT_FLAT(s));
    int v174[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v174[s] = v173[s];
    int v177[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v177[s] = 32;
    int v178[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v178[s] = (int)((v177[s] == 0 ? 0 : v174[s] % v177[s]));
    mt_i64 v179[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v179[s] = (mt_i64)(v178[s]);
    mt_i64 v180[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v180[s] = v76;
    bool v181[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v181[s] = (v179[s] < v180[s]);
    bool v81[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v81[s] = (v161[s] && v181[s]);
    int v182[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v182[s] = (int)(0 + MT_FLAT(s));
    int v183[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v183[s] = v182[s];
    int v184[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v184[s] = 64;
    int v185[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v185[s] = (int)((v184[s] == 0 ? 0 : v183[s] / v184[s]));
    mt_i64 v188[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v188[s] = (mt_i64)(v185[s]);
    mt_i64 v189[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v189[s] = v76;
    bool v190[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v190[s] = (v188[s] < v189[s]);
    bool v84[4];
    #pragma unroll
    for (int s = 0; s < 4; ++s) v84[s] = (v172[s] && v190[s]);
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
  int v191[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v191[s] = (int)(0 + MT_FLAT(s));
  int v192[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v192[s] = v191[s];
  int v193[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v193[s] = 64;
  int v194[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v194[s] = (int)((v193[s] == 0 ? 0 : v192[s] / v193[s]));
  mt_i64 v197[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v197[s] = v14;
  mt_i64 v198[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v198[s] = (mt_i64)(v194[s]);
  mt_i64 v199[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v199[s] = (v197[s] + v198[s]);
  mt_i64 v200[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v200[s] = v7;
  mt_i64 v201[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v201[s] = (v199[s] * v200[s]);
  int v202[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v202[s] = (int)(0 + MT_FLAT(s));
  int v203[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v203[s] = v202[s];
  int v206[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v206[s] = 64;
  int v207[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v207[s] = (int)((v206[s] == 0 ? 0 : v203[s] % v206[s]));
  mt_i64 v208[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v208[s] = v20;
  mt_i64 v209[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v209[s] = (mt_i64)(v207[s]);
  mt_i64 v210[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v210[s] = (v208[s] + v209[s]);
  mt_i64 v211[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v211[s] = v8;
  mt_i64 v212[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v212[s] = (v210[s] * v211[s]);
  mt_i64 v105[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v105[s] = (v201[s] + v212[s]);
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
  for (int s = 0; s < 4; ++s) v222[s] = v0;
  bool v223[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v223[s] = (v221[s] < v222[s]);
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
  for (int s = 0; s < 4; ++s) v233[s] = v1;
  bool v234[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v234[s] = (v232[s] < v233[s]);
  bool v110[4];
  #pragma unroll
  for (int s = 0; s < 4; ++s) v110[s] = (v223[s] && v234[s]);
  #pragma unroll
  for (int s = 0; s < 4; ++s) { if (true && v110[s]) p2[v105[s]] = v96[s]; }
}
