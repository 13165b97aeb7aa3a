// RUN: ttxform %s --emit=c | FileCheck %s

// Integers wrap (computed on unsigned types); division goes through a helper
// that gives RISC-V's result for a zero divisor (-1; a remainder the dividend),
// after the TTX_DIV0 hook (element 0 of a scalar); shifts past the
// width give 0; unsigned compares cast.  f16 is a float rounded after every
// op, stored as uint16 bits (ttx_hbits: a NaN keeps its payload); libm is
// declared by hand, not included.
// CHECK: double exp(double);
// CHECK: static inline u16 ttx_f2h(double x)
// CHECK: static inline i64 ttx_divs(i64 a, i64 b) { return b == 0 ? -1 : b == -1 ? (i64)(0 - (u64)a) : a / b; }
// CHECK: static inline u64 ttx_remu(u64 a, u64 b) { return b ? a % b : a; }
// CHECK-NOT: ttx_bf16r
// CHECK-LABEL: void ints(i32 *arg0, i32 arg1, i32 arg2, u16 *arg3, float arg4,
// CHECK: i32 [[S:v[0-9]+]] = (i32)((u32)arg1 + (u32)arg2);
// CHECK-NEXT: if (arg2 == 0) TTX_DIV0([[SITE:[0-9]+]], 0);
// CHECK-NEXT: i32 [[Q:v[0-9]+]] = (i32)ttx_divs([[S]], arg2);
// CHECK-NEXT: i32 [[R:v[0-9]+]] = ((u32)arg1 >= 32 ? (i32)0 : (i32)((u32)[[Q]] >> (u32)arg1));
// CHECK-NEXT: _Bool [[C:v[0-9]+]] = ((u32)[[R]] < (u32)arg1);
// CHECK-NEXT: i32 [[SEL:v[0-9]+]] = ([[C]] ? [[S]] : [[R]]);
// CHECK-NEXT: i32 *[[P:v[0-9]+]] = (arg0 + arg1);
// CHECK: i32 *p = [[P]];
// CHECK-NEXT: if (TTX_IN(p, 4, {{[0-9]+}})) *p = [[SEL]];
// CHECK: float [[H:v[0-9]+]] = ttx_h2f(ttx_hbits(arg4));
// CHECK-NEXT: float [[E:v[0-9]+]] = ttx_f16r(exp([[H]]));
// CHECK: u16 *p = arg3;
// CHECK-NEXT: if (TTX_IN(p, 2, {{[0-9]+}})) *p = ttx_hbits([[E]]);
// CHECK: _Bool [[NAN:v[0-9]+]] = (arg4 != arg4);
// CHECK-NEXT: i32 [[Z:v[0-9]+]] = (i32)[[NAN]];
// CHECK: i32 {{v[0-9]+}} = (i32)ttx_remu((u32)arg1, (u32)[[Z]]);
module {
  tt.func public @ints(%p: !tt.ptr<i32>, %a: i32, %b: i32, %h: !tt.ptr<f16>, %x: f32) {
    %0 = arith.addi %a, %b : i32
    %1 = arith.divsi %0, %b : i32
    %2 = arith.shrui %1, %a : i32
    %3 = arith.cmpi ult, %2, %a : i32
    %4 = arith.select %3, %0, %2 : i32
    %5 = tt.addptr %p, %a : !tt.ptr<i32>, i32
    tt.store %5, %4 : !tt.ptr<i32>
    %6 = arith.truncf %x : f32 to f16
    %7 = math.exp %6 : f16
    tt.store %h, %7 : !tt.ptr<f16>
    %8 = arith.cmpf une, %x, %x : f32
    %9 = arith.extui %8 : i1 to i32
    %10 = tt.addptr %p, %9 : !tt.ptr<i32>, i32
    %11 = arith.remui %a, %9 : i32
    tt.store %10, %11 : !tt.ptr<i32>
    tt.return
  }
}
