// RUN: ttxform %s --canonicalize | FileCheck %s
// RUN: ttxform %s --canonicalize=top-down=false | FileCheck %s
// RUN: ttxform %s --canonicalize=region-simplify=disabled | FileCheck %s
// RUN: ttxform %s --pass-pipeline='builtin.module(canonicalize{max-iterations=5})' | FileCheck %s
// RUN: ttxform %s --canonicalize=max-iterations=1 | FileCheck %s --check-prefix=ONE
// RUN: not ttxform %s --canonicalize='max-iterations=1 test-convergence=true' 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: not ttxform %s --canonicalize=region-simplify=sometimes 2>&1 | FileCheck %s --check-prefix=BAD

// The pass runs until nothing changes. With one iteration, the constant
// folded from 1 + 2 stays where it was made (before the muli) and is not
// yet merged with the equal constant 3 that the walk placed at the top;
// test-convergence reports that the rewrite did not settle.
// CHECK-LABEL: func.func @iterations
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %1 = arith.muli %0, %c3_i32 : i32
// CHECK-NEXT: %2 = arith.addi %1, %c3_i32 : i32
// CHECK-NEXT: return %2 : i32
// ONE-LABEL: func.func @iterations
// ONE-NEXT: %c3_i32 = arith.constant 3 : i32
// ONE-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// ONE-NEXT: %c3_i32_0 = arith.constant 3 : i32
// ONE-NEXT: %1 = arith.muli %0, %c3_i32_0 : i32
// ONE-NEXT: %2 = arith.addi %1, %c3_i32 : i32
// ONE-NEXT: return %2 : i32
// CONV: error: Canonicalizer failed to converge
// BAD: ttxform: error: invalid value 'sometimes' for option 'region-simplify' of pass 'canonicalize': expected one of disabled|normal|aggressive
// BAD-NEXT: Try 'ttxform --help'.
func.func @iterations(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %b = arith.muli %a, %s : i32
  %c3 = arith.constant 3 : i32
  %r = arith.addi %b, %c3 : i32
  return %r : i32
}
