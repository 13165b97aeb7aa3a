// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// scf.if on a constant condition: the taken branch is inlined and its
// yielded values replace the results.
// CHECK-LABEL: func.func @if_true
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: call @use(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_true(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  %r = scf.if %t -> (i32) {
    %a = arith.addi %x, %y : i32
    func.call @use(%a) : (i32) -> ()
    scf.yield %a : i32
  } else {
    func.call @use(%y) : (i32) -> ()
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// A false condition inlines the else branch.
// CHECK-LABEL: func.func @if_false
// CHECK-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: call @use(%0) : (i32) -> ()
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_false(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  %r = scf.if %f -> (i32) {
    func.call @use(%x) : (i32) -> ()
    scf.yield %x : i32
  } else {
    %m = arith.muli %x, %y : i32
    func.call @use(%m) : (i32) -> ()
    scf.yield %m : i32
  }
  return %r : i32
}

// -----

// A false condition without an else branch erases the if.
// CHECK-LABEL: func.func @if_false_no_else
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_false_no_else(%x: i32) {
  %f = arith.constant false
  scf.if %f {
    func.call @use(%x) : (i32) -> ()
  }
  return
}

// -----

// The condition becomes constant only after folding.
// CHECK-LABEL: func.func @if_folded_condition
// CHECK-NEXT: call @use(%arg0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_folded_condition(%x: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %lt = arith.cmpi slt, %c1, %c2 : i32
  scf.if %lt {
    func.call @use(%x) : (i32) -> ()
  } else {
    func.call @use(%c1) : (i32) -> ()
  }
  return
}

// -----

// An unknown condition keeps the if (its branches have effects).
// CHECK-LABEL: func.func @if_unknown
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @use(%arg1) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_unknown(%c: i1, %x: i32) {
  scf.if %c {
    func.call @use(%x) : (i32) -> ()
  }
  return
}

// -----

// scf.for with lb >= ub runs zero times: the results are the initial
// values; with i32 bounds as well.
// CHECK-LABEL: func.func @for_zero_trips
// CHECK-NEXT: return %arg0, %arg0 : i32, i32
// CHECK-NEXT: }
func.func private @use(index)
func.func @for_zero_trips(%init: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%acc = %init) -> (i32) {
    func.call @use(%i) : (index) -> ()
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  %lb = arith.constant 5 : i32
  %ub = arith.constant 5 : i32
  %st = arith.constant 2 : i32
  %s = scf.for %j = %lb to %ub step %st iter_args(%acc = %init) -> (i32) : i32 {
    %n = arith.muli %acc, %acc : i32
    scf.yield %n : i32
  }
  return %r, %s : i32, i32
}

// -----

// Exactly one iteration (lb < ub <= lb + step): the body is inlined with the
// induction variable set to lb and the iteration arguments to their initial
// values.
// CHECK-LABEL: func.func @for_one_trip
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: call @use(%c2) : (index) -> ()
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @use(index)
func.func @for_one_trip(%init: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c2 to %c5 step %c8 iter_args(%acc = %init) -> (i32) {
    func.call @use(%i) : (index) -> ()
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

// Two iterations, or unknown bounds: the loop stays.
// CHECK-LABEL: func.func @for_kept
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: scf.for %arg1 = %c0 to %c2 step %c1 {
// CHECK-NEXT: func.call @use(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %arg1 = %c0 to %arg0 step %c1 {
// CHECK-NEXT: func.call @use(%arg1) : (index) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @use(index)
func.func @for_kept(%n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c2 step %c1 {
    func.call @use(%i) : (index) -> ()
  }
  scf.for %i = %c0 to %n step %c1 {
    func.call @use(%i) : (index) -> ()
  }
  return
}

// -----

// A loop-carried value that is only passed along is dropped from the loop;
// a loop whose body is pure and whose results are unused dies.
// CHECK-LABEL: func.func @for_iter_args
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %arg1) -> (i32) {
// CHECK-NEXT: func.call @use(%arg2) : (index) -> ()
// CHECK-NEXT: %1 = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %arg1 : i32
// CHECK-NEXT: }
func.func private @use(index)
func.func @for_iter_args(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %x) -> (i32, i32) {
    func.call @use(%i) : (index) -> ()
    %s = arith.addi %b, %b : i32
    scf.yield %a, %s : i32, i32
  }
  %d = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (i32) {
    %s = arith.addi %a, %a : i32
    scf.yield %s : i32
  }
  return %r#0 : i32
}

// -----

// Results of an if that are yielded from outside become selects; an
// unused result goes.
// CHECK-LABEL: func.func @if_to_select
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: func.call @use(%arg1) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func private @use(i32)
func.func @if_to_select(%c: i1, %x: i32, %y: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    func.call @use(%x) : (i32) -> ()
    scf.yield %x, %y : i32, i32
  } else {
    scf.yield %y, %x : i32, i32
  }
  return %r#0 : i32
}
