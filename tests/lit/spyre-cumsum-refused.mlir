// tl.cumsum as stock Triton 3.6 prints it (a masked row of 128, loc(...)
// trimmed): a tt.scan.  KTIR has no prefix scan (linalg.reduce keeps one
// value per reduced row, ktdp has none), so --emit=ktir refuses it at the
// op, saying so, and writes nothing.
// RUN: ttxform %s --emit=ktir --verify-diagnostics
// RUN: rm -f %t.ktir && not ttxform %s -o %t.ktir 2>&1 | FileCheck %s
// RUN: test ! -e %t.ktir
// CHECK: spyre-cumsum-refused.mlir:27:10: error: 'tt.scan': this op is not lowered to KTIR by the Spyre backend: a prefix scan (tl.cumsum, tl.cumprod, tl.associative_scan)
// CHECK-SAME: has no KTIR form (linalg.reduce keeps one value per reduced row, not every prefix, and ktdp has no scan)
module {
  tt.func public @cumsum_kernel(%x_ptr: !tt.ptr<f32>, %y_ptr: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %x = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c128_i32 : i32
    %offs_0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %offs_1 = tt.splat %offs : i32 -> tensor<128xi32>
    %offs_2 = arith.addi %offs_1, %offs_0 : tensor<128xi32>
    %m = tt.splat %n : i32 -> tensor<128xi32>
    %m_3 = arith.cmpi slt, %offs_2, %m : tensor<128xi32>
    %x_4 = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %x_5 = tt.addptr %x_4, %offs_2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %x_6 = tt.load %x_5, %m_3, %x : tensor<128x!tt.ptr<f32>>
    %0 = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %1 = tt.addptr %0, %offs_2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    // expected-error @below {{'tt.scan': this op is not lowered to KTIR by the Spyre backend: a prefix scan (tl.cumsum, tl.cumprod, tl.associative_scan) has no KTIR form}}
    %2 = "tt.scan"(%x_6) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %3 = arith.addf %arg3, %arg4 : f32
      tt.scan.return %3 : f32
    }) : (tensor<128xf32>) -> tensor<128xf32>
    tt.store %1, %2, %m_3 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
