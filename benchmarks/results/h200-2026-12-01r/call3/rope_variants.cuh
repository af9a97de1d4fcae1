extern "C" __global__ void __launch_bounds__(256, 5) mt_rope_fwd_b(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9, const mt_u16* __restrict__ p10, mt_u16* __restrict__ p11, int p12, int p13, int p14) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
#endif
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p10 % 16) == 0 && ((unsigned long long)(const void*)p11 % 16) == 0;
  if (true) {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v54[g + k] = v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v59[g + k] = v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v66[g + k] = v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v71[g + k] = v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v74[g + k] = v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v79[g + k] = v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v136[g + k] = v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v141[g + k] = v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v148[g + k] = v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v153[g + k] = v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v156[g + k] = v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v161[g + k] = v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
  } else {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v54[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v59[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v66[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v71[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v74[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v79[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v83[s]); }
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v86[s]); }
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v136[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v141[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v148[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v153[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v156[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v161[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v165[s]); }
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v168[s]); }
        }
      }
    } else {
    }
  }
}

extern "C" __global__ void __launch_bounds__(256) mt_rope_fwd_c(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9, const mt_u16* __restrict__ p10, mt_u16* __restrict__ p11, int p12, int p13, int p14) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
#endif
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p10 % 16) == 0 && ((unsigned long long)(const void*)p11 % 16) == 0;
  if (mt_fast) {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v54[g + k] = v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v59[g + k] = v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v66[g + k] = v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v71[g + k] = v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v74[g + k] = v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v79[g + k] = v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v136[g + k] = v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v141[g + k] = v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v148[g + k] = v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v153[g + k] = v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v156[g + k] = v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v161[g + k] = v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
  } else {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v54[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v59[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v66[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v71[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v74[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v79[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v83[s]); }
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v86[s]); }
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v136[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v141[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v148[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v153[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v156[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v161[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v165[s]); }
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v168[s]); }
        }
      }
    } else {
    }
  }
}

