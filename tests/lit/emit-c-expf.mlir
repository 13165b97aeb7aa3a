// RUN: ttxform %s --emit=c | FileCheck %s

// math.exp on f32 is the prelude's ttx_expf, ttxform's definition
// (src/fmath.h) step by step.  The clamp to [-104, 89] is two selects that
// turn a NaN into -104, and the NaN is tested once at the end (x + x, the
// quieted NaN), with no early return, which vectorised loops pay for with
// masks on every step.  2^n is two exponents made by integer adds and
// shifts.
// CHECK: static inline float ttx_expf(float x)
// CHECK-NEXT: {
// CHECK-NEXT: union { float f; i32 i; u32 u; } t, s1, s2;
// CHECK-NEXT: float c = x > -104.0f ? x : -104.0f;
// CHECK-NEXT: c = c < 89.0f ? c : 89.0f;
// CHECK-NEXT: t.f = fmaf(c, 0x1.715476p+0f, 0x1.8p23f);
// CHECK-NEXT: float k = t.f - 0x1.8p23f;
// CHECK-NEXT: float r = fmaf(-k, 0x1.62e43p-1f, c);
// CHECK-NEXT: r = fmaf(-k, -0x1.05c61p-29f, r);
// CHECK-NEXT: float p = fmaf(r, 0x1.a01a02p-13f, 0x1.6c16c2p-10f);
// CHECK: p = fmaf(p, r, 1.0f);
// CHECK-NEXT: p = fmaf(p, r, 1.0f);
// CHECK-NEXT: i32 n = t.i - 0x4b400000, n1 = (n - (n & 1)) / 2;
// CHECK-NEXT: s1.u = (u32)(n1 + 127) << 23;
// CHECK-NEXT: s2.u = (u32)(n - n1 + 127) << 23;
// CHECK-NEXT: p = p * s1.f * s2.f;
// CHECK-NEXT: return x != x ? x + x : p;
// CHECK-NEXT: }
// CHECK-LABEL: void ex(
// CHECK: = ttx_expf(
module {
  tt.func public @ex(%x: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %xv = tt.load %xp : tensor<64x!tt.ptr<f32>>
    %e = math.exp %xv : tensor<64xf32>
    tt.store %xp, %e : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
