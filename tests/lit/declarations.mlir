// A function declaration may name its arguments; the names define nothing and
// are not printed (as mlir-opt-19 prints func.func).
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --mlir-print-op-generic | ttxform | FileCheck %s

// CHECK: func.func private @d2(i32 {foo.x}, f32) -> i32
func.func private @d2(%a: i32 {foo.x}, %b: f32) -> i32
// CHECK: tt.func private @sink(tensor<4xf32>)
tt.func private @sink(%t: tensor<4xf32>)
