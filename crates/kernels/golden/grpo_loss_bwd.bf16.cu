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
// NaN-propagating min/max: one instruction from sm_80 on, the same results either way.
#if __CUDA_ARCH__ >= 800
__device__ __forceinline__ float mt_minf(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float mt_maxf(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
#else
__device__ __forceinline__ float mt_minf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fminf(a, b); }
__device__ __forceinline__ float mt_maxf(float a, float b) { return (a != a || b != b) ? __int_as_float(0x7fc00000) : fmaxf(a, b); }
#endif
// Vector loads under an L2 evict_last policy (`Kernel::l2_evict_last`), where it was measured
// (sm_90, the H200); plain loads on earlier architectures.
#if __CUDA_ARCH__ >= 900
#define MT_LD_POLICY "{ .reg .b64 pol; createpolicy.fractional.L2::evict_last.b64 pol, 1.0; "
__device__ __forceinline__ uint4 mt_ld_evict_last(const uint4* p) { uint4 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], pol; }" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p)); return v; }
__device__ __forceinline__ uint2 mt_ld_evict_last(const uint2* p) { uint2 v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.v2.u32 {%0,%1}, [%2], pol; }" : "=r"(v.x), "=r"(v.y) : "l"(p)); return v; }
__device__ __forceinline__ unsigned mt_ld_evict_last(const unsigned* p) { unsigned v; asm(MT_LD_POLICY "ld.global.L2::cache_hint.u32 %0, [%1], pol; }" : "=r"(v) : "l"(p)); return v; }
#else
template <typename W> __device__ __forceinline__ W mt_ld_evict_last(const W* p) { return *p; }
#endif
__device__ __forceinline__ int mt_f2i(float x) { return x != x ? 0 : (x >= 2147483648.0f ? 2147483647 : (x <= -2147483648.0f ? (-2147483647 - 1) : (int)x)); }
__device__ __forceinline__ mt_i64 mt_f2l(float x) { return x != x ? 0 : (x >= 9.2233720368547758e18f ? 9223372036854775807LL : (x <= -9.2233720368547758e18f ? (-9223372036854775807LL - 1) : (mt_i64)x)); }
__device__ __forceinline__ float mt_exp(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f)); return r; }
__device__ __forceinline__ float mt_sigmoid(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(-x))); return r; }
__device__ __forceinline__ float mt_div(float x, float y) { float r; asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }
__device__ __forceinline__ float mt_rsqrt(float x) { return rsqrtf(x); }
__device__ __forceinline__ float mt_tanh(float x) {
  const float a = fabsf(x), x2 = x * x;
  const float p = x * fmaf(x2, fmaf(x2, fmaf(x2, fmaf(x2, 0.021869488f, -0.053968254f), 0.13333334f), -0.33333334f), 1.0f);
  float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(1.0f + mt_exp(2.0f * a)));
  return a < 0.25f ? p : copysignf(fmaf(-2.0f, r, 1.0f), x);
}
#define MT_THREADS 256
#define MT_VEC 8
#define MT_FLAT(s) (((((s) / MT_VEC) * MT_THREADS) + mt_tid) * MT_VEC + ((s) % MT_VEC))
extern "C" __global__ void __launch_bounds__(256) mt_grpo_loss_bwd(const mt_u16* __restrict__ p0, const mt_i64* __restrict__ p1, const float* __restrict__ p2, const int* __restrict__ p3, const float* __restrict__ p4, const float* __restrict__ p5, const float* __restrict__ p6, const float* __restrict__ p7, mt_u16* __restrict__ p8, int p9, int p10, float p11, float p12, float p13, float p14, float p15, float p16, float p17) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p9 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p8 % 16) == 0;
  if (mt_fast) {
    int v0 = p9;
    int v1 = p10;
    float v2 = p11;
    float v3 = p12;
    float v4 = p13;
    float v5 = p14;
    float v9 = 0.0f;
    float v10 = 1.0f;
    int v11 = (int)blockIdx.x;
    int v12 = 1;
    int v13 = (int)((v1 + v12));
    int v14 = (int)((v13 == 0 ? 0 : v11 / v13));
    int v17 = (int)((v14 * v13));
    int v18 = (int)((v11 - v17));
    bool v19 = (v18 < v1);
    int v20 = (int)((v11 - v14));
    mt_i64 v21 = (mt_i64)(v20);
    mt_i64 v22 = (mt_i64)(v14);
    int v23[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v23[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v24 = (mt_i64)(v11);
    mt_i64 v25 = (mt_i64)(v0);
    mt_i64 v26 = (v24 * v25);
    int v27 = 0;
    int v28 = v19 ? p3[v21] : v27;
    float v29 = (float)(v28);
    bool v31 = (v29 != v9);
    bool v32 = (v19 && v31);
    if (v32) {
      float v33 = true ? p6[v21] : 0;
      mt_i64 v34 = true ? p1[v21] : 0;
      mt_i64 v35 = (v26 + v34);
      float v36 = true ? mt_bf16_to_f32(p0[v35]) : 0;
      float v37 = v36;
      float v38 = (v37 * v2);
      float v39 = (v38 - v33);
      float v40 = true ? p4[v21] : 0;
      float v41 = (v39 - v40);
      float v42 = mt_exp(v41);
      float v43 = true ? p2[v22] : 0;
      float v44 = true ? p5[v21] : 0;
      float v47 = (v10 - v4);
      float v49 = (v5 + v10);
      float v50 = mt_maxf(v42, v47);
      float v51 = mt_minf(v50, v49);
      float v52 = (v51 * v43);
      float v53 = (v42 * v43);
      bool v54 = (v52 >= v53);
      float v56 = (-v53);
      float v58 = (v54 ? v56 : v9);
      float v59 = (v44 - v39);
      float v60 = mt_exp(v59);
      float v62 = (v10 - v60);
      float v63 = (v3 * v62);
      float v64 = (v58 + v63);
      float v65 = true ? p7[v21] : 0;
      float v66 = (v64 * v65);
      float v67 = (v66 * v2);
      float v68 = (v67 * v29);
      int v69[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v69[s] = v0;
      bool v70[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v70[s] = (v23[s] < v69[s]);
      mt_i64 v71[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v71[s] = (mt_i64)(v23[s]);
      mt_i64 v72[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v72[s] = v26;
      mt_i64 v73[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v73[s] = (v72[s] + v71[s]);
      float v74 = __int_as_float(0xff800000);
      float v75[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v73[g];
        if ((true && v70[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v75[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v75[g + k] = v74; }
        }
      }
      float v76[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v76[s] = v75[s];
      float v77[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v77[s] = v2;
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v76[s] * v77[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = v33;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v78[s] - v79[s]);
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = mt_exp(v80[s]);
      mt_i64 v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = v34;
      bool v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = (v71[s] == v82[s]);
      float v84[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v84[s] = (float)(v83[s]);
      float v85[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v85[s] = (v84[s] - v81[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v68;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v85[s] * v86[s]);
      float v88[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v88[s] = mt_round_bf16(v87[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v73[g];
        if ((true && v70[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v87[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
        }
      }
    } else {
      int v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = v0;
      bool v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v23[s] < v89[s]);
      mt_i64 v91[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v91[s] = (mt_i64)(v23[s]);
      mt_i64 v92[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v92[s] = v26;
      mt_i64 v93[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v93[s] = (v92[s] + v91[s]);
      float v95[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v95[s] = 0.0f;
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v93[g];
        if ((true && v90[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v95[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
        }
      }
    }
  } else {
    int v0 = p9;
    int v1 = p10;
    float v2 = p11;
    float v3 = p12;
    float v4 = p13;
    float v5 = p14;
    float v9 = 0.0f;
    float v10 = 1.0f;
    int v11 = (int)blockIdx.x;
    int v12 = 1;
    int v13 = (int)((v1 + v12));
    int v14 = (int)((v13 == 0 ? 0 : v11 / v13));
    int v17 = (int)((v14 * v13));
    int v18 = (int)((v11 - v17));
    bool v19 = (v18 < v1);
    int v20 = (int)((v11 - v14));
    mt_i64 v21 = (mt_i64)(v20);
    mt_i64 v22 = (mt_i64)(v14);
    int v23[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v23[s] = (int)(0 + MT_FLAT(s));
    mt_i64 v24 = (mt_i64)(v11);
    mt_i64 v25 = (mt_i64)(v0);
    mt_i64 v26 = (v24 * v25);
    int v27 = 0;
    int v28 = v19 ? p3[v21] : v27;
    float v29 = (float)(v28);
    bool v31 = (v29 != v9);
    bool v32 = (v19 && v31);
    if (v32) {
      float v33 = true ? p6[v21] : 0;
      mt_i64 v34 = true ? p1[v21] : 0;
      mt_i64 v35 = (v26 + v34);
      float v36 = true ? mt_bf16_to_f32(p0[v35]) : 0;
      float v37 = v36;
      float v38 = (v37 * v2);
      float v39 = (v38 - v33);
      float v40 = true ? p4[v21] : 0;
      float v41 = (v39 - v40);
      float v42 = mt_exp(v41);
      float v43 = true ? p2[v22] : 0;
      float v44 = true ? p5[v21] : 0;
      float v47 = (v10 - v4);
      float v49 = (v5 + v10);
      float v50 = mt_maxf(v42, v47);
      float v51 = mt_minf(v50, v49);
      float v52 = (v51 * v43);
      float v53 = (v42 * v43);
      bool v54 = (v52 >= v53);
      float v56 = (-v53);
      float v58 = (v54 ? v56 : v9);
      float v59 = (v44 - v39);
      float v60 = mt_exp(v59);
      float v62 = (v10 - v60);
      float v63 = (v3 * v62);
      float v64 = (v58 + v63);
      float v65 = true ? p7[v21] : 0;
      float v66 = (v64 * v65);
      float v67 = (v66 * v2);
      float v68 = (v67 * v29);
      int v69[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v69[s] = v0;
      bool v70[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v70[s] = (v23[s] < v69[s]);
      mt_i64 v71[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v71[s] = (mt_i64)(v23[s]);
      mt_i64 v72[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v72[s] = v26;
      mt_i64 v73[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v73[s] = (v72[s] + v71[s]);
      float v74 = __int_as_float(0xff800000);
      float v75[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v73[g];
        if ((true && v70[g + 0]) && (true && v70[g + 1]) && (true && v70[g + 2]) && (true && v70[g + 3]) && (true && v70[g + 4]) && (true && v70[g + 5]) && (true && v70[g + 6]) && (true && v70[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v75[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v75[s] = (true && v70[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v74; }
        }
      }
      float v76[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v76[s] = v75[s];
      float v77[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v77[s] = v2;
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v76[s] * v77[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = v33;
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v78[s] - v79[s]);
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = mt_exp(v80[s]);
      mt_i64 v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = v34;
      bool v83[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v83[s] = (v71[s] == v82[s]);
      float v84[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v84[s] = (float)(v83[s]);
      float v85[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v85[s] = (v84[s] - v81[s]);
      float v86[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v86[s] = v68;
      float v87[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v87[s] = (v85[s] * v86[s]);
      float v88[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v88[s] = mt_round_bf16(v87[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v73[g];
        if ((true && v70[g + 0]) && (true && v70[g + 1]) && (true && v70[g + 2]) && (true && v70[g + 3]) && (true && v70[g + 4]) && (true && v70[g + 5]) && (true && v70[g + 6]) && (true && v70[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v87[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v70[s]) p8[i0 + k] = mt_f32_to_bf16(v87[s]); }
        }
      }
    } else {
      int v89[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v89[s] = v0;
      bool v90[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v90[s] = (v23[s] < v89[s]);
      mt_i64 v91[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v91[s] = (mt_i64)(v23[s]);
      mt_i64 v92[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v92[s] = v26;
      mt_i64 v93[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v93[s] = (v92[s] + v91[s]);
      float v95[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v95[s] = 0.0f;
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v93[g];
        if ((true && v90[g + 0]) && (true && v90[g + 1]) && (true && v90[g + 2]) && (true && v90[g + 3]) && (true && v90[g + 4]) && (true && v90[g + 5]) && (true && v90[g + 6]) && (true && v90[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v95[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p8 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v90[s]) p8[i0 + k] = mt_f32_to_bf16(v95[s]); }
        }
      }
    }
  }
}
