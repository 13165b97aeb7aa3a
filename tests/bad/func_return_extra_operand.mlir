// EXPECT: 3:3: 'func.return' op has 2 operands, but enclosing function (@f) returns 1
func.func @f(%x: i32) -> i32 {
  return %x, %x : i32, i32
}
