// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ttxform %s --mlir-print-op-generic | ttxform | FileCheck %s

// triton-shared's structured pointer ops and the block pointer ops read and
// print as triton-shared and Triton print them; static entries of the mixed
// lists are properties, dynamic ones operands.

// CHECK-LABEL: tt.func @tts
// CHECK: %[[A:.*]] = tts.make_tptr %arg0 to sizes: [128, 64], strides: [%[[S:.*]], 1], offsets: [%[[O:.*]], 0], shape: [0, 0], order: [] : <bf16> to tensor<128x64x!tt.ptr<bf16>>
// CHECK: %[[B:.*]] = tts.make_tptr %arg0 to sizes: [128, 64], strides: [%[[S]], 1], offsets: [%[[O]], %[[O]]], shape: [%[[S]], %[[S]]], order: [1, 0] : <bf16> to !tt.ptr<tensor<128x64xbf16>>
// CHECK: %[[L:.*]] = "tts.load"(%[[A]], %[[S]], %cst) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_mask_dims = array<i64: -9223372036854775808, 64>}> : (tensor<128x64x!tt.ptr<bf16>>, index, bf16) -> tensor<128x64xbf16>
// CHECK: "tts.store"(%[[A]], %[[L]]) <{static_mask_dims = array<i64>}> : (tensor<128x64x!tt.ptr<bf16>>, tensor<128x64xbf16>) -> ()
// CHECK: %{{.*}} = tts.make_gather_scatter_tptr %arg0 to sizes: [4, 16] gather_scatter_dim: 0 gather_scatter_offset: %arg2, strides: [%[[S]], 1], offsets: [0, 0] : tensor<4xi64> <bf16> to !tt.ptr<tensor<4x16xbf16>>
// CHECK: %{{.*}} = tts.make_gather_scatter_tptr %arg0 to sizes: [4, 16] gather_scatter_dim: 1 gather_scatter_offset: %arg5 gather_scatter_mask: %arg4, strides: [%[[S]], %[[S]]], offsets: [%[[O]], 0] : tensor<16xi32> tensor<16xi1> <bf16> to !tt.ptr<tensor<4x16xbf16>>
// CHECK: %[[T:.*]] = tt.make_tensor_ptr %arg0, [%arg3, %arg3], [%arg3, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xbf16>>
// CHECK: tt.advance %[[T]], [%c0_i32, %c0_i32] : <tensor<128x64xbf16>>

// GENERIC: "tts.make_tptr"(%arg0, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, order = array<i32>, sizes = array<i64: 128, 64>, static_offsets = array<i64: -9223372036854775808, 0>, static_shape = array<i64: 0, 0>, static_strides = array<i64: -9223372036854775808, 1>}> : (!tt.ptr<bf16>, index, index) -> tensor<128x64x!tt.ptr<bf16>>
// GENERIC: "tts.make_gather_scatter_tptr"(%arg0, %arg2, %arg1) <{gather_scatter_dim = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, sizes = array<i64: 4, 16>, static_offsets = array<i64: 0, 0>, static_strides = array<i64: -9223372036854775808, 1>}> : (!tt.ptr<bf16>, tensor<4xi64>, index) -> !tt.ptr<tensor<4x16xbf16>>
// GENERIC: "tts.make_gather_scatter_tptr"(%arg0, %arg5, %arg1, %arg1, %{{.*}}, %arg4) <{gather_scatter_dim = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 2, 1, 1>, sizes = array<i64: 4, 16>, static_offsets = array<i64: -9223372036854775808, 0>, static_strides = array<i64: -9223372036854775808, -9223372036854775808>}> : (!tt.ptr<bf16>, tensor<16xi32>, index, index, index, tensor<16xi1>) -> !tt.ptr<tensor<4x16xbf16>>
// GENERIC: "tt.make_tensor_ptr"(%arg0, %arg3, %arg3, %arg3, %{{.*}}, %{{.*}}, %{{.*}}) <{order = array<i32: 1, 0>}> : (!tt.ptr<bf16>, i64, i64, i64, i64, i32, i32) -> !tt.ptr<tensor<128x64xbf16>>
// GENERIC: "tt.advance"(%{{.*}}, %{{.*}}, %{{.*}}) : (!tt.ptr<tensor<128x64xbf16>>, i32, i32) -> !tt.ptr<tensor<128x64xbf16>>
tt.func @tts(%arg0: !tt.ptr<bf16>, %arg1: index, %arg2: tensor<4xi64>, %arg3: i64, %arg4: tensor<16xi1>, %arg5: tensor<16xi32>) {
  %cst = arith.constant 0.000000e+00 : bf16
  %c0_i32 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %o = arith.addi %arg1, %arg1 : index
  %0 = tts.make_tptr %arg0 to sizes: [128, 64], strides: [%arg1, 1], offsets: [%o, 0], shape: [0, 0], order: [] : <bf16> to tensor<128x64x!tt.ptr<bf16>>
  %1 = tts.make_tptr %arg0 to sizes: [128, 64], strides: [%arg1, 1], offsets: [%o, %o], shape: [%arg1, %arg1], order: [1, 0] : <bf16> to !tt.ptr<tensor<128x64xbf16>>
  %2 = "tts.load"(%0, %arg1, %cst) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_mask_dims = array<i64: -9223372036854775808, 64>}> : (tensor<128x64x!tt.ptr<bf16>>, index, bf16) -> tensor<128x64xbf16>
  "tts.store"(%0, %2) <{static_mask_dims = array<i64>}> : (tensor<128x64x!tt.ptr<bf16>>, tensor<128x64xbf16>) -> ()
  %3 = tts.make_gather_scatter_tptr %arg0 to sizes: [4, 16] gather_scatter_dim: 0 gather_scatter_offset: %arg2, strides: [%arg1, 1], offsets: [0, 0] : tensor<4xi64> <bf16> to !tt.ptr<tensor<4x16xbf16>>
  %g = tts.make_gather_scatter_tptr %arg0 to sizes: [4, 16] gather_scatter_dim: 1 gather_scatter_offset: %arg5 gather_scatter_mask: %arg4, strides: [%arg1, %arg1], offsets: [%o, 0] : tensor<16xi32> tensor<16xi1> <bf16> to !tt.ptr<tensor<4x16xbf16>>
  %4 = tt.make_tensor_ptr %arg0, [%arg3, %arg3], [%arg3, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x64xbf16>>
  %5 = tt.advance %4, [%c0_i32, %c0_i32] : <tensor<128x64xbf16>>
  tt.return
}
