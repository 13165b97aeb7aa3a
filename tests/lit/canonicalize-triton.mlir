// RUN: ttxform %s --canonicalize --split-input-file | FileCheck %s

// tt.splat of a constant scalar becomes a splat constant of the result
// type, encoding included, which folds further (4 + 4 is 8); a splat of an
// argument stays.
// CHECK-LABEL: tt.func @splat
// CHECK-NEXT: %cst = arith.constant dense<8> : tensor<128xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<2.000000e+00> : tensor<128xf32, #blocked>
// CHECK-NEXT: %0 = tt.splat %arg1 : f32 -> tensor<128xf32, #blocked>
// CHECK-NEXT: %1 = arith.mulf %0, %cst_0 : tensor<128xf32, #blocked>
// CHECK-NEXT: tt.return %cst_0, %1, %cst : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xi32>
// CHECK-NEXT: }
#blocked = #triton_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @splat(%p: !tt.ptr<f32>, %x: f32) -> (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xi32>) {
  %c = arith.constant 2.0 : f32
  %0 = tt.splat %c : f32 -> tensor<128xf32, #blocked>
  %1 = tt.splat %x : f32 -> tensor<128xf32, #blocked>
  %2 = arith.mulf %1, %0 : tensor<128xf32, #blocked>
  %i = arith.constant 4 : i32
  %3 = tt.splat %i : i32 -> tensor<128xi32>
  %4 = arith.addi %3, %3 : tensor<128xi32>
  tt.return %0, %2, %4 : tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xi32>
}

// -----

// tt.broadcast of a splat constant is a constant; tt.addptr of a zero
// offset is the pointer; an offset computed from constants folds first.
// CHECK-LABEL: tt.func @broadcast_addptr
// CHECK-NEXT: %cst = arith.constant dense<3> : tensor<64x64xi32>
// CHECK-NEXT: tt.return %cst, %arg0 : tensor<64x64xi32>, tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: }
tt.func @broadcast_addptr(%p: tensor<64x!tt.ptr<f32>>) -> (tensor<64x64xi32>, tensor<64x!tt.ptr<f32>>) {
  %c = arith.constant dense<3> : tensor<1x64xi32>
  %0 = tt.broadcast %c : tensor<1x64xi32> -> tensor<64x64xi32>
  %a = arith.constant dense<5> : tensor<64xi32>
  %z = arith.subi %a, %a : tensor<64xi32>
  %1 = tt.addptr %p, %z : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.return %0, %1 : tensor<64x64xi32>, tensor<64x!tt.ptr<f32>>
}

// -----

// A kernel: splats of constants become constants at the top of the
// function, v * splat(1.0) is v, an unused sum goes; the masked load and the
// store stay.
// CHECK-LABEL: tt.func public @kernel
// CHECK-NEXT: %cst = arith.constant dense<1000> : tensor<64xi32>
// CHECK-NEXT: %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT: %0 = tt.get_program_id x : i32
// CHECK-NEXT: %1 = arith.muli %0, %c64_i32 : i32
// CHECK-NEXT: %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT: %3 = tt.splat %1 : i32 -> tensor<64xi32>
// CHECK-NEXT: %4 = arith.addi %3, %2 : tensor<64xi32>
// CHECK-NEXT: %5 = arith.cmpi slt, %4, %cst : tensor<64xi32>
// CHECK-NEXT: %6 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %7 = tt.addptr %6, %4 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
// CHECK-NEXT: %8 = tt.load %7, %5 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %9 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: %10 = tt.addptr %9, %4 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
// CHECK-NEXT: tt.store %10, %8, %5 : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT: tt.return
// CHECK-NEXT: }
tt.func public @kernel(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %c64 = arith.constant 64 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c64 : i32
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = tt.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %s, %range : tensor<64xi32>
  %n = arith.constant 1000 : i32
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %ip, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %ptrs, %mask : tensor<64x!tt.ptr<f32>>
  %one = arith.constant 1.0 : f32
  %ones = tt.splat %one : f32 -> tensor<64xf32>
  %w = arith.mulf %v, %ones : tensor<64xf32>
  %c64b = arith.constant 64 : i32
  %unused = arith.addi %c64b, %c64 : i32
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %optrs, %w, %mask : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// An op written in a syntax the tool does not decode (here tensor.extract)
// is never folded or rewritten, though MLIR would fold this one; its result
// is still used as a value, and the constants it uses stay.
// CHECK-LABEL: func.func @not_understood
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %0 = tensor.extract %cst[%c1] : tensor<4xi32>
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @not_understood() -> i32 {
  %t = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : i32
  %0 = tensor.extract %t[%c1] : tensor<4xi32>
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
