// Atomics have side effects: dce, cse and canonicalize keep them even when
// their results are unused (the normal form of tl.atomic_add), and keep two
// identical ones apart; the C target writes each one.
// RUN: ttxform %s --dce --cse --canonicalize | FileCheck %s
// RUN: ttxform %s --pass-pipeline='builtin.module(canonicalize,cse,dce)' | FileCheck %s
// RUN: ttxform %s --emit=c | FileCheck %s --check-prefix=C

// CHECK-LABEL: tt.func public @hist
// CHECK: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
// CHECK-NEXT: tt.atomic_cas relaxed, cta, %arg0, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT: tt.atomic_rmw fadd, release, sys, %arg2, %{{.*}}, %{{.*}} : (!tt.ptr<f16>, f16, i1) -> f16
// CHECK-NEXT: tt.return
// C-LABEL: void hist(
// C: /* add, acq_rel (memory order 4), scope gpu: atomic on the process's memory */
// C: (void)ttx_at_add_u32(ttx_ap, ttx_w, 4);
// C: (void)ttx_at_add_u32(ttx_ap, ttx_w, 4);
// C: /* cas, relaxed (memory order 0), scope cta: atomic on the process's memory */
// C: (void)ttx_at_cas_u32(ttx_ap, &ttx_o, ttx_w, 0, 0);
// C: /* fadd, release (memory order 3), scope sys: atomic on the process's memory */
// C: ttx_o = ttx_at_load_u16(ttx_ap, 0);
// C-NEXT: while (!ttx_at_cas_u16(ttx_ap, &ttx_o, (u16)(ttx_f2h((double)ttx_h2f(ttx_o) + (double)ttx_h2f(ttx_w))), 3, 0)) {}
tt.func public @hist(%arg0: !tt.ptr<i32>, %arg1: i32, %arg2: !tt.ptr<f16>) {
  %ones = arith.constant dense<1> : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %h = arith.constant 1.5 : f16
  %true = arith.constant true
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %1 = tt.splat %arg1 : i32 -> tensor<64xi32>
  %2 = arith.cmpi slt, %0, %1 : tensor<64xi32>
  %3 = tt.splat %arg0 : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %4 = tt.addptr %3, %0 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %5 = tt.atomic_rmw add, acq_rel, gpu, %4, %ones, %2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %6 = tt.atomic_rmw add, acq_rel, gpu, %4, %ones, %2 : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
  %7 = tt.atomic_cas relaxed, cta, %arg0, %c0, %c1 : (!tt.ptr<i32>, i32, i32) -> i32
  %8 = tt.atomic_rmw fadd, release, sys, %arg2, %h, %true : (!tt.ptr<f16>, f16, i1) -> f16
  tt.return
}
