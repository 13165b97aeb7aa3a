// EXPECT: 3:8: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect
func.func @f(%x: i32) -> i32 {
  %0 = "foo.bar"(%x) : (i32) -> i32
  return %0 : i32
}
