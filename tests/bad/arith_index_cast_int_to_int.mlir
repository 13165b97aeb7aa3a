// EXPECT: 3:8: 'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible
func.func @f(%x: i32) -> i64 {
  %0 = arith.index_cast %x : i32 to i64
  return %0 : i64
}
