// Session 20: how fast can cuBLASLt run fused linear cross-entropy's per-chunk products?
// Times every algorithm cuBLASLt's heuristic offers (and cublasGemmEx's default, metile's path)
// for the products of one 256-row chunk at N 8192, H 4096, V 128256 (bf16 in and out, FP32
// accumulation), and for the products of a 4096-row block, with a 1 GiB device copy as the floor.
// Build (host only, no nvcc): see s20_call1.sh. Output: one line per (case, algorithm).
#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1);} } while (0)
#define BK(x) do { cublasStatus_t s = (x); if (s != CUBLAS_STATUS_SUCCESS) { \
  fprintf(stderr, "%s:%d cublas %d\n", __FILE__, __LINE__, (int)s); exit(1);} } while (0)

static const int64_t H = 4096, V = 128256;
static cudaStream_t stream;

// Column-major problem: D[m x n] = alpha op(A) op(B) + beta C, C aliased to D.
struct Case {
  const char* name;
  int64_t m, n, k;
  bool ta, tb;
  void *a, *b, *d;
  int64_t lda, ldb, ldd;
  float beta;
};

static uint16_t bf16_of(float f) { uint32_t u; memcpy(&u, &f, 4); return (uint16_t)((u + 0x8000u) >> 16); }

static void* random_bf16(int64_t count, float scale, uint64_t seed) {
  std::vector<uint16_t> host(1 << 24);
  void* dev; CK(cudaMalloc(&dev, count * 2));
  uint64_t s = seed;
  for (int64_t done = 0; done < count; done += (int64_t)host.size()) {
    int64_t n = std::min<int64_t>((int64_t)host.size(), count - done);
    for (int64_t i = 0; i < n; i++) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      float u = (float)((s >> 40) & 0xffffff) / 16777216.0f - 0.5f;
      host[i] = bf16_of(u * scale);
    }
    CK(cudaMemcpy((char*)dev + done * 2, host.data(), n * 2, cudaMemcpyHostToDevice));
  }
  return dev;
}

template <class F> static double time_ms(F f, int reps) {
  for (int i = 0; i < 3; i++) f();
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  std::vector<float> t;
  for (int r = 0; r < 5; r++) {
    CK(cudaEventRecord(e0, stream));
    for (int i = 0; i < reps; i++) f();
    CK(cudaEventRecord(e1, stream)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); t.push_back(ms / reps);
  }
  std::sort(t.begin(), t.end());
  return t[2];
}

