// What the Spyre backend does not lower (spyre-lowering spec 2.9) is an error
// at the op with --emit=ktir, not invalid KTIR.
// RUN: ttxform %s --split-input-file --emit=ktir --verify-diagnostics

// Pointer-style kernels are lowered (lower-structured-pointers); a gather
// through pointers (offsets loaded from memory) is not.
tt.func @pointer_gather(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %o: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %idx = tt.load %qa : tensor<16x!tt.ptr<i32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a gather through a tensor of pointers (offsets loaded from memory, or a mask that is not a prefix) is not lowered to KTIR: use tt.descriptor_gather}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  %os = tt.splat %o : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %oa = tt.addptr %os, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %oa, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @scan(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tt.scan': this op is not lowered to KTIR by the Spyre backend}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return %0 : tensor<8xf32>
}

// -----

// A block pointer whose load checks one of its two dimensions.
tt.func @block_pointer(%p: !tt.ptr<f32>, %n: i64) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %b = tt.make_tensor_ptr %p, [%n, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  // expected-error @+1 {{'tt.load': a block pointer access that does not check every dimension (boundaryCheck) is not lowered to KTIR}}
  %v = tt.load %b {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16x16xf32>>
  tt.return %v : tensor<16x16xf32>
}
