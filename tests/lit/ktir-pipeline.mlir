// The whole Spyre pipeline (--emit=ktir): the 1-D vector_add fixture of the
// spyre-lowering spec (4.1); the expected lines follow the spec's sketch.
// RUN: ttxform %s --emit=ktir | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t && ttxform %s -o %t/out.ktir && FileCheck %s < %t/out.ktir
// RUN: cat %s | ttxform - --emit=ktir | FileCheck %s
// RUN: ttxform %s --emit=ktir --grid=8 | FileCheck %s --check-prefix=GRID8
// RUN: ttxform %s --emit=ktir --base-addresses=0,4096,8192 | FileCheck %s --check-prefix=BASE
// RUN: ttxform %s --emit=ktir --fix=convert-elementwise-to-linalg@lower_compute_ops | FileCheck %s --check-prefix=LINALG
// RUN: not ttxform %s --emit=ktir --grid=33 2>&1 | FileCheck %s --check-prefix=ERR-GRID
// RUN: not ttxform %s --emit=ktir --grid=4,x 2>&1 | FileCheck %s --check-prefix=ERR-GRIDSYN
// RUN: not ttxform %s --emit=ktir --grid=4,0 2>&1 | FileCheck %s --check-prefix=ERR-GRIDZERO
// RUN: not ttxform %s --emit=ktir --grid=1,1,1,1 2>&1 | FileCheck %s --check-prefix=ERR-GRIDAXES
// RUN: not ttxform %s --emit=ktir --grid=4,8 2>&1 | FileCheck %s --check-prefix=ERR-GRIDRANK
// RUN: not ttxform %s --emit=ktir --fix=cse@convert-ttir-functions 2>&1 | FileCheck %s --check-prefix=ERR-FIX
// RUN: not ttxform %s --emit=ktir --fix=unalias-linalg-outs@nowhere 2>&1 | FileCheck %s --check-prefix=ERR-ANCHOR
// RUN: not ttxform %s --emit=ktir --fix=unalias-linalg-outs 2>&1 | FileCheck %s --check-prefix=ERR-NOAT
// RUN: not ttxform %s --emit=ktir --data-layout=weird 2>&1 | FileCheck %s --check-prefix=ERR-LAYOUT
// RUN: not ttxform %s --emit=ktir --base-addresses=0,1,2,3 2>&1 | FileCheck %s --check-prefix=ERR-BASE
// RUN: not ttxform %s --grid=4 2>&1 | FileCheck %s --check-prefix=ERR-NOKTIR
// RUN: rm -f %t/bad.ktir && not ttxform %s --emit=ktir --grid=64 -o %t/bad.ktir && not test -e %t/bad.ktir

// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[VIEW:set[0-9]*]] = affine_set<(d0) : (d0 >= 0, -d0 + 2097151 >= 0)>
// CHECK-DAG: #[[TILE:set[0-9]*]] = affine_set<(d0) : (d0 >= 0, -d0 + 1023 >= 0)>
// CHECK-LABEL: func.func @add_kernel(%arg0: index {tt.divisibility = 16 : i32}, %arg1: index {tt.divisibility = 16 : i32}, %arg2: index {tt.divisibility = 16 : i32}) attributes {grid = [32], noinline = false}
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : i32
// CHECK: %[[ID0:.*]] = ktdp.get_compute_tile_id : index
// CHECK: %[[PID:.*]] = arith.index_cast %[[ID0]] : index to i32
// CHECK: %[[START:.*]] = arith.muli %[[PID]], %[[C64]] : i32
// CHECK: %[[END0:.*]] = arith.addi %[[START]], %[[C64]] : i32
// CHECK: %[[END:.*]] = arith.minsi %[[END0]], %[[C2048]] : i32
// CHECK: %[[VX:.*]] = ktdp.construct_memory_view %arg0, sizes: [2097152], strides: [1] {coordinate_set = #[[VIEW]], memory_space = #ktdp.spyre_memory_space<HBM>} : memref<2097152xf32>
// CHECK: %[[VY:.*]] = ktdp.construct_memory_view %arg1,
// CHECK: %[[VO:.*]] = ktdp.construct_memory_view %arg2,
// CHECK: scf.for %[[I:.*]] = %[[START]] to %[[END]] step %{{.*}} : i32 {
// CHECK:   %[[OFF:.*]] = arith.muli %[[I]], %{{.*}} : i32
// CHECK:   %[[O:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK:   %[[TX:.*]] = ktdp.construct_access_tile %[[VX]][%[[O]]] {access_tile_order = #[[ID]], access_tile_set = #[[TILE]]} : memref<2097152xf32> -> !ktdp.access_tile<1024xindex>
// CHECK:   %[[X:.*]] = ktdp.load %[[TX]] : <1024xindex> -> tensor<1024xf32>
// CHECK:   %[[TY:.*]] = ktdp.construct_access_tile %[[VY]][%[[O]]]
// CHECK:   %[[Y:.*]] = ktdp.load %[[TY]] : <1024xindex> -> tensor<1024xf32>
// CHECK:   %[[S:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32>
// CHECK:   %[[TO:.*]] = ktdp.construct_access_tile %[[VO]][%[[O]]]
// CHECK:   ktdp.store %[[S]], %[[TO]] : tensor<1024xf32>, <1024xindex>
// CHECK: }
// CHECK: return
// CHECK-NOT: tt.
// CHECK-NOT: !tt.ptr

