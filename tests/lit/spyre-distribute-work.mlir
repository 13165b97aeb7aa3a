// distribute-work-to-spyre-cores: program ids become compute-tile coordinates
// (spyre-lowering spec 2.7 and 6.1); see also spyre-distribute-work-2d.mlir
// and spyre-distribute-work-invalid.mlir.
// RUN: ttxform %s --split-input-file --distribute-work-to-spyre-cores | FileCheck %s
// RUN: ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=4 | FileCheck %s --check-prefix=FOUR
// axes past those the kernel reads may be 1 (the same programs): dropped
// RUN: ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=4,1,1 | FileCheck %s --check-prefix=FOUR

// CHECK-LABEL: tt.func @one_axis
// CHECK-SAME:  attributes {grid = [32]}
// CHECK-NEXT:    %0 = ktdp.get_compute_tile_id : index
// CHECK-NEXT:    %1 = arith.index_cast %0 : index to i32
// CHECK-NEXT:    %c32_i32 = arith.constant 32 : i32
// CHECK-NEXT:    %2 = arith.addi %1, %c32_i32 : i32
// CHECK-NEXT:    %3 = arith.muli %1, %2 : i32
// CHECK-NEXT:    tt.return %3 : i32
// FOUR-LABEL: tt.func @one_axis
// FOUR-SAME:  attributes {grid = [4]}
// FOUR:         %c4_i32 = arith.constant 4 : i32
tt.func @one_axis(%a: i32) -> i32 {
  %pid = tt.get_program_id x : i32
  %n = tt.get_num_programs x : i32
  %s = arith.addi %pid, %n : i32
  %again = tt.get_program_id x : i32
  %t = arith.muli %again, %s : i32
  tt.return %t : i32
}

// -----

// A kernel that never locates itself runs on one tile, whatever the option.
// CHECK-LABEL: tt.func @serial
// CHECK-SAME:  attributes {grid = [1]}
// CHECK-NOT:   ktdp.get_compute_tile_id
// FOUR-LABEL: tt.func @serial
// FOUR-SAME:  attributes {grid = [1]}
tt.func @serial() {
  tt.return
}
