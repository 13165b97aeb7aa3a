// `attributes {}` in a custom form (triton-shared's and spine-triton's tests write
// `module attributes {} {`) is the empty dictionary, not a region: the op is understood,
// not kept as text, prints as mlir-opt-19 prints it, and prints in generic form.
// RUN: ttxform %s --split-input-file | FileCheck %s
// RUN: ttxform %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK:      module {
// CHECK-NEXT:   tt.func public @k(%arg0: i32) {
// CHECK-NEXT:     tt.return
// GEN:      "builtin.module"() ({
// GEN-NEXT:   "tt.func"() <{function_type = (i32) -> (), sym_name = "k", sym_visibility = "public"}> ({
module attributes {} {
  tt.func public @k(%a: i32) {
    tt.return
  }
}

// -----

// CHECK:      func.func @f() {
// CHECK-NEXT:   return
// GEN:        "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
func.func @f() attributes {} {
  return
}

// -----

// CHECK:      tt.func @t() {
// CHECK-NEXT:   tt.return
// GEN:        "tt.func"() <{function_type = () -> (), sym_name = "t"}> ({
tt.func @t() attributes {} {
  tt.return
}

