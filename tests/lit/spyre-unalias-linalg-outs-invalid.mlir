// RUN: ttxform %s --split-input-file --unalias-linalg-outs --verify-diagnostics

// A matmul accumulates into its outs: aliasing it with an input is
// rejected.  The pass goes on to report the next op too.

func.func @matmul(%a: tensor<4x4xf32>, %b: tensor<2x4x4xf32>) -> (tensor<4x4xf32>, tensor<2x4x4xf32>) {
  // expected-error @below {{linalg 'outs' operand #2 is the same value as an 'ins' operand and the op body reads its initial value; replacing it with tensor.empty would change the result}}
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-error @below {{linalg 'outs' operand #2 is the same value as an 'ins' operand}}
  %1 = linalg.batch_matmul ins(%b, %b : tensor<2x4x4xf32>, tensor<2x4x4xf32>) outs(%b : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %0, %1 : tensor<4x4xf32>, tensor<2x4x4xf32>
}

// -----

// An unranked tensor cannot be given a tensor.empty.

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @below {{linalg 'outs' operand #2 aliases an 'ins' operand but has non-tensor type 'tensor<*xf32>'; expected a ranked tensor}}
  %0 = linalg.add ins(%a, %a : tensor<*xf32>, tensor<*xf32>) outs(%a : tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
