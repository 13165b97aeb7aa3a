// RUN: ttxform %s --emit=c | FileCheck %s

// A masked load or store whose mask keeps every lane of the block: one test
// before the loops, then loops without the mask (every lane still through
// TTX_IN), the masked loops in the else branch.  The test comes from the
// mask's affine form: for an affine side against a uniform one, the lane
// nearest to failing, and each varying side inside its width on the whole box
// (the offsets would wrap otherwise).  tests/c/masks.py runs such kernels
// against the interpreter.

// A 2-D tile: the andi of two broadcast comparisons (rows < M, N > cols),
// the load's other kept in the unmasked loop; the store the same.
// CHECK-LABEL: void tile2d(
// CHECK: /* tt.load
// CHECK-NEXT: float [[X:v[0-9]+]][32];
// CHECK-NEXT: if (((u64)((i64)[[R:v[0-9]+]]) + 2147483648ULL <= 4294967292ULL && ((i64)[[R]] + 3) < (i64)arg2) && ((i64)arg3 > 7)) {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 4; i0++) {
// CHECK-NEXT: for (i64 i1 = 0; i1 < 8; i1++) {
// CHECK-NEXT: const float *p = arg0 + (i64)[[R]] * (i64)arg3 + i0 * (i64)arg3 + i1;
// CHECK-NEXT: [[X]][i0 * 8 + i1] = TTX_IN(p, 4, 0) ? *p : 7.0f;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK: [[X]][i0 * 8 + i1] = ([[M:v[0-9]+]][i0 * 8 + i1]) && TTX_IN(p, 4, 0) ? *p : 7.0f;
// CHECK: /* tt.store
// CHECK-NEXT: if (((u64)((i64)[[R]]) + 2147483648ULL <= 4294967292ULL && ((i64)[[R]] + 3) < (i64)arg2) && ((i64)arg3 > 7)) {
// CHECK: if (TTX_IN(p, 4, 1)) *p = [[X]][i0 * 8 + i1];
// CHECK: } else {
// CHECK: if (([[M]][i0 * 8 + i1]) && TTX_IN(p, 4, 1)) *p = [[X]][i0 * 8 + i1];

