// EXPECT: 4:8: unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations
// ARGS: --allow-unregistered-dialect
func.func @f(%x: i32) -> i32 {
  %0 = "arith.frobnicate"(%x) : (i32) -> i32
  return %0 : i32
}
