// RUN: ttxform %s --split-input-file --ptr-analysis | FileCheck %s
// RUN: ttxform %s --split-input-file --pass-pipeline='builtin.module(ptr-analysis)' | FileCheck %s

// Structured 1-D: splat + make_range + addptr with an offset from the
// program id; the pointer chains are gone.
// CHECK-LABEL: tt.func @structured_1d
// CHECK: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK: %[[OFF:.*]] = arith.muli %[[PID]], %c64_i32 : i32
// CHECK: %[[IOFF:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [64], strides: [1], offsets: [%[[IOFF]]], shape: [0], order: [] : <f32> to tensor<64x!tt.ptr<f32>>
// CHECK: %[[V:.*]] = "tts.load"(%[[P]]) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_mask_dims = array<i64>}> : (tensor<64x!tt.ptr<f32>>) -> tensor<64xf32>
// CHECK: %[[Q:.*]] = tts.make_tptr %arg1 to sizes: [64], strides: [1], offsets: [0], shape: [0], order: [] : <f32> to tensor<64x!tt.ptr<f32>>
// CHECK: "tts.store"(%[[Q]], %[[V]]) <{static_mask_dims = array<i64>}> : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>) -> ()
// CHECK-NOT: tt.addptr
// CHECK-NOT: tt.splat
// CHECK: tt.return
tt.func @structured_1d(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
  %c64_i32 = arith.constant 64 : i32
  %0 = tt.get_program_id x : i32
  %1 = arith.muli %0, %c64_i32 : i32
  %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %3 = tt.splat %1 : i32 -> tensor<64xi32>
  %4 = arith.addi %3, %2 : tensor<64xi32>
  %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %6 = tt.addptr %5, %4 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %7 = tt.load %6 : tensor<64x!tt.ptr<f32>>
  %8 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %9 = tt.addptr %8, %2 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %9, %7 : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A 2-D block: rows from expand_dims + broadcast times a row stride, columns
// from expand_dims + broadcast; a scalar addptr folds into the offset.
// CHECK-LABEL: tt.func @block_2d
// CHECK-DAG: %[[O:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-DAG: %[[S:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [16, 32], strides: [%[[S]], 1], offsets: [%[[O]], 0], shape: [0, 0], order: [] : <f16> to tensor<16x32x!tt.ptr<f16>>
// CHECK-NEXT: %[[V:.*]] = "tts.load"(%[[P]]) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_mask_dims = array<i64>}> : (tensor<16x32x!tt.ptr<f16>>) -> tensor<16x32xf16>
// CHECK-NEXT: tt.return %[[V]] : tensor<16x32xf16>
tt.func @block_2d(%arg0: !tt.ptr<f16>, %arg1: i32, %arg2: i32) -> tensor<16x32xf16> {
  %0 = tt.addptr %arg0, %arg2 : !tt.ptr<f16>, i32
  %1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %3 = tt.expand_dims %1 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %4 = tt.splat %arg1 : i32 -> tensor<16x1xi32>
  %5 = arith.muli %3, %4 : tensor<16x1xi32>
  %6 = tt.broadcast %5 : tensor<16x1xi32> -> tensor<16x32xi32>
  %7 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %8 = tt.broadcast %7 : tensor<1x32xi32> -> tensor<16x32xi32>
  %9 = arith.addi %6, %8 : tensor<16x32xi32>
  %10 = tt.splat %0 : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  %11 = tt.addptr %10, %9 : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
  %12 = tt.load %11 : tensor<16x32x!tt.ptr<f16>>
  tt.return %12 : tensor<16x32xf16>
}

// -----

// A loop-carried pointer advanced by a loop-invariant amount: the init's
// offset plus ((iv - lb) / step) * amount.
// CHECK-LABEL: tt.func @loop_carried
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %arg1 step %c2_i32 iter_args
// CHECK-DAG: %[[U:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-DAG: %[[I:.*]] = arith.index_cast %[[IV]] : i32 to index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[N:.*]] = arith.divsi %[[I]], %[[C2]] : index
// CHECK: %[[OFF:.*]] = arith.muli %[[N]], %[[U]] : index
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [128], strides: [1], offsets: [%[[OFF]]], shape: [0], order: [] : <f32> to tensor<128x!tt.ptr<f32>>
// CHECK: "tts.load"(%[[P]])
// CHECK-NOT: tt.load
// CHECK: scf.yield
tt.func @loop_carried(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) -> tensor<128xf32> {
  %c0_i32 = arith.constant 0 : i32
  %c2_i32 = arith.constant 2 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<128xf32>
  %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %3 = tt.splat %arg2 : i32 -> tensor<128xi32>
  %4:2 = scf.for %arg3 = %c0_i32 to %arg1 step %c2_i32 iter_args(%arg4 = %cst, %arg5 = %2) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
    %5 = tt.load %arg5 : tensor<128x!tt.ptr<f32>>
    %6 = arith.addf %arg4, %5 : tensor<128xf32>
    %7 = tt.addptr %arg5, %3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %6, %7 : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
  }
  tt.return %4#0 : tensor<128xf32>
}

