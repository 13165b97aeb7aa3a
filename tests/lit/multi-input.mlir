// Several inputs (or -o naming a directory): -o names a directory, each input's output goes to DIR/NAME.SUFFIX,
// exactly what a run on that input alone prints; a failing input writes nothing and
// the others are still written (exit status 1).
// RUN: rm -rf %t && mkdir -p %t/out %t/ktir %t/part && cp %s %t/a.mlir && cp %s %t/b.ttir \
// RUN:   && ttxform %t/a.mlir %t/b.ttir -o %t/out && ttxform %s | diff - %t/out/a.mlir && ttxform %s | diff - %t/out/b.mlir \
// RUN:   && ttxform --emit=ktir %t/a.mlir %t/b.ttir -o %t/ktir/ && ttxform --emit=ktir %s | diff - %t/ktir/b.ktir \
// RUN:   && FileCheck %s --check-prefix=KTIR < %t/ktir/a.ktir \
// RUN:   && echo 'bad' > %t/bad.mlir && not ttxform %t/a.mlir %t/bad.mlir %t/b.ttir -o %t/part 2> %t/err \
// RUN:   && FileCheck %s --check-prefix=BAD < %t/err && test -f %t/part/a.mlir && test -f %t/part/b.mlir && test ! -e %t/part/bad.mlir \
// RUN:   && not ttxform %t/a.mlir %t/b.ttir 2>&1 | FileCheck %s --check-prefix=NODIR \
// RUN:   && not ttxform %t/a.mlir %t/b.ttir -o %t/out/a.mlir 2>&1 | FileCheck %s --check-prefix=NOTDIR \
// RUN:   && not ttxform %t/a.mlir - -o %t/out 2>&1 | FileCheck %s --check-prefix=STDIN \
// RUN:   && rm -rf %t/one && mkdir %t/one && ttxform --emit=ktir %t/b.ttir -o %t/one && ttxform --emit=ktir %s | diff - %t/one/b.ktir \
// RUN:   && not ttxform - -o %t/one < %s 2>&1 | FileCheck %s --check-prefix=STDINDIR

// KTIR: func.func @add_kernel
// KTIR: ktdp.construct_memory_view
// BAD: bad.mlir:1:1: error: unexpected 'bad'
// NODIR: ttxform: error: 2 inputs need -o DIR, a directory for their outputs
// NOTDIR: ttxform: error: with 2 inputs, -o '{{.*}}/out/a.mlir' must be an existing directory
// STDIN: ttxform: error: standard input '-' cannot be one of several inputs
// STDINDIR: ttxform: error: -o '{{.*}}/one' is a directory: name an input file, or an output file for standard input

module {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_tensor_descriptor %arg0, [%c64_i32], [%c1_i64] : <f32>, <tensor<64xf32>>
    %3 = tt.make_tensor_descriptor %arg1, [%c64_i32], [%c1_i64] : <f32>, <tensor<64xf32>>
    %4 = tt.descriptor_load %2[%1] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
    %5 = arith.addf %4, %4 : tensor<64xf32>
    tt.descriptor_store %3[%1], %5 : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
    tt.return
  }
}
