// RUN: ttxform %s --split-input-file --tile | FileCheck %s
// RUN: ttxform %s --split-input-file --pass-pipeline='builtin.module(tile{vlen=256 lmul=1})' | FileCheck %s
// RUN: ttxform %s --split-input-file --tile=vlen=128 | FileCheck %s --check-prefix=V128
// RUN: ttxform %s --split-input-file --tile='vlen=512 lmul=2' | FileCheck %s --check-prefix=V1K
// RUN: ttxform %s --split-input-file --tile=reassociate=true | FileCheck %s --check-prefix=REASSOC
// RUN: not ttxform %s --tile=vlen=100 2>&1 | FileCheck %s --check-prefix=BADVLEN
// RUN: not ttxform %s --tile=lmul=3 2>&1 | FileCheck %s --check-prefix=BADLMUL
// RUN: ttxform %s --split-input-file --tile="tile-m=2 tile-n=4" | FileCheck %s --check-prefix=MICRO
// RUN: not ttxform %s --tile=tile-m=0 2>&1 | FileCheck %s --check-prefix=BADTILE
// A bad value is an error at the option, before the input is read.
// BADVLEN: ttxform: error: invalid value '100' for option 'vlen' of pass 'tile': expected one of 64|128|256|512|1024|2048|4096|8192|16384|32768|65536
// BADVLEN-NEXT: Try 'ttxform --help'.
// BADLMUL: ttxform: error: invalid value '3' for option 'lmul' of pass 'tile': expected one of 1|2|4|8
// BADLMUL-NEXT: Try 'ttxform --help'.
// BADTILE: ttxform: error: invalid value '0' for option 'tile-m' of pass 'tile': expected an integer from 1 to 1024
// BADTILE-NEXT: Try 'ttxform --help'.

