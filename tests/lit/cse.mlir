// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --cse | FileCheck %s
// RUN: ttxform --allow-unregistered-dialect %s --split-input-file --pass-pipeline='builtin.module(cse)' | FileCheck %s

// Equal pure ops in one block: the later one goes, its uses move.
// CHECK-LABEL: func.func @same_block
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[M]] : i32
func.func @same_block(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

// Constants with the same value and type merge; a different type does not.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[D:.*]] = arith.constant 1 : i64
// CHECK-NEXT: return %[[C]], %[[C]], %[[D]] : i32, i32, i64
func.func @constants() -> (i32, i32, i64) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  %2 = arith.constant 1 : i64
  return %0, %1, %2 : i32, i32, i64
}

// -----

// Different attributes (the predicate) or operand order keep ops apart;
// commutative ops match with their operands swapped.
// CHECK-LABEL: func.func @attrs_and_order
// CHECK-NEXT: %[[X:.*]] = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %[[Y:.*]] = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT: %[[S:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %[[T:.*]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: return %[[X]], %[[Y]], %[[S]], %[[T]], %[[A]], %[[A]]
func.func @attrs_and_order(%a: i32, %b: i32) -> (i1, i1, i32, i32, i32, i32) {
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi sgt, %a, %b : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.addi %a, %b : i32
  %5 = arith.addi %b, %a : i32
  return %0, %1, %2, %3, %4, %5 : i1, i1, i32, i32, i32, i32
}

// -----

// An op in a nested region is replaced by an equal op of the enclosing
// block; ops in sibling regions (then/else) are not merged with each other,
// and an inner op never replaces an outer one.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[R:.*]] = scf.if %arg2 -> (i32) {
// CHECK-NEXT:   %[[S1:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:   %[[M:.*]] = arith.muli %[[A]], %[[S1]] : i32
// CHECK-NEXT:   scf.yield %[[M]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[S2:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:   scf.yield %[[S2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: %[[S3:.*]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[R]], %[[S3]] : i32
// CHECK-NEXT: return %[[T]], %[[A]] : i32, i32
func.func @regions(%a: i32, %b: i32, %c: i1) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = scf.if %c -> i32 {
    %2 = arith.addi %a, %b : i32
    %3 = arith.subi %a, %b : i32
    %4 = arith.muli %2, %3 : i32
    scf.yield %4 : i32
  } else {
    %5 = arith.subi %a, %b : i32
    scf.yield %5 : i32
  }
  %6 = arith.subi %a, %b : i32
  %7 = arith.addi %1, %6 : i32
  return %7, %0 : i32, i32
}

// -----

// Loop bodies see the values of the enclosing blocks.
// CHECK-LABEL: func.func @loop
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: scf.for %{{.*}} = %[[C0]] to %arg0 step %[[C1]]
// CHECK-NEXT:   %[[X:.*]] = arith.addi %{{.*}}, %[[C1]] : index
// CHECK-NEXT:   arith.muli %[[X]], %[[X]] : index
// CHECK-NOT: arith.constant
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %one = arith.constant 1 : index
    %x = arith.addi %acc, %one : index
    %y = arith.addi %acc, %c1 : index
    %z = arith.muli %x, %y : index
    scf.yield %z : index
  }
  return %r : index
}

// -----

// Functions are isolated from above: equal ops in two functions stay.
// CHECK-LABEL: func.func @iso1
// CHECK-NEXT: arith.constant 7 : i32
// CHECK-LABEL: func.func @iso2
// CHECK-NEXT: arith.constant 7 : i32
func.func @iso1() -> i32 {
  %0 = arith.constant 7 : i32
  return %0 : i32
}
func.func @iso2() -> i32 {
  %0 = arith.constant 7 : i32
  return %0 : i32
}

// -----

// Ops whose results are unused and that have no effects are erased on the
// way, as MLIR's CSE does; ops with effects stay.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: "test.effect"(%arg0) : (i32) -> i32
// CHECK-NEXT: return
func.func @dead(%a: i32) {
  %0 = arith.addi %a, %a : i32
  %1 = "test.effect"(%a) : (i32) -> i32
  return
}

// -----

// Ops that are not understood (unregistered, or custom syntax kept verbatim)
// are never merged.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT: %[[U1:.*]] = "test.pure"(%arg0) : (i32) -> i32
// CHECK-NEXT: %[[U2:.*]] = "test.pure"(%arg0) : (i32) -> i32
// CHECK-NEXT: %[[V1:.*]] = foo.cast %arg1 : memref<?xi32> to memref<4xi32>
// CHECK-NEXT: %[[V2:.*]] = foo.cast %arg1 : memref<?xi32> to memref<4xi32>
// CHECK-NEXT: return %[[U1]], %[[U2]], %[[V1]], %[[V2]]
func.func @unknown(%a: i32, %t: memref<?xi32>) -> (i32, i32, memref<4xi32>, memref<4xi32>) {
  %0 = "test.pure"(%a) : (i32) -> i32
  %1 = "test.pure"(%a) : (i32) -> i32
  %2 = foo.cast %t : memref<?xi32> to memref<4xi32>
  %3 = foo.cast %t : memref<?xi32> to memref<4xi32>
  return %0, %1, %2, %3 : i32, i32, memref<4xi32>, memref<4xi32>
}

// -----

