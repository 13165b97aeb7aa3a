// An unmet expectation of --verify-diagnostics is reported at the annotation,
// LINE:COL of its `expected-...` word, with the annotation's line and a mark
// as long as the expected text (^~~~), as mlir-opt 19 prints it; an unexpected
// diagnostic shows its source line and caret.
// RUN: ttxform %s --verify-diagnostics > /dev/null
// RUN: sed -e 's/{{operand #0 must be floating-point-like/{{no such message/' %s \
// RUN:   | not ttxform - --verify-diagnostics 2>&1 >/dev/null | FileCheck %s --strict-whitespace --match-full-lines

func.func @f(%x: i32) -> i32 {
  // expected-error @+1 {{operand #0 must be floating-point-like}}
  %a = arith.addf %x, %x : i32
  return %a : i32
}

// (--strict-whitespace --match-full-lines: the text after each `CHECK...:` is the whole line)
// CHECK:<stdin>:[[@LINE-5]]:8: error: unexpected error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
// CHECK-NEXT:  %a = arith.addf %x, %x : i32
// CHECK-NEXT:       ^
// CHECK-NEXT:<stdin>:[[@LINE-9]]:6: error: expected error "no such message" was not produced
// CHECK-NEXT:  // expected{{-}}error @+1 {{[{][{]}}no such message}}
// CHECK-NEXT:     ^~~~~~~~~~~~~~~
// CHECK-NOT:{{.}}
