// RUN: ttxform %s --split-input-file --convert-elementwise-to-linalg | FileCheck %s

// A scalar operand among tensor ones (the condition of a select) is an
// input with the broadcast map (d0, d1) -> (); the init is the first
// operand of the result's type, here the second.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[BC:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @select_scalar_cond(
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {indexing_maps = [#[[BC]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1, %arg2 : i1, tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg1 : tensor<4x8xf32>) {
// CHECK-NEXT:    ^bb0(%[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NEXT:    } -> tensor<4x8xf32>
func.func @select_scalar_cond(%c: i1, %a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = arith.select %c, %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A cast has no operand of the result type: a fresh tensor.empty whose
// dynamic sizes are measured on the first operand.  Flags stay on the op.
// CHECK-LABEL: func.func @dynamic_cast(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x8x?xf16>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[D2:.*]] = tensor.dim %arg0, %[[C2]] : tensor<?x8x?xf16>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D]], %[[D2]]) : tensor<?x8x?xf32>
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {{.*}} ins(%arg0 : tensor<?x8x?xf16>) outs(%[[E]] : tensor<?x8x?xf32>) {
// CHECK-NEXT:    ^bb0(%[[X:.*]]: f16, %{{.*}}: f32):
// CHECK-NEXT:      %[[Y:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT:      linalg.yield %[[Y]] : f32
// CHECK-NEXT:    } -> tensor<?x8x?xf32>
// CHECK-NEXT:    %[[H:.*]] = linalg.generic {{.*}} ins(%[[G]], %[[G]] : tensor<?x8x?xf32>, tensor<?x8x?xf32>) outs(%[[G]] : tensor<?x8x?xf32>) {
// CHECK:           arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
func.func @dynamic_cast(%a: tensor<?x8x?xf16>) -> tensor<?x8x?xf32> {
  %0 = arith.extf %a : tensor<?x8x?xf16> to tensor<?x8x?xf32>
  %1 = arith.addf %0, %0 fastmath<fast> : tensor<?x8x?xf32>
  return %1 : tensor<?x8x?xf32>
}

// -----

// Rank 0: no iterators, maps with no dims.  Ops nested in regions convert
// too; ops already inside a linalg body are scalar and stay.
// CHECK-LABEL: func.func @rank0_and_nested(
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = []} ins(%arg0 : tensor<f32>) outs(%arg0 : tensor<f32>)
// CHECK:           math.exp %{{.*}} : f32
// CHECK:         scf.if
// CHECK-NEXT:      linalg.generic
// CHECK:             arith.negf %{{.*}} : f32
// CHECK-NOT:     arith.{{.*}} : tensor
func.func @rank0_and_nested(%a: tensor<f32>, %b: tensor<4xf32>, %p: i1) -> (tensor<f32>, tensor<4xf32>) {
  %0 = math.exp %a : tensor<f32>
  %1 = scf.if %p -> tensor<4xf32> {
    %2 = arith.negf %b : tensor<4xf32>
    scf.yield %2 : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  return %0, %1 : tensor<f32>, tensor<4xf32>
}

// -----

// Ops on vectors, and ops of other dialects, are left alone.
// CHECK-LABEL: func.func @untouched(
// CHECK-NEXT:    arith.addf %arg0, %arg0 : vector<4xf32>
// CHECK-NEXT:    tt.addptr
// CHECK-NOT:     linalg.generic
func.func @untouched(%v: vector<4xf32>, %p: tensor<4x!tt.ptr<f32>>, %o: tensor<4xi32>) -> (vector<4xf32>, tensor<4x!tt.ptr<f32>>) {
  %0 = arith.addf %v, %v : vector<4xf32>
  %1 = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  return %0, %1 : vector<4xf32>, tensor<4x!tt.ptr<f32>>
}
