// A comparison predicate may be written as a string, as MLIR reads it
// (`arith.cmpf "oeq", ...` in triton-shared's tests); it prints as a keyword,
// as mlir-opt-19 prints it.  An unknown one is an error at the string.
// RUN: ttxform %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK: arith.cmpf oeq, %arg0, %arg1 : f32
// CHECK: arith.cmpi slt, %arg2, %arg2 : i32
func.func @f(%a: f32, %b: f32, %c: i32) -> (i1, i1) {
  %0 = arith.cmpf "oeq", %a, %b : f32
  %1 = arith.cmpi "slt", %c, %c : i32
  return %0, %1 : i1, i1
}

// -----

func.func @g(%a: f32) -> i1 {
  // expected-error @+1 {{unknown comparison predicate '"bogus"'}}
  %0 = arith.cmpf "bogus", %a, %a : f32
  return %0 : i1
}
