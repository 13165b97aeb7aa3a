// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ttxform %s --mlir-print-op-generic | ttxform | FileCheck %s

// The double-buffering ops of spine-triton's smt extension (spine-triton.md
// 1.2): xsmt.alloc_copies (its shape doubled in brackets, the single
// spelling read too), xsmt.buffer_tensor_view, xsmt.mbarrier_copies (the
// stripped `<n>` type read too), xsmt.mbarrier_subview with an i32, i64 or
// index, and xsmt.barrier_set_expect, in custom and in generic form.

// CHECK-LABEL: tt.func @copies
// CHECK: %0 = xsmt.alloc_copies {{\[\[}}2, 32, 64{{\]\]}} storage("l2") : !xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2">
// CHECK-NEXT: %1 = xsmt.alloc_copies {{\[\[}}3, 16, 8, 8{{\]\]}} storage("l2") {hint} : !xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2">
// CHECK-NEXT: %2 = xsmt.buffer_tensor_view %0[%arg0] : !xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x64xf32>>
// CHECK-NEXT: %3 = xsmt.buffer_tensor_view %1[%c0_i32] : !xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2"> -> !tt.ptr<tensor<16x8x8xf16>>
// CHECK-NEXT: %4 = xsmt.mbarrier_copies copies(2) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<2>
// CHECK-NEXT: %5 = xsmt.mbarrier_copies copies(3) flag(1) arrive(2) txn(1024) expect(2) {tag = 7 : i32} : !xsmt.mbarrier<3>
// CHECK-NEXT: %6 = xsmt.mbarrier_subview %4[%arg0] : (!xsmt.mbarrier<2>, i32) -> i64
// CHECK-NEXT: %7 = xsmt.mbarrier_subview %5[%arg1] : (!xsmt.mbarrier<3>, i64) -> i64
// CHECK-NEXT: %8 = xsmt.mbarrier_subview %5[%arg2] : (!xsmt.mbarrier<3>, index) -> i64
// CHECK-NEXT: xsmt.barrier_set_expect %6, %arg3 : i64
// CHECK-NEXT: "xsmt_async.mbarrier_arrive"(%7) : (i64) -> ()
// CHECK-NEXT: "xsmt_async.mbarrier_wait"(%8, %arg3, %arg3) : (i64, i16, i16) -> ()

// GENERIC: %1 = "xsmt.alloc_copies"() <{shape = array<i64: 2, 32, 64>, storage = "l2"}> : () -> !xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2">
// GENERIC-NEXT: %2 = "xsmt.alloc_copies"() <{shape = array<i64: 3, 16, 8, 8>, storage = "l2"}> {hint} : () -> !xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2">
// GENERIC-NEXT: %3 = "xsmt.buffer_tensor_view"(%1, %arg0) : (!xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2">, i32) -> !tt.ptr<tensor<32x64xf32>>
// GENERIC-NEXT: %4 = "xsmt.buffer_tensor_view"(%2, %0) : (!xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2">, i32) -> !tt.ptr<tensor<16x8x8xf16>>
// GENERIC-NEXT: %5 = "xsmt.mbarrier_copies"() <{arriveCount = 0 : i64, expectCount = 1 : i64, flag = 0 : i64, numCopies = 2 : i64, transactionCount = 0 : i64}> : () -> !xsmt.mbarrier<2>
// GENERIC-NEXT: %6 = "xsmt.mbarrier_copies"() <{arriveCount = 2 : i64, expectCount = 2 : i64, flag = 1 : i64, numCopies = 3 : i64, transactionCount = 1024 : i64}> {tag = 7 : i32} : () -> !xsmt.mbarrier<3>
// GENERIC-NEXT: %7 = "xsmt.mbarrier_subview"(%5, %arg0) : (!xsmt.mbarrier<2>, i32) -> i64
// GENERIC-NEXT: %8 = "xsmt.mbarrier_subview"(%6, %arg1) : (!xsmt.mbarrier<3>, i64) -> i64
// GENERIC-NEXT: %9 = "xsmt.mbarrier_subview"(%6, %arg2) : (!xsmt.mbarrier<3>, index) -> i64
// GENERIC-NEXT: "xsmt.barrier_set_expect"(%7, %arg3) : (i64, i16) -> ()

module attributes {tt.num_threads = 8 : i32, tt.arch_id = "0xA03C"} {
  tt.func @copies(%i: i32, %j: i64, %k: index, %n: i16) {
    %c0_i32 = arith.constant 0 : i32
    %buf = xsmt.alloc_copies [[2, 32, 64]] storage("l2") : !xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2">
    %buf3 = xsmt.alloc_copies [3, 16, 8, 8] storage("l2") {hint} : !xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2">
    %v = xsmt.buffer_tensor_view %buf[%i] : !xsmt.buffer<shape=[2, 32, 64], elementType=f32, copies=2, storageKind="l2"> -> !tt.ptr<tensor<32x64xf32>>
    %v3 = xsmt.buffer_tensor_view %buf3[%c0_i32] : !xsmt.buffer<shape=[3, 16, 8, 8], elementType=f16, copies=3, storageKind="l2"> -> <tensor<16x8x8xf16>>
    %bars = xsmt.mbarrier_copies copies(2) flag(0) arrive(0) txn(0) expect(1) : !xsmt.mbarrier<2>
    %bars3 = xsmt.mbarrier_copies copies(3) flag(1) arrive(2) txn(1024) expect(2) {tag = 7 : i32} : <3>
    %b0 = xsmt.mbarrier_subview %bars[%i] : (!xsmt.mbarrier<2>, i32) -> i64
    %b1 = xsmt.mbarrier_subview %bars3[%j] : (!xsmt.mbarrier<3>, i64) -> i64
    %b2 = xsmt.mbarrier_subview %bars3[%k] : (!xsmt.mbarrier<3>, index) -> i64
    xsmt.barrier_set_expect %b0, %n : i64
    "xsmt_async.mbarrier_arrive"(%b1) : (i64) -> ()
    "xsmt_async.mbarrier_wait"(%b2, %n, %n) : (i64, i16, i16) -> ()
    tt.return
  }
}
