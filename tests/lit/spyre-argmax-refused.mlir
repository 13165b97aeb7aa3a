// tl.argmax as Triton 3.6 prints it: a two-operand tt.reduce whose combiner
// keeps the greater value and, on a tie, the smaller index.  KTIR's
// linalg.reduce starts from an init, and no (value, index) init leaves this
// combiner's answer unchanged (NaN elements), so --emit=ktir refuses it at
// the op, saying why.
// RUN: ttxform %s --emit=ktir --grid=1 --verify-diagnostics
// RUN: not ttxform %s --emit=ktir --grid=1 2>&1 | FileCheck %s
// CHECK: spyre-argmax-refused.mlir:[[@LINE+11]]:12: error: failed to legalize operation 'tt.reduce' that was explicitly marked illegal: the combiner's result 0 is an arith.select of floats: a reduce that carries values and indices together (tl.argmax / tl.argmin with Triton's tie-break combiner
// CHECK-SAME: has no neutral element to start linalg.reduce's init from
// CHECK: spyre-argmax-refused.mlir:[[@LINE+2]]:1: error: LowerComputeOps: failed to convert compute ops
// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func public @argmax_k(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<i32>) attributes {noinline = false} {
    %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %3 = tt.load %2 : tensor<16x!tt.ptr<f32>>
    // expected-error @below {{failed to legalize operation 'tt.reduce' that was explicitly marked illegal: the combiner's result 0 is an arith.select of floats: a reduce that carries values and indices together (tl.argmax / tl.argmin with Triton's tie-break combiner}}
    %4:2 = "tt.reduce"(%3, %0) <{axis = 0 : i32}> ({
    ^bb0(%arg2: f32, %arg3: i32, %arg4: f32, %arg5: i32):
      %5 = arith.cmpf oeq, %arg2, %arg4 : f32
      %6 = arith.cmpi slt, %arg3, %arg5 : i32
      %7 = arith.andi %5, %6 : i1
      %8 = arith.cmpf ogt, %arg2, %arg4 : f32
      %9 = arith.ori %8, %7 : i1
      %10 = arith.select %9, %arg2, %arg4 : f32
      %11 = arith.select %9, %arg3, %arg5 : i32
      tt.reduce.return %10, %11 : f32, i32
    }) : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32)
    tt.store %arg1, %4#1 : !tt.ptr<i32>
    tt.return
  }
}
