// RUN: ttxform %s --split-input-file --lower-compute-ops | FileCheck %s

// spec/spyre-lowering.md §2.3: each shape op of Triton becomes tensor and
// linalg ops at its place.

// CHECK-LABEL: tt.func @splat(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<4x8xi32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%arg0 : i32) outs(%[[E]] : tensor<4x8xi32>) -> tensor<4x8xi32>
// CHECK-NEXT:    tt.return %[[F]]
tt.func @splat(%s: i32) -> tensor<4x8xi32> {
  %0 = tt.splat %s : i32 -> tensor<4x8xi32>
  tt.return %0 : tensor<4x8xi32>
}

// -----

// CHECK-LABEL: tt.func @reshape(
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[S:.*]] = tensor.from_elements %[[C16]], %[[C32]] : tensor<2xindex>
// CHECK-NEXT:    %[[R:.*]] = tensor.reshape %arg0(%[[S]]) : (tensor<512xf32>, tensor<2xindex>) -> tensor<16x32xf32>
// CHECK-NEXT:    tt.return %[[R]]
tt.func @reshape(%t: tensor<512xf32>) -> tensor<16x32xf32> {
  %0 = tt.reshape %t : tensor<512xf32> -> tensor<16x32xf32>
  tt.return %0 : tensor<16x32xf32>
}

// -----

