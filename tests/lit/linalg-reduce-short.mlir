// linalg.reduce's short form `{ OP }`: the region is one op on (init, in) whose result is
// yielded. It reads as MLIR builds it (mlir-opt-19 --mlir-print-op-generic gives the
// GEN lines), prints as mlir-opt-19 prints it (the CHECK lines, its text with our
// value names), and a region of another shape keeps the full form.
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: ttxform %s --mlir-print-op-generic | ttxform | FileCheck %s

// CHECK-LABEL: func.func @short
// CHECK: %0 = linalg.reduce { arith.addf } ins(%arg0 : tensor<4x8xf32>) outs(%arg1 : tensor<8xf32>) dimensions = [0] {{$}}
// CHECK-NEXT: %1 = linalg.reduce { arith.maxnumf } ins(%0 : tensor<8xf32>) outs(%arg2 : tensor<f32>) dimensions = [0]  {foo = 1 : i32}{{$}}
// CHECK-NEXT: %2 = linalg.reduce { arith.addf } ins(%0 : tensor<8xf32>) outs(%arg2 : tensor<f32>) dimensions = [0] {{$}}
// CHECK-NEXT: %3 = linalg.reduce ins(%0 : tensor<8xf32>) outs(%arg2 : tensor<f32>) dimensions = [0] {{$}}
// CHECK-NEXT: (%arg5: f32, %arg6: f32) {
// CHECK-NEXT: %6 = arith.addf %arg5, %arg6 : f32
// CHECK: %4 = linalg.reduce ins(%0 : tensor<8xf32>) outs(%arg2 : tensor<f32>) dimensions = [0] {{$}}
// CHECK-NEXT: (%arg5: f32, %arg6: f32) {
// CHECK-NEXT: %6 = arith.addf %arg6, %arg5 fastmath<fast> : f32
// mlir-opt-19 prints this one `{ arith.addi {overflowFlags = #arith.overflow<none>} }`,
// a region to this reader: the full form is printed instead, which both read
// CHECK: %5 = linalg.reduce ins(%arg3 : tensor<16x4xi32>) outs(%arg4 : tensor<4xi32>) dimensions = [0] {{$}}
// CHECK-NEXT: (%arg5: i32, %arg6: i32) {
// CHECK-NEXT: %6 = arith.addi %arg6, %arg5 : i32
//
// GEN: "linalg.reduce"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
// GEN-NEXT: ^bb0(%[[IN:arg[0-9]+]]: f32, %[[INIT:arg[0-9]+]]: f32):
// GEN-NEXT: %{{[0-9]+}} = "arith.addf"(%[[INIT]], %[[IN]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT: "linalg.yield"
// GEN-NEXT: }) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<8xf32>
func.func @short(%x: tensor<4x8xf32>, %i: tensor<8xf32>, %i0: tensor<f32>, %xi: tensor<16x4xi32>, %ii: tensor<4xi32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf32>) outs(%i : tensor<8xf32>) dimensions = [0]
  %m = linalg.reduce { arith.maxnumf }
         ins(%r : tensor<8xf32>)
         outs(%i0 : tensor<f32>)
         dimensions = [0] {foo = 1 : i32}
  // the full form of the short one (init first) prints short
  %t = linalg.reduce ins(%r : tensor<8xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %b, %a : f32
      linalg.yield %c : f32
    }
  // (in, init) is not the short form's order
  %u = linalg.reduce ins(%r : tensor<8xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %a, %b : f32
      linalg.yield %c : f32
    }
  // an attribute other than a default fastmath keeps the full form
  %f = linalg.reduce ins(%r : tensor<8xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %c = arith.addf %b, %a fastmath<fast> : f32
      linalg.yield %c : f32
    }
  %n = linalg.reduce { arith.addi } ins(%xi : tensor<16x4xi32>) outs(%ii : tensor<4xi32>) dimensions = [0]
  return %t : tensor<f32>
}