// -----

// Nested loops: per outer iteration the inner loop's trip count (3) times
// its advance (4); after the loop, max(trips, 0) times the advance per
// outer iteration (12).
// CHECK-LABEL: tt.func @nested
// CHECK: scf.for %[[OUT:[^ ]*]] = %c0_i32 to %arg1
// CHECK: scf.for %[[IN:[^ ]*]] = %c0_i32 to %c3_i32
// CHECK: %[[A:.*]] = arith.index_cast %[[OUT]] : i32 to index
// CHECK: %[[C12:.*]] = arith.constant 12 : index
// CHECK: %[[B:.*]] = arith.muli %[[A]], %[[C12]] : index
// CHECK: %[[C:.*]] = arith.index_cast %[[IN]] : i32 to index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[D:.*]] = arith.muli %[[C]], %[[C4]] : index
// CHECK: %[[E:.*]] = arith.addi %[[B]], %[[D]] : index
// CHECK: tts.make_tptr %arg0 to sizes: [4], strides: [1], offsets: [%[[E]]]
// CHECK: %[[T:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[TR:.*]] = arith.maxsi %[[T]], %[[Z]] : index
// CHECK: %[[C12b:.*]] = arith.constant 12 : index
// CHECK: %[[F:.*]] = arith.muli %[[TR]], %[[C12b]] : index
// CHECK: tts.make_tptr %arg0 to sizes: [4], strides: [1], offsets: [%[[F]]]
tt.func @nested(%arg0: !tt.ptr<f32>, %arg1: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %cst = arith.constant dense<4> : tensor<4xi32>
  %0 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %2 = tt.addptr %1, %0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %3 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %2) -> (tensor<4x!tt.ptr<f32>>) : i32 {
    %4 = scf.for %arg4 = %c0_i32 to %c3_i32 step %c1_i32 iter_args(%arg5 = %arg3) -> (tensor<4x!tt.ptr<f32>>) : i32 {
      %5 = tt.load %arg5 : tensor<4x!tt.ptr<f32>>
      tt.store %arg5, %5 : tensor<4x!tt.ptr<f32>>
      %6 = tt.addptr %arg5, %cst : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
      scf.yield %6 : tensor<4x!tt.ptr<f32>>
    }
    scf.yield %4 : tensor<4x!tt.ptr<f32>>
  }
  %7 = tt.load %3 : tensor<4x!tt.ptr<f32>>
  tt.store %2, %7 : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// Masks: `cmpi slt range, bound` bounds its dimension to a prefix,
