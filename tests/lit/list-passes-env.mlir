// --list-passes: one 'NAME<TAB>SUMMARY' line per pass; TTXFORM_DUMP_DIR acts as
// --dump-dir when that option is not given.
// RUN: ttxform --list-passes | FileCheck %s --check-prefix=LIST
// RUN: rm -rf %t && mkdir -p %t && TTXFORM_DUMP_DIR=%t/env ttxform %s --cse > %t/out.mlir \
// RUN:   && test -f %t/env/00-input.mlir && test -f %t/env/01-cse.mlir \
// RUN:   && TTXFORM_DUMP_DIR=%t/env2 ttxform %s --cse --dump-dir=%t/opt > /dev/null \
// RUN:   && test -f %t/opt/01-cse.mlir && test ! -e %t/env2

// LIST: {{^}}canonicalize{{	}}
// LIST: {{^}}cse{{	}}
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
