// The reference's diagnostics, and the grid checks the reference lacks
// (docs/differences.md).
// RUN: ttxform %s --split-input-file --distribute-work-to-spyre-cores --verify-diagnostics
// RUN: not ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=8,8 2>&1 | FileCheck %s --check-prefix=TOOBIG
// RUN: not ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=2,2,2,2 2>&1 | FileCheck %s --check-prefix=RANK4
// RUN: not ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=5000000000,5000000000,5000000000 2>&1 | FileCheck %s --check-prefix=HUGE
// an axis the kernel does not read with more than one program stays an error
// RUN: not ttxform %s --split-input-file --distribute-work-to-spyre-cores=grid=2,1,2 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: spyre-distribute-work-invalid.mlir:[[@LINE+3]]:1: error: DistributeWork: grid rank 3 does not match kernel's pid dimensionality 2

// expected-error @+1 {{DistributeWork: grid rank 1 does not match kernel's pid dimensionality 2 (function reads tt.get_program_id / tt.get_num_programs on axes 0..1)}}
tt.func @two_axes() -> i32 {
  %px = tt.get_program_id x : i32
  %ny = tt.get_num_programs y : i32
  %s = arith.addi %px, %ny : i32
  tt.return %s : i32
}

// -----

// expected-error @+1 {{DistributeWork: function reads tt.get_num_programs but never tt.get_program_id; a kernel that asks for the grid size without locating itself in the grid is almost certainly a bug}}
tt.func @count_only() -> i32 {
  %n = tt.get_num_programs x : i32
  tt.return %n : i32
}

// -----

// expected-error @+1 {{DistributeWork: function reads grid axes non-densely (axis 0 is skipped; highest axis read is 1)}}
tt.func @skips_x() -> i32 {
  %py = tt.get_program_id y : i32
  tt.return %py : i32
}

// TOOBIG: error: DistributeWork: the grid has 64 tiles but a Spyre card has 32 cores
// ZERO:   ttxform: error: invalid value '0' for option 'grid' of pass 'distribute-work-to-spyre-cores': expected a comma-separated list of integers from 1 to 32
// RANK4:  error: DistributeWork: a grid has at most 3 axes, got 4
// HUGE:   ttxform: error: invalid value '5000000000,5000000000,5000000000' for option 'grid' of pass 'distribute-work-to-spyre-cores': expected a comma-separated list of integers from 1 to 32
