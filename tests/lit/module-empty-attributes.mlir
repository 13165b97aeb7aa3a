// `module attributes {} {` (triton-shared's and spine-triton's tests write it): the empty
// dictionary, and the module is understood, not kept as text: it prints as mlir-opt-19
// prints it, and in generic form.
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

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
