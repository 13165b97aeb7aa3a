// rewrite-descriptor-layout errors on TTIR lowered by the passes before it;
// the errors on hand-written KTIR are in the Spyre backend's own test
// (corpus spyre/Conversion/rewrite-descriptor-layout-invalid-ktir.mlir).
// RUN: ttxform %s --split-input-file --lower-descriptor-memory --lower-compute-ops --rewrite-descriptor-layout --verify-diagnostics

// A block narrower than the stick on the stick dim.
tt.func @sub_stick(%p: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x32xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x32xf32>
  // expected-error @+1 {{spyre_tensor_layout: block extent of stick dim (32) is smaller than the stick size (64); a stick dim cannot be sub-stick}}
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x32xf32> -> tensor<64x32xf32>
  tt.descriptor_store %d[%z, %z], %x : !tt.tensordesc<64x32xf32>, tensor<64x32xf32>
  tt.return
}

// -----

// A gather whose row (indirect) dim is stick-split.
tt.func @gather_row_split(%p: !tt.ptr<f32>, %ip: !tt.ptr<i32>) -> tensor<16x128xf32> {
  %z = arith.constant 0 : i32
  %c16_i32 = arith.constant 16 : i32
  %c256_i32 = arith.constant 256 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %id = tt.make_tensor_descriptor %ip, [%c16_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<16xi32>
  %rows = tt.descriptor_load %id[%z] : !tt.tensordesc<16xi32> -> tensor<16xi32>
  %d = tt.make_tensor_descriptor %p, [%c256_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<1x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: stick-splitting the indirect (gather) row dim is not supported}}
  %g = tt.descriptor_gather %d[%rows, %z] : (!tt.tensordesc<1x128xf32>, tensor<16xi32>, i32) -> tensor<16x128xf32>
  tt.return %g : tensor<16x128xf32>
}

// -----

// A layout of a gathered descriptor that drops the row dim.
tt.func @gather_no_row(%p: !tt.ptr<f32>, %ip: !tt.ptr<i32>) -> tensor<16x128xf32> {
  %z = arith.constant 0 : i32
  %c16_i32 = arith.constant 16 : i32
  %c256_i32 = arith.constant 256 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %id = tt.make_tensor_descriptor %ip, [%c16_i32], [%c1_i64] : !tt.ptr<i32>, !tt.tensordesc<16xi32>
  %rows = tt.descriptor_load %id[%z] : !tt.tensordesc<16xi32> -> tensor<16xi32>
  %d = tt.make_tensor_descriptor %p, [%c256_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 1>, phys_op = array<i64: 1, 2>, phys_arg = array<i64: 64, 64>} : !tt.tensordesc<1x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: the layout of a gathered descriptor must keep the indirect (gather) row dim exactly once}}
  %g = tt.descriptor_gather %d[%rows, %z] : (!tt.tensordesc<1x128xf32>, tensor<16xi32>, i32) -> tensor<16x128xf32>
  tt.return %g : tensor<16x128xf32>
}

// -----

// A gather with two row-offset dims has logical rank 3.
tt.func @gather_rank3(%p: !tt.ptr<f32>, %ip: !tt.ptr<i32>) -> tensor<4x8x128xf32> {
  %z = arith.constant 0 : i32
  %c4_i32 = arith.constant 4 : i32
  %c8_i32 = arith.constant 8 : i32
  %c256_i32 = arith.constant 256 : i32
  %c128_i32 = arith.constant 128 : i32
  %c8_i64 = arith.constant 8 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %id = tt.make_tensor_descriptor %ip, [%c4_i32, %c8_i32], [%c8_i64, %c1_i64] : !tt.ptr<i32>, !tt.tensordesc<4x8xi32>
  %rows = tt.descriptor_load %id[%z, %z] : !tt.tensordesc<4x8xi32> -> tensor<4x8xi32>
  %d = tt.make_tensor_descriptor %p, [%c256_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<1x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: physicalizing an indirect access tile is only supported for a rank-2 gather (got logical rank 3)}}
  %g = tt.descriptor_gather %d[%rows, %z] : (!tt.tensordesc<1x128xf32>, tensor<4x8xi32>, i32) -> tensor<4x8x128xf32>
  tt.return %g : tensor<4x8x128xf32>
}

// -----

