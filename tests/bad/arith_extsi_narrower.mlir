// EXPECT: 3:8: 'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible
func.func @f(%x: i32) -> i16 {
  %0 = arith.extsi %x : i32 to i16
  return %0 : i16
}
