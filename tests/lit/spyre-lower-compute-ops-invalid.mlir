// RUN: ttxform %s --split-input-file --lower-compute-ops --verify-diagnostics

// A combiner without a neutral element cannot seed linalg.reduce's init:
// the conversion fails as MLIR's does, at the op and then at the module.

// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func @subf(%t: tensor<8xf32>) -> f32 {
    // expected-error @below {{failed to legalize operation 'tt.reduce' that was explicitly marked illegal: the combiner's result 0 is computed by 'arith.subf' on floats, which has no neutral element to start linalg.reduce's init from}}
    %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.subf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    tt.return %0 : f32
  }
}

// -----

// A float select has no sentinel (only the integer index lane does); the
// first failing op is the only one reported, as a conversion stops there.

// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func @select_f(%t: tensor<8xf32>, %u: tensor<8xf32>) -> (f32, f32) {
    // expected-error @below {{failed to legalize operation 'tt.reduce' that was explicitly marked illegal: the combiner's result 1 is an arith.select of floats: a reduce that carries values and indices together}}
    %0:2 = "tt.reduce"(%t, %u) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %x: f32, %b: f32, %y: f32):
      %c = arith.cmpf ogt, %a, %b : f32
      %m = arith.maxnumf %a, %b : f32
      %s = arith.select %c, %x, %y : f32
      tt.reduce.return %m, %s : f32, f32
    }) : (tensor<8xf32>, tensor<8xf32>) -> (f32, f32)
    %1 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.divf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<8xf32>) -> f32
    tt.return %0#0, %0#1 : f32, f32
  }
}

// -----

// A combiner returning one of its arguments has no defining op.

// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func @first(%t: tensor<8xi32>) -> i32 {
    // expected-error @below {{failed to legalize operation 'tt.reduce' that was explicitly marked illegal: the combiner's result 0 is one of its arguments (or a value from outside), not computed by an op, so there is no neutral element}}
    %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      tt.reduce.return %a : i32
    }) : (tensor<8xi32>) -> i32
    tt.return %0 : i32
  }
}

// -----

// A splat of a pointer has no linalg.fill form (the reference emits an
// invalid one).

// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func @ptr_splat(%p: !tt.ptr<f32>) -> tensor<8x!tt.ptr<f32>> {
    // expected-error @below {{failed to legalize operation 'tt.splat' that was explicitly marked illegal: a splat of a pointer has no KTIR form}}
    %0 = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    tt.return %0 : tensor<8x!tt.ptr<f32>>
  }
}

// -----

// A dot of rank 4 is neither linalg.matmul nor linalg.batch_matmul (the
// reference would emit linalg.matmul).

// expected-error @below {{LowerComputeOps: failed to convert compute ops}}
module {
  tt.func @dot4(%a: tensor<2x2x4x8xf32>, %b: tensor<2x2x8x4xf32>, %c: tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
    // expected-error @below {{failed to legalize operation 'tt.dot' that was explicitly marked illegal: only a tt.dot of rank 2 (linalg.matmul) or 3 (linalg.batch_matmul) on tensors is lowered}}
    %0 = tt.dot %a, %b, %c : tensor<2x2x4x8xf32> * tensor<2x2x8x4xf32> -> tensor<2x2x4x4xf32>
    tt.return %0 : tensor<2x2x4x4xf32>
  }
}

// -----

// Reduce operands of different shapes are rejected by the verifier (Triton's
// SameOperandsShape) before the pass could build mismatched linalg.reduce ops.

tt.func @reduce_different_input_shapes(%arg0: tensor<32x32x64xf32>, %arg1: tensor<16x32x64xf32>) -> (tensor<32x64xf32>, tensor<16x64xf32>) {
  // expected-error @below {{'tt.reduce' op requires the same shape for all operands}}
  %0:2 = "tt.reduce" (%arg0, %arg1) <{axis = 1 : i32}> ({
  ^bb0(%acc0: f32, %acc1: f32, %cur0: f32, %cur1: f32):
    %1 = arith.addf %acc0, %cur0 : f32
    %2 = arith.addf %acc1, %cur1 : f32
    tt.reduce.return %1, %2 : f32, f32
  }) : (tensor<32x32x64xf32>, tensor<16x32x64xf32>) -> (tensor<32x64xf32>, tensor<16x64xf32>)
  tt.return %0#0, %0#1 : tensor<32x64xf32>, tensor<16x64xf32>
}