// max(min(bound - offset, size), 0); `sgt` with the sides swapped the same;
// andi combines per dimension; the splat `other` becomes a scalar.
// CHECK-LABEL: tt.func @masked_2d
// CHECK: %[[R:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[R1:.*]] = arith.minsi %[[R]], %[[C8]] : index
// CHECK: %[[Z:.*]] = arith.constant 0 : index
// CHECK: %[[R2:.*]] = arith.maxsi %[[R1]], %[[Z]] : index
// CHECK: %[[K:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[K1:.*]] = arith.minsi %[[K]], %[[C4]] : index
// CHECK: %[[Z2:.*]] = arith.constant 0 : index
// CHECK: %[[K2:.*]] = arith.maxsi %[[K1]], %[[Z2]] : index
// CHECK: %[[OTHER:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [8, 4], strides: [4, 1], offsets: [0, 0], shape: [0, 0], order: []
// CHECK: %[[V:.*]] = "tts.load"(%[[P]], %[[R2]], %[[K2]], %[[OTHER]]) <{operandSegmentSizes = array<i32: 1, 2, 1>, static_mask_dims = array<i64: -9223372036854775808, -9223372036854775808>}> : (tensor<8x4x!tt.ptr<f32>>, index, index, f32) -> tensor<8x4xf32>
// CHECK: "tts.store"(%{{.*}}, %[[V]], %{{.*}}, %{{.*}}) <{static_mask_dims = array<i64: -9223372036854775808, -9223372036854775808>}> : (tensor<8x4x!tt.ptr<f32>>, tensor<8x4xf32>, index, index) -> ()
tt.func @masked_2d(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) {
  %cst = arith.constant dense<-1.000000e+00> : tensor<8x4xf32>
  %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %1 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %3 = tt.expand_dims %1 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %c4 = arith.constant dense<4> : tensor<8x1xi32>
  %4 = arith.muli %2, %c4 : tensor<8x1xi32>
  %5 = tt.broadcast %4 : tensor<8x1xi32> -> tensor<8x4xi32>
  %6 = tt.broadcast %3 : tensor<1x4xi32> -> tensor<8x4xi32>
  %7 = arith.addi %5, %6 : tensor<8x4xi32>
  %8 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x4x!tt.ptr<f32>>
  %9 = tt.addptr %8, %7 : tensor<8x4x!tt.ptr<f32>>, tensor<8x4xi32>
  %10 = tt.splat %arg1 : i32 -> tensor<8x1xi32>
  %11 = arith.cmpi slt, %2, %10 : tensor<8x1xi32>
  %12 = tt.broadcast %11 : tensor<8x1xi1> -> tensor<8x4xi1>
  %13 = tt.splat %arg2 : i32 -> tensor<1x4xi32>
  %14 = arith.cmpi sgt, %13, %3 : tensor<1x4xi32>
  %15 = tt.broadcast %14 : tensor<1x4xi1> -> tensor<8x4xi1>
  %16 = arith.andi %12, %15 : tensor<8x4xi1>
  %17 = tt.load %9, %16, %cst : tensor<8x4x!tt.ptr<f32>>
  tt.store %9, %17, %16 : tensor<8x4x!tt.ptr<f32>>
  tt.return
}

// -----

// A mask starting at a block offset: the bound is n - offset (vector add).
// CHECK-LABEL: tt.func @masked_offset
// CHECK: %[[OFF:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[N:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[D:.*]] = arith.subi %[[N]], %[[OFF]] : index
// CHECK: %[[D1:.*]] = arith.minsi %[[D]], %{{.*}} : index
// CHECK: %[[D2:.*]] = arith.maxsi %[[D1]], %{{.*}} : index
// CHECK: %[[P:.*]] = tts.make_tptr %arg0 to sizes: [256], strides: [1], offsets: [%[[OFF]]]
// CHECK: "tts.load"(%[[P]], %[[D2]]) <{operandSegmentSizes = array<i32: 1, 1, 0>, static_mask_dims = array<i64: -9223372036854775808>}>
tt.func @masked_offset(%arg0: !tt.ptr<f32>, %arg1: i32) -> tensor<256xf32> {
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id x : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg1 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6 : tensor<256x!tt.ptr<f32>>
  tt.return %9 : tensor<256xf32>
}

// -----

