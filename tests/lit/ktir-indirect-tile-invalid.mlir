// ktdp.construct_indirect_access_tile: each verifier check of the op, in
// the order the verifier applies them.  The defects are written in the
// generic form, which can spell what the custom form cannot.
//
// RUN: ttxform %s --split-input-file --verify-diagnostics

// The order map reads three variables, the set has two.
func.func @set_vs_order(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{'ktdp.construct_indirect_access_tile' op variables_space_set dimensions (2) must match variables_space_order inputs (3)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1, d2) -> (d0, d1, d2)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// The order map drops a variable.
func.func @order_not_square(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{variables_space_order must have equal number of inputs (2) and outputs (1)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// One block argument for a two-dimensional set.
func.func @too_few_variables(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{number of intermediate variables (1) must match variables_space_set dimensions (2)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2) -> (d0 + d2)>, affine_map<(d0, d1, d2) -> (d1 + d2)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// The set uses a symbol that no operand provides.
func.func @symbols(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{variables_space_set has 1 symbols but got 0 symbol operands}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1)[s0] : (d0 >= 0, -d0 + s0 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// Two kinds, one map.
func.func @kinds_vs_maps(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{per_dim_subscript_kinds size (2) must match per_dim_subscript_maps size (1)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// The base is an unranked memref.
func.func @unranked_base(%x: memref<*xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{base must be a ranked memref or tensor type}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<*xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// Three subscripts into a rank-2 base.
func.func @subscripts_vs_rank(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{number of subscripts (3) must match base rank (2)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// A subscript kind given as an integer.
func.func @kind_not_bool(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{per_dim_subscript_kinds must contain BoolAttr elements}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, 0 : i64], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// Both dims indirect, but only one index view.
func.func @indirect_count(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{number of indirect dimensions (2) must match number of indirect memrefs (1)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, true], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// The second subscript map is an integer.
func.func @map_not_map(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{per_dim_subscript_maps[1] must be an AffineMapAttr}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, 1 : i64], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// The second map forgets the captured values.
func.func @map_dims(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{subscript map for dimension 1 has 2 dimensions, but expected 4 (captured_variables + intermediate_variables)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1) -> (d1)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// A rank-1 index view indexed with two subscripts.
func.func @indirect_results(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{indirect subscript map for dimension 0 produces 2 results, but indirect memref has rank 1}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// A direct subscript with two coordinates.
func.func @direct_results(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{direct subscript map for dimension 1 must produce exactly 1 result, but produces 2}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3, d2)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128xindex>
  return
}

// -----

// A rank-3 tile from a two-dimensional iteration space.
func.func @result_rank(%x: memref<512x128xf32>, %idx: memref<32xi32>, %cx: index, %cy: index) {
  // expected-error @+1 {{result type rank (3) must match variables_space_set dimensions (2)}}
  %0 = "ktdp.construct_indirect_access_tile"(%x, %idx, %cx, %cy) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, per_dim_subscript_kinds = [true, false], per_dim_subscript_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2)>, affine_map<(d0, d1, d2, d3) -> (d1 + d3)>], variables_space_order = affine_map<(d0, d1) -> (d0, d1)>, variables_space_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 31 >= 0, d1 >= 0, -d1 + 127 >= 0)>}> ({
  ^bb0(%a: index, %b: index):
    "ktdp.region_terminator"() : () -> ()
  }) : (memref<512x128xf32>, memref<32xi32>, index, index) -> !ktdp.access_tile<32x128x1xindex>
  return
}
