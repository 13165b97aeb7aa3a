// EXPECT: 3:8: 'arith.addi' op expected 2 operands, but found 1
func.func @f(%x: i32) -> i32 {
  %0 = "arith.addi"(%x) : (i32) -> i32
  return %0 : i32
}