// 2048 blocks over 8 cores: 256 each
// GRID8: attributes {grid = [8], noinline = false}
// GRID8: arith.constant 256 : i32

// two of the three pointers become constants; the third stays an argument
// BASE: func.func @add_kernel() attributes {grid = [32], noinline = false}
// BASE-DAG: %{{.*}} = arith.constant 0 : index
// BASE-DAG: %{{.*}} = arith.constant 4096 : index
// BASE-DAG: %{{.*}} = arith.constant 8192 : index

// LINALG: linalg.generic
// LINALG: arith.addf %{{.*}}, %{{.*}} : f32
// LINALG: linalg.yield

// ERR-GRID: ttxform: error: invalid --grid '33': the grid has 33 tiles but a Spyre card has 32 cores
// ERR-GRIDSYN: ttxform: error: invalid --grid '4,x': expected up to 3 comma-separated tile counts, such as 32 or 4,8
// ERR-GRIDZERO: ttxform: error: invalid --grid '4,0': grid extent 0 on axis 1 must be at least 1
// ERR-GRIDAXES: ttxform: error: invalid --grid '1,1,1,1': a grid has at most 3 axes, got 4
// ERR-GRIDRANK: ktir-pipeline.mlir:[[@LINE+7]]:3: error: DistributeWork: grid rank 2 does not match kernel's pid dimensionality 1
// ERR-FIX: ttxform: error: invalid --fix 'cse@convert-ttir-functions': 'cse' is not a fix pass
// ERR-ANCHOR: ttxform: error: invalid --fix 'unalias-linalg-outs@nowhere': anchor 'nowhere' is not a core pass of the Spyre pipeline
// ERR-NOAT: ttxform: error: invalid --fix 'unalias-linalg-outs': expected PASS@ANCHOR
// ERR-LAYOUT: ttxform: error: invalid --data-layout 'weird': expected device or host
// ERR-BASE: ktir-pipeline.mlir:[[@LINE+2]]:3: error: MaterializeBaseAddresses: 4 base addresses supplied but the function has only 3 index argument(s)
// ERR-NOKTIR: ttxform: error: --grid, --base-addresses, --data-layout and --fix apply to --emit=ktir
  tt.func public @add_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c2047_i32 = arith.constant 2047 : i32
    %c2048_i32 = arith.constant 2048 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %c2097152_i32 = arith.constant 2097152 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs x : i32
    %2 = arith.addi %1, %c2047_i32 : i32
    %3 = arith.divsi %2, %1 : i32
    %4 = arith.muli %0, %3 : i32
    %5 = arith.addi %4, %3 : i32
    %6 = arith.minsi %5, %c2048_i32 : i32
    %7 = tt.make_tensor_descriptor %arg0, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    %8 = tt.make_tensor_descriptor %arg1, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    %9 = tt.make_tensor_descriptor %arg2, [%c2097152_i32], [%c1_i64] : !tt.ptr<f32>, !tt.tensordesc<1024xf32>
    scf.for %arg3 = %4 to %6 step %c1_i32  : i32 {
      %10 = arith.muli %arg3, %c1024_i32 : i32
      %11 = tt.descriptor_load %7[%10] : !tt.tensordesc<1024xf32> -> tensor<1024xf32>
      %12 = tt.descriptor_load %8[%10] : !tt.tensordesc<1024xf32> -> tensor<1024xf32>
      %13 = arith.addf %11, %12 : tensor<1024xf32>
      tt.descriptor_store %9[%10], %13 : !tt.tensordesc<1024xf32>, tensor<1024xf32>
    }
    tt.return
  }
