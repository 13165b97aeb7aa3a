// lower-descriptor-memory errors, at the op that cannot be lowered.
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --verify-diagnostics

// A descriptor that is not made by tt.make_tensor_descriptor has no shape
// and strides to build a memory view from.
tt.func @argument_descriptor(%d: !tt.tensordesc<64x64xf32>, %i: i32) -> tensor<64x64xf32> {
  // expected-error @+1 {{cannot lower descriptor op: shape and stride info is only available when the descriptor is defined by tt.make_tensor_descriptor in the same block}}
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  tt.return %v : tensor<64x64xf32>
}

// -----

tt.func @argument_descriptor_store(%d: !tt.tensordesc<64x64xf32>, %i: i32, %v: tensor<64x64xf32>) {
  // expected-error @+1 {{cannot lower descriptor op: shape and stride info is only available when the descriptor is defined by tt.make_tensor_descriptor in the same block}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// Row offsets that do not come straight from a descriptor load (here one
// addi in between) leave no index buffer to read: the conversion fails as
// MLIR's does, at the op and then at the module.
// expected-error @below {{LowerDescriptorMemory: failed to convert descriptor ops}}
module {
  tt.func @gather_computed_offsets(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) -> tensor<32x128xf32> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c32_i32 = arith.constant 32 : i32
    %c512_i32 = arith.constant 512 : i32
    %c128_i32 = arith.constant 128 : i32
    %c128_i64 = arith.constant 128 : i64
    %idx_desc = tt.make_tensor_descriptor %q, [%c32_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<32xi32>
    %data_desc = tt.make_tensor_descriptor %p, [%c512_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
    %x = tt.descriptor_load %idx_desc[%c0_i32] : !tt.tensordesc<32xi32> -> tensor<32xi32>
    %x_offsets = arith.addi %x, %x : tensor<32xi32>
    // expected-error @below {{failed to legalize operation 'tt.descriptor_gather' that was explicitly marked illegal: its row offsets do not come straight from a tt.descriptor_load (they are computed, or a function argument), and a KTIR indirect access tile reads its indices from a memory view}}
    %g = tt.descriptor_gather %data_desc[%x_offsets, %c0_i32] : (!tt.tensordesc<1x128xf32>, tensor<32xi32>, i32) -> tensor<32x128xf32>
    tt.return %g : tensor<32x128xf32>
  }
}

// -----

// Row offsets passed in as a tensor argument.
// expected-error @below {{LowerDescriptorMemory: failed to convert descriptor ops}}
module {
  tt.func @scatter_argument_offsets(%p: !tt.ptr<f32>, %x: tensor<32xi32>, %v: tensor<32x128xf32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c512_i32 = arith.constant 512 : i32
    %c128_i32 = arith.constant 128 : i32
    %c128_i64 = arith.constant 128 : i64
    %data_desc = tt.make_tensor_descriptor %p, [%c512_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
    // expected-error @below {{failed to legalize operation 'tt.descriptor_scatter' that was explicitly marked illegal: its row offsets do not come straight from a tt.descriptor_load (they are computed, or a function argument), and a KTIR indirect access tile reads its indices from a memory view}}
    tt.descriptor_scatter %data_desc[%x, %c0_i32], %v : !tt.tensordesc<1x128xf32>, tensor<32xi32>, i32, tensor<32x128xf32>
    tt.return
  }
}

// -----

// A result that is neither the block nor the block without unit dimensions.
tt.func @shape_mismatch(%p: !tt.ptr<f16>, %i: i32, %n: i32, %s: i64) -> tensor<8x32xf16> {
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<16x16xf16>
  // expected-error @+1 {{cannot lower descriptor op: result type tensor<8x32xf16> does not match the block of !tt.tensordesc<16x16xf16> (it must be the block type, or the block with unit dimensions dropped)}}
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<16x16xf16> -> tensor<8x32xf16>
  tt.return %v : tensor<8x32xf16>
}

// -----

tt.func @store_mismatch(%p: !tt.ptr<f16>, %i: i32, %n: i32, %s: i64, %v: tensor<16xf32>) {
  %d = tt.make_tensor_descriptor %p, [%n, %n], [%s, %s] : !tt.ptr<f16>, !tt.tensordesc<1x16xf16>
  // expected-error @+1 {{cannot lower descriptor op: source type tensor<16xf32> does not match the block of !tt.tensordesc<1x16xf16> (it must be the block type, or the block with unit dimensions dropped)}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<1x16xf16>, tensor<16xf32>
  tt.return
}
