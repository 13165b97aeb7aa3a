// llvm.intr.assume (what Triton prints for tl.assume) is read, verified and
// printed back; dce, cse and canonicalize keep it; the C target writes no code
// for it and the KTIR lowering drops it; the interpreter checks it and stops
// at a false one; operand bundles and a non-i1 operand are refused.
// RUN: ttxform %s | FileCheck %s
// RUN: ttxform %s | ttxform - | FileCheck %s
// RUN: ttxform %s --dce --cse --canonicalize | FileCheck %s
// RUN: ttxform %s --emit=c | FileCheck %s --check-prefix=CSRC
// RUN: ttxform %s --emit=ktir | FileCheck %s --check-prefix=KTIR
// RUN: ttxform run %s --interp --grid=2 --arg arg0=arange:64 --arg arg1=zeros:64 --arg arg2=64 --output arg1=%t.npy
// RUN: not ttxform run %s --interp --grid=2 --arg arg0=arange:64 --arg arg1=zeros:64 --arg arg2=0 2>&1 | FileCheck %s --check-prefix=FALSE
// RUN: sed -e 's/llvm.intr.assume %pos : i1/llvm.intr.assume %pos ["align"(%arg0, %c0_i32 : !tt.ptr<f32>, i32)] : i1/' %s > %t.bundle.mlir \
// RUN:   && not ttxform %t.bundle.mlir 2>&1 | FileCheck %s --check-prefix=BUNDLE
// RUN: sed -e 's/llvm.intr.assume %pos : i1/llvm.intr.assume %c0_i32 : i32/' %s > %t.i32.mlir \
// RUN:   && not ttxform %t.i32.mlir 2>&1 | FileCheck %s --check-prefix=I32

// CHECK-LABEL: tt.func public @copy
// CHECK: %[[C:.*]] = arith.cmpi sgt, %arg2, %{{.*}} : i32
// CHECK-NEXT: llvm.intr.assume %[[C]] : i1
// CHECK: llvm.intr.assume %{{.*}} : i1 {note = "kept"}
// CSRC-LABEL: void copy(
// CSRC-NOT: llvm.intr.assume
// CSRC: tt.store
// KTIR-LABEL: func.func @copy
// KTIR-NOT: llvm.intr.assume
// KTIR: ktdp.store
// FALSE: llvm-assume.mlir:[[@LINE+9]]:5: error: llvm.intr.assume: the assumption (tl.assume) is false in program (0, 0, 0)
// BUNDLE: bundle.mlir:[[@LINE+8]]:{{[0-9]+}}: error:
// I32: i32.mlir:[[@LINE+7]]:5: error: 'llvm.intr.assume' op operand #0 must be 1-bit signless integer, but got 'i32'
module {
  tt.func public @copy(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %pid = tt.get_program_id x : i32
    %pos = arith.cmpi sgt, %arg2, %c0_i32 : i32
    llvm.intr.assume %pos : i1
    %nn = arith.cmpi sge, %pid, %c0_i32 : i32
    llvm.intr.assume %nn : i1 {note = "kept"}
    %base = arith.muli %pid, %c32_i32 : i32
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %b = tt.splat %base : i32 -> tensor<32xi32>
    %offs = arith.addi %b, %r : tensor<32xi32>
    %p = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %pa = tt.addptr %p, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %x = tt.load %pa : tensor<32x!tt.ptr<f32>>
    %q = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %qa = tt.addptr %q, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    tt.store %qa, %x : tensor<32x!tt.ptr<f32>>
    tt.return
  }
}
