// Messages that say what to do: a 2-D kernel without --grid asks for
// --grid=X,Y (ttxform run, and --emit=ktir, whose default grid has one axis);
// an unknown --function lists the module's functions.
// RUN: not ttxform run %s 2>&1 | FileCheck %s --check-prefix=RUN-GRID
// RUN: not ttxform run %s --function=helper1 --interp 2>&1 | FileCheck %s --check-prefix=RUN-GRID1
// RUN: not ttxform run %s --grid=2,2 --function=nope 2>&1 | FileCheck %s --check-prefix=NOPE
// RUN: not ttxform %s --emit=ktir 2>&1 | FileCheck %s --check-prefix=KTIR-GRID

// RUN-GRID: ttxform run: error: missing --grid=X[,Y[,Z]]: @kernel2d reads program ids on 2 axes: give --grid=X,Y
// RUN-GRID-NEXT: Try 'ttxform run --help'.
// RUN-GRID1: ttxform run: error: missing --grid=X[,Y[,Z]]: @helper1 reads program ids on 1 axis: give --grid=X
// NOPE: ttxform run: error: '{{.*}}cli-hints.mlir' has no function @nope (its functions: @kernel2d, @helper1)
// KTIR-GRID: cli-hints.mlir:[[@LINE+2]]:3: error: DistributeWork: grid rank 1 does not match kernel's pid dimensionality 2 (function reads tt.get_program_id / tt.get_num_programs on axes 0..1); give a grid of 2 axes: --grid=X,Y with --emit=ktir, grid=X,Y as the pass option
module {
  tt.func public @kernel2d(%out: !tt.ptr<i32>) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %s = arith.addi %x, %y : i32
    tt.store %out, %s : !tt.ptr<i32>
    tt.return
  }
  tt.func public @helper1(%out: !tt.ptr<i32>) {
    %x = tt.get_program_id x : i32
    tt.store %out, %x : !tt.ptr<i32>
    tt.return
  }
}
