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
#define MT_VEC 4
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(512) mt_llama4_rope_bwd(const float* __restrict__ p0, const float* __restrict__ p1, float* __restrict__ p2, int p3, int p4, int p5, int p6) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p3 % 4) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0;
  if (mt_fast) {
    int v0 = p3;
    int v1 = (int)blockIdx.x;
    int v8 = p4;
    int v9 = p5;
    mt_i64 v15 = (mt_i64)(v0);
    int v18 = p6;
    int v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (int)(0 + MT_FLAT(s));
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v25[s];
    int v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v0;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v26[s] < v27[s]);
    int v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = v1;
    int v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = 0;
    int v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = v18;
    bool v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v89[s] < v92[s]);
    bool v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v28[s] && v93[s]);
    int v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = 1;
    int v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (int)((v26[s] & v34[s]));
    bool v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = (v35[s] == v90[s]);
    int v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (int)((v26[s] ^ v34[s]));
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (mt_i64)(v26[s]);
    mt_i64 v101[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v101[s] = (mt_i64)(v89[s]);
    mt_i64 v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v15;
    mt_i64 v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (v101[s] * v102[s]);
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v103[s] + v44[s]);
    float v47 = 0.0f;
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v46[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { v48[g + k] = v47; }
      }
    }
    mt_i64 v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = (mt_i64)(v41[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v103[s] + v49[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v53[s] = (true && v30[s]) ? p0[v51[s]] : v47; }
    int v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = -2;
    int v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (int)((v26[s] & v55[s]));
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (mt_i64)(v56[s]);
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v9;
    int v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (int)((v111[s] == 0 ? 0 : v89[s] / v111[s]));
    int v113[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v113[s] = v8;
    int v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v114[s] = (int)((v113[s] == 0 ? 0 : v112[s] % v113[s]));
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = (mt_i64)(v114[s]);
    mt_i64 v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (v115[s] * v102[s]);
    mt_i64 v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v117[s] + v57[s]);
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v64[s] = (true && v30[s]) ? p1[v59[s]] : v47; }
    int v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (int)((v41[s] & v55[s]));
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (mt_i64)(v67[s]);
    mt_i64 v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v117[s] + v68[s]);
    mt_i64 v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = 1LL;
    mt_i64 v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (v70[s] + v72[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v75[s] = (true && v30[s]) ? p1[v73[s]] : v47; }
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v53[s] * v75[s]);
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v48[s] * v64[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = (-v76[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = (v38[s] ? v76[s] : v78[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v77[s] + v79[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (v30[s] ? v80[s] : v48[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v46[g];
      if ((true && v30[g])) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v81[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p3;
    int v1 = (int)blockIdx.x;
    int v8 = p4;
    int v9 = p5;
    mt_i64 v15 = (mt_i64)(v0);
    int v18 = p6;
    int v25[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v25[s] = (int)(0 + MT_FLAT(s));
    int v26[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v26[s] = v25[s];
    int v27[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v27[s] = v0;
    bool v28[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v28[s] = (v26[s] < v27[s]);
    int v89[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v89[s] = v1;
    int v90[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v90[s] = 0;
    int v92[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v92[s] = v18;
    bool v93[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v93[s] = (v89[s] < v92[s]);
    bool v30[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v30[s] = (v28[s] && v93[s]);
    int v34[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v34[s] = 1;
    int v35[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v35[s] = (int)((v26[s] & v34[s]));
    bool v38[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v38[s] = (v35[s] == v90[s]);
    int v41[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v41[s] = (int)((v26[s] ^ v34[s]));
    mt_i64 v44[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v44[s] = (mt_i64)(v26[s]);
    mt_i64 v101[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v101[s] = (mt_i64)(v89[s]);
    mt_i64 v102[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v102[s] = v15;
    mt_i64 v103[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v103[s] = (v101[s] * v102[s]);
    mt_i64 v46[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v46[s] = (v103[s] + v44[s]);
    float v47 = 0.0f;
    float v48[8];
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v46[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v48[g + k] = u.e[k];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; v48[s] = (true && v30[s]) ? p0[v46[s]] : v47; }
      }
    }
    mt_i64 v49[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v49[s] = (mt_i64)(v41[s]);
    mt_i64 v51[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v51[s] = (v103[s] + v49[s]);
    float v53[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v53[s] = (true && v30[s]) ? p0[v51[s]] : v47; }
    int v55[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v55[s] = -2;
    int v56[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v56[s] = (int)((v26[s] & v55[s]));
    mt_i64 v57[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v57[s] = (mt_i64)(v56[s]);
    int v111[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v111[s] = v9;
    int v112[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v112[s] = (int)((v111[s] == 0 ? 0 : v89[s] / v111[s]));
    int v113[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v113[s] = v8;
    int v114[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v114[s] = (int)((v113[s] == 0 ? 0 : v112[s] % v113[s]));
    mt_i64 v115[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v115[s] = (mt_i64)(v114[s]);
    mt_i64 v117[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v117[s] = (v115[s] * v102[s]);
    mt_i64 v59[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v59[s] = (v117[s] + v57[s]);
    float v64[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v64[s] = (true && v30[s]) ? p1[v59[s]] : v47; }
    int v67[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v67[s] = (int)((v41[s] & v55[s]));
    mt_i64 v68[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v68[s] = (mt_i64)(v67[s]);
    mt_i64 v70[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v70[s] = (v117[s] + v68[s]);
    mt_i64 v72[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v72[s] = 1LL;
    mt_i64 v73[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v73[s] = (v70[s] + v72[s]);
    float v75[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) { v75[s] = (true && v30[s]) ? p1[v73[s]] : v47; }
    float v76[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v76[s] = (v53[s] * v75[s]);
    float v77[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v77[s] = (v48[s] * v64[s]);
    float v78[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v78[s] = (-v76[s]);
    float v79[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v79[s] = (v38[s] ? v76[s] : v78[s]);
    float v80[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v80[s] = (v77[s] + v79[s]);
    float v81[8];
    #pragma unroll
    for (int s = 0; s < 8; ++s) v81[s] = (v30[s] ? v80[s] : v48[s]);
    #pragma unroll
    for (int g = 0; g < 8; g += 4) {
      const mt_i64 i0 = v46[g];
      if ((true && v30[g + 0]) && (true && v30[g + 1]) && (true && v30[g + 2]) && (true && v30[g + 3]) && (i0 % 4) == 0) {
        union { uint4 w[1]; float e[4]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v81[g + k];
        #pragma unroll
        for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) { const int s = g + k; if (true && v30[s]) p2[v46[s]] = v81[s]; }
      }
    }
  }
}
