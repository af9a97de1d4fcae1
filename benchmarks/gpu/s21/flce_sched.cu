// Session 21: can cuBLASLt products, scheduled on two streams, run fused linear cross-entropy's
// forward+backward (bf16, N 8192, H 4096, V 128256, 256-row chunks: Liger's memory) at
// torch.compile's 39.5 ms? Times whole passes over the 32 chunks under several schedules; the
// cross-entropy pass is stood in for by a kernel that reads the chunk's logits and writes them back
// (the same bytes as metile's in-place pass). Built on the device: nvcc -O2 ... -lcublasLt.
// Output: one line per schedule with the median pass time of 5.
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t err_ = (x); if (err_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); exit(1);} } while (0)
#define BK(x) do { cublasStatus_t s = (x); if (s != CUBLAS_STATUS_SUCCESS) { \
  fprintf(stderr, "%s:%d cublas %d\n", __FILE__, __LINE__, (int)s); exit(1);} } while (0)

static const int64_t N = 8192, H = 4096, V = 128256, R = 256;
static cublasLtHandle_t lt;
static void* ws[2];
static const size_t WS = 64 << 20;

__global__ void fill(__nv_bfloat16* p, int64_t n, float scale, uint32_t seed) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    uint32_t h = (uint32_t)i * 2654435761u ^ seed; h ^= h >> 15; h *= 2246822519u; h ^= h >> 13;
    p[i] = __float2bfloat16(((h & 0xffffff) / 16777216.0f - 0.5f) * scale);
  }
}

// Stand-in for the in-place cross-entropy pass: read every logit, write a value back.
__global__ void touch(__nv_bfloat16* p, int64_t n) {
  int64_t n8 = n / 8;
  uint4* q = (uint4*)p;
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n8; i += (int64_t)gridDim.x * blockDim.x) {
    uint4 v = q[i];
    v.x ^= 0x00010001u; v.y ^= 0x00010001u; v.z ^= 0x00010001u; v.w ^= 0x00010001u;
    q[i] = v;
  }
}

// Row-major products written column-major: D[m x n] = op(A) op(B) + beta D.
struct Gemm {
  cublasLtMatmulDesc_t op;
  cublasLtMatrixLayout_t la, lb, ld;
  cublasLtMatmulAlgo_t algo;
  float beta;
  int ws_slot;
  Gemm(int64_t m, int64_t n, int64_t k, bool ta, bool tb, int64_t lda, int64_t ldb, int64_t ldd, float beta_,
       int sms, int slot, int pick, void* a, void* b, void* d, cudaStream_t st) : beta(beta_), ws_slot(slot) {
    cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    BK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    BK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &oa, sizeof oa));
    BK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &ob, sizeof ob));
    if (sms > 0) BK(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, &sms, sizeof sms));
    BK(cublasLtMatrixLayoutCreate(&la, CUDA_R_16BF, ta ? k : m, ta ? m : k, lda));
    BK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_16BF, tb ? n : k, tb ? k : n, ldb));
    BK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_16BF, m, n, ldd));
    cublasLtMatmulPreference_t pref; BK(cublasLtMatmulPreferenceCreate(&pref));
    BK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WS, sizeof WS));
    cublasLtMatmulHeuristicResult_t res[8]; int found = 0;
    BK(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, ld, ld, pref, 8, res, &found));
    if (found == 0) { fprintf(stderr, "no algo\n"); exit(1); }
    algo = res[0].algo;
    if (pick) {  // time the offered algorithms alone and keep the fastest
      float best = 1e30f;
      cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
      for (int i = 0; i < found; i++) {
        float one = 1.0f;
        if (cublasLtMatmul(lt, op, &one, a, la, b, lb, &beta, d, ld, d, ld, &res[i].algo, ws[slot], WS, st)) continue;
        CK(cudaEventRecord(e0, st));
        for (int r = 0; r < 3; r++) cublasLtMatmul(lt, op, &one, a, la, b, lb, &beta, d, ld, d, ld, &res[i].algo, ws[slot], WS, st);
        CK(cudaEventRecord(e1, st)); CK(cudaEventSynchronize(e1));
        float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
        if (ms < best) { best = ms; algo = res[i].algo; }
      }
    }
    cublasLtMatmulPreferenceDestroy(pref);
  }
  void run(const void* a, const void* b, void* d, cudaStream_t st, float beta_override = -1) {
    float one = 1.0f, bt = beta_override >= 0 ? beta_override : beta;
    BK(cublasLtMatmul(lt, op, &one, a, la, b, lb, &bt, d, ld, d, ld, &algo, ws[ws_slot], WS, st));
  }
};