// A 1-D elementwise chain from two loads to a masked store: one loop over
// blocks of 256 / 32 = 8 f32, the chain fused inside on tensor<8x..>, the
// loop-invariant splats and the block's range hoisted; no 64-element
// tensor is left.
// CHECK-LABEL: tt.func @add_1d
// CHECK: %[[PID:.*]] = arith.muli
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[R:.*]] = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
// CHECK-DAG: %[[BASE:.*]] = tt.splat %[[PID]] : i32 -> tensor<8xi32>
// CHECK-DAG: %[[N:.*]] = tt.splat %arg3 : i32 -> tensor<8xi32>
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[C64]] step %[[C8]] : i32 {
// CHECK-NEXT: %[[IS:.*]] = tt.splat %[[I]] : i32 -> tensor<8xi32>
// CHECK-NEXT: %[[IR:.*]] = arith.addi %[[IS]], %[[R]] : tensor<8xi32>
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[BASE]], %[[IR]] : tensor<8xi32>
// CHECK: %[[M:.*]] = arith.cmpi slt, %[[OFF]], %[[N]] : tensor<8xi32>
// CHECK: %[[X:.*]] = tt.load %{{.*}}, %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK: %[[Y:.*]] = tt.load %{{.*}}, %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : tensor<8xf32>
// CHECK: %[[E:.*]] = math.exp %[[S]] : tensor<8xf32>
// CHECK-NEXT: tt.store %{{.*}}, %[[E]], %[[M]] : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NOT: tensor<64x
// CHECK: tt.return
// V128-LABEL: tt.func @add_1d
// V128: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4_i32 : i32 {
// V128: tt.store %{{.*}} : tensor<4x!tt.ptr<f32>>
// V1K-LABEL: tt.func @add_1d
// V1K: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c32_i32 : i32 {
// V1K: tt.store %{{.*}} : tensor<32x!tt.ptr<f32>>
tt.func @add_1d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %z: !tt.ptr<f32>, %n: i32) {
  %c64 = arith.constant 64 : i32
  %pid = tt.get_program_id x : i32
  %b = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %b : i32 -> tensor<64xi32>
  %o = arith.addi %bs, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %o, %ns : tensor<64xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ax = tt.addptr %px, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %vx = tt.load %ax, %m : tensor<64x!tt.ptr<f32>>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ay = tt.addptr %py, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %vy = tt.load %ay, %m : tensor<64x!tt.ptr<f32>>
  %s = arith.addf %vx, %vy : tensor<64xf32>
  %e = math.exp %s : tensor<64xf32>
  %pz = tt.splat %z : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %az = tt.addptr %pz, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %az, %e, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// f16 elements: 256 / 16 = 16 to a block; a range that starts at 16 gets
// its start added to the loop's index.
// CHECK-LABEL: tt.func @half
// CHECK-DAG: %[[R:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
// CHECK-DAG: %[[C16:c16_i32_[0-9]+]] = arith.constant 16 : i32
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[I]], %[[C16]] : i32
// CHECK-NEXT: %[[JS:.*]] = tt.splat %[[J]] : i32 -> tensor<16xi32>
// CHECK-NEXT: arith.addi %[[JS]], %[[R]] : tensor<16xi32>
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f16>>
// CHECK-NEXT: %[[W:.*]] = arith.mulf %[[V]], %{{.*}} : tensor<16xf16>
// CHECK-NEXT: tt.store %{{.*}}, %[[W]] : tensor<16x!tt.ptr<f16>>
tt.func @half(%x: !tt.ptr<f16>) {
  %r = tt.make_range {end = 80 : i32, start = 16 : i32} : tensor<64xi32>
  %p = tt.splat %x : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
  %a = tt.addptr %p, %r : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  %v = tt.load %a : tensor<64x!tt.ptr<f16>>
  %two = arith.constant dense<2.0> : tensor<64xf16>
  %w = arith.mulf %v, %two : tensor<64xf16>
  tt.store %a, %w : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

// 2-D, rows of 4 shorter than a block: blocks of 2 rows x 4 columns, one
// loop over the rows; the column offsets do not depend on it and are
// computed once.
// CHECK-LABEL: tt.func @rows
// CHECK: %[[COL:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
// CHECK-DAG: %[[R2:.*]] = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
// CHECK-DAG: %[[CB:.*]] = tt.broadcast %[[COL]] : tensor<1x4xi32> -> tensor<2x4xi32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c16_i32 step %c2_i32 : i32 {
// CHECK-NEXT: %[[IS:.*]] = tt.splat %[[I]] : i32 -> tensor<2xi32>
// CHECK-NEXT: %[[RI:.*]] = arith.addi %[[IS]], %[[R2]] : tensor<2xi32>
// CHECK-NEXT: %[[RE:.*]] = tt.expand_dims %[[RI]] {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
// CHECK-NEXT: %[[RO:.*]] = arith.muli %[[RE]], %{{.*}} : tensor<2x1xi32>
// CHECK-NEXT: %[[RB:.*]] = tt.broadcast %[[RO]] : tensor<2x1xi32> -> tensor<2x4xi32>
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[RB]], %[[CB]] : tensor<2x4xi32>
// CHECK: tt.load %{{.*}} : tensor<2x4x!tt.ptr<f32>>
// CHECK-NEXT: math.exp %{{.*}} : tensor<2x4xf32>
// CHECK-NEXT: tt.store %{{.*}} : tensor<2x4x!tt.ptr<f32>>
// CHECK-NEXT: }
tt.func @rows(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %s: i32) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %re = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ss = tt.splat %s : i32 -> tensor<16x1xi32>
  %ro = arith.muli %re, %ss : tensor<16x1xi32>
  %rb = tt.broadcast %ro : tensor<16x1xi32> -> tensor<16x4xi32>
  %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %cb = tt.broadcast %ce : tensor<1x4xi32> -> tensor<16x4xi32>
  %o = arith.addi %rb, %cb : tensor<16x4xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<16x4x!tt.ptr<f32>>
  %ax = tt.addptr %px, %o : tensor<16x4x!tt.ptr<f32>>, tensor<16x4xi32>
  %v = tt.load %ax : tensor<16x4x!tt.ptr<f32>>
  %w = math.exp %v : tensor<16x4xf32>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<16x4x!tt.ptr<f32>>
  %ay = tt.addptr %py, %o : tensor<16x4x!tt.ptr<f32>>, tensor<16x4xi32>
  tt.store %ay, %w : tensor<16x4x!tt.ptr<f32>>
  tt.return
}

