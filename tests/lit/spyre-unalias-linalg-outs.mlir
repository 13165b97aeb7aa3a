// RUN: ttxform %s --split-input-file --unalias-linalg-outs | FileCheck %s
// RUN: ttxform %s --split-input-file --convert-elementwise-to-linalg --unalias-linalg-outs | FileCheck %s --check-prefix=CHAIN

// Two dynamic dims: one constant and one tensor.dim each, in dim order.
// CHECK-LABEL: func.func @two_dynamic(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = tensor.dim %arg0, %[[C0]] : tensor<?x?xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D1:.*]] = tensor.dim %arg0, %[[C1]] : tensor<?x?xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty(%[[D0]], %[[D1]]) : tensor<?x?xf32>
// CHECK-NEXT:    linalg.mul ins(%arg0, %arg0 : tensor<?x?xf32>, tensor<?x?xf32>) outs(%[[E]] : tensor<?x?xf32>) -> tensor<?x?xf32>
func.func @two_dynamic(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = linalg.mul ins(%a, %a : tensor<?x?xf32>, tensor<?x?xf32>) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// A transpose that writes into its own input: its body copies the input
// and never reads the output.
// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT:    linalg.transpose ins(%arg0 : tensor<4x4xf32>) outs(%[[E]] : tensor<4x4xf32>) permutation = [1, 0]
func.func @transpose(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) permutation = [1, 0]
  return %0 : tensor<4x4xf32>
}

// -----

// The pipeline of §1.2: elementwise ops become generics whose init is an
// input, which this pass then replaces.
// CHAIN-LABEL: tt.func @chain(
// CHAIN-NEXT:    %[[E:.*]] = tensor.empty() : tensor<7xf32>
// CHAIN-NEXT:    linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<7xf32>, tensor<7xf32>) outs(%[[E]] : tensor<7xf32>)
tt.func @chain(%a: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<7xf32> {
  %0 = arith.mulf %a, %b : tensor<7xf32>
  tt.return %0 : tensor<7xf32>
}
