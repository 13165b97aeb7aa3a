// RUN: ttxform %s --emit=c | FileCheck %s

// The structured pointers that --ptr-analysis writes: a tts.make_tptr
// without an order is base + offsets + index * strides (strided loops); the
// prefix mask of tts.load/tts.store bounds each index by its mask dim; the
// `other` operand fills the lanes outside.  With an order it is a block
// pointer (offsets divided by the strides), bounded by its shape.
// CHECK-LABEL: void k(
// CHECK: /* tts.load
// CHECK-NEXT: float [[V:v[0-9]+]][128];
// CHECK: const float *p = arg0 + ([[OFF:arg[0-9]+]] + i1);
// CHECK-NEXT: [[V]][i0 * 64 + i1] = (i0 < [[M:arg[0-9]+]] && i1 < 64) && TTX_IN(p, 4, 0) ? *p : (-1.0f);
// CHECK: /* tts.store
// CHECK: float *p = arg1 + (i0 * [[S:arg[0-9]+]] + i1 * 2);
// CHECK-NEXT: if ((i0 < [[M]] && i1 < 64) && TTX_IN(p, 4, 1)) *p = [[V]][i0 * 64 + i1];
// CHECK: /* tts.make_tptr
// CHECK-NEXT: ttx_bptr [[B:v[0-9]+]];
// CHECK-NEXT: [[B]].base = arg2;
// CHECK-NEXT: [[B]].shape[0] = [[M]];
// CHECK-NEXT: [[B]].stride[0] = [[S]];
// CHECK-NEXT: [[B]].off[0] = [[B]].stride[0] ? [[OFF]] / [[B]].stride[0] : 0;
// CHECK: /* tts.store
// CHECK: if ((([[B]].off[0] + i0) >= 0 && ([[B]].off[0] + i0) < [[B]].shape[0] && ([[B]].off[1] + i1) >= 0 && ([[B]].off[1] + i1) < [[B]].shape[1]) && TTX_IN(p, 4, 2))
module {
  tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %off: index, %m: index, %s: index) {
    %cst = arith.constant -1.000000e+00 : f32
    %0 = tts.make_tptr %arg0 to sizes: [2, 64], strides: [0, 1], offsets: [%off, 0], shape: [0, 0], order: [] : <f32> to tensor<2x64x!tt.ptr<f32>>
    %1 = "tts.load"(%0, %m, %cst) <{operandSegmentSizes = array<i32: 1, 1, 1>, static_mask_dims = array<i64: -9223372036854775808, 64>}> : (tensor<2x64x!tt.ptr<f32>>, index, f32) -> tensor<2x64xf32>
    %2 = tts.make_tptr %arg1 to sizes: [2, 64], strides: [%s, 2], offsets: [0, 0], shape: [0, 0], order: [] : <f32> to tensor<2x64x!tt.ptr<f32>>
    "tts.store"(%2, %1, %m) <{static_mask_dims = array<i64: -9223372036854775808, 64>}> : (tensor<2x64x!tt.ptr<f32>>, tensor<2x64xf32>, index) -> ()
    %3 = tts.make_tptr %arg2 to sizes: [2, 64], strides: [%s, 1], offsets: [%off, 0], shape: [%m, 64], order: [1, 0] : <f32> to !tt.ptr<tensor<2x64xf32>>
    "tts.store"(%3, %1) <{static_mask_dims = array<i64>}> : (!tt.ptr<tensor<2x64xf32>>, tensor<2x64xf32>) -> ()
    tt.return
  }
}
