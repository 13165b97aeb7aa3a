// An scf.while with no initial values, as stock Triton 3.6 prints a spin lock
// (`while tl.atomic_cas(lock, 0, 1) == 1: pass`): no parentheses before the
// colon, as mlir-opt-19 prints it (expected text from `mlir-opt-19`).
//
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s

// CHECK-LABEL: tt.func public @spin_lock
// CHECK:       scf.while : () -> () {
// CHECK-NEXT:    %{{.*}} = tt.atomic_cas acq_rel, gpu, %{{.*}}, %c0_i32, %c1_i32 : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK:         scf.condition(%{{.*}})
// CHECK-NEXT:  } do {
// CHECK-NEXT:    scf.yield
// CHECK-NEXT:  }
module {
  tt.func public @spin_lock(%lock: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %cnt: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %true = arith.constant true
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    scf.while : () -> () {
      %2 = tt.atomic_cas acq_rel, gpu, %lock, %c0_i32, %c1_i32 : (!tt.ptr<i32>, i32, i32) -> i32
      %3 = arith.cmpi eq, %2, %c1_i32 : i32
      scf.condition(%3)
    } do {
      scf.yield
    }
    %c = tt.load %cnt : !tt.ptr<i32>
    %0 = arith.addi %c, %c1_i32 : i32
    tt.store %cnt, %0 : !tt.ptr<i32>
    %1 = tt.atomic_rmw exch, acq_rel, gpu, %lock, %c0_i32, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}
