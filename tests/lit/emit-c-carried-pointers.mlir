// RUN: ttxform %s --emit=c | FileCheck %s

// Pointer tensors carried by a loop that start affine in the ranges and are
// advanced by a uniform offset (tt.addptr(arg, splat)) become one i64 offset
// carried by the loop: the loads stay strided, no array of pointers.
// CHECK-LABEL: void matmul(
// CHECK: /* scf.for
// CHECK: i64 [[OA:v[0-9]+]] = 0;   /* the offset of the loop-carried pointers, in elements */
// CHECK: i64 [[OB:v[0-9]+]] = 0;
// CHECK-NOT: float *v{{[0-9]+}}[64];
// CHECK: for (i64 [[T:t[0-9]+]] = 0; [[T]] < arg3; [[T]] += 8) {
// CHECK: const float *p = arg0 + ((i64)[[M0:v[0-9]+]] * (i64)arg3 + [[OA]]) + i0 * (i64)arg3 + i1;
// CHECK: const float *p = arg1 + ((i64)[[N0:v[0-9]+]] + [[OB]]) + i0 * (i64)arg4 + i1;
// CHECK: [[OA]] += 8;
// CHECK-NEXT: [[OB]] += (i64)[[STEP:v[0-9]+]];
// CHECK-NEXT: }
// CHECK: float *p = arg2 + ((i64)[[M0]] * (i64)arg4 + (i64)[[N0]]) + i0 * (i64)arg4 + i1;
module {
  tt.func public @matmul(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %K: i32, %N: i32) {
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %c8 = arith.constant 8 : i32
    %c0 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<8x8xf32>
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %m0 = arith.muli %pm, %c8 : i32
    %n0 = arith.muli %pn, %c8 : i32
    %m0s = tt.splat %m0 : i32 -> tensor<8xi32>
    %n0s = tt.splat %n0 : i32 -> tensor<8xi32>
    %rm = arith.addi %m0s, %r8 : tensor<8xi32>
    %rn = arith.addi %n0s, %r8 : tensor<8xi32>
    %rme = tt.expand_dims %rm {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %rne = tt.expand_dims %rn {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %rkr = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %rkc = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %Ks = tt.splat %K : i32 -> tensor<8x1xi32>
    %Ns = tt.splat %N : i32 -> tensor<8x1xi32>
    %arow = arith.muli %rme, %Ks : tensor<8x1xi32>
    %arowb = tt.broadcast %arow : tensor<8x1xi32> -> tensor<8x8xi32>
    %rkrb = tt.broadcast %rkr : tensor<1x8xi32> -> tensor<8x8xi32>
    %aoff = arith.addi %arowb, %rkrb : tensor<8x8xi32>
    %brow = arith.muli %rkc, %Ns : tensor<8x1xi32>
    %browb = tt.broadcast %brow : tensor<8x1xi32> -> tensor<8x8xi32>
    %rneb = tt.broadcast %rne : tensor<1x8xi32> -> tensor<8x8xi32>
    %boff = arith.addi %browb, %rneb : tensor<8x8xi32>
    %ap0 = tt.splat %a : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %ap = tt.addptr %ap0, %aoff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    %bp0 = tt.splat %b : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %bp = tt.addptr %bp0, %boff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    %astep = arith.constant dense<8> : tensor<8x8xi32>
    %bstep1 = arith.muli %N, %c8 : i32
    %bstep = tt.splat %bstep1 : i32 -> tensor<8x8xi32>
    %res:3 = scf.for %k = %c0 to %K step %c8 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>) : i32 {
      %av = tt.load %pa : tensor<8x8x!tt.ptr<f32>>
      %bv = tt.load %pb : tensor<8x8x!tt.ptr<f32>>
      %acc2 = tt.dot %av, %bv, %acc : tensor<8x8xf32> * tensor<8x8xf32> -> tensor<8x8xf32>
      %pa2 = tt.addptr %pa, %astep : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
      %pb2 = tt.addptr %pb, %bstep : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
      scf.yield %acc2, %pa2, %pb2 : tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>
    }
    %crow = arith.muli %rme, %Ns : tensor<8x1xi32>
    %crowb = tt.broadcast %crow : tensor<8x1xi32> -> tensor<8x8xi32>
    %coff = arith.addi %crowb, %rneb : tensor<8x8xi32>
    %cp0 = tt.splat %c : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %cp = tt.addptr %cp0, %coff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    tt.store %cp, %res#0 : tensor<8x8x!tt.ptr<f32>>
    tt.return
  }
}
