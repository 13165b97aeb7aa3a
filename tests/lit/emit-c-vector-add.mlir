// RUN: ttxform %s --emit=c | FileCheck %s
// RUN: ttxform %s -o - --emit=c | FileCheck %s --check-prefix=HOOKS

// The prelude: own integer types, no #include, the hooks defaulting to nothing.
// CHECK: typedef int i32;
// CHECK: typedef long long i64;
// CHECK-NOT: #include
// HOOKS: #define TTX_IN(p, bytes, site) 1
// HOOKS: #define TTX_FAIL(site) ((void)0)
// HOOKS: #define TTX_DIV0(site, k) ((void)0)
// HOOKS: #define TTX_STOP(program) 0

// The spine-triton ABI: the arguments, then the grid and the program id.
// CHECK-LABEL: void add_kernel(float *arg0, float *arg1, float *arg2, i32 arg3,
// CHECK-NEXT: i32 gridX, i32 gridY, i32 gridZ, i32 pidX, i32 pidY, i32 pidZ)
// CHECK: i32 [[PID:v[0-9]+]] = pidX;
// CHECK: i32 [[OFF:v[0-9]+]] = (i32)((u32)[[PID]] * (u32)1024);

// The loads only feed the store: their arrays are declared where they are,
// and they are read in the store's loop.
// CHECK: /* tt.load
// CHECK-NEXT: float [[X:v[0-9]+]][1024];
// CHECK-NEXT: /* tt.load
// CHECK-NEXT: float [[Y:v[0-9]+]][1024];
// CHECK-NEXT: /* tt.store

// Where TTX_IN is a constant true (no driver checks the accesses) and the
// stored block is apart from each loaded one (or the same elements): one loop
// for the three accesses.  The mask `offs < n` keeps the whole block when
// offs + 1023 < n (offs + 1023 not past INT32_MAX, where the i32 offsets
// would wrap): then the loop without it, in a grid whose stores move 16 MiB
// or more (TTX_STREAM_BYTES, default 16 MiB) the values streamed out with non-temporal
// stores where the compiler has AVX-512.
// CHECK-NEXT: #if defined(__GNUC__) && !defined(__TINYC__)
// CHECK-NEXT: if (__builtin_constant_p(TTX_IN(arg2 + (i64)[[OFF]], 4, 0)) && TTX_IN(arg2 + (i64)[[OFF]], 4, 0) && ((u64)(arg2 + (i64)[[OFF]]) == (u64)(arg0 + (i64)[[OFF]]) || (u64)(arg2 + (i64)[[OFF]]) + 4096 <= (u64)(arg0 + (i64)[[OFF]]) || (u64)(arg0 + (i64)[[OFF]]) + 4096 <= (u64)(arg2 + (i64)[[OFF]])) && ((u64)(arg2 + (i64)[[OFF]]) == (u64)(arg1 + (i64)[[OFF]]) || {{.*}}) {
// CHECK-NEXT: if ((u64)((i64)[[OFF]]) + 2147483648ULL <= 4294966272ULL && ((i64)[[OFF]] + 1023) < (i64)arg3) {
// CHECK-NEXT: #ifndef TTX_STREAM_BYTES
// CHECK-NEXT: #define TTX_STREAM_BYTES (16LL << 20)
// CHECK-NEXT: #endif
// CHECK-NEXT: #if defined(__AVX512F__) && defined(__GNUC__) && !defined(__TINYC__)
// CHECK-NEXT: if (__builtin_constant_p(TTX_IN(arg2 + (i64)[[OFF]], 4, 0)) && TTX_IN(arg2 + (i64)[[OFF]], 4, 0) && (double)gridX * gridY * gridZ * 4096 >= (double)TTX_STREAM_BYTES) {
// CHECK-NEXT: float ttx_s[1024];
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: [[X]][i0] = *(arg0 + (i64)[[OFF]] + i0);
// CHECK-NEXT: [[Y]][i0] = *(arg1 + (i64)[[OFF]] + i0);
// CHECK-NEXT: ttx_s[i0] = ([[X]][i0] + [[Y]][i0]);
// CHECK-NEXT: }
// CHECK: __builtin_ia32_movntdq512((ttx_v8di *)(ttx_q + ttx_k), ttx_v);
// CHECK: __builtin_ia32_sfence();
// CHECK-NEXT: } else
// CHECK-NEXT: #endif
// CHECK-NEXT: {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: [[X]][i0] = *(arg0 + (i64)[[OFF]] + i0);
// CHECK-NEXT: [[Y]][i0] = *(arg1 + (i64)[[OFF]] + i0);
// CHECK-NEXT: *(arg2 + (i64)[[OFF]] + i0) = ([[X]][i0] + [[Y]][i0]);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: [[X]][i0] = ((i32)((i64)[[OFF]] + i0) < arg3) ? *(arg0 + (i64)[[OFF]] + i0) : 0;
// CHECK-NEXT: [[Y]][i0] = ((i32)((i64)[[OFF]] + i0) < arg3) ? *(arg1 + (i64)[[OFF]] + i0) : 0;
// CHECK-NEXT: if (((i32)((i64)[[OFF]] + i0) < arg3)) *(arg2 + (i64)[[OFF]] + i0) = ([[X]][i0] + [[Y]][i0]);
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else
// CHECK-NEXT: #endif

// Otherwise each access alone, in the order of the ops, each lane through
// TTX_IN; the masks' whole-block test again.
// CHECK-NEXT: {
// CHECK-NEXT: if ((u64)((i64)[[OFF]]) + 2147483648ULL <= 4294966272ULL && ((i64)[[OFF]] + 1023) < (i64)arg3) {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: const float *p = arg0 + (i64)[[OFF]] + i0;
// CHECK-NEXT: [[X]][i0] = TTX_IN(p, 4, 1) ? *p : 0;
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: const float *p = arg0 + (i64)[[OFF]] + i0;
// CHECK-NEXT: [[X]][i0] = (((i32)((i64)[[OFF]] + i0) < arg3)) && TTX_IN(p, 4, 1) ? *p : 0;
// CHECK: const float *p = arg1 + (i64)[[OFF]] + i0;
// CHECK: if (TTX_IN(p, 4, 0)) *p = ([[X]][i0] + [[Y]][i0]);
// CHECK: } else {
// CHECK-NEXT: for (i64 i0 = 0; i0 < 1024; i0++) {
// CHECK-NEXT: float *p = arg2 + (i64)[[OFF]] + i0;
// CHECK-NEXT: if ((((i32)((i64)[[OFF]] + i0) < arg3)) && TTX_IN(p, 4, 0)) *p = ([[X]][i0] + [[Y]][i0]);
module {
  tt.func public @add_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %3 = tt.splat %1 : i32 -> tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tt.splat %arg3 : i32 -> tensor<1024xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %8 = tt.addptr %7, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %9 = tt.load %8, %6 : tensor<1024x!tt.ptr<f32>>
    %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %11 = tt.addptr %10, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %12 = tt.load %11, %6 : tensor<1024x!tt.ptr<f32>>
    %13 = arith.addf %9, %12 : tensor<1024xf32>
    %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %15 = tt.addptr %14, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %15, %13, %6 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
