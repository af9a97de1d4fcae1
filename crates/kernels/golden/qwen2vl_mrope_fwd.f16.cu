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
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ float mt_minf(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float mt_maxf(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
#endif
__device__ __forceinline__ float mt_exp(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f)); return r; }
__device__ __forceinline__ float mt_sigmoid(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(-x))); return r; }
__device__ __forceinline__ float mt_div(float x, float y) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }
#define MT_THREADS 512
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_qwen2vl_mrope_fwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, mt_i64 p9, int p10) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0;
  if (mt_fast) {
    int v0 = p4;
    int v1 = (int)blockIdx.x;
    int v8 = p5;
    int v9 = p6;
    int v10 = p7;
    int v11 = p8;
    mt_i64 v12 = p9;
    mt_i64 v21 = (mt_i64)(v0);
    int v24 = p10;
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = (int)(0 + MT_FLAT(s));
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = v31[s];
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v0;
    bool v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = (v32[s] < v33[s]);
    int v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v1;
    int v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = v24;
    bool v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (v102[s] < v105[s]);
    bool v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v34[s] && v106[s]);
    int v37 = 2;
    int v38 = (int)((v37 == 0 ? 0 : v0 / v37));
    int v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v38;
    bool v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v32[s] < v39[s]);
    int v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = (int)((v32[s] - v39[s]));
    int v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v40[s] ? v32[s] : v42[s]);
    int v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = v10;
    bool v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (v43[s] >= v44[s]);
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (mt_i64)(v45[s]);
    int v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = v11;
    bool v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v43[s] >= v47[s]);
    mt_i64 v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = (mt_i64)(v48[s]);
    mt_i64 v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v46[s] + v49[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v12;
    mt_i64 v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = (v50[s] * v51[s]);
    int v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (int)((v32[s] + v39[s]));
    int v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v40[s] ? v56[s] : v42[s]);
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (mt_i64)(v32[s]);
    mt_i64 v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v114[s] = (mt_i64)(v102[s]);
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = v21;
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v114[s] * v115[s]);
    mt_i64 v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = (v116[s] + v62[s]);
    float v65 = 0.0f;
    float v66[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v64[g];
      if ((true && v36[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v66[g + k] = v65; }
      }
    }
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v66[s];
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (mt_i64)(v59[s]);
    mt_i64 v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v116[s] + v68[s]);
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v72[s] = (true && v36[s]) ? mt_f16_to_f32(p0[v70[s]]) : v65; }
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v72[s];
    int v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = v9;
    int v125[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v125[s] = (int)((v124[s] == 0 ? 0 : v102[s] / v124[s]));
    int v126[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v126[s] = v8;
    int v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = (int)((v125[s] * v126[s]));
    int v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = (int)((v126[s] == 0 ? 0 : v102[s] % v126[s]));
    int v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = (int)((v127[s] + v132[s]));
    mt_i64 v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (mt_i64)(v133[s]);
    mt_i64 v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = (v134[s] * v115[s]);
    mt_i64 v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v136[s] + v52[s]);
    mt_i64 v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v75[s] + v62[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v79[s] = (true && v36[s]) ? mt_f16_to_f32(p1[v77[s]]) : v65; }
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = v79[s];
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v86[s] = (true && v36[s]) ? mt_f16_to_f32(p2[v77[s]]) : v65; }
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = v86[s];
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = (v73[s] * v87[s]);
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v67[s] * v80[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = (-v88[s]);
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v40[s] ? v90[s] : v88[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v89[s] + v91[s]);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v36[s] ? v92[s] : v67[s]);
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = mt_round_f16(v93[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v64[g];
      if ((true && v36[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v97[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p4;
    int v1 = (int)blockIdx.x;
    int v8 = p5;
    int v9 = p6;
    int v10 = p7;
    int v11 = p8;
    mt_i64 v12 = p9;
    mt_i64 v21 = (mt_i64)(v0);
    int v24 = p10;
    int v31[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v31[s] = (int)(0 + MT_FLAT(s));
    int v32[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v32[s] = v31[s];
    int v33[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v33[s] = v0;
    bool v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = (v32[s] < v33[s]);
    int v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v1;
    int v105[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v105[s] = v24;
    bool v106[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v106[s] = (v102[s] < v105[s]);
    bool v36[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v36[s] = (v34[s] && v106[s]);
    int v37 = 2;
    int v38 = (int)((v37 == 0 ? 0 : v0 / v37));
    int v39[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v39[s] = v38;
    bool v40[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v40[s] = (v32[s] < v39[s]);
    int v42[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v42[s] = (int)((v32[s] - v39[s]));
    int v43[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v43[s] = (v40[s] ? v32[s] : v42[s]);
    int v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = v10;
    bool v45[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v45[s] = (v43[s] >= v44[s]);
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (mt_i64)(v45[s]);
    int v47[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v47[s] = v11;
    bool v48[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v48[s] = (v43[s] >= v47[s]);
    mt_i64 v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = (mt_i64)(v48[s]);
    mt_i64 v50[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v50[s] = (v46[s] + v49[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = v12;
    mt_i64 v52[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v52[s] = (v50[s] * v51[s]);
    int v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (int)((v32[s] + v39[s]));
    int v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v40[s] ? v56[s] : v42[s]);
    mt_i64 v62[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v62[s] = (mt_i64)(v32[s]);
    mt_i64 v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v114[s] = (mt_i64)(v102[s]);
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = v21;
    mt_i64 v116[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v116[s] = (v114[s] * v115[s]);
    mt_i64 v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v64[s] = (v116[s] + v62[s]);
    float v65 = 0.0f;
    float v66[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v64[g];
      if ((true && v36[g + 0]) && (true && v36[g + 1]) && (true && v36[g + 2]) && (true && v36[g + 3]) && (true && v36[g + 4]) && (true && v36[g + 5]) && (true && v36[g + 6]) && (true && v36[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_f16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v66[s] = (true && v36[s]) ? mt_f16_to_f32(p0[v64[s]]) : v65; }
      }
    }
    float v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = v66[s];
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (mt_i64)(v59[s]);
    mt_i64 v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v116[s] + v68[s]);
    float v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v72[s] = (true && v36[s]) ? mt_f16_to_f32(p0[v70[s]]) : v65; }
    float v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = v72[s];
    int v124[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v124[s] = v9;
    int v125[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v125[s] = (int)((v124[s] == 0 ? 0 : v102[s] / v124[s]));
    int v126[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v126[s] = v8;
    int v127[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v127[s] = (int)((v125[s] * v126[s]));
    int v132[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v132[s] = (int)((v126[s] == 0 ? 0 : v102[s] % v126[s]));
    int v133[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v133[s] = (int)((v127[s] + v132[s]));
    mt_i64 v134[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v134[s] = (mt_i64)(v133[s]);
    mt_i64 v136[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v136[s] = (v134[s] * v115[s]);
    mt_i64 v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v75[s] = (v136[s] + v52[s]);
    mt_i64 v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v75[s] + v62[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v79[s] = (true && v36[s]) ? mt_f16_to_f32(p1[v77[s]]) : v65; }
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = v79[s];
    float v86[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v86[s] = (true && v36[s]) ? mt_f16_to_f32(p2[v77[s]]) : v65; }
    float v87[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v87[s] = v86[s];
    float v88[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v88[s] = (v73[s] * v87[s]);
    float v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = (v67[s] * v80[s]);
    float v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = (-v88[s]);
    float v91[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v91[s] = (v40[s] ? v90[s] : v88[s]);
    float v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = (v89[s] + v91[s]);
    float v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v36[s] ? v92[s] : v67[s]);
    float v97[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v97[s] = mt_round_f16(v93[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 8) {
      const mt_i64 i0 = v64[g];
      if ((true && v36[g + 0]) && (true && v36[g + 1]) && (true && v36[g + 2]) && (true && v36[g + 3]) && (true && v36[g + 4]) && (true && v36[g + 5]) && (true && v36[g + 6]) && (true && v36[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_f16(v97[g + k]);
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v36[s]) p3[v64[s]] = mt_f32_to_f16(v97[s]); }
      }
    }
  }
}
