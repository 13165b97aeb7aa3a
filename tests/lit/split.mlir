// --split-input-file: each section is parsed and printed on its own, and the
// outputs are joined with the same marker. Values, constants and aliases are
// numbered afresh in every section. Without the option the markers are
// comments.
//
// RUN: ttxform --allow-unregistered-dialect --split-input-file %s | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect --split-input-file %s | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect --split-input-file --mlir-print-op-generic %s | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: not ttxform --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=NOSPLIT

func.func @first(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  return %0 : i32
}

// CHECK: module {
// CHECK-NEXT:   func.func @first(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

#map = affine_map<(d0) -> (d0 * 2)>
func.func @second(%y: index, %z: index) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = "foo.op"(%z) {m = #map} : (index) -> i32
  %1 = arith.addi %0, %c1 : i32
  return %1 : i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @second(%arg0: index, %arg1: index) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = "foo.op"(%arg1) {m = #map} : (index) -> i32
// CHECK-NEXT:     %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// The same alias name may be defined again in another section; without
// --split-input-file that is a redefinition.
#map = affine_map<(d0) -> (d0 + 7)>
// NOSPLIT: split.mlir:[[@LINE-1]]:1: error: redefinition of attribute alias id 'map'
func.func @third() {
  "foo.op"() {m = #map} : () -> ()
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 7)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @third() {
// CHECK-NEXT:     "foo.op"() {m = #map} : () -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// A section with nothing in it is an empty module.

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT: }

// -----

module attributes {foo.attr} {
  func.func @fourth() {
    return
  }
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module attributes {foo.attr} {
// CHECK-NEXT:   func.func @fourth() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
