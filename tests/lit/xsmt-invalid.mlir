// The verifier rules of the xsmt, xsmt_async and tle ops: one case per rule.
// RUN: ttxform %s --split-input-file --verify-diagnostics

tt.func @pack_form(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{expected ','}}
  %p = xsmt.pack %a, [%o, %o], [16, 16] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_offsets(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op number of offsets (1) must match shape dimensions (2)}}
  %p = xsmt.pack %a, [%o], [16, 16], [8, 8] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_packed_size(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op packed_size dimensions (1) must match shape dimensions (2)}}
  %p = xsmt.pack %a, [%o, %o], [16, 16], [8] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_rank(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op expects a 2-D shape, got 3 dimensions}}
  %p = xsmt.pack %a, [%o, %o, %o], [16, 16, 1], [8, 8, 1] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_positive(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op expects positive shape and packed_size}}
  %p = xsmt.pack %a, [%o, %o], [16, 16], [0, 8] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_source(%a: tensor<2x2x8x8xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op operand #0 must be a 2-D tensor, but got 'tensor<2x2x8x8xf32>'}}
  %p = xsmt.pack %a, [%o, %o], [16, 16], [8, 8] : tensor<2x2x8x8xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_result(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.pack' op result type 'tensor<2x2x8x8xf32>' does not match the packed shape, expected 'tensor<3x2x8x8xf32>'}}
  %p = xsmt.pack %a, [%o, %o], [20, 16], [8, 8] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

tt.func @pack_destination(%a: tensor<16x16xf32>, %o: i32, %d: tensor<2x2x8x8xf16>) {
  // expected-error @+1 {{'xsmt.pack' op destination type 'tensor<2x2x8x8xf16>' differs from the result type 'tensor<2x2x8x8xf32>'}}
  %p = xsmt.pack %a, [%o, %o] into(%d : tensor<2x2x8x8xf16>), [16, 16], [8, 8] : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  tt.return
}

// -----

// On a SpacemiT core (tt.arch_id) a packed window holds whole micro tiles.
module attributes {tt.arch_id = "0xA03C"} {
  tt.func @pack_micro_tile(%a: tensor<16x16xf32>, %o: i32) {
    // expected-error @+1 {{'xsmt.pack' op shape [12, 16] is not divisible by the micro tile [8, 16] (required on K1, tt.arch_id = "0xA03C")}}
    %p = xsmt.pack %a, [%o, %o], [12, 16], [8, 16] : tensor<16x16xf32> -> tensor<2x1x8x16xf32>
    tt.return
  }
}

// -----

// A shape literal past 64 bits is an error, not INT64_MAX.
tt.func @pack_shape_too_wide(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{expected an integer within 64 bits}}
  %p = xsmt.pack %a, [%o, %o], [99999999999999999999, 16], [8, 16] : tensor<16x16xf32> -> tensor<2x1x8x16xf32>
  tt.return
}

// -----

tt.func @unpack_result(%a: tensor<2x2x8x8xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.unpack' op result type 'tensor<16x8xf32>' does not match the unpacked shape, expected 'tensor<16x16xf32>'}}
  %u = xsmt.unpack %a, [%o, %o], [16, 16] : tensor<2x2x8x8xf32> -> tensor<16x8xf32>
  tt.return
}

// -----

tt.func @repack_source(%a: tensor<16x16xf32>, %o: i32) {
  // expected-error @+1 {{'xsmt.repack' op operand #0 must be a 4-D (packed) tensor, but got 'tensor<16x16xf32>'}}
  %r = xsmt.repack %a, [%o, %o], [16, 16], [4, 4] : tensor<16x16xf32> -> tensor<4x4x4x4xf32>
  tt.return
}

// -----

tt.func @mmt4d_form(%a: tensor<1x2x8x8xf32>, %b: tensor<1x2x8x8xf32>) {
  // expected-error @+1 {{expected '('}}
  %r = xsmt.mmt4d %a, %b : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x1x8x8xf32>
  tt.return
}

// -----

tt.func @mmt4d_rank(%a: tensor<16x16xf32>, %b: tensor<1x2x8x8xf32>) {
  // expected-error @+1 {{'xsmt.mmt4d' op operand #0 must be a 4-D (packed) tensor, but got 'tensor<16x16xf32>'}}
  %r = xsmt.mmt4d %a, %b : tensor<16x16xf32>, tensor<1x2x8x8xf32> -> tensor<1x1x8x8xf32>
  tt.return
}

// -----

tt.func @mmt4d_k(%a: tensor<1x2x8x8xf32>, %b: tensor<1x4x8x4xf32>) {
  // expected-error @+1 {{'xsmt.mmt4d' op K tiles differ: A is 'tensor<1x2x8x8xf32>' [MB, KB, mb, kb], B is 'tensor<1x4x8x4xf32>' [NB, KB, nb, kb]}}
  %r = xsmt.mmt4d %a, %b : tensor<1x2x8x8xf32>, tensor<1x4x8x4xf32> -> tensor<1x1x8x8xf32>
  tt.return
}

// -----

tt.func @mmt4d_elem(%a: tensor<1x2x8x8xf32>, %b: tensor<1x2x8x8xf16>) {
  // expected-error @+1 {{'xsmt.mmt4d' op operands have different element types: 'tensor<1x2x8x8xf32>' and 'tensor<1x2x8x8xf16>'}}
  %r = xsmt.mmt4d %a, %b : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf16> -> tensor<1x1x8x8xf32>
  tt.return
}

// -----

// The product has A's element type (f16 in, f16 out).
tt.func @mmt4d_result(%a: tensor<1x2x8x8xf16>, %b: tensor<3x2x4x8xf16>) {
  // expected-error @+1 {{'xsmt.mmt4d' op result type 'tensor<1x3x8x4xf32>' does not match the product [MB, NB, mb, nb] of A's element type, expected 'tensor<1x3x8x4xf16>'}}
  %r = xsmt.mmt4d %a, %b : tensor<1x2x8x8xf16>, tensor<3x2x4x8xf16> -> tensor<1x3x8x4xf32>
  tt.return
}

// -----

tt.func @mmt4d_destination(%a: tensor<1x2x8x8xf32>, %b: tensor<1x2x8x8xf32>, %c: tensor<1x1x8x4xf32>) {
  // expected-error @+1 {{'xsmt.mmt4d' op operand #2 (the destination) must have the result type 'tensor<1x1x8x8xf32>'}}
  %r = xsmt.mmt4d %a, %b, %c : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>, tensor<1x1x8x4xf32> -> tensor<1x1x8x8xf32>
  tt.return
}

// -----

// K3 (0xA064): the output tile of a matmul holds 8192 elements at most.
module attributes {tt.arch_id = "0xA064"} {
  tt.func @mmt4d_k3_limit(%a: tensor<16x1x8x32xf32>, %b: tensor<4x1x32x32xf32>) {
    // expected-error @+1 {{'xsmt.mmt4d' op output tile of 16384 elements exceeds the K3 limit of 8192 (tt.arch_id = "0xA064")}}
    %r = xsmt.mmt4d %a, %b : tensor<16x1x8x32xf32>, tensor<4x1x32x32xf32> -> tensor<16x4x8x32xf32>
    tt.return
  }
}

// -----

tt.func @alloc_form() {
  // expected-error @+1 {{expected 'storage'}}
  %b = xsmt.alloc [[16, 16]] : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @alloc_shape() {
  // expected-error @+1 {{'xsmt.alloc' op expects a non-empty positive 'shape'}}
  %b = xsmt.alloc [[0, 16]] storage("l2") : !tt.ptr<tensor<0x16xf32>>
  tt.return
}

// -----

tt.func @alloc_result() {
  // expected-error @+1 {{'xsmt.alloc' op result type '!tt.ptr<tensor<16x8xf32>>' does not match the shape, expected '!tt.ptr<tensor<16x16xf32>>'}}
  %b = xsmt.alloc [[16, 16]] storage("l2") : !tt.ptr<tensor<16x8xf32>>
  tt.return
}

// -----

tt.func @alloc_pointee() {
  // expected-error @+1 {{'xsmt.alloc' op result must be a pointer to a tensor, but got '!tt.ptr<f32>'}}
  %b = xsmt.alloc [[16, 16]] storage("l2") : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @subview_offsets(%p: !tt.ptr<tensor<16x16xf32>>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview' op number of offsets (1) must match shape dimensions (2)}}
  %v = xsmt.subview %p, [%o], [[8, 8]] : !tt.ptr<tensor<16x16xf32>> -> !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

tt.func @subview_base(%p: !tt.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview' op operand #0 must be a pointer to a 2-D or 4-D (packed) tensor, but got '!tt.ptr<f32>'}}
  %v = xsmt.subview %p, [%o, %o], [[8, 8]] : !tt.ptr<f32> -> !tt.ptr<tensor<8x8xf32>>
  tt.return
}

// -----

// A subview of a packed buffer keeps its tiles: [ceil(s0/t0), ceil(s1/t1), t0, t1].
tt.func @subview_result(%p: !tt.ptr<tensor<4x4x8x8xf32>>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview' op result type '!tt.ptr<tensor<16x16xf32>>' does not match the window, expected '!tt.ptr<tensor<2x2x8x8xf32>>'}}
  %v = xsmt.subview %p, [%o, %o], [[16, 16]] : !tt.ptr<tensor<4x4x8x8xf32>> -> !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @subview_pack_divisible(%p: !tt.ptr<tensor<32x32xf32>>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview_pack' op shape [32, 20] is not divisible by packed_size [8, 16]}}
  %v = xsmt.subview_pack %p, [%o, %o], [[32, 20]], [[8, 16]] : !tt.ptr<tensor<32x32xf32>> -> !tt.ptr<tensor<4x2x8x16xf32>>
  tt.return
}

// -----

// The window lies in the base's block (a memref of that shape once lowered).
tt.func @subview_pack_window(%p: !tt.ptr<tensor<32x32xf32>>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview_pack' op shape [64, 32] exceeds the base's block [32, 32]}}
  %v = xsmt.subview_pack %p, [%o, %o], [[64, 32]], [[8, 16]] : !tt.ptr<tensor<32x32xf32>> -> !tt.ptr<tensor<8x2x8x16xf32>>
  tt.return
}

// -----

tt.func @subview_window(%p: !tt.ptr<tensor<4x2x8x16xf32>>, %o: i32) {
  // expected-error @+1 {{'xsmt.subview' op shape [32, 48] exceeds the base's unpacked block [32, 32]}}
  %v = xsmt.subview %p, [%o, %o], [[32, 48]] : !tt.ptr<tensor<4x2x8x16xf32>> -> !tt.ptr<tensor<4x3x8x16xf32>>
  tt.return
}

// -----

tt.func @annotation_form(%t: tensor<16xf32>) {
  // expected-error @+1 {{expected ':'}}
  xsmt.annotation %t {hint = 1 : i32}
  tt.return
}

// -----

tt.func @annotation_operand(%t: f32) {
  // expected-error @+1 {{'xsmt.annotation' op operand #0 must be ranked tensor}}
  xsmt.annotation %t {hint = 1 : i32} : f32
  tt.return
}

// -----

tt.func @get_num_of_thread_form() {
  // expected-error @+1 {{expected end of operation}}
  %n = xsmt.get_num_of_thread : i32
  tt.return
}

// -----

tt.func @mbarrier_custom(%f: i16) {
  // expected-error @+1 {{'xsmt_async.mbarrier_alloc' op has no custom form; write it in generic form ("xsmt_async.mbarrier_alloc"(...) : (...) -> ...)}}
  %b = xsmt_async.mbarrier_alloc %f, %f, %f, %f : i64
  tt.return
}

// -----

tt.func @mbarrier_counts(%f: i32) {
  // expected-error @+1 {{'xsmt_async.mbarrier_alloc' op operand #0 must be i16, but got 'i32'}}
  %b = "xsmt_async.mbarrier_alloc"(%f, %f, %f, %f) : (i32, i32, i32, i32) -> i64
  tt.return
}

// -----

tt.func @mbarrier_wait_barrier(%b: i32, %f: i16) {
  // expected-error @+1 {{'xsmt_async.mbarrier_wait' op operand #0 must be}}
  "xsmt_async.mbarrier_wait"(%b, %f, %f) : (i32, i16, i16) -> ()
  tt.return
}

// -----

tt.func @extract_tile_elem(%t: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tle.extract_tile' op source 'tensor<16x16xf32>' and tile 'tensor<8x8xf16>' have different element types}}
  %e = tle.extract_tile %t[%i] : tensor<16x16xf32>, i32 -> tensor<8x8xf16>
  tt.return
}

// -----

tt.func @extract_tile_rank(%t: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tle.extract_tile' op source 'tensor<16x16xf32>' and tile 'tensor<8xf32>' must be ranked tensors of one rank}}
  %e = tle.extract_tile %t[%i] : tensor<16x16xf32>, i32 -> tensor<8xf32>
  tt.return
}

// -----

tt.func @extract_tile_divisible(%t: tensor<16x16xf32>, %i: i32) {
  // expected-error @+1 {{'tle.extract_tile' op source shape 'tensor<16x16xf32>' is not divisible by the tile shape 'tensor<8x6xf32>'}}
  %e = tle.extract_tile %t[%i] : tensor<16x16xf32>, i32 -> tensor<8x6xf32>
  tt.return
}

// -----

tt.func @extract_tile_index(%t: tensor<16x16xf32>) {
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{'tle.extract_tile' op tile index 4 is out of range [0, 4)}}
  %e = tle.extract_tile %t[%c4] : tensor<16x16xf32>, i32 -> tensor<8x8xf32>
  tt.return
}

// -----

tt.func @insert_tile_result(%t: tensor<16x16xf32>, %x: tensor<8x8xf32>, %i: i32) {
  // expected-error @+1 {{'tle.insert_tile' op result type 'tensor<16x8xf32>' must be the source type 'tensor<16x16xf32>'}}
  %r = tle.insert_tile %t[%i] = %x : tensor<16x16xf32>, i32, tensor<8x8xf32> -> tensor<16x8xf32>
  tt.return
}

// -----

// i8 operands accumulate in their own type or in i32 (vmadot), nothing else.
tt.func @mmt4d_i8_result(%a: tensor<1x2x4x8xi8>, %b: tensor<3x2x4x8xi8>) {
  // expected-error @+1 {{'xsmt.mmt4d' op result type 'tensor<1x3x4x4xi16>' does not match the product [MB, NB, mb, nb] of A's element type, expected 'tensor<1x3x4x4xi8>'}}
  %r = xsmt.mmt4d %a, %b : tensor<1x2x4x8xi8>, tensor<3x2x4x8xi8> -> tensor<1x3x4x4xi16>
  tt.return
}

// -----

tt.func @mmt4d_i8_i32(%a: tensor<1x2x4x8xi8>, %b: tensor<3x2x4x8xi8>) {
  %r = xsmt.mmt4d %a, %b : tensor<1x2x4x8xi8>, tensor<3x2x4x8xi8> -> tensor<1x3x4x4xi32>
  tt.return
}

// -----

tt.func @alloc_copies_shape() {
  // expected-error @+1 {{'xsmt.alloc_copies' op result shape [2, 32, 32] differs from 'shape' [3, 32, 32]}}
  %b = xsmt.alloc_copies [[3, 32, 32]] storage("l2") : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">
  tt.return
}

// -----

tt.func @alloc_copies_copies() {
  // expected-error @+1 {{'xsmt.alloc_copies' op copies=3 differs from the first dimension of 'shape' (2)}}
  %b = xsmt.alloc_copies [[2, 32, 32]] storage("l2") : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=3, storageKind="l2">
  tt.return
}

// -----

tt.func @alloc_copies_zero() {
  // expected-error @+1 {{'xsmt.alloc_copies' op expects a positive 'shape' [copies, d0, ...] of 2 to 8 dimensions}}
  %b = xsmt.alloc_copies [[0, 32, 32]] storage("l2") : !xsmt.buffer<shape=[0, 32, 32], elementType=f32, copies=0, storageKind="l2">
  tt.return
}

// -----

tt.func @alloc_copies_storage() {
  // expected-error @+1 {{'xsmt.alloc_copies' op result storageKind "smem" differs from 'storage' "l2"}}
  %b = xsmt.alloc_copies [[2, 32, 32]] storage("l2") : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="smem">
  tt.return
}

// -----

tt.func @alloc_copies_result() {
  // expected-error @+1 {{'xsmt.alloc_copies' op result must be '!xsmt.buffer<shape=[...], elementType=T, copies=N, storageKind="...">', but got '!xsmt.buffer<2>'}}
  %b = xsmt.alloc_copies [[2, 32, 32]] storage("l2") : !xsmt.buffer<2>
  tt.return
}

// -----

tt.func @buffer_view_result(%b: !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">, %i: i32) {
  // expected-error @+1 {{'xsmt.buffer_tensor_view' op result type '!tt.ptr<tensor<2x32x32xf32>>' does not match the buffer's copy, expected '!tt.ptr<tensor<32x32xf32>>'}}
  %v = xsmt.buffer_tensor_view %b[%i] : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<2x32x32xf32>>
  tt.return
}

// -----

tt.func @buffer_view_index(%b: !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2">) {
  %c2 = arith.constant 2 : i32
  // expected-error @+1 {{'xsmt.buffer_tensor_view' op buffer index 2 is out of range [0, 2)}}
  %v = xsmt.buffer_tensor_view %b[%c2] : !xsmt.buffer<shape=[2, 32, 32], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x32xf32>>
  tt.return
}

// -----

tt.func @buffer_view_operand(%b: !tt.ptr<tensor<2x32x32xf32>>, %i: i32) {
  // expected-error @+1 {{'xsmt.buffer_tensor_view' op operand #0 must be an '!xsmt.buffer<...>' of rank 2 at least, but got '!tt.ptr<tensor<2x32x32xf32>>'}}
  %v = "xsmt.buffer_tensor_view"(%b, %i) : (!tt.ptr<tensor<2x32x32xf32>>, i32) -> !tt.ptr<tensor<32x32xf32>>
  tt.return
}

// -----

tt.func @mbarrier_copies_zero() {
  // expected-error @+1 {{'xsmt.mbarrier_copies' op copies must be positive, got 0}}
  %m = xsmt.mbarrier_copies copies(0) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<0>
  tt.return
}

// -----

tt.func @mbarrier_copies_type() {
  // expected-error @+1 {{'xsmt.mbarrier_copies' op result '!xsmt.mbarrier<3>' does not hold copies(2)}}
  %m = xsmt.mbarrier_copies copies(2) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<3>
  tt.return
}

// -----

tt.func @mbarrier_copies_form() {
  // expected-error @+1 {{expected 'txn'}}
  %m = xsmt.mbarrier_copies copies(2) flag(0) arrive(0) expect(1) : !xsmt.mbarrier<2>
  tt.return
}

// -----

tt.func @mbarrier_subview_index(%m: !xsmt.mbarrier<2>) {
  %c3 = arith.constant 3 : i64
  // expected-error @+1 {{'xsmt.mbarrier_subview' op barrier index 3 is out of range [0, 2)}}
  %b = xsmt.mbarrier_subview %m[%c3] : (!xsmt.mbarrier<2>, i64) -> i64
  tt.return
}

// -----

tt.func @mbarrier_subview_index_type(%m: !xsmt.mbarrier<2>, %i: i16) {
  // expected-error @+1 {{'xsmt.mbarrier_subview' op operand #1 (the index) must be i32, i64 or index, but got 'i16'}}
  %b = xsmt.mbarrier_subview %m[%i] : (!xsmt.mbarrier<2>, i16) -> i64
  tt.return
}

// -----

tt.func @mbarrier_subview_result(%m: !xsmt.mbarrier<2>, %i: i32) {
  // expected-error @+1 {{'xsmt.mbarrier_subview' op result must be i64, but got 'i32'}}
  %b = xsmt.mbarrier_subview %m[%i] : (!xsmt.mbarrier<2>, i32) -> i32
  tt.return
}

// -----

tt.func @set_expect_barrier(%b: i32, %n: i16) {
  // expected-error @+1 {{'xsmt.barrier_set_expect' op operand #0 (the barrier) must be i64, but got 'i32'}}
  xsmt.barrier_set_expect %b, %n : i32
  tt.return
}

// -----

tt.func @set_expect_count(%b: i64, %n: i32) {
  // expected-error @+1 {{'xsmt.barrier_set_expect' op operand #1 (the count) must be i16, but got 'i32'}}
  "xsmt.barrier_set_expect"(%b, %n) : (i64, i32) -> ()
  tt.return
}