// offs >= lo (the least lane) and a scalar condition splat.  The load only
// feeds the store (without a mask): read in the store's loop where TTX_IN is
// a constant true and the blocks are apart (or the same elements); each lane
// of the masked loop takes the load's other value where its mask is false.
// CHECK-LABEL: void window(
// CHECK: _Bool [[A:v[0-9]+]] = ([[PID:v[0-9]+]] < arg3);
// CHECK: /* tt.load
// CHECK-NEXT: i32 [[W:v[0-9]+]][16];
// CHECK-NEXT: /* tt.store
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__TINYC__)
// CHECK-NEXT: if (__builtin_constant_p(TTX_IN(arg1 + (i64)[[B:v[0-9]+]], 4, [[S:[0-9]+]])) && TTX_IN(arg1 + (i64)[[B]], 4, [[S]]) && ((u64)(arg1 + (i64)[[B]]) == (u64)(arg0 + (i64)[[B]]) || (u64)(arg1 + (i64)[[B]]) + 64 <= (u64)(arg0 + (i64)[[B]]) || (u64)(arg0 + (i64)[[B]]) + 64 <= (u64)(arg1 + (i64)[[B]]))) {
// CHECK-NEXT: if (((u64)((i64)[[B]]) + 2147483648ULL <= 4294967280ULL && (i64)[[B]] >= (i64)arg2) && ([[A]])) {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 16; i0++) {
// CHECK-NEXT: [[W]][i0] = *(arg0 + (i64)[[B]] + i0);
// CHECK-NEXT: *(arg1 + (i64)[[B]] + i0) = [[W]][i0];
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 16; i0++) {
// CHECK-NEXT: [[W]][i0] = (((i32)((i64)[[B]] + i0) >= arg2) & [[A]]) ? *(arg0 + (i64)[[B]] + i0) : 0;
// CHECK-NEXT: *(arg1 + (i64)[[B]] + i0) = [[W]][i0];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else
// CHECK-NEXT: #endif

// Otherwise the load alone (its own test), then the store without a mask.
// CHECK-NEXT: {
// CHECK-NEXT: if (((u64)((i64)[[B]]) + 2147483648ULL <= 4294967280ULL && (i64)[[B]] >= (i64)arg2) && ([[A]])) {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 16; i0++) {
// CHECK-NEXT: const i32 *p = arg0 + (i64)[[B]] + i0;
// CHECK-NEXT: [[W]][i0] = TTX_IN(p, 4, [[L:[0-9]+]]) ? *p : 0;
// CHECK: [[W]][i0] = ((((i32)((i64)[[B]] + i0) >= arg2) & [[A]])) && TTX_IN(p, 4, [[L]]) ? *p : 0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: for (i64 i0 = 0; i0 < 16; i0++) {
// CHECK-NEXT: i32 *p = arg1 + (i64)[[B]] + i0;
// CHECK-NEXT: if (TTX_IN(p, 4, [[S]])) *p = [[W]][i0];

// Masks without the test: loaded from memory, two varying sides (i * i <
// offs), offsets widened to i64 before the comparison (extsi: the affine
// form is not the value once the i32 offsets wrap), and an unsigned
// comparison.
// CHECK-LABEL: void masks_kept(
// CHECK-NOT: } else {
// CHECK: }
// CHECK-NOT: } else {
// Neither the load nor the store has a mask: the fused loop alone (the
// streaming stores first, then plain ones).
// CHECK-LABEL: void copy(
// CHECK: #if defined(__GNUC__) && !defined(__TINYC__)
// CHECK-NEXT: if (__builtin_constant_p(TTX_IN(arg1 + (i64)[[C:v[0-9]+]], 4, {{[0-9]+}})) {{.*}}) {
// CHECK-NEXT: {
// CHECK-NEXT: #ifndef TTX_STREAM_BYTES
// CHECK: } else
// CHECK-NEXT: #endif
// CHECK-NEXT: {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 64; i0++) {
// CHECK-NEXT: [[V:v[0-9]+]][i0] = *(arg0 + (i64)[[C]] + i0);
// CHECK-NEXT: *(arg1 + (i64)[[C]] + i0) = [[V]][i0];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else
// CHECK-NEXT: #endif
module {
  tt.func public @tile2d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %M: i32, %N: i32) {
    %c4 = arith.constant 4 : i32
    %seven = arith.constant dense<7.0> : tensor<4x8xf32>
    %pid = tt.get_program_id x : i32
    %r0 = arith.muli %pid, %c4 : i32
    %ra = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %rs = tt.splat %r0 : i32 -> tensor<4xi32>
    %rows = arith.addi %rs, %ra : tensor<4xi32>
    %cols = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %Ms = tt.splat %M : i32 -> tensor<4xi32>
    %rm = arith.cmpi slt, %rows, %Ms : tensor<4xi32>
    %Ns = tt.splat %N : i32 -> tensor<8xi32>
    %cm = arith.cmpi sgt, %Ns, %cols : tensor<8xi32>
    %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<4xi1> -> tensor<4x1xi1>
    %rmb = tt.broadcast %rm2 : tensor<4x1xi1> -> tensor<4x8xi1>
    %cm2 = tt.expand_dims %cm {axis = 0 : i32} : tensor<8xi1> -> tensor<1x8xi1>
    %cmb = tt.broadcast %cm2 : tensor<1x8xi1> -> tensor<4x8xi1>
    %m = arith.andi %rmb, %cmb : tensor<4x8xi1>
    %Nr = tt.splat %N : i32 -> tensor<4xi32>
    %ro = arith.muli %rows, %Nr : tensor<4xi32>
    %ro2 = tt.expand_dims %ro {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %rob = tt.broadcast %ro2 : tensor<4x1xi32> -> tensor<4x8xi32>
    %co2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %cob = tt.broadcast %co2 : tensor<1x8xi32> -> tensor<4x8xi32>
    %off = arith.addi %rob, %cob : tensor<4x8xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %off : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
    %xv = tt.load %xp, %m, %seven : tensor<4x8x!tt.ptr<f32>>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %off : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
    tt.store %yp, %xv, %m : tensor<4x8x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @window(%x: !tt.ptr<i32>, %o: !tt.ptr<i32>, %lo: i32, %progs: i32) {
    %c16 = arith.constant 16 : i32
    %pid = tt.get_program_id x : i32
    %b0 = arith.muli %pid, %c16 : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %bs = tt.splat %b0 : i32 -> tensor<16xi32>
    %offs = arith.addi %bs, %r : tensor<16xi32>
    %los = tt.splat %lo : i32 -> tensor<16xi32>
    %m1 = arith.cmpi sge, %offs, %los : tensor<16xi32>
    %alive = arith.cmpi slt, %pid, %progs : i32
    %as = tt.splat %alive : i1 -> tensor<16xi1>
    %m = arith.andi %m1, %as : tensor<16xi1>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %xp = tt.addptr %xs, %offs : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    %xv = tt.load %xp, %m : tensor<16x!tt.ptr<i32>>
    %os = tt.splat %o : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %op = tt.addptr %os, %offs : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %op, %xv : tensor<16x!tt.ptr<i32>>
    tt.return
  }
  tt.func public @masks_kept(%x: !tt.ptr<f32>, %mk: !tt.ptr<i1>, %o: !tt.ptr<f32>, %n: i64) {
    %c16 = arith.constant 16 : i32
    %pid = tt.get_program_id x : i32
    %b0 = arith.muli %pid, %c16 : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %bs = tt.splat %b0 : i32 -> tensor<16xi32>
    %offs = arith.addi %bs, %r : tensor<16xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %ms = tt.splat %mk : !tt.ptr<i1> -> tensor<16x!tt.ptr<i1>>
    %mp = tt.addptr %ms, %offs : tensor<16x!tt.ptr<i1>>, tensor<16xi32>
    %m1 = tt.load %mp : tensor<16x!tt.ptr<i1>>
    %a = tt.load %xp, %m1 : tensor<16x!tt.ptr<f32>>
    %r2 = arith.muli %r, %r : tensor<16xi32>
    %m2 = arith.cmpi slt, %r2, %offs : tensor<16xi32>
    %b = tt.load %xp, %m2 : tensor<16x!tt.ptr<f32>>
    %o64 = arith.extsi %offs : tensor<16xi32> to tensor<16xi64>
    %n64 = tt.splat %n : i64 -> tensor<16xi64>
    %m3 = arith.cmpi slt, %o64, %n64 : tensor<16xi64>
    %c = tt.load %xp, %m3 : tensor<16x!tt.ptr<f32>>
    %nn = arith.trunci %n : i64 to i32
    %n32 = tt.splat %nn : i32 -> tensor<16xi32>
    %m4 = arith.cmpi ult, %offs, %n32 : tensor<16xi32>
    %d = tt.load %xp, %m4 : tensor<16x!tt.ptr<f32>>
    %ab = arith.addf %a, %b : tensor<16xf32>
    %cd = arith.addf %c, %d : tensor<16xf32>
    %s = arith.addf %ab, %cd : tensor<16xf32>
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %op, %s : tensor<16x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @copy(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
    %c64 = arith.constant 64 : i32
    %pid = tt.get_program_id x : i32
    %b = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %bs = tt.splat %b : i32 -> tensor<64xi32>
    %offs = arith.addi %bs, %r : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %op, %v : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
