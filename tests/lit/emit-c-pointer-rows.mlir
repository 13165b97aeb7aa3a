// RUN: ttxform %s --emit=c | FileCheck %s

// A load or store through an array of pointers (here the wrapped column
// index `(pid * 16 + arange(16)) % n`) checks, row by row, whether the row's
// pointers are consecutive; if so it goes through the row's first pointer
// (a compiler vectorises that loop), else element by element.
// CHECK-LABEL: void wrap(
// CHECK: float *[[PA:v[0-9]+]][64];
// CHECK: float *[[PB:v[0-9]+]][64];
// CHECK: /* tt.load
// CHECK-NEXT: float [[X:v[0-9]+]][64];
// CHECK-NEXT: for (i64 i0 = 0; i0 < 4; i0++) {
// CHECK-NEXT: float *const *ttx_pr = &[[PA]][i0 * 16];
// CHECK-NEXT: int ttx_c = 1;
// CHECK-NEXT: for (i64 j = 1; j < 16; j++) ttx_c &= (u64)ttx_pr[j] == (u64)ttx_pr[0] + (u64)j * 4;
// CHECK-NEXT: if (ttx_c) {
// CHECK-NEXT: for (i64 i1 = 0; i1 < 16; i1++) {
// CHECK-NEXT: const float *p = ttx_pr[0] + i1;
// CHECK-NEXT: [[X]][i0 * 16 + i1] = TTX_IN(p, 4, {{[0-9]+}}) ? *p : 0;
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (i64 i1 = 0; i1 < 16; i1++) {
// CHECK-NEXT: const float *p = [[PA]][i0 * 16 + i1];
// CHECK-NEXT: [[X]][i0 * 16 + i1] = TTX_IN(p, 4, {{[0-9]+}}) ? *p : 0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: /* tt.store
// CHECK: float *const *ttx_pr = &[[PB]][i0 * 16];
// CHECK: float *p = ttx_pr[0] + i1;
// CHECK: float *p = [[PB]][i0 * 16 + i1];
module {
  tt.func public @wrap(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c16 = arith.constant 16 : i32
    %b = arith.muli %pid, %c16 : i32
    %bs = tt.splat %b : i32 -> tensor<16xi32>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %o = arith.addi %bs, %r : tensor<16xi32>
    %ns = tt.splat %n : i32 -> tensor<16xi32>
    %w = arith.remsi %o, %ns : tensor<16xi32>
    %w2 = tt.expand_dims %w {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
    %wb = tt.broadcast %w2 : tensor<1x16xi32> -> tensor<4x16xi32>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %r42 = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %rs = tt.splat %n : i32 -> tensor<4x1xi32>
    %ro = arith.muli %r42, %rs : tensor<4x1xi32>
    %rob = tt.broadcast %ro : tensor<4x1xi32> -> tensor<4x16xi32>
    %off = arith.addi %rob, %wb : tensor<4x16xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x16x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %off : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x16x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %off : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<4x16xi32>
    %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%p = %xp, %q = %yp) -> (tensor<4x16x!tt.ptr<f32>>, tensor<4x16x!tt.ptr<f32>>) : i32 {
      %v = tt.load %p : tensor<4x16x!tt.ptr<f32>>
      tt.store %q, %v : tensor<4x16x!tt.ptr<f32>>
      %p2 = tt.addptr %p, %step : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
      %q2 = tt.addptr %q, %step : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
      scf.yield %p2, %q2 : tensor<4x16x!tt.ptr<f32>>, tensor<4x16x!tt.ptr<f32>>
    }
    tt.return
  }
}
