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
extern "C" __global__ void __launch_bounds__(256) mt_layer_norm_in_place_bwd(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, mt_u16* __restrict__ p2, float* __restrict__ p3, float* __restrict__ p4, int p5, int p6, int p7, float p8) {
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[512];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p4 % 16) == 0;
  if (mt_fast) {
    int v0 = p5;
    int v1 = p6;
    int v2 = p7;
    float v3 = p8;
    int v4 = (int)blockIdx.x;
    int v5[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v5[s] = (int)(0 + MT_FLAT(s));
    int v6[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v6[s] = v0;
    bool v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (v5[s] < v6[s]);
    float v8 = (float)(v0);
    int v9 = (int)((v4 * v2));
    int v10 = (int)((v9 + v2));
    int v11 = (int)((v10 < v1 ? v10 : v1));
    mt_i64 v12[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v12[s] = (mt_i64)(v5[s]);
    float v13 = 0.0f;
    float v14[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v12[g];
      if ((true && v7[g])) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v14[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { v14[g + k] = v13; }
      }
    }
    float v15[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v15[s] = v14[s];
    float v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = 0.0f;
    int v18 = 1;
    float v20[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v20[s] = v16[s];
    float v21[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v21[s] = v16[s];
    for (int v19 = v9; v19 < v11; v19 += v18) {
      mt_i64 v23 = (mt_i64)(v19);
      mt_i64 v24 = (mt_i64)(v0);
      mt_i64 v25 = (v23 * v24);
      mt_i64 v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = v25;
      mt_i64 v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = (v26[s] + v12[s]);
      float v29[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v29[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v29[g + k] = v13; }
        }
      }
      float v30[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v30[s] = v29[s];
      float v32[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v32[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v32[g + k] = v13; }
        }
      }
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = v32[s];
      mt_round ^= 1;
      float acc2 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc2 = (acc2 + v30[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc2, o); acc2 = (acc2 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc2;
      __syncthreads();
      acc2 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc2 = (acc2 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v35 = acc2;
      float v36 = mt_div(v35, v8);
      float v37[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v37[s] = v36;
      float v38[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v38[s] = (v30[s] - v37[s]);
      float v39 = 0.0f;
      float v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v7[s] ? v38[s] : v16[s]);
      float v42[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v42[s] = (v33[s] * v15[s]);
      float v43[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v43[s] = (v41[s] * v42[s]);
      float v44[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v44[s] = (v41[s] * v41[s]);
      mt_round ^= 1;
      float acc3 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc3 = (acc3 + v41[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc3, o); acc3 = (acc3 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc3;
      float acc4 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc4 = (acc4 + v43[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc4, o); acc4 = (acc4 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc4;
      float acc5 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc5 = (acc5 + v42[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc5, o); acc5 = (acc5 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 128))[mt_warp] = acc5;
      float acc6 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc6 = (acc6 + v44[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc6, o); acc6 = (acc6 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 192))[mt_warp] = acc6;
      __syncthreads();
      acc3 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc3 = (acc3 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
      float v45 = acc3;
      acc4 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc4 = (acc4 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
      float v46 = acc4;
      acc5 = ((float*)(mt_smem + mt_round * 256 + 128))[0]; for (int w = 1; w < 8; ++w) acc5 = (acc5 + ((float*)(mt_smem + mt_round * 256 + 128))[w]);
      float v47 = acc5;
      acc6 = ((float*)(mt_smem + mt_round * 256 + 192))[0]; for (int w = 1; w < 8; ++w) acc6 = (acc6 + ((float*)(mt_smem + mt_round * 256 + 192))[w]);
      float v48 = acc6;
      float v49 = mt_div(v45, v8);
      float v50 = mt_div(v48, v8);
      float v51 = (v49 * v49);
      float v52 = (v50 - v51);
      float v54 = mt_maxf(v52, v39);
      float v55 = (v54 + v3);
      float v56 = mt_rsqrt(v55);
      float v57 = (v49 * v47);
      float v58 = (v46 - v57);
      float v59 = (v56 * v58);
      float v60 = mt_div(v59, v8);
      float v61 = mt_div(v47, v8);
      float v64[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v64[s] = v49;
      float v65[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v65[s] = (v38[s] - v64[s]);
      float v68[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v68[s] = (v7[s] ? v65[s] : v16[s]);
      float v69[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v69[s] = v56;
      float v70[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v70[s] = (v68[s] * v69[s]);
      float v72[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v72[s] = v60;
      float v73[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v73[s] = (v70[s] * v72[s]);
      float v74[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v74[s] = (v42[s] - v73[s]);
      float v75[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v75[s] = v61;
      float v76[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v76[s] = (v74[s] - v75[s]);
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v76[s] * v69[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = mt_round_bf16(v78[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v78[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
        }
      }
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v33[s] * v70[s]);
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = (v20[s] + v80[s]);
      float v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = (v21[s] + v33[s]);
      float y7[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) y7[s] = v81[s];
      float y8[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) y8[s] = v82[s];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v20[s] = y7[s];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v21[s] = y8[s];
    }
    float v83[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v83[s] = v20[s];
    float v84[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v84[s] = v21[s];
    mt_i64 v86 = (mt_i64)(v4);
    mt_i64 v87 = (mt_i64)(v0);
    mt_i64 v88 = (v86 * v87);
    mt_i64 v89[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v89[s] = v88;
    mt_i64 v90[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v90[s] = (v89[s] + v12[s]);
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v90[g];
      if ((true && v7[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v83[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      }
    }
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v90[g];
      if ((true && v7[g])) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v84[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
      }
    }
  } else {
    int v0 = p5;
    int v1 = p6;
    int v2 = p7;
    float v3 = p8;
    int v4 = (int)blockIdx.x;
    int v5[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v5[s] = (int)(0 + MT_FLAT(s));
    int v6[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v6[s] = v0;
    bool v7[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v7[s] = (v5[s] < v6[s]);
    float v8 = (float)(v0);
    int v9 = (int)((v4 * v2));
    int v10 = (int)((v9 + v2));
    int v11 = (int)((v10 < v1 ? v10 : v1));
    mt_i64 v12[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v12[s] = (mt_i64)(v5[s]);
    float v13 = 0.0f;
    float v14[16];
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v12[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[1]; mt_u16 e[8]; } u;
        #pragma unroll
        for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) v14[g + k] = mt_bf16_to_f32(u.e[k]);
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; v14[s] = (true && v7[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v13; }
      }
    }
    float v15[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v15[s] = v14[s];
    float v16[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v16[s] = 0.0f;
    int v18 = 1;
    float v20[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v20[s] = v16[s];
    float v21[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v21[s] = v16[s];
    for (int v19 = v9; v19 < v11; v19 += v18) {
      mt_i64 v23 = (mt_i64)(v19);
      mt_i64 v24 = (mt_i64)(v0);
      mt_i64 v25 = (v23 * v24);
      mt_i64 v26[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v26[s] = v25;
      mt_i64 v27[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v27[s] = (v26[s] + v12[s]);
      float v29[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v29[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v29[s] = (true && v7[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v13; }
        }
      }
      float v30[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v30[s] = v29[s];
      float v32[16];
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v32[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v32[s] = (true && v7[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v13; }
        }
      }
      float v33[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v33[s] = v32[s];
      mt_round ^= 1;
      float acc10 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc10 = (acc10 + v30[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc10, o); acc10 = (acc10 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256))[mt_warp] = acc10;
      __syncthreads();
      acc10 = ((float*)(mt_smem + mt_round * 256))[0]; for (int w = 1; w < 8; ++w) acc10 = (acc10 + ((float*)(mt_smem + mt_round * 256))[w]);
      float v35 = acc10;
      float v36 = mt_div(v35, v8);
      float v37[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v37[s] = v36;
      float v38[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v38[s] = (v30[s] - v37[s]);
      float v39 = 0.0f;
      float v41[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v41[s] = (v7[s] ? v38[s] : v16[s]);
      float v42[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v42[s] = (v33[s] * v15[s]);
      float v43[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v43[s] = (v41[s] * v42[s]);
      float v44[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v44[s] = (v41[s] * v41[s]);
      mt_round ^= 1;
      float acc11 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc11 = (acc11 + v41[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc11, o); acc11 = (acc11 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 0))[mt_warp] = acc11;
      float acc12 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc12 = (acc12 + v43[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc12, o); acc12 = (acc12 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 64))[mt_warp] = acc12;
      float acc13 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc13 = (acc13 + v42[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc13, o); acc13 = (acc13 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 128))[mt_warp] = acc13;
      float acc14 = 0.0f;
      #pragma unroll
      for (int s = 0; s < 16; ++s) if (true) acc14 = (acc14 + v44[s]);
      for (int o = 16; o > 0; o >>= 1) { const float mt_sh = __shfl_xor_sync(0xffffffffu, acc14, o); acc14 = (acc14 + mt_sh); }
      if (mt_lane == 0) ((float*)(mt_smem + mt_round * 256 + 192))[mt_warp] = acc14;
      __syncthreads();
      acc11 = ((float*)(mt_smem + mt_round * 256 + 0))[0]; for (int w = 1; w < 8; ++w) acc11 = (acc11 + ((float*)(mt_smem + mt_round * 256 + 0))[w]);
      float v45 = acc11;
      acc12 = ((float*)(mt_smem + mt_round * 256 + 64))[0]; for (int w = 1; w < 8; ++w) acc12 = (acc12 + ((float*)(mt_smem + mt_round * 256 + 64))[w]);
      float v46 = acc12;
      acc13 = ((float*)(mt_smem + mt_round * 256 + 128))[0]; for (int w = 1; w < 8; ++w) acc13 = (acc13 + ((float*)(mt_smem + mt_round * 256 + 128))[w]);
      float v47 = acc13;
      acc14 = ((float*)(mt_smem + mt_round * 256 + 192))[0]; for (int w = 1; w < 8; ++w) acc14 = (acc14 + ((float*)(mt_smem + mt_round * 256 + 192))[w]);
      float v48 = acc14;
      float v49 = mt_div(v45, v8);
      float v50 = mt_div(v48, v8);
      float v51 = (v49 * v49);
      float v52 = (v50 - v51);
      float v54 = mt_maxf(v52, v39);
      float v55 = (v54 + v3);
      float v56 = mt_rsqrt(v55);
      float v57 = (v49 * v47);
      float v58 = (v46 - v57);
      float v59 = (v56 * v58);
      float v60 = mt_div(v59, v8);
      float v61 = mt_div(v47, v8);
      float v64[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v64[s] = v49;
      float v65[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v65[s] = (v38[s] - v64[s]);
      float v68[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v68[s] = (v7[s] ? v65[s] : v16[s]);
      float v69[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v69[s] = v56;
      float v70[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v70[s] = (v68[s] * v69[s]);
      float v72[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v72[s] = v60;
      float v73[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v73[s] = (v70[s] * v72[s]);
      float v74[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v74[s] = (v42[s] - v73[s]);
      float v75[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v75[s] = v61;
      float v76[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v76[s] = (v74[s] - v75[s]);
      float v78[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v78[s] = (v76[s] * v69[s]);
      float v79[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v79[s] = mt_round_bf16(v78[s]);
      #pragma unroll
      for (int g = 0; g < 16; g += 8) {
        const mt_i64 i0 = v27[g];
        if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v78[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p2 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v7[s]) p2[i0 + k] = mt_f32_to_bf16(v78[s]); }
        }
      }
      float v80[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v80[s] = (v33[s] * v70[s]);
      float v81[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v81[s] = (v20[s] + v80[s]);
      float v82[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v82[s] = (v21[s] + v33[s]);
      float y15[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) y15[s] = v81[s];
      float y16[16];
      #pragma unroll
      for (int s = 0; s < 16; ++s) y16[s] = v82[s];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v20[s] = y15[s];
      #pragma unroll
      for (int s = 0; s < 16; ++s) v21[s] = y16[s];
    }
    float v83[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v83[s] = v20[s];
    float v84[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v84[s] = v21[s];
    mt_i64 v86 = (mt_i64)(v4);
    mt_i64 v87 = (mt_i64)(v0);
    mt_i64 v88 = (v86 * v87);
    mt_i64 v89[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v89[s] = v88;
    mt_i64 v90[16];
    #pragma unroll
    for (int s = 0; s < 16; ++s) v90[s] = (v89[s] + v12[s]);
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v90[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v83[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v7[s]) p3[i0 + k] = v83[s]; }
      }
    }
    #pragma unroll
    for (int g = 0; g < 16; g += 8) {
      const mt_i64 i0 = v90[g];
      if ((true && v7[g + 0]) && (true && v7[g + 1]) && (true && v7[g + 2]) && (true && v7[g + 3]) && (true && v7[g + 4]) && (true && v7[g + 5]) && (true && v7[g + 6]) && (true && v7[g + 7]) && (i0 % 8) == 0) {
        union { uint4 w[2]; float e[8]; } u;
        #pragma unroll
        for (int k = 0; k < MT_VEC; ++k) u.e[k] = v84[g + k];
        #pragma unroll
        for (int q = 0; q < 2; ++q) ((uint4*)(p4 + i0))[q] = u.w[q];
      } else {
        #pragma unroll
        for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v7[s]) p4[i0 + k] = v84[s]; }
      }
    }
  }
}