// The reassociation of expand_dims: the new unit dim joins the input dim
// at the axis, or the last input dim when the axis is the rank.
// CHECK-LABEL: tt.func @expand_dims(
// CHECK-NEXT:    tensor.expand_shape %arg0 {{\[}}[0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
// CHECK-NEXT:    tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
// CHECK-NEXT:    tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [4, 8, 1] : tensor<4x8xf32> into tensor<4x8x1xf32>
// CHECK-NEXT:    tensor.expand_shape %arg1 {{\[}}[0, 1], [2]] output_shape [1, 4, 8] : tensor<4x8xf32> into tensor<1x4x8xf32>
tt.func @expand_dims(%t: tensor<8xf32>, %m: tensor<4x8xf32>) -> (tensor<1x8xf32>, tensor<4x1x8xf32>, tensor<4x8x1xf32>, tensor<1x4x8xf32>) {
  %0 = tt.expand_dims %t {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  %1 = tt.expand_dims %m {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %2 = tt.expand_dims %m {axis = 2 : i32} : tensor<4x8xf32> -> tensor<4x8x1xf32>
  %3 = tt.expand_dims %m {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  tt.return %0, %1, %2, %3 : tensor<1x8xf32>, tensor<4x1x8xf32>, tensor<4x8x1xf32>, tensor<1x4x8xf32>
}

// -----

// broadcast: collapse the broadcast dims away (trailing ones join the last
// group, all of them give rank 0), then linalg.broadcast; no broadcast dim
// at all leaves the input.
// CHECK-LABEL: tt.func @broadcast(
// CHECK-NEXT:    %[[C0:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[B0:.*]] = linalg.broadcast ins(%[[C0]] : tensor<8xf32>) outs(%[[E0]] : tensor<4x8xf32>) dimensions = [0]
// CHECK-NEXT:    %[[C1:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1, 2]] : tensor<1x8x1xf32> into tensor<8xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<3x8x5xf32>
// CHECK-NEXT:    %[[B1:.*]] = linalg.broadcast ins(%[[C1]] : tensor<8xf32>) outs(%[[E1]] : tensor<3x8x5xf32>) dimensions = [0, 2]
// CHECK-NEXT:    %[[C2:.*]] = tensor.collapse_shape %arg2 [] : tensor<1x1xf32> into tensor<f32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty() : tensor<2x2xf32>
// CHECK-NEXT:    %[[B2:.*]] = linalg.broadcast ins(%[[C2]] : tensor<f32>) outs(%[[E2]] : tensor<2x2xf32>) dimensions = [0, 1]
// CHECK-NEXT:    tt.return %[[B0]], %[[B1]], %[[B2]], %arg3 :
tt.func @broadcast(%a: tensor<1x8xf32>, %b: tensor<1x8x1xf32>, %c: tensor<1x1xf32>, %d: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<3x8x5xf32>, tensor<2x2xf32>, tensor<4x8xf32>) {
  %0 = tt.broadcast %a : tensor<1x8xf32> -> tensor<4x8xf32>
  %1 = tt.broadcast %b : tensor<1x8x1xf32> -> tensor<3x8x5xf32>
  %2 = tt.broadcast %c : tensor<1x1xf32> -> tensor<2x2xf32>
  %3 = tt.broadcast %d : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<3x8x5xf32>, tensor<2x2xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @trans(
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8x2x4xf16>
// CHECK-NEXT:    %[[T:.*]] = linalg.transpose ins(%arg0 : tensor<2x4x8xf16>) outs(%[[E]] : tensor<8x2x4xf16>) permutation = [2, 0, 1]
// CHECK-NEXT:    tt.return %[[T]]
tt.func @trans(%t: tensor<2x4x8xf16>) -> tensor<8x2x4xf16> {
  %0 = tt.trans %t {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf16> -> tensor<8x2x4xf16>
  tt.return %0 : tensor<8x2x4xf16>
}

// -----

// CHECK-LABEL: tt.func @join_split(
// CHECK-NEXT:    %[[A:.*]] = tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [4, 8, 1] : tensor<4x8xf32> into tensor<4x8x1xf32>
// CHECK-NEXT:    %[[B:.*]] = tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [4, 8, 1] : tensor<4x8xf32> into tensor<4x8x1xf32>
// CHECK-NEXT:    %[[J:.*]] = tensor.concat dim(2) %[[A]], %[[B]] : (tensor<4x8x1xf32>, tensor<4x8x1xf32>) -> tensor<4x8x2xf32>
// CHECK-NEXT:    %[[S0:.*]] = tensor.extract_slice %[[J]][0, 0, 0] [4, 8, 1] [1, 1, 1] : tensor<4x8x2xf32> to tensor<4x8x1xf32>
// CHECK-NEXT:    %[[L:.*]] = tensor.collapse_shape %[[S0]] {{\[}}[0], [1, 2]] : tensor<4x8x1xf32> into tensor<4x8xf32>
// CHECK-NEXT:    %[[S1:.*]] = tensor.extract_slice %[[J]][0, 0, 1] [4, 8, 1] [1, 1, 1] : tensor<4x8x2xf32> to tensor<4x8x1xf32>
// CHECK-NEXT:    %[[H:.*]] = tensor.collapse_shape %[[S1]] {{\[}}[0], [1, 2]] : tensor<4x8x1xf32> into tensor<4x8xf32>
// CHECK-NEXT:    tt.return %[[L]], %[[H]]
tt.func @join_split(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %0 = tt.join %a, %b : tensor<4x8xf32> -> tensor<4x8x2xf32>
  %1, %2 = tt.split %0 : tensor<4x8x2xf32> -> tensor<4x8xf32>
  tt.return %1, %2 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// rank 1: the halves of a split are rank 0
// CHECK-LABEL: tt.func @split_rank1(
// CHECK-NEXT:    %[[S0:.*]] = tensor.extract_slice %arg0[0] [1] [1] : tensor<2xi32> to tensor<1xi32>
// CHECK-NEXT:    tensor.collapse_shape %[[S0]] [] : tensor<1xi32> into tensor<i32>
// CHECK-NEXT:    %[[S1:.*]] = tensor.extract_slice %arg0[1] [1] [1] : tensor<2xi32> to tensor<1xi32>
// CHECK-NEXT:    tensor.collapse_shape %[[S1]] [] : tensor<1xi32> into tensor<i32>
tt.func @split_rank1(%t: tensor<2xi32>) -> (tensor<i32>, tensor<i32>) {
  %0, %1 = tt.split %t : tensor<2xi32> -> tensor<i32>
  tt.return %0, %1 : tensor<i32>, tensor<i32>
}

// -----

// tt.dot: rank 3 is a batch matmul; no casts at the op level.
// CHECK-LABEL: tt.func @dots(
// CHECK-NEXT:    %[[B:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x16x32xf16>, tensor<2x32x8xf16>) outs(%arg2 : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
// CHECK-NEXT:    %[[M:.*]] = linalg.matmul ins(%arg3, %arg3 : tensor<4x4xi8>, tensor<4x4xi8>) outs(%arg4 : tensor<4x4xi32>) -> tensor<4x4xi32>
// CHECK-NEXT:    tt.return %[[B]], %[[M]]
tt.func @dots(%a: tensor<2x16x32xf16>, %b: tensor<2x32x8xf16>, %c: tensor<2x16x8xf32>, %x: tensor<4x4xi8>, %y: tensor<4x4xi32>) -> (tensor<2x16x8xf32>, tensor<4x4xi32>) {
  %0 = tt.dot %a, %b, %c : tensor<2x16x32xf16> * tensor<2x32x8xf16> -> tensor<2x16x8xf32>
  %1 = tt.dot %x, %x, %y : tensor<4x4xi8> * tensor<4x4xi8> -> tensor<4x4xi32>
  tt.return %0, %1 : tensor<2x16x8xf32>, tensor<4x4xi32>
}

// -----

// The example of §2.3: an init filled with the combiner's neutral value and
// the combiner as the body.
// CHECK-LABEL: tt.func @reduce_sum(
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<64xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]] : tensor<64xf32>) -> tensor<64xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.reduce ins(%arg0 : tensor<64x64xf32>) outs(%[[F]] : tensor<64xf32>) dimensions = [1]
// CHECK-NEXT:      (%[[X:.*]]: f32, %[[Y:.*]]: f32) {
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:        linalg.yield %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    tt.return %[[R]]
tt.func @reduce_sum(%t: tensor<64x64xf32>) -> tensor<64xf32> {
  %0 = "tt.reduce"(%t) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x64xf32>) -> tensor<64xf32>
  tt.return %0 : tensor<64xf32>
}

// -----

// argmax: two operands, maxnumf starts from NaN (its identity) and the integer select -1;
// the block arguments [lhs..., rhs...] become [ins..., inits...].
// CHECK-LABEL: tt.func @argmax(
// CHECK-NEXT:    %[[NI:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT:    %[[F0:.*]] = linalg.fill ins(%[[NI]] : f32) outs(%[[E0]] : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %[[M1:.*]] = arith.constant -1 : i32
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty() : tensor<8xi32>
// CHECK-NEXT:    %[[F1:.*]] = linalg.fill ins(%[[M1]] : i32) outs(%[[E1]] : tensor<8xi32>) -> tensor<8xi32>
// CHECK-NEXT:    %[[R:.*]]:2 = linalg.reduce ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xi32>) outs(%[[F0]], %[[F1]] : tensor<8xf32>, tensor<8xi32>) dimensions = [0]
// CHECK-NEXT:      (%[[A:.*]]: f32, %[[AI:.*]]: i32, %[[B:.*]]: f32, %[[BI:.*]]: i32) {
// CHECK-NEXT:        %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[M:.*]] = arith.maxnumf %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[X:.*]] = arith.select %[[GT]], %[[AI]], %[[BI]] : i32
// CHECK-NEXT:        linalg.yield %[[M]], %[[X]] : f32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:    tt.return %[[R]]#0, %[[R]]#1
tt.func @argmax(%t: tensor<4x8xf32>, %i: tensor<4x8xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0:2 = "tt.reduce"(%t, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    %gt = arith.cmpf ogt, %a, %b : f32
    %m = arith.maxnumf %a, %b : f32
    %x = arith.select %gt, %ai, %bi : i32
    tt.reduce.return %m, %x : f32, i32
  }) : (tensor<4x8xf32>, tensor<4x8xi32>) -> (tensor<8xf32>, tensor<8xi32>)
  tt.return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

// A min or max written as a select of its own comparison starts from the
// greatest or least value of the comparison's order: slt (a signed min)
// the largest i32, ugt (an unsigned max) 0, a swapped sgt (select(b > a, a,
// b), a signed min) the largest i32 too.
// CHECK-LABEL: tt.func @select_min_max(
// CHECK: %[[SMAX:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[SMAX]] : i32)
// CHECK: arith.cmpi slt
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: linalg.fill ins(%[[Z]] : i32)
// CHECK: arith.cmpi ugt
// CHECK: %[[SMAX2:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[SMAX2]] : i32)
// CHECK: arith.cmpi sgt
tt.func @select_min_max(%t: tensor<8xi32>) -> (i32, i32, i32) {
  %0 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    %x = arith.select %lt, %a, %b : i32
    tt.reduce.return %x : i32
  }) : (tensor<8xi32>) -> i32
  %1 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %gt = arith.cmpi ugt, %a, %b : i32
    %x = arith.select %gt, %a, %b : i32
    tt.reduce.return %x : i32
  }) : (tensor<8xi32>) -> i32
  %2 = "tt.reduce"(%t) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %gt = arith.cmpi sgt, %b, %a : i32
    %x = arith.select %gt, %a, %b : i32
    tt.reduce.return %x : i32
  }) : (tensor<8xi32>) -> i32
  tt.return %0, %1, %2 : i32, i32, i32
}