// Offsets taken modulo a bound wrap around: the modulus, scaled by the
// stride, is the dimension's shape.
// CHECK-LABEL: tt.func @wraparound
// CHECK-DAG: %[[O:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-DAG: %[[M:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK-DAG: %[[S:.*]] = arith.index_cast %arg2 : i32 to index
// CHECK-DAG: %[[OS:.*]] = arith.muli %[[O]], %[[S]] : index
// CHECK-DAG: %[[MS:.*]] = arith.muli %[[M]], %[[S]] : index
// CHECK: tts.make_tptr %arg0 to sizes: [4, 8], strides: [%[[S]], 1], offsets: [%[[OS]], 0], shape: [%[[MS]], 0], order: [] : <f32> to tensor<4x8x!tt.ptr<f32>>
tt.func @wraparound(%arg0: !tt.ptr<f32>, %arg1: i32, %arg2: i32) -> tensor<4x8xf32> {
  %0 = tt.get_program_id x : i32
  %c4_i32 = arith.constant 4 : i32
  %1 = arith.muli %0, %c4_i32 : i32
  %2 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %3 = tt.splat %1 : i32 -> tensor<4xi32>
  %4 = arith.addi %3, %2 : tensor<4xi32>
  %5 = tt.splat %arg1 : i32 -> tensor<4xi32>
  %6 = arith.remsi %4, %5 : tensor<4xi32>
  %7 = tt.expand_dims %6 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %8 = tt.splat %arg2 : i32 -> tensor<4x1xi32>
  %9 = arith.muli %7, %8 : tensor<4x1xi32>
  %10 = tt.broadcast %9 : tensor<4x1xi32> -> tensor<4x8xi32>
  %11 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %12 = tt.expand_dims %11 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %13 = tt.broadcast %12 : tensor<1x8xi32> -> tensor<4x8xi32>
  %14 = arith.addi %10, %13 : tensor<4x8xi32>
  %15 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  %16 = tt.addptr %15, %14 : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
  %17 = tt.load %16 : tensor<4x8x!tt.ptr<f32>>
  tt.return %17 : tensor<4x8xf32>
}

// -----

// Block pointers checked along every dimension: tts.make_tptr with the
// tensor's shape and order, offsets scaled by the strides; tt.advance adds to
// them, in a loop ((iv - lb) / step) times; NaN padding is the `other`.
// CHECK-LABEL: tt.func @block_pointer
// CHECK: scf.for %[[IV:[^ ]*]] =
// CHECK-DAG: %[[M:.*]] = arith.index_cast %arg1 : i64 to index
// CHECK-DAG: %[[S:.*]] = arith.index_cast %arg2 : i64 to index
// CHECK-DAG: %[[O:.*]] = arith.index_cast %arg3 : i32 to index
// CHECK-DAG: %[[OS:.*]] = arith.muli %[[O]], %[[S]] : index
// CHECK-DAG: %[[I:.*]] = arith.index_cast %[[IV]] : i32 to index
// CHECK: %[[N:.*]] = arith.divsi %[[I]], %{{.*}} : index
// CHECK: %[[K:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK: tts.make_tptr %arg0 to sizes: [4, 8], strides: [%[[S]], 1], offsets: [%[[OS]], %[[K]]], shape: [%[[M]], %[[M]]], order: [1, 0] : <f32> to !tt.ptr<tensor<4x8xf32>>
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: "tts.load"(%{{.*}}, %[[NAN]]) <{operandSegmentSizes = array<i32: 1, 0, 1>, static_mask_dims = array<i64>}> : (!tt.ptr<tensor<4x8xf32>>, f32) -> tensor<4x8xf32>
// CHECK: "tts.store"(%{{.*}}, %{{.*}}) <{static_mask_dims = array<i64>}> : (!tt.ptr<tensor<4x8xf32>>, tensor<4x8xf32>) -> ()
// CHECK-NOT: tt.load
tt.func @block_pointer(%arg0: !tt.ptr<f32>, %arg1: i64, %arg2: i64, %arg3: i32, %arg4: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %c8_i32 = arith.constant 8 : i32
  %0 = tt.make_tensor_ptr %arg0, [%arg1, %arg1], [%arg2, %c1_i64], [%arg3, %c0_i32] {order = array<i32: 1, 0>} : <tensor<4x8xf32>>
  %1 = scf.for %arg5 = %c0_i32 to %arg4 step %c8_i32 iter_args(%arg6 = %0) -> (!tt.ptr<tensor<4x8xf32>>) : i32 {
    %2 = tt.load %arg6 {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<4x8xf32>>
    tt.store %arg6, %2 {boundaryCheck = array<i32: 1, 0>} : !tt.ptr<tensor<4x8xf32>>
    %3 = tt.advance %arg6, [%c0_i32, %c8_i32] : <tensor<4x8xf32>>
    scf.yield %3 : !tt.ptr<tensor<4x8xf32>>
  }
  tt.return
}