static __nv_bfloat16 *w, *gw, *x, *gx, *lg;
static cudaStream_t sa, sb;

static double median_ms(const std::function<void()>& pass) {
  pass(); CK(cudaDeviceSynchronize());
  std::vector<float> t;
  cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
  for (int r = 0; r < 5; r++) {
    CK(cudaEventRecord(e0, sa));
    pass();
    CK(cudaEventRecord(e1, sa)); CK(cudaEventSynchronize(e1));
    float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[2];
}

static void touch_chunk(cudaStream_t st) { touch<<<132 * 8, 256, 0, st>>>(lg, R * V); }

// Serial (metile's current order): logits, CE, dx, dW per chunk on one stream.
static double serial(int pick) {
  Gemm lo(V, R, H, true, false, H, H, V, 0.f, 0, 0, pick, w, x, lg, sa);
  Gemm dx(H, R, V, false, false, H, V, H, 0.f, 0, 0, pick, w, lg, gx, sa);
  Gemm dw(H, V, R, false, true, H, V, H, 1.f, 0, 0, pick, x, lg, gw, sa);
  return median_ms([&] {
    for (int64_t c = 0; c < N / R; c++) {
      lo.run(w, x + c * R * H, lg, sa);
      touch_chunk(sa);
      dx.run(w, lg, gx + c * R * H, sa);
      dw.run(x + c * R * H, lg, gw, sa, c == 0 ? 0.f : 1.f);
    }
  });
}

// dx on stream a beside dW on stream b (SM targets sa_sms / sb_sms, 0 = all); the logits of the
// next chunk go by parts of the vocabulary, part p as soon as dW has consumed that part.
static double split(int parts, int dx_sms, int dw_sms, int lo_sms, int pick) {
  int64_t vp = (V / parts + 127) / 128 * 128;
  std::vector<int64_t> p0, pn;
  for (int64_t s = 0; s < V; s += vp) { p0.push_back(s); pn.push_back(std::min(vp, V - s)); }
  std::vector<Gemm*> lo, dw;
  for (size_t p = 0; p < p0.size(); p++) {
    lo.push_back(new Gemm(pn[p], R, H, true, false, H, H, V, 0.f, lo_sms, 0, pick, w, x, lg, sa));
    dw.push_back(new Gemm(H, pn[p], R, false, true, H, V, H, 1.f, dw_sms, 1, pick, x, lg, gw, sb));
  }
  Gemm dx(H, R, V, false, false, H, V, H, 0.f, dx_sms, 0, pick, w, lg, gx, sa);
  std::vector<cudaEvent_t> freed(p0.size());
  for (auto& ev : freed) CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  cudaEvent_t ce, dwdone; CK(cudaEventCreateWithFlags(&ce, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&dwdone, cudaEventDisableTiming));
  double ms = median_ms([&] {
    for (int64_t c = 0; c < N / R; c++) {
      for (size_t p = 0; p < p0.size(); p++) {
        if (c > 0) CK(cudaStreamWaitEvent(sa, freed[p], 0));
        lo[p]->run(w + p0[p] * H, x + c * R * H, lg + p0[p], sa);
      }
      touch_chunk(sa);
      CK(cudaEventRecord(ce, sa));
      CK(cudaStreamWaitEvent(sb, ce, 0));
      dx.run(w, lg, gx + c * R * H, sa);
      for (size_t p = 0; p < p0.size(); p++) {
        dw[p]->run(x + c * R * H, lg + p0[p], gw + p0[p] * H, sb, c == 0 ? 0.f : 1.f);
        CK(cudaEventRecord(freed[p], sb));
      }
    }
    CK(cudaEventRecord(dwdone, sb));
    CK(cudaStreamWaitEvent(sa, dwdone, 0));
  });
  for (auto g : lo) delete g;
  for (auto g : dw) delete g;
  return ms;
}

// The three products over all rows (torch.compile's shape of the work; 2 GiB of logits).
static double whole(int pick) {
  __nv_bfloat16* big; CK(cudaMalloc(&big, N * V * 2));
  fill<<<1024, 256>>>(big, N * V, 1e-4f, 9);
  Gemm lo(V, N, H, true, false, H, H, V, 0.f, 0, 0, pick, w, x, big, sa);
  Gemm dx(H, N, V, false, false, H, V, H, 0.f, 0, 0, pick, w, big, gx, sa);
  Gemm dw(H, V, N, false, true, H, V, H, 0.f, 0, 0, pick, x, big, gw, sa);
  double ms = median_ms([&] {
    lo.run(w, x, big, sa);
    touch<<<132 * 8, 256, 0, sa>>>(big, N * V);
    dx.run(w, big, gx, sa);
    dw.run(x, big, gw, sa);
  });
  CK(cudaFree(big));
  return ms;
}

int main(int argc, char** argv) {
  CK(cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking));
  BK(cublasLtCreate(&lt));
  CK(cudaMalloc(&ws[0], WS)); CK(cudaMalloc(&ws[1], WS));
  CK(cudaMalloc(&w, V * H * 2)); CK(cudaMalloc(&gw, V * H * 2));
  CK(cudaMalloc(&x, N * H * 2)); CK(cudaMalloc(&gx, N * H * 2)); CK(cudaMalloc(&lg, R * V * 2));
  fill<<<1024, 256>>>(w, V * H, 0.05f, 1); fill<<<1024, 256>>>(x, N * H, 1.f, 3);
  fill<<<1024, 256>>>(lg, R * V, 1e-4f, 4); CK(cudaMemset(gw, 0, V * H * 2));
  CK(cudaDeviceSynchronize());
  std::string only = argc > 1 ? argv[1] : "";
  printf("whole (3 products over 8192 rows, heuristic)   %8.3f ms\n", whole(0)); fflush(stdout);
  printf("whole (3 products over 8192 rows, timed pick)  %8.3f ms\n", whole(1)); fflush(stdout);
  for (int pick = 0; pick < 2; pick++) {
    printf("serial pick=%d                                  %8.3f ms\n", pick, serial(pick)); fflush(stdout);
  }
  struct S { int parts, dx, dw, lo; };
  std::vector<S> ss = {{1, 0, 0, 0}, {2, 0, 0, 0}, {4, 0, 0, 0}, {8, 0, 0, 0},
                       {4, 100, 32, 100}, {4, 92, 40, 92}, {4, 80, 52, 80}, {4, 66, 66, 66},
                       {8, 100, 32, 100}, {8, 92, 40, 92}, {8, 0, 40, 92}, {8, 0, 32, 0},
                       {16, 92, 40, 92}, {16, 100, 32, 100}};
  for (int pick = 0; pick < 2; pick++)
    for (auto s : ss) {
      printf("split parts %2d dx_sms %3d dw_sms %3d lo_sms %3d pick %d %8.3f ms\n", s.parts, s.dx, s.dw, s.lo, pick,
             split(s.parts, s.dx, s.dw, s.lo, pick));
      fflush(stdout);
    }
  return 0;
}
