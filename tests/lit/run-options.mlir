// ttxform run: --opt V as --opt=V, '--' ends the options, single-valued options
// once, two --output options never write one file, --threads is an error with
// --interp, and the grid is written as for --emit=ktir (commas).
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/-k.ttir \
// RUN:   && ttxform run %s --grid 3 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 --output arg2=%t/a.npy --threads 2 \
// RUN:   && ttxform run %s --grid=3 --arg=arg0=arange:2500 --arg=arg1=ones:2500 --arg=arg2=zeros:2500 --arg=arg3=2500 --output=arg2=%t/b.npy --threads=2 \
// RUN:   && cmp %t/a.npy %t/b.npy \
// RUN:   && cd %t && ttxform run --grid=3 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 --output arg2=%t/c.npy -- -k.ttir \
// RUN:   && cmp %t/a.npy %t/c.npy
// RUN: not ttxform run %s --grid=3 --grid=4 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not ttxform run %s --grid=3 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 --output arg2=%t/d.npy --output arg1=%t/d.npy 2>&1 | FileCheck %s --check-prefix=SAMEFILE
// RUN: not ttxform run %s --interp --threads=2 --grid=3 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 2>&1 | FileCheck %s --check-prefix=INTERP
// RUN: not ttxform run %s --grid=3x1 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 2>&1 | FileCheck %s --check-prefix=GRIDX
// RUN: not ttxform run %s --grid= --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 2>&1 | FileCheck %s --check-prefix=GRIDX

// TWICE: ttxform run: error: option '--grid=4' conflicts with '--grid=3': it may be given only once
// SAMEFILE: ttxform run: error: two --output options write the same file '{{.*}}d.npy'
// INTERP: ttxform run: error: '--threads=2' has no effect with --interp
// GRIDX: ttxform run: error: bad grid
module {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %3 = tt.splat %1 : i32 -> tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %9 = tt.load %8, %6 : tensor<1024x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %11 = tt.addptr %10, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %12 = tt.load %11, %6 : tensor<1024x!tt.ptr<f32>>
    %13 = arith.addf %9, %12 : tensor<1024xf32>
    %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %15 = tt.addptr %14, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %15, %13, %6 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
