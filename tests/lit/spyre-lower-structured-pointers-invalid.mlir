// lower-structured-pointers errors: what KTIR cannot express is an error at
// the op, naming the construct.
// RUN: ttxform %s --split-input-file --lower-structured-pointers --verify-diagnostics
// A gather whose offsets are computed from the loaded values: the indirect
// tile reads its indices from memory as they are.
tt.func @gather_computed(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) -> tensor<16xf32> {
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %idx = tt.load %qa : tensor<16x!tt.ptr<i32>>
  %h = arith.divsi %idx, %c2 : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %h : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a gather whose offsets are not the result of a tt.load (computed from loaded values, say) is not lowered to KTIR: an indirect tile reads its indices from a memory view}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A scatter whose offsets are a function argument, not loaded.
tt.func @scatter_argument(%p: !tt.ptr<f32>, %idx: tensor<16xi32>, %v: tensor<16xf32>) {
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.store': a scatter whose offsets are not the result of a tt.load (computed from loaded values, say) is not lowered to KTIR: an indirect tile reads its indices from a memory view}}
  tt.store %a, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A mask that is not a prefix (every other element): ptr-analysis makes it
// the gather_scatter_mask of the dimension.
tt.func @mask_not_prefix(%p: !tt.ptr<f32>) -> tensor<16xf32> {
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %c0 = arith.constant dense<0> : tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %h = arith.remsi %r, %c2 : tensor<16xi32>
  %m = arith.cmpi eq, %h, %c0 : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a load through a tensor of pointers whose mask is not a prefix (an arbitrary i1 tensor along one dimension) is not lowered to KTIR: a KTIR tile bounds its coordinates by prefixes only}}
  %v = tt.load %a, %m : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A gather whose indices come from a masked load with `other`, while the
// gather itself is not masked: the lanes past the index load's bound would
// read `other`'s row, which the indirect tile cannot.
tt.func @gather_other_unmasked(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %n: i32) -> tensor<16xf32> {
  %zero = arith.constant dense<0> : tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<16xi32>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %qa = tt.addptr %qs, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %idx = tt.load %qa, %m, %zero : tensor<16x!tt.ptr<i32>>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %idx : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a gather whose offsets come from a masked tt.load with `other`, along a dimension the load does not mask, is not lowered to KTIR: the indirect tile would not read the `other` lanes}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// Two irregular dimensions: ptr-analysis cannot describe the access.
tt.func @two_irregular(%p: !tt.ptr<f32>, %i: tensor<4x1xi32>, %j: tensor<1x4xi32>) -> tensor<4x4xf32> {
  %ib = tt.broadcast %i : tensor<4x1xi32> -> tensor<4x4xi32>
  %jb = tt.broadcast %j : tensor<1x4xi32> -> tensor<4x4xi32>
  %o = arith.addi %ib, %jb : tensor<4x4xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<4x4x!tt.ptr<f32>>
  %a = tt.addptr %s, %o : tensor<4x4x!tt.ptr<f32>>, tensor<4x4xi32>
  // expected-error @+1 {{'tt.load': a load through a tensor of pointers that ptr-analysis cannot describe as a base, offsets and strides (two irregular dimensions, a mask that is not a prefix along two dimensions, an `other` that is not a splat, pointers made by tt.int_to_ptr or tt.bitcast) is not lowered to KTIR}}
  %v = tt.load %a : tensor<4x4x!tt.ptr<f32>>
  tt.return %v : tensor<4x4xf32>
}

// -----

// A wrapped dimension that is also masked.
tt.func @wrap_masked(%p: !tt.ptr<f32>, %n: i32, %m: i32) -> tensor<16xf32> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %w = arith.remsi %r, %ns : tensor<16xi32>
  %ms = tt.splat %m : i32 -> tensor<16xi32>
  %k = arith.cmpi slt, %r, %ms : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %w : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a wrap-around dimension (offsets taken % N) that is also masked is not lowered to KTIR: the tile's bound would not be a prefix of the wrapped coordinates}}
  %v = tt.load %a, %k : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// The base pointer is loaded from memory.
