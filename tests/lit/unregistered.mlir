// Ops of unknown dialects written in a custom syntax are carried as written,
// with their SSA operands renamed; they cannot be printed in generic form.
// (with --allow-unregistered-dialect; mlir-opt does not read such ops at all.)
//
// RUN: ttxform --allow-unregistered-dialect %s | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s | ttxform --allow-unregistered-dialect | FileCheck %s
// RUN: not ttxform --allow-unregistered-dialect --mlir-print-op-generic %s 2>&1 | FileCheck %s --check-prefix=GENERIC

func.func @unknown(%a: i32, %t: tensor<4xf32>) -> i32 {
  %0 = foo.bar %a, %a {flag} : i32
  %1:2 = foo.multi %0 [1, 2] <"x"> : (i32) -> (i32, i32)
  foo.void %1#1 : i32
  %2 = foo.region %a {
    foo.inner %a, %t : i32, tensor<4xf32>
  } : i32
  %3 = arith.addi %2, %1#0 : i32
  return %3 : i32
}

// CHECK:      module {
// CHECK-NEXT:   func.func @unknown(%arg0: i32, %arg1: tensor<4xf32>) -> i32 {
// CHECK-NEXT:     %0 = foo.bar %arg0, %arg0 {flag} : i32
// CHECK-NEXT:     %1:2 = foo.multi %0 [1, 2] <"x"> : (i32) -> (i32, i32)
// CHECK-NEXT:     foo.void %1#1 : i32
// CHECK-NEXT:     %2 = foo.region %arg0 {
// CHECK-NEXT:       foo.inner %arg0, %arg1 : i32, tensor<4xf32>
// CHECK-NEXT:     } : i32
// CHECK-NEXT:     %3 = arith.addi %2, %1#0 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GENERIC: error: cannot print in generic form
