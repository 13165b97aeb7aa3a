// What the Spyre backend does not lower (spyre-lowering spec 2.9) is an error
// at the op with --emit=ktir, not invalid KTIR.
// RUN: ttxform %s --split-input-file --emit=ktir --verify-diagnostics

// Pointer-style kernels are lowered (lower-structured-pointers), gathers
// and scatters too; a gather whose offsets are not loaded from memory (a
// function argument) is not.
tt.func @pointer_gather(%p: !tt.ptr<f32>, %idx: tensor<16xi32>, %o: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a gather whose offsets are not the result of a tt.load (computed from loaded values, say) is not lowered to KTIR: an indirect tile reads its indices from a memory view}}
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
