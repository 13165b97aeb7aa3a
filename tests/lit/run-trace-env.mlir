// TTXFORM_TRACE=FILE.json acts as `ttxform run --trace=FILE.json` when --trace
// is not given (spine-triton's PROTON_OUTPUT=FILE.json with kernel capture):
// the same events (times aside), a KERNEL[X,Y,Z] launch event among them;
// --trace wins over it.
// RUN: rm -rf %t && mkdir -p %t \
// RUN:   && TTXFORM_TRACE=%t/env.json ttxform run %s --grid=3 --threads=1 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 \
// RUN:   && ttxform run %s --grid=3 --threads=1 --trace=%t/opt.json --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 \
// RUN:   && sed -E 's/"(ts|dur)": [0-9.]+/"\1": T/g' %t/env.json > %t/env.s && sed -E 's/"(ts|dur)": [0-9.]+/"\1": T/g' %t/opt.json > %t/opt.s \
// RUN:   && diff %t/env.s %t/opt.s && FileCheck %s < %t/env.json \
// RUN:   && TTXFORM_TRACE=%t/unused.json ttxform run %s --grid=3 --trace=%t/opt2.json --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500 \
// RUN:   && test -f %t/opt2.json && test ! -e %t/unused.json
// RUN: TTXFORM_TRACE= ttxform run %s --grid=1 --arg arg0=arange:2500 --arg arg1=ones:2500 --arg arg2=zeros:2500 --arg arg3=2500
// RUN: ttxform --help | FileCheck %s --check-prefix=HELP
// RUN: ttxform run --help | FileCheck %s --check-prefix=RUNHELP

// CHECK: {"traceEvents": [
// CHECK: {"name": "compile (libtcc)", "cat": "compile", "ph": "X",
// CHECK: {"name": "add_kernel[3,1,1]", "cat": "kernel", "ph": "X",
// HELP: TTXFORM_TRACE=FILE.json
// RUNHELP: $TTXFORM_TRACE=FILE.json
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
