// RUN: ttxform %s --emit=c | FileCheck %s

// The SMT ops as loop nests with the interpreter's semantics
// (spine-triton.md 1.5): xsmt.pack reads the window at run-time offsets
// (a negative one fails) and writes 0 past the source or the window;
// xsmt.mmt4d sums an f16 product in f32, each sum rounded, then rounds to
// f16; xsmt.repack unpacks the window and packs it again; xsmt.unpack starts
// from its destination; tle tiles are found from a run-time linear index
// (out of range fails); get_num_of_thread is the module's tt.num_threads;
// annotation writes nothing.
// CHECK-LABEL: void smt(
// CHECK: /* xsmt.pack ({{.*}}) */
// CHECK-NEXT: float [[P:v[0-9]+]][256];
// CHECK: i64 ttx_o0 = (i64)arg2, ttx_o1 = (i64)0;
// CHECK-NEXT: if (ttx_o0 < 0 || ttx_o1 < 0) { TTX_FAIL({{[0-9]+}}); ttx_o0 = ttx_o1 = 0; }
// CHECK-NEXT: i64 ttx_l0 = 16 - ttx_o0, ttx_l1 = 16 - ttx_o1;
// CHECK-NEXT: if (ttx_l0 > 12) ttx_l0 = 12;
// CHECK: [[P]][((i0 * 2 + i1) * 8 + i2) * 8 + i3] = u < ttx_l0 && v < ttx_l1 ? [[L:v[0-9]+]][(ttx_o0 + u) * 16 + (ttx_o1 + v)] : 0;
// CHECK: /* xsmt.mmt4d
// CHECK-NEXT: float [[M:v[0-9]+]][256];
// CHECK: float acc = 0;
// CHECK: acc = (float)((double)acc + (double)[[P]][m1 * 128 + k1 * 64 + m0 * 8 + k0] * (double)[[T:v[0-9]+]][n1 * 128 + k1 * 64 + n0 * 8 + k0]);
// CHECK-NEXT: [[M]][((m1 * 2 + n1) * 8 + m0) * 8 + n0] = ttx_f16r((double)acc);
// CHECK: /* xsmt.repack
// CHECK: float ttx_w[256];
// CHECK: ttx_w[y * 16 + x] = [[M]][(u / 8) * 128 + (v / 8) * 64 + (u % 8) * 8 + (v % 8)];
// CHECK: u < ttx_l0 && v < ttx_l1 ? ttx_w[u * 16 + v] : 0;
// CHECK: /* xsmt.unpack
// CHECK: for (i64 x = 0; x < 16; x++) [[U:v[0-9]+]][y * 16 + x] = [[L]][y * 16 + x];
// CHECK: /* tle.extract_tile
// CHECK: if (ttx_k < 0 || ttx_k >= 2) { TTX_FAIL({{[0-9]+}}); ttx_k = 0; }
// CHECK: [[E:v[0-9]+]][i0 * 16 + i1] = [[U]][(ttx_t0 * 8 + i0) * 16 + (ttx_t1 * 16 + i1)];
// CHECK: /* tle.insert_tile
// CHECK: [[I:v[0-9]+]][(ttx_t0 * 8 + i0) * 16 + (ttx_t1 * 16 + i1)] = [[E]][i0 * 16 + i1];
// CHECK: /* xsmt.get_num_of_thread
// CHECK-NEXT: i32 [[N:v[0-9]+]] = 4;
// CHECK-NEXT: /* xsmt.annotation
// CHECK-NEXT: /* tt.make_tensor_ptr
module attributes {tt.num_threads = 4 : i32} {
  tt.func public @smt(%arg0: !tt.ptr<f16>, %arg1: !tt.ptr<f16>, %arg2: i32, %arg3: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c1_i64 = arith.constant 1 : i64
    %c16_i64 = arith.constant 16 : i64
    %0 = tt.make_tensor_ptr %arg0, [%c16_i64, %c16_i64], [%c16_i64, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    %1 = tt.load %0 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<16x16xf16>>
    %2 = xsmt.pack %1, [%arg2, %c0_i32], [12, 16], [8, 8] : tensor<16x16xf16> -> tensor<2x2x8x8xf16>
    %3 = tt.trans %2 {order = array<i32: 1, 0, 3, 2>} : tensor<2x2x8x8xf16> -> tensor<2x2x8x8xf16>
    %4 = xsmt.mmt4d %2, %3 : tensor<2x2x8x8xf16>, tensor<2x2x8x8xf16> -> tensor<2x2x8x8xf16>
    %5 = xsmt.repack %4, [%c0_i32, %c0_i32], [16, 16], [4, 16] : tensor<2x2x8x8xf16> -> tensor<4x1x4x16xf16>
    %6 = xsmt.unpack %5, [%c0_i32, %c0_i32] into(%1 : tensor<16x16xf16>), [16, 16] : tensor<4x1x4x16xf16> -> tensor<16x16xf16>
    %7 = tle.extract_tile %6[%arg3] : tensor<16x16xf16>, i32 -> tensor<8x16xf16>
    %8 = tle.insert_tile %6[%arg3] = %7 : tensor<16x16xf16>, i32, tensor<8x16xf16> -> tensor<16x16xf16>
    %9 = xsmt.get_num_of_thread
    xsmt.annotation %8 {hint = 1 : i32} : tensor<16x16xf16>
    %10 = tt.make_tensor_ptr %arg1, [%c16_i64, %c16_i64], [%c16_i64, %c1_i64], [%9, %c0_i32] {order = array<i32: 1, 0>} : <tensor<16x16xf16>>
    tt.store %10, %8 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<16x16xf16>>
    tt.return
  }
}
