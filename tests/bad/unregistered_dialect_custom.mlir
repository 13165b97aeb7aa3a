// EXPECT: 3:8: Dialect `foo' not found for custom op 'foo.bar'
func.func @f(%x: i32) -> i32 {
  %0 = foo.bar %x : i32
  return %0 : i32
}