// A and B both split K into sticks, but of different sizes (64 and 128):
// 4 and 2 sticks per block cannot share one stick loop.
tt.func @stick_factor_disagreement(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c256_i32 = arith.constant 256 : i32
  %c64_i64 = arith.constant 64 : i64
  %c256_i64 = arith.constant 256 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c64_i32, %c256_i32], [%c256_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x256xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x256xf32>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<64x256xf32> -> tensor<64x256xf32>
  %bd = tt.make_tensor_descriptor %b, [%c256_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<256x64xf32>
  tt.spyre_tensor_layout %bd {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 128, 0, 128>} : !tt.tensordesc<256x64xf32>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<256x64xf32> -> tensor<256x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: operands disagree on the number of sticks of the contracted axis (4 and 2); give every operand the same stick size on that axis}}
  %r = tt.dot %av, %bv, %cv : tensor<64x256xf32> * tensor<256x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// A splits K into sticks but B is an unannotated (logical) operand.
tt.func @mixed_annotation(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c64_i64 = arith.constant 64 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %bd = tt.make_tensor_descriptor %b, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x64xf32>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<128x64xf32> -> tensor<128x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: operands share a stickified contraction axis but not all are annotated}}
  %r = tt.dot %av, %bv, %cv : tensor<64x128xf32> * tensor<128x64xf32> -> tensor<64x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// A and B split their output axes into sticks on different axes (M and
// N): one scatter loop cannot cover both.
tt.func @parallel_disagreement(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c64_i64 = arith.constant 64 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<128x64xf16>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x64xf16>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<128x64xf16> -> tensor<128x64xf16>
  %bd = tt.make_tensor_descriptor %b, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<64x128xf16>
  tt.spyre_tensor_layout %bd {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf16>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<64x128xf16> -> tensor<64x128xf16>
  %cd = tt.make_tensor_descriptor %c, [%c128_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x128xf32>
  %cv = tt.descriptor_load %cd[%z, %z] : !tt.tensordesc<128x128xf32> -> tensor<128x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: operands disagree on the parallel multi-stick scatter}}
  %r = tt.dot %av, %bv, %cv : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<128x128xf32>, tensor<128x128xf32>
  tt.return
}

// -----

// A layout without a floordiv dim changes the rank but has no stick loop
// to sink logical data with.
tt.func @sink_without_floor_dim(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c1_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x64xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<1x64xf32> -> tensor<1x64xf32>
  %o = tt.make_tensor_descriptor %q, [%c1_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1x64xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 1>, phys_op = array<i64: 0>, phys_arg = array<i64: 0>} : !tt.tensordesc<1x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: store sink stage requires at least one parallel floor dim in the output layout}}
  tt.descriptor_store %o[%z, %z], %x : !tt.tensordesc<1x64xf32>, tensor<1x64xf32>
  tt.return
}

// -----

// A shape op cannot take a physical operand: its result would be retyped
// blindly.
tt.func @shape_user(%p: !tt.ptr<f32>) -> tensor<1x64x128xf32> {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: 'tensor.expand_shape' cannot take a physical (stick-laid-out) operand; only elementwise ops, transposes, matmul, batch_matmul, reduce and ktdp.store can}}
  %e = tt.expand_dims %x {axis = 0 : i32} : tensor<64x128xf32> -> tensor<1x64x128xf32>
  tt.return %e : tensor<1x64x128xf32>
}

// -----

// An elementwise op of a physical and a logical tensor.
tt.func @mixed_elementwise(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %e = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  %y = tt.descriptor_load %e[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: 'arith.addf' mixes a physical (stick-laid-out) operand with an operand of another shape}}
  %s = arith.addf %x, %y : tensor<64x128xf32>
  tt.descriptor_store %d[%z, %z], %s : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// An elementwise op of two physical tensors of one shape but different
// layouts (stick on N, stick on M).
tt.func @layouts_differ(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c128_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<128x128xf32> -> tensor<128x128xf32>
  %e = tt.make_tensor_descriptor %q, [%c128_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x128xf32>
  tt.spyre_tensor_layout %e {phys_src = array<i64: 0, 1, 0>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<128x128xf32>
  %y = tt.descriptor_load %e[%z, %z] : !tt.tensordesc<128x128xf32> -> tensor<128x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: 'arith.addf' combines operands with different physical layouts}}
  %s = arith.addf %x, %y : tensor<128x128xf32>
  tt.descriptor_store %d[%z, %z], %s : !tt.tensordesc<128x128xf32>, tensor<128x128xf32>
  tt.return
}

// -----