// -----

// 2-D, long rows: a loop over the rows and one over blocks of 8 columns;
// a row vector broadcast along the rows is loaded per block.
// CHECK-LABEL: tt.func @wide
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c4_i32 step %c1_i32 : i32 {
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %c64_i32 step %c8_i32 : i32 {
// CHECK: %[[A:.*]] = tt.load %{{.*}} : tensor<1x8x!tt.ptr<f32>>
// CHECK: %[[B:.*]] = tt.load %{{.*}} : tensor<1x8x!tt.ptr<f32>>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<1x8xf32>
// CHECK-NEXT: tt.store %{{.*}}, %[[S]] : tensor<1x8x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @wide(%x: !tt.ptr<f32>, %bias: !tt.ptr<f32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %re = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %k64 = arith.constant dense<64> : tensor<4x1xi32>
  %ro = arith.muli %re, %k64 : tensor<4x1xi32>
  %rb = tt.broadcast %ro : tensor<4x1xi32> -> tensor<4x64xi32>
  %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tt.broadcast %ce : tensor<1x64xi32> -> tensor<4x64xi32>
  %o = arith.addi %rb, %cb : tensor<4x64xi32>
  %pb = tt.splat %bias : !tt.ptr<f32> -> tensor<1x64x!tt.ptr<f32>>
  %ab = tt.addptr %pb, %ce : tensor<1x64x!tt.ptr<f32>>, tensor<1x64xi32>
  %vb = tt.load %ab : tensor<1x64x!tt.ptr<f32>>
  %bb = tt.broadcast %vb : tensor<1x64xf32> -> tensor<4x64xf32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<4x64x!tt.ptr<f32>>
  %ax = tt.addptr %px, %o : tensor<4x64x!tt.ptr<f32>>, tensor<4x64xi32>
  %v = tt.load %ax : tensor<4x64x!tt.ptr<f32>>
  %s = arith.addf %v, %bb : tensor<4x64xf32>
  tt.store %ax, %s : tensor<4x64x!tt.ptr<f32>>
  tt.return
}

// -----

// A max reduce: block 0, a loop of vector maxima over the other blocks
// (a tensor<8xf32> accumulator), one horizontal reduce of the 8 lanes.
// CHECK-LABEL: tt.func @rowmax
// CHECK: %[[B0:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
// CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %c8_i32 to %c64_i32 step %c8_i32{{.*}} iter_args(%[[A:.*]] = %[[B0]]) -> (tensor<8xf32>) : i32 {
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<8x!tt.ptr<f32>>
// CHECK-NEXT: %[[M:.*]] = arith.maxnumf %[[A]], %[[X]] : tensor<8xf32>
// CHECK-NEXT: scf.yield %[[M]] : tensor<8xf32>
// CHECK: %[[R:.*]] = "tt.reduce"(%[[ACC]]) <{axis = 0 : i32}> ({
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: }) : (tensor<8xf32>) -> f32
// CHECK: tt.store %arg1, %[[R]] : !tt.ptr<f32>
// CHECK-NOT: tensor<64xf32>
tt.func @rowmax(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %a : tensor<64x!tt.ptr<f32>>
  %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %q: f32):
    %t = arith.maxnumf %l, %q : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  tt.store %y, %m : !tt.ptr<f32>
  tt.return
}

// -----

