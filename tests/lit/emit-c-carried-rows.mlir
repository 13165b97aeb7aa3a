// RUN: ttxform %s --emit=c | FileCheck %s

// Loop-carried rows (the accumulators of layer norm's loops): an
// elementwise op whose result is yielded and whose operands read the
// carried row only at the element being written writes that row in place,
// so the loop copies nothing back; an operand used twice by its one user
// (x * x) is computed where used, not stored in an array first.
// CHECK-LABEL: void rows(
// CHECK: float [[M:v[0-9]+]][64];
// CHECK: for (i64 [[T:t[0-9]+]] = 0;
// CHECK: /* tt.load
// CHECK-NEXT: float [[X:v[0-9]+]][64];
// CHECK: /* arith.addf
// CHECK-NEXT: for (i64 i0 = 0; i0 < 64; i0++) {
// CHECK-NEXT: [[M]][i0] = ([[M]][i0] + [[X]][i0]);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: float [[V:v[0-9]+]][64];
// CHECK: /* tt.load
// CHECK-NEXT: float [[Y:v[0-9]+]][64];
// CHECK-NOT: /* arith.select
// CHECK: /* arith.addf
// CHECK-NEXT: for (i64 i0 = 0; i0 < 64; i0++) {
// CHECK-NEXT: [[V]][i0] = ([[V]][i0] + ({{.*}} ? ([[Y]][i0] - {{.*}}) : 0.0f) * ({{.*}} ? ([[Y]][i0] - {{.*}}) : 0.0f)));
// CHECK-NEXT: }
// CHECK-NEXT: }
//
// Not in place: an operand that reads the row at another element (its
// transpose), and a carried row read after the op (directly, or by a value
// computed where used).
// CHECK-LABEL: void not_in_place(
// CHECK: float [[A:v[0-9]+]][64];
// CHECK: float [[S:v[0-9]+]][64];
// CHECK: float [[B:v[0-9]+]][64];
// CHECK: float [[N1:v[0-9]+]][64];
// CHECK: [[N1]][i0 * 8 + i1] = ([[A]][i0 * 8 + i1] + [[A]][i1 * 8 + i0]);
// CHECK: float [[N2:v[0-9]+]][64];
// CHECK: [[N2]][i0] = ([[S]][i0] + 1.0f);
// CHECK: = ([[S]][i0] * 2.0f);
// CHECK: float [[N3:v[0-9]+]][64];
// CHECK: [[N3]][i0] = ([[B]][i0] + 1.0f);
// CHECK: = [[B]][i0];
// CHECK: [[A]][i0 * 8 + i1] = [[N1]][i0 * 8 + i1];
// CHECK: [[S]][i0] = [[N2]][i0];
// CHECK: [[B]][i0] = [[N3]][i0];
module {
  tt.func public @rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %z = arith.constant dense<0.0> : tensor<64xf32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %ns = tt.splat %n : i32 -> tensor<64xi32>
    %m = scf.for %o = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<64xf32>) : i32 {
      %os = tt.splat %o : i32 -> tensor<64xi32>
      %cols = arith.addi %os, %r : tensor<64xi32>
      %k = arith.cmpi slt, %cols, %ns : tensor<64xi32>
      %p = tt.addptr %xs, %cols : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %a = tt.load %p, %k, %z : tensor<64x!tt.ptr<f32>>
      %s = arith.addf %acc, %a : tensor<64xf32>
      scf.yield %s : tensor<64xf32>
    }
    %sum = "tt.reduce"(%m) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %w: f32):
      %t = arith.addf %u, %w : f32
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    %ms = tt.splat %sum : f32 -> tensor<64xf32>
    %v = scf.for %o = %c0 to %n step %c64 iter_args(%acc = %z) -> (tensor<64xf32>) : i32 {
      %os = tt.splat %o : i32 -> tensor<64xi32>
      %cols = arith.addi %os, %r : tensor<64xi32>
      %k = arith.cmpi slt, %cols, %ns : tensor<64xi32>
      %p = tt.addptr %xs, %cols : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
      %a = tt.load %p, %k, %z : tensor<64x!tt.ptr<f32>>
      %d = arith.subf %a, %ms : tensor<64xf32>
      %q = arith.select %k, %d, %z : tensor<64xi1>, tensor<64xf32>
      %q2 = arith.mulf %q, %q : tensor<64xf32>
      %s = arith.addf %acc, %q2 : tensor<64xf32>
      scf.yield %s : tensor<64xf32>
    }
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %op, %v : tensor<64x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @not_in_place(%out: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant dense<1.5> : tensor<8x8xf32>
    %z1 = arith.constant dense<1.5> : tensor<64xf32>
    %one = arith.constant dense<1.0> : tensor<64xf32>
    %two = arith.constant dense<2.0> : tensor<64xf32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %res:3 = scf.for %o = %c0 to %n step %c1 iter_args(%a = %z, %s = %z1, %b = %z1) -> (tensor<8x8xf32>, tensor<64xf32>, tensor<64xf32>) : i32 {
      %at = tt.trans %a {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
      %a2 = arith.addf %a, %at : tensor<8x8xf32>
      %s2x = arith.mulf %s, %two : tensor<64xf32>
      %s2 = arith.addf %s, %one : tensor<64xf32>
      tt.store %op, %s2x : tensor<64x!tt.ptr<f32>>
      %b2 = arith.addf %b, %one : tensor<64xf32>
      tt.store %op, %b : tensor<64x!tt.ptr<f32>>
      scf.yield %a2, %s2, %b2 : tensor<8x8xf32>, tensor<64xf32>, tensor<64xf32>
    }
    %ar = tt.reshape %res#0 : tensor<8x8xf32> -> tensor<64xf32>
    %t = arith.addf %ar, %res#1 : tensor<64xf32>
    %t2 = arith.addf %t, %res#2 : tensor<64xf32>
    tt.store %op, %t2 : tensor<64x!tt.ptr<f32>>
    tt.return
  }

// A reduce along an odd row (13): one loop per level, 13 -> 7 -> 4 -> 2 -> 1;
// the middle element of an odd level stays where it is (the first level
// copies it into the scratch).  Rows above 4096 keep one loop over the
// levels.
// CHECK-LABEL: void odd(
// CHECK: float ttx_r0[7];
// CHECK-NEXT: const float *ttx_s0 = &{{v[0-9]+}}[0];
// CHECK-NEXT: ttx_r0[6] = ttx_s0[6];
// CHECK-NEXT: for (i64 j = 0; j < 6; j++) {
// CHECK: = ttx_s0[j + 7];
// CHECK: for (i64 j = 0; j < 3; j++) {
// CHECK: = ttx_r0[j + 4];
// CHECK: for (i64 j = 0; j < 2; j++) {
// CHECK: = ttx_r0[j + 2];
// CHECK: for (i64 j = 0; j < 1; j++) {
// CHECK: = ttx_r0[j + 1];
// CHECK: float ttx_r0[4096];
// CHECK: for (i64 ttx_n = 8192, ttx_m; ttx_n > 1; ttx_n = ttx_m) {
// CHECK-NEXT: ttx_m = (ttx_n + 1) / 2;
// CHECK-NEXT: for (i64 j = 0; j < ttx_n - ttx_m; j++) {
  tt.func public @odd(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 13 : i32, start = 0 : i32} : tensor<13xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<13x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<13x!tt.ptr<f32>>, tensor<13xi32>
    %v = tt.load %xp : tensor<13x!tt.ptr<f32>>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %w: f32):
      %t = arith.addf %u, %w : f32
      tt.reduce.return %t : f32
    }) : (tensor<13xf32>) -> f32
    tt.store %o, %s : !tt.ptr<f32>
    %r2 = tt.make_range {end = 8192 : i32, start = 0 : i32} : tensor<8192xi32>
    %xs2 = tt.splat %x : !tt.ptr<f32> -> tensor<8192x!tt.ptr<f32>>
    %xp2 = tt.addptr %xs2, %r2 : tensor<8192x!tt.ptr<f32>>, tensor<8192xi32>
    %v2 = tt.load %xp2 : tensor<8192x!tt.ptr<f32>>
    %s2 = "tt.reduce"(%v2) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %w: f32):
      %t = arith.addf %u, %w : f32
      tt.reduce.return %t : f32
    }) : (tensor<8192xf32>) -> f32
    %c1 = arith.constant 1 : i32
    %o1 = tt.addptr %o, %c1 : !tt.ptr<f32>, i32
    tt.store %o1, %s2 : !tt.ptr<f32>
    tt.return
  }
}
