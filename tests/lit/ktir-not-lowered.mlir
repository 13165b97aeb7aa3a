// What the Spyre backend does not lower (spyre-lowering spec 2.9) is an error
// at the op with --emit=ktir, not invalid KTIR.
// RUN: ttxform %s --split-input-file --emit=ktir --verify-diagnostics

tt.func @pointer_load(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // expected-error @-1 {{'tt.make_range': tt.make_range is not lowered to KTIR (pointer-style indexing): use a tensor descriptor}}
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  // expected-error @-1 {{'tt.splat': a splat of a pointer is not lowered to KTIR: use a tensor descriptor}}
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @-1 {{'tt.addptr': pointer arithmetic on tensors is not lowered to KTIR: use a tensor descriptor}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  // expected-error @-1 {{'tt.load': a load through a tensor of pointers is not lowered to KTIR: use a tensor descriptor (tl.make_tensor_descriptor)}}
  tt.store %a, %v : tensor<16x!tt.ptr<f32>>
  // expected-error @-1 {{'tt.store': tt.store is not lowered to KTIR: store through a tensor descriptor (tl.make_tensor_descriptor)}}
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

tt.func @block_pointer(%p: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{'tt.make_tensor_ptr': block pointers are not lowered to KTIR: use a tensor descriptor}}
  %b = tt.make_tensor_ptr %p, [%n], [%n], [%c0] {order = array<i32: 0>} : <tensor<16xf32>>
  tt.return
}
