// --dump-dir when the Spyre target's precheck refuses the kernel (an op the
// backend does not lower), before any pass: 00-input.mlir and the precheck as
// the failing stage, 01-ktir-precheck.failed.mlir; no output file.
// RUN: rm -rf %t && mkdir -p %t && not ttxform %s --emit=ktir --dump-dir %t/d -o %t/k.ktir 2>&1 | FileCheck %s --check-prefix=ERR \
// RUN:   && test ! -e %t/k.ktir && FileCheck %s --check-prefix=IN < %t/d/00-input.mlir \
// RUN:   && FileCheck %s --check-prefix=IN < %t/d/01-ktir-precheck.failed.mlir \
// RUN:   && test "$(ls %t/d | tr '\n' ' ')" = "00-input.mlir 01-ktir-precheck.failed.mlir "

// ERR: error: 'tt.scan': this op is not lowered to KTIR by the Spyre backend
// IN: tt.func public @scan_kernel
// IN: tt.scan
tt.func public @scan_kernel(%p: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %s = "tt.scan"(%r) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %c = arith.addi %a, %b : i32
    tt.scan.return %c : i32
  }) : (tensor<4xi32>) -> tensor<4xi32>
  tt.return
}
