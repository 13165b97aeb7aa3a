// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// Integer constant folding: every binary op, at the type's width, with
// wrap-around and signed/unsigned semantics.
// CHECK-LABEL: func.func @fold_int_ops
// CHECK-NEXT: %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT: %c-10_i32 = arith.constant -10 : i32
// CHECK-NEXT: %c-21_i32 = arith.constant -21 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %c1431655763_i32 = arith.constant 1431655763 : i32
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c-5_i32 = arith.constant -5 : i32
// CHECK-NEXT: %c-6_i32 = arith.constant -6 : i32
// CHECK-NEXT: %c-56_i32 = arith.constant -56 : i32
// CHECK-NEXT: %c536870911_i32 = arith.constant 536870911 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %c-7_i32 = arith.constant -7 : i32
// CHECK-NEXT: return %c-4_i32, %c-10_i32, %c-21_i32, %c-2_i32, %c1431655763_i32, %c-2_i32, %c-3_i32, %c-1_i32, %c0_i32, %c1_i32, %c-5_i32, %c-6_i32, %c-56_i32, %c-1_i32, %c536870911_i32, %c3_i32, %c-7_i32, %c-7_i32, %c3_i32, %c1431655763_i32 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT: }
func.func @fold_int_ops() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %a = arith.constant -7 : i32
  %b = arith.constant 3 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.floordivsi %a, %b : i32
  %7 = arith.remsi %a, %b : i32
  %8 = arith.remui %a, %b : i32
  %9 = arith.andi %a, %b : i32
  %10 = arith.ori %a, %b : i32
  %11 = arith.xori %a, %b : i32
  %12 = arith.shli %a, %b : i32
  %13 = arith.shrsi %a, %b : i32
  %14 = arith.shrui %a, %b : i32
  %15 = arith.maxsi %a, %b : i32
  %16 = arith.maxui %a, %b : i32
  %17 = arith.minsi %a, %b : i32
  %18 = arith.minui %a, %b : i32
  %19 = arith.ceildivui %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// Results wrap around at the width of the type: i8 127 + 1 is -128,
// 100 * 3 is 44, i16 -32768 - 1 is 32767, and index is 64 bits wide; divui
// reads i64 -2^63 as 2^63.
// CHECK-LABEL: func.func @wrap_around
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c44_i8 = arith.constant 44 : i8
// CHECK-NEXT: %c32767_i16 = arith.constant 32767 : i16
// CHECK-NEXT: %c-9223372036854775808 = arith.constant -9223372036854775808 : index
// CHECK-NEXT: %c4611686018427387904_i64 = arith.constant 4611686018427387904 : i64
// CHECK-NEXT: return %c-128_i8, %c44_i8, %c32767_i16, %c-9223372036854775808, %c4611686018427387904_i64 : i8, i8, i16, index, i64
// CHECK-NEXT: }
func.func @wrap_around() -> (i8, i8, i16, index, i64) {
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %c100 = arith.constant 100 : i8
  %c3 = arith.constant 3 : i8
  %0 = arith.addi %c127, %c1 : i8
  %1 = arith.muli %c100, %c3 : i8
  %m = arith.constant -32768 : i16
  %n = arith.constant 1 : i16
  %2 = arith.subi %m, %n : i16
  %big = arith.constant 9223372036854775807 : index
  %one = arith.constant 1 : index
  %3 = arith.addi %big, %one : index
  %min = arith.constant -9223372036854775808 : i64
  %two = arith.constant 2 : i64
  %4 = arith.divui %min, %two : i64
  return %0, %1, %2, %3, %4 : i8, i8, i16, index, i64
}

// -----

// Division by zero, signed overflow (INT_MIN / -1) and shifts by the width
// or more are not folded.
// CHECK-LABEL: func.func @no_fold_ub
// CHECK-NEXT: %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.divsi %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %1 = arith.divui %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %2 = arith.remsi %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %3 = arith.ceildivsi %c5_i32, %c0_i32 : i32
// CHECK-NEXT: %4 = arith.divsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %5 = arith.floordivsi %c-128_i8, %c-1_i8 : i8
// CHECK-NEXT: %6 = arith.shli %c5_i32, %c32_i32 : i32
// CHECK-NEXT: %7 = arith.shrui %c5_i32, %c32_i32 : i32
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i8, i8, i32, i32
// CHECK-NEXT: }
func.func @no_fold_ub(%x: i32) -> (i32, i32, i32, i32, i8, i8, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.divsi %c5, %c0 : i32
  %1 = arith.divui %c5, %c0 : i32
  %2 = arith.remsi %c5, %c0 : i32
  %3 = arith.ceildivsi %c5, %c0 : i32
  %min = arith.constant -128 : i8
  %m1 = arith.constant -1 : i8
  %4 = arith.divsi %min, %m1 : i8
  %5 = arith.floordivsi %min, %m1 : i8
  %c32 = arith.constant 32 : i32
  %6 = arith.shli %c5, %c32 : i32
  %7 = arith.shrui %c5, %c32 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i8, i8, i32, i32
}

// -----

