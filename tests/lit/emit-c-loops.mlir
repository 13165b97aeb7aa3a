// RUN: ttxform %s --emit=c | FileCheck %s

// A block pointer is a struct of base, shape, strides and offsets; a
// loop-carried tensor is an array declared before the loop, filled from
// the init (a splat constant needs no array of its own) and copied from
// the yield at the end of each iteration.
// CHECK: typedef struct ttx_bptr { void *base; i64 shape[8], stride[8], off[8]; } ttx_bptr;
// The dot below needs ttx_fma32 (see there).
// CHECK: #if defined(__FMA__) && defined(__GNUC__) && !defined(__TINYC__)
// CHECK-NEXT: #define ttx_fma32(a, b, c) __builtin_fmaf(a, b, c)
// CHECK-NEXT: #else
// CHECK-NEXT: static inline float ttx_fma32(float a, float b, float c) { return (float)((double)c + (double)a * (double)b); }
// CHECK-NEXT: #endif
// ... and the dot's routine, element by element with ttx_fma32 where the
// compiler has no x86 FMA (and for the edges of the register blocks).
// CHECK: #define TTX_DOT32_ATTR __attribute__((noinline, noclone))
// CHECK: static TTX_DOT32_ATTR void ttx_dot32(float *r, const float *a, const float *b, const float *c, i64 sc, i64 M, i64 N, i64 K)
// CHECK: acc = ttx_fma32(a[i * K + k], b[k * N + jj], acc);
// CHECK-LABEL: void mm(u16 *arg0, float *arg1, i64 arg2, i32 arg3,
// CHECK: ttx_bptr [[BP:v[0-9]+]];
// CHECK-NEXT: [[BP]].base = arg0;
// CHECK-NEXT: [[BP]].shape[0] = arg2;
// CHECK: [[BP]].stride[1] = 1;
// CHECK: /* scf.for
// CHECK-NEXT: float [[ACC:v[0-9]+]][256];
// CHECK: [[ACC]][i0 * 16 + i1] = 0.0f;
// CHECK: ttx_bptr [[P:v[0-9]+]];
// CHECK: [[P]] = [[BP]];
// CHECK-NEXT: for (i64 [[T:t[0-9]+]] = 0; [[T]] < arg3; [[T]] += 16) {

// boundary_check: the element is read only inside the shape, else 0 (padding zero).
// CHECK: const u16 *p = (const u16 *)[[P]].base + ([[P]].off[0] + i0) * [[P]].stride[0] + ([[P]].off[1] + i1) * [[P]].stride[1];
// CHECK-NEXT: [[X:v[0-9]+]][i0 * 16 + i1] = (([[P]].off[0] + i0) >= 0 && ([[P]].off[0] + i0) < [[P]].shape[0] && ([[P]].off[1] + i1) >= 0 && ([[P]].off[1] + i1) < [[P]].shape[1]) && TTX_IN(p, 2, 0) ? ttx_h2f(*p) : 0;

// A dot is one call of the prelude's ttx_dot32 on float arrays (f16 values
// are held in floats; the transpose is one): each element adds its products
// in k order, each rounded once (ttx_fma32: through double, or fmaf where the
// compiler has it); the K loop's accumulator is written in place, so the
// yield copies nothing back.
// CHECK: [[XT:v[0-9]+]][i0 * 16 + i1] = [[X]][i1 * 16 + i0];
// CHECK: /* tt.dot
// CHECK-NEXT: ttx_dot32([[ACC]], [[X]], [[XT]], [[ACC]], 1, 16, 16, 16);
// CHECK: ttx_bptr [[P2:v[0-9]+]] = [[P]];
// CHECK-NEXT: [[P2]].off[1] += 16;
// CHECK-NOT: [[ACC]][i0 * 16 + i1] =
// CHECK: [[P]] = [[P2]];

// tt.reduce: combined by halving: element j with element j + m, m = ceil(n /
// 2), while n > 1; the result is element 0.  The first level reads the row of
// the array in place (ttx_s0), the next ones the scratch of ceil(16 / 2); one
// loop per level, with constant bounds.
// CHECK: /* tt.reduce
// CHECK: for (i64 i0 = 0; i0 < 16; i0++) {
// CHECK-NEXT: float [[A:v[0-9]+]];
// CHECK-NEXT: (void)[[A]];
// CHECK-NEXT: float ttx_r0[8];
// CHECK-NEXT: const float *ttx_s0 = &[[ACC]][i0 * 16];
// CHECK-NEXT: for (i64 j = 0; j < 8; j++) {
// CHECK-NEXT: [[A]] = ttx_s0[j];
// CHECK-NEXT: float [[B:v[0-9]+]] = ttx_s0[j + 8];
// CHECK-NEXT: (void)[[B]];
// CHECK-NEXT: float [[M:v[0-9]+]] = ttx_fmaxf([[A]], [[B]]);
// CHECK-NEXT: ttx_r0[j] = [[M]];
// CHECK-NEXT: }
// CHECK-NEXT: for (i64 j = 0; j < 4; j++) {
// CHECK-NEXT: [[A]] = ttx_r0[j];
// CHECK-NEXT: float [[B]] = ttx_r0[j + 4];
// CHECK: for (i64 j = 0; j < 2; j++) {
// CHECK: for (i64 j = 0; j < 1; j++) {
// CHECK-NEXT: [[A]] = ttx_r0[j];
// CHECK-NEXT: float [[B]] = ttx_r0[j + 1];
// CHECK: }
// CHECK-NEXT: [[A]] = ttx_r0[0];
// CHECK-NEXT: [[S:v[0-9]+]][i0] = [[A]];
module {
  tt.func public @mm(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>, %M: i64, %K: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %c16 = arith.constant 16 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a, [%M, %K64], [%K64, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    %r:2 = scf.for %k = %c0 to %K step %c16 iter_args(%acc = %zero, %p = %pa) -> (tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>) : i32 {
      %x = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x16xf16>>
      %xt = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x16xf16> -> tensor<16x16xf16>
      %d = tt.dot %x, %xt, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
      %p2 = tt.advance %p, [%c0, %c16] : <tensor<16x16xf16>>
      scf.yield %d, %p2 : tensor<16x16xf32>, !tt.ptr<tensor<16x16xf16>>
    }
    %s = "tt.reduce"(%r#0) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %m = arith.maxnumf %u, %v : f32
      tt.reduce.return %m : f32
    }) : (tensor<16x16xf32>) -> tensor<16xf32>
    %i = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %cs = tt.splat %c : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %cp = tt.addptr %cs, %i : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %cp, %s : tensor<16x!tt.ptr<f32>>
    tt.return
  }
}
