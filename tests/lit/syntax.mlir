// Inputs that mlir-opt reads, one form per section, each printed the way
// mlir-opt prints it; the printed text must read back the same.
//
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --mlir-print-op-generic | ttxform --allow-unregistered-dialect --split-input-file | FileCheck %s

// A negative hexadecimal integer.
"foo.neg_hex"() {x = -0x1 : i8, y = -0x10 : i32} : () -> ()

// CHECK: module {
// CHECK-NEXT:   "foo.neg_hex"() {x = -1 : i8, y = -16 : i32} : () -> ()
// CHECK-NEXT: }

// -----

// Empty dense elements, written either way.
"foo.dense_empty"() {a = dense<> : tensor<0xi32>, b = dense<[]> : tensor<0xi32>, c = dense<[[], []]> : tensor<2x0xf32>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dense_empty"() {a = dense<> : tensor<0xi32>, b = dense<> : tensor<0xi32>, c = dense<> : tensor<2x0xf32>} : () -> ()
// CHECK-NEXT: }

// -----

// Bit-packed hex data of i1 elements.
"foo.dense_i1"() {packed = dense<"0x05"> : tensor<4xi1>, ones = dense<"0x0F"> : tensor<4xi1>, all = dense<"0xFF"> : tensor<8xi1>} : () -> ()

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "foo.dense_i1"() {all = dense<true> : tensor<8xi1>, ones = dense<true> : tensor<4xi1>, packed = dense<[true, false, true, false]> : tensor<4xi1>} : () -> ()
// CHECK-NEXT: }

// -----

// Attributes and types of unknown dialects in the form without a dot.
%0 = "foo.raw"() {a = #foo<"raw text">} : () -> !foo<"raw type">

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "foo.raw"() {a = #foo<"raw text">} : () -> !foo<"raw type">
// CHECK-NEXT: }

// -----

// Function types as operand and result types of generic ops.
func.func @function_types(%f: (i32) -> i32) {
  %0 = "foo.make"() : () -> ((i32) -> i32)
  %1 = "foo.apply"(%f, %0) : ((i32) -> i32, (i32) -> i32) -> i32
  return
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @function_types(%arg0: (i32) -> i32) {
// CHECK-NEXT:     %0 = "foo.make"() : () -> ((i32) -> i32)
// CHECK-NEXT:     %1 = "foo.apply"(%arg0, %0) : ((i32) -> i32, (i32) -> i32) -> i32
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// An op whose results are not bound to names.
"foo.three"() : () -> (i32, i32, i32)
"foo.one"() : () -> f32

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   %0:3 = "foo.three"() : () -> (i32, i32, i32)
// CHECK-NEXT:   %1 = "foo.one"() : () -> f32
// CHECK-NEXT: }

// -----

// Branches in generic form, with operand segment sizes.
func.func @generic_branches(%c: i1, %a: i32) -> i32 {
  "cf.cond_br"(%c, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%x: i32):
  "foo.use"(%x) : (i32) -> ()
  "cf.br"()[^bb2] : () -> ()
^bb2:
  return %a : i32
}

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @generic_branches(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:     cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
// CHECK-NEXT:   ^bb1(%0: i32):  // pred: ^bb0
// CHECK-NEXT:     "foo.use"(%0) : (i32) -> ()
// CHECK-NEXT:     cf.br ^bb2
// CHECK-NEXT:   ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:     return %arg1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// A type alias used inside an attribute alias.
!t = i32
#d = {a = 1 : i32}
%0 = "foo.alias_in_alias"() {d = #d} : () -> !t

// CHECK-LABEL: {{^// -{5}$}}
// CHECK-NEXT: module {
// CHECK-NEXT:   %0 = "foo.alias_in_alias"() {d = {a = 1 : i32}} : () -> i32
// CHECK-NEXT: }
