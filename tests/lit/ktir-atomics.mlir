// Spyre's KTIR has no atomic operation: --emit=ktir refuses each atomic at
// the op, with or without a use of its result, and writes no KTIR.
// RUN: ttxform %s --emit=ktir --grid=1 --verify-diagnostics

tt.func public @hist(%arg0: !tt.ptr<i32>, %arg1: !tt.ptr<i32>) {
  %ones = arith.constant dense<1> : tensor<16xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %1 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %2 = tt.addptr %1, %0 : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.atomic_rmw': an atomic read-modify-write of memory (tl.atomic_add, tl.atomic_max, tl.atomic_xchg, tl.atomic_cas, ..) is not lowered to KTIR: ktdp.load and ktdp.store move whole tiles and KTIR has no atomic update, so programs that update the same element (a histogram's bins) would lose each other's updates}}
  %3 = tt.atomic_rmw add, acq_rel, gpu, %2, %ones : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>) -> tensor<16xi32>
  // expected-error @+1 {{'tt.atomic_cas': an atomic read-modify-write of memory (tl.atomic_add, tl.atomic_max, tl.atomic_xchg, tl.atomic_cas, ..) is not lowered to KTIR: ktdp.load and ktdp.store move whole tiles and KTIR has no atomic update, so programs that update the same element (a histogram's bins) would lose each other's updates}}
  %4 = tt.atomic_cas acq_rel, gpu, %arg1, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
  tt.store %arg1, %4 : !tt.ptr<i32>
  tt.return
}