// memref.dim has a format and no effect: equal ones merge, as in MLIR.
// CHECK-LABEL: func.func @dim
// CHECK-NEXT: %[[D:.*]] = memref.dim %arg0, %arg1 : memref<?xi32>
// CHECK-NEXT: return %[[D]], %[[D]] : index, index
func.func @dim(%t: memref<?xi32>, %c: index) -> (index, index) {
  %0 = memref.dim %t, %c : memref<?xi32>
  %1 = memref.dim %t, %c : memref<?xi32>
  return %0, %1 : index, index
}

// -----

// Several blocks: an op is replaced by an equal op of a block that
// dominates it, never by one of a sibling block.
// CHECK-LABEL: func.func @cfg
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK-NEXT: %[[M1:.*]] = arith.muli %[[A]], %arg0 : i32
// CHECK-NEXT: cf.br ^bb3(%[[M1]] : i32)
// CHECK: ^bb2:
// CHECK-NEXT: %[[M2:.*]] = arith.muli %[[A]], %arg0 : i32
// CHECK-NEXT: cf.br ^bb3(%[[M2]] : i32)
// CHECK: ^bb3(%[[X:.*]]: i32):
// CHECK-NEXT: %[[M3:.*]] = arith.muli %[[A]], %arg0 : i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[M3]], %[[X]] : i32
// CHECK-NEXT: return %[[S]] : i32
func.func @cfg(%a: i32, %b: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %b : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.addi %a, %b : i32
  %2 = arith.muli %1, %a : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.muli %0, %a : i32
  cf.br ^bb3(%3 : i32)
^bb3(%x: i32):
  %4 = arith.muli %0, %a : i32
  %5 = arith.addi %4, %x : i32
  return %5 : i32
}

// -----

// Triton: pure tt ops merge; two loads of the same pointers merge when no
// write lies between them; a store between two loads keeps both; a load in
// a nested block is not merged with one of the enclosing block; an op with
// a write nested in it counts as a write.
// CHECK-LABEL: tt.func public @loads
// CHECK-NEXT: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: %[[R:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK-NEXT: %[[S:.*]] = tt.splat %arg0
// CHECK-NEXT: %[[P:.*]] = tt.addptr %[[S]], %[[R]]
// CHECK-NEXT: %[[L1:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: %[[E:.*]] = tt.load %[[P]] evictionPolicy = evict_last
// CHECK-NEXT: tt.store %[[P]], %[[L1]]
// CHECK-NEXT: %[[L3:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: %[[X:.*]] = arith.addf %[[L1]], %[[L1]]
// CHECK-NEXT: %[[Y:.*]] = arith.addf %[[X]], %[[L3]]
// CHECK-NEXT: %[[Y2:.*]] = arith.addf %[[Y]], %[[E]]
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[PID]], %arg1 : i32
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT:   %[[L4:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT:   %[[Z:.*]] = arith.addf %[[L4]], %[[L4]]
// CHECK-NEXT:   tt.store %[[P]], %[[Z]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[L6:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[L6]], %[[Y2]]
// CHECK-NEXT: tt.store %[[P]], %[[W]]
// CHECK-NEXT: tt.return
tt.func public @loads(%p: !tt.ptr<f32>, %n: i32) {
  %0 = tt.get_program_id x : i32
  %1 = tt.get_program_id x : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a2 = tt.addptr %s, %r2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %l1 = tt.load %a : tensor<128x!tt.ptr<f32>>
  %l2 = tt.load %a2 : tensor<128x!tt.ptr<f32>>
  %e = tt.load %a evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
  tt.store %a, %l1 : tensor<128x!tt.ptr<f32>>
  %l3 = tt.load %a : tensor<128x!tt.ptr<f32>>
  %x = arith.addf %l1, %l2 : tensor<128xf32>
  %y = arith.addf %x, %l3 : tensor<128xf32>
  %y2 = arith.addf %y, %e : tensor<128xf32>
  %c = arith.cmpi slt, %1, %n : i32
  scf.if %c {
    %l4 = tt.load %a : tensor<128x!tt.ptr<f32>>
    %l5 = tt.load %a2 : tensor<128x!tt.ptr<f32>>
    %z = arith.addf %l4, %l5 : tensor<128xf32>
    tt.store %a, %z : tensor<128x!tt.ptr<f32>>
  }
  %l6 = tt.load %a : tensor<128x!tt.ptr<f32>>
  %w = arith.addf %l6, %y2 : tensor<128xf32>
  tt.store %a2, %w : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Loads merge across ops that only read or compute.
// CHECK-LABEL: tt.func @loads_no_write
// CHECK-COUNT-1: tt.load
// CHECK-NOT: tt.load
tt.func @loads_no_write(%p: !tt.ptr<i32>) -> i32 {
  %0 = tt.load %p : !tt.ptr<i32>
  %1 = arith.addi %0, %0 : i32
  %2 = tt.load %p : !tt.ptr<i32>
  %3 = arith.addi %1, %2 : i32
  tt.return %3 : i32
}

// -----

// An unregistered op may write: loads around it stay apart.
// CHECK-LABEL: tt.func @loads_unknown_between
// CHECK: tt.load
// CHECK: "test.op"
// CHECK: tt.load
tt.func @loads_unknown_between(%p: !tt.ptr<i32>) -> i32 {
  %0 = tt.load %p : !tt.ptr<i32>
  "test.op"() : () -> ()
  %2 = tt.load %p : !tt.ptr<i32>
  %3 = arith.addi %0, %2 : i32
  tt.return %3 : i32
}
