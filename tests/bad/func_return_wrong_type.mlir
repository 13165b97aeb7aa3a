// EXPECT: 3:3: 'func.return' op type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
func.func @f(%x: i64) -> i32 {
  return %x : i64
}