// Physical data stored through a descriptor without the layout.
tt.func @physical_into_logical(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %e = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: a physical (stick-laid-out) tensor is stored through a logical access tile; store it through a descriptor with the same tt.spyre_tensor_layout}}
  tt.descriptor_store %e[%z, %z], %x : !tt.tensordesc<64x128xf32>, tensor<64x128xf32>
  tt.return
}

// -----

// A transpose of a physical load is absorbed into the load for the
// contraction it feeds; a store cannot take it.
tt.func @transposed_store(%p: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x64xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: a transposed physical (stick-laid-out) tensor is stored; a transpose of a physical load can only feed matmul, batch_matmul or reduce}}
  tt.descriptor_store %d[%z, %z], %t : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// An elementwise op of a transposed and an untransposed physical load.
tt.func @transposed_operand(%p: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c64_i64 = arith.constant 64 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x64xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %y = tt.descriptor_load %d[%c64_i32, %z] : !tt.tensordesc<64x64xf32> -> tensor<64x64xf32>
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x64xf32> -> tensor<64x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: 'arith.addf' combines a transposed and an untransposed physical operand}}
  %s = arith.addf %t, %y : tensor<64x64xf32>
  tt.descriptor_store %d[%z, %z], %s : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// B keeps only 2 columns of N per tile (N mod 2): the op tiles would
// build a 64x2 accumulator for a 64x64 result.
tt.func @tiles_do_not_cover(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c64_i64 = arith.constant 64 : i64
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %ad = tt.make_tensor_descriptor %a, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %ad {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %av = tt.descriptor_load %ad[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %bd = tt.make_tensor_descriptor %b, [%c128_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<128x64xf32>
  tt.spyre_tensor_layout %bd {phys_src = array<i64: 1, 0>, phys_op = array<i64: 2, 1>, phys_arg = array<i64: 2, 16>} : !tt.tensordesc<128x64xf32>
  %bv = tt.descriptor_load %bd[%z, %z] : !tt.tensordesc<128x64xf32> -> tensor<128x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  // expected-error @+1 {{spyre_tensor_layout: the operands' physical tiles do not cover the op's result; their layouts do not fit this contraction}}
  %r = tt.dot %av, %bv, %zero : tensor<64x128xf32> * tensor<128x64xf32> -> tensor<64x64xf32>
  %cd = tt.make_tensor_descriptor %c, [%c64_i32, %c64_i32], [%c64_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x64xf32>
  tt.descriptor_store %cd[%z, %z], %r : !tt.tensordesc<64x64xf32>, tensor<64x64xf32>
  tt.return
}

// -----

// A 96-wide block stored stick on N (64) needs 2 sticks, 128 wide: the
// sink cannot split the logical data into whole sticks.
tt.func @sink_partial_stick(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x96xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x96xf32> -> tensor<64x96xf32>
  %o = tt.make_tensor_descriptor %q, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x96xf32>
  tt.spyre_tensor_layout %o {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x96xf32>
  // expected-error @+1 {{spyre_tensor_layout: store sink stage: the physical tile does not cover the stored data exactly}}
  tt.descriptor_store %o[%z, %z], %x : !tt.tensordesc<64x96xf32>, tensor<64x96xf32>
  tt.return
}

// -----

// A physical tensor cannot leave the function (or any op other than
// elementwise ops, transposes, contractions and stores).
tt.func @returned(%p: !tt.ptr<f32>) -> tensor<64x128xf32> {
  %z = arith.constant 0 : i32
  %c64_i32 = arith.constant 64 : i32
  %c128_i32 = arith.constant 128 : i32
  %c128_i64 = arith.constant 128 : i64
  %c1_i64 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %p, [%c64_i32, %c128_i32], [%c128_i64, %c1_i64] : !tt.ptr<f32>, !tt.tensordesc<64x128xf32>
  tt.spyre_tensor_layout %d {phys_src = array<i64: 1, 0, 1>, phys_op = array<i64: 1, 0, 2>, phys_arg = array<i64: 64, 0, 64>} : !tt.tensordesc<64x128xf32>
  %x = tt.descriptor_load %d[%z, %z] : !tt.tensordesc<64x128xf32> -> tensor<64x128xf32>
  %n = arith.negf %x : tensor<64x128xf32>
  // expected-error @+1 {{spyre_tensor_layout: 'tt.return' cannot take a physical (stick-laid-out) operand; only elementwise ops, transposes, matmul, batch_matmul, reduce and ktdp.store can}}
  tt.return %n : tensor<64x128xf32>
}
