// RUN: ttxform %s --split-input-file --inline | FileCheck %s
// RUN: ttxform %s --split-input-file --pass-pipeline='builtin.module(inline)' | FileCheck %s
// RUN: ttxform %s --split-input-file --inline --symbol-dce | FileCheck %s --check-prefix=SDCE

// A call is replaced by the callee's body; arguments become the call's
// operands and the call's results the returned values.  The callee stays
// (symbol-dce erases it once nobody calls it).
// CHECK-LABEL: func.func private @add
// CHECK-LABEL: func.func @simple
// CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[S]], %arg0 : i32
// CHECK-NEXT: return %[[M]] : i32
// SDCE-NOT: @add
// SDCE-LABEL: func.func @simple
// SDCE-NOT: call
func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func @simple(%x: i32, %y: i32) -> i32 {
  %0 = call @add(%x, %y) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// Nested calls are inlined all the way down, and calls inside regions too.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: %[[R:.*]] = scf.if %arg1 -> (i32) {
// CHECK-NEXT:   %[[C:.*]] = arith.addi %[[B]], %[[B]] : i32
// CHECK-NEXT:   scf.yield %[[C]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %[[B]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func private @double(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @quad(%a: i32) -> i32 {
  %0 = call @double(%a) : (i32) -> i32
  %1 = call @double(%0) : (i32) -> i32
  return %1 : i32
}
func.func @nested(%x: i32, %c: i1) -> i32 {
  %0 = call @quad(%x) : (i32) -> i32
  %1 = scf.if %c -> i32 {
    %2 = func.call @double(%0) : (i32) -> i32
    scf.yield %2 : i32
  } else {
    scf.yield %0 : i32
  }
  return %1 : i32
}

// -----

// Recursive callees, directly or through a cycle, are not inlined; the calls
// they make to others are.
// CHECK-LABEL: func.func private @self
// CHECK: call @self
// CHECK-LABEL: func.func private @ping
// CHECK: call @pong
// CHECK-LABEL: func.func private @pong
// CHECK-NEXT: arith.addi
// CHECK-NEXT: call @ping
// CHECK-LABEL: func.func @rec
// CHECK-NEXT: %[[A:.*]] = call @self(%arg0) : (i32) -> i32
// CHECK-NEXT: %[[B:.*]] = call @ping(%[[A]]) : (i32) -> i32
// CHECK-NEXT: return %[[B]] : i32
// SDCE-LABEL: func.func private @self
// SDCE-LABEL: func.func private @ping
// SDCE-LABEL: func.func private @pong
// SDCE-LABEL: func.func @rec
func.func private @self(%a: i32) -> i32 {
  %0 = call @self(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @inc(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @ping(%a: i32) -> i32 {
  %0 = call @pong(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @pong(%a: i32) -> i32 {
  %0 = call @inc(%a) : (i32) -> i32
  %1 = call @ping(%0) : (i32) -> i32
  return %1 : i32
}
func.func @rec(%x: i32) -> i32 {
  %0 = call @self(%x) : (i32) -> i32
  %1 = call @ping(%0) : (i32) -> i32
  return %1 : i32
}

// -----

// Callees with several blocks, and declarations, are left alone.
// CHECK-LABEL: func.func @not_inlined
// CHECK-NEXT: %[[A:.*]] = call @multi(%arg0, %arg1) : (i32, i1) -> i32
// CHECK-NEXT: %[[B:.*]] = call @decl(%[[A]]) : (i32) -> i32
// CHECK-NEXT: return %[[B]] : i32
func.func private @multi(%a: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func private @decl(i32) -> i32
func.func @not_inlined(%x: i32, %c: i1) -> i32 {
  %0 = call @multi(%x, %c) : (i32, i1) -> i32
  %1 = call @decl(%0) : (i32) -> i32
  return %1 : i32
}

// -----

// Triton: tt.call of a tt.func; calls without results, and values
// returned unchanged from an argument.
// CHECK-LABEL: tt.func public @kernel
// CHECK-NEXT: %[[R:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK-NEXT: %[[S:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
// CHECK-NEXT: %[[P:.*]] = tt.addptr %[[S]], %[[R]]
// CHECK-NEXT: %[[L:.*]] = tt.load %[[P]]
// CHECK-NEXT: tt.store %[[P]], %[[L]]
// CHECK-NEXT: tt.return
// SDCE-NOT: @ptrs
// SDCE-NOT: @copy
// SDCE-LABEL: tt.func public @kernel
// SDCE-NOT: tt.call
tt.func private @ptrs(%p: !tt.ptr<f32>) -> tensor<16x!tt.ptr<f32>> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.return %a : tensor<16x!tt.ptr<f32>>
}
tt.func private @copy(%a: tensor<16x!tt.ptr<f32>>) -> tensor<16x!tt.ptr<f32>> {
  %l = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.store %a, %l : tensor<16x!tt.ptr<f32>>
  tt.return %a : tensor<16x!tt.ptr<f32>>
}
tt.func public @kernel(%p: !tt.ptr<f32>) {
  %a = tt.call @ptrs(%p) : (!tt.ptr<f32>) -> tensor<16x!tt.ptr<f32>>
  %b = tt.call @copy(%a) : (tensor<16x!tt.ptr<f32>>) -> tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A tt.call does not call a func.func.
// CHECK-LABEL: tt.func @mixed
// CHECK-NEXT: tt.call @f
// SDCE-LABEL: tt.func @mixed
// SDCE-NEXT: tt.call @f
// SDCE: func.func private @f
tt.func @mixed() {
  tt.call @f() : () -> ()
  tt.return
}
func.func private @f() {
  return
}
