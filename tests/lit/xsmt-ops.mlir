// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ttxform %s --mlir-print-op-generic | ttxform | FileCheck %s

// spine-triton's SMT ops (spine-triton.md 1.2-1.3) read and print in their
// custom forms and in generic form: xsmt.pack/unpack/repack with single
// brackets and the optional into(...) destination, xsmt.alloc, subview and
// subview_pack with the doubled brackets of their declarative formats (the
// single ones are read too), the xsmt_async barriers in generic form only,
// tle.extract_tile/insert_tile, and smt.parallel's scf.for with
// bind_sub_block = true.

// CHECK-LABEL: tt.func @ops
// CHECK: %0 = xsmt.pack %arg0, [%c0_i32, %arg2], [128, 256], [32, 32] : tensor<128x512xf16> -> tensor<4x8x32x32xf16>
// CHECK-NEXT: %1 = xsmt.pack %arg1, [%arg2, %c0_i32], [256, 128], [32, 32] : tensor<512x128xf16> -> tensor<8x4x32x32xf16>
// CHECK-NEXT: %2 = tt.trans %1 {order = array<i32: 1, 0, 3, 2>} : tensor<8x4x32x32xf16> -> tensor<4x8x32x32xf16>
// CHECK-NEXT: %3 = xsmt.mmt4d %0, %2 : tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16> -> tensor<4x4x32x32xf16>
// CHECK-NEXT: %4 = xsmt.mmt4d %0, %2, %3 : tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16>, tensor<4x4x32x32xf16> -> tensor<4x4x32x32xf16>
// CHECK-NEXT: %5 = xsmt.unpack %4, [%c0_i32, %c0_i32], [128, 128] : tensor<4x4x32x32xf16> -> tensor<128x128xf16>
// CHECK-NEXT: %6 = xsmt.pack %arg4, [%arg2, %arg2] into(%arg3 : tensor<8x8x16x8xf16>), [128, 64], [16, 8] : tensor<128x64xf16> -> tensor<8x8x16x8xf16>
// CHECK-NEXT: %7 = xsmt.repack %6, [%c0_i32, %c0_i32], [128, 64], [32, 32] {hint} : tensor<8x8x16x8xf16> -> tensor<4x2x32x32xf16>
// CHECK-NEXT: %8 = xsmt.alloc {{\[\[}}256, 128{{\]\]}} storage("l2") : !tt.ptr<tensor<256x128xf32>>
// CHECK-NEXT: %9 = xsmt.alloc {{\[\[}}64, 32{{\]\]}} storage("l2") : !tt.ptr<tensor<64x32xf32>>
// CHECK-NEXT: %10 = xsmt.subview_pack %8, [%c0_i32, %c0_i32], {{\[\[}}256, 128{{\]\]}}, {{\[\[}}8, 16{{\]\]}} : !tt.ptr<tensor<256x128xf32>> -> !tt.ptr<tensor<32x8x8x16xf32>>
// CHECK-NEXT: %11 = xsmt.subview %10, [%c0_i32, %arg2], {{\[\[}}256, 64{{\]\]}} : !tt.ptr<tensor<32x8x8x16xf32>> -> !tt.ptr<tensor<32x4x8x16xf32>>
// CHECK-NEXT: %12 = xsmt.subview_pack %9, [%c0_i32, %c0_i32], {{\[\[}}64, 32{{\]\]}}, {{\[\[}}8, 16{{\]\]}} : !tt.ptr<tensor<64x32xf32>> -> !tt.ptr<tensor<8x2x8x16xf32>>
// CHECK-NEXT: xsmt.annotation %arg5 {hint_b = 42 : i32} : tensor<1024xf32>
// CHECK-NEXT: %13 = xsmt.get_num_of_thread
// CHECK-NEXT: %14 = "xsmt_async.mbarrier_alloc"(%arg6, %arg6, %arg6, %arg6) : (i16, i16, i16, i16) -> i64
// CHECK-NEXT: "xsmt_async.mbarrier_arrive"(%14) : (i64) -> ()
// CHECK-NEXT: "xsmt_async.mbarrier_wait"(%14, %arg6, %arg6) : (i64, i16, i16) -> ()
// CHECK-NEXT: "xsmt_async.mbarrier_release"(%14) : (i64) -> ()
// CHECK-NEXT: %15 = tle.extract_tile %5[%arg2] {tile_shape = array<i64: 32, 64>} : tensor<128x128xf16>, i32 -> tensor<32x64xf16>
// CHECK-NEXT: %16 = tle.insert_tile %5[%arg2] = %15 : tensor<128x128xf16>, i32, tensor<32x64xf16> -> tensor<128x128xf16>
// CHECK-NEXT: scf.for %arg7 = %c0_i32 to %13 step %arg2  : i32 {
// CHECK: } {bind_sub_block = true}

