// An atomic histogram (tl.atomic_add(hist + x, 1, mask)) as stock Triton
// 3.6 prints it, loc(...) trimmed.  KTIR moves whole tiles with ktdp.load
// and ktdp.store and has no atomic update of memory, so --emit=ktir refuses
// the tt.atomic_rmw at the op, saying so, and writes nothing.
// RUN: ttxform %s --emit=ktir --verify-diagnostics
// RUN: rm -f %t.ktir && not ttxform %s -o %t.ktir 2>&1 | FileCheck %s
// RUN: test ! -e %t.ktir
// CHECK: spyre-atomic-histogram-refused.mlir:28:10: error: 'tt.atomic_rmw': an atomic read-modify-write of memory
// CHECK-SAME: KTIR has no atomic update
module {
  tt.func public @histogram_kernel(%x_ptr: !tt.ptr<i32>, %hist_ptr: !tt.ptr<i32>, %n: i32) attributes {noinline = false} {
    %cst = arith.constant dense<1> : tensor<128xi32>
    %x = arith.constant dense<0> : tensor<128xi32>
    %c128_i32 = arith.constant 128 : i32
    %pid = tt.get_program_id x : i32
    %offs = arith.muli %pid, %c128_i32 : i32
    %offs_0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %offs_1 = tt.splat %offs : i32 -> tensor<128xi32>
    %offs_2 = arith.addi %offs_1, %offs_0 : tensor<128xi32>
    %m = tt.splat %n : i32 -> tensor<128xi32>
    %m_3 = arith.cmpi slt, %offs_2, %m : tensor<128xi32>
    %x_4 = tt.splat %x_ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %x_5 = tt.addptr %x_4, %offs_2 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %x_6 = tt.load %x_5, %m_3, %x : tensor<128x!tt.ptr<i32>>
    %0 = tt.splat %hist_ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %1 = tt.addptr %0, %x_6 : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    // expected-error @below {{'tt.atomic_rmw': an atomic read-modify-write of memory (tl.atomic_add, tl.atomic_max, tl.atomic_xchg, tl.atomic_cas, ..) is not lowered to KTIR: ktdp.load and ktdp.store move whole tiles and KTIR has no atomic update}}
    %2 = tt.atomic_rmw add, acq_rel, gpu, %1, %cst, %m_3 : (tensor<128x!tt.ptr<i32>>, tensor<128xi32>, tensor<128xi1>) -> tensor<128xi32>
    tt.return
  }
}