// cmpi with every predicate: -1 is less than 2 signed, greater unsigned.
// CHECK-LABEL: func.func @cmpi_fold
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: return %false, %true, %true, %true, %false, %false, %false, %false, %true, %true : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpi_fold() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// A comparison of a value with itself is known; a constant on the left
// moves to the right with the predicate swapped.
// CHECK-LABEL: func.func @cmpi_same_and_swap
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi ule, %arg0, %c5_i32 : i32
// CHECK-NEXT: return %true, %false, %0, %1 : i1, i1, i1, i1
// CHECK-NEXT: }
func.func @cmpi_same_and_swap(%x: i32) -> (i1, i1, i1, i1) {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi sle, %x, %x : i32
  %1 = arith.cmpi ult, %x, %x : i32
  %2 = arith.cmpi slt, %c5, %x : i32
  %3 = arith.cmpi uge, %c5, %x : i32
  return %0, %1, %2, %3 : i1, i1, i1, i1
}

// -----

// Splat and dense tensors fold element by element.
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT: %cst = arith.constant dense<10> : tensor<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[5, -10, 15, 20]> : tensor<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<true> : tensor<4xi1>
// CHECK-NEXT: %cst_2 = arith.constant dense<[-128, -127]> : tensor<2xi8>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<2xi8>
// CHECK-NEXT: }
func.func @tensors() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<2xi8>) {
  %s = arith.constant dense<5> : tensor<4xi32>
  %d = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
  %0 = arith.addi %s, %s : tensor<4xi32>
  %1 = arith.muli %s, %d : tensor<4xi32>
  %2 = arith.cmpi slt, %d, %s : tensor<4xi32>
  %e = arith.constant dense<[127, -128]> : tensor<2xi8>
  %f = arith.constant dense<1> : tensor<2xi8>
  %3 = arith.addi %e, %f : tensor<2xi8>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<2xi8>
}

// -----

// Identities: x+0, x-0, x*1, x*0, x-x, x&x, x|x, x^x, x/1; the constant of
// a commutative op goes to the right first.
// CHECK-LABEL: func.func @identities
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<4xi32>
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %c0_i32, %c0_i32, %arg0, %arg0, %c0_i32, %arg0, %arg0, %arg1, %cst : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, tensor<4xi32>, tensor<4xi32>
// CHECK-NEXT: }
func.func @identities(%x: i32, %t: tensor<4xi32>) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, tensor<4xi32>, tensor<4xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %c0, %x : i32
  %2 = arith.subi %x, %c0 : i32
  %3 = arith.muli %c1, %x : i32
  %4 = arith.muli %x, %c0 : i32
  %5 = arith.subi %x, %x : i32
  %6 = arith.andi %x, %x : i32
  %7 = arith.ori %x, %x : i32
  %8 = arith.xori %x, %x : i32
  %9 = arith.divsi %x, %c1 : i32
  %10 = arith.divui %x, %c1 : i32
  %z = arith.constant dense<0> : tensor<4xi32>
  %11 = arith.addi %t, %z : tensor<4xi32>
  %12 = arith.subi %t, %t : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, tensor<4xi32>, tensor<4xi32>
}

// -----

// No identity applies: x*2, x-1 and x/x stay; the constant of a
// non-commutative op stays on the left.
// CHECK-LABEL: func.func @no_identity
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.muli %arg0, %c2_i32 : i32
// CHECK-NEXT: %1 = arith.subi %arg0, %c1_i32 : i32
// CHECK-NEXT: %2 = arith.divsi %arg0, %arg0 : i32
// CHECK-NEXT: %3 = arith.subi %c2_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %2, %3 : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @no_identity(%x: i32) -> (i32, i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c1 = arith.constant 1 : i32
  %0 = arith.muli %c2, %x : i32
  %1 = arith.subi %x, %c1 : i32
  %2 = arith.divsi %x, %x : i32
  %3 = arith.subi %c2, %x : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// select of the same value, on a constant condition, and element-wise on
// constant tensors.
// CHECK-LABEL: func.func @select
// CHECK-NEXT: %cst = arith.constant dense<[1, 4]> : tensor<2xi32>
// CHECK-NEXT: return %arg1, %arg1, %arg2, %cst : i32, i32, i32, tensor<2xi32>
// CHECK-NEXT: }
func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i32, tensor<2xi32>) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %x, %x : i32
  %1 = arith.select %t, %x, %y : i32
  %2 = arith.select %f, %x, %y : i32
  %m = arith.constant dense<[true, false]> : tensor<2xi1>
  %a = arith.constant dense<[1, 2]> : tensor<2xi32>
  %b = arith.constant dense<[3, 4]> : tensor<2xi32>
  %3 = arith.select %m, %a, %b : tensor<2xi1>, tensor<2xi32>
  return %0, %1, %2, %3 : i32, i32, i32, tensor<2xi32>
}

// -----

// A select on an unknown condition stays.
// CHECK-LABEL: func.func @select_unknown
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @select_unknown(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = arith.select %c, %x, %y : i32
  return %0 : i32
}