int main(int argc, char** argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 10;
  CK(cudaStreamCreate(&stream));
  const int64_t C = 256, T = 4096;
  void* w = random_bf16(V * H, 0.05f, 1);
  void* gw = random_bf16(V * H, 0.01f, 2);          // grad_weight [V, H]
  void* x = random_bf16(T * H, 1.0f, 3);            // hidden rows [T, H] (a chunk is its head)
  void* g = random_bf16(C * V, 1e-4f, 4);           // chunk gradient [C, V]
  void* big = random_bf16(T * V, 1e-4f, 5);         // 4096-row logits or gradient [T, V] (1 GiB)
  void* gh; CK(cudaMalloc(&gh, T * H * 2));          // grad_hidden rows [T, H]
  void* ws; size_t ws_bytes = 64 << 20; CK(cudaMalloc(&ws, ws_bytes));

  // Row-major products written column-major (a row-major [r, c] is a column-major [c, r]).
  std::vector<Case> cases = {
      // grad_weight[V, H] += g[C, V]^T x[C, H]  ->  gw^T[H, V] = x^T[H, C] g[C, V]
      {"dW += g^T x (C=256, beta 1)", H, V, C, false, true, x, g, gw, H, V, H, 1.0f},
      {"dW  = g^T x (C=256, beta 0)", H, V, C, false, true, x, g, gw, H, V, H, 0.0f},
      // logits[C, V] = x[C, H] W[V, H]^T  ->  logits^T[V, C] = W[V,H] x^T
      {"logits = x W^T (C=256)", V, C, H, true, false, w, x, g, H, H, V, 0.0f},
      // grad_hidden[C, H] = g[C, V] W[V, H]  ->  gh^T[H, C] = W^T[H, V] g^T[V, C]
      {"dx = g W (C=256)", H, C, V, false, false, w, g, gh, H, V, H, 0.0f},
      // the same three at 4096 rows (the rows that fit in grad_weight's own 1 GiB)
      {"logits = x W^T (T=4096)", V, T, H, true, false, w, x, big, H, H, V, 0.0f},
      {"dx = g W (T=4096)", H, T, V, false, false, w, big, gh, H, V, H, 0.0f},
      {"dW  = g^T x (T=4096, beta 0)", H, V, T, false, true, x, big, gw, H, V, H, 0.0f},
      {"dW += g^T x (T=4096, beta 1)", H, V, T, false, true, x, big, gw, H, V, H, 1.0f},
      // transposed logits [V, T] (grad_weight rows then depend on their own logit rows only)
      {"logitsT = W x^T (T=4096)", T, V, H, true, false, x, w, big, H, H, T, 0.0f},
      {"dx = gT^T W (T=4096)", H, T, V, false, true, w, big, gh, H, T, H, 0.0f},
      {"dW slab = gT x (7680 rows, T=4096)", H, 7680, T, false, false, x, big, gw, H, T, H, 0.0f},
  };

  double copy = time_ms([&] { CK(cudaMemcpyAsync(gw, big, V * H * 2, cudaMemcpyDeviceToDevice, stream)); }, reps);
  printf("copy 1 GiB (2 GiB moved): %.4f ms, %.0f GB/s\n", copy, 2.0 * V * H * 2 / copy / 1e6);

  cublasHandle_t blas; BK(cublasCreate(&blas)); BK(cublasSetStream(blas, stream));
  BK(cublasSetWorkspace(blas, ws, ws_bytes));
  cublasLtHandle_t lt; BK(cublasLtCreate(&lt));
  for (auto& c : cases) {
    double flop = 2.0 * c.m * c.n * c.k;
    float one = 1.0f, beta = c.beta;
    cublasOperation_t ta = c.ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb = c.tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    double def = time_ms([&] {
      BK(cublasGemmEx(blas, ta, tb, c.m, c.n, c.k, &one, c.a, CUDA_R_16BF, c.lda, c.b, CUDA_R_16BF, c.ldb,
                      &beta, c.d, CUDA_R_16BF, c.ldd, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
    }, reps);
    printf("%-36s gemmEx default      %8.4f ms %6.0f TFLOP/s\n", c.name, def, flop / def / 1e9);
    cublasLtMatmulDesc_t op; BK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    BK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta));
    BK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb));
    cublasLtMatrixLayout_t la, lb, ld;
    BK(cublasLtMatrixLayoutCreate(&la, CUDA_R_16BF, c.ta ? c.k : c.m, c.ta ? c.m : c.k, c.lda));
    BK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_16BF, c.tb ? c.n : c.k, c.tb ? c.k : c.n, c.ldb));
    BK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_16BF, c.m, c.n, c.ldd));
    cublasLtMatmulPreference_t pref; BK(cublasLtMatmulPreferenceCreate(&pref));
    BK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws_bytes, sizeof ws_bytes));
    cublasLtMatmulHeuristicResult_t res[64]; int found = 0;
    BK(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, ld, ld, pref, 64, res, &found));
    for (int i = 0; i < found; i++) {
      if (res[i].state != CUBLAS_STATUS_SUCCESS) continue;
      int id = -1, tile = -1, stages = -1, splitk = -1, swizzle = -1, cluster = -1;
      size_t sz;
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_ID, &id, sizeof id, &sz);
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof tile, &sz);
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_STAGES_ID, &stages, sizeof stages, &sz);
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &splitk, sizeof splitk, &sz);
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING, &swizzle, sizeof swizzle, &sz);
      cublasLtMatmulAlgoConfigGetAttribute(&res[i].algo, CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID, &cluster, sizeof cluster, &sz);
      bool ok = true;
      double ms = time_ms([&] {
        if (!ok) return;
        cublasStatus_t s = cublasLtMatmul(lt, op, &one, c.a, la, c.b, lb, &beta, c.d, ld, c.d, ld, &res[i].algo,
                                          ws, ws_bytes, stream);
        if (s != CUBLAS_STATUS_SUCCESS) ok = false;
      }, reps);
      if (!ok) { printf("%-36s lt#%-2d failed\n", c.name, i); continue; }
      printf("%-36s lt#%-2d id %2d tile %3d st %2d sk %2d sw %d cl %2d ws %8zu %8.4f ms %6.0f TFLOP/s\n", c.name, i,
             id, tile, stages, splitk, swizzle, cluster, res[i].workspaceSize, ms, flop / ms / 1e9);
    }
    fflush(stdout);
    cublasLtMatmulPreferenceDestroy(pref);
    cublasLtMatrixLayoutDestroy(la); cublasLtMatrixLayoutDestroy(lb); cublasLtMatrixLayoutDestroy(ld);
    cublasLtMatmulDescDestroy(op);
  }
  return 0;
}