extern "C" __global__ void __launch_bounds__(256) mt_rope_fwd_d(const mt_u16* __restrict__ p0, const mt_u16* __restrict__ p1, const mt_u16* __restrict__ p2, mt_u16* __restrict__ p3, int p4, int p5, int p6, int p7, int p8, int p9, const mt_u16* __restrict__ p10, mt_u16* __restrict__ p11, int p12, int p13, int p14) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;");
#endif
  const int mt_tid = threadIdx.x;
  const int mt_lane = mt_tid & 31;
  const int mt_warp = mt_tid >> 5;
  (void)mt_lane; (void)mt_warp;
  __shared__ __align__(128) unsigned char mt_smem[16];
  (void)mt_smem;
  int mt_round = 0;
  (void)mt_round;
  const bool mt_fast = (p4 % 8) == 0 && (p5 % 8) == 0 && ((unsigned long long)(const void*)p0 % 16) == 0 && ((unsigned long long)(const void*)p1 % 16) == 0 && ((unsigned long long)(const void*)p2 % 16) == 0 && ((unsigned long long)(const void*)p3 % 16) == 0 && ((unsigned long long)(const void*)p10 % 16) == 0 && ((unsigned long long)(const void*)p11 % 16) == 0;
  if (true) {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v54[g + k] = v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v59[g + k] = v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v66[g + k] = v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v71[g + k] = v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v74[g + k] = v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v79[g + k] = v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v136[g + k] = v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v141[g + k] = v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v148[g + k] = v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v153[g + k] = v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v156[g + k] = v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { v161[g + k] = v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g])) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        }
      }
    } else {
    }
  } else {
    int v0 = p4;
    int v1 = p5;
    int v2 = p6;
    int v3 = p7;
    int v4 = p8;
    int v5 = p9;
    int v6 = p12;
    int v7 = p13;
    int v8 = p14;
    int v9 = (int)blockIdx.x;
    bool v10 = (v9 < v8);
    if (v10) {
      int v11 = 2;
      int v12 = (int)((v1 * v11));
      int v13 = 32;
      int v14 = (int)((v9 * v13));
      mt_i64 v29 = (mt_i64)(v12);
      mt_i64 v34 = (mt_i64)(v14);
      mt_i64 v35 = (mt_i64)(v0);
      mt_i64 v36 = (v34 * v35);
      int v173[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v173[s] = (int)(0 + MT_FLAT(s));
      int v174[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v174[s] = v173[s];
      int v175[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v175[s] = 64;
      int v176[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v176[s] = (int)((v175[s] == 0 ? 0 : v174[s] / v175[s]));
      int v178[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v178[s] = (int)((v175[s] == 0 ? 0 : v174[s] % v175[s]));
      int v179[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v179[s] = v1;
      bool v180[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v180[s] = (v178[s] < v179[s]);
      int v187[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v187[s] = v14;
      int v188[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v188[s] = (int)((v187[s] + v176[s]));
      int v189[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v189[s] = v5;
      bool v190[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v190[s] = (v188[s] < v189[s]);
      bool v45[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v45[s] = (v180[s] && v190[s]);
      mt_i64 v46 = (mt_i64)(v1);
      int v197[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v197[s] = v0;
      int v198[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v198[s] = (int)((v176[s] * v197[s]));
      int v49[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v49[s] = (int)((v198[s] + v178[s]));
      mt_i64 v50[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v50[s] = (mt_i64)(v49[s]);
      mt_i64 v51[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v51[s] = v36;
      mt_i64 v52[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v52[s] = (v51[s] + v50[s]);
      float v53 = 0.0f;
      float v54[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v54[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v54[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v55[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v55[s] = v54[s];
      mt_i64 v56[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v56[s] = v46;
      mt_i64 v57[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v57[s] = (v52[s] + v56[s]);
      float v59[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p0 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v59[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v59[s] = (true && v45[s]) ? mt_bf16_to_f32(p0[i0 + k]) : v53; }
        }
      }
      float v60[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v60[s] = v59[s];
      int v213[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v213[s] = v3;
      int v214[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v214[s] = (int)((v213[s] == 0 ? 0 : v188[s] / v213[s]));
      int v215[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v215[s] = v4;
      int v216[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v216[s] = (int)((v214[s] * v215[s]));
      int v217[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v217[s] = v2;
      int v218[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v218[s] = (int)((v216[s] * v217[s]));
      int v222[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v222[s] = (int)((v217[s] == 0 ? 0 : v188[s] % v217[s]));
      int v223[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v223[s] = (int)((v218[s] + v222[s]));
      mt_i64 v224[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v224[s] = (mt_i64)(v223[s]);
      mt_i64 v225[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v225[s] = v29;
      mt_i64 v226[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v226[s] = (v224[s] * v225[s]);
      mt_i64 v233[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v233[s] = (mt_i64)(v178[s]);
      mt_i64 v64[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v64[s] = (v226[s] + v233[s]);
      float v66[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v66[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v66[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v67[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v67[s] = v66[s];
      mt_i64 v69[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v69[s] = (v64[s] + v56[s]);
      float v71[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v71[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v71[s] = (true && v45[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v53; }
        }
      }
      float v72[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v72[s] = v71[s];
      float v74[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v64[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v74[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v74[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v75[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v75[s] = v74[s];
      float v79[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v69[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v79[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v79[s] = (true && v45[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v53; }
        }
      }
      float v80[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v80[s] = v79[s];
      float v81[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v81[s] = (v55[s] * v67[s]);
      float v82[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v82[s] = (v60[s] * v75[s]);
      float v83[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v83[s] = (v81[s] - v82[s]);
      float v84[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v84[s] = (v60[s] * v72[s]);
      float v85[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v85[s] = (v55[s] * v80[s]);
      float v86[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v86[s] = (v84[s] + v85[s]);
      float v87[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v87[s] = mt_round_bf16(v83[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v52[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v83[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v83[s]); }
        }
      }
      float v90[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v90[s] = mt_round_bf16(v86[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v57[g];
        if ((true && v45[g + 0]) && (true && v45[g + 1]) && (true && v45[g + 2]) && (true && v45[g + 3]) && (true && v45[g + 4]) && (true && v45[g + 5]) && (true && v45[g + 6]) && (true && v45[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v86[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p3 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v45[s]) p3[i0 + k] = mt_f32_to_bf16(v86[s]); }
        }
      }
    } else {
    }
    bool v91 = (v9 >= v8);
    if (v91) {
      int v92 = (int)((v9 - v8));
      int v93 = 2;
      int v94 = (int)((v1 * v93));
      int v95 = 32;
      int v96 = (int)((v92 * v95));
      mt_i64 v111 = (mt_i64)(v94);
      mt_i64 v116 = (mt_i64)(v96);
      mt_i64 v117 = (mt_i64)(v0);
      mt_i64 v118 = (v116 * v117);
      int v234[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v234[s] = (int)(0 + MT_FLAT(s));
      int v235[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v235[s] = v234[s];
      int v236[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v236[s] = 64;
      int v237[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v237[s] = (int)((v236[s] == 0 ? 0 : v235[s] / v236[s]));
      int v239[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v239[s] = (int)((v236[s] == 0 ? 0 : v235[s] % v236[s]));
      int v240[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v240[s] = v1;
      bool v241[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v241[s] = (v239[s] < v240[s]);
      int v248[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v248[s] = v96;
      int v249[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v249[s] = (int)((v248[s] + v237[s]));
      int v250[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v250[s] = v7;
      bool v251[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v251[s] = (v249[s] < v250[s]);
      bool v127[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v127[s] = (v241[s] && v251[s]);
      mt_i64 v128 = (mt_i64)(v1);
      int v258[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v258[s] = v0;
      int v259[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v259[s] = (int)((v237[s] * v258[s]));
      int v131[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v131[s] = (int)((v259[s] + v239[s]));
      mt_i64 v132[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v132[s] = (mt_i64)(v131[s]);
      mt_i64 v133[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v133[s] = v118;
      mt_i64 v134[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v134[s] = (v133[s] + v132[s]);
      float v135 = 0.0f;
      float v136[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v136[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v136[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v137[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v137[s] = v136[s];
      mt_i64 v138[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v138[s] = v128;
      mt_i64 v139[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v139[s] = (v134[s] + v138[s]);
      float v141[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p10 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v141[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v141[s] = (true && v127[s]) ? mt_bf16_to_f32(p10[i0 + k]) : v135; }
        }
      }
      float v142[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v142[s] = v141[s];
      int v274[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v274[s] = v6;
      int v275[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v275[s] = (int)((v274[s] == 0 ? 0 : v249[s] / v274[s]));
      int v276[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v276[s] = v4;
      int v277[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v277[s] = (int)((v275[s] * v276[s]));
      int v278[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v278[s] = v2;
      int v279[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v279[s] = (int)((v277[s] * v278[s]));
      int v283[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v283[s] = (int)((v278[s] == 0 ? 0 : v249[s] % v278[s]));
      int v284[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v284[s] = (int)((v279[s] + v283[s]));
      mt_i64 v285[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v285[s] = (mt_i64)(v284[s]);
      mt_i64 v286[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v286[s] = v111;
      mt_i64 v287[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v287[s] = (v285[s] * v286[s]);
      mt_i64 v294[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v294[s] = (mt_i64)(v239[s]);
      mt_i64 v146[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v146[s] = (v287[s] + v294[s]);
      float v148[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v148[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v148[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v149[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v149[s] = v148[s];
      mt_i64 v151[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v151[s] = (v146[s] + v138[s]);
      float v153[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p1 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v153[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v153[s] = (true && v127[s]) ? mt_bf16_to_f32(p1[i0 + k]) : v135; }
        }
      }
      float v154[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v154[s] = v153[s];
      float v156[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v146[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v156[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v156[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v157[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v157[s] = v156[s];
      float v161[8];
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v151[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int q = 0; q < 1; ++q) u.w[q] = ((const uint4*)(p2 + i0))[q];
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) v161[g + k] = mt_bf16_to_f32(u.e[k]);
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; v161[s] = (true && v127[s]) ? mt_bf16_to_f32(p2[i0 + k]) : v135; }
        }
      }
      float v162[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v162[s] = v161[s];
      float v163[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v163[s] = (v137[s] * v149[s]);
      float v164[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v164[s] = (v142[s] * v157[s]);
      float v165[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v165[s] = (v163[s] - v164[s]);
      float v166[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v166[s] = (v142[s] * v154[s]);
      float v167[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v167[s] = (v137[s] * v162[s]);
      float v168[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v168[s] = (v166[s] + v167[s]);
      float v169[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v169[s] = mt_round_bf16(v165[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v134[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v165[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v165[s]); }
        }
      }
      float v172[8];
      #pragma unroll
      for (int s = 0; s < 8; ++s) v172[s] = mt_round_bf16(v168[s]);
      #pragma unroll
      for (int g = 0; g < 8; g += 8) {
        const mt_i64 i0 = v139[g];
        if ((true && v127[g + 0]) && (true && v127[g + 1]) && (true && v127[g + 2]) && (true && v127[g + 3]) && (true && v127[g + 4]) && (true && v127[g + 5]) && (true && v127[g + 6]) && (true && v127[g + 7]) && (i0 % 8) == 0) {
          union { uint4 w[1]; mt_u16 e[8]; } u;
          #pragma unroll
          for (int k = 0; k < MT_VEC; ++k) u.e[k] = mt_f32_to_bf16(v168[g + k]);
          #pragma unroll
          for (int q = 0; q < 1; ++q) ((uint4*)(p11 + i0))[q] = u.w[q];
        } else {
          #pragma unroll
          for (int k = 0; k < 8; ++k) { const int s = g + k; if (true && v127[s]) p11[i0 + k] = mt_f32_to_bf16(v168[s]); }
        }
      }
    } else {
    }
  }
}

