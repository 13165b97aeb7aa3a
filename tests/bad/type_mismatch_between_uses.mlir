// EXPECT: 3:11: use of value '%x' expects different type than prior uses: 'i32' vs 'f32'
func.func @f(%x: f32) {
  "foo.a"(%x) : (i32) -> ()
  return
}