// GENERIC: %1 = "xsmt.pack"(%arg0, %0, %arg2) <{operandSegmentSizes = array<i32: 1, 2, 0>, packed_size = array<i32: 32, 32>, shape = array<i32: 128, 256>}> : (tensor<128x512xf16>, i32, i32) -> tensor<4x8x32x32xf16>
// GENERIC: %2 = "xsmt.pack"(%arg1, %arg2, %0) <{operandSegmentSizes = array<i32: 1, 2, 0>, packed_size = array<i32: 32, 32>, shape = array<i32: 256, 128>}> : (tensor<512x128xf16>, i32, i32) -> tensor<8x4x32x32xf16>
// GENERIC: %4 = "xsmt.mmt4d"(%1, %3) : (tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16>) -> tensor<4x4x32x32xf16>
// GENERIC: %5 = "xsmt.mmt4d"(%1, %3, %4) : (tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16>, tensor<4x4x32x32xf16>) -> tensor<4x4x32x32xf16>
// GENERIC: %6 = "xsmt.unpack"(%5, %0, %0) <{operandSegmentSizes = array<i32: 1, 2, 0>, shape = array<i32: 128, 128>}> : (tensor<4x4x32x32xf16>, i32, i32) -> tensor<128x128xf16>
// GENERIC: %7 = "xsmt.pack"(%arg4, %arg2, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 2, 1>, packed_size = array<i32: 16, 8>, shape = array<i32: 128, 64>}> : (tensor<128x64xf16>, i32, i32, tensor<8x8x16x8xf16>) -> tensor<8x8x16x8xf16>
// GENERIC: %8 = "xsmt.repack"(%7, %0, %0) <{operandSegmentSizes = array<i32: 1, 2, 0>, packed_size = array<i32: 32, 32>, shape = array<i32: 128, 64>}> {hint} : (tensor<8x8x16x8xf16>, i32, i32) -> tensor<4x2x32x32xf16>
// GENERIC: %9 = "xsmt.alloc"() <{shape = array<i32: 256, 128>, storage = "l2"}> : () -> !tt.ptr<tensor<256x128xf32>>
// GENERIC: %10 = "xsmt.alloc"() <{shape = array<i32: 64, 32>, storage = "l2"}> : () -> !tt.ptr<tensor<64x32xf32>>
// GENERIC: %11 = "xsmt.subview_pack"(%9, %0, %0) <{packed_size = array<i32: 8, 16>, shape = array<i32: 256, 128>}> : (!tt.ptr<tensor<256x128xf32>>, i32, i32) -> !tt.ptr<tensor<32x8x8x16xf32>>
// GENERIC: %12 = "xsmt.subview"(%11, %0, %arg2) <{shape = array<i32: 256, 64>}> : (!tt.ptr<tensor<32x8x8x16xf32>>, i32, i32) -> !tt.ptr<tensor<32x4x8x16xf32>>
// GENERIC: %13 = "xsmt.subview_pack"(%10, %0, %0) <{packed_size = array<i32: 8, 16>, shape = array<i32: 64, 32>}> : (!tt.ptr<tensor<64x32xf32>>, i32, i32) -> !tt.ptr<tensor<8x2x8x16xf32>>
// GENERIC: "xsmt.annotation"(%arg5) {hint_b = 42 : i32} : (tensor<1024xf32>) -> ()
// GENERIC: %14 = "xsmt.get_num_of_thread"() : () -> i32
// GENERIC: %15 = "xsmt_async.mbarrier_alloc"(%arg6, %arg6, %arg6, %arg6) : (i16, i16, i16, i16) -> i64
// GENERIC: "xsmt_async.mbarrier_arrive"(%15) : (i64) -> ()
// GENERIC: "xsmt_async.mbarrier_wait"(%15, %arg6, %arg6) : (i64, i16, i16) -> ()
// GENERIC: "xsmt_async.mbarrier_release"(%15) : (i64) -> ()
// GENERIC: %16 = "tle.extract_tile"(%6, %arg2) {tile_shape = array<i64: 32, 64>} : (tensor<128x128xf16>, i32) -> tensor<32x64xf16>
// GENERIC: %17 = "tle.insert_tile"(%6, %16, %arg2) : (tensor<128x128xf16>, tensor<32x64xf16>, i32) -> tensor<128x128xf16>
// GENERIC: }) {bind_sub_block = true} : (i32, i32, i32) -> ()

