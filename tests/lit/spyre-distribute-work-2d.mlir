// Two grid axes: one tile-id result and one cast per axis, even for an axis
// that is only counted (spyre-lowering spec 6.2).
// RUN: ttxform %s --distribute-work-to-spyre-cores=grid=16,2 | FileCheck %s

// CHECK-LABEL: tt.func @two_axes
// CHECK-SAME:  attributes {grid = [16, 2]}
// CHECK-NEXT:    %0:2 = ktdp.get_compute_tile_id : index, index
// CHECK-NEXT:    %1 = arith.index_cast %0#0 : index to i32
// CHECK-NEXT:    %2 = arith.index_cast %0#1 : index to i32
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %3 = arith.addi %1, %c2_i32 : i32
// CHECK-NEXT:    tt.return %3 : i32
tt.func @two_axes() -> i32 {
  %px = tt.get_program_id x : i32
  %ny = tt.get_num_programs y : i32
  %s = arith.addi %px, %ny : i32
  tt.return %s : i32
}
