// RUN: ttxform %s --emit=c | FileCheck %s

// arith.maxnumf and minnumf (and libdevice's fmax/fmin, which the interpreter
// runs as maxnumf) are the prelude's inline helpers, ttxform's definition
// (src/fmath.h): selects a compiler vectorises, never a call of libm's fmax or
// fmin, whose choice between +0 and -0 is another.  f16 is held as a float
// (ttx_fmaxf), f64 has its own pair.
// CHECK-NOT: fmax(
// CHECK-NOT: fmin(
// CHECK: static inline float ttx_fmaxf(float a, float b)
// CHECK-NEXT: {
// Written as float selects and no integer bits (a NaN operand replaced by
// the other, then the larger both ways round; a zero result is the sum of the
// two, which is +0 on a tie of +0 and -0, and min negates twice to get -0):
// x86 compilers make them maxss and blends without branches or moves to
// integer registers in scalar loops too.
// CHECK-NEXT: a = a != a ? b : a;
// CHECK-NEXT: b = b != b ? a : b;
// CHECK-NEXT: float x = a > b ? a : b, y = b > a ? b : a;
// CHECK-NEXT: x = x == 0.0f ? x + y : x;
// CHECK-NEXT: return x != x ? ttx_f32(0x7fc00000u) : x;
// CHECK: static inline float ttx_fminf(float a, float b)
// CHECK: float x = a < b ? a : b, y = b < a ? b : a;
// CHECK-NEXT: x = x == 0.0f ? -(-x - y) : x;
// CHECK: static inline double ttx_fmax(double a, double b)
// CHECK: double x = a > b ? a : b, y = b > a ? b : a;
// CHECK-NEXT: x = x == 0.0 ? x + y : x;
// CHECK-NEXT: return x != x ? ttx_f64(0x7ff8000000000000ull) : x;
// CHECK: static inline double ttx_fmin(double a, double b)
// CHECK: x = x == 0.0 ? -(-x - y) : x;
// CHECK-LABEL: void mx(
// CHECK-NOT: fmax(
// CHECK-NOT: fmin(
// CHECK: = ttx_fminf(ttx_fmaxf(
// CHECK: = ttx_fmin(ttx_fmax(
// CHECK: = ttx_hbits(ttx_fmaxf(
// the reduce: halving, each step the helper
// CHECK: /* tt.reduce
// CHECK: for (i64 j = 0; j < 32; j++) {
// CHECK: float {{v[0-9]+}} = ttx_fmaxf(
// libdevice's fminf
// CHECK: float {{v[0-9]+}} = ttx_fminf(
module {
  tt.func public @mx(%x: !tt.ptr<f32>, %h: !tt.ptr<f16>, %d: !tt.ptr<f64>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %xv = tt.load %xp : tensor<64x!tt.ptr<f32>>
    %a = arith.maxnumf %xv, %xv : tensor<64xf32>
    %b = arith.minnumf %a, %xv : tensor<64xf32>
    tt.store %xp, %b : tensor<64x!tt.ptr<f32>>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>>
    %dp = tt.addptr %ds, %r : tensor<64x!tt.ptr<f64>>, tensor<64xi32>
    %dv = tt.load %dp : tensor<64x!tt.ptr<f64>>
    %c = arith.maxnumf %dv, %dv : tensor<64xf64>
    %e = arith.minnumf %c, %dv : tensor<64xf64>
    tt.store %dp, %e : tensor<64x!tt.ptr<f64>>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
    %hp = tt.addptr %hs, %r : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
    %hv = tt.load %hp : tensor<64x!tt.ptr<f16>>
    %f = arith.maxnumf %hv, %hv : tensor<64xf16>
    tt.store %hp, %f : tensor<64x!tt.ptr<f16>>
    %m = "tt.reduce"(%b) <{axis = 0 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %s = arith.maxnumf %p, %q : f32
      tt.reduce.return %s : f32
    }) : (tensor<64xf32>) -> f32
    %g = tt.extern_elementwise %m, %m {libname = "", libpath = "", pure = true, symbol = "__nv_fminf"} : (f32, f32) -> f32
    tt.store %x, %g : !tt.ptr<f32>
    tt.return
  }
}
