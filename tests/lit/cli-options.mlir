// One option syntax: --opt=V and --opt V for every valued option, -o F, -oF and
// -o=F, '--' ends the options; a single-valued option given twice is an error.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/-k.ttir \
// RUN:   && ttxform %s --emit=ktir --grid=8 > %t/eq.ktir \
// RUN:   && ttxform %s --emit ktir --grid 8 > %t/sp.ktir && diff %t/eq.ktir %t/sp.ktir \
// RUN:   && ttxform %s -o=%t/o.ktir --grid=8 && diff %t/eq.ktir %t/o.ktir \
// RUN:   && ttxform %s -o%t/o2.ktir --grid 8 && diff %t/eq.ktir %t/o2.ktir \
// RUN:   && ttxform %s --emit=ktir --base-addresses 0,4096,8192 --data-layout device --fix convert-elementwise-to-linalg@lower_compute_ops > %t/sp2.ktir \
// RUN:   && ttxform %s --emit=ktir --base-addresses=0,4096,8192 --data-layout=device --fix=convert-elementwise-to-linalg@lower_compute_ops > %t/eq2.ktir \
// RUN:   && diff %t/eq2.ktir %t/sp2.ktir \
// RUN:   && ttxform %s --ktdp-memory-space generic --emit=ktir > %t/sp3.ktir \
// RUN:   && ttxform %s --ktdp-memory-space=generic --emit=ktir > %t/eq3.ktir && diff %t/eq3.ktir %t/sp3.ktir \
// RUN:   && ttxform --pass-pipeline 'builtin.module(cse)' %s > %t/p1.mlir && ttxform --pass-pipeline='builtin.module(cse)' %s | diff - %t/p1.mlir \
// RUN:   && cd %t && ttxform --cse -- -k.ttir | diff - %t/p1.mlir
// RUN: not ttxform %s -o %t/a.mlir -o %t/b.mlir 2>&1 | FileCheck %s --check-prefix=TWICE-O
// RUN: not ttxform %s --emit=ktir --grid=4 --grid 8 2>&1 | FileCheck %s --check-prefix=TWICE-GRID
// RUN: not ttxform %s --emit=ktir --emit=c 2>&1 | FileCheck %s --check-prefix=TWICE-EMIT
// RUN: not ttxform %s --dump-dir=%t/d1 --dump-dir %t/d2 2>&1 | FileCheck %s --check-prefix=TWICE-DUMP
// RUN: not ttxform %s --emit=ktir --grid 2>&1 | FileCheck %s --check-prefix=NOVAL

// TWICE-O: ttxform: error: option '-o' conflicts with '-o': it may be given only once
// TWICE-GRID: ttxform: error: option '--grid' conflicts with '--grid=4': it may be given only once
// TWICE-EMIT: ttxform: error: option '--emit=c' conflicts with '--emit=ktir': it may be given only once
// TWICE-DUMP: ttxform: error: option '--dump-dir' conflicts with '--dump-dir={{.*}}d1': it may be given only once
// NOVAL: ttxform: error: option '--grid' needs a value
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
