// RUN: ttxform --allow-unregistered-dialect %s --canonicalize --split-input-file | FileCheck %s

// Constants go to the top of the function's entry block, out of nested
// regions, and equal constants (same value and type) become one: the 7 in
// the if and the 7 : i32 folded from trunci of 7 : i64 merge with the first
// 7. The order is MLIR's: a constant is moved to the front unless the op
// before it is a constant already placed there.
// CHECK-LABEL: func.func @hoist_and_merge
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT: %1 = arith.muli %0, %c7_i32 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT: %3 = arith.addi %1, %c8_i32 : i32
// CHECK-NEXT: %4 = arith.muli %3, %c7_i32 : i32
// CHECK-NEXT: func.call @use(%4) : (i32) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %2 = arith.addi %1, %c7_i32 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
func.func private @use(i32)
func.func @hoist_and_merge(%c: i1, %x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %c7 = arith.constant 7 : i32
  %b = arith.muli %a, %c7 : i32
  scf.if %c {
    %c7b = arith.constant 7 : i32
    %c8 = arith.constant 8 : i32
    %d = arith.addi %b, %c8 : i32
    %e = arith.muli %d, %c7b : i32
    func.call @use(%e) : (i32) -> ()
  }
  %c7i64 = arith.constant 7 : i64
  %t = arith.trunci %c7i64 : i64 to i32
  %r = arith.addi %b, %t : i32
  return %r : i32
}

// -----

// Equal values of different types stay apart.
// CHECK-LABEL: func.func @types_apart
// CHECK-NEXT: %c7_i64 = arith.constant 7 : i64
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c14_i32 = arith.constant 14 : i32
// CHECK-NEXT: return %c14_i32, %c7_i64, %c7 : i32, i64, index
// CHECK-NEXT: }
func.func @types_apart() -> (i32, i64, index) {
  %a = arith.constant 7 : i32
  %b = arith.constant 7 : i64
  %c = arith.constant 7 : index
  %d = arith.constant 7 : i32
  %s = arith.addi %a, %d : i32
  return %s, %b, %c : i32, i64, index
}

// -----

// Each function is its own scope for constants.
// CHECK-LABEL: func.func @scope_a
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: return %c42_i32 : i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @scope_b
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: return %c42_i32 : i32
// CHECK-NEXT: }
func.func @scope_a() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
func.func @scope_b() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}

// -----

// Dead pure ops go, chains included; ops with effects stay.
// CHECK-LABEL: func.func @dead_code
// CHECK-NEXT: call @use(%arg0) : (i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func private @use(i32)
func.func @dead_code(%x: i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.muli %a, %a : i32
  %c = arith.subi %b, %x : i32
  func.call @use(%x) : (i32) -> ()
  %c1 = arith.constant 1 : i32
  return
}

// -----

// A folded result is materialized where the op was, and hoisted on the next
// iteration; chains of foldable ops collapse.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c8_i32 : i32
// CHECK-NEXT: return %c8_i32, %0 : i32, i32
// CHECK-NEXT: }
func.func @chain(%x: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %c1, %c2 : i32
  %b = arith.muli %a, %a : i32
  %c = arith.subi %b, %c1 : i32
  %d = arith.addi %x, %c : i32
  return %c, %d : i32, i32
}

// -----

// Constants move to the right of commutative ops; cmpi swaps its operands
// and its predicate; (y + 3) + 5 becomes y + 8.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT: %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c3_i32 : i32
// CHECK-NEXT: %1 = arith.addi %arg1, %c3_i32 : i32
// CHECK-NEXT: %2 = arith.addi %arg1, %c8_i32 : i32
// CHECK-NEXT: %3 = arith.cmpi ugt, %arg1, %c3_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3 : i32, i32, i32, i1
// CHECK-NEXT: }
func.func @commutative(%x: i32, %y: i32) -> (i32, i32, i32, i1) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.muli %c3, %x : i32
  %1 = arith.addi %c3, %y : i32
  %2 = arith.addi %c5, %1 : i32
  %3 = arith.cmpi ult, %c3, %y : i32
  return %0, %1, %2, %3 : i32, i32, i32, i1
}

// -----

// Ops of an unknown dialect are kept as written, their results used as
// opaque values; the constants they use survive, and x + 0 after them
// folds.
// CHECK-LABEL: func.func @opaque
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %0 = "test.unknown"(%arg0, %c2_i32) : (i32, i32) -> i32
// CHECK-NEXT: %1 = arith.muli %0, %c2_i32 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: }
func.func @opaque(%x: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %0 = "test.unknown"(%x, %c2) : (i32, i32) -> i32
  %1 = arith.muli %0, %c2 : i32
  %c0 = arith.constant 0 : i32
  %2 = arith.addi %1, %c0 : i32
  return %2 : i32
}