module attributes {tt.num_threads = 8 : i32, tt.arch_id = "0xA03C"} {
  tt.func @ops(%a: tensor<128x512xf16>, %b: tensor<512x128xf16>, %o: i32, %d: tensor<8x8x16x8xf16>, %x: tensor<128x64xf16>, %t: tensor<1024xf32>, %f: i16) {
    %c0_i32 = arith.constant 0 : i32
    %a4 = xsmt.pack %a, [%c0_i32, %o], [128, 256], [32, 32] : tensor<128x512xf16> -> tensor<4x8x32x32xf16>
    %b4 = xsmt.pack %b, [%o, %c0_i32], [256, 128], [32, 32] : tensor<512x128xf16> -> tensor<8x4x32x32xf16>
    %bt = tt.trans %b4 {order = array<i32: 1, 0, 3, 2>} : tensor<8x4x32x32xf16> -> tensor<4x8x32x32xf16>
    %m = xsmt.mmt4d %a4, %bt : tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16> -> tensor<4x4x32x32xf16>
    %m2 = xsmt.mmt4d %a4, %bt, %m : tensor<4x8x32x32xf16>, tensor<4x8x32x32xf16>, tensor<4x4x32x32xf16> -> tensor<4x4x32x32xf16>
    %u = xsmt.unpack %m2, [%c0_i32, %c0_i32], [128, 128] : tensor<4x4x32x32xf16> -> tensor<128x128xf16>
    %p = xsmt.pack %x, [%o, %o] into(%d : tensor<8x8x16x8xf16>), [128, 64], [16, 8] : tensor<128x64xf16> -> tensor<8x8x16x8xf16>
    %r = xsmt.repack %p, [%c0_i32, %c0_i32], [128, 64], [32, 32] {hint} : tensor<8x8x16x8xf16> -> tensor<4x2x32x32xf16>
    %buf = xsmt.alloc [[256, 128]] storage("l2") : !tt.ptr<tensor<256x128xf32>>
    %buf2 = xsmt.alloc [64, 32] storage("l2") : !tt.ptr<tensor<64x32xf32>>
    %v = xsmt.subview_pack %buf, [%c0_i32, %c0_i32], [[256, 128]], [[8, 16]] : !tt.ptr<tensor<256x128xf32>> -> !tt.ptr<tensor<32x8x8x16xf32>>
    %sv = xsmt.subview %v, [%c0_i32, %o], [[256, 64]] : !tt.ptr<tensor<32x8x8x16xf32>> -> !tt.ptr<tensor<32x4x8x16xf32>>
    %sv2 = xsmt.subview_pack %buf2, [%c0_i32, %c0_i32], [64, 32], [8, 16] : !tt.ptr<tensor<64x32xf32>> -> !tt.ptr<tensor<8x2x8x16xf32>>
    xsmt.annotation %t {hint_b = 42 : i32} : tensor<1024xf32>
    %n = xsmt.get_num_of_thread
    %bar = "xsmt_async.mbarrier_alloc"(%f, %f, %f, %f) : (i16, i16, i16, i16) -> i64
    "xsmt_async.mbarrier_arrive"(%bar) : (i64) -> ()
    "xsmt_async.mbarrier_wait"(%bar, %f, %f) : (i64, i16, i16) -> ()
    "xsmt_async.mbarrier_release"(%bar) : (i64) -> ()
    %e = tle.extract_tile %u[%o] {tile_shape = array<i64: 32, 64>} : tensor<128x128xf16>, i32 -> tensor<32x64xf16>
    %ins = tle.insert_tile %u[%o] = %e : tensor<128x128xf16>, i32, tensor<32x64xf16> -> tensor<128x128xf16>
    scf.for %s = %c0_i32 to %n step %o : i32 {
      %y = arith.addi %s, %o : i32
    } {bind_sub_block = true}
    tt.return
  }
}
