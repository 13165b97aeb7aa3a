// RUN: ttxform %s --split-input-file --convert-ttir-functions --materialize-base-addresses='base-addresses=1024,8589934592' | FileCheck %s
// RUN: ttxform %s --split-input-file --pass-pipeline='builtin.module(convert-ttir-functions,materialize-base-addresses{base-addresses=1024,8589934592})' | FileCheck %s
// RUN: ttxform %s --split-input-file --convert-ttir-functions --materialize-base-addresses | FileCheck %s --check-prefix=NOOP

// The pipeline the spec's required_fixes example builds: convert-ttir-functions
// then materialize-base-addresses.  The former pointers are the index
// arguments; their argument attributes leave with them, the others' stay.
// CHECK-LABEL: func.func @kernel(%arg0: i32 {tt.n = 1 : i32}) attributes {noinline = false} {
// CHECK-NEXT:    %[[A:.*]] = arith.constant 1024 : index
// CHECK-NEXT:    %[[B:.*]] = arith.constant 8589934592 : index
// CHECK-NEXT:    %{{.*}} = ktdp.construct_memory_view %[[A]], sizes: [4]
// CHECK-NEXT:    %{{.*}} = ktdp.construct_memory_view %[[B]], sizes: [4]
// CHECK-NEXT:    %{{.*}} = arith.addi %arg0, %arg0 : i32
// NOOP-LABEL: func.func @kernel(%arg0: index {tt.divisibility = 16 : i32}, %arg1: i32 {tt.n = 1 : i32}, %arg2: index)
// NOOP-NOT:   arith.constant
#set1d = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
tt.func public @kernel(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.n = 1 : i32}, %b: !tt.ptr<f16>) attributes {noinline = false} {
  %0 = builtin.unrealized_conversion_cast %a : !tt.ptr<f16> to index
  %va = ktdp.construct_memory_view %0, sizes: [4], strides: [1] {coordinate_set = #set1d, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<4xf16>
  %1 = builtin.unrealized_conversion_cast %b : !tt.ptr<f16> to index
  %vb = ktdp.construct_memory_view %1, sizes: [4], strides: [1] {coordinate_set = #set1d, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<4xf16>
  %w = arith.addi %n, %n : i32
  tt.return
}

// -----

// A private tt.func helper stays private through convert-ttir-functions, so
// materialize-base-addresses leaves its arguments alone.  With the
// reference's ConvertFunctions the helper became public and had its
// arguments replaced by the kernel's addresses.  Each public function gets
// the whole list.
// CHECK-LABEL: func.func private @helper(%arg0: index, %arg1: index) {
// CHECK-NOT:   arith.constant
// CHECK-LABEL: func.func @k1() {
// CHECK-NEXT:    arith.constant 1024 : index
// CHECK-NEXT:    arith.constant 8589934592 : index
// CHECK-LABEL: func.func @k2(%arg0: index) {
// CHECK-NEXT:    arith.constant 1024 : index
// CHECK-NEXT:    arith.constant 8589934592 : index
// CHECK-NEXT:    return
tt.func private @helper(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>) {
  tt.return
}
tt.func public @k1(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>) {
  tt.return
}
tt.func @k2(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>) {
  tt.return
}
