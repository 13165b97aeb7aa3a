// EXPECT: 3:8: 'ktdp.get_compute_tile_id' op all results must be IndexType
func.func @f() {
  %0 = "ktdp.get_compute_tile_id"() : () -> i32
  return
}
