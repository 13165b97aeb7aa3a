// tt.reshape's `allow_reorder` and `efficient_layout` keywords stand for unit attributes
// (Triton: `(`allow_reorder` $allow_reorder^)?`); a value of another kind, as Triton's older
// form writes it (`{allow_reorder = false}`), stays in the attribute dictionary, so the
// printed text reads back with the same value.
//
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: ttxform %s | ttxform --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

module {
  tt.func @reshape(%x: tensor<512xi32>) {
    // CHECK: tt.reshape %arg0 {allow_reorder = false} : tensor<512xi32> -> tensor<16x32xi32>
    // GENERIC: "tt.reshape"(%arg0) <{allow_reorder = false}>
    %0 = tt.reshape %x {allow_reorder = false} : tensor<512xi32> -> tensor<16x32xi32>
    // CHECK-NEXT: tt.reshape %arg0 {allow_reorder = true} : tensor<512xi32> -> tensor<16x32xi32>
    // GENERIC-NEXT: "tt.reshape"(%arg0) <{allow_reorder = true}>
    %1 = tt.reshape %x {allow_reorder = true} : tensor<512xi32> -> tensor<16x32xi32>
    // CHECK-NEXT: tt.reshape %arg0 allow_reorder {efficient_layout = false} : tensor<512xi32> -> tensor<16x32xi32>
    // GENERIC-NEXT: "tt.reshape"(%arg0) <{allow_reorder, efficient_layout = false}>
    %2 = tt.reshape %x allow_reorder {efficient_layout = false} : tensor<512xi32> -> tensor<16x32xi32>
    // CHECK-NEXT: tt.reshape %arg0 allow_reorder efficient_layout : tensor<512xi32> -> tensor<16x32xi32>
    // GENERIC-NEXT: "tt.reshape"(%arg0) <{allow_reorder, efficient_layout}>
    %3 = tt.reshape %x allow_reorder efficient_layout : tensor<512xi32> -> tensor<16x32xi32>
    // CHECK-NEXT: tt.reshape %arg0 efficient_layout : tensor<512xi32> -> tensor<16x32xi32>
    // GENERIC-NEXT: "tt.reshape"(%arg0) <{efficient_layout}>
    %4 = tt.reshape %x {efficient_layout} : tensor<512xi32> -> tensor<16x32xi32>
    tt.return
  }
}