// -----

// A rank-0 result is read back as a scalar; `ninf` makes maximumf start
// from the largest finite value, minnumf from NaN; integer neutral values.
// CHECK-LABEL: tt.func @neutral_values(
// CHECK:         arith.constant -6.550400e+04 : f16
// CHECK:         %[[R:.*]] = linalg.reduce ins(%arg0 : tensor<8xf16>) outs(%{{.*}} : tensor<f16>) dimensions = [0]
// CHECK:         %[[X:.*]] = tensor.extract %[[R]][] : tensor<f16>
// CHECK:         arith.constant 0x7FC00000 : f32
// CHECK:         arith.constant -2147483648 : i32
// CHECK:         arith.constant 2147483647 : i32
// CHECK:         arith.constant -1 : i32
// CHECK:         arith.constant 1 : i32
// CHECK:         arith.constant 1.000000e+00 : f32
// CHECK:         arith.constant -1 : i8
// CHECK:         tt.return %[[X]],
tt.func @neutral_values(%h: tensor<8xf16>, %f: tensor<8xf32>, %i: tensor<8xi32>, %b: tensor<8xi8>) -> (f16, f32, i32, i32, i32, i32, f32, i8) {
  %0 = "tt.reduce"(%h) <{axis = 0 : i32}> ({
  ^bb0(%x: f16, %y: f16):
    %s = arith.maximumf %x, %y fastmath<ninf> : f16
    tt.reduce.return %s : f16
  }) : (tensor<8xf16>) -> f16
  %1 = "tt.reduce"(%f) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.minnumf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<8xf32>) -> f32
  %2 = "tt.reduce"(%i) <{axis = 0 : i32}> ({
  ^bb0(%x: i32, %y: i32):
    %s = arith.maxsi %x, %y : i32
    tt.reduce.return %s : i32
  }) : (tensor<8xi32>) -> i32
  %3 = "tt.reduce"(%i) <{axis = 0 : i32}> ({
  ^bb0(%x: i32, %y: i32):
    %s = arith.minsi %x, %y : i32
    tt.reduce.return %s : i32
  }) : (tensor<8xi32>) -> i32
  %4 = "tt.reduce"(%i) <{axis = 0 : i32}> ({
  ^bb0(%x: i32, %y: i32):
    %s = arith.minui %x, %y : i32
    tt.reduce.return %s : i32
  }) : (tensor<8xi32>) -> i32
  %5 = "tt.reduce"(%i) <{axis = 0 : i32}> ({
  ^bb0(%x: i32, %y: i32):
    %s = arith.muli %x, %y : i32
    tt.reduce.return %s : i32
  }) : (tensor<8xi32>) -> i32
  %6 = "tt.reduce"(%f) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<8xf32>) -> f32
  %7 = "tt.reduce"(%b) <{axis = 0 : i32}> ({
  ^bb0(%x: i8, %y: i8):
    %s = arith.andi %x, %y : i8
    tt.reduce.return %s : i8
  }) : (tensor<8xi8>) -> i8
  tt.return %0, %1, %2, %3, %4, %5, %6, %7 : f16, f32, i32, i32, i32, i32, f32, i8
}

// -----

// Everything trivially dead afterwards goes, including what the lowering
// made for an unused result and ops that were dead before; ops with
// effects and other ops stay.
// CHECK-LABEL: tt.func @dead(
// CHECK-NEXT:    %[[V:.*]] = tt.descriptor_load
// CHECK-NEXT:    tt.descriptor_store
// CHECK-NEXT:    %[[R:.*]] = tt.make_range
// CHECK-NEXT:    tt.return %[[R]]
tt.func @dead(%s: f32, %d: !tt.tensordesc<tensor<8xf32>>, %i: i32) -> tensor<8xi32> {
  %c = arith.constant 3 : i32
  %0 = tt.splat %s : f32 -> tensor<8xf32>
  %1 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<8xf32>> -> tensor<8xf32>
  tt.descriptor_store %d[%i], %1 : !tt.tensordesc<tensor<8xf32>>, tensor<8xf32>
  %2 = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<8xf32>> -> tensor<8xf32>
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  tt.return %r : tensor<8xi32>
}
