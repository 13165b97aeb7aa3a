// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --dce | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(dce)' | FileCheck %s

// A chain of dead pure ops goes entirely; live ops stay.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: return %[[A]] : i32
func.func @chain(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  %3 = arith.xori %2, %1 : i32
  return %0 : i32
}

// -----

// Ops with effects, unregistered ops, and what they use, stay; an unused
// load (reads only) goes.
// CHECK-LABEL: tt.func @effects
// CHECK-NEXT: %[[C:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: tt.store %arg0, %[[C]] : !tt.ptr<f32>
// CHECK-NEXT: %[[K:.*]] = arith.constant 3 : i32
// CHECK-NEXT: "test.op"(%[[K]]) : (i32) -> i32
// CHECK-NEXT: tt.return
tt.func @effects(%p: !tt.ptr<f32>) {
  %c = arith.constant 1.0 : f32
  tt.store %p, %c : !tt.ptr<f32>
  %l = tt.load %p : !tt.ptr<f32>
  %d = arith.addf %l, %c : f32
  %k = arith.constant 3 : i32
  %u = "test.op"(%k) : (i32) -> i32
  tt.return
}

// -----

// Dead ops inside regions go; an scf.if whose results are unused and whose
// regions are pure goes with everything it used; one holding a store stays.
// CHECK-LABEL: tt.func @regions
// CHECK-NEXT: scf.if %arg1 {
// CHECK-NEXT:   %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:   tt.store %arg0, %[[C]] : !tt.ptr<f32>
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @regions(%p: !tt.ptr<f32>, %c: i1, %x: f32) {
  %one = arith.constant 1.0 : f32
  %r = scf.if %c -> f32 {
    %y = arith.addf %x, %one : f32
    scf.yield %y : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    %two = arith.constant 2.0 : f32
    %dead = arith.mulf %two, %two : f32
    tt.store %p, %two : !tt.ptr<f32>
  }
  tt.return
}

// -----

// Loops whose results are unused and whose bodies are pure go.
// CHECK-LABEL: func.func @loop
// CHECK-NEXT: return %arg0 : index
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %x = arith.addi %acc, %i : index
    scf.yield %x : index
  }
  return %n : index
}

// -----

// Unreachable blocks go, cycles among them too.  Reachable blocks stay.
// CHECK-LABEL: func.func @blocks
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: return %[[A]] : i32
// CHECK-NEXT: }
func.func @blocks(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.br ^bb1
^bb1:
  return %0 : i32
^bb2(%y: i32):
  %2 = arith.addi %y, %y : i32
  cf.br ^bb3(%2 : i32)
^bb3(%x: i32):
  %3 = arith.muli %x, %x : i32
  cf.br ^bb2(%3 : i32)
^bb4:
  %c = arith.constant 4 : i32
  return %c : i32
}

// -----

// Ops whose custom syntax was not understood are kept.
// CHECK-LABEL: func.func @verbatim
// CHECK-NEXT: foo.cast %arg0 : memref<?xi32> to memref<4xi32>
// CHECK-NEXT: return
func.func @verbatim(%t: memref<?xi32>) {
  %0 = foo.cast %t : memref<?xi32> to memref<4xi32>
  return
}

// -----

// Functions are symbols, not dead code: unused private ones stay.
// CHECK-LABEL: func.func private @unused
// CHECK-LABEL: func.func @keep
func.func private @unused() {
  return
}
func.func @keep() {
  return
}

// -----

// A definition laid out after the block of its last user still goes once
// that user is gone.
// CHECK-LABEL: func.func @layout
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: return %arg0 : i32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: cf.br ^bb1
func.func @layout(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %y = arith.muli %x, %x : i32
  return %a : i32
^bb2:
  %x = arith.addi %a, %a : i32
  cf.br ^bb1
}