// An integer sum along the columns of a 2-D tile: the accumulator holds all
// 4 rows by 8 columns; the result keeps its type.
// CHECK-LABEL: tt.func @colsum
// CHECK: scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<4x8xi32>) : i32 {
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<4x8x!tt.ptr<i32>>
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[A]] : tensor<4x8xi32>
// CHECK: }) : (tensor<4x8xi32>) -> tensor<4xi32>
tt.func @colsum(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %re = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %k = arith.constant dense<32> : tensor<4x1xi32>
  %ro = arith.muli %re, %k : tensor<4x1xi32>
  %rb = tt.broadcast %ro : tensor<4x1xi32> -> tensor<4x32xi32>
  %ce = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %cb = tt.broadcast %ce : tensor<1x32xi32> -> tensor<4x32xi32>
  %o = arith.addi %rb, %cb : tensor<4x32xi32>
  %p = tt.splat %x : !tt.ptr<i32> -> tensor<4x32x!tt.ptr<i32>>
  %a = tt.addptr %p, %o : tensor<4x32x!tt.ptr<i32>>, tensor<4x32xi32>
  %v = tt.load %a : tensor<4x32x!tt.ptr<i32>>
  %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%l: i32, %q: i32):
    %t = arith.addi %q, %l : i32
    tt.reduce.return %t : i32
  }) : (tensor<4x32xi32>) -> tensor<4xi32>
  %py = tt.splat %y : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ay = tt.addptr %py, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %ay, %s : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

// A float sum is left whole by default (a loop of partial sums would round
// in another order than the reduce's halving); reassociate=true tiles it.
// CHECK-LABEL: tt.func @fsum
// CHECK-NOT: scf.for
// CHECK: "tt.reduce"(%{{.*}}) <{axis = 0 : i32}> ({
// CHECK: }) : (tensor<64xf32>) -> f32
// REASSOC-LABEL: tt.func @fsum
// REASSOC: scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (tensor<8xf32>) : i32 {
// REASSOC: arith.addf %[[A]], %{{.*}} : tensor<8xf32>
// REASSOC: }) : (tensor<8xf32>) -> f32
tt.func @fsum(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %a : tensor<64x!tt.ptr<f32>>
  %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %q: f32):
    %t = arith.addf %l, %q : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  tt.store %y, %m : !tt.ptr<f32>
  tt.return
}

// -----

// Left as they are: a store of a loop-carried tensor (no block of it
// without a slice), and a store whose load precedes another store (the load
// does not move over a write).  The store of a splat constant is tiled.
// CHECK-LABEL: tt.func @kept
// CHECK: %[[V:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK: scf.for %{{.*}} : i32 {
// CHECK: tt.store %{{.*}} : tensor<8x!tt.ptr<f32>>
// CHECK: tt.store %{{.*}}, %[[V]] : tensor<64x!tt.ptr<f32>>
// CHECK: %[[L:.*]] = scf.for
// CHECK: tt.store %{{.*}}, %[[L]] : tensor<64x!tt.ptr<f32>>
tt.func @kept(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %a : tensor<64x!tt.ptr<f32>>
  %q = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %b = tt.addptr %q, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %one = arith.constant dense<1.0> : tensor<64xf32>
  tt.store %a, %one : tensor<64x!tt.ptr<f32>>
  tt.store %b, %v : tensor<64x!tt.ptr<f32>>
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %v) -> (tensor<64xf32>) : i32 {
    %n = arith.addf %acc, %acc : tensor<64xf32>
    scf.yield %n : tensor<64xf32>
  }
  tt.store %b, %l : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A load through a block pointer has no block here: the store stays whole.
