// EXPECT: 4:8: custom op 'arith.frobnicate' is unknown
// An op the arith dialect does not define, in custom form.
func.func @f(%x: i32) -> i32 {
  %0 = arith.frobnicate %x : i32
  return %0 : i32
}