tt.func @loaded_base(%pp: !tt.ptr<!tt.ptr<f32>>) -> tensor<16xf32> {
  %p = tt.load %pp : !tt.ptr<!tt.ptr<f32>>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': the base pointer is not a function argument plus tt.addptr offsets (a pointer loaded from memory, carried by a loop or made by tt.int_to_ptr), which a KTIR memory view cannot address}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A masked scalar store.
tt.func @masked_scalar_store(%p: !tt.ptr<f32>, %x: f32, %c: i1) {
  // expected-error @+1 {{'tt.store': a masked scalar store is not lowered to KTIR}}
  tt.store %p, %x, %c : !tt.ptr<f32>
  tt.return
}

// -----

// A block pointer checked along one of its two dimensions.
tt.func @block_partial_check(%p: !tt.ptr<f32>, %n: i64) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %b = tt.make_tensor_ptr %p, [%n, %n], [%n, %c1], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  // expected-error @+1 {{'tt.load': a block pointer access that does not check every dimension (boundaryCheck) is not lowered to KTIR}}
  %v = tt.load %b {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<16x16xf32>>
  tt.return %v : tensor<16x16xf32>
}

// -----

// A pointer tensor passed to another function.
tt.func private @use(%a: tensor<16x!tt.ptr<f32>>)
tt.func @escapes(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.call': a use of a pointer tensor other than a load or a store (a call, a comparison, a conversion to integers) is not lowered to KTIR}}
  tt.call @use(%a) : (tensor<16x!tt.ptr<f32>>) -> ()
  tt.return
}

// -----

// A static modulus far shorter than the block (`% 2` over 64 elements):
// the block would span 33 copies of the 2 elements.
tt.func @wrap_too_short(%x: !tt.ptr<f32>, %start: i32) -> tensor<64xf32> {
  %c2 = arith.constant dense<2> : tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = tt.splat %start : i32 -> tensor<64xi32>
  %o = arith.addi %s, %r : tensor<64xi32>
  %w = arith.remsi %o, %c2 : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %w : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // expected-error @+1 {{'tt.load': a wrap-around dimension whose block spans more than 16 partitions (the block much longer than its modulus) is not lowered to KTIR}}
  %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
  tt.return %v : tensor<64xf32>
}

// -----

// A tensor of pointers passed as an argument: there is no base pointer.
tt.func @pointer_tensor_argument(%c: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>) {
  // expected-error @+1 {{'tt.store': a store through a tensor of pointers that is a function argument (not built from a base pointer) is not lowered to KTIR: a memory view needs the base pointer and the strides}}
  tt.store %c, %v : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A wrap-around dimension of stride 2 taken % n: the wrapped rows are whole
// rows of a view of stride 2 only when 2 divides n, which is not known (n
// odd would read (2i) % n at (i % (n / 2)) * 2, another element).
tt.func @wrap_modulus_not_multiple(%p: !tt.ptr<f32>, %n: i32) -> tensor<16xf32> {
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r2 = arith.muli %r, %c2 : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %w = arith.remsi %r2, %ns : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %w : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a wrap-around dimension (offsets taken % N) whose modulus is not known to be a multiple of its stride is not lowered to KTIR: the wrapped rows would not be whole rows of the view}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// The same with a static modulus 5 that 2 does not divide.
tt.func @wrap_modulus_odd(%p: !tt.ptr<f32>) -> tensor<16xf32> {
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %c5 = arith.constant dense<5> : tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r2 = arith.muli %r, %c2 : tensor<16xi32>
  %w = arith.remsi %r2, %c5 : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a = tt.addptr %s, %w : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{'tt.load': a wrap-around dimension (offsets taken % N) whose modulus is not known to be a multiple of its stride is not lowered to KTIR}}
  %v = tt.load %a : tensor<16x!tt.ptr<f32>>
  tt.return %v : tensor<16xf32>
}

// -----

// A block pointer of row stride 0: the row coordinate cannot be recovered
// from the offset (0 * i), so the bounds check would be wrong.
tt.func @block_pointer_stride_0(%x: !tt.ptr<f32>, %m: i64, %n: i64, %i: i32) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : i32
  %c0_i64 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %b = tt.make_tensor_ptr %x, [%m, %n], [%c0_i64, %c1], [%i, %c0] {order = array<i32: 1, 0>} : <tensor<8x8xf32>>
  // expected-error @+1 {{'tt.load': a block pointer whose offset along a dimension is not known to be a multiple of its stride (a stride of 0, say) is not lowered to KTIR}}
  %v = tt.load %b {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<8x8xf32>>
  tt.return %v : tensor<8x8xf32>
}
