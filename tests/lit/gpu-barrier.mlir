// gpu.barrier, as stock Triton 3.6 prints tl.debug_barrier (the layer norm
// backward tutorial has one between its stores and the release of its lock),
// and ttg.barrier, as Triton 3.7+ prints it: read and printed back (gpu.barrier
// as mlir-opt-19 prints it); the C target writes nothing for them (a program
// is one thread).
//
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform | FileCheck %s
// RUN: ttxform %s --emit=c | FileCheck %s --check-prefix=C

// CHECK-LABEL: tt.func public @release
// CHECK:         tt.store
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.barrier {tag = 1 : i32}
// CHECK-NEXT:    ttg.barrier all
// CHECK-NEXT:    ttg.barrier local|global_read
// CHECK-NEXT:    tt.atomic_rmw exch
// C-LABEL: void release(
// C-NOT:   {{gpu|ttg}}.barrier
// C:       ttx_at_xchg
module {
  tt.func public @release(%lock: !tt.ptr<i32>, %p: !tt.ptr<f32>, %v: f32) {
    %c0_i32 = arith.constant 0 : i32
    %true = arith.constant true
    tt.store %p, %v : !tt.ptr<f32>
    gpu.barrier
    gpu.barrier {tag = 1 : i32}
    ttg.barrier all
    ttg.barrier local|global_read
    %0 = tt.atomic_rmw exch, acq_rel, gpu, %lock, %c0_i32, %true : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}
