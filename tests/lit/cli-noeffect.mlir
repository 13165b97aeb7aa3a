// Options that do nothing for the chosen output are errors: the KTIR options
// with --emit=c, an empty --grid=, and --base-addresses with fewer (or more)
// addresses than the kernel has pointer arguments; the explicit pass keeps the
// reference's prefix (materialize-base-addresses-two.mlir of the corpus).
// RUN: not ttxform %s --emit=c --grid=4 2>&1 | FileCheck %s --check-prefix=C-GRID
// RUN: not ttxform %s --emit=c --data-layout=host 2>&1 | FileCheck %s --check-prefix=C-LAYOUT
// RUN: rm -rf %t && mkdir -p %t && not ttxform %s --grid=4 -o %t/k.c 2>&1 | FileCheck %s --check-prefix=C-GRID && test ! -e %t/k.c
// RUN: not ttxform %s --emit=ktir --grid= 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: rm -rf %t && mkdir -p %t && not ttxform %s --emit=ktir --base-addresses=0,4096 -o %t/k.ktir 2>&1 | FileCheck %s --check-prefix=FEWER && test ! -e %t/k.ktir
// RUN: not ttxform %s --emit=ktir --base-addresses=0,4096 --fix=materialize-base-addresses@convert-ttir-functions 2>&1 | FileCheck %s --check-prefix=FEWER
// RUN: not ttxform %s --emit=ktir --base-addresses=0,4096,8192,12288 2>&1 | FileCheck %s --check-prefix=MORE
// RUN: ttxform %s --emit=ktir --base-addresses=0,4096,8192 | FileCheck %s --check-prefix=ALL
// RUN: ttxform %s --lower-descriptor-memory --convert-ttir-functions --materialize-base-addresses=base-addresses=0,4096 | FileCheck %s --check-prefix=PREFIX
// RUN: not ttxform %s --lower-descriptor-memory --convert-ttir-functions --materialize-base-addresses="base-addresses=0,4096 require-all=true" 2>&1 | FileCheck %s --check-prefix=FEWER

// C-GRID: ttxform: error: option '--grid=4' has no effect with --emit=c
// C-LAYOUT: ttxform: error: option '--data-layout=host' has no effect with --emit=c
// EMPTY: ttxform: error: option '--grid=' needs a value
// ALL: func.func @add_kernel() attributes {grid = [32], noinline = false}
// PREFIX: func.func @add_kernel(%arg0: index {tt.divisibility = 16 : i32})
// MORE: {{.*}}cli-noeffect.mlir:[[@LINE+3]]:3: error: MaterializeBaseAddresses: 4 base addresses supplied but the function has only 3 index argument(s) to materialize them into
// FEWER: {{.*}}cli-noeffect.mlir:[[@LINE+2]]:3: error: MaterializeBaseAddresses: 2 base addresses supplied but the function has 3 index (pointer) arguments; with require-all (--base-addresses) each needs one
// FEWER-NEXT: tt.func public @add_kernel(
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c2047_i32 = arith.constant 2047 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c2097152_i32 = arith.constant 2097152 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs x : i32
    %2 = arith.addi %1, %c2047_i32 : i32
    %3 = arith.divsi %2, %1 : i32
    %4 = arith.muli %0, %3 : i32
    %5 = arith.addi %4, %3 : i32
    %6 = arith.minsi %5, %c2048_i32 : i32
    %7 = tt.make_tensor_descriptor %arg0, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    %8 = tt.make_tensor_descriptor %arg1, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    %9 = tt.make_tensor_descriptor %arg2, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    scf.for %arg3 = %4 to %6 step %c1_i32  : i32 {
      %10 = arith.muli %arg3, %c1024_i32 : i32
      %11 = tt.descriptor_load %7[%10] : !tt.tensordesc<1024xf32> -> tensor<1024xf32>
      %12 = tt.descriptor_load %8[%10] : !tt.tensordesc<1024xf32> -> tensor<1024xf32>
      %13 = arith.addf %11, %12 : tensor<1024xf32>
      tt.descriptor_store %9[%10], %13 : !tt.tensordesc<1024xf32>, tensor<1024xf32>
    }
    tt.return
  }
