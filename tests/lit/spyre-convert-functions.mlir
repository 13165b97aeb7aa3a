// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --convert-ttir-functions | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(convert-ttir-functions)' | FileCheck %s

// The example of spec/spyre-lowering.md §2.6: the pointer argument becomes
// an index and the cast that took its address folds into it; tt.return
// becomes return.  Unlike the reference, the function keeps its attributes
// (docs/differences.md); an explicit `public` is the default and is dropped.
// CHECK-LABEL: func.func @k(%arg0: index, %arg1: i32) attributes {noinline = false} {
// CHECK-NEXT:    %[[V:.*]] = ktdp.construct_memory_view %arg0, sizes: [4], strides: [1] {coordinate_set = #{{.*}}, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<4xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NOT:   unrealized_conversion_cast
// CHECK-NOT:   tt.
#set1d = affine_set<(d0) : (d0 >= 0, -d0 + 3 >= 0)>
tt.func public @k(%arg0: !tt.ptr<f32>, %arg1: i32) attributes {noinline = false} {
  %0 = builtin.unrealized_conversion_cast %arg0 : !tt.ptr<f32> to index
  %1 = ktdp.construct_memory_view %0, sizes: [4], strides: [1] {coordinate_set = #set1d, memory_space = #ktdp.spyre_memory_space<HBM>} : memref<4xf32>
  tt.return
}

// -----

// A private tt.func stays private (the reference made it public, which let
// materialize-base-addresses treat a helper as a kernel); a function without
// visibility stays without.  Argument and result attributes are kept, on the
// retyped argument too.
// CHECK-LABEL: func.func private @helper(%arg0: index {tt.divisibility = 16 : i32}, %arg1: i32) -> (i32 {tt.res = 1 : i32}) attributes {noinline = true} {
// CHECK-NEXT:    return %arg1 : i32
// CHECK-LABEL: func.func @plain(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
tt.func private @helper(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) -> (i32 {tt.res = 1 : i32}) attributes {noinline = true} {
  tt.return %n : i32
}
tt.func @plain(%n: i32) -> i32 {
  tt.return %n : i32
}

// -----

// Every block of the body moves over (the reference cloned only the entry
// block), and each tt.return terminator becomes return.
// CHECK-LABEL: func.func @blocks(%arg0: index, %arg1: i1) -> index {
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %arg0 : index
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT:    return %[[C]] : index
tt.func @blocks(%p: !tt.ptr<f32>, %c: i1) -> index {
  %a = builtin.unrealized_conversion_cast %p : !tt.ptr<f32> to index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  tt.return %a : index
^bb2:
  %z = arith.constant 0 : index
  tt.return %z : index
}

// -----

// Casts anywhere in the body fold, including in nested regions; a cast to
// another type stays (its input is now an index).  A tensor of pointers is
// not a pointer argument and keeps its type.
// CHECK-LABEL: func.func @nested(%arg0: tensor<4x!tt.ptr<f32>>, %arg1: index, %arg2: index) {
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %arg1, %[[I]] : index
// CHECK-NEXT:      %[[W:.*]] = builtin.unrealized_conversion_cast %arg1 : index to i64
// CHECK-NEXT:      "x.use"(%[[S]], %[[W]]) : (index, i64) -> ()
tt.func @nested(%t: tensor<4x!tt.ptr<f32>>, %b: !tt.ptr<f16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %0 = builtin.unrealized_conversion_cast %b : !tt.ptr<f16> to index
    %1 = arith.addi %0, %i : index
    %2 = builtin.unrealized_conversion_cast %b : !tt.ptr<f16> to i64
    "x.use"(%1, %2) : (index, i64) -> ()
  }
  tt.return
}

// -----

// tt.call becomes call, and declarations are retyped like definitions.  A
// pointer argument passed on needs nothing; any other pointer passed where
// the callee now takes an index is cast to it first.
// CHECK-LABEL: func.func private @decl(index, i32) -> i32
// CHECK-LABEL: func.func @caller(%arg0: index) -> i32 {
// CHECK:         %[[R:.*]] = call @decl(%arg0, %{{.*}}) : (index, i32) -> i32
// CHECK:         %[[P:.*]] = tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f16>
// CHECK-NEXT:    %[[A:.*]] = builtin.unrealized_conversion_cast %[[P]] : !tt.ptr<f16> to index
// CHECK-NEXT:    %[[R2:.*]] = call @decl(%[[A]], %[[R]]) : (index, i32) -> i32
// CHECK-NEXT:    return %[[R2]] : i32
tt.func private @decl(!tt.ptr<f16>, i32) -> i32
tt.func @caller(%p: !tt.ptr<f16>) -> i32 {
  %c3 = arith.constant 3 : i32
  %r = tt.call @decl(%p, %c3) : (!tt.ptr<f16>, i32) -> i32
  %i = arith.constant 64 : i64
  %q = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
  %r2 = tt.call @decl(%q, %r) : (!tt.ptr<f16>, i32) -> i32
  tt.return %r2 : i32
}

// -----

// An existing func.func with pointer arguments is finalised the same way.
// CHECK-LABEL: func.func @already(%arg0: index) -> index {
// CHECK-NEXT:    return %arg0 : index
func.func @already(%p: !tt.ptr<i8>) -> index {
  %a = builtin.unrealized_conversion_cast %p : !tt.ptr<i8> to index
  return %a : index
}

// -----

// The generic form converts too.
// CHECK-LABEL: func.func @generic(%arg0: index) attributes {noinline = false} {
// CHECK-NEXT:    return
"tt.func"() <{function_type = (!tt.ptr<f32>) -> (), sym_name = "generic", sym_visibility = "public"}> ({
^bb0(%p: !tt.ptr<f32>):
  %0 = "builtin.unrealized_conversion_cast"(%p) : (!tt.ptr<f32>) -> index
  "tt.return"() : () -> ()
}) {noinline = false} : () -> ()

// -----

// tl.debug_barrier (gpu.barrier in Triton 3.6, ttg.barrier in 3.7+) is erased:
// a program runs on one core with no threads of its own (docs/differences.md).
// CHECK-LABEL: func.func @barrier(%arg0: i32)
// CHECK-NEXT:    return
// CHECK-NOT:   barrier
tt.func public @barrier(%arg0: i32) {
  gpu.barrier
  ttg.barrier all
  tt.return
}
