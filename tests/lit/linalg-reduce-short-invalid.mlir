// The short form of linalg.reduce with what it cannot take: an error at the `{`.
// RUN: not ttxform %s --split-input-file 2>&1 | FileCheck %s

func.func @two(%x: tensor<8xf32>, %i: tensor<f32>) {
  // CHECK: [[@LINE+1]]:24: error: the short form of linalg.reduce takes one input and one init
  %r:2 = linalg.reduce { arith.addf } ins(%x, %x : tensor<8xf32>, tensor<8xf32>) outs(%i, %i : tensor<f32>, tensor<f32>) dimensions = [0]
  return
}

// -----

func.func @unknown(%x: tensor<8xf32>, %i: tensor<f32>) {
  // CHECK: [[@LINE+1]]:22: error: the short form of linalg.reduce needs a registered op with a custom form
  %r = linalg.reduce { foo.bar } ins(%x : tensor<8xf32>) outs(%i : tensor<f32>) dimensions = [0]
  return
}
