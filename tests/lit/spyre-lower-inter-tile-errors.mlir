// lower-inter-tile errors: each rejection of spyre-lowering spec 2.5 and 6.3,
// reported at the tt.inter_tile_reduce.
// RUN: ttxform %s --split-input-file --lower-inter-tile --verify-diagnostics

// The op must be in a tt.func (the pass runs before convert-ttir-functions).
func.func @in_func_func(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{inter_tile_reduce must be inside a tt.func}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  return %0 : tensor<8xf32>
}

// -----

// The reduction axis must be a dim of numWkSlicesPerDim.
tt.func @unknown_axis(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{axis 'x' not in numWkSlicesPerDim}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {y = 2 : i64}, coreIdToWkSlice = [{y = 0 : i64}, {y = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Only the four modes of the op exist.
tt.func @unknown_mode(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unknown mode 'all_gather'}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_gather" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// broadcast is not lowered (the reference has no delivery op for it).
tt.func @broadcast(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{mode 'broadcast' is not yet supported}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "broadcast" combiner = "" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// reduce_scatter is not lowered.
tt.func @reduce_scatter(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{mode 'reduce_scatter' is not yet supported}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "reduce_scatter" combiner = "add" scatter_dimension = 0 {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// scatter_dimension belongs to reduce_scatter only.
tt.func @scatter_dimension(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{scatter_dimension only valid for reduce_scatter}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" scatter_dimension = 0 {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// A combiner region (combiner = "") is not lowered.
tt.func @custom_combiner(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{custom combiner regions are not yet supported}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Only add, max and mul have a shorthand.
tt.func @unknown_combiner(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unknown shorthand combiner 'min'}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "min" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// The identities seed tiles that did not produce: one per partial.
tt.func @no_identities(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{identities operand group must not be empty}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities() axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Two identities for one partial.
tt.func @identity_count(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expects one identity per partial (1), found 2}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id, %id : tensor<8xf32>, tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// The tile list must not be empty.
tt.func @no_tiles(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{coreIdToWkSlice is empty}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = []} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// A group of zero tiles does not exist.
tt.func @zero_gsize(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{numWkSlicesPerDim entry 'x' must be positive, got 0}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 0 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// The tiles must split into groups of W[axis].
tt.func @uneven(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{tile count 3 does not divide evenly by gsize=2 for axis 'x'}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 0 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Each tile entry is a dictionary.
tt.func @not_dict(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{coreIdToWkSlice entry 1 is not a DictionaryAttr}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, 1 : i64]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Each tile entry names its coordinate on the axis.
tt.func @no_axis_key(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{coreIdToWkSlice entry 1 has no key 'x'}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {y = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Coordinates are integers.
tt.func @not_int(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{coreIdToWkSlice entry 0: value for key 'y' is not i64}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 1 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = "a"}, {x = 1 : i64, y = 0 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Four tiles in groups of two need two distinct non-axis keys, not three.
tt.func @group_count(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected 2 groups (numTiles/W[axis]=4/2) but found 3 distinct non-axis tuples}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 3 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 1 : i64, y = 2 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Every group has W[axis] tiles.
tt.func @group_size(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{group 0 has 3 tiles, expected gsize=2}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 2 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Groups must be contiguous tile ranges: here group 0 is tiles 0 and 2.
tt.func @not_contiguous(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{group 0 is not contiguous: expected tile 1 at position 1, got 2 (non-contiguous groups not yet supported)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 1 : i64, y = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Exactly one tile of each group has coordinate 0 on the axis.
tt.func @two_zeros(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{group 0 has more than one tile with x=0}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 0 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// A group without coordinate 0 has no reduce_to_one consumer.
tt.func @no_zero(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{group 0 has no tile with x=0}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 1 : i64}, {x = 2 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// reduce_to_one: the consumers (tiles 0 and 3) must step evenly across the
// groups of four; here 0, 3, 4 do not.
tt.func @pick0_uneven(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{reduce_to_one: pick0 tile-ids are not an arithmetic sequence (non-uniform pick0 layouts are not yet supported)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64, y = 3 : i64}, coreIdToWkSlice = [{x = 0 : i64, y = 0 : i64}, {x = 1 : i64, y = 0 : i64}, {x = 1 : i64, y = 1 : i64}, {x = 0 : i64, y = 1 : i64}, {x = 0 : i64, y = 2 : i64}, {x = 1 : i64, y = 2 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// depWkSlices keys are local indices written as integers.
tt.func @dep_key_text(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices key 'a' is not a valid integer local index}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {a = [0 : i64, 1 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// ... below W[axis].
tt.func @dep_key_range(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices key 2 out of range [0, 2)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"0" = [0 : i64], "2" = [1 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// reduce_to_one has one consumer, local index 0.
tt.func @dep_key_consumer(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices key 1 is not a valid consumer for mode 'reduce_to_one' (only indices [0, 1) are consumers)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "reduce_to_one" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"1" = [0 : i64, 1 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// A consumer waits for at least one producer.
tt.func @dep_empty(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices[1] is empty or not an array}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"0" = [0 : i64], "1" = []}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Producers are local indices below W[axis].
tt.func @dep_producer_range(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices producer index 5 out of range [0, 2)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"0" = [0 : i64], "1" = [5 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Every consumer of all_reduce is listed.
tt.func @dep_missing_consumer(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices missing consumer local index 1}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"0" = [0 : i64, 1 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Every producer is waited for by some consumer.
tt.func @dep_unused_producer(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices producer local index 1 not depended upon by any consumer}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = {"0" = [0 : i64], "1" = [0 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Local indices name tiles by their axis coordinate, so a group needs each of
// 0..W[axis]-1 once (here the coordinates are 0 and 2).
tt.func @dep_coordinates(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices needs the 'x' coordinates of group 0 to be 0..1, one per tile}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 2 : i64}], depWkSlices = {"0" = [0 : i64], "1" = [1 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Every op is checked and reported; nothing is rewritten when one fails.
tt.func @two_bad(%p: tensor<8xf32>, %id: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  // expected-error @+1 {{mode 'broadcast' is not yet supported}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "broadcast" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  %1 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  // expected-error @+1 {{custom combiner regions are not yet supported}}
  %2 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0, %1, %2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}

// -----

// An identity has the type of its partial.
tt.func @identity_type(%p: tensor<8xf32>, %id: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{identity #0 must have the type of its partial}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<4xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// Partials are ranked tensors.
tt.func @unranked(%p: tensor<*xf32>, %id: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{partial #0 must be a ranked tensor}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<*xf32>) identities(%id : tensor<*xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}]} -> (tensor<*xf32>)
  tt.return %0 : tensor<*xf32>
}

// -----

// depWkSlices is a dictionary.
tt.func @dep_not_dict(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'depWkSlices' must be a dictionary}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 2 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}], depWkSlices = [0 : i64]} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}

// -----

// No band, block, stride or table of at most 256 runs fits this relation.
tt.func @irregular(%p: tensor<8xf32>, %id: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{depWkSlices is too irregular to write as an integer set (more than 256 runs of dependent pairs)}}
  %0 = tt.inter_tile_reduce partials(%p : tensor<8xf32>) identities(%id : tensor<8xf32>) axis = "x" mode = "all_reduce" combiner = "add" {numWkSlicesPerDim = {x = 32 : i64}, coreIdToWkSlice = [{x = 0 : i64}, {x = 1 : i64}, {x = 2 : i64}, {x = 3 : i64}, {x = 4 : i64}, {x = 5 : i64}, {x = 6 : i64}, {x = 7 : i64}, {x = 8 : i64}, {x = 9 : i64}, {x = 10 : i64}, {x = 11 : i64}, {x = 12 : i64}, {x = 13 : i64}, {x = 14 : i64}, {x = 15 : i64}, {x = 16 : i64}, {x = 17 : i64}, {x = 18 : i64}, {x = 19 : i64}, {x = 20 : i64}, {x = 21 : i64}, {x = 22 : i64}, {x = 23 : i64}, {x = 24 : i64}, {x = 25 : i64}, {x = 26 : i64}, {x = 27 : i64}, {x = 28 : i64}, {x = 29 : i64}, {x = 30 : i64}, {x = 31 : i64}], depWkSlices = {"0" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "1" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "2" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "3" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "4" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "5" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "6" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "7" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "8" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "9" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "10" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "11" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "12" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "13" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "14" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "15" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "16" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "17" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "18" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "19" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "20" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "21" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "22" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "23" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "24" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "25" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "26" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "27" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "28" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64], "29" = [1 : i64, 4 : i64, 7 : i64, 10 : i64, 13 : i64, 16 : i64, 19 : i64, 22 : i64, 25 : i64, 28 : i64, 31 : i64], "30" = [0 : i64, 3 : i64, 6 : i64, 9 : i64, 12 : i64, 15 : i64, 18 : i64, 21 : i64, 24 : i64, 27 : i64, 30 : i64], "31" = [2 : i64, 5 : i64, 8 : i64, 11 : i64, 14 : i64, 17 : i64, 20 : i64, 23 : i64, 26 : i64, 29 : i64]}} -> (tensor<8xf32>)
  tt.return %0 : tensor<8xf32>
}