// CHECK-LABEL: tt.func @block_ptr
// CHECK-NOT: scf.for
// CHECK: tt.store %{{.*}} : tensor<64x!tt.ptr<f32>>
tt.func @block_ptr(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c64 = arith.constant 64 : i64
  %bp = tt.make_tensor_ptr %x, [%c64], [%c1], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %v = tt.load %bp : !tt.ptr<tensor<64xf32>>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %p = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %a = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %a, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A matmul's K loop (pointers carried and advanced, the accumulator a
// tt.dot yields) becomes a register-blocked micro-kernel: loops over blocks
// of 4 rows x 8 columns of C (tile-m, and one f32 vector group), and in each
// a copy of the K loop carrying a 4x8 accumulator, the A pointers of the
// block's rows and the B pointers of its columns; the store of the block
// follows it.
// CHECK-LABEL: tt.func @matmul
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %c8_i32{{.*}} step %c4_i32 : i32 {
// CHECK: %[[R:.*]]:3 = scf.for %[[K:.*]] = %{{.*}} to %arg3 step %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]], %[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (tensor<4x8xf32>, tensor<4x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>) : i32 {
// CHECK-NEXT: %[[AV:.*]] = tt.load %[[A]] : tensor<4x8x!tt.ptr<f32>>
// CHECK-NEXT: %[[BV:.*]] = tt.load %[[B]] : tensor<8x8x!tt.ptr<f32>>
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[AV]], %[[BV]], %[[ACC]] : tensor<4x8xf32> * tensor<8x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: %[[A2:.*]] = tt.addptr %[[A]], %{{.*}} : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
// CHECK-NEXT: %[[B2:.*]] = tt.addptr %[[B]], %{{.*}} : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
// CHECK-NEXT: scf.yield %[[D]], %[[A2]], %[[B2]]
// CHECK-NEXT: }
// CHECK-NEXT: tt.store %{{.*}}, %[[R]]#0 : tensor<4x8x!tt.ptr<f32>>
// CHECK-NEXT: }
// CHECK-NOT: tensor<8x8xf32>
// CHECK: tt.return
// MICRO-LABEL: tt.func @matmul
// MICRO: scf.for %{{.*}} step %c2_i32 : i32 {
// MICRO-NEXT: scf.for %{{.*}} step %c4_i32{{.*}} : i32 {
// MICRO: tt.dot %{{.*}} : tensor<2x8xf32> * tensor<8x4xf32> -> tensor<2x4xf32>
tt.func @matmul(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %K: i32, %N: i32) {
  %c8 = arith.constant 8 : i32
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<8x8xf32>
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %rme = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %rne = tt.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %Ks = tt.splat %K : i32 -> tensor<8x1xi32>
  %Ns = tt.splat %N : i32 -> tensor<8x1xi32>
  %arow = arith.muli %rme, %Ks : tensor<8x1xi32>
  %arowb = tt.broadcast %arow : tensor<8x1xi32> -> tensor<8x8xi32>
  %rneb = tt.broadcast %rne : tensor<1x8xi32> -> tensor<8x8xi32>
  %aoff = arith.addi %arowb, %rneb : tensor<8x8xi32>
  %brow = arith.muli %rme, %Ns : tensor<8x1xi32>
  %browb = tt.broadcast %brow : tensor<8x1xi32> -> tensor<8x8xi32>
  %boff = arith.addi %browb, %rneb : tensor<8x8xi32>
  %ap0 = tt.splat %a : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %ap = tt.addptr %ap0, %aoff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  %bp0 = tt.splat %b : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %bp = tt.addptr %bp0, %boff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  %astep = arith.constant dense<8> : tensor<8x8xi32>
  %bstep1 = arith.muli %N, %c8 : i32
  %bstep = tt.splat %bstep1 : i32 -> tensor<8x8xi32>
  %res:3 = scf.for %k = %c0 to %K step %c8 iter_args(%acc = %zero, %pa = %ap, %pb = %bp) -> (tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>) : i32 {
    %av = tt.load %pa : tensor<8x8x!tt.ptr<f32>>
    %bv = tt.load %pb : tensor<8x8x!tt.ptr<f32>>
    %acc2 = tt.dot %av, %bv, %acc : tensor<8x8xf32> * tensor<8x8xf32> -> tensor<8x8xf32>
    %pa2 = tt.addptr %pa, %astep : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    %pb2 = tt.addptr %pb, %bstep : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    scf.yield %acc2, %pa2, %pb2 : tensor<8x8xf32>, tensor<8x8x!tt.ptr<f32>>, tensor<8x8x!tt.ptr<f32>>
  }
  %cp0 = tt.splat %c : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %cp = tt.addptr %cp0, %boff : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  tt.store %cp, %res#0 : tensor<8x8x!tt.ptr<f32>>
  tt.return
}

// -----

// A dot of two loads, not in a loop: each 4x8 block of C is a dot of 4 rows
// of A and 8 columns of B, loaded in the block's loop.
// CHECK-LABEL: tt.func @dot_direct
// CHECK: scf.for %{{.*}} step %c4_i32 : i32 {
// CHECK-NEXT: scf.for %{{.*}} step %c8_i32 : i32 {
// CHECK: %[[AV:.*]] = tt.load %{{.*}} : tensor<4x4x!tt.ptr<f32>>
// CHECK: %[[BV:.*]] = tt.load %{{.*}} : tensor<4x8x!tt.ptr<f32>>
// CHECK-NEXT: %[[D:.*]] = tt.dot %[[AV]], %[[BV]], %{{.*}} : tensor<4x4xf32> * tensor<4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT: tt.store %{{.*}}, %[[D]] : tensor<4x8x!tt.ptr<f32>>
tt.func @dot_direct(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %rm = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %k4 = arith.constant dense<4> : tensor<16x1xi32>
  %am = arith.muli %rm, %k4 : tensor<16x1xi32>
  %amb = tt.broadcast %am : tensor<16x1xi32> -> tensor<16x4xi32>
  %rk = tt.expand_dims %r4 {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rkb = tt.broadcast %rk : tensor<1x4xi32> -> tensor<16x4xi32>
  %ao = arith.addi %amb, %rkb : tensor<16x4xi32>
  %ap = tt.splat %a : !tt.ptr<f32> -> tensor<16x4x!tt.ptr<f32>>
  %aa = tt.addptr %ap, %ao : tensor<16x4x!tt.ptr<f32>>, tensor<16x4xi32>
  %av = tt.load %aa : tensor<16x4x!tt.ptr<f32>>
  %rkc = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %k16 = arith.constant dense<16> : tensor<4x1xi32>
  %bk = arith.muli %rkc, %k16 : tensor<4x1xi32>
  %bkb = tt.broadcast %bk : tensor<4x1xi32> -> tensor<4x16xi32>
  %rn = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rnb = tt.broadcast %rn : tensor<1x16xi32> -> tensor<4x16xi32>
  %bo = arith.addi %bkb, %rnb : tensor<4x16xi32>
  %bp = tt.splat %b : !tt.ptr<f32> -> tensor<4x16x!tt.ptr<f32>>
  %ba = tt.addptr %bp, %bo : tensor<4x16x!tt.ptr<f32>>, tensor<4x16xi32>
  %bv = tt.load %ba : tensor<4x16x!tt.ptr<f32>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tt.dot %av, %bv, %z : tensor<16x4xf32> * tensor<4x16xf32> -> tensor<16x16xf32>
  %k16m = arith.constant dense<16> : tensor<16x1xi32>
  %cm = arith.muli %rm, %k16m : tensor<16x1xi32>
  %cmb = tt.broadcast %cm : tensor<16x1xi32> -> tensor<16x16xi32>
  %rnc = tt.broadcast %rn : tensor<1x16xi32> -> tensor<16x16xi32>
  %co = arith.addi %cmb, %rnc : tensor<16x16xi32>
  %cp = tt.splat %c : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %ca = tt.addptr %cp, %co : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %ca, %d : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
